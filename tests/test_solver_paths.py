"""The solver's shortcuts change its time, never its plan (P4: the optimum is unique). The
plans and P5's reasons on generated grids are held as fingerprints written by the solver
before the shortcuts (`grid-plans.txt`); the one model over the K2 regimes, the regimes solved
apart, and the one model that stalls and hands over to them find the very same plans."""

from __future__ import annotations

import hashlib
from pathlib import Path
from unittest import mock

from hypothesis import assume, given, settings

from lnf.model import Fight
from lnf.rules import check_state
from lnf.rules.attacks import plan_targets
from lnf.rules.plan_check import check_plan
from lnf.solver import SolvedPlan, explain, regimes, solve_plan
from lnf.solver.model import FAMILIES, PlanModel
from lnf.solver.regimes import solve_over_regimes
from tests.golden import check_golden
from tests.grids import grid
from tests.strategies import plan_fights

SIZES = ((2, 3), (3, 4), (4, 8), (6, 20), (8, 40))
SEEDS = range(5)
PRINTS = Path(__file__).parent / "fights" / "plan-regressions" / "grid-plans.txt"


def fingerprint(solved: SolvedPlan) -> str:
    text = f"{solved.plan!r}|{solved.unattacked!r}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_generated_grids_plan_as_before() -> None:
    """50 grids, 2 × 3 to 8 × 40, with and without special actions (B1–B6): each plan and
    its P5 reasons as the solver before the shortcuts made them (LNF_UPDATE_GOLDEN=1 writes
    them anew after a change of rules, never after a change of speed)."""
    lines = []
    for specials in (False, True):
        for n_heroes, n_monsters in SIZES:
            for seed in SEEDS:
                f = grid(n_heroes, n_monsters, seed, specials)
                solved = solve_plan(f)
                assert check_plan(f, solved.plan) == []
                tag = f"{n_heroes}x{n_monsters} seed {seed}{' specials' if specials else ''}"
                lines.append(f"{tag}: {fingerprint(solved)}\n")
    check_golden(PRINTS, "".join(lines))


def ways(f: Fight) -> list[SolvedPlan]:
    """The plan found in one model, by the regimes apart, and in one model that stalls at
    once (no conflicts allowed) and hands over."""
    found = [solve_plan(f, explain=False)]
    with mock.patch.object(regimes, "ONE_MODEL_MOST", -1):
        found.append(solve_plan(f, explain=False))
    with mock.patch("lnf.solver.lexicographic.CONFLICTS", 0):
        found.append(solve_plan(f, explain=False))
    return found


@settings(max_examples=60, deadline=None)
@given(plan_fights(specials=True))
def test_every_way_through_the_regimes_finds_the_same_plan(f: Fight) -> None:
    assume(not check_state(f))
    one, apart, stalled = ways(f)
    assert one.plan == apart.plan == stalled.plan


def test_the_grids_of_a_table_take_every_way() -> None:
    """8 × 40 grids: the same plan each way, and the one model did stall when it had no
    conflicts to spend (else the hand-over went untested)."""
    stalls: list[int] = []
    real = regimes._in_one_model

    def counted(*args: object) -> object:
        try:
            return real(*args)  # type: ignore[arg-type]
        except regimes.Stalled:
            stalls.append(1)
            raise

    for seed, specials in ((0, False), (1, True), (5, False)):
        f = grid(8, 40, seed, specials)
        with mock.patch.object(regimes, "_in_one_model", counted):
            one, apart, stalled = ways(f)
        assert one.plan == apart.plan == stalled.plan
    assert len(stalls) == 3


@settings(max_examples=80, deadline=None)
@given(plan_fights(specials=True))
def test_questions_settled_together_get_the_answers_of_each_alone(f: Fight) -> None:
    """P5: questions answered together (`_Questions.settle`: a plan found answers every
    question it meets; the rest asked again until none has a plan) get the answers of the
    same questions each asked alone, with and without earlier heroes' levels kept, and so
    do they when the solve together stops at once and each is asked alone."""
    assume(not check_state(f))
    targets = plan_targets(f)
    values = solve_lexicographic_values(f)
    for families in (FAMILIES, ("R6",), ("K2",)):
        for keep in (False, True):
            asks = [
                (hero, explain._kept(values, targets[:i]) if keep else {})
                for i, hero in enumerate(targets)
            ]
            together, stopped = explain._Questions(f, ()), explain._Questions(f, ())
            together.settle(families, asks)
            with mock.patch.object(explain, "CONFLICTS", 0):  # each asked alone after all
                stopped.settle(families, asks)
            for hero, kept in asks:
                alone = explain._Questions(f, ()).feasible(families, hero, kept)
                assert together.feasible(families, hero, kept) == alone
                assert stopped.feasible(families, hero, kept) == alone


def solve_lexicographic_values(f: Fight) -> dict[str, int]:
    """The P3 levels' values of the plan (what P5 keeps)."""
    _, result = solve_over_regimes(PlanModel(f, families=("R6",), prune=True), 1, 60.0)
    return result.values
