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
        (side, entry)
        for side in ("heroes", "monsters")
        for entry in out.get(side) or []
        if isinstance(entry, dict)
        and wanted in {str(entry.get(k, "")).casefold() for k in ("name", "monster")}
    ]
    if not entries:
        from lnf.rules.names import suggestion
        from lnf.rules.wording import and_list

        names = [  # as a DM reads them: a stat block's name capitalised, as the bestiary has it
            str(e.get("name") or e.get("monster") or "")
            for side in ("heroes", "monsters")
            for e in document.get(side) or []
            if isinstance(e, dict)
        ]
        names = [n[:1].upper() + n[1:] for n in names if n]
        near = suggestion(vary.who, names)
        raise _bad(
            str(vary),
            f"no hero or monster in this fight is called {vary.who!r} (it has "
            f"{and_list(names)})" + (f"; {near}" if near else ""),
        )
    for side, entry in entries:
        entry[vary.field] = number
        if vary.field == "count" and side == "monsters":
            _named_copies(out, str(entry.get("name") or entry.get("monster")), number)
    return out


def _named_copies(document: dict[str, Any], base: str, count: int) -> None:
    """G3: `count` copies are "Name 1".."Name n", one is "Name". Where the file names copies
    (its groups, chase, surprise and units), a varied count keeps them true, as the DM would
    write the file: a copy past the count is left out (a group left empty with it), at a
    count of 1 "Gnoll 1" is "Gnoll", and a file's one "Gnoll" is "Gnoll 1" of more."""
    from lnf.rules.wording import copy_names

    numbered = re.compile(rf"({re.escape(base)}) (\d+)", re.IGNORECASE)

    def renamed(name: Any) -> Any:  # None: the copy is not in the varied fight
        if isinstance(name, str) and name.lower() == base.lower():
            return copy_names(name, count)[0]  # the one of a count of 1 is the first copy
        found = numbered.fullmatch(name) if isinstance(name, str) else None
        if found is None:
            return name
        n = int(found[2])
        return None if n > count else copy_names(found[1], count)[n - 1]

    def kept(names: Any) -> Any:
        if not isinstance(names, list):
            return names
        return [m for m in map(renamed, names) if m is not None]

    groups = document.get("groups")
    if isinstance(groups, dict):
        document["groups"] = {k: kept(v) for k, v in groups.items() if not v or kept(v)}
    if "surprised" in document:
        document["surprised"] = kept(document["surprised"])
    if isinstance(document.get("units"), list):
        document["units"] = [kept(u) for u in document["units"] if not u or kept(u)]
    if isinstance(document.get("surprise_round"), dict):
        rounds = ((renamed(k), v) for k, v in document["surprise_round"].items())
        document["surprise_round"] = {k: v for k, v in rounds if k is not None}
    if isinstance(document.get("chase"), list):
        pairs = [p for p in document["chase"] if isinstance(p, dict)]
        for pair in pairs:
            pair.update({k: renamed(pair.get(k)) for k in ("escaper", "pursuer") if k in pair})
        document["chase"] = [
            p
            for p in document["chase"]
            if not isinstance(p, dict) or None not in (p.get("escaper", ""), p.get("pursuer", ""))
        ]


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
    """One sentence: the option as typed, then what is wrong ("--vary Gnol.count: no hero or
    monster … is called 'Gnol'"), never the option said twice."""
    return InputError(f"--vary {text.strip()}", [InputProblem(why)])
