"""The fight file a log was written for: a fingerprint of what matters to the log's facts.

A log's events are read on top of the fight file. Edit the file mid-fight and the same events
can mean other facts: a monster the log killed stands again when its `hp` is raised. So the
log notes each combatant's hit points, AC, DR, side and a checksum of the rest of its stat
block, and a checksum of the fight's own settings (variants, house rules, the grid): in its
first entry, and after an edit in an entry of its own (`"event": "fight-file"`,
read by the session, never played). The first command after an edit says what changed; a
command that records then notes the new fingerprint, so it is said once.

The checksums are of the fight as lnf reads it, so a new lnf that reads the same file into a
new field must not look like an edit. Form 2 (`"form": 2`) sums only the fields that differ
from their default: a field lnf adds with a default (as `Attack.more_per_slot` was) changes no
checksum. Form 1 (no `"form"`, logs written before it) summed every field; it is checked by
summing again without the fields added since (`FORM_1_LATER`), so an upgrade alone says
nothing and an edit of the file is still said. Form 3 sums the fields lnf then added whose
value the same file now fills (a spell's school from the spellbook, a Champion's critical
roll: `FORM_2_LATER`); a form-2 log is checked without them."""

from __future__ import annotations

import dataclasses
import json
import zlib
from enum import Enum
from typing import Any

from lnf.model import Fight
from lnf.values import value

KIND = "fight-file"  # a log entry holding a fingerprint, not an event of play
NOTED = "fight_file"  # the log's first entry holds the first fingerprint under this key
SHOWN = ("hp", "ac", "dr")  # said by value; the rest of a stat block by its checksum
FORM = 3  # fields at their default left out of the checksums; FORM_2_LATER's summed

# The fields lnf added, with a default, after logs noted form 1 and before form 2, oldest
# first: a form-1 log written before one of them summed none of it nor those after it.
FORM_1_LATER: tuple[tuple[str, str], ...] = (
    ("Attack", "more_per_slot"),
    ("Hero", "hid_with"),  # R4: the Stealth total a Search contests
)
# The fields lnf added after form 2 whose value the same file may fill (form 3), oldest first:
# a form-2 (or form-1) log was written before them, and is summed without them.
FORM_2_LATER: tuple[tuple[str, str], ...] = (
    ("Guard", "deflects"),  # F2: a monk's sheet's Deflect Missiles
    ("Attack", "crit_on"),  # F2: a Champion's Improved Critical
    ("Hero", "subclass"),  # F2
    ("Attack", "school"),  # F7: a spell's school, from the spellbook
)


def fingerprint(
    fight: Fight,
    form: int = FORM,
    later: frozenset[tuple[str, str]] = frozenset(),
    dropped: frozenset[tuple[str, str]] = frozenset(),
) -> dict[str, Any]:
    """What of the fight file the log's facts rest on, small enough to log (a few dozen bytes
    a combatant). `form` 1 sums every field but those of `later` left at their default; any
    form sums none of `dropped` (fields added after it)."""
    lean = form >= 2
    who: dict[str, Any] = {}
    for c in fight.everyone:
        shown = {k: getattr(c, k) for k in SHOWN}
        rest = _fields(c, lean, later, skip=(*SHOWN, "name"), dropped=dropped)
        who[c.name] = {"side": str(c.side), **shown, "rest": _digest(rest)}
    own = _fields(fight, lean, later, skip=("heroes", "monsters"), dropped=dropped)
    return {"who": who, "rest": _digest(own), **({"form": form} if lean else {})}


def entry(fight: Fight) -> dict[str, Any]:
    return {"event": KIND, **fingerprint(fight)}


def is_fingerprint(data: object) -> bool:
    return isinstance(data, dict) and data.get("event") == KIND


@value
class Change:
    """One thing the fight file says otherwise than when the log noted it."""

    who: str  # "" for the fight's own settings
    what: str  # in words: "hit point maximum 15 → 30"
    hp_was: int | None = None  # the hit point maximum the log's facts were recorded under


