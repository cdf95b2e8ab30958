"""A small declarative schema: one description of the fight file drives reading, checking
every field (collecting all problems, with lines) and the JSON Schema of `lnf schema`.

A hand-rolled schema instead of a validation library keeps start-up fast (`lnf show` must be
quick) and lets every message say exactly what a DM needs: file, line, field path, what was
expected, and "did you mean" for a misspelt key.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import StrEnum
from typing import Any, Generic, TypeVar

from lnf.errors import InputError, InputProblem
from lnf.formats.yaml_source import FieldPath, Located, path_text
from lnf.values import value

T = TypeVar("T")


class _Invalid:
    def __repr__(self) -> str:
        return "INVALID"


INVALID: Any = _Invalid()  # stands in for a value that failed; the problem is already recorded
MISSING: Any = object()


class Checker:
    """Collects every problem found while reading one file. An entry whose SRD name, class or
    level could not be read is `hold`-en: the fields the SRD would have given it are not said
    missing too, nor its name unknown where the groups use it; one typo, one message."""

    def __init__(self, located: Located, source: str) -> None:
        self.located = located
        self.source = source
        self.problems: list[InputProblem] = []
        self._held: dict[FieldPath, frozenset[str] | None] = {}  # None: every field
        self._held_names: list[str] = []
        self._follow_ons: set[int] = set()

    def hold(self, path: FieldPath, fields: frozenset[str] | None = None, name: str = "") -> None:
        """The entry at `path` could not be worked out (its problem is said there): its missing
        `fields` (None: all) follow from it, and so does an unknown name like `name`."""
        before = self._held.get(path, frozenset())
        self._held[path] = None if fields is None or before is None else before | fields
        if name:
            self._held_names.append(name.casefold())

    def held(self, path: FieldPath, field: str) -> bool:
        if path not in self._held:
            return False
        fields = self._held[path]
        return fields is None or field in fields

    def name_held(self, name: str) -> bool:
        """Whether `name` ("Owlbear", "Gnoll 2") is likely a held entry's, numbered or not."""
        if not self._held_names:
            return False
        import difflib

        base = re.sub(r"\s+\d+$", "", name.strip()).casefold()
        return bool(difflib.get_close_matches(base, self._held_names, n=1, cutoff=0.6))

    def fail(
        self,
        path: FieldPath,
        message: str,
        hint: str = "",
        rule: str = "",
        *,
        follows: bool = False,
    ) -> Any:
        """A problem at `path`; one that `follows` from another (a held entry's) is said only
        when nothing else is wrong."""
        problem = InputProblem(message, path_text(path), self.located.line(path), hint, rule)
        self.problems.append(problem)
        if follows:
            self._follow_ons.add(id(problem))
        return INVALID

    def raise_if_any(self) -> None:
        """Every problem found, in the order of the file's lines."""
        if self.problems:
            roots = [p for p in self.problems if id(p) not in self._follow_ons]
            by_line = sorted(roots or self.problems, key=lambda p: p.line or 0)
            raise InputError(self.source, by_line)


def did_you_mean(word: str, choices: list[str]) -> str:
    import difflib  # only when something is misspelt: quicker start-up

    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    if not close:  # a stat block's name cut short: "Werewolf" for "Werewolf, Hybrid Form"
        close = [c for c in choices if c.lower().startswith(word.lower())][:1]
    return f"did you mean {close[0]!r}?" if close else ""


class Spec:
    """How one value is read, checked and described."""

    expected = "a value"

    def __init__(self, doc: str = "") -> None:
        self.doc = doc

    def read(self, value: Any, path: FieldPath, ck: Checker) -> Any:
        raise NotImplementedError

    def json_schema(self) -> dict[str, Any]:
        raise NotImplementedError

    def _with_doc(self, schema: dict[str, Any]) -> dict[str, Any]:
        return {**schema, "description": self.doc} if self.doc else schema

    def _wrong(self, value: Any, path: FieldPath, ck: Checker) -> Any:
        return ck.fail(path, f"expected {self.expected}, got {_shown(value)}")


def _shown(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}…"


MAX_TEXT = 200  # characters in a name or a short text; no fight needs more
MAX_ITEMS = 2_000  # entries in a list or mapping; lnf plans up to 50 heroes and 500 monsters


class Str(Spec):
    """Plain text on one line: a name, a title, a note (a whole number is taken as text)."""

    expected = "text"

    def __init__(self, doc: str = "", max_length: int = MAX_TEXT) -> None:
        super().__init__(doc)
        self.max_length = max_length

    def read(self, value: Any, path: FieldPath, ck: Checker) -> Any:
        if isinstance(value, bool) or not isinstance(value, str | int):
            return self._wrong(value, path, ck)
        text = str(value).strip()
        if not text:
            return ck.fail(path, "must not be empty")
        if len(text) > self.max_length:
            return ck.fail(path, f"longer than {self.max_length} characters (the limit)")
        if (bad := control_character(text)) is not None:
            return ck.fail(path, f"holds a control character ({bad!r}): plain text only")
        return text

    def json_schema(self) -> dict[str, Any]:
        schema = {"type": "string", "minLength": 1, "maxLength": self.max_length}
        return self._with_doc(schema)


