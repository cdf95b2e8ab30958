"""The plan cache finds a combatant as planned by the identities of its fields (issue 24,
goal 2; P3, P4): exact, because values made of the very same objects are equal."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.model import Fight, Hero, Rank
from lnf.odds.plan_cache import PlanCache, _hero, _monster, plan_state
from lnf.solver import solve_plan
from lnf.values import field_values, replace
from tests.strategies import fights


def _cache() -> PlanCache:
    return PlanCache(lambda f: solve_plan(f, explain=False).plan)


@settings(max_examples=80, deadline=None)
@given(fights(max_heroes=4, max_monsters=5), st.data())
def test_a_combatant_as_planned_is_one_object_exactly_for_equal_values(
    f: Fight, data: st.DataObject
) -> None:
    """Combatants hit (the plan sets the hit points aside), renamed, moved to another rank or
    made again from equal fields: the cache's planned object is shared exactly when the
    planned values are equal, and equal to what `_hero`/`_monster` make."""
    cache = _cache()
    made = []
    for _ in range(data.draw(st.integers(2, 8))):
        c = data.draw(st.sampled_from(f.everyone))
        kind = data.draw(st.integers(0, 3))
        if kind == 1:
            c = replace(c, temp_hp=c.temp_hp + 3)  # set aside by the plan
        elif kind == 2:
            c = replace(c, name=c.name + "'")
        elif kind == 3:
            c = replace(c, rank=Rank.BACK if c.rank is Rank.FRONT else Rank.FRONT)
        plan = _hero if isinstance(c, Hero) else _monster
        made.append((plan(c), cache._as_planned(c, plan)[0]))  # type: ignore[arg-type]
    for planned, kept in made:
        assert kept == planned
    for (p1, k1), (p2, k2) in itertools.combinations(made, 2):
        assert (k1 is k2) == (p1 == p2)


def test_field_values_are_the_very_objects_a_value_holds() -> None:
    h = Hero(name="Ann", hp=10)
    fields = field_values(h)
    assert fields is not None and fields[0] is h.name and len(fields) == len(h.__value_fields__)
    assert field_values(object()) is None


@settings(max_examples=40, deadline=None)
@given(fights(max_heroes=3, max_monsters=4), st.data())
def test_keys_after_hits_still_say_what_plan_state_says(f: Fight, data: st.DataObject) -> None:
    """A run of hits on the same fight, each looked up in one cache: equal keys exactly when
    the plan states are equal."""
    cache = _cache()
    states = [f]
    for _ in range(data.draw(st.integers(1, 4))):
        c = data.draw(st.sampled_from(states[-1].everyone))
        hurt = replace(c, hp_now=0) if isinstance(c, Hero) else replace(c, damage=c.damage + 1)
        states.append(states[-1].with_combatant(hurt))
    keys = [cache.key(s) for s in states]
    for a, ka in zip(states, keys, strict=True):
        for b, kb in zip(states, keys, strict=True):
            assert (ka == kb) == (plan_state(a) == plan_state(b))
