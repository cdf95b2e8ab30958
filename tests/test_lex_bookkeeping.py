"""A block's objective written as one list (`solver.lexicographic.minimize`) is the proto
OR-Tools' `minimize` writes, byte for byte: the same model, so the same solves and plans."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from lnf.solver import lexicographic

TERMS = st.lists(st.tuples(st.integers(0, 7), st.integers(-5, 5)), max_size=8)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(TERMS, st.integers(-9, 9), st.integers(0, 10**6)), max_size=5),
    st.booleans(),
)
def test_minimize_writes_the_proto_minimize_writes(
    parts: list[tuple[list[tuple[int, int]], int, int]], before: bool
) -> None:
    """Sums of levels (variables repeated, coefficients 0 and below, constants), weighted,
    over a model that may hold an objective already: the same proto, byte for byte."""
    model = cp_model.CpModel()
    xs = [model.new_int_var(0, 4, f"x{k}") for k in range(8)]
    if before:
        model.minimize(cp_model.LinearExpr.sum(xs[:3]))
    exprs = [
        cp_model.LinearExpr.weighted_sum([xs[i] for i, _ in terms], [c for _, c in terms]) + const
        for terms, const, _ in parts
    ]
    objective = cp_model.LinearExpr.weighted_sum(exprs, [w for _, _, w in parts])
    theirs = model.clone()
    theirs.minimize(objective)
    lexicographic.minimize(model, objective)
    assert str(model.proto) == str(theirs.proto)
