"""C1, M6: a stat block's way of leaving by magic, read from its own text as the fight file's
`escape` (its name and the escape points a chase starts at) and, when it is limited, its uses.

**Decision (C1, M6; docs/choices.md):** lnf's monsters flee only when told (the DM's word,
`lnf flee`, a script's line); one that flees with such a way left uses it: it draws no
opportunity attacks (a teleport and a shift to another plane do not move away through reach;
in its ink nobody sees it move, and 5e's opportunity attack is at a creature you can see).
Where it goes sets the chase (C1): to the Ethereal Plane, or a mile away, it is gone at once;
a teleport of N feet starts each pursuer's pool at ⌈N ÷ 60⌉ escape points (C4's and V3's scale:
a point is a volley round's 60 feet). A legendary Teleport or Move (the sphinxes', the
solar's, the vampire's "without provoking opportunity attacks") serves the same way while the
round's points cover its cost, taken at the end of the turn before the monster's own (B7: a
legendary action follows another creature's turn); the vampire's Move is its flight's own
move, so the chase starts at C1's 0. The tarrasque's Move ("up to half its speed") provokes
opportunity attacks: no flight's, only a join from no group (`rules.legendary_moves`).

An octopus's ink works "if it is underwater", where an octopus fights (its walking speed is 5
or 10 feet): it dashes off unseen in a cloud that heavily obscures the place, and a chase on
its walking speed (C2 reads walk and fly; swimming is no map's) would play it as a crawling
thing on land: it is gone at once.

Figures only: the names and numbers the text says, never its sentences.
"""

from __future__ import annotations

import math
import re
from typing import Any

# "magically teleports, along with any equipment it is wearing or carrying, up to 120 feet to
# an unoccupied space it can see" (Balor, Marilith, Nalfeshnee; Blink Dog's 40 ft.)
_TELEPORT = re.compile(
    r"\bmagically teleports, along with any equipment it is wearing or carrying, up to "
    r"(\d{1,4}) (?:feet|ft\.) to an unoccupied space it can see\b",
    re.I,
)
# "magically teleports itself and up to three willing creatures … up to 1 mile away" (Unicorn)
_FAR = re.compile(r"\bmagically teleports itself\b.{0,300}?\bup to 1 mile away\b", re.I | re.S)
# Etherealness, Ethereal Stride: "(magically) enter(s) the Ethereal Plane from the Material
# Plane"; Ethereal Jaunt: "magically shift from the Material Plane to the Ethereal Plane".
_ETHEREAL = re.compile(
    r"\benters? the Ethereal Plane from the Material Plane\b"
    r"|\bmagically shift from the Material Plane to the Ethereal Plane\b",
    re.I,
)
# Ink Cloud: "A 20-foot-radius cloud of ink … heavily obscured … After releasing the ink, the
# octopus can use the Dash action as a bonus action."
_INK = re.compile(
    r"\bcloud of ink\b[^.]*\.[^.]*\bheavily obscured\b.*\bcan use the Dash action as a bonus "
    r"action\b",
    re.I | re.S,
)
# It attacks as it goes: "Before or after teleporting, the dog can make one bite attack"; a
# jaunt "As a bonus action" leaves its action (its attack) free.
_ATTACKS_TOO = re.compile(
    r"\bBefore or after teleporting, the \w+ can make one \w+ attack\b|^As a bonus action\b", re.I
)
FEET_A_POINT = 60  # C4, V3: a volley round's distance, the scale of an escape point


def escape_of(m: dict[str, Any]) -> dict[str, Any]:
    """The stat block's `escape` and, for a limited one, its `uses` (per day; a use between
    rests is one a fight): {} when its text has none."""
    for x in [*(m.get("actions") or []), *(m.get("special_abilities") or [])]:
        if not isinstance(x, dict) or not isinstance(x.get("name"), str):
            continue
        desc = str(x.get("desc", ""))[:5000]
        entry = _entry(x["name"].strip()[:100], desc)
        if entry is None:
            continue
        found = x.get("usage")
        usage: dict[str, Any] = found if isinstance(found, dict) else {}
        times = usage.get("times") if usage.get("type") == "per day" else None
        if usage.get("type") == "recharge after rest":
            times = 1
        if _ATTACKS_TOO.search(desc):
            entry["attacks_first"] = True
        out: dict[str, Any] = {"escape": entry}
        if isinstance(times, int) and times > 0:
            out["uses"] = {entry["name"]: times}
        return out
    return _legendary(m)


# B7: "Teleport (Costs 2 Actions)"; the vampire's "moves up to its speed without provoking
# opportunity attacks" (the tarrasque's Move provokes them: it gives a flight nothing).
_COST = re.compile(r"\s*\(costs (\d) actions\)", re.I)
_MOVE = re.compile(r"\bmoves up to its speed without provoking opportunity attacks\b", re.I)
_HALF = re.compile(r"^The \w+ moves up to half its speed\.?$", re.I)
# The mummy lord's Whirlwind of Sand: "magically transforms into a whirlwind of sand, moves up to
# 60 feet, and reverts to its normal form. While in whirlwind form, the mummy lord is immune to
# all damage": an opportunity attack at it deals nothing (M6), so it goes as a teleport of its
# feet does (B7, C1).
_WHIRLWIND = re.compile(
    r"\bmagically transforms into a whirlwind of sand, moves up to (\d{1,3}) feet, and reverts "
    r"to its normal form\. While in whirlwind form, the [\w ]+ is immune to all damage\b",
    re.I,
)


def _legendary(m: dict[str, Any]) -> dict[str, Any]:
    """C1, B7: a legendary Teleport or Move as the escape, with its `cost` in points."""
    for x in m.get("legendary_actions") or []:
        if not isinstance(x, dict) or not isinstance(x.get("name"), str):
            continue
        desc = str(x.get("desc", ""))[:5000]
        cost = _COST.search(x["name"])
        name = _COST.sub("", x["name"]).strip()[:100]
        entry = _entry(name, desc) or ({"name": name, "points": 0} if _MOVE.search(desc) else None)
        if entry is None and _HALF.match(desc.strip()):  # slow (M2) and provoking (M6)
            entry = {"name": name, "points": 0, "provokes": True}
        if entry is None and (whirl := _WHIRLWIND.search(desc)):
            entry = {"name": name, "points": math.ceil(int(whirl[1]) / FEET_A_POINT)}
        if entry is not None:
            return {"escape": {**entry, "cost": int(cost[1]) if cost else 1}}
    return {}


def _entry(name: str, desc: str) -> dict[str, Any] | None:
    if found := _TELEPORT.search(desc):
        return {"name": name, "points": math.ceil(int(found[1]) / FEET_A_POINT)}
    if _FAR.search(desc) or _ETHEREAL.search(desc):
        return {"name": name}
    return {"name": name} if _INK.search(desc) else None


def unlisted(notes: list[str], escape: dict[str, Any]) -> list[str]:
    """`not_modelled` without the item lnf plays as the escape (an action, a trait, or a
    legendary action with its cost)."""
    entry = escape.get("escape", {})
    name, cost = entry.get("name"), entry.get("cost", 0)
    if cost:
        costs = f" (costs {cost})" if cost > 1 else ""
        return [n for n in notes if n != f"legendary action{costs} {name}"]
    return [n for n in notes if name is None or n not in (name, f"{name} (trait)")]
