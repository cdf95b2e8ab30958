"""`rules.kinds.kind_of` remembered by the monster's identity: the kind worked out afresh,
again and after other monsters, and for a monster changed under the same name (G3: the name
goes, the stat block and the state stay)."""

from __future__ import annotations

from hypothesis import given, settings

from lnf.model import Fight
from lnf.rules import kinds as kinds_module
from lnf.rules.kinds import kind_of
from lnf.values import HashedOnce, replace
from tests.grids import grid
from tests.strategies import plan_fights


def _fresh(m: object) -> HashedOnce:
    return HashedOnce(replace(m, name=""))


@settings(max_examples=60, deadline=None)
@given(plan_fights(specials=True))
def test_kind_remembered_as_worked_out(f: Fight) -> None:
    for m in (*f.monsters, *f.monsters):  # asked again of each
        assert kind_of(m) == _fresh(m)
        hurt = replace(m, hp=m.hp + 1)  # the same name, another state: another kind
        assert kind_of(hurt) == _fresh(hurt)
        assert kind_of(hurt) != kind_of(m)
        assert kind_of(m) == _fresh(m)


def test_kind_of_a_grid_again() -> None:
    kinds_module._kinds.clear()  # far from its bound: the twins below cannot start it afresh
    f = grid(8, 40, 0, True)
    kinds = [kind_of(m) for m in f.monsters]
    for m, kind in zip(f.monsters, kinds, strict=True):  # twins: one object
        twin = replace(m, name=m.name + " twin")
        assert kind_of(twin) is kind
    assert [kind_of(m) for m in f.monsters] == kinds == [_fresh(m) for m in f.monsters]
    moved = replace(f, monsters=tuple(replace(m, hp=m.hp - 1) for m in f.monsters))
    assert [kind_of(m) for m in moved.monsters] == [_fresh(m) for m in moved.monsters]
