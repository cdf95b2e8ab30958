"""Events as JSON, one object per line of the fight log.

The format is the one lnf has always written, so every log still reads: `{"event": "turn",
"who": …, "steps": [{"step": "attack", …}]}`, enums as their spelling, pairs such as damage per
type as an object (`{"slashing": 7}`; untyped damage under ""), a plan's orders as `{"monster",
"rank", "move": "joins group A", "target", "mode"}` (`"action"`, `"also"` only when set: B1, B3).

Reading is strict: every field has its type (a whole number is not a float, NaN or `true`),
every enum one of its spellings, no field unknown or missing; else it is refused with why.
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from collections.abc import Callable
from enum import StrEnum
from typing import Any

from lnf.dice import DamageType
from lnf.errors import InputError, InputProblem
from lnf.formats.event_tags import EVENT_TAGS, LATER_FIELDS, STEP_TAGS
from lnf.formats.spec import control_character
from lnf.model import Condition, Dot, Phase, PhaseKind, Rank
from lnf.model.events import Event, Recorded
from lnf.model.plan import LEAVE, STAY, Mode, Move, MoveKind, Order
from lnf.model.steps import Step

_EVENTS = {tag: cls for cls, tag in EVENT_TAGS.items()}
UNTYPED = DamageType | None  # written "" when None
_STEPS = {tag: cls for cls, tag in STEP_TAGS.items()}


E = typing.TypeVar("E", bound=StrEnum)


class _Bad(Exception):
    """What is wrong with one entry; `event_from_json` turns it into an InputError."""


# --- writing -------------------------------------------------------------------------------


def event_to_json(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"event": EVENT_TAGS[type(event)]}
    if isinstance(event, Recorded):
        data["steps"] = [step_to_json(s) for s in event.steps]
        data["note"] = event.note
        data["by"] = "rules" if event.by_rules else "dm"
        if event.actor:  # a later field (LATER_FIELDS): written only when set
            data["actor"] = event.actor
        return data
    return data | _fields_to_json(event)


def step_to_json(step: Step) -> dict[str, Any]:
    return {"step": STEP_TAGS[type(step)], **_fields_to_json(step)}


def _fields_to_json(value: Any) -> dict[str, Any]:
    hints = _hints(type(value))
    return {
        f.name: _to_json(getattr(value, f.name), hints[f.name])
        for f in dataclasses.fields(value)
        if not (getattr(value, f.name) == f.default and (type(value), f.name) in LATER_FIELDS)
    }


def _pairs(hint: Any) -> bool:
    """`tuple[K, V]` (a pair, written as an object's entry), not `tuple[X, ...]` (a list)."""
    args = typing.get_args(hint)
    return typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is not Ellipsis


def _unwrapped(hint: Any) -> Any:
    """`X | None` → X, where X is a tuple type; any other hint as it is."""
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        tuples = [o for o in typing.get_args(hint) if typing.get_origin(o) is tuple]
        if len(tuples) == 1:
            return tuples[0]
    return hint


def _to_json(value: Any, hint: Any) -> Any:
    if value is None and hint == UNTYPED:
        return ""  # untyped damage has an empty type, as in damage per type
    if isinstance(value, tuple):
        hint = _unwrapped(hint)
        if _pairs(hint):  # one pair, such as a save's (ability, DC): a two-item list
            return [_to_json(v, h) for v, h in zip(value, typing.get_args(hint), strict=True)]
        item = typing.get_args(hint)[0]
        if _pairs(item):  # pairs, written as an object
            key_hint, value_hint = typing.get_args(item)
            return {
                ("" if k is None else _to_json(k, key_hint)): _to_json(v, value_hint)
                for k, v in value
            }
        return [_to_json(v, item) for v in value]
    if isinstance(value, Order):
        later = {"action": value.action, "also": list(value.also)}  # B1, B3: only when set
        return {
            "monster": value.monster,
            "rank": value.rank.value,
            "move": str(value.move),
            "target": value.target,
            "mode": value.mode.value if value.mode is not None else None,
        } | {k: v for k, v in later.items() if v}
    if isinstance(value, Phase):
        return str(value)
    if type(value) in STEP_TAGS:
        return step_to_json(value)
    if dataclasses.is_dataclass(value):
        return _fields_to_json(value)
    if isinstance(value, StrEnum):
        return value.value
    return value


# --- reading -------------------------------------------------------------------------------


def event_from_json(data: Any, source: str, line: int | None = None) -> Event:
    """The event a log entry holds; an InputError at `source`, `line` says what is wrong."""
    try:
        return _event(data)
    except _Bad as exc:
        raise InputError(source, [InputProblem(str(exc), line=line)]) from None


def _event(data: Any) -> Event:
    if not isinstance(data, dict) or not isinstance(tag := data.get("event"), str):
        raise _Bad(f"not an lnf event: {_short(data)}")
    if tag not in _EVENTS:
        raise _Bad(f"not an lnf event: {_short(data)}")
    cls = _EVENTS[data["event"]]
    fields = {k: v for k, v in data.items() if k != "event"}
    if cls is Recorded:
        by = fields.pop("by", "dm")
        if by not in ("dm", "rules"):
            raise _Bad(f"record: 'by' must be dm or rules, not {_short(by)}")
        fields["by_rules"] = by == "rules"
    event: Event = _build(cls, fields, data["event"])
    return event


def _step_from_json(data: Any) -> Step:
    if not isinstance(data, dict) or not isinstance(tag := data.get("step"), str):
        raise _Bad(f"not an lnf step: {_short(data)}")
    if tag not in _STEPS:
        raise _Bad(f"not an lnf step: {_short(data)}")
    fields = {k: v for k, v in data.items() if k != "step"}
    step: Step = _build(_STEPS[data["step"]], fields, data["step"])
    return step


def _build(cls: type[Any], fields: dict[str, Any], tag: str) -> Any:
    return _class_reader(cls)(fields, tag)


_MISSING = dataclasses.MISSING
_HINTS: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    """A dataclass's field types, worked out once per class."""
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


Reader = Callable[[Any, str], Any]  # (a JSON value, where it is) → the typed value
_READERS: dict[Any, Reader] = {}
_CLASS_READERS: dict[type[Any], Callable[[dict[str, Any], str], Any]] = {}


def _class_reader(cls: type[Any]) -> Callable[[dict[str, Any], str], Any]:
    """Reads a dataclass from its JSON object: every field read by its type, none unknown,
    none missing that has no default. Worked out once per class."""
    if cls in _CLASS_READERS:
        return _CLASS_READERS[cls]
    hints = _hints(cls)
    plan = []
    for f in dataclasses.fields(cls):
        required = f.default is _MISSING and f.default_factory is _MISSING
        plan.append((f.name, _reader(hints[f.name]), required))
    known = frozenset(name for name, _, _ in plan)

    def read(fields: dict[str, Any], tag: str) -> Any:
        if not known.issuperset(fields):
            raise _Bad(f"{tag}: unknown field {sorted(set(fields) - known)[0]!r}")
        values = {}
        for name, reader, required in plan:
            if name in fields:
                values[name] = reader(fields[name], f"{tag}.{name}")
            elif required:
                raise _Bad(f"{tag}: missing field {name!r}")
        return cls(**values)

    _CLASS_READERS[cls] = read
    return read


def _reader(hint: Any) -> Reader:
    """How to read a value of type `hint`, worked out once per type."""
    if hint not in _READERS:
        _READERS[hint] = _make_reader(hint)
    return _READERS[hint]


def _make_reader(hint: Any) -> Reader:
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        return _union_reader(hint)
    if origin is tuple and _pairs(hint):  # one pair, as a two-item list
        return _pair_reader(*typing.get_args(hint))
    if origin is tuple:
        item = typing.get_args(hint)[0]
        if _pairs(item):  # pairs, written as an object
            return _pairs_reader(*typing.get_args(item))
        read_item = _reader(item)

        def read_list(value: Any, where: str) -> Any:
            if not isinstance(value, list):
                raise _Bad(f"{where}: expected a list, got {_short(value)}")
            return tuple(read_item(v, f"{where}[{i}]") for i, v in enumerate(value))

        return read_list
    if hint is Order:
        return _order
    if hint is Phase:
        return _phase
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        enum = hint
        return lambda value, where: _enum(value, enum, where)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        cls = hint

        def read_object(value: Any, where: str) -> Any:
            if not isinstance(value, dict):
                raise _Bad(f"{where}: expected an object, got {_short(value)}")
            return _class_reader(cls)(value, where)

        return read_object
    if hint in (bool, int, str):
        return _plain_reader(hint)
    raise AssertionError(f"no JSON reading for {hint!r}")  # a new kind of event field


MAX_TEXT = 20_000  # characters in one text of an event (a plan's note is the longest)
MAX_NUMBER = 2**63  # a whole number in an event (a seed, a face, an amount) is smaller


def _plain_reader(kind: type[Any]) -> Reader:
    what = {bool: "true or false", int: "a whole number", str: "text"}[kind]

    def read(value: Any, where: str) -> Any:
        # bool is an int in Python; a whole number must not be true, nor a float or NaN
        if type(value) is not kind:
            raise _Bad(f"{where}: expected {what}, got {_short(value)}")
        if kind is int and not -MAX_NUMBER <= value <= MAX_NUMBER:
            raise _Bad(f"{where}: {_short(value)} is out of range")
        if kind is str:
            if len(value) > MAX_TEXT:
                raise _Bad(f"{where}: longer than {MAX_TEXT:,} characters")
            if (bad := control_character(value)) is not None:
                raise _Bad(f"{where}: holds a control character ({bad!r})")
        return value

    return read


def _union_reader(hint: Any) -> Reader:
    options = [o for o in typing.get_args(hint) if o is not type(None)]
    optional = len(options) < len(typing.get_args(hint))
    if set(options) == set(typing.get_args(Step)):
        return lambda value, where: _step_from_json(value)
    readers = [_reader(o) for o in options]
    untyped = hint == UNTYPED

    def read(value: Any, where: str) -> Any:
        if value is None and optional:
            return None
        if value == "" and untyped:
            return None
        errors = []
        for reader in readers:
            try:
                return reader(value, where)
            except _Bad as exc:
                errors.append(str(exc))
        raise _Bad(errors[0])

    return read


def _pair_reader(first_hint: Any, second_hint: Any) -> Reader:
    first, second = _reader(first_hint), _reader(second_hint)

    def read(value: Any, where: str) -> Any:
        if not isinstance(value, list) or len(value) != 2:
            raise _Bad(f"{where}: expected a pair [a, b], got {_short(value)}")
        return (first(value[0], f"{where}[0]"), second(value[1], f"{where}[1]"))

    return read


def _pairs_reader(key_hint: Any, value_hint: Any) -> Reader:
    read_value = _reader(value_hint)
    untyped_key = type(None) in typing.get_args(key_hint)
    read_key = _reader(key_hint)

    def read(value: Any, where: str) -> Any:
        if not isinstance(value, dict):
            raise _Bad(f"{where}: expected an object, got {_short(value)}")
        return tuple(
            (
                None if untyped_key and k == "" else read_key(k, where),
                read_value(v, f"{where}.{k}"),
            )
            for k, v in value.items()
        )

    return read


def _enum(value: Any, enum: type[E], where: str) -> E:
    if isinstance(value, str):
        for member in enum:
            if member.value == value:
                return member
    words = ", ".join(m.value for m in enum)
    raise _Bad(f"{where}: expected one of {words}, got {_short(value)}")


def _phase(value: Any, where: str) -> Phase:
    if isinstance(value, str):
        if found := re.fullmatch(r"volley (\d+)", value):
            return Phase(PhaseKind.VOLLEY, int(found[1]))
        if value in {k.value for k in PhaseKind} - {PhaseKind.VOLLEY.value}:
            return Phase(PhaseKind(value))
    raise _Bad(f"{where}: expected a phase such as melee or volley 2, got {_short(value)}")


_MOVE = re.compile(r"stays|leaves its group|joins group (?P<group>.+)|joins (?P<hero>.+)")


def _order(value: Any, where: str) -> Order:
    keys = {"monster", "rank", "move", "target", "mode"}
    if not isinstance(value, dict) or not keys <= set(value) <= keys | {"action", "also"}:
        raise _Bad(f"{where}: expected an order (monster, rank, move, target, mode; action, also)")
    found = _MOVE.fullmatch(value["move"]) if isinstance(value["move"], str) else None
    if found is None:
        raise _Bad(f"{where}.move: not a move: {_short(value['move'])}")
    if found[0] == "stays":
        move = STAY
    elif found[0] == "leaves its group":
        move = LEAVE
    else:
        move = Move(MoveKind.JOIN, group=found["group"], hero=found["hero"])
    target = value["target"]
    if target is not None and not isinstance(target, str):
        raise _Bad(f"{where}.target: expected a name, got {_short(target)}")
    mode = None if value["mode"] is None else _enum(value["mode"], Mode, f"{where}.mode")
    monster = _reader(str)(value["monster"], f"{where}.monster")
    action = _reader(str)(value.get("action", ""), f"{where}.action")  # B1
    also = _reader(tuple[str, ...])(value.get("also", []), f"{where}.also")  # B3
    rank = _enum(value["rank"], Rank, f"{where}.rank")
    return Order(monster, rank, move, target, mode, action, also)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


# Mark = Dot | Condition: both are read by their spelling (no spelling is in both).
assert not {d.value for d in Dot} & {c.value for c in Condition}
