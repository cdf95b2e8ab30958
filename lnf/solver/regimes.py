"""The lexicographic optimum over every plan K2 allows, regime by regime (see
`model.REGIMES`): the legal plans are the union of the regimes' plans.

In one regime K2 is plain linear and CP-SAT's LP bounds are tight; with the regime as a
choice inside the model they are weak, and a block can take a hundred times longer to prove.
So P3 and P4 are solved in every regime apart, in lockstep, block by block: a regime whose
block is worse than another's holds no optimal plan and is dropped (a plan in it would be
worse), the others go on. Regimes often tie to the end (a plan in which nobody joins lies in
every regime whose floor it reaches); the tie-break then goes on in one model that chooses
among the regimes left, with everything before it fixed.
"""

from __future__ import annotations

from lnf.errors import NoLegalPlan
from lnf.solver.lexicographic import Fixed, LexResult, LexSolve
from lnf.solver.model import PlanModel, possible_regimes
from lnf.solver.objective import canonical_levels, p3_p4_levels


def solve_over_regimes(
    base: PlanModel, workers: int, time_limit: float
) -> tuple[PlanModel, LexResult]:
    """P3, P4 and the tie-break over all plans K2 allows, `base` being the model without
    K2; returns the model the optimum was found in, and the optimum (its count of solves
    takes in every regime's)."""
    levels = p3_p4_levels(base)
    every: list[LexSolve] = []

    def start(regimes: list[int]) -> tuple[PlanModel, LexSolve]:
        pm = base.with_regimes(regimes)
        later = lambda ruled: canonical_levels(pm, ruled)  # noqa: E731
        most = pm.most_attackers(regimes)
        every.append(LexSolve(pm.model, levels, later, workers, time_limit, most))
        return pm, every[-1]

    runs = {k: start([k]) for k in possible_regimes(base.fight)}
    fixed: dict[int, Fixed] = {k: [] for k in runs}  # each regime's levels fixed so far
    while len(runs) > 1:
        # the regimes furthest behind take a step (a solve may prove fewer levels in one
        # regime than in another); then all are compared on what all have fixed
        behind = min(len(fixed[k]) for k in runs)
        stepping = [k for k in runs if len(fixed[k]) == behind and runs[k][1].pending]
        if not stepping:
            break  # P3 and P4 are fixed in every regime left
        for k in stepping:
            try:
                fixed[k] += runs[k][1].step(extend=False)
            except NoLegalPlan:
                del runs[k]
        if not runs:
            raise NoLegalPlan("no plan satisfies the rules and the wishes")
        common = min(len(fixed[k]) for k in runs)
        best = min(_values(fixed[k][:common]) for k in runs)
        runs = {k: run for k, run in runs.items() if _values(fixed[k][:common]) == best}
    if len(runs) == 1:
        pm, run = next(iter(runs.values()))
    else:
        pm, run = start(list(runs))
        run.impose(fixed[next(iter(runs))])
    result = run.run()
    result.solves = sum(r.solves for r in every)
    return pm, result


def _values(fixed: Fixed) -> tuple[int, ...]:
    return tuple(value for _, value in fixed)
