"""B6: a stat block's own action that fills the place around its user with magical darkness
("A 15-foot radius of magical darkness extends out from the darkmantle, moves with it, … The
darkness lasts as long as the darkmantle maintains concentration, up to 10 minutes (as if
concentrating on a spell)"), read from its text as the fight file's entry: `effect:
{darkness: true, lasting: 10 minutes}`, under concentration, its uses kept (the darkmantle's
1/day). What the darkness does in a fight without a map is `rules.darkness`'s."""

from __future__ import annotations

import re
from typing import Any

from lnf.formats.own_actions import does_more, with_uses

DARKNESS = re.compile(
    r"\bA (\d{1,3})-foot radius of magical darkness extends out from the [\w ]+?, moves with "
    r"it\b[^.]*\.\s*The darkness lasts as long as the [\w ]+? maintains concentration, up to "
    r"(\d{1,2}) minutes \(as if concentrating on a spell\)",
    re.I,
)


def darkness_entry(s: dict[str, Any], desc: str) -> dict[str, Any] | None:
    """B6: the entry of special action `s` when its `desc` says magical darkness spreads from
    its user and moves with it under concentration (`DARKNESS`); None otherwise (or when it
    also saves, deals damage or imposes a condition)."""
    found = DARKNESS.search(desc)
    if does_more(s) or found is None:
        return None
    effect = {"darkness": True, "lasting": f"{int(found[2])} minutes"}
    entry: dict[str, Any] = {"name": s["name"], "concentration": True, "effect": effect}
    entry = with_uses(s, entry)
    return entry
