"""Exact lexicographic optimisation with CP-SAT.

P3 and P4 compare plans level by level: the first difference decides. A single weighted sum
would need weights far beyond 64 bits for a real fight, so we pack consecutive levels into
*blocks* whose mixed-radix weights stay below 2**31, solve one block at a time, and fix every
level of a solved block to its optimal value before the next.

Why this is exact: in a block with levels e_1..e_k, each e_j an integer in [lo_j, hi_j] with
range r_j = hi_j - lo_j + 1, the objective sum_j w_j (e_j - lo_j) with w_k = 1 and
w_j = w_{j+1} r_{j+1} is a mixed-radix number whose digits are the levels: one unit on e_j
outweighs every possible change of the later levels together (sum_{i>j} w_i (r_i - 1) =
w_j - 1). Keeping every weighted sum below 2**31 means no overflow and no rounding anywhere
(CP-SAT's LP works in doubles, and its presolve once declared a feasible model infeasible when
such 2**39 weights stood in a constraint), and fixing each level afterwards makes later blocks
respect earlier ones exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from lnf.errors import NoLegalPlan

MAX_BLOCK = 2**31  # far below int64 and double precision: CP-SAT's presolve and LP stay exact
LINEARIZATION = 2


@dataclass(eq=False)  # compared by identity: its CP-SAT variables overload ==
class Level:
    """One term of the lexicographic objective: minimise sum(coeff * var) + constant.

    `groups` holds the terms per monster; within a group at most one variable is true
    (`exactly_one` says whether exactly one is), which gives tight bounds.
    """

    name: str
    groups: list[tuple[list[tuple[cp_model.IntVar, int]], bool]] = field(default_factory=list)
    constant: int = 0
    # A count to maximise (stored negated) that cannot exceed `total` minus sign times the
    # counts of the named earlier levels (each monster attacks one hero; an attacker has one
    # class). Once those are fixed the range shrinks, often to one value, so blocks hold more.
    budget: tuple[int, tuple[tuple[str, int], ...]] | None = None

    def add(self, terms: list[tuple[cp_model.IntVar, int]], exactly_one: bool = False) -> None:
        terms = [(v, c) for v, c in terms if c != 0] if not exactly_one else terms
        if terms:
            self.groups.append((terms, exactly_one))

    def bounds(self, known: Mapping[str, int] | None = None) -> tuple[int, int]:
        """The range of the level, tightened by its budget when `known` fixes the levels it
        names (their values are negated counts)."""
        lo = hi = self.constant
        for terms, exactly_one in self.groups:
            coeffs = [c for _, c in terms] + ([] if exactly_one else [0])
            lo += min(coeffs)
            hi += max(coeffs)
        if known is not None and self.budget is not None:
            total, named = self.budget
            if all(n in known for n, _ in named):
                left = total + sum(sign * known[n] for n, sign in named)  # stored negated
                lo = min(hi, max(lo, -left))
        return lo, hi

    def expr(self) -> cp_model.LinearExpr:
        terms = [(v, c) for group, _ in self.groups for v, c in group]
        return cp_model.LinearExpr.weighted_sum([v for v, _ in terms], [c for _, c in terms]) + (
            self.constant
        )

    def value(self, solver: cp_model.CpSolver) -> int:
        return int(solver.value(self.expr()))


def negated(level: Level) -> Level:
    """The same level to be maximised, written as a minimisation."""
    out = Level(level.name, constant=-level.constant, budget=level.budget)
    for terms, exactly_one in level.groups:
        out.groups.append(([(v, -c) for v, c in terms], exactly_one))
    return out


def next_block(levels: list[Level], start: int, known: Mapping[str, int]) -> list[int]:
    """Indices of the consecutive levels from `start` whose weights stay below MAX_BLOCK,
    with ranges tightened by the levels already fixed (`known`)."""
    out: list[int] = []
    product = 1
    for i in range(start, len(levels)):
        lo, hi = levels[i].bounds(known)
        width = hi - lo + 1
        if width > 1 and out and product * width > MAX_BLOCK:
            break
        out.append(i)  # a level with one possible value costs nothing
        product *= width
    return out


@dataclass
class Candidate:
    """One model of the same plan (one K2 regime) with its levels and decision variables.

    All candidates have levels of the same names in the same order; their union of
    solutions is the set of legal plans.
    """

    model: cp_model.CpModel
    levels: list[Level]
    decisions: list[cp_model.IntVar]
    solver: cp_model.CpSolver = field(default_factory=cp_model.CpSolver)
    hint: list[int] | None = None


@dataclass
class LexResult:
    values: dict[str, int]
    solves: int
    winner: Candidate


def _weights(levels: list[Level], idx: list[int], known: Mapping[str, int]) -> dict[int, int]:
    """Mixed-radix weights of the block's levels that can take more than one value."""
    weights: dict[int, int] = {}
    weight = 1
    for i in reversed(idx):
        lo, hi = levels[i].bounds(known)
        if lo != hi:
            weights[i] = weight
            weight *= hi - lo + 1
    return weights


