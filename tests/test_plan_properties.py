"""Property tests of the solver on generated grids.

- Every plan the solver returns passes the independent validator (P2).
- On grids of up to 4 heroes and 6 monsters the solver's plan is the brute-force optimum:
  the same score (P3, P4) and, because P4 makes the optimum unique, the very same plan.
- The number of CP-SAT workers never changes the plan.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given, note, settings
from hypothesis import strategies as st

from lnf.formats.fight_file import load_fight
from lnf.formats.fight_writer import dump_fight
from lnf.model import Fight
from lnf.rules import check_state
from lnf.rules.plan_check import check_plan
from lnf.rules.plan_score import score
from lnf.solver import solve_plan
from tests.brute_force import best_plan
from tests.grids import grid
from tests.strategies import plan_fights


def plannable(f: Fight) -> bool:
    """The solver plans any state that breaks no rule but K2 (K3: nobody is forced out)."""
    return all(v.rule == "K2" for v in check_state(f))


@settings(max_examples=200)
@given(plan_fights(max_heroes=6, max_monsters=10))
def test_every_plan_passes_the_validator(f: Fight) -> None:
    assume(plannable(f))
    plan = solve_plan(f, explain=False).plan
    assert check_plan(f, plan) == []


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([(4, 8), (6, 20), (8, 40)]), st.integers(0, 10**6))
def test_plans_of_mid_fight_grids_pass_the_validator(size: tuple[int, int], seed: int) -> None:
    """Grids the size of real fights (tests/grids.py, as in the benchmark): engaged monsters
    spread over the groups, back-rank heroes, a few stat blocks."""
    f = grid(*size, seed)
    assume(plannable(f))
    assert check_plan(f, solve_plan(f, explain=False).plan) == []


@settings(max_examples=300)
@given(plan_fights(max_heroes=4, max_monsters=6))
def test_solver_equals_brute_force_on_small_grids(f: Fight) -> None:
    assume(plannable(f))
    note(dump_fight(f))  # a failing grid is printed as a fight file, ready for `lnf plan`
    solver_plan = solve_plan(f, explain=False).plan
    brute = best_plan(f)
    assert brute is not None  # staying put and attacking nobody is always legal
    assert score(f, solver_plan) == score(f, brute)
    assert set(solver_plan.orders) == set(brute.orders)


@settings(max_examples=40)
@given(plan_fights(max_heroes=5, max_monsters=8))
def test_worker_count_does_not_change_the_plan(f: Fight) -> None:
    assume(plannable(f))
    one = solve_plan(f, explain=False, workers=1).plan
    assert solve_plan(f, explain=False, workers=4).plan == one


@settings(max_examples=60)
@given(plan_fights(max_heroes=4, max_monsters=6))
def test_explanations_never_fail(f: Fight) -> None:
    assume(plannable(f))
    solved = solve_plan(f)
    attacked = {o.target for o in solved.plan.orders}
    for hero, reasons in solved.unattacked:
        assert hero not in attacked
        assert reasons, hero


REGRESSIONS = sorted((Path(__file__).parent / "fights" / "plan-regressions").glob("*.yaml"))


@pytest.mark.parametrize("path", REGRESSIONS, ids=lambda p: p.stem)
def test_regression_grids_match_brute_force(path: Path) -> None:
    """Grids that once exposed a solver fault, kept as fight files."""
    f = load_fight(path)
    plan = solve_plan(f, explain=False).plan
    brute = best_plan(f)
    assert brute is not None
    assert set(plan.orders) == set(brute.orders)
