"""Exact lexicographic optimisation with CP-SAT.

P3 and P4 compare plans level by level: the first difference decides. A single weighted sum
would need weights far beyond 64 bits for a real fight, so we pack consecutive levels into
*blocks* whose mixed-radix weights stay below 2**53, solve one block at a time, and fix every
level of a solved block to its optimal value before the next.

Why this is exact: in a block with levels e_1..e_k, each e_j an integer in [lo_j, hi_j] with
range r_j = hi_j - lo_j + 1, the objective sum_j w_j (e_j - lo_j) with w_k = 1 and
w_j = w_{j+1} r_{j+1} is a mixed-radix number whose digits are the levels: one unit on e_j
outweighs every possible change of the later levels together (sum_{i>j} w_i (r_i - 1) =
w_j - 1). Keeping every weighted sum below 2**53 means no overflow and no rounding anywhere,
and fixing each level afterwards makes later blocks respect earlier ones exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from lnf.errors import NoLegalPlan

MAX_BLOCK = 2**53


@dataclass
class Level:
    """One term of the lexicographic objective: minimise sum(coeff * var) + constant.

    `groups` holds the terms per monster; within a group at most one variable is true
    (`exactly_one` says whether exactly one is), which gives tight bounds.
    """

    name: str
    groups: list[tuple[list[tuple[cp_model.IntVar, int]], bool]] = field(default_factory=list)
    constant: int = 0

    def add(self, terms: list[tuple[cp_model.IntVar, int]], exactly_one: bool = False) -> None:
        terms = [(v, c) for v, c in terms if c != 0] if not exactly_one else terms
        if terms:
            self.groups.append((terms, exactly_one))

    def bounds(self) -> tuple[int, int]:
        lo = hi = self.constant
        for terms, exactly_one in self.groups:
            coeffs = [c for _, c in terms] + ([] if exactly_one else [0])
            lo += min(coeffs)
            hi += max(coeffs)
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
    out = Level(level.name, constant=-level.constant)
    for terms, exactly_one in level.groups:
        out.groups.append(([(v, -c) for v, c in terms], exactly_one))
    return out


def blocks(levels: list[Level]) -> list[list[Level]]:
    """Consecutive levels packed so that each block's weights stay below 2**53."""
    out: list[list[Level]] = []
    current: list[Level] = []
    product = 1
    for level in levels:
        lo, hi = level.bounds()
        width = hi - lo + 1
        if width == 1:
            current.append(level)  # a level with one possible value costs nothing
            continue
        if current and product * width > MAX_BLOCK:
            out.append(current)
            current, product = [], 1
        current.append(level)
        product *= width
    if current:
        out.append(current)
    return out


@dataclass
class LexResult:
    values: dict[str, int]
    solves: int


def solve_lexicographic(
    model: cp_model.CpModel,
    levels: list[Level],
    decisions: list[cp_model.IntVar],
    workers: int,
    time_limit: float,
) -> tuple[cp_model.CpSolver, LexResult]:
    """Minimise `levels` lexicographically; return a solver holding the optimal solution."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.random_seed = 0
    values: dict[str, int] = {}
    solves = 0
    hint: list[int] | None = None
    for block in blocks(levels):
        live = [lv for lv in block if lv.bounds()[0] != lv.bounds()[1]]
        if not live and hint is not None:
            values.update((lv.name, lv.bounds()[0]) for lv in block)
            continue  # every level here has only one possible value
        weights: list[int] = []
        weight = 1
        for level in reversed(live):
            lo, hi = level.bounds()
            weights.insert(0, weight)
            weight *= hi - lo + 1
        weighted = cp_model.LinearExpr.weighted_sum([lv.expr() for lv in live], weights)
        model.clear_hints()  # type: ignore[no-untyped-call]
        if hint is not None:
            for var, val in zip(decisions, hint, strict=True):
                model.add_hint(var, val)
        model.minimize(weighted)
        status = solver.solve(model)
        solves += 1
        if status == cp_model.INFEASIBLE:
            raise NoLegalPlan("no plan satisfies the rules and the wishes")
        if status != cp_model.OPTIMAL:
            raise NoLegalPlan(
                f"the solver found no proven optimum within {time_limit:g} s "
                f"({solver.status_name(status)})"
            )
        for level in block:
            val = level.value(solver)
            values[level.name] = val
            model.add(level.expr() == val)
        hint = [int(solver.value(v)) for v in decisions]
    if hint is None:  # nothing to optimise at all: still find a feasible plan
        status = solver.solve(model)
        solves += 1
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            raise NoLegalPlan("no plan satisfies the rules and the wishes")
    return solver, LexResult(values, solves)