def _solve_block(
    cand: Candidate, idx: list[int], known: Mapping[str, int], workers: int, time_limit: float
) -> tuple[int, ...] | None:
    """Minimise the block's levels (mixed-radix weights); the levels' values, or None.

    The big weights appear only in the objective, never in a constraint: CP-SAT's presolve
    was seen to declare a feasible model infeasible with such a bound as a constraint.
    """
    weights = _weights(cand.levels, idx, known)
    model, solver = cand.model, cand.solver
    weighted = cp_model.LinearExpr.weighted_sum(
        [cand.levels[i].expr() for i in weights], list(weights.values())
    )
    model.minimize(weighted)
    model.clear_hints()  # type: ignore[no-untyped-call]
    if cand.hint is not None:
        for var, val in zip(cand.decisions, cand.hint, strict=True):
            model.add_hint(var, val)
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.random_seed = 0
    solver.parameters.linearization_level = LINEARIZATION  # the LP sees K2 and R6 counting
    solver.parameters.symmetry_level = 0  # symmetry detection costs more than it saves here
    status = solver.solve(model)
    if status == cp_model.INFEASIBLE:
        return None
    if status != cp_model.OPTIMAL:
        raise NoLegalPlan(
            f"the solver found no proven optimum within {time_limit:g} s "
            f"({solver.status_name(status)})"
        )
    cand.hint = [int(solver.value(v)) for v in cand.decisions]
    return tuple(cand.levels[i].value(solver) for i in idx)


def solve_lexicographic(candidates: list[Candidate], workers: int, time_limit: float) -> LexResult:
    """Minimise the levels lexicographically over the union of the candidates' solutions.

    Block by block, each surviving candidate is solved; those that reach the best values
    keep them as constraints and go on, the others drop out. Any survivor at the end holds
    the optimum, which the levels make unique.
    """
    alive = list(candidates)
    values: dict[str, int] = {}
    solves = 0
    start = 0
    while start < len(alive[0].levels):
        idx = next_block(alive[0].levels, start, values)
        start = idx[-1] + 1
        ranges = [alive[0].levels[i].bounds(values) for i in idx]
        if solves and all(lo == hi for lo, hi in ranges):
            # implied by the constraints and the levels already fixed: nothing to solve
            values.update(
                (alive[0].levels[i].name, lo) for i, (lo, _) in zip(idx, ranges, strict=True)
            )
            continue
        results = [_solve_block(cand, idx, values, workers, time_limit) for cand in alive]
        solves += len(alive)
        feasible = [r for r in results if r is not None]
        if not feasible:
            raise NoLegalPlan("no plan satisfies the rules and the wishes")
        best = min(feasible)
        alive = [c for c, r in zip(alive, results, strict=True) if r == best]
        for cand in alive:
            for i, val in zip(idx, best, strict=True):
                cand.model.add(cand.levels[i].expr() == val)
        values.update((alive[0].levels[i].name, val) for i, val in zip(idx, best, strict=True))
    return LexResult(values, solves, alive[0])
