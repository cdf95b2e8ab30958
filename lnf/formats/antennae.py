"""F6, B6: the rust monster's Antennae, read from its text: "The rust monster corrodes a
nonmagical ferrous metal object it can see within 5 feet of it. … If the object is being worn
or carried by a creature, the creature can make a DC 11 Dexterity saving throw to avoid the
rust monster's touch. If the object touched is either metal armor or a metal shield being
worn or carried, its takes a permanent and cumulative -1 penalty to the AC it offers. Armor
reduced to an AC of 10 or a shield that drops to a +0 bonus is destroyed."

**Decision (F6, no map, lnf does not know what a hero wears):** a save action at one hero of
its group (5 feet, B4) whose failure corrodes the hero's armor: -1 AC for the rest of the
fight, to AC 10 at most, as the gray ooze's corroding pseudopod does (docs/riders.md); lnf
takes the hero as wearing nonmagical metal armor or a metal shield (either loses 1 AC), and
says the limit when it lands, for the DM to take off a hero in none. A held weapon it could
touch instead is not its choice in lnf: the armor is what the plan values (B6)."""

from __future__ import annotations

import re
from typing import Any

ANTENNAE = re.compile(
    r"corrodes a nonmagical ferrous metal object it can see within (\d{1,2}) (?:feet|ft\.) of "
    r"it\b.*?\bcan make a DC (\d{1,2}) Dexterity saving throw to avoid the [\w ]+?'s touch\."
    r".*?\bmetal armor or a metal shield being worn or carried, its? takes a permanent and "
    r"cumulative -(\d) penalty to the AC it offers\. Armor reduced to an AC of 10",
    re.I | re.S,
)


def antennae_entry(s: dict[str, Any], desc: str) -> dict[str, Any] | None:
    """F6: the entry of special action `s` when its `desc` corrodes a worn metal object after
    a Dexterity save (`ANTENNAE`): the save, its 5 feet and the armor's penalty; None
    otherwise."""
    found = ANTENNAE.search(desc)
    if found is None or {"damage", "conditions", "push", "options"} & set(s):
        return None
    rider = {"armor": -int(found[3]), "only_if": "in nonmagical metal armor or a metal shield"}
    entry: dict[str, Any] = {"name": s["name"], "save": f"dex {int(found[2])}", "half": False}
    return entry | {"range": int(found[1]), "riders": [rider]}
