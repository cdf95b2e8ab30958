"""B7: legendary options a monster takes on itself, read from their own text: the unicorn's
Heal Self ("The unicorn magically regains 11 (2d8 + 2) hit points") and Shimmering Shield
("The target gains a +2 bonus to AC until the end of the unicorn's next turn"), as the
options' `action:` (`rules.legendary_self` decides when; `engine.legendary` plays them)."""

from __future__ import annotations

import re
from typing import Any

_HEAL = re.compile(r"^The [\w ]+ magically regains \d+ \((\d+d\d+(?: \+ \d+)?)\) hit points\.$")
_SHIELD = re.compile(
    r"^The [\w ]+ creates a shimmering, magical field around itself or another creature it can "
    r"see within \d+ (?:ft\.|feet) of it\. The target gains a \+(\d) bonus to AC until the end "
    r"of the [\w ]+'s next turn\.$"
)


def own_option(desc: str) -> dict[str, Any] | None:
    """B7: the `action:` of a legendary option whose `desc` heals its user or raises an AC;
    None for any other."""
    if heal := _HEAL.match(desc):
        return {"effect": {"heal": heal[1].replace(" ", "")}}
    if shield := _SHIELD.match(desc):  # until the end of its next turn: `engine.legendary`
        return {"effect": {"allies": 1, "ac": int(shield[1])}}
    return None


def read(m: dict[str, Any], entries: list[dict[str, Any]]) -> None:
    """B7: each legendary entry of `m` with nothing to play yet takes its own option."""
    texts = {
        re.sub(r" \(Costs \d Actions\)$", "", str(x.get("name", ""))): str(x.get("desc", ""))
        for x in m.get("legendary_actions") or []
        if isinstance(x, dict)
    }
    for entry in entries:
        if {"attack", "action", "spells"} & set(entry):
            continue
        if (own := own_option(texts.get(entry["name"], "")[:2000])) is not None:
            entry["action"] = own
