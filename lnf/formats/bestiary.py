"""Monsters by name: the SRD 5.1 bestiary shipped with lnf (`lnf/bestiary.json`, made by
`scripts/make_bestiary.py`), and a user's own file in the 5e-database format.

A stat block here is a dict in lnf's words (`lnf.formats.srd.stat_block`): the fields a fight file's
monster entry has, plus `size`, `cr`, `xp`, `abilities`, `speeds`, `armor` and `not_modelled`.
"""

from __future__ import annotations

import json
import math
import re
from functools import cache
from pathlib import Path
from typing import Any

from lnf.dice.abilities import ability_modifier
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
    "flags",
    "light",
    "conditions",
    "attacks",
    "multiattack",
    "multiattack_options",
    "multiattack_rolled",
    "multiattack_in_place",
    "multiattack_held",
    "multiattack_spell",
    "multiattack_action",
    "guards",
    "actions",
    "legendary",
    "escape",
    "stores",
    "slots",
    "uses",
    "used",
    "cr",
    "xp",
    "not_modelled",
    "traits",
)
MAX_BYTES = 20_000_000  # a user's bestiary: the whole SRD file is 1.3 MB


@cache
def shipped(file: str) -> tuple[dict[str, Any], ...]:
    """A table shipped with lnf (`bestiary.json`, `spellbook.json`), read once."""
    # Beside the package's code (importlib.resources would cost a start-up's worth of imports).
    text = (Path(__file__).resolve().parent.parent / file).read_text(encoding="utf-8")
    return tuple(json.loads(text))


def srd() -> tuple[dict[str, Any], ...]:
    """The SRD 5.1 bestiary shipped with lnf."""
    return shipped("bestiary.json")


MAX_ENTRIES = 10_000  # monsters in a user's file; the SRD has 334
MAX_DEPTH = 40  # nesting levels, as for a fight file; the SRD's file needs 11
MAX_ITEMS = 1_000  # items in one list or keys in one object; the SRD's longest list has 27
MAX_STRING = 10_000  # characters in one text; the SRD's longest description has 1,212
MAX_INT = 10**9  # the largest figure a stat block holds is an XP of 155,000


def user_file(path: Path) -> tuple[dict[str, Any], ...]:
    """A user's own monsters in the 5e-database format, read with the limits of a fight file:
    its size, nesting, lengths and numbers bounded, every field checked; a wrong entry is named
    with its field."""
    from lnf.formats.files import read_text
    from lnf.formats.srd import stat_block
    from lnf.formats.srd_fields import EntryError

    source = str(path)
    data = _json(read_text(path, limit=MAX_BYTES), source)
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list):
        raise InputError(source, [InputProblem("a list of monsters in the 5e-database format")])
    if len(data) > MAX_ENTRIES:
        problem = InputProblem(f"more than {MAX_ENTRIES:,} monsters (the limit; the SRD has 334)")
        raise InputError(source, [problem])
    blocks, problems = [], []
    for i, entry in enumerate(data):
        name = entry.get("name") if isinstance(entry, dict) else None
        label = f"entry {i + 1}" + (f" ({name[:40]})" if isinstance(name, str) else "")
        try:
            _check_shape(entry)
            blocks.append(stat_block(entry))
        except EntryError as exc:
            problems.append(InputProblem(exc.message, f"{label}, {exc.path}"))
    if problems:
        raise InputError(source, problems)
    return tuple(blocks)


