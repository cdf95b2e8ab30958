"""A troop's extremes (`levels.TroopTerms.extremes`), kept for the set of ruled-out variables
asked last (its terms sorted by coefficient, two places moving inwards as the set grows),
answer as the rule's own formula worked out afresh, also for several sets asked in turn as
each grows (the K2 regimes solved apart share the levels, each with a set of its own)."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from lnf.solver.levels import TroopTerms


def afresh(
    terms: list[tuple[int, int]],
    rest: list[int],
    count: int,
    exact: bool,
    slack: bool,
    ruled: set[int],
) -> tuple[int, int]:
    """The extremes as `TroopTerms` states them: ruled-out variables are 0; terms that are not
    exact may all be 0 when they have slack or some of the rest is not ruled out."""
    coeffs = [c for i, c in terms if i not in ruled]
    short = slack or not set(rest) <= ruled
    if (not exact and short) or not coeffs:
        coeffs.append(0)
    return count * min(coeffs), count * max(coeffs)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 8), st.integers(-3, 3)), max_size=7),
    st.lists(st.integers(0, 8), max_size=6),
    st.integers(1, 4),
    st.booleans(),
    st.booleans(),
    st.lists(st.tuples(st.integers(0, 2), st.sets(st.integers(0, 8), max_size=3)), max_size=12),
)
@example([(0, 1), (1, 2)], [2], 2, False, False, [(0, {1}), (1, set()), (0, {0, 2}), (1, {1})])
def test_extremes_kept_per_set_are_those_worked_out_afresh(
    terms: list[tuple[int, int]],
    rest: list[int],
    count: int,
    exact: bool,
    slack: bool,
    steps: list[tuple[int, set[int]]],
) -> None:
    model = cp_model.CpModel()
    xs = [model.new_int_var(0, 5, f"x{i}") for i in range(9)]
    kept = TroopTerms([(xs[i], c) for i, c in terms], count, exact, [xs[i] for i in rest], slack)
    sets: list[set[int]] = [set(), set(), set()]
    for which, grown in steps:
        sets[which] |= grown
        for ruled in sets:  # every set asked again, in turn
            assert kept.extremes(ruled) == afresh(terms, rest, count, exact, slack, ruled)
