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

        def key(self: Any) -> tuple[Any, ...]:
            return tuple([getattr(self, name) for name in names])

        def __eq__(self: Any, other: object) -> bool:
            if other.__class__ is not self.__class__:
                return NotImplemented
            return key(self) == key(other)

        def __hash__(self: Any) -> int:
            return hash(key(self))

        def __repr__(self: Any) -> str:
            shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
            return f"{self.__class__.__qualname__}({shown})"

        cls.__value_fields__ = frozenset(names)  # type: ignore[attr-defined]  # for `replace`
        kinds = (functools.cached_property, cached)
        cls.__value_cached__ = tuple(  # type: ignore[attr-defined]  # what `replace` leaves
            name
            for klass in cls.__mro__[:-1]  # not `object`, which has none
            for name, attribute in vars(klass).items()
            if isinstance(attribute, kinds)
        )
        methods: dict[str, Any] = {
            "__init__": _init(cls.__name__, fields),
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


def _init(name: str, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    """An `__init__` that takes the fields by position (those not keyword-only) or by name,
    and fills the rest from their defaults. The fields go into the instance's `__dict__` in one
    step: `dataclasses.replace` gives every field by name, and a fight's state is copied
    thousands of times a fight (an odds run), so a loop over the fields here is what it costs."""
    positional = tuple(f.name for f in fields if not f.kw_only)
    defaults = {f.name: f.default for f in fields if f.default is not _MISSING}
    factories = {f.name: f.default_factory for f in fields if f.default_factory is not _MISSING}
    names = tuple(f.name for f in fields)
    known = frozenset(names)
    required = frozenset(n for n in names if n not in defaults and n not in factories)
    count = len(names)

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if args:
            if len(args) > len(positional):
                raise TypeError(f"{name}() takes {len(positional)} positional arguments")
            for field_name, arg in zip(positional, args, strict=False):
                if field_name in kwargs:
                    raise TypeError(f"{name}() got two values for {field_name!r}")
                kwargs[field_name] = arg
        if len(kwargs) != count or not known.issuperset(kwargs):
            if not known.issuperset(kwargs):
                raise TypeError(f"{name}() got unknown fields {sorted(set(kwargs) - known)}")
            if not required.issubset(kwargs):
                missing = next(n for n in names if n in required and n not in kwargs)
                raise TypeError(f"{name}() is missing {missing!r}")
            state = self.__dict__  # the defaults, then what was given over them
            state.update(defaults)
            for field_name, make in factories.items():
                if field_name not in kwargs:
                    state[field_name] = make()
        self.__dict__.update(kwargs)

    return __init__


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
    if len(state) != len(fields):  # figures a cached_property kept stay behind
        for name in obj.__class__.__value_cached__:  # type: ignore[attr-defined]
            state.pop(name, None)
    state.update(changes)
    return new


V = TypeVar("V")


class cached(Generic[V]):  # read as functools.cached_property is
    """`functools.cached_property` without its lock: Python 3.11 takes one at every first use,
    and a fight's state is a new object, whose figures are asked once each, thousands of times
    a fight. Worked out twice by two threads at once, a frozen value's figure is the same."""

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
