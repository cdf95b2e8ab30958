"""Troops of one kind share what a member may do at a spot (`solver.orders.Orders._at`): the
troops' options and shots are the same as when each troop works out its own, pruned or not,
priced or not (P3, P4, B6; V-ENC1's one action)."""

from __future__ import annotations

from unittest import mock

from hypothesis import assume, given, settings

from lnf.model import Fight, Variant
from lnf.rules import check_state
from lnf.rules.attacks import plan_targets
from lnf.rules.moves import can_act
from lnf.rules.roster import monsters
from lnf.solver import orders
from lnf.solver.orders import form_troops
from lnf.values import replace
from tests.grids import grid
from tests.strategies import plan_fights


def _troops(f: Fight, prune: bool, priced: bool) -> list[object]:
    acting = [m for m in monsters(f) if can_act(f, m)]
    troops = form_troops(f, acting, plan_targets(f), prune=prune, priced=priced)
    return [(t.members, t.options, t.shots) for t in troops]


def _same(f: Fight) -> None:
    for prune, priced in ((True, True), (False, True), (False, False)):
        shared = _troops(f, prune, priced)
        with mock.patch.object(orders, "KIN_SHARE", False):
            alone = _troops(f, prune, priced)
        assert shared == alone


@settings(max_examples=60, deadline=None)
@given(plan_fights(specials=True))
def test_kin_share_what_they_may_do(f: Fight) -> None:
    assume(not check_state(f))
    _same(f)


def surprised(f: Fight) -> Fight:
    """V-ENC1: `f` in the surprise round, its monsters with 1, 2 and 3 actions in turn: twins
    with one action (a move or an attack) and twins with more share a kind."""
    names = [m.name for m in f.monsters]
    return replace(
        f,
        variants=frozenset(f.variants) | {Variant.ENCOUNTER},
        round=0,
        turns=replace(f.turns, order=(*names, *(h.name for h in f.heroes))),
        surprise_round=tuple((n, 1 + k % 3) for k, n in enumerate(names)),
    )


def test_kin_share_at_a_table() -> None:
    for seed in range(4):
        _same(grid(8, 40, seed, seed % 2 == 1))
        _same(surprised(grid(8, 40, seed, seed % 2 == 1)))
    _same(grid(20, 150, 1))
