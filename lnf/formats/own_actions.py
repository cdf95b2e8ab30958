"""B6, B2: what a stat block's own idle action (one that attacks no hero: Invisibility, Healing
Touch, Haste, Animate Trees…) shares when the reader turns it into an entry: it does nothing
else the plan reads, and it keeps its limited use."""

from __future__ import annotations

from typing import Any

# The fields of a special action (`formats.specials.special`) that make it more than idle.
_MORE = frozenset({"damage", "conditions", "push", "save", "options"})


def does_more(s: dict[str, Any]) -> bool:
    """Whether special action `s` also saves, deals damage, pushes, imposes a condition or
    offers options: then it is no idle action's entry."""
    return bool(_MORE & set(s))


def with_uses(s: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any]:
    """`entry` with `s`'s limited use, its recharge or uses a day (B2)."""
    return entry | {key: s[key] for key in ("recharge", "per_day") if key in s}
