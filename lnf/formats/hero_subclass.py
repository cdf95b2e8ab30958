"""F2: a hero's `subclass:` on a sheet (`rules.subclasses`). Unsaid, the sheet plays its
class's SRD subclass from the level the class chooses one; said, the SRD's by any of its names
("champion", "Life Domain"), or another (the DM rules its features: a warning says so). What the
played features change is worked in where the sheet is worked out: Improved Critical into the
weapons' critical roll (`crit_on`), Draconic Resilience into AC and hit points; Disciple of Life
into the healing spells (`spellbook`)."""

from __future__ import annotations

from typing import Any

from lnf.formats.spec import Checker
from lnf.rules.subclasses import (
    DRACONIC,
    DRACONIC_AC,
    SRD_SUBCLASS,
    chooses_at,
    critical_roll,
    played_subclass,
    srd_subclass,
)

FieldPath = tuple[str | int, ...]
FIELD = "subclass"


def said_subclass(entry: dict[str, Any]) -> str | None:
    said = entry.get(FIELD)
    return said if isinstance(said, str) else None


def check_subclass(entry: dict[str, Any], path: FieldPath, ck: Checker) -> None:
    """F2: a subclass written for a level that has none yet (the spec says a wrong type)."""
    cls = str(entry.get("class", "")).strip().lower()
    level, said, at = entry.get("level", 1), said_subclass(entry), chooses_at(cls)
    if said is None or at is None or not isinstance(level, int) or level >= at:
        return
    srd = SRD_SUBCLASS[cls][1]
    said_level = f"a level-{level} {cls} has no subclass yet"
    ck.fail(
        (*path, FIELD), said_level, f"a {cls} chooses one at level {at} (the SRD's: {srd})", "F2"
    )


def natural_armor(entry: dict[str, Any], cls: str, level: int) -> int | None:
    """F2 Draconic Resilience: "When you aren't wearing armor, your AC equals 13 + your
    Dexterity modifier" (the sheet's `_ac` takes the better, a shield on top); else None."""
    return DRACONIC_AC if played_subclass(cls, level, said_subclass(entry)) == DRACONIC else None


def with_subclass(sheet: dict[str, Any], entry: dict[str, Any], cls: str, level: int) -> None:
    """The played subclass features worked into the sheet's attacks and hit points (in place):
    a Champion's weapons critical on 19 (18 from 15); a Draconic sorcerer's 1 more hit point a
    level."""
    played = played_subclass(cls, level, said_subclass(entry))
    roll = critical_roll(level, played)
    for attack in sheet.get("attacks", []) if roll < 20 else []:
        attack["crit_on"] = roll  # "your weapon attacks": each the sheet lists
    if played == DRACONIC and isinstance(sheet.get("hp"), int):
        sheet["hp"] += level  # "increases by 1 … whenever you gain a level in this class"


def subclass_warning(entry: dict[str, Any]) -> str:
    """What `lnf check` says of a subclass that is not the class's SRD one: the DM rules it."""
    cls, said = str(entry.get("class", "")).strip().lower(), said_subclass(entry)
    if said is None or cls not in SRD_SUBCLASS or srd_subclass(cls, said) is not None:
        return ""
    name = entry.get("name", "the hero")
    srd = SRD_SUBCLASS[cls][1]
    return (
        f"{name}'s subclass {said}: lnf plays none of its features (the SRD's {cls} is the "
        f"{srd}); the DM rules them (F2)"
    )
