"""`@value`'s compiled `__init__` (issue 24, goal 2): a class that makes many values gets an
`__init__` of its own, which must make exactly the values (and refuse exactly the calls) that
the generic one does."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lnf
from lnf.model import Fight
from lnf.values import COMPILED_AFTER, COMPILED_WIDTH, _compiled, _init, value
from tests.strategies import fights


@value
class Point:
    x: int
    y: int = 0
    tags: tuple[str, ...] = dataclasses.field(default_factory=tuple)


@value(kw_only=True)
class Named:
    name: str
    size: int = 1
    marks: frozenset[str] = dataclasses.field(default_factory=frozenset)


@value
class Mixed:
    a: int
    b: str = "b"
    c: int = dataclasses.field(default=3, kw_only=True)
    d: int = dataclasses.field(kw_only=True)


CLASSES: tuple[type, ...] = (Point, Named, Mixed)


def _generic(cls: type) -> Callable[..., None]:
    return _init(cls, cls.__name__, dataclasses.fields(cls))


def _made(init: Callable[..., None], cls: type, args: tuple[Any, ...], kw: dict[str, Any]) -> Any:
    """What `init` makes of these arguments, or the class of what it raised."""
    obj = object.__new__(cls)
    try:
        init(obj, *args, **dict(kw))
    except Exception as e:  # the kind of refusal is what is compared
        return type(e)
    return (obj, dict(vars(obj)))


_FIELD_VALUES = st.one_of(st.integers(-3, 3), st.text(max_size=2), st.just(("t",)))
_NAMES = st.sampled_from(["x", "y", "tags", "name", "size", "marks", "a", "b", "c", "d", "z"])


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(CLASSES),
    st.lists(_FIELD_VALUES, max_size=5),
    st.dictionaries(_NAMES, _FIELD_VALUES, max_size=5),
)
def test_the_compiled_init_makes_what_the_generic_one_makes(
    cls: type, args: list[Any], kw: dict[str, Any]
) -> None:
    """By position, by name, both, too many, unknown, missing, given twice: the same fields
    (with defaults and factories filled in) or a TypeError from both."""
    compiled = _compiled(cls, dataclasses.fields(cls))
    assert compiled is not None
    generic = _made(_generic(cls), cls, tuple(args), kw)
    mine = _made(compiled, cls, tuple(args), kw)
    if isinstance(generic, type):
        assert mine is generic is TypeError
    else:
        assert not isinstance(mine, type)
        assert mine[1] == generic[1] and mine[0] == generic[0]


def test_a_factory_is_called_for_each_value() -> None:
    calls: list[int] = []

    @value
    class Bag:
        items: list[int] = dataclasses.field(default_factory=lambda: calls.append(1) or [])

    compiled = _compiled(Bag, dataclasses.fields(Bag))
    assert compiled is not None
    one, two = object.__new__(Bag), object.__new__(Bag)
    compiled(one)
    compiled(two)
    assert one.items == [] and one.items is not two.items and len(calls) == 2


def test_a_class_gets_its_own_init_once_it_has_made_enough_values() -> None:
    @value
    class Often:
        a: int
        b: int = 2

    generic = Often.__init__
    made = [Often(i) for i in range(COMPILED_AFTER + 3)]
    assert Often.__init__ is not generic and Often.__init__.__qualname__.endswith("Often.__init__")
    assert [(o.a, o.b) for o in made] == [(i, 2) for i in range(COMPILED_AFTER + 3)]
    assert Often(5, b=7) == Often(a=5, b=7) and Often(5).b == 2
    with pytest.raises(TypeError):
        Often()  # type: ignore[call-arg]


def test_a_required_field_after_a_default_is_left_to_the_generic_init() -> None:
    """`@value` (not `dataclasses`' own init) allows it; it cannot be a parameter list."""

    @value
    class Odd:
        a: int = 1
        b: int  # type: ignore[misc]

    assert _compiled(Odd, dataclasses.fields(Odd)) is None
    assert Odd(b=2) == Odd(1, 2)  # type: ignore[call-arg]


def _value_classes() -> list[type]:
    found: dict[str, type] = {}
    for info in pkgutil.walk_packages(lnf.__path__, "lnf."):
        if info.name.startswith(("lnf.cli", "lnf.views", "lnf.__main__")):
            continue
        module = importlib.import_module(info.name)
        for obj in vars(module).values():
            if isinstance(obj, type) and "__value_fields__" in vars(obj):
                found[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return sorted(found.values(), key=lambda c: f"{c.__module__}.{c.__qualname__}")


def test_every_narrow_value_class_of_lnf_compiles() -> None:
    """Each class that may get its own `__init__` does (none falls back unseen), and makes,
    from its fields by name, a value its generic one makes."""
    narrow = [c for c in _value_classes() if len(dataclasses.fields(c)) <= COMPILED_WIDTH]
    assert len(narrow) > 50
    for cls in narrow:
        assert _compiled(cls, dataclasses.fields(cls)) is not None, cls


@settings(max_examples=60, deadline=None)
@given(fights())
def test_compiled_values_of_a_fight_equal_the_originals(f: Fight) -> None:
    """Every value a generated fight holds (its groups, turns, phase, attacks, resources…),
    made again by its compiled `__init__` from its fields, is equal to it."""
    seen: list[Any] = []

    def walk(obj: Any) -> None:
        if isinstance(obj, tuple | frozenset):
            for item in obj:
                walk(item)
        elif hasattr(type(obj), "__value_fields__"):
            seen.append(obj)
            for field in dataclasses.fields(obj):
                walk(getattr(obj, field.name))

    walk(f)
    for obj in seen:
        cls = type(obj)
        fields = dataclasses.fields(cls)
        compiled = _compiled(cls, fields) if len(fields) <= COMPILED_WIDTH else None
        if compiled is None:
            continue
        again = object.__new__(cls)
        compiled(again, **{field.name: getattr(obj, field.name) for field in fields})
        assert again == obj
