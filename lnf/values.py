"""`@value`: a frozen dataclass that costs next to nothing to define.

Python's `@dataclass(frozen=True)` writes each class's `__init__`, `__repr__`, `__eq__`,
`__hash__`, `__setattr__` and `__delattr__` as source text and compiles it when the module is
imported: about half a millisecond a class, and lnf has some sixty of them on the way to
drawing a grid, which made `lnf show` start several times slower than Python itself. `@value`
lets `dataclasses` collect the fields (so `dataclasses.replace`, `fields` and `field(...)` work
as ever) and gives every class the same few methods, written once here. Type checkers read it
as a frozen dataclass (PEP 681).

What it supports is what lnf uses: fields with defaults or `field(default_factory=…)`,
`kw_only`, `order`, inheritance, `cached_property`. Instances cannot be changed; equality and
hashing go by the fields, in order, as with dataclasses.
"""

from __future__ import annotations

import dataclasses
import functools
import operator
from collections.abc import Callable
from typing import Any, Generic, TypeVar, dataclass_transform, overload

T = TypeVar("T")
_MISSING = dataclasses.MISSING


@overload
def value(cls: type[T], /) -> type[T]: ...


@overload
def value(*, kw_only: bool = False, order: bool = False) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def value(
    cls: type[T] | None = None, /, *, kw_only: bool = False, order: bool = False
) -> type[T] | Callable[[type[T]], type[T]]:
    def make(cls: type[T]) -> type[T]:
        if cls.__doc__ is None:  # else dataclasses works one out with inspect: slow
            cls.__doc__ = f"{cls.__name__}({', '.join(cls.__annotations__)})"
        cls = dataclasses.dataclass(cls, init=False, repr=False, eq=False, kw_only=kw_only)
        fields = dataclasses.fields(cls)  # type: ignore[arg-type]
        names = tuple(f.name for f in fields)

        # The fields in order, as one tuple: `attrgetter` reads them in C (a value is hashed
        # and compared field by field, thousands of times a fight).
        key: Callable[[Any], tuple[Any, ...]] = (
            operator.attrgetter(*names) if len(names) > 1 else _one_field(names)
        )

        def __eq__(self: Any, other: object) -> bool:
            if other.__class__ is not self.__class__:
                return NotImplemented
            return self is other or key(self) == key(other)  # a tuple compares `is` first

        def __hash__(self: Any) -> int:
            return hash(key(self))

        def __repr__(self: Any) -> str:
            shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
            return f"{self.__class__.__qualname__}({shown})"

        cls.__value_fields__ = frozenset(names)  # type: ignore[attr-defined]  # for `replace`
        cls.__value_key__ = key  # type: ignore[attr-defined]  # for `field_values`
        kinds = (functools.cached_property, cached)
        cached_on = tuple(  # what `replace` leaves unless only other fields changed
            (name, getattr(attribute, "on", None))
            for klass in cls.__mro__[:-1]  # not `object`, which has none
            for name, attribute in vars(klass).items()
            if isinstance(attribute, kinds)
        )
        cls.__value_cached__ = cached_on  # type: ignore[attr-defined]
        # For `replace`, worked out once: the figures a change of each field leaves behind
        # (those of that field, and those of any field, `on` None), and those of any field.
        cls.__value_drops__ = {  # type: ignore[attr-defined]
            field: tuple(n for n, on in cached_on if on is None or field in on) for field in names
        }
        cls.__value_always__ = tuple(n for n, on in cached_on if on is None)  # type: ignore[attr-defined]
        methods: dict[str, Any] = {
            "__init__": _init(cls, cls.__name__, fields),
            "__eq__": __eq__,
            "__hash__": __hash__,
            "__repr__": __repr__,
            "__setattr__": _frozen,
            "__delattr__": _frozen,
        }
        if order:
            methods |= _order(key)
        for name, method in methods.items():
            method.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, method)
        return cls

    return make if cls is None else make(cls)


COMPILED_AFTER = 500  # values made of one class before its own `__init__` is compiled
COMPILED_WIDTH = 16  # fields at most: a wider class fills its defaults in one step faster


