"""The lexicographic optimum over every plan K2 allows, regime by regime (see
`model.REGIMES`): the legal plans are the union of the regimes' plans.

First in one model with the regime as a choice inside it: one solve a block, where regime by
regime takes one a regime (a table's grid has three or four). Its LP bounds are weak there,
though, and on some grids a block takes a hundred times longer to prove; so each of its
blocks gets CONFLICTS (the tie-break's too), and a block that proves nothing within them
stops it (`lexicographic.Stalled`). Either way the optimum is the same one (it is unique, P4), so
which way found it changes nothing but the time. Only for a table's grid (ONE_MODEL_HEROES
heroes, ONE_MODEL_MOST acting monsters): past it the one model's solves grow slower than the
regimes' together (measured, CPU: 4 × 60, 8 × 40, 12 × 80 and 12 × 100 0.7–0.85 × the time;
10 × 30 and 16 × 40 even; 20 × 60 to 20 × 150 and 30 × 100 1.05–1.2 ×; 50 × 500 twice).

In one regime K2 is plain linear and CP-SAT's LP bounds are tight. So, failing the one
model, P3 and P4 are solved in every regime apart, in lockstep, block by block: a regime whose
block is worse than another's holds no optimal plan and is dropped (a plan in it would be
worse), the others go on; one whose best hope another's fixed levels already beat is dropped
before its solve (`_beaten`), its model never built. Regimes often tie to the end (a plan in
which nobody joins lies in every regime whose floor it reaches); the tie-break then goes on in
one model that chooses among the regimes left, with everything before it fixed.
"""

from __future__ import annotations

from lnf.errors import NoLegalPlan
from lnf.solver.cp_sat import cp_model
from lnf.solver.levels import Level
from lnf.solver.lexicographic import Fixed, LexResult, LexSolve, Stalled
from lnf.solver.model import PlanModel, possible_regimes
from lnf.solver.objective import canonical_levels, p3_p4_levels

ONE_MODEL_HEROES = 12  # see above
ONE_MODEL_MOST = 100  # acting monsters; see above
DROP_BEATEN = True  # a regime that cannot catch up is dropped unsolved (off: for the tests)
# CP-SAT tuned for a table's model in the one model (`lexicographic.cp_solver`): presolve
# off, its blocks take 0.92 × the instructions at 8 × 40 (0.92 × at 4 × 60, 0.95 × at
# 12 × 100, 0.98 × at 12 × 80, 0.90 × at 6 × 20); in the regimes' models of a battle it is
# kept: off, a 20 × 150 plan takes 1.6 × (docs/performance.md)
TABLE_TUNING = True


def solve_over_regimes(
    base: PlanModel, workers: int, time_limit: float
) -> tuple[PlanModel, LexResult]:
    """P3, P4 and the tie-break over all plans K2 allows, `base` being the model without
    K2; returns the model the optimum was found in, and the optimum (its count of solves
    takes in every regime's)."""
    levels = p3_p4_levels(base)
    regimes = possible_regimes(base.fight)
    stalled = 0  # solves spent in one model before it stalled
    table = len(base.targets) <= ONE_MODEL_HEROES and len(base.acting) <= ONE_MODEL_MOST
    if len(regimes) > 1 and table:
        try:
            return _in_one_model(base, regimes, levels, workers, time_limit)
        except Stalled as stop:
            stalled = stop.args[0]
    every: list[LexSolve] = []
    made: dict[tuple[int, ...], PlanModel] = {}  # each run's model, once built

    def start(regimes: list[int]) -> tuple[tuple[int, ...], LexSolve]:
        """A run in `regimes`, its model built at its first use. `base`'s model is not
        changed once its levels are made, so a copy made later is the copy made now."""
        key = tuple(regimes)

        def build() -> cp_model.CpModel:
            made[key] = base.with_regimes(regimes)
            return made[key].model

        later = lambda ruled: canonical_levels(made[key], ruled)  # noqa: E731
        most = base.most_attackers(regimes, floors=True)  # K2's figures: the base's
        every.append(LexSolve(build, levels, later, workers, time_limit, most))
        return key, every[-1]

    runs = {k: start([k]) for k in regimes}
    fixed: dict[int, Fixed] = {k: [] for k in runs}  # each regime's levels fixed so far
    while len(runs) > 1:
        # the regimes furthest behind take a step (a solve may prove fewer levels in one
        # regime than in another); then all are compared on what all have fixed
        behind = min(len(fixed[k]) for k in runs)
        stepping = [k for k in runs if len(fixed[k]) == behind and runs[k][1].pending]
        if not stepping:
            break  # P3 and P4 are fixed in every regime left
        # the most hopeful first, so that a regime that cannot catch up is dropped unsolved
        for k in sorted(stepping, key=lambda k: _hope(fixed[k], runs[k][1])):
            if DROP_BEATEN and _beaten(k, fixed, runs):
                del runs[k]
                continue
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
        key, run = next(iter(runs.values()))
    else:
        key, run = start(list(runs))
        run.impose(fixed[next(iter(runs))])
    result = run.run()
    pm = made[key]
    result.solves = stalled + sum(r.solves for r in every)
    return pm, result


def _in_one_model(
    base: PlanModel, regimes: list[int], levels: list[Level], workers: int, time_limit: float
) -> tuple[PlanModel, LexResult]:
    """The optimum in one model that chooses among `regimes`; raises `Stalled` with the
    solves spent if a block proves nothing within CONFLICTS."""
    pm = base.with_regimes(regimes)
    later = lambda ruled: canonical_levels(pm, ruled)  # noqa: E731
    most = pm.most_attackers(regimes)
    run = LexSolve(
        pm.model, levels, later, workers, time_limit, most, stall=True, table=TABLE_TUNING
    )
    try:
        return pm, run.run()
    except Stalled:
        raise Stalled(run.solves + 1) from None


def _values(fixed: Fixed) -> tuple[int, ...]:
    return tuple(value for _, value in fixed)


def _hope(fixed: Fixed, run: LexSolve) -> tuple[int, ...]:
    """The best a regime's levels can still come to: those fixed, then the low end of the
    next one's range (every plan of its model has that level at least there)."""
    return (*_values(fixed), run.next_low())


def _beaten(
    k: int, fixed: dict[int, Fixed], runs: dict[int, tuple[tuple[int, ...], LexSolve]]
) -> bool:
    """Whether another regime left has fixed levels that beat the best regime `k` can still
    come to (`_hope`): then `k` holds no optimal plan (P3, P4 compare level by level) and
    would be dropped once solved, so it is dropped unsolved. Exact: the regimes left, and
    so the optimum, are the same (each regime's solves depend on its own model alone)."""
    hope = _hope(fixed[k], runs[k][1])
    return any(
        j != k and len(fixed[j]) >= len(hope) and _values(fixed[j][: len(hope)]) < hope
        for j in runs
    )
