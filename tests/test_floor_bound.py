"""K2's floors bound a hero's attackers (`PlanModel._filled_elsewhere`): in a regime whose
floor is f, every other unit holds at least f·h(u) counted monsters, and those the units
lack now come from acting monsters that, counted there, cannot attack the hero unless their
orders there do. The bound lets a K2 regime that cannot catch up be dropped before its model
is built (`regimes._beaten`); it must hold for every plan of the regime, so CP-SAT's own
maximum of a hero's attackers is checked against it, on grids where the floors bite."""

from __future__ import annotations

import pytest
from ortools.sat.python import cp_model

from lnf.model import Fight
from lnf.solver import model as model_module
from lnf.solver import solve_plan
from lnf.solver.model import REGIMES, PlanModel, possible_regimes
from tests.grids import grid
from tests.test_replans import _carry_out_in_strike_order

GRIDS = [(6, 20, 0), (6, 30, 1), (12, 100, 2), (20, 150, 1), (10, 60, 3), (4, 24, 5)]


def _maximum(pm: PlanModel, hero: str) -> int | None:
    pm.model.maximize(pm.attackers_of(hero))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 20
    status = solver.solve(pm.model)
    return round(solver.objective_value) if status == cp_model.OPTIMAL else None


@pytest.mark.parametrize("heroes,monsters,seed", GRIDS)
def test_no_plan_of_a_regime_with_a_floor_passes_the_bound(
    heroes: int, monsters: int, seed: int
) -> None:
    _bounded(grid(heroes, monsters, seed))


@pytest.mark.parametrize("heroes,monsters,seed,acted", [(6, 30, 1, 12), (12, 100, 2, 40)])
def test_the_bound_holds_mid_round_with_monsters_that_acted(
    heroes: int, monsters: int, seed: int, acted: int
) -> None:
    """P6: monsters that acted stand where they ended and count in their units (K2's floor
    lacks fewer there)."""
    f = grid(heroes, monsters, seed)
    state, _ = _carry_out_in_strike_order(f, solve_plan(f, explain=False).plan, acted)[-1]
    _bounded(state)


def _bounded(f: Fight) -> None:
    base = PlanModel(f, families=("R6",), prune=True)
    tighter = 0
    for k in possible_regimes(f):
        if not REGIMES[k][0]:
            continue
        most = base.most_attackers([k], floors=True)
        model_module.FLOORS_BOUND = False
        try:
            loose = base.most_attackers([k], floors=True)
        finally:
            model_module.FLOORS_BOUND = True
        for name in [h.name for h in f.heroes][:3]:
            if name not in most:
                continue
            tighter += most[name] < loose.get(name, most[name] + 1)
            best = _maximum(base.with_regimes([k]), name)
            assert best is None or best <= most[name], (k, name, best, most[name])
    assert tighter, "the floors bound no hero here: the grid tests nothing"


def _plans(f: Fight) -> str:
    return repr(solve_plan(f, explain=False).plan)


@pytest.mark.parametrize("heroes,monsters,seed", [(8, 40, 1), (20, 150, 2), (12, 80, 4)])
def test_the_plan_is_the_one_without_the_floors_bound(
    heroes: int, monsters: int, seed: int
) -> None:
    """Exact: the regimes dropped unsolved would have lost (P3, P4 compare level by level)."""
    f = grid(heroes, monsters, seed)
    with_bound = _plans(f)
    model_module.FLOORS_BOUND = False
    try:
        assert _plans(f) == with_bound
    finally:
        model_module.FLOORS_BOUND = True
