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

The ranges only have to hold every value a level can still take, and they are only narrowed
by what the model implies: troop sizes, budgets (a monster attacks one hero), floors (a
troop's members take their orders in turn) and *ruled-out* variables. A level fixed at the
very end of its range has every term at its extreme, which rules out every variable that
would move it; those count for nothing in later ranges and get the domain {0}. A level left
with one value is fixed without solving. Tighter ranges mean more levels per block and fewer
solves, and the tie-break levels are only built once the levels before them are fixed, over
the orders still open (see `solve_lexicographic`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from lnf.errors import NoLegalPlan

MAX_BLOCK = 2**31  # far below int64 and double precision: CP-SAT's presolve and LP stay exact
LINEARIZATION = 2  # the LP must see K2 and R6 counting: at 1, some grids never finish

Term = tuple[cp_model.IntVar, int]
Ruled = set[int]  # indices of variables that every plan left sets to 0


@dataclass(eq=False)  # compared by identity: its CP-SAT variables overload ==
class Group:
    """A troop's terms in a level. They sum to at most `count`, to exactly `count` if
    `exact`; when every variable in `rest` is 0 they sum to exactly `count` unless `slack`;
    and when they sum to `count`, every variable in `rest` is 0."""

    terms: list[Term]
    count: int
    exact: bool
    rest: list[cp_model.IntVar]
    slack: bool = False

    def extremes(self, ruled: Ruled) -> tuple[int, int]:
        """The least and the greatest it can add (ruled-out variables are 0)."""
        coeffs = [c for v, c in self.terms if v.index not in ruled]
        short = self.slack or any(v.index not in ruled for v in self.rest)
        if (not self.exact and short) or not coeffs:
            coeffs.append(0)
        return self.count * min(coeffs), self.count * max(coeffs)

    def rule_out(self, end: int, ruled: Ruled) -> None:
        """At `end`, one of its extremes, every variable that would move it is 0."""
        for v, c in self.terms:
            if self.count * c != end:
                ruled.add(v.index)
        if end != 0 or self.exact:  # the whole count sits on the terms at the end
            ruled.update(v.index for v in self.rest)


@dataclass(eq=False)  # compared by identity: its CP-SAT variables overload ==
class Level:
    """One term of the lexicographic objective: minimise sum(coeff * var) + constant,
    its terms grouped by troop (which gives tight bounds)."""

    name: str
    groups: list[Group] = field(default_factory=list)
    constant: int = 0
    # A count to maximise (stored negated) that cannot exceed `total` minus sign times the
    # counts of the named earlier levels (each monster attacks one hero; an attacker has one
    # class). Once those are fixed the range shrinks, often to one value, so blocks hold more.
    budget: tuple[int, tuple[tuple[str, int], ...]] | None = None
    # An earlier level whose value bounds this one from below (a troop's members take
    # their options in canonical order).
    floor: str | None = None

    def add(
        self,
        terms: list[Term],
        count: int = 1,
        exact: bool = False,
        rest: list[cp_model.IntVar] | None = None,
        slack: bool = False,
    ) -> None:
        """A troop's terms; see `Group`. A group that is not exact and has no `rest` is
        taken to have slack (its terms may all be 0)."""
        if exact:
            self.groups.append(Group(terms, count, True, []))
            return
        zero = [v for v, c in terms if c == 0]
        terms = [(v, c) for v, c in terms if c != 0]
        rest = (rest or []) + zero
        if terms:
            self.groups.append(Group(terms, count, False, rest, slack or not rest))

    def static_bounds(self, ruled: Ruled) -> tuple[int, int]:
        extremes = [g.extremes(ruled) for g in self.groups]
        return (
            self.constant + sum(lo for lo, _ in extremes),
            self.constant + sum(hi for _, hi in extremes),
        )

    def bounds(self, known: Mapping[str, int], ruled: Ruled) -> tuple[int, int]:
        """The range of the level, tightened by its budget or floor when `known` fixes the
        levels they name (budget levels are negated counts)."""
        lo, hi = self.static_bounds(ruled)
        if self.budget is not None:
            total, named = self.budget
            if all(n in known for n, _ in named):
                left = total + sum(sign * known[n] for n, sign in named)  # stored negated
                lo = min(hi, max(lo, -left))
        if self.floor is not None and self.floor in known:
            lo = min(hi, max(lo, known[self.floor]))
        return lo, hi

    def rule_out(self, value: int, ruled: Ruled) -> None:
        """If `value` is an end of the static range, every group sits at its own end: add
        the variables that would move it to `ruled`."""
        lo, hi = self.static_bounds(ruled)
        if value not in (lo, hi) or lo == hi:
            return
        for group in self.groups:
            g_lo, g_hi = group.extremes(ruled)
            group.rule_out(g_lo if value == lo else g_hi, ruled)

    def expr(self) -> cp_model.LinearExpr:
        terms = [term for group in self.groups for term in group.terms]
        return cp_model.LinearExpr.weighted_sum([v for v, _ in terms], [c for _, c in terms]) + (
            self.constant
        )

    def value(self, solver: cp_model.CpSolver) -> int:
        return int(solver.value(self.expr()))


def negated(level: Level) -> Level:
    """The same level to be maximised, written as a minimisation."""
    out = Level(level.name, constant=-level.constant, budget=level.budget, floor=level.floor)
    for g in level.groups:
        out.groups.append(Group([(v, -c) for v, c in g.terms], g.count, g.exact, g.rest, g.slack))
    return out


def next_block(
    levels: list[Level], start: int, known: Mapping[str, int], ruled: Ruled
) -> list[int]:
    """Indices of the consecutive levels from `start` whose weights stay below MAX_BLOCK,
    with ranges tightened by the levels already fixed (`known`) and what they rule out."""
    out: list[int] = []
    product = 1
    for i in range(start, len(levels)):
        lo, hi = levels[i].bounds(known, ruled)
        width = hi - lo + 1
        if width > 1 and out and product * width > MAX_BLOCK:
            break
        out.append(i)  # a level with one possible value costs nothing
        product *= width
    return out


@dataclass
class LexResult:
    values: dict[str, int]
    solves: int
    solver: cp_model.CpSolver  # holds the optimum


def _solve_block(
    model: cp_model.CpModel,
    block: list[tuple[Level, int, int]],
    workers: int,
    time_limit: float,
) -> cp_model.CpSolver:
    """Minimise the block's levels, given with their ranges, by mixed-radix weights.

    The big weights appear only in the objective, never in a constraint: CP-SAT's presolve
    was seen to declare a feasible model infeasible with such a bound as a constraint.
    """
    exprs, weights = [], []
    weight = 1
    for level, lo, hi in reversed(block):
        if lo != hi:
            exprs.append(level.expr())
            weights.append(weight)
            weight *= hi - lo + 1
    model.minimize(cp_model.LinearExpr.weighted_sum(exprs, weights))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.random_seed = 0
    solver.parameters.linearization_level = LINEARIZATION  # the LP sees K2 and R6 counting
    solver.parameters.symmetry_level = 0  # symmetry detection costs more than it saves here
    status = solver.solve(model)
    if status == cp_model.INFEASIBLE:
        raise NoLegalPlan("no plan satisfies the rules and the wishes")
    if status != cp_model.OPTIMAL:
        raise NoLegalPlan(
            f"the solver found no proven optimum within {time_limit:g} s "
            f"({solver.status_name(status)})"
        )
    return solver


def solve_lexicographic(
    model: cp_model.CpModel,
    levels: list[Level],
    later: Callable[[Ruled], list[Level]],
    workers: int,
    time_limit: float,
) -> LexResult:
    """Minimise `levels`, then the levels `later` builds once those are fixed (it gets the
    variables they rule out), lexicographically, block by block.

    Every solved level is fixed to its optimum as a constraint before the next block; a
    block whose levels can each take one value only is not solved at all.
    """
    values: dict[str, int] = {}
    ruled: Ruled = set()
    solves = 0
    solver: cp_model.CpSolver | None = None
    pending = list(levels)
    built_later = False
    while pending or not built_later:
        if not pending:
            ruled |= _presolved_zeros(model)
            pending, built_later = later(ruled), True
            continue
        lo, hi = pending[0].bounds(values, ruled)
        if lo == hi:  # implied by the model and the levels already fixed: nothing to solve
            _fix(pending.pop(0), lo, values, ruled)
            continue
        idx = next_block(pending, 0, values, ruled)
        block = [(pending[i], *pending[i].bounds(values, ruled)) for i in idx]
        _settle(model, ruled)
        solver = _solve_block(model, block, workers, time_limit)
        solves += 1
        for level, lo, hi in block:
            value = level.value(solver)
            if lo != hi:  # a level with one possible value already holds it
                model.add(level.expr() == value)
            _fix(level, value, values, ruled)
        pending = pending[len(idx) :]
    if solver is None:  # every level was implied: any solution is the one
        solver = _solve_block(model, [], workers, time_limit)
        solves += 1
    return LexResult(values, solves, solver)


def _presolved_zeros(model: cp_model.CpModel) -> Ruled:
    """The variables that CP-SAT's presolve alone fixes at 0. Told to keep every feasible
    solution (no reductions that only keep some optimum), it returns facts about all plans
    left, so they may rule variables out."""
    model.clear_objective()  # type: ignore[no-untyped-call]
    solver = cp_model.CpSolver()
    solver.parameters.keep_all_feasible_solutions_in_presolve = True
    solver.parameters.fill_tightened_domains_in_response = True
    solver.parameters.stop_after_presolve = True
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.solve(model)
    domains = solver.response_proto.tightened_variables
    return {k for k, v in enumerate(domains) if list(v.domain) == [0, 0]}


def _settle(model: cp_model.CpModel, ruled: Ruled) -> None:
    """Give every ruled-out variable the domain {0}: the solver's presolve, run again for
    every block, then drops them at once instead of deriving it from the fixed levels."""
    variables = model.proto.variables
    for index in ruled:
        variables[index].domain[1] = 0  # every variable here has a lower bound of 0


def _fix(level: Level, value: int, values: dict[str, int], ruled: Ruled) -> None:
    values[level.name] = value
    level.rule_out(value, ruled)
