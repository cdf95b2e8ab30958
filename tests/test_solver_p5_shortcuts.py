"""Shortcuts of the plan and of P5's reasons change their time, never what they say: the
questions' model unpriced and solved without CP-SAT's presolve, its P3 levels as expressions
alone (`objective.p3_exprs`), a monster's ends asked once (`rules.explain._Ends`), a level's
extremes found from where the last look stopped (`levels.TroopTerms._extremes_of`)."""

from __future__ import annotations

from unittest import mock

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from lnf.model import Fight
from lnf.model.plan import Mode
from lnf.rules import check_state
from lnf.rules import explain as rules_explain
from lnf.rules.attacks import plan_targets
from lnf.rules.explain import blocked_modes, can_ever_attack, possible_attackers
from lnf.solver import explain as solver_explain
from lnf.solver import solve_plan
from lnf.solver.explain import FAMILIES
from lnf.solver.levels import TroopTerms
from lnf.solver.lexicographic import cp_solver
from lnf.solver.model import PlanModel
from lnf.solver.objective import p3_exprs, p3_levels
from tests.grids import grid
from tests.strategies import plan_fights


def _terms(model: cp_model.CpModel, expr: cp_model.LinearExpr) -> dict[int, int]:
    """An expression's variables and coefficients, read off a constraint that holds it."""
    linear = model.add(expr == 0).proto.linear
    return {v: c for v, c in zip(linear.vars, linear.coeffs, strict=True) if c}


def _same_p3(f: Fight) -> None:
    pm = PlanModel(f, FAMILIES, switched=True, priced=False)
    exprs = p3_exprs(pm)
    levels = p3_levels(pm)
    assert list(exprs) == [level.name for level in levels]
    for level in levels:
        assert level.constant == 0
        assert _terms(pm.model, exprs[level.name]) == _terms(pm.model, level.expr())


@settings(max_examples=40, deadline=None)
@given(plan_fights(specials=True))
def test_p3_expressions_are_the_p3_levels(f: Fight) -> None:
    """P5 holds P3's levels at values: `p3_exprs` is each level's expression."""
    assume(not check_state(f))
    _same_p3(f)


def test_p3_expressions_at_a_table() -> None:
    for seed in range(3):
        _same_p3(grid(8, 40, seed, True))


def _slow_questions(f: Fight) -> object:
    """P5's reasons with the questions' model priced and solved with CP-SAT's presolve."""
    priced = PlanModel.__init__

    def init(self: PlanModel, *args: object, **kwargs: object) -> None:
        kwargs["priced"] = True
        priced(self, *args, **kwargs)  # type: ignore[arg-type]

    with (
        mock.patch.object(solver_explain, "_solver", cp_solver),
        mock.patch.object(PlanModel, "__init__", init),
    ):
        return solve_plan(f).unattacked


@settings(max_examples=40, deadline=None)
@given(plan_fights(specials=True))
def test_p5_reasons_are_the_same_unpriced_and_without_presolve(f: Fight) -> None:
    assume(not check_state(f))
    assert solve_plan(f).unattacked == _slow_questions(f)


def test_p5_reasons_at_a_table_are_the_same_unpriced_and_without_presolve() -> None:
    for specials in (False, True):
        f = grid(8, 40, 1, specials)
        assert solve_plan(f).unattacked == _slow_questions(f)


def _fresh_ends(f: Fight) -> tuple[object, ...]:
    with mock.patch.object(rules_explain, "_last", {}):
        heroes = plan_targets(f)
        return (
            [possible_attackers(f, h) for h in heroes],
            [blocked_modes(f, h) for h in heroes],
        )


@settings(max_examples=60, deadline=None)
@given(plan_fights(specials=True))
def test_a_monsters_ends_remembered_answer_as_worked_out_afresh(f: Fight) -> None:
    """B4, M1–M4: what `_Ends` remembers of a fight answers as a fresh look does, asked
    again of the same fight and after another fight was asked about."""
    heroes = plan_targets(f)
    first = _fresh_ends(f)
    assert ([possible_attackers(f, h) for h in heroes], [blocked_modes(f, h) for h in heroes]) == (
        first
    )
    other = grid(2, 3, 0, True)
    for h in plan_targets(other):
        possible_attackers(other, h)
    again = ([possible_attackers(f, h) for h in heroes], [blocked_modes(f, h) for h in heroes])
    assert again == first
    for m in f.monsters:
        for h in heroes:
            for mode in Mode:
                with mock.patch.object(rules_explain, "_last", {}):
                    fresh = can_ever_attack(f, m, h, mode)
                assert can_ever_attack(f, m, h, mode) == fresh


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 8), st.integers(-3, 3)), max_size=6),
    st.lists(st.integers(0, 8), max_size=6),
    st.integers(1, 4),
    st.booleans(),
    st.booleans(),
    st.lists(st.sets(st.integers(0, 8)), max_size=5),
)
@example([(0, 1)], [1, 2], 2, False, False, [{1, 2}])  # the rest ruled out at once
def test_a_troops_extremes_as_ruled_grows_are_those_worked_out_afresh(
    terms: list[tuple[int, int]],
    rest: list[int],
    count: int,
    exact: bool,
    slack: bool,
    steps: list[set[int]],
) -> None:
    """`TroopTerms.extremes` looks at what its last look left as `ruled` grows: the same
    extremes as a troop's terms looked at afresh each time."""
    model = cp_model.CpModel()
    xs = [model.new_int_var(0, 5, f"x{i}") for i in range(9)]
    kept = TroopTerms([(xs[i], c) for i, c in terms], count, exact, [xs[i] for i in rest], slack)
    ruled: set[int] = set()
    for step in [set(), *steps]:
        ruled |= step
        # the extremes as the rule has them (see `TroopTerms`), from scratch
        coeffs = [c for i, c in terms if i not in ruled]
        short = slack or not set(rest) <= ruled
        if (not exact and short) or not coeffs:
            coeffs.append(0)
        assert kept.extremes(ruled) == (count * min(coeffs), count * max(coeffs))
