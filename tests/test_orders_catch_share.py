"""Troops share their special actions' catches by `rules.catches.CatchGround`
(`solver.orders.Orders._catches`, `CATCH_SHARE`): two monsters whose grounds are equal catch
the same heroes from the same heroes reached, whatever is included or left out (B3, B5, E1,
E3, E4, B9), and the troops' options are the same as when each troop asks `catch_among` of
its own monster."""

from __future__ import annotations

from itertools import combinations
from unittest import mock

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from lnf.dice import DamageType, parse
from lnf.model import Fight, Hero
from lnf.rules import check_state
from lnf.rules.areas import area_groups
from lnf.rules.attacks import plan_targets
from lnf.rules.catches import _groups, _groups_now, catch_among, catch_ground
from lnf.rules.moves import can_act
from lnf.rules.roster import monsters
from lnf.rules.specials import usable
from lnf.solver import orders
from lnf.solver.orders import form_troops
from lnf.values import replace
from tests.builders import fight, hero, monster
from tests.grids import BREATH, grid
from tests.strategies import plan_fights


def _troops(f: Fight, prune: bool) -> list[object]:
    acting = [m for m in monsters(f) if can_act(f, m)]
    troops = form_troops(f, acting, plan_targets(f), prune=prune, priced=prune)
    return [(t.members, t.options, t.shots) for t in troops]


def _same(f: Fight) -> None:
    for prune in (True, False):  # the plan's troops, then P5's (every catch with each hero)
        shared = _troops(f, prune)
        with mock.patch.object(orders, "CATCH_SHARE", False):
            alone = _troops(f, prune)
        assert shared == alone


@settings(max_examples=80, deadline=None)
@given(plan_fights(specials=True))
def test_troops_share_catches(f: Fight) -> None:
    assume(not check_state(f))
    _same(f)


@settings(max_examples=80, deadline=None)
@given(plan_fights(specials=True), st.data())
def test_equal_grounds_catch_alike(f: Fight, data: st.DataObject) -> None:
    """Whatever the heroes reached, included and left out: monsters with equal grounds for
    an action catch alike, and a ground catches as `catch_among` of its own monster."""
    assume(not check_state(f))
    heroes = [h.name for h in plan_targets(f)]
    asked = [(m, a) for m in monsters(f) for a in usable(f, m)]
    assume(asked)
    reach = data.draw(st.permutations(heroes)).__getitem__(
        slice(data.draw(st.integers(0, len(heroes))))
    )
    include = data.draw(st.sets(st.sampled_from(heroes))) if heroes else set()
    exclude = data.draw(st.sets(st.sampled_from(heroes))) if heroes else set()
    grounds = [(m, a, catch_ground(f, m, a)) for m, a in asked]
    for m, a, g in grounds:
        assert g.catch(reach, include, exclude) == catch_among(f, m, a, reach, include, exclude)
    for (m1, a1, g1), (m2, a2, g2) in combinations(grounds, 2):
        if g1.key == g2.key:
            one = catch_among(f, m1, a1, reach, include, exclude)
            assert one == catch_among(f, m2, a2, reach, include, exclude)


def _twins(immune: bool) -> Fight:
    """Twin breathers, each in a group of two heroes: each sees the other as an ally to
    spare (B5), or, immune to their own breath, one to catch with its group."""
    kw = {"immune": frozenset({DamageType.POISON})} if immune else {}
    ms = [monster(n, actions=(BREATH,), **kw) for n in ("M1", "M2")]
    hs = [hero(f"H{i}") for i in range(1, 6)]
    return fight(hs, ms, {"G1": ["H1", "H2", "M1"], "G2": ["H3", "H4", "M2"]})


def test_grounds_tell_twins_apart() -> None:
    """B5, E3: twins in other groups catch differently from the same heroes reached (the
    other an ally to spare, or an immune one caught with its group), so their grounds
    differ; the troops' options are each their own."""
    for immune in (False, True):
        f = _twins(immune)
        m1, m2 = f.monsters
        reach = ("H1", "H3", "H4") if not immune else ("H1", "H2", "H3")
        assert catch_among(f, m1, BREATH, reach) != catch_among(f, m2, BREATH, reach)
        assert catch_ground(f, m1, BREATH).key != catch_ground(f, m2, BREATH).key
        _same(f)


def test_troops_share_catches_at_a_table() -> None:
    for seed in range(3):
        _same(grid(8, 40, seed, True))


def test_groups_remembered_per_action() -> None:
    """B5, E3: an area's groups asked again of the same fight, for the action and for another
    of the same name that the allies are not immune to, each as worked out afresh."""
    f = _twins(immune=True)
    m1, _ = f.monsters
    fire = replace(BREATH, damage=parse("6d6 fire"))  # the twins are immune to poison alone
    for action in (BREATH, fire, replace(BREATH), BREATH, fire):
        seen = [(g.label, g.heroes, g.spared, g.immune) for g in _groups(f, m1, action)]
        fresh = [(g.label, g.heroes, g.spared, g.immune) for g in _groups_now(f, m1, action)]
        assert seen == fresh
    assert catch_ground(f, m1, BREATH).key != catch_ground(f, m1, fire).key


def test_area_groups_as_worked_out() -> None:
    """E3: the groups an area could catch, remembered per fight, as `area_groups` works them
    out afresh; two fights asked in turn."""
    fights = [grid(8, 40, seed, True) for seed in range(2)]
    for f in (*fights, *fights):
        got = [(g.label, tuple(g.heroes)) for g in _groups_now(f, f.monsters[0], BREATH)]
        afresh = [
            (label, tuple(n for n in members if isinstance(f.combatant(n), Hero)))
            for label, members in area_groups(f)
        ]
        assert got == [(label, heroes) for label, heroes in afresh if heroes]
