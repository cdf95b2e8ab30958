"""`lnf odds --vary`: the encounter designer's question, "how many goblins before this turns
deadly?". One field of one entry of the fight file takes each value of a range in turn
(`Goblin.count=2..10`, `Bram.level=1..5`, `Ogre.hp=40,60,80`); each variation is played as its
own run of fights, with the same master seed, and reported (and with --plot drawn) against the
value, with the first value at which it turns deadly.

The variation is made on the fight file's plain data (its YAML as read), so the fight file's
own reading (templates, the bestiary, `count`'s names) makes each varied fight exactly as if
the DM had written the value in; a log is not replayed (it belongs to the fight as written)."""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from typing import Any

from lnf.errors import InputError, InputProblem
from lnf.odds.fights import Outcome
from lnf.odds.tally import Report, Share, share, tally
from lnf.values import value

MAX_VALUES = 1000  # a run of variations beyond this is a typo, not a design question
DEADLY = 0.05  # "deadly": a hero dies in more than 1 fight of 20, 95 % sure
_SPEC = re.compile(r"\s*(?P<who>[^=]+?)\.(?P<field>[A-Za-z_]+)\s*=\s*(?P<values>.+?)\s*")
_RANGE = re.compile(r"(-?\d+)\s*\.\.\s*(-?\d+)")


@value
class Vary:
    """An entry (a hero's name, a monster's name or stat block), its field, and its values."""

    who: str
    field: str
    values: tuple[int, ...]

    def __str__(self) -> str:
        return f"{self.who}.{self.field}"


def parse_vary(text: str) -> Vary:
    """`NAME.FIELD=A..B` (every whole number from A to B) or `NAME.FIELD=A,B,C`."""
    spec = _SPEC.fullmatch(text)
    if spec is None:
        raise _bad(text, "write it as NAME.FIELD=FROM..TO or NAME.FIELD=A,B,C")
    raw = spec["values"]
    if (span := _RANGE.fullmatch(raw)) is not None:
        lo, hi = int(span[1]), int(span[2])
        if hi < lo:
            raise _bad(text, f"the range {raw} runs backwards: write {hi}..{lo}")
        if hi - lo + 1 > MAX_VALUES:
            raise _bad(text, f"{hi - lo + 1} values; at most {MAX_VALUES} in one run")
        values = tuple(range(lo, hi + 1))
    else:
        try:
            values = tuple(int(v) for v in raw.split(","))
        except ValueError:
            raise _bad(text, f"{raw!r} is not a range (2..10) or a list of whole numbers") from None
        if len(set(values)) != len(values):
            raise _bad(text, "a value is listed twice")
    return Vary(spec["who"].strip(), spec["field"], values)


def varied(document: Any, vary: Vary, number: int) -> dict[str, Any]:
    """The fight file's data with the entry's field set to `number` (heroes by name, monsters
    by name or by stat block, as `monster: goblin`; case does not matter)."""
    if not isinstance(document, dict):
        raise InputError("--vary", [InputProblem("the fight file is not a mapping of fields")])
    out = copy.deepcopy(document)
    wanted = vary.who.casefold()
    entries = [
        entry
        for side in ("heroes", "monsters")
        for entry in out.get(side) or []
        if isinstance(entry, dict)
        and wanted in {str(entry.get(k, "")).casefold() for k in ("name", "monster")}
    ]
    if not entries:
        names = [
            str(e.get("name") or e.get("monster"))
            for side in ("heroes", "monsters")
            for e in document.get(side) or []
            if isinstance(e, dict)
        ]
        raise _bad(f"{vary}", f"no hero or monster called {vary.who!r}: the fight has {names}")
    for entry in entries:
        entry[vary.field] = number
    return out


@value
class Step:
    """What the fights of one variation came to."""

    number: int
    report: Report
    anyone_drops: Share  # fights in which at least one hero fell to 0 hit points
    anyone_dies: Share  # …and in which at least one died


def step_odds(number: int, outcomes: Sequence[Outcome], heroes: Sequence[str]) -> Step:
    played = sorted(outcomes, key=lambda o: o.number)
    drops = share(sum(1 for o in played if o.dropped), len(played))
    deaths = share(sum(1 for o in played if o.died), len(played))
    return Step(number, tally(played, list(heroes)), drops, deaths)


def deadly_from(steps: Sequence[Step]) -> int | None:
    """The first value at which a hero dies in more than 1 fight of 20, 95 % sure (the low end
    of the death chance's interval above it): the designer's "this turns deadly here"."""
    return next((s.number for s in steps if s.anyone_dies.lo > DEADLY), None)


def _bad(text: str, why: str) -> InputError:
    return InputError("--vary", [InputProblem(f"{text!r}: {why}")])
