"""ANSI colour for terminal output, off for NO_COLOR and for pipes (the CLI decides)."""

from __future__ import annotations

import re

_CODES = {
    "bold": "1",
    "dim": "2",
    "red": "31",
    "green": "32",
    "yellow": "33",
    "blue": "34",
    "magenta": "35",
    "cyan": "36",
}
_ANSI = r"\x1b\[[0-9;]*m"  # text, compiled by `re` at first use: start-up time


class Style:
    def __init__(self, color: bool) -> None:
        self.color = color

    def __call__(self, text: str, *styles: str) -> str:
        if not self.color or not styles or not text:
            return text
        codes = ";".join(_CODES[s] for s in styles)
        return f"\x1b[{codes}m{text}\x1b[0m"


def visible_len(text: str) -> int:
    if "\x1b" not in text:  # no colour (every pipe, NO_COLOR): nothing to take out
        return len(text)
    return len(re.sub(_ANSI, "", text))


def pad(text: str, width: int) -> str:
    return text + " " * max(0, width - visible_len(text))
