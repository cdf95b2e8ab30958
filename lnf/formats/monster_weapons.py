"""A stat block's weapon attacks matched to the SRD equipment (lnf/armory.json): an attack named
like an SRD weapon (Shortbow, Light Crossbow, Javelin) takes that weapon's properties, which the
5e-database monster entry does not hold. V3 and C4 read `two_handed` (an SRD goblin's shortbow
reaches in volley rounds 3–10), Sneak Attack `finesse`, V-HYR3 `light`.

An attack keeps `weapon` (the SRD index) and `properties` (every property, as words) for what
`lnf monsters show --json` shows; the fight file takes the properties it plays as its own fields.
"""

from __future__ import annotations

import re
from typing import Any

from lnf.errors import Refused
from lnf.formats.multiattack import NUMBERS

# The properties the fight file's attack has a field for, by the SRD's word.
PLAYED = {"two-handed": "two_handed", "finesse": "finesse", "light": "light"}
SHOWN_ONLY = ("weapon", "properties", "ammunition")  # the stat block's, not the fight file's
_CARRIES = re.compile(
    r"\bcarr(?:ies|ying) (\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty) "
    r"(javelins|arrows|bolts|darts|daggers|spears|handaxes|rocks|boulders|needles)",
    re.I,
)
_WORDS = {**NUMBERS, "twelve": 12, "twenty": 20}  # "carries twelve javelins"


def srd_weapon(name: str) -> tuple[str, dict[str, Any]] | None:
    """The SRD weapon an attack is named for ("Light Crossbow", "Javelin"), or None; a form in
    parentheses is not part of the name."""
    from lnf.formats.armory import weapon

    bare = re.sub(r"\s*\([^)]*\)", "", name).strip()
    try:
        return weapon(bare)
    except Refused:
        return None


def armed(attack: dict[str, Any], texts: list[str]) -> None:
    """The SRD weapon's properties on `attack` (in place); `texts` are the stat block's
    descriptions, searched for ammunition it counts ("carries six javelins")."""
    found = srd_weapon(attack["name"])
    if found is None:
        return
    key, entry = found
    properties = [p for p in entry.get("properties", []) if p != "monk"]  # the monk's: a class's
    attack["weapon"] = key
    attack["properties"] = [p.replace("-", "_") for p in properties]
    for word, field in PLAYED.items():
        if word in properties:
            attack[field] = True
    count = carried(texts, entry)
    if count is not None:
        attack["ammunition"] = count


def carried(texts: list[str], entry: dict[str, Any]) -> int | None:
    """B2: the pieces of a weapon (or its ammunition) a stat block says it carries, or None when
    it does not count them (then they do not run out)."""
    name = str(entry.get("name", "")).lower()
    wanted = {
        "javelin": "javelins",
        "dart": "darts",
        "dagger": "daggers",
        "spear": "spears",
        "handaxe": "handaxes",
    }.get(name, "bolts" if "crossbow" in name else "arrows" if "bow" in name else "needles")
    for text in texts:
        for m in _CARRIES.finditer(text[:10_000]):
            if m[2].lower() == wanted:
                return int(m[1]) if m[1].isdigit() else _WORDS[m[1].lower()]
    return None


def for_fight(attack: dict[str, Any]) -> dict[str, Any]:
    """An attack as a fight file's monster entry takes it: without what only the stat block
    shows."""
    return {k: v for k, v in attack.items() if k not in SHOWN_ONLY}
