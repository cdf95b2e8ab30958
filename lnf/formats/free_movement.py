"""B8, F3: the kraken's trait Freedom of Movement, read as the condition immunities it comes to
in a fight without a map.

**Decision (B8):** SRD: "magical effects can't reduce its speed or cause it to be restrained.
It can spend 5 feet of movement to escape from nonmagical restraints or being grappled." With
no map, difficult terrain and speed do not exist, and the 5 feet of its move is spent at once:
a restraint or a grapple never holds it at its turn, so it is immune to both (F3)."""

from __future__ import annotations

import re
from typing import Any

TRAIT = "Freedom of Movement"
_SAYS = re.compile(
    r"magical effects can't reduce its speed or cause it to be restrained\. It can spend 5 "
    r"(?:feet|ft\.) of movement to escape from nonmagical restraints or being grappled\.$"
)
IMMUNE = ("restrained", "grappled")


def unfettered(m: dict[str, Any], notes: list[str]) -> list[str]:
    """B8: the conditions the trait makes `m` immune to (none without it, or when its text says
    something else); its `not_modelled` line leaves `notes` when read."""
    for x in m.get("special_abilities") or []:
        if not isinstance(x, dict) or x.get("name") != TRAIT:
            continue
        if _SAYS.search(str(x.get("desc", ""))[:2000]):
            notes[:] = [n for n in notes if n != f"{TRAIT} (trait)"]
            return list(IMMUNE)
    return []
