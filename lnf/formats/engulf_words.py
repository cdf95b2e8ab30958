"""F6: the gelatinous cube's Engulf, read from its text ("Whenever the cube enters a
creature's space, the creature must make a DC 12 Dexterity saving throw. … On a failed save,
… the creature takes 10 (3d6) acid damage and is engulfed. The engulfed creature can't
breathe, is restrained, and takes 21 (6d6) acid damage at the start of each of the cube's
turns. When the cube moves, the engulfed creature moves with it. An engulfed creature can try
to escape by taking an action to make a DC 12 Strength check"): a save action whose failure
deals the first damage only and engulfs — a swallow (`swallow: true`, total cover: "can be
seen but have total cover") that an action's Strength check ends (`engulf: 12`), restrained,
without air, the second damage as each of the cube's turns starts (`held_damage`)."""

from __future__ import annotations

import re
from typing import Any

ENGULF = re.compile(
    r"\bit can enter (?P<size>\w+) or smaller creatures' spaces\. Whenever the (?P<who>[\w ]+?) "
    r"enters a creature's space, the creature must make a DC (?P<dc>\d+) Dexterity saving "
    r"throw\..*\bOn a failed save, the (?P=who) enters the creature's space, and the creature "
    r"takes \d+ \((?P<now>\d+d\d+)\) (?P<type>\w+) damage and is engulfed\. The engulfed "
    r"creature can't breathe, is restrained, and takes \d+ \((?P<then>\d+d\d+)\) (?P=type) "
    r"damage at the start of each of the (?P=who)'s turns\. When the (?P=who) moves, the "
    r"engulfed creature moves with it\.\s*An engulfed creature can try to escape by taking an "
    r"action to make a DC (?P<out>\d+) Strength check\. On a success, the creature escapes",
    re.S,
)


def engulf_entry(s: dict[str, Any], desc: str) -> dict[str, Any] | None:
    """F6: the entry of special action `s` when its `desc` engulfs as the cube's does; None."""
    found = ENGULF.search(desc)
    if found is None:
        return None
    rider = {
        "swallow": True,
        "engulf": int(found["out"]),
        "conditions": ["restrained"],
        "held_damage": f"{found['then']} {found['type']}",
        "only_if": f"{found['size']} or smaller",
    }
    entry: dict[str, Any] = {"name": s["name"], "save": f"dex {int(found['dc'])}", "half": False}
    return entry | {"damage": f"{found['now']} {found['type']}", "riders": [rider]}
