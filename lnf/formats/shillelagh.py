"""B6, F7: Shillelagh, kept up for the whole fight by a stat block that prints its figures (the
druid's quarterstaff, "+4 to hit with shillelagh … 6 (1d8 + 2) bludgeoning damage with
shillelagh"; the dryad's club).

**Decision (B6):** SRD Shillelagh is a cantrip cast with a bonus action, lasting 1 minute; it
makes the club or quarterstaff's damage die a d8, its attack and damage use the caster's
spellcasting ability, and "the weapon also becomes magical". A stat block that prints the
weapon's figures with it assumes it, as "15 with mage armor" does: it is cast before the fight
(the druid's at will, nothing spent; the dryad's 1/day use spent), and the weapon's figures
are its shillelagh ones, magical (D6). Neither caster has another bonus action to spend, so a
DM keeps it up at no cost; the dryad's one use lasts its minute, taken as the whole fight.
"""

from __future__ import annotations

import re
from typing import Any

SPELL = "Shillelagh"
_TO_HIT = re.compile(r"\(\+(\d+) to hit with shillelagh\)", re.IGNORECASE)
_DAMAGE = re.compile(
    r"or \d+ \((\d+d8(?: [+-] \d+)?)\) (bludgeoning) damage with shillelagh", re.IGNORECASE
)
_WEAPONS = ("club", "quarterstaff")  # "The wood of a club or a quarterstaff you are holding"


def _knows(casting: list[dict[str, Any]]) -> str:
    """How the stat block casts Shillelagh: "at will", "1/day" or "" (not at all)."""
    for c in casting:
        if any(SPELL in ss for ss in c.get("spells", {}).values()) or SPELL in c.get("at_will", []):
            return "at will"
        for n, ss in c.get("per_day", {}).items():
            if SPELL in ss:
                return f"{n}/day"
    return ""


def keep_up(
    m: dict[str, Any],
    attacks: list[dict[str, Any]],
    casting: list[dict[str, Any]],
    notes: list[str],
) -> dict[str, Any]:
    """B6: the weapons of `m` (an SRD entry) whose text gives figures "with shillelagh" take
    them, magical, when the stat block knows the spell; the uses it spends (`used`, `uses`)
    and `before_combat`, or nothing. The notes it plays leave `notes`."""
    how = _knows(casting)
    if not how:
        return {}
    texts = {str(a.get("name")): str(a.get("desc", ""))[:2000] for a in m.get("actions") or []}
    armed = []
    for attack in attacks:
        desc = texts.get(attack["name"], "")
        to_hit, damage = _TO_HIT.search(desc), _DAMAGE.search(desc)
        if attack["name"].lower() not in _WEAPONS or not (to_hit and damage):
            continue
        attack["to_hit"] = int(to_hit[1])
        attack["damage"] = f"{damage[1].replace(' ', '')} {damage[2].lower()}"
        attack["magic"] = True  # "The weapon also becomes magical"
        attack.pop("alt_damage", None)  # its die is a d8 in one hand or two
        attack.pop("alt_when", None)
        armed.append(attack["name"])
        other = f"{attack['name']}: its other damage (with shillelagh)"
        notes[:] = [n for n in notes if n != other]
    if not armed:
        return {}
    notes[:] = [n for n in notes if not n.endswith(f"Spellcasting: {SPELL}")]
    spent = {} if how == "at will" else {"uses": {SPELL: int(how[0])}, "used": {SPELL: 1}}
    return {"before_combat": [SPELL], **spent}
