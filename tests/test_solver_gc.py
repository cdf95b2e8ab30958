"""`solve_plan` makes its plan with the cyclic garbage collector off and gives the caller's
collector state back, also when it raises; the plan and P5's reasons are those made with
the collector on and collecting often (it frees only what nothing can read)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

import pytest
from hypothesis import assume, given, settings

from lnf import solver
from lnf.errors import NoLegalPlan
from lnf.model import Fight
from lnf.rules import check_state
from lnf.solver import solve_plan
from tests.grids import grid
from tests.strategies import plan_fights


@contextmanager
def collector(on: bool, threshold: int | None = None) -> Iterator[None]:
    was, thresholds = gc.isenabled(), gc.get_threshold()
    (gc.enable if on else gc.disable)()
    if threshold is not None:
        gc.set_threshold(threshold)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        (gc.enable if was else gc.disable)()


@pytest.mark.parametrize("on", [True, False])
def test_the_callers_collector_state_comes_back(on: bool) -> None:
    seen: list[bool] = []
    real = solver._solve_plan

    def spy(*args: object) -> object:
        seen.append(gc.isenabled())
        return real(*args)  # type: ignore[arg-type]

    with collector(on), mock.patch.object(solver, "_solve_plan", spy):
        solve_plan(grid(3, 4, 0))
        assert gc.isenabled() is on
    assert seen == [False]


def test_the_state_comes_back_when_no_plan_is_found() -> None:
    def refused(*args: object) -> object:
        raise NoLegalPlan("no plan meets every rule")

    with collector(True), mock.patch.object(solver, "_solve_plan", refused):
        with pytest.raises(NoLegalPlan):
            solve_plan(grid(3, 4, 0))
        assert gc.isenabled()


@settings(max_examples=40, deadline=None)
@given(plan_fights(specials=True))
def test_plans_made_with_the_collector_off_are_those_made_with_it_on(f: Fight) -> None:
    assume(not check_state(f))
    made = solve_plan(f)
    with collector(True, threshold=50):
        again = solver._solve_plan(f, (), 1, True, solver.DEFAULT_TIME_LIMIT)
    assert (made.plan, made.unattacked) == (again.plan, again.unattacked)
