"""`@value` behaves as a frozen dataclass for everything lnf asks of one."""

from __future__ import annotations

import dataclasses
from functools import cached_property

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.model import Fight, Rank
from lnf.values import by_identity, replace, value
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


@value(kw_only=True)
class Sized(Named):
    weight: int = 2

    @cached_property
    def heavy(self) -> bool:
        return self.weight > 5


@value(order=True)
class Rankable:
    a: int
    b: str = ""


def test_fields_by_position_or_name_with_defaults() -> None:
    assert Point(1) == Point(x=1, y=0) == Point(1, 0, ())
    assert Point(1, 2).y == 2 and Point(1).tags == ()
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Point(1, 2, (), 4)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Point(1, x=2)  # type: ignore[misc]
    with pytest.raises(TypeError):
        Point(1, z=3)  # type: ignore[call-arg]


def test_frozen_equal_hashed_and_shown_by_fields() -> None:
    p = Point(1, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 3  # type: ignore[misc]
    assert p == Point(1, 2) and p != Point(2, 1) and hash(p) == hash(Point(1, 2))
    assert p != (1, 2, ())  # type: ignore[comparison-overlap]  # never equal to another class
    assert repr(p) == "Point(x=1, y=2, tags=())"


def test_replace_fields_keyword_only_and_inheritance() -> None:
    assert dataclasses.replace(Point(1), y=5) == Point(1, 5)
    assert [f.name for f in dataclasses.fields(Sized)] == ["name", "size", "weight"]
    s = Sized(name="ogre", weight=9)
    assert s.heavy and dataclasses.replace(s, weight=1).heavy is False
    with pytest.raises(TypeError):
        Named("x")  # type: ignore[call-arg]
    assert Sized(name="a") != Named(name="a")


def test_order() -> None:
    assert sorted([Rankable(2), Rankable(1, "b"), Rankable(1, "a")]) == [
        Rankable(1, "a"),
        Rankable(1, "b"),
        Rankable(2),
    ]


def test_by_identity_asks_again_for_another_object_even_an_equal_one() -> None:
    """A remembered answer is given only for the very object it was worked out for."""
    asked: list[object] = []

    @by_identity
    def size(p: Point) -> int:
        asked.append(p)
        return p.x + p.y

    a, b = Point(1, 2), Point(3, 4)
    assert [size(a), size(a), size(b), size(a)] == [3, 3, 7, 3]
    assert len(asked) == 3 and asked[0] is a and asked[1] is b and asked[2] is a
    assert size.__doc__ is None and size.__name__ == "size"


@settings(max_examples=100, deadline=None)
@given(fights(), st.data())
def test_replace_is_dataclasses_replace_in_one_step(f: Fight, data: st.DataObject) -> None:
    """`values.replace` gives what `dataclasses.replace` gives, for combatants and fights,
    and leaves a cached_property's figures behind (a fight's roster is worked out again)."""
    c = data.draw(st.sampled_from(f.everyone))  # f.everyone is now cached on f
    changes = {"rank": data.draw(st.sampled_from(list(Rank))), "temp_hp": data.draw(st.integers())}
    new = replace(c, **changes)
    assert new == dataclasses.replace(c, **changes) and repr(new) == repr(
        dataclasses.replace(c, **changes)
    )
    assert type(new) is type(c) and c.temp_hp == f.combatant(c.name).temp_hp  # c unchanged
    moved = replace(f, heroes=f.heroes[1:])
    assert moved == dataclasses.replace(f, heroes=f.heroes[1:])
    assert moved.everyone == (*f.heroes[1:], *f.monsters)
    with pytest.raises(TypeError, match="unknown fields"):
        replace(c, colour="red")


def test_replace_of_another_dataclass_is_dataclasses_own() -> None:
    @dataclasses.dataclass(frozen=True)
    class Plain:
        x: int

    assert replace(Plain(1), x=2) == Plain(2)
