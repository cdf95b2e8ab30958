"""CP-SAT tuned for a battle's regime models (`lexicographic.BATTLE_TUNING`: the presolve
without its main loop, the LP given every row at once): the optimum is unique (P4), so the
plan and every level's value are those found with stop 42's settings."""

from __future__ import annotations

from unittest import mock

from hypothesis import assume, given, settings

from lnf.model import Fight
from lnf.rules import check_state
from lnf.solver import lexicographic, regimes, solve_plan
from tests.grids import grid
from tests.strategies import plan_fights
from tests.test_lex_bookkeeping import solved as solved_apart


def solved(f: Fight, tuned: bool) -> tuple[str, dict[str, int]]:
    """The plan's orders (by canonical key) and the levels' values, with the regimes apart
    (never in one model), CP-SAT tuned for battles or not."""
    with (
        mock.patch.object(regimes, "ONE_MODEL_MOST", -1),
        mock.patch.object(lexicographic, "BATTLE_TUNING", tuned),
    ):
        return solved_apart(f)


def same_either_way(f: Fight) -> None:
    assert solved(f, True) == solved(f, False)


@settings(max_examples=40, deadline=None)
@given(plan_fights(specials=True))
def test_tuning_changes_no_plan(f: Fight) -> None:
    assume(not check_state(f))
    same_either_way(f)


def test_battles_plan_as_before() -> None:
    for h, m, seed, specials in ((8, 40, 0, False), (8, 40, 1, True), (20, 150, 1, False)):
        same_either_way(grid(h, m, seed, specials))


def test_whole_plan_as_before() -> None:
    """`solve_plan` of a battle (the regimes apart on their own: 20 heroes), reasons and all."""
    f = grid(20, 150, 2)
    with mock.patch.object(lexicographic, "BATTLE_TUNING", False):
        slow = solve_plan(f)
    fast = solve_plan(f)
    assert (fast.plan, fast.unattacked) == (slow.plan, slow.unattacked)


def test_tuning_is_on_for_battles_only() -> None:
    """The switch sets the presolve's loop and the LP's rows; a table's model keeps its own."""
    on = lexicographic.cp_solver()
    assert on.parameters.max_presolve_iterations == 0
    assert not on.parameters.add_lp_constraints_lazily
    with mock.patch.object(lexicographic, "BATTLE_TUNING", False):
        off = lexicographic.cp_solver()
    assert off.parameters.max_presolve_iterations == 1
    assert off.parameters.add_lp_constraints_lazily
    table = lexicographic.cp_solver(table=True)
    assert not table.parameters.cp_model_presolve
    assert not table.parameters.add_lp_constraints_lazily
