"""F1, T1: a feature a player says with "use" ("use Second Wind", "use Cunning Action to
hide", "use Action Surge; attack Orc 1"), and R8: a step to a rank said as players say it
("step back", "move to the front rank"), read into the words `heroes.words` knows them by."""

from __future__ import annotations

import re
from collections.abc import Collection

from lnf.errors import Refused

# F1, T1: the features these words know by name, said with "use" too ("use Second Wind", "use
# Channel Divinity: Turn the Unholy")
USED = re.compile(
    r"use\s+(?:cunning\s+action\W*(?:to\s+)?(?P<cunning>dash|disengage|hide)"
    r"|(?:channel\s+divinity\W*)?(?P<turn>turn\s+(?:undead|the\s+unholy))"
    r"|(?P<said>rage|second\s+wind|action\s+surge"
    r"|(?:flurry|martial)\b.*"
    r"|patient\s+defen[cs]e|step\s+of\s+the\s+wind\b.*|bardic\s+inspiration\b.*))",
    re.IGNORECASE,
)


# R8: "step back", "go to the back rank", "move up to the front": the rank words `back`, `front`
# (what follows kept: "step back hidden")
STEPPED = re.compile(
    r"(?:step|move|go|fall|get)\s+(?:up\s+|forward\s+)?(?:to\s+|into\s+)?(?:the\s+)?"
    r"(?P<rank>back|front)(?:\s+rank)?\b(?P<rest>.*)",
    re.IGNORECASE,
)
# R8: "step forward", "move up" alone: to the front rank, the one rank ahead of the back
FORWARD = re.compile(r"(?:step|move|go|get)\s+(?:forward|up)\b(?P<rest>.*)", re.IGNORECASE)


def _stepped(part: str) -> str:
    """R8: a step to a rank said as players say it, as the rank's word (what follows kept)."""
    if m := STEPPED.fullmatch(part):
        return f"{m['rank'].lower()}{m['rest']}"
    if m := FORWARD.fullmatch(part):
        return f"front{m['rest']}"
    return part


# T1: "action surge: attack Orc 1", "use Action Surge and attack Orc 1": one part, the attack
SURGE_FIRST = re.compile(
    r"(?:use\s+)?action\s+surge\s*(?:[:,]|\s(?:and|to|then)\b)\s*(?P<rest>.+)", re.IGNORECASE
)


def _surged(part: str, verbs: Collection[str]) -> str:
    """T1: Action Surge said before its attack in one breath, as `ATTACK … surge`."""
    m = SURGE_FIRST.fullmatch(part)
    if m is None or m["rest"].partition(" ")[0].lower() not in verbs:
        return part
    return f"{m['rest']} surge"


def plainly(parts: list[str], verbs: Collection[str]) -> list[str]:
    """F1, T1: a feature said with "use" in the words it is known by: "use Second Wind",
    "use Flurry of Blows at Orc 1", "use Cunning Action to hide"; "use Action Surge" is the
    `surge` of the words' one attack (its verb among `verbs`). Any other use (a potion, a
    sheet's uses) stays as said."""
    parts = [_surged(_stepped(p), verbs) for p in parts]
    said = [
        str(m["cunning"] or m["turn"] or m["said"]) if (m := USED.fullmatch(p)) else p
        for p in parts
    ]
    surge = [p for p in said if re.fullmatch(r"action\s+surge", p, re.IGNORECASE)]
    if not surge:
        return said
    rest = [p for p in said if p not in surge]
    attacks = [i for i, p in enumerate(rest) if p.partition(" ")[0].lower() in verbs]
    if len(surge) > 1 or len(attacks) != 1:
        how = "say it with the one attack it is for: use Action Surge; attack Orc 1"
        raise Refused(f"Action Surge is more attacks (F1): {how}", "T1")
    rest[attacks[0]] += " surge"
    return rest
