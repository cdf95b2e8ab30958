"""B1, B2, B6: the priest's Divine Eminence, read as the mêlée weapon attacks it makes
stronger.

**Decision (B6):** SRD: "As a bonus action, the priest can expend a spell slot to cause its
melee weapon attacks to magically deal an extra 10 (3d6) radiant damage to a target on a hit.
This benefit lasts until the end of the turn." The priest attacks once a turn, so its bonus
action and its mace's one attack are one option of the plan: "Mace with Divine Eminence", the
mace's figures and the extra dice, magical (D6), spending a 1st-level slot (`spends: slot
1`). A monster casts nothing above its level's slot (B6, no upcasting), so the dice that a
higher slot adds are not played; the plan weighs it against the priest's spells by its
expected damage (B6), as any special action."""

from __future__ import annotations

import re
from typing import Any

TRAIT = "Divine Eminence"
_SAYS = re.compile(
    r"^As a bonus action, the [\w ]+ can expend a spell slot to cause its melee weapon attacks "
    r"to magically deal an extra \d+ \((\d+d\d+)\) (\w+) damage to a target on a hit\. This "
    r"benefit lasts until the end of the turn\."
)


def eminent_attacks(
    m: dict[str, Any], attacks: list[dict[str, Any]], slots: dict[str, int], notes: list[str]
) -> list[dict[str, Any]]:
    """B1: one action for each mêlée weapon attack of `m` with the trait's extra dice, a
    1st-level slot spent (none without a 1st-level slot, or when the text says otherwise);
    the trait's `not_modelled` line leaves `notes` when read."""
    for x in m.get("special_abilities") or []:
        if not isinstance(x, dict) or x.get("name") != TRAIT:
            continue
        said = _SAYS.search(str(x.get("desc", ""))[:2000])
        if said is None or not slots.get("1"):
            return []
        out = [
            {
                "name": f"{a['name']} with {TRAIT}",
                "kind": "melee",
                "to_hit": a["to_hit"],
                "damage": f"{a['damage']} + {said[1]} {said[2]}",
                "reach": a.get("reach", 5),
                "magic": True,
                "cost": "action",
                "spends": "slot 1",
            }
            for a in attacks
            if a["kind"] == "melee" and a.get("weapon")
        ]
        if out:
            notes[:] = [n for n in notes if n != f"{TRAIT} (trait)"]
        return out
    return []
