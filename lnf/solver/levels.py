"""The levels of the lexicographic objective (P3, P4) and the ranges they can take.

The ranges only have to hold every value a level can still take, and they are only narrowed
by what the model implies: troop sizes, budgets (a monster attacks one hero), floors (a
troop's members take their orders in turn), the most attackers K2 lets a hero draw, and
*ruled-out* variables. A level fixed at the very end of its range has every term at its
extreme, which rules out every variable that would move it; those count for nothing in later
ranges and get the domain {0}. Tighter ranges mean more levels per block and fewer solves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from operator import itemgetter

from lnf.solver.cp_sat import cp_model

Term = tuple[cp_model.IntVar, int]
Ruled = set[int]  # indices of variables that every plan left sets to 0


@dataclass(eq=False, slots=True)  # compared by identity: its CP-SAT variables overload ==
class TroopTerms:
    """A troop's terms in a level. They sum to at most `count`, to exactly `count` if
    `exact`; when every variable in `rest` is 0 they sum to exactly `count` unless `slack`;
    and when they sum to `count`, every variable in `rest` is 0."""

    terms: list[Term]
    count: int
    exact: bool
    rest: list[cp_model.IntVar]
    slack: bool = False
    # the indices of the terms' variables, in order, and of the rest, if the caller has them
    # (a troop's variables appear in many levels: their indices are looked up once a troop)
    at: list[int] | None = field(default=None, repr=False)
    rest_at: frozenset[int] | None = field(default=None, repr=False)

    _indices: tuple[list[tuple[int, int]], frozenset[int]] | None = field(default=None, repr=False)
    _extremes: tuple[Ruled, int, tuple[int, int]] | None = field(default=None, repr=False)
    # what the `ruled` asked last leaves (see `_extremes_of`): the terms sorted by coefficient,
    # the first and the last place among them not ruled out, the rest's variables left
    _ruled: Ruled | None = field(default=None, repr=False)
    _order: list[tuple[int, int]] = field(default_factory=list, repr=False)
    _low: int = field(default=0, repr=False)
    _high: int = field(default=-1, repr=False)
    _rest: list[int] = field(default_factory=list, repr=False)

    def indices(self) -> tuple[list[tuple[int, int]], frozenset[int]]:
        """The terms and the rest by variable index, looked up once."""
        if self._indices is None:
            at = self.at if self.at is not None else [v.index for v, _ in self.terms]
            terms = list(zip(at, [c for _, c in self.terms], strict=True))
            rest = self.rest_at
            self._indices = (terms, frozenset(v.index for v in self.rest) if rest is None else rest)
        return self._indices

    def extremes(self, ruled: Ruled) -> tuple[int, int]:
        """The least and the greatest it can add (ruled-out variables are 0). Remembered
        for the `ruled` asked last while it does not grow: a set of ruled-out variables only
        ever grows, so the same set at the same size holds the same variables."""
        seen = self._extremes
        if seen is not None and seen[0] is ruled and seen[1] == len(ruled):
            return seen[2]
        out = self._extremes_of(ruled)
        self._extremes = (ruled, len(ruled), out)
        return out

    def _extremes_of(self, ruled: Ruled) -> tuple[int, int]:
        """The extremes from what `ruled` leaves: the terms sorted by coefficient, the first
        and the last place among them that it does not hold, and the rest's variables down
        to the last one it does not hold (none: every one is ruled out). Kept for the `ruled`
        asked last: it only grows, so each look goes on from where the last one stopped (the
        places only move inwards, the rest only shrinks)."""
        if self._ruled is not ruled:
            terms, everyone = self.indices()
            self._ruled = ruled
            self._order = sorted(terms, key=itemgetter(1))
            self._low, self._high = 0, len(self._order) - 1
            self._rest = sorted(everyone)
        order, low, high = self._order, self._low, self._high
        while low <= high and order[low][0] in ruled:
            low += 1
        while high >= low and order[high][0] in ruled:
            high -= 1
        self._low, self._high = low, high
        rest = self._rest
        while rest and rest[-1] in ruled:
            rest.pop()
        if low > high:  # every term ruled out
            return 0, 0
        least, most = order[low][1], order[high][1]
        if not self.exact and (self.slack or rest):  # the terms may all be 0
            least, most = min(least, 0), max(most, 0)
        return self.count * least, self.count * most

    def rule_out(self, end: int, ruled: Ruled) -> None:
        """At `end`, one of its extremes, every variable that would move it is 0."""
        terms, rest = self.indices()
        for i, c in terms:
            if self.count * c != end:
                ruled.add(i)
        if end != 0 or self.exact:  # the whole count sits on the terms at the end
            ruled.update(rest)


@dataclass(eq=False)  # compared by identity: its CP-SAT variables overload ==
class Part:
    """The levels of one troop's tie-break, whose helper variables and constraints matter
    only while the troop is being decided. Those constraints are enforced by `active`,
    which is on for a solve only while the part has levels in the block or levels fixed
    with others still pending. Once all its levels are fixed, the variables it `decides`
    are fixed to their values instead, and its helpers stay off: every later solve's
    presolve drops them at once instead of working through them again."""

    active: cp_model.IntVar
    decides: list[cp_model.IntVar]


@dataclass(eq=False)  # compared by identity: its CP-SAT variables overload ==
class Level:
    """One term of the lexicographic objective: minimise sum(coeff * var) + constant,
    its terms grouped by troop (which gives tight bounds)."""

    name: str
    troops: list[TroopTerms] = field(default_factory=list)
    constant: int = 0
    # A count to maximise (stored negated) that cannot exceed `total` minus sign times the
    # counts of the named earlier levels (each monster attacks one hero; an attacker has one
    # class). Once those are fixed the range shrinks, often to one value, so blocks hold more.
    budget: tuple[int, tuple[tuple[str, int], ...]] | None = None
    # An earlier level whose value bounds this one from below (a troop's members take
    # their options in canonical order).
    floor: str | None = None
    part: Part | None = None  # see `Part`
    # A count of the attackers on this hero (stored negated): at most what the model's K2
    # lets the hero draw (see `LexSolve`'s `most`).
    hero: str | None = None
    _expr: cp_model.LinearExpr | None = field(default=None, repr=False)

    def add(
        self,
        terms: list[Term],
        count: int = 1,
        exact: bool = False,
        rest: list[cp_model.IntVar] | None = None,
        slack: bool = False,
    ) -> None:
        """A troop's terms; see `TroopTerms`. Terms that is not exact and has no `rest` is
        taken to have slack (its terms may all be 0)."""
        self._expr = None
        if exact:
            self.troops.append(TroopTerms(terms, count, True, []))
            return
        zero = [v for v, c in terms if c == 0]
        terms = [(v, c) for v, c in terms if c != 0]
        rest = (rest or []) + zero
        if terms:
            self.troops.append(TroopTerms(terms, count, False, rest, slack or not rest))

    def add_at(
        self,
        terms: list[Term],
        at: list[int],
        count: int,
        exact: bool = False,
        rest_at: frozenset[int] = frozenset(),
        slack: bool = False,
    ) -> None:
        """`add` given the indices of the terms' variables (`at`, in order) and of the rest
        (`rest_at`) instead of the rest's variables: the same troop's terms, without looking
        an index up again."""
        self._expr = None
        if exact:
            self.troops.append(TroopTerms(terms, count, True, [], at=at, rest_at=frozenset()))
            return
        if 0 in [c for _, c in terms]:
            rest_at = rest_at | {i for i, (_, c) in zip(at, terms, strict=True) if c == 0}
            at = [i for i, (_, c) in zip(at, terms, strict=True) if c != 0]
            terms = [(v, c) for v, c in terms if c != 0]
        if terms:
            kept = TroopTerms(terms, count, False, [], slack or not rest_at, at, rest_at)
            self.troops.append(kept)

    def static_bounds(self, ruled: Ruled) -> tuple[int, int]:
        lo = hi = self.constant
        for g in self.troops:
            t_lo, t_hi = g.extremes(ruled)
            lo += t_lo
            hi += t_hi
        return lo, hi

    def bounds(
        self, known: Mapping[str, int], ruled: Ruled, static: tuple[int, int] | None = None
    ) -> tuple[int, int]:
        """The range of the level, tightened by its budget or floor when `known` fixes the
        levels they name (budget levels are negated counts); `static`, if given, is
        `static_bounds(ruled)` already worked out."""
        lo, hi = static if static is not None else self.static_bounds(ruled)
        if self.budget is not None:
            total, named = self.budget
            if all(n in known for n, _ in named):
                left = total + sum(sign * known[n] for n, sign in named)  # stored negated
                lo = min(hi, max(lo, -left))
        if self.floor is not None and self.floor in known:
            lo = min(hi, max(lo, known[self.floor]))
        return lo, hi

    def rule_out(self, value: int, ruled: Ruled, static: tuple[int, int] | None = None) -> None:
        """If `value` is an end of the static range, every troop's terms sit at their own end: add
        the variables that would move it to `ruled`. `static`, if given, is
        `static_bounds(ruled)` already worked out."""
        lo, hi = static if static is not None else self.static_bounds(ruled)
        if value not in (lo, hi) or lo == hi:
            return
        for troop in self.troops:
            t_lo, t_hi = troop.extremes(ruled)
            troop.rule_out(t_lo if value == lo else t_hi, ruled)

    def expr(self) -> cp_model.LinearExpr:
        if self._expr is None:  # built once: a level's terms are all added before use
            terms = [term for troop in self.troops for term in troop.terms]
            self._expr = cp_model.LinearExpr.weighted_sum(
                [v for v, _ in terms], [c for _, c in terms]
            ) + (self.constant)
        return self._expr

    def value(self, solver: cp_model.CpSolver) -> int:
        return int(solver.value(self.expr()))


def negated(level: Level) -> Level:
    """The same level to be maximised, written as a minimisation."""
    out = Level(
        level.name,
        constant=-level.constant,
        budget=level.budget,
        floor=level.floor,
        part=level.part,
        hero=level.hero,
    )
    for g in level.troops:
        terms = [(v, -c) for v, c in g.terms]
        out.troops.append(TroopTerms(terms, g.count, g.exact, g.rest, g.slack, g.at, g.rest_at))
    return out