def control_character(text: str) -> str | None:
    """The first control or format character in `text` (escape codes, bidirectional
    overrides…), which would let a name rewrite the terminal or hide what it says."""
    if text.isprintable():  # no character of categories C or Z but the space: no Cc nor Cf,
        return None  # from the same Unicode data; unicodedata stays unloaded (start-up time)
    import unicodedata

    return next((c for c in text if unicodedata.category(c) in ("Cc", "Cf")), None)


# A whole number written as text: "+5", "-1", "12". Text, compiled by `re` at first use (most
# fight files write numbers as numbers): start-up time.
SIGNED = r"[+-]?\d{1,9}"


class Int(Spec):
    def __init__(self, doc: str = "", minimum: int | None = None, maximum: int | None = None):
        super().__init__(doc)
        self.minimum = minimum
        self.maximum = maximum
        bounds = ""
        if minimum is not None and maximum is not None:
            bounds = f" from {minimum} to {maximum}"
        elif minimum is not None:
            bounds = f" of at least {minimum}"
        self.expected = f"a whole number{bounds}"

    def read(self, value: Any, path: FieldPath, ck: Checker) -> Any:
        if isinstance(value, str) and re.fullmatch(SIGNED, value.strip()):
            value = int(value.strip())  # "+5", as stat blocks print a bonus
        if isinstance(value, bool) or not isinstance(value, int):
            return self._wrong(value, path, ck)
        if (self.minimum is not None and value < self.minimum) or (
            self.maximum is not None and value > self.maximum
        ):
            return self._wrong(value, path, ck)
        return value

    def json_schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": ["integer", "string"], "pattern": SIGNED}
        if self.minimum is not None:
            schema["minimum"] = self.minimum
        if self.maximum is not None:
            schema["maximum"] = self.maximum
        return self._with_doc(schema)


class SlotLevel(Spec):
    """A spell's slot: `true` (1st level), a level from 1 to 9, or `false`/0 (none)."""

    expected = "true, false or a slot level from 1 to 9"

    def read(self, value: Any, path: FieldPath, ck: Checker) -> Any:
        if isinstance(value, bool):
            return int(value)
        if isinstance(value, int) and 0 <= value <= 9:
            return value
        return self._wrong(value, path, ck)

    def json_schema(self) -> dict[str, Any]:
        return self._with_doc({"type": ["boolean", "integer"], "minimum": 0, "maximum": 9})


class Bool(Spec):
    expected = "true or false"

    def read(self, value: Any, path: FieldPath, ck: Checker) -> Any:
        return value if isinstance(value, bool) else self._wrong(value, path, ck)

    def json_schema(self) -> dict[str, Any]:
        return self._with_doc({"type": "boolean"})


E = TypeVar("E", bound=StrEnum)


# An enum's members and their spellings, lowered too, listed once for all the specs of it (the
# fight file's spec has 30, eight of Condition's 38 conditions): Python 3.11 walks an enum and
# reads `.value` slowly, and these were a tenth of the spec's start-up.
_SPELLINGS: dict[type[StrEnum], tuple[tuple[Any, ...], tuple[str, ...], tuple[str, ...]]] = {}


def _spellings(enum: type[StrEnum]) -> tuple[tuple[Any, ...], tuple[str, ...], tuple[str, ...]]:
    if (known := _SPELLINGS.get(enum)) is None:
        members = tuple(enum)  # in order, aliases left out, as `for e in enum` walks them
        words = tuple(e._value_ for e in members)  # `.value` is `_value_` read by a property
        known = _SPELLINGS[enum] = (members, words, tuple(w.lower() for w in words))
    return known


class OneOf(Spec, Generic[E]):
    """One of an enum's spellings."""

    def __init__(self, enum: type[E], doc: str = "", also: dict[str, E] | None = None) -> None:
        super().__init__(doc)
        self.enum = enum
        self._members, words, self._lowered = _spellings(enum)
        self.words = list(words)
        self.expected = "one of " + ", ".join(self.words)
        self.also = {k.lower(): v for k, v in (also or {}).items()}  # other names of members
        self._also_words = list(also or {})

    def read(self, value: Any, path: FieldPath, ck: Checker) -> Any:
        if isinstance(value, str):
            word = value.strip()
            low = word.lower()
            if low in self._lowered:  # the first spelling that matches, as the walk found it
                return self._members[self._lowered.index(low)]
            if low in self.also:
                return self.also[low]
            near = did_you_mean(word, self.words) or did_you_mean(word.upper(), self._also_words)
            return ck.fail(path, f"expected {self.expected}, got {value!r}", near)
        return self._wrong(value, path, ck)

    def json_schema(self) -> dict[str, Any]:
        return self._with_doc({"enum": self.words + self._also_words})