def _init(cls: type, name: str, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    """An `__init__` that takes the fields by position (those not keyword-only) or by name,
    and fills the rest from their defaults. The fields go into the instance's `__dict__` in one
    step. A class made often (a roll, a step, an option weighed: thousands of times a fight)
    gets an `__init__` of its own, compiled as `dataclasses` would (`_compiled`), once it has
    made COMPILED_AFTER values: compiling every class at import would cost `lnf show`'s start
    a tenth (about 0.1 ms a class), and `show` makes fewer of each (the fight file's spec, 239
    `Field`s, the most)."""
    positional = tuple(f.name for f in fields if not f.kw_only)
    defaults = {f.name: f.default for f in fields if f.default is not _MISSING}
    factories = {f.name: f.default_factory for f in fields if f.default_factory is not _MISSING}
    names = tuple(f.name for f in fields)
    known = frozenset(names)
    required = frozenset(n for n in names if n not in defaults and n not in factories)
    count = len(names)
    made = 0

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        nonlocal made
        made += 1
        if made == COMPILED_AFTER and len(names) <= COMPILED_WIDTH:
            setattr(cls, "__init__", _compiled(cls, fields) or __init__)  # noqa: B010
        if args:
            if kwargs or len(args) > len(positional):
                kwargs = _merged(name, positional, args, kwargs)
            else:
                kwargs = dict(zip(positional, args, strict=False))
        state = self.__dict__
        if len(kwargs) == count and known.issuperset(kwargs):
            state.update(kwargs)  # every field given: `replace`'s case
        elif known.issuperset(kwargs) and required.issubset(kwargs):
            state.update(defaults)  # the defaults, then what was given over them
            if factories:
                for field_name, make in factories.items():
                    if field_name not in kwargs:
                        state[field_name] = make()
            state.update(kwargs)
        elif not known.issuperset(kwargs):
            raise TypeError(f"{name}() got unknown fields {sorted(set(kwargs) - known)}")
        else:
            missing = next(n for n in names if n in required and n not in kwargs)
            raise TypeError(f"{name}() is missing {missing!r}")

    return __init__


_FACTORY = object()  # a field left to its `default_factory`


def _compiled(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None] | None:
    """`cls`'s own `__init__`, with its fields as parameters, as `dataclasses` writes one: the
    same values as `_init`'s (a field missing, unknown or given twice is a TypeError, worded by
    Python). None when its fields cannot be parameters (a required one after a default)."""
    names = [f.name for f in fields]
    if any(n == "self" or n.startswith("_v_") for n in names):
        return None
    space: dict[str, Any] = {"_FACTORY": _FACTORY}
    params: list[str] = []
    kw_params: list[str] = []
    body: list[str] = []
    for f in fields:
        if f.default is not _MISSING:
            space[f"_v_d_{f.name}"] = f.default
            param = f"{f.name}=_v_d_{f.name}"
        elif f.default_factory is not _MISSING:
            space[f"_v_f_{f.name}"] = f.default_factory
            param = f"{f.name}=_FACTORY"
            body.append(f"    if {f.name} is _FACTORY: {f.name} = _v_f_{f.name}()")
        else:
            param = f.name
        (kw_params if f.kw_only else params).append(param)
    signature = ", ".join(["self", *params, *(["*", *kw_params] if kw_params else [])])
    body.append("    _v_state = self.__dict__")
    body.extend(f"    _v_state[{n!r}] = {n}" for n in names)
    source = f"def __init__({signature}):\n" + "\n".join(body) + "\n"
    try:
        exec(source, space)  # our own text, of the class's field names
    except SyntaxError:
        return None
    made: Callable[..., None] = space["__init__"]
    made.__qualname__ = f"{cls.__qualname__}.__init__"
    return made


def _merged(
    name: str, positional: tuple[str, ...], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> dict[str, Any]:
    """The fields given by position and by name, as one mapping (a field given twice, or more
    by position than there are, refused)."""
    if len(args) > len(positional):
        raise TypeError(f"{name}() takes {len(positional)} positional arguments")
    for field_name, arg in zip(positional, args, strict=False):
        if field_name in kwargs:
            raise TypeError(f"{name}() got two values for {field_name!r}")
        kwargs[field_name] = arg
    return kwargs


def _one_field(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The key of a value of one field or none: a tuple, as `attrgetter` of several gives."""
    return lambda self: tuple([getattr(self, name) for name in names])


def _frozen(self: Any, name: str, *args: Any) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot change field {name!r}: the value is frozen")


def _order(key: Callable[[Any], tuple[Any, ...]]) -> dict[str, Any]:
    def compare(test: Callable[[tuple[Any, ...], tuple[Any, ...]], bool]) -> Any:
        def method(self: Any, other: Any) -> Any:
            if other.__class__ is not self.__class__:
                return NotImplemented
            return test(key(self), key(other))

        return method

    return {
        "__lt__": compare(lambda a, b: a < b),
        "__le__": compare(lambda a, b: a <= b),
        "__gt__": compare(lambda a, b: a > b),
        "__ge__": compare(lambda a, b: a >= b),
    }


R = TypeVar("R")


def by_identity(question: Callable[[T], R]) -> Callable[[T], R]:
    """A question about one frozen value that remembers its last answer by the value's
    identity: asked again of the very same object (the solver asks once per option of a
    monster), it is not worked out again. Exact because a value never changes; the object is
    held beside its answer, so its id cannot be reused while it is remembered."""
    remembered: dict[str, tuple[object, R]] = {}

    def asked(value: T) -> R:
        seen = remembered.get("last")  # one read: another thread may remember meanwhile
        if seen is not None and seen[0] is value:
            return seen[1]
        answer = question(value)
        remembered["last"] = (value, answer)
        return answer

    asked.__doc__ = question.__doc__
    asked.__name__ = getattr(question, "__name__", "asked")
    return asked


def by_identities(kept: int) -> Callable[[Callable[[T], R]], Callable[[T], R]]:
    """`by_identity` for a question asked of many values in turn (each combatant of a fight):
    up to `kept` answers remembered, each beside its object, then it starts afresh."""

    def remember(question: Callable[[T], R]) -> Callable[[T], R]:
        remembered: dict[int, tuple[object, R]] = {}

        def asked(value: T) -> R:
            seen = remembered.get(id(value))
            if seen is not None and seen[0] is value:
                return seen[1]
            if len(remembered) >= kept:
                remembered.clear()
            answer = question(value)
            remembered[id(value)] = (value, answer)
            return answer

        return functools.wraps(question)(asked)  # `__wrapped__`: the question itself

    return remember


class HashedOnce:
    """A value as a key that is hashed once (a `@value`'s hash goes field by field, deep into
    attacks and traits). Equal exactly when the values are."""

    __slots__ = ("hash", "value")

    def __init__(self, value: object) -> None:
        self.value = value
        self.hash = hash(value)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HashedOnce) and (
            self is other or (self.hash == other.hash and self.value == other.value)
        )


def field_values(obj: object) -> tuple[Any, ...] | None:
    """A `@value`'s fields in order, the very objects it holds (what its equality and hash
    go by); None for anything else."""
    key = getattr(obj.__class__, "__value_key__", None)
    return None if key is None else key(obj)


def replace(obj: T, /, **changes: Any) -> T:
    """`dataclasses.replace`, for a `@value` in one step: its fields are copied whole, not
    field by field, and what a `cached_property` worked out is left behind (it may depend on a
    field changed). A fight's state is copied thousands of times a fight, so this is what the
    engine's copies cost. Any other dataclass goes to `dataclasses.replace`."""
    fields: frozenset[str] | None = getattr(obj.__class__, "__value_fields__", None)
    if fields is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    if not fields.issuperset(changes):
        unknown = sorted(set(changes) - fields)
        raise TypeError(f"{obj.__class__.__name__}() got unknown fields {unknown}")
    new = object.__new__(obj.__class__)
    state = new.__dict__
    state.update(obj.__dict__)
    if len(state) != len(fields):  # figures a cached_property kept stay behind,
        if changes:  # but those of fields not changed (`__value_drops__`: by field)
            drops = obj.__class__.__value_drops__  # type: ignore[attr-defined]
            for changed in changes:
                for name in drops[changed]:
                    state.pop(name, None)
        else:
            for name in obj.__class__.__value_always__:  # type: ignore[attr-defined]
                state.pop(name, None)
    state.update(changes)
    return new


V = TypeVar("V")


class cached(Generic[V]):  # read as functools.cached_property is
    """`functools.cached_property` without its lock: Python 3.11 takes one at every first use,
    and a fight's state is a new object, whose figures are asked once each, thousands of times
    a fight. Worked out twice by two threads at once, a frozen value's figure is the same."""

    on: frozenset[str] | None = None  # the fields it is worked out of; None: any field

    def __init__(self, func: Callable[[Any], V]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> cached[V]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> V: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> V | cached[V]:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


def cached_of(*fields: str) -> Callable[[Callable[[Any], V]], cached[V]]:
    """`cached`, for a figure worked out of `fields` alone: `replace` changing none of them
    keeps it (a fight whose turn books changed keeps the roster by name it worked out)."""

    def make(func: Callable[[Any], V]) -> cached[V]:
        made = cached(func)
        made.on = frozenset(fields)
        return made

    return make
