"""The monsters' plan found by OR-Tools CP-SAT (P1–P5). The only package that imports OR-Tools.

`solve_plan` returns plain values (`Plan`, explanations, statistics); no solver type leaves it.
"""

from __future__ import annotations

import gc
import time

from lnf.errors import NoLegalPlan, RuleViolation
from lnf.model import Fight, Rank
from lnf.model.plan import Order, Plan, Wish
from lnf.rules.explain import Reason
from lnf.rules.idle_casts import with_idle_casts
from lnf.rules.state_check import planning_problems
from lnf.solver.cp_sat import cp_model
from lnf.solver.explain import explain_unattacked, explain_wish
from lnf.solver.model import PlanModel
from lnf.solver.regimes import solve_over_regimes
from lnf.solver.troops import Key, Option, Shot, target_index
from lnf.values import value

DEFAULT_TIME_LIMIT = 60.0  # seconds per lexicographic block; far above any table's fight


@value
class SolveStats:
    variables: int
    constraints: int
    solves: int
    seconds: float


@value
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

    Raises RuleViolation if the state itself breaks rules the plan cannot live with
    (`rules.state.planning_problems`), and NoLegalPlan if no
    plan meets the wishes (saying which rule stands in the way), and PlanTimeout if the solver
    cannot prove an optimum within `time_limit` per block.
    """
    # The cyclic collector is off while a plan is made. A plan makes next to no cyclic
    # garbage (0–53 objects a plan, 20 × 150 and 50 × 500 re-plans) but allocates enough to
    # set the collector off hundreds of times a round, each pass walking the live fights:
    # a tenth of a 20 × 150 round's CPU. Collecting frees only what nothing can read, so
    # the plan is the same; the state the caller had is restored.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _solve_plan(fight, wishes, workers, explain, time_limit)
    finally:
        if collecting:
            gc.enable()


def _solve_plan(
    fight: Fight, wishes: tuple[Wish, ...], workers: int, explain: bool, time_limit: float
) -> SolvedPlan:
    problems = planning_problems(fight)
    if problems:
        raise RuleViolation(problems)
    started = time.perf_counter()
    base = PlanModel(fight, families=("R6",), wishes=wishes, prune=True)
    for wish in wishes:
        if wish.fixed and not base.pairing(wish.monster, wish.hero, wish.action):
            raise NoLegalPlan(explain_wish(fight, wish, wishes))
    try:
        pm, result = solve_over_regimes(base, workers, time_limit)
    except NoLegalPlan:  # a time-out (PlanTimeout) is no proof and keeps its own message
        if wishes:
            raise NoLegalPlan(explain_wish(fight, None, wishes)) from None
        raise NoLegalPlan("no plan meets every rule") from None
    plan = with_idle_casts(fight, _read_plan(pm, result.solver))  # B6: after P3 and P4
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
    """The solution as plain orders. No solver type leaves this package.

    Per troop, each shot is paired with an attack-free option at its rank, earlier target
    with earlier destination; the troop's orders, in canonical order, go to its members in
    column order (P4). That pairing is the canonical one for the counts the solver fixed.
    """
    given: dict[str, Order] = {}
    for t in pm.troops:
        keyed: list[tuple[Key, Option, Shot | None]] = []
        free: dict[Rank, list[Option]] = {}
        for o, x in zip(t.options, t.counts, strict=True):
            for _ in range(solver.value(x)):
                if o.target is None:
                    free.setdefault(o.rank, []).append(o)
                else:
                    keyed.append((pm.key(t, o), o, None))
        shots = [
            sh for sh, v in zip(t.shots, t.shot_counts, strict=True) for _ in range(solver.value(v))
        ]
        for rank, spots in free.items():
            aimed = sorted(
                (sh for sh in shots if sh.rank is rank), key=lambda sh: target_index(pm.targets, sh)
            )
            for k, o in enumerate(sorted(spots, key=lambda o: o.move)):
                shot = aimed[k] if k < len(aimed) else None
                keyed.append((pm.key(t, o, shot), o, shot))
        keyed.sort(key=lambda order: order[0])
        for m, (_, option, shot) in zip(t.members, keyed, strict=True):
            given[m.name] = t.order(option, shot, m.name)
    return Plan(tuple(given[m.name] for m in pm.acting))


__all__ = ["SolveStats", "SolvedPlan", "Wish", "solve_plan"]