class ListOf(Spec):
    """A list; with `one`, a single item alone is the list of it (`armor: chain mail`)."""

    def __init__(self, item: Spec, doc: str = "", unique: bool = False, one: bool = False) -> None:
        super().__init__(doc)
        self.item = item
        self.unique = unique
        self.one = one
        self.expected = f"a list of {item.expected}"

    def read(self, value: Any, path: FieldPath, ck: Checker) -> Any:
        if self.one and isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            return self._wrong(value, path, ck)
        if len(value) > MAX_ITEMS:
            return ck.fail(path, f"more than {MAX_ITEMS:,} entries (the limit)")
        out = [self.item.read(v, (*path, i), ck) for i, v in enumerate(value)]
        if self.unique:
            seen: set[Any] = set()
            for i, v in enumerate(out):
                if v is not INVALID and v in seen:
                    ck.fail((*path, i), f"{v} is listed twice")
                seen.add(v)
        return out

    def json_schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": "array", "items": self.item.json_schema()}
        if self.unique:
            schema["uniqueItems"] = True
        if self.one:
            schema = {"anyOf": [schema, self.item.json_schema()]}
        return self._with_doc(schema)


class MapOf(Spec):
    """A mapping from free labels to values of one spec."""

    def __init__(self, value: Spec, doc: str = "") -> None:
        super().__init__(doc)
        self.value = value
        self.expected = f"a mapping of labels to {value.expected}"

    def read(self, value: Any, path: FieldPath, ck: Checker) -> Any:
        if not isinstance(value, dict):
            return self._wrong(value, path, ck)
        if len(value) > MAX_ITEMS:
            return ck.fail(path, f"more than {MAX_ITEMS:,} entries (the limit)")
        out = {}
        for k, v in value.items():
            label = Str().read(k, (*path, k), ck)  # labels are names too
            if label is not INVALID:
                out[label] = self.value.read(v, (*path, k), ck)
        return out

    def json_schema(self) -> dict[str, Any]:
        return self._with_doc({"type": "object", "additionalProperties": self.value.json_schema()})


@value
class Field:
    spec: Spec
    default: Any = MISSING
    doc: str = ""

    @property
    def required(self) -> bool:
        return self.default is MISSING


class Obj(Spec):
    """A mapping with known fields; unknown keys are errors with a "did you mean"."""

    def __init__(self, fields: dict[str, Field], doc: str = "", what: str = "a mapping") -> None:
        super().__init__(doc)
        self.fields = fields
        self.expected = what

    def read(self, value: Any, path: FieldPath, ck: Checker) -> Any:
        if not isinstance(value, dict):
            return self._wrong(value, path, ck)
        out: dict[str, Any] = {}
        for key in value:
            if key not in self.fields:
                names = list(self.fields)
                hint = did_you_mean(key, names) or "known fields: " + ", ".join(names)
                ck.fail((*path, key), f"unknown field {key!r}", hint)
        for name, fld in self.fields.items():
            if name in value:
                out[name] = fld.spec.read(value[name], (*path, name), ck)
            elif fld.required:
                missing = f"missing field {name!r} ({fld.spec.expected})"
                out[name] = ck.fail(path, missing, follows=ck.held(path, name))
            else:
                out[name] = fld.default
        return out

    def json_schema(self) -> dict[str, Any]:
        props: dict[str, Any] = {}
        for name, fld in self.fields.items():
            prop = fld.spec.json_schema()
            if fld.doc:
                prop = {**prop, "description": fld.doc}
            if not fld.required and fld.default not in (None, MISSING):
                default = fld.default
                if isinstance(default, StrEnum):
                    default = default.value
                if isinstance(default, str | int | bool | list):
                    prop = {**prop, "default": default}
            props[name] = prop
        schema: dict[str, Any] = {
            "type": "object",
            "properties": props,
            "additionalProperties": False,
        }
        required = [n for n, f in self.fields.items() if f.required]
        if required:
            schema["required"] = required
        return self._with_doc(schema)


class OutOfBounds(ValueError):
    """Text of the right form whose value is out of bounds (12/10 hit points): the message is
    complete, with no reminder of the form."""

    def __init__(self, message: str, hint: str = "", rule: str = "") -> None:
        super().__init__(message)
        self.hint = hint
        self.rule = rule


class Text(Spec, Generic[T]):
    """A value written as short text (dice, "12/27", "volley 3"), parsed by a function.

    The parser raises ValueError with a message that says what is wrong.
    """

    def __init__(
        self,
        parse: Callable[[Any], T],
        expected: str,
        schema: dict[str, Any],
        doc: str = "",
    ) -> None:
        super().__init__(doc)
        self.parse = parse
        self.expected = expected
        self.schema = schema

    def read(self, value: Any, path: FieldPath, ck: Checker) -> Any:
        if isinstance(value, bool) or not isinstance(value, str | int):
            return self._wrong(value, path, ck)
        if len(str(value)) > MAX_TEXT:
            return ck.fail(path, f"longer than {MAX_TEXT} characters (the limit)")
        try:
            return self.parse(value)
        except OutOfBounds as exc:  # the form is right: what the value may be says it all
            return ck.fail(path, str(exc), exc.hint, exc.rule)
        except ValueError as exc:
            return ck.fail(path, f"{exc} (expected {self.expected})")

    def json_schema(self) -> dict[str, Any]:
        return self._with_doc(dict(self.schema))
