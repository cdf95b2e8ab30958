"""The fight file a log was written for: a fingerprint of what matters to the log's facts.

A log's events are read on top of the fight file. Edit the file mid-fight and the same events
can mean other facts: a monster the log killed stands again when its `hp` is raised. So the
log notes each combatant's hit points, AC, DR, side and a checksum of the rest of its stat
block, and a checksum of the fight's own settings (variants, house rules, the grid): in its
first entry, and after an edit in an entry of its own (`"event": "fight-file"`,
read by the session, never played). The first command after an edit says what changed; a
command that records then notes the new fingerprint, so it is said once.
"""

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


def fingerprint(fight: Fight) -> dict[str, Any]:
    """What of the fight file the log's facts rest on, small enough to log (a few dozen bytes
    a combatant)."""
    who: dict[str, Any] = {}
    for c in fight.everyone:
        fields = {f.name: getattr(c, f.name) for f in dataclasses.fields(c)}
        shown = {k: fields.pop(k) for k in SHOWN}
        fields.pop("name")
        who[c.name] = {"side": str(c.side), **shown, "rest": _digest(fields)}
    own = {
        f.name: getattr(fight, f.name)
        for f in dataclasses.fields(fight)
        if f.name not in ("heroes", "monsters")
    }
    return {"who": who, "rest": _digest(own)}


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


def changes(old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    """What changed in the fight file since the log noted it. A fingerprint that does not read
    (made by hand) says nothing."""
    was, now = old.get("who"), new["who"]
    if not isinstance(was, dict):
        return []
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
        elif then.get("rest") != this["rest"]:
            out.append(Change(name, "its stat block changed"))
    out += [Change(name, "added to the fight file") for name in now if name not in was]
    if old.get("rest") != new["rest"]:
        out.append(Change("", "the fight's settings changed (variants, house rules or grid)"))
    return out


def _field(key: str) -> str:
    return {"hp": "hit point maximum", "ac": "AC", "dr": "DR"}[key]


def _digest(data: Any) -> str:
    text = json.dumps(_canonical(data), sort_keys=True, ensure_ascii=False)
    return f"{zlib.crc32(text.encode('utf-8', 'surrogatepass')):08x}"


def _canonical(x: Any) -> Any:
    """A form of a value that is the same in every process (sets sorted: a set's order follows
    string hashing, which Python varies from run to run)."""
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return {f.name: _canonical(getattr(x, f.name)) for f in dataclasses.fields(x)}
    if isinstance(x, Enum):
        return _canonical(x.value)
    if isinstance(x, frozenset | set):
        return sorted((_canonical(v) for v in x), key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(x, tuple | list):
        return [_canonical(v) for v in x]
    if isinstance(x, dict):
        return {str(k): _canonical(v) for k, v in x.items()}
    if x is None or isinstance(x, bool | int | float | str):
        return x
    return str(x)
