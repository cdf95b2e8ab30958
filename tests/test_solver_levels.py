"""The solver's bookkeeping that keeps the lexicographic optimum exact (P3, P4): ranges of
levels, what a level fixed at an end of its range rules out, and troops of twin monsters."""

from __future__ import annotations

from ortools.sat.python import cp_model

from lnf.model.plan import Wish
from lnf.solver import solve_plan
from lnf.solver.levels import Level, negated
from lnf.solver.lexicographic import solve_lexicographic
from lnf.solver.model import PlanModel
from tests.builders import SWORD, fight, hero, monster


def troop_of_three() -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    """Three twins and three orders: how many take each, summing to 3."""
    model = cp_model.CpModel()
    x = [model.new_int_var(0, 3, f"x{k}") for k in range(3)]
    model.add(sum(x) == 3)
    return model, x


def test_a_count_ranges_over_the_whole_troop() -> None:
    _, x = troop_of_three()
    level = Level("attackers")
    level.add([(x[0], 1)], 3, rest=x[1:])
    assert level.static_bounds(set()) == (0, 3)


def test_a_count_at_its_top_rules_out_the_troops_other_orders() -> None:
    _, x = troop_of_three()
    level = Level("attackers")
    level.add([(x[0], 1)], 3, rest=x[1:])
    ruled: set[int] = set()
    level.rule_out(3, ruled)
    assert ruled == {x[1].index, x[2].index}


def test_a_count_inside_its_range_rules_out_nothing() -> None:
    _, x = troop_of_three()
    level = Level("attackers")
    level.add([(x[0], 1)], 3, rest=x[1:])
    ruled: set[int] = set()
    level.rule_out(2, ruled)
    assert ruled == set()


def test_a_count_at_zero_rules_out_its_own_terms_only() -> None:
    _, x = troop_of_three()
    level = Level("attackers")
    level.add([(x[0], 1)], 3, rest=x[1:])
    ruled: set[int] = set()
    level.rule_out(0, ruled)
    assert ruled == {x[0].index}


def test_with_slack_the_terms_may_fall_short_even_when_the_rest_is_ruled_out() -> None:
    """A member standing where it could shoot may shoot nobody: no exact count."""
    _, x = troop_of_three()
    level = Level("shots")
    level.add([(x[0], 1)], 3, rest=[x[1]], slack=True)
    assert level.static_bounds({x[1].index}) == (0, 3)
    tight = Level("melee")
    tight.add([(x[0], 1)], 3, rest=[x[1]])
    assert tight.static_bounds({x[1].index}) == (3, 3)


def test_a_budget_narrows_a_later_count() -> None:
    """Each monster attacks one hero: after 3 of 3 on the first, none is left (P3)."""
    _, x = troop_of_three()
    first = negated(Level("first"))
    first.add([(x[0], -1)], 3, rest=x[1:])
    second = Level("second", budget=(3, (("first", 1),)))
    second.add([(x[1], 1)], 3, rest=[x[0], x[2]])
    assert negated(second).bounds({"first": -3}, set()) == (0, 0)
    assert negated(second).bounds({"first": -1}, set()) == (-2, 0)


def test_levels_are_minimised_in_turn_and_fixed() -> None:
    """Most on the first order, then fewest on the third: (3, 0, 0) is not allowed here."""
    model, x = troop_of_three()
    model.add(x[0] <= 2)
    first = Level("most on order 0")
    first.add([(x[0], -1)], 3, rest=x[1:])
    last = Level("fewest on order 2")
    last.add([(x[2], 1)], 3, rest=x[:2])
    result = solve_lexicographic(model, [first, last], lambda ruled: [], 1, 10.0)
    assert result.values == {"most on order 0": -2, "fewest on order 2": 0}
    assert [result.solver.value(v) for v in x] == [2, 1, 0]


def test_twins_side_by_side_form_one_troop() -> None:
    """X2's eighteen orcs: one troop, one count per order, not eighteen monsters."""
    heroes = [hero(f"H{i}", attacks=()) for i in range(1, 5)]
    orcs = [monster(f"Orc {i}", kind="Orc", attacks=(SWORD,)) for i in range(1, 19)]
    pm = PlanModel(fight(heroes, orcs))
    assert [t.size for t in pm.troops] == [18]


def test_a_wish_sets_its_monster_apart_from_its_twins() -> None:
    heroes = [hero("H1", attacks=())]
    orcs = [monster(f"Orc {i}", kind="Orc", attacks=(SWORD,)) for i in range(1, 4)]
    f = fight(heroes, orcs)
    ban = (Wish("Orc 2", "H1", fixed=False),)
    assert sorted(t.size for t in PlanModel(f, wishes=ban).troops) == [1, 2]
    order = solve_plan(f, wishes=ban, explain=False).plan.order_for("Orc 2")
    assert order is not None and order.target is None


def test_the_leftmost_twin_takes_the_earlier_target() -> None:
    """Two lone heroes and two twin orcs: K2 lets one join each (regime 0: at most one per
    hero while a unit has none), and P4 gives the earlier hero to the leftmost orc."""
    heroes = [hero("H1", attacks=()), hero("H2", attacks=())]
    orcs = [monster(f"Orc {i}", kind="Orc", attacks=(SWORD,)) for i in (1, 2)]
    plan = solve_plan(fight(heroes, orcs), explain=False).plan
    assert [(o.monster, o.target) for o in plan.orders] == [("Orc 1", "H1"), ("Orc 2", "H2")]