def _json(text: str, source: str) -> Any:
    """The file's JSON; NaN and Infinity are read as numbers for the field checks to name."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        problem = InputProblem(f"not valid JSON: {exc.msg}", line=exc.lineno)
    except RecursionError:
        problem = InputProblem(f"nested far more than {MAX_DEPTH} levels deep (the SRD needs 11)")
    except ValueError:  # Python's own limit: an integer of more than 4,300 digits
        found = re.search(r"\d{4301}", text)
        line = text.count("\n", 0, found.start()) + 1 if found else None
        problem = InputProblem("a number thousands of digits long: not a figure", line=line)
    raise InputError(source, [problem])


def _check_shape(entry: Any) -> None:
    """What no stat block holds, refused anywhere in an entry before its fields are read:
    nesting past MAX_DEPTH, lists or texts past their limits, control characters (a name's
    escape codes would reach the terminal), NaN, Infinity and numbers past MAX_INT."""
    from lnf.formats.srd_fields import EntryError

    stack: list[tuple[Any, str, int]] = [(entry, "", 1)]
    while stack:
        value, path, depth = stack.pop()
        if depth > MAX_DEPTH - 1:  # the file's list is one level
            raise EntryError(path, f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(value, dict | list) and len(value) > MAX_ITEMS:
            raise EntryError(path, f"more than {MAX_ITEMS:,} items (the limit)")
        if isinstance(value, dict):
            for key, item in value.items():
                _check_text(key, f"{path}.{key[:40]}")
                stack.append((item, f"{path}.{key[:40]}", depth + 1))
        elif isinstance(value, list):
            stack += [(item, f"{path}[{i}]", depth + 1) for i, item in enumerate(value)]
        elif isinstance(value, str):
            _check_text(value, path)
        elif isinstance(value, float) and not math.isfinite(value):
            raise EntryError(path, f"{value} is not a figure a stat block holds")
        elif isinstance(value, int | float) and abs(value) > MAX_INT:
            raise EntryError(path, f"{value:.3g} is past any figure of a stat block")


def _check_text(text: str, path: str) -> None:
    from lnf.formats.spec import control_character
    from lnf.formats.srd_fields import EntryError

    if len(text) > MAX_STRING:
        raise EntryError(path, f"longer than {MAX_STRING:,} characters (the limit)")
    bad = control_character(text.replace("\n", "").replace("\t", "").replace("\r", ""))
    if bad is not None:
        raise EntryError(path, f"holds a control character ({bad!r}): plain text only")


def own_form(name: str) -> str | None:
    """G3: "Vampire" for the SRD's "Vampire, Vampire Form", the one form of several named
    after the creature (a werewolf's forms name none: "werewolf" stays a question)."""
    kind, _, form = name.partition(", ")
    return kind if form and form.casefold() == f"{kind} form".casefold() else None


class Catalogue:
    """Entries by name (any case), the first of a name winning; the bestiary and the
    spellbook are both one."""

    what = "entry"  # what an entry is called in a refusal
    book = "catalogue"

    def __init__(self, blocks: tuple[dict[str, Any], ...]) -> None:
        self.blocks = blocks
        self._by_name: dict[str, dict[str, Any]] = {}
        for block in blocks:
            self._by_name.setdefault(block["name"].casefold(), block)
        for block in blocks:  # "vampire": the form the SRD names after the creature itself
            if (kind := own_form(block["name"])) is not None:
                self._by_name.setdefault(kind.casefold(), block)

    def find(self, name: str) -> dict[str, Any]:
        """The entry called `name` (any case); refused with the nearest names."""
        found = self._by_name.get(" ".join(name.split()).casefold())
        if found is not None:
            return found
        from lnf.rules.names import suggestion

        names = [b["name"] for b in self.blocks]
        near = suggestion(name, names)
        raise Refused(f"no {self.what} {name!r} in the {self.book}" + (f"; {near}" if near else ""))

    def search(self, text: str = "") -> list[dict[str, Any]]:
        """Every entry whose name holds `text` (any case), in the catalogue's order."""
        wanted = text.strip().casefold()
        return [b for b in self.blocks if wanted in b["name"].casefold()]


class Bestiary(Catalogue):
    """Stat blocks by name, a user's file before the SRD's (theirs wins on a shared name)."""

    what = "monster"
    book = "bestiary"

    @classmethod
    def open(cls, own: Path | None = None) -> Bestiary:
        return cls((*(user_file(own) if own is not None else ()), *srd()))


def fight_fields(block: dict[str, Any]) -> dict[str, Any]:
    """What a stat block lends a monster entry of a fight file (`monster: NAME`): its fields,
    and the Wisdom modifier from its Wisdom score (V-HYR1's check, never the save)."""
    from lnf.formats.monster_weapons import for_fight

    lent = {k: block[k] for k in FIGHT_FIELDS if k in block}
    if "attacks" in lent:
        lent["attacks"] = [for_fight(a) for a in lent["attacks"]]
    scores = block.get("abilities")
    wisdom = scores.get("wis") if isinstance(scores, dict) else None
    if isinstance(wisdom, int) and not isinstance(wisdom, bool):
        lent["wis"] = ability_modifier(wisdom)
    return lent
