"""B6: a stat block's own action that attacks nobody and turns its user invisible ("The imp
magically turns invisible until it attacks, or until its concentration ends (as if
concentrating on a spell)"), read from its text as the fight file's entry.

**Decision (B6, F7):** such an action is played as the spell Invisibility's invisible
condition on the monster itself (`effect: {invisible: true, ends_on_attack: true}`, with
concentration): it is no spell (`uses`, never `casts`; no slot, nothing to counter), it ends as
its user attacks (or, as lnf plays Invisibility, uses any other action on a hero: the SRD's
"uses Scare", "casts a spell", "uses its Enlarge" are such), and it lasts while its
concentration holds, the hour the text gives (the duergar's "up to 1 hour") or, without one,
until the concentration ends. The plan uses it only when nothing else is possible
(`rules.idle_casts`), as the spells of B6.
"""

from __future__ import annotations

import re
from typing import Any

# "turns invisible until it attacks … or until its concentration ends (as if concentrating on
# a spell)"; "The will-o'-wisp and its light magically become invisible until it attacks".
INVISIBLE = re.compile(
    r"\bmagically (?:turns|become) invisible until (?:it|she|he) attacks\b[^.]*\bconcentration"
    r"[^.]*\(as if concentrating on a spell\)",
    re.I,
)
_UP_TO = re.compile(r"\bup to (1|one) hour\b", re.I)


def invisible_entry(s: dict[str, Any], desc: str) -> dict[str, Any] | None:
    """B6: the entry of special action `s` (its figures, `formats.specials.special`) when its
    `desc` says it turns its user invisible until it attacks, under concentration; None
    otherwise (or when it also saves, deals damage or imposes a condition)."""
    if {"damage", "conditions", "push", "save", "options"} & set(s) or not INVISIBLE.search(desc):
        return None
    effect: dict[str, Any] = {"invisible": True, "ends_on_attack": True}
    if _UP_TO.search(desc):
        effect["lasting"] = "1 hour"
    entry: dict[str, Any] = {"name": s["name"], "concentration": True, "effect": effect}
    for key in ("recharge", "per_day"):
        if key in s:
            entry[key] = s[key]
    return entry
