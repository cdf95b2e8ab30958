"""Monsters by name: the SRD 5.1 bestiary shipped with lnf (`lnf/bestiary.json`, made by
`scripts/make_bestiary.py`), and a user's own file in the 5e-database format.

A stat block here is a dict in lnf's words (`lnf.formats.srd.stat_block`): the fields a fight file's
monster entry has, plus `size`, `cr`, `xp`, `abilities`, `speeds`, `armor` and `not_modelled`.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from lnf.errors import InputError, InputProblem, Refused

# The statement the SRD's licence asks for wherever its content is shown.
ATTRIBUTION = (
    'This work includes material taken from the System Reference Document 5.1 ("SRD 5.1") by '
    "Wizards of the Coast LLC and available at "
    "https://dnd.wizards.com/resources/systems-reference-document. The SRD 5.1 is licensed under "
    "the Creative Commons Attribution 4.0 International License available at "
    "https://creativecommons.org/licenses/by/4.0/legalcode."
)
# The fields a stat block lends a fight file's monster entry (the others are for showing).
FIGHT_FIELDS = (
    "name",
    "size",
    "type",
    "ac",
    "dr",
    "con_score",
    "hp",
    "hit_dice",
    "speed",
    "fly",
    "reach",
    "con",
    "perception",
    "stealth",
    "saves",
    "resist",
    "immune",
    "vulnerable",
    "condition_immune",
    "attacks",
    "multiattack",
    "cr",
    "xp",
    "not_modelled",
)
MAX_BYTES = 20_000_000  # a user's bestiary: the whole SRD file is 1.3 MB


@cache
def srd() -> tuple[dict[str, Any], ...]:
    """The SRD 5.1 bestiary shipped with lnf."""
    # Beside the package's code (importlib.resources would cost a start-up's worth of imports).
    text = (Path(__file__).resolve().parent.parent / "bestiary.json").read_text(encoding="utf-8")
    return tuple(json.loads(text))


def user_file(path: Path) -> tuple[dict[str, Any], ...]:
    """A user's own monsters in the 5e-database format; a wrong entry is named with its field."""
    from lnf.formats.files import read_text
    from lnf.formats.srd import EntryError, stat_block

    text = read_text(path, limit=MAX_BYTES)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        problem = InputProblem(f"not valid JSON: {exc.msg}", line=exc.lineno)
        raise InputError(str(path), [problem]) from None
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list):
        raise InputError(str(path), [InputProblem("a list of monsters in the 5e-database format")])
    blocks, problems = [], []
    for i, entry in enumerate(data):
        name = entry.get("name") if isinstance(entry, dict) else None
        label = f"entry {i + 1}" + (f" ({name})" if isinstance(name, str) else "")
        try:
            blocks.append(stat_block(entry))
        except EntryError as exc:
            problems.append(InputProblem(exc.message, f"{label}, {exc.path}"))
    if problems:
        raise InputError(str(path), problems)
    return tuple(blocks)


class Bestiary:
    """Stat blocks by name, a user's file before the SRD's (theirs wins on a shared name)."""

    def __init__(self, blocks: tuple[dict[str, Any], ...]) -> None:
        self.blocks = blocks
        self._by_name: dict[str, dict[str, Any]] = {}
        for block in blocks:
            self._by_name.setdefault(block["name"].casefold(), block)

    @classmethod
    def open(cls, own: Path | None = None) -> Bestiary:
        return cls((*(user_file(own) if own is not None else ()), *srd()))

    def find(self, name: str) -> dict[str, Any]:
        """The stat block called `name` (any case); refused with the nearest names."""
        found = self._by_name.get(name.strip().casefold())
        if found is not None:
            return found
        from lnf.rules.names import suggestion

        names = [b["name"] for b in self.blocks]
        near = suggestion(name, names)
        raise Refused(f"no monster {name!r} in the bestiary" + (f"; {near}" if near else ""))

    def search(self, text: str = "") -> list[dict[str, Any]]:
        """Every block whose name holds `text` (any case), in the bestiary's order."""
        wanted = text.strip().casefold()
        return [b for b in self.blocks if wanted in b["name"].casefold()]


def fight_fields(block: dict[str, Any]) -> dict[str, Any]:
    """What a stat block lends a monster entry of a fight file (`monster: NAME`)."""
    return {k: block[k] for k in FIGHT_FIELDS if k in block}