def changes(old: dict[str, Any], fight: Fight) -> list[Change]:
    """What changed in the fight file since the log noted it (`old`), summed in the form the
    log noted it in. A fingerprint that does not read (made by hand) says nothing."""
    was = old.get("who")
    if not isinstance(was, dict):
        return []
    form = old.get("form", 1)
    after_2 = frozenset(FORM_2_LATER)
    if form == 1:  # each lnf that wrote form 1: without the fields added since, down to none
        nows = [
            fingerprint(fight, 1, frozenset(FORM_1_LATER[k:]), after_2)
            for k in range(len(FORM_1_LATER) + 1)
        ]
    elif form == 2:  # each lnf that wrote form 2: without the fields added since, down to none
        nows = [
            fingerprint(fight, 2, dropped=frozenset(FORM_2_LATER[k:]))
            for k in range(len(FORM_2_LATER) + 1)
        ]
    else:
        nows = [fingerprint(fight, form if isinstance(form, int) else FORM)]
    now = nows[0]["who"]
    out: list[Change] = []
    for name, then in was.items():
        if name not in now:
            continue  # a combatant gone is a misfit (or a rename) where the log names it
        if not isinstance(then, dict):
            continue
        this = now[name]
        for key in SHOWN:
            if then.get(key) != this[key]:
                hp_was = then.get(key) if key == "hp" and type(then.get(key)) is int else None
                out.append(Change(name, f"{_field(key)} {then.get(key)} → {this[key]}", hp_was))
        if then.get("side") != this["side"]:
            out.append(Change(name, f"now on the {this['side']}' side"))
        elif then.get("rest") not in {n["who"][name]["rest"] for n in nows}:
            out.append(Change(name, "its stat block changed"))
    out += [Change(name, "added to the fight file") for name in now if name not in was]
    if old.get("rest") not in {n["rest"] for n in nows}:
        out.append(Change("", "the fight's settings changed (variants, house rules or grid)"))
    return out


def _field(key: str) -> str:
    return {"hp": "hit point maximum", "ac": "AC", "dr": "DR"}[key]


def _digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, ensure_ascii=False)
    return f"{zlib.crc32(text.encode('utf-8', 'surrogatepass')):08x}"


def _fields(
    x: Any,
    lean: bool,
    later: frozenset[tuple[str, str]],
    skip: tuple[str, ...] = (),
    dropped: frozenset[tuple[str, str]] = frozenset(),
) -> dict[str, Any]:
    """A value's fields in their canonical form: those at their default left out when `lean`
    (form 2), those of `later` when at their default (form 1 as an older lnf summed it), and
    those of `dropped` whatever their value (fields an older lnf did not have)."""
    defaults = _defaults(type(x))
    kind = type(x).__name__
    out = {}
    for f in dataclasses.fields(x):
        if f.name in skip or (kind, f.name) in dropped:
            continue
        v = getattr(x, f.name)
        if (lean or (kind, f.name) in later) and f.name in defaults and v == defaults[f.name]:
            continue
        out[f.name] = _canonical(v, lean, later, dropped)
    return out


_DEFAULTS: dict[type, dict[str, Any]] = {}


def _defaults(kind: type) -> dict[str, Any]:
    """A value class's fields that have a default, and that default (worked out once)."""
    if kind not in _DEFAULTS:
        from lnf.formats.attack_spec import defaults

        _DEFAULTS[kind] = defaults(kind)
    return _DEFAULTS[kind]


def _canonical(
    x: Any,
    lean: bool,
    later: frozenset[tuple[str, str]],
    dropped: frozenset[tuple[str, str]] = frozenset(),
) -> Any:
    """A form of a value that is the same in every process (sets sorted: a set's order follows
    string hashing, which Python varies from run to run)."""
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return _fields(x, lean, later, dropped=dropped)
    if isinstance(x, Enum):
        return _canonical(x.value, lean, later)
    if isinstance(x, frozenset | set):
        items = (_canonical(v, lean, later, dropped) for v in x)
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(x, tuple | list):
        return [_canonical(v, lean, later, dropped) for v in x]
    if isinstance(x, dict):
        return {str(k): _canonical(v, lean, later, dropped) for k, v in x.items()}
    if x is None or isinstance(x, bool | int | float | str):
        return x
    return str(x)
