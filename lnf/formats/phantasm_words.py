"""B6: a stat block's own action that surrounds its user with illusory duplicates of itself
(the cloaker's Phantasms: "The cloaker magically creates three illusory duplicates of itself
if it isn't in bright light … that creature rolls randomly to determine whether it targets the
cloaker or one of the duplicates … A duplicate has the cloaker's AC"), read from its text as
the fight file's entry `effect: {mirror: AC}` (its own AC), once a fight when it recharges
after a rest. What the duplicates do is `rules.mirror_image`'s."""

from __future__ import annotations

import re
from typing import Any

from lnf.formats.own_actions import does_more, with_uses

PHANTASMS = re.compile(
    r"\bThe ([\w ]+?) magically creates three illusory duplicates of itself if it isn't in "
    r"bright light\b.*\brolls randomly to determine whether it targets the \1 or one of the "
    r"duplicates\b.*\bA duplicate has the \1's AC\b.*\bIf an attack hits a duplicate\b",
    re.I | re.S,
)


def phantasms_entry(s: dict[str, Any], desc: str, ac: int) -> dict[str, Any] | None:
    """B6: the entry of special action `s` when its `desc` makes duplicates (`PHANTASMS`) of
    AC `ac` (its user's); None otherwise (or when it also saves, deals damage or imposes a
    condition)."""
    if does_more(s) or not PHANTASMS.search(desc):
        return None
    entry: dict[str, Any] = {"name": s["name"], "effect": {"mirror": ac}}
    entry = with_uses(s, entry)
    if s.get("usage") == "recharge after rest":  # a use between rests is one a fight
        entry["per_day"] = 1
    return entry
