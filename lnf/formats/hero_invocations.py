"""F2: a warlock's `invocations: [agonizing blast, armor of shadows]` in a fight file
(`rules.invocations`). Checked at its field: SRD names, a warlock's, no more than its level
knows, and the eldritch blast cantrip that Agonizing Blast and Eldritch Spear need. What the
played ones change is worked in where it is built: Armor of Shadows into the AC of the sheet
(`hero_sheet`), Agonizing Blast and Eldritch Spear into the Eldritch Blast that `spells:`
gives (`hero_spells`); an Eldritch Blast the file writes out is the file's, as written."""

from __future__ import annotations

from typing import Any

from lnf.dice import parse, plus
from lnf.formats.spec import Checker, did_you_mean
from lnf.rules.invocations import (
    AGONIZING_BLAST,
    ELDRITCH_BLAST,
    ELDRITCH_SPEAR,
    NEEDS_ELDRITCH_BLAST,
    PLAYED_INVOCATIONS,
    SPEAR_FEET,
    SRD_INVOCATIONS,
    invocations_known,
    invokes,
)
from lnf.rules.wording import and_list

FieldPath = tuple[str | int, ...]


def invoked(entry: dict[str, Any]) -> frozenset[str]:
    """The entry's invocations that lnf plays, lower case."""
    names = entry.get("invocations")
    said = (
        {n.strip().lower() for n in names if isinstance(n, str)} if isinstance(names, list) else ()
    )
    return frozenset(n for n in said if n in PLAYED_INVOCATIONS)


def check_invocations(entry: dict[str, Any], path: FieldPath, ck: Checker) -> None:
    """F2: the entry's `invocations:`, each problem at its place (the spec check says a field
    of the wrong type)."""
    names = entry.get("invocations")
    if not isinstance(names, list):
        return
    at = (*path, "invocations")
    cls, level = entry.get("class"), entry.get("level")
    if not invokes(cls if isinstance(cls, str) else ""):
        who = f"a {cls}" if isinstance(cls, str) and cls else "no warlock"
        ck.fail(at, f"Eldritch Invocations are a warlock's; this hero is {who}", "", "F2")
        return
    if isinstance(level, int) and len(names) > (known := invocations_known(level)):
        said = f"a level-{level} warlock knows {known} Eldritch Invocations, not {len(names)}"
        ck.fail(at, said, "take some off invocations:", "F2")
    spells = entry.get("spells")
    spells = (
        {s.strip().lower() for s in spells if isinstance(s, str)}
        if isinstance(spells, list)
        else set()
    )
    srd = {n.lower(): n for n in SRD_INVOCATIONS}
    for j, name in enumerate(names):
        if not isinstance(name, str):
            continue
        if name.strip().lower() not in srd:
            near = did_you_mean(name, list(SRD_INVOCATIONS))
            ck.fail(
                (*path, "invocations", j), f"{name!r} is no SRD Eldritch Invocation", near, "F2"
            )
        elif name.strip().lower() in NEEDS_ELDRITCH_BLAST and ELDRITCH_BLAST not in spells:
            said = (
                f"{srd[name.strip().lower()]} needs the eldritch blast cantrip (its prerequisite)"
            )
            ck.fail((*path, "invocations", j), said, "add eldritch blast to spells:", "F2")


def unplayed_warning(entry: dict[str, Any]) -> str:
    """What `lnf check` says of the invocations lnf does not play: the DM rules them."""
    names = entry.get("invocations")
    if not isinstance(names, list):
        return ""
    srd = {n.lower(): n for n in SRD_INVOCATIONS}
    rest = [
        srd[n.strip().lower()]
        for n in names
        if isinstance(n, str)
        and n.strip().lower() in srd
        and n.strip().lower() not in PLAYED_INVOCATIONS
    ]
    if not rest:
        return ""
    name = entry.get("name", "the hero")
    them = "it" if len(rest) == 1 else "them"
    return f"{name}'s {and_list(rest)}: lnf does not play {them}; the DM rules the effect (F2)"


def with_invocations(attack: dict[str, Any], entry: dict[str, Any], mod: int) -> dict[str, Any]:
    """The Eldritch Blast `spells:` gives, with Agonizing Blast's Charisma modifier (`mod`) on
    each beam's damage and Eldritch Spear's range; any other attack as it is."""
    if attack.get("name", "").lower() != ELDRITCH_BLAST:
        return attack
    played = invoked(entry)
    out = dict(attack)
    if AGONIZING_BLAST in played and mod:
        out["damage"] = str(plus(parse(str(attack["damage"])), mod))
    if ELDRITCH_SPEAR in played:
        out["range"] = SPEAR_FEET
    return out
