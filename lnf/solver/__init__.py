"""The monsters' plan found by OR-Tools CP-SAT (P1–P5). The only package that imports OR-Tools.

`solve_plan` returns plain values (`Plan`, explanations, statistics); no solver type leaves it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ortools.sat.python import cp_model

from lnf.errors import NoLegalPlan, RuleViolation
from lnf.model import Fight
from lnf.model.plan import Order, Plan, Wish
from lnf.rules import check_state
from lnf.rules.explain import Reason
from lnf.solver.explain import explain_unattacked, explain_wish
from lnf.solver.lexicographic import Candidate, solve_lexicographic
from lnf.solver.model import PlanModel, possible_regimes
from lnf.solver.objective import all_levels

DEFAULT_TIME_LIMIT = 60.0  # seconds per lexicographic block; far above any table's fight


@dataclass(frozen=True)
class SolveStats:
    variables: int
    constraints: int
    solves: int
    seconds: float


@dataclass(frozen=True)
class SolvedPlan:
    plan: Plan
    unattacked: tuple[tuple[str, tuple[Reason, ...]], ...]  # (hero, reasons) in target order
    stats: SolveStats


def solve_plan(
    fight: Fight,
    wishes: tuple[Wish, ...] = (),
    workers: int = 1,
    explain: bool = True,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> SolvedPlan:
    """The unique best plan for this round (P3, P4), within the DM's wishes.

    Raises RuleViolation if the state itself breaks the rules (except K2, which only binds
    monsters that join, K3, and R6, which the plan's moves must meet), and NoLegalPlan if no
    plan meets the wishes (saying which rule stands in the way) or the solver cannot prove an
    optimum within `time_limit` per block.
    """
    # K3: a unit already over a gang-up tier is no bar to planning; nobody is forced out.
    # R6 counts after this round's moves, so the plan itself must meet it (a front-rank
    # monster that died last round can leave the back rank short until the monsters move).
    problems = [v for v in check_state(fight) if v.rule not in ("K2", "R6")]
    if problems:
        raise RuleViolation(problems)
    started = time.perf_counter()
    candidates = []
    for regime in possible_regimes(fight):
        pm = PlanModel(fight, regime=regime)
        for wish in wishes:
            if wish.fixed and not pm.pairing(wish.monster, wish.hero):
                raise NoLegalPlan(explain_wish(fight, wish, wishes))
        pm.add_wishes(list(wishes))
        pm.add_symmetry_breaking(list(wishes))
        candidates.append((pm, Candidate(pm.model, all_levels(pm), pm.decisions())))
    try:
        result = solve_lexicographic([c for _, c in candidates], workers, time_limit)
    except NoLegalPlan:
        if wishes:
            raise NoLegalPlan(explain_wish(fight, None, wishes)) from None
        raise
    pm = next(p for p, c in candidates if c is result.winner)
    plan = _read_plan(pm, result.winner.solver)
    unattacked: tuple[tuple[str, tuple[Reason, ...]], ...] = ()
    if explain:
        unattacked = explain_unattacked(fight, plan, result.values, wishes)
    proto = pm.model.proto
    stats = SolveStats(
        variables=len(proto.variables),
        constraints=len(proto.constraints),
        solves=result.solves,
        seconds=time.perf_counter() - started,
    )
    return SolvedPlan(plan, unattacked, stats)


def _read_plan(pm: PlanModel, solver: cp_model.CpSolver) -> Plan:
    """The solution as plain orders: no solver type leaves this package."""
    value = solver.value
    orders = []
    for m in pm.acting:
        move, rank = next((mv, r) for mv, r, v in pm.positions(m.name) if value(v))
        chosen = [key for key, v in pm.attack[m.name].items() if value(v)]
        target, mode = (chosen[0][0], chosen[0][1]) if chosen else (None, None)
        orders.append(Order(m.name, rank, move, target, mode))
    return Plan(tuple(orders))


__all__ = ["SolveStats", "SolvedPlan", "Wish", "solve_plan"]
