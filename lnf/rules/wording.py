"""Small helpers so that rule messages read like a DM talking."""

from __future__ import annotations

from collections.abc import Iterable


def and_list(names: Iterable[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def or_list(names: Iterable[str]) -> str:
    """ "A", "A or B", "A, B or C"."""
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def plural(n: int, word: str, many: str | None = None) -> str:
    """ "1 monster", "3 monsters"."""
    return f"{n} {word if n == 1 else (many or word + 's')}"
