"""A troop's special actions worked out once per what their reach and mode ask of the place
(`solver.orders.Orders._specials`, `SPECIALS_KEPT`: the rank, and the spot for an action
that strikes or reaches its own group; B4, A2), and the groups a monster
could join once per starting group (`rules.moves.join_options`, `JOINS_KEPT`; M1–M3): the
troops' options and shots are the same as when each destination asks afresh."""

from __future__ import annotations

from unittest import mock

from hypothesis import assume, given, settings

from lnf.model import Fight
from lnf.rules import check_state, moves
from lnf.rules.attacks import plan_targets
from lnf.rules.moves import can_act, join_options
from lnf.rules.roster import monsters
from lnf.solver import orders
from lnf.solver.orders import form_troops
from tests.grids import grid
from tests.strategies import plan_fights
from tests.test_orders_kin_share import surprised


def _troops(f: Fight, prune: bool) -> list[object]:
    acting = [m for m in monsters(f) if can_act(f, m)]
    troops = form_troops(f, acting, plan_targets(f), prune=prune, priced=prune)
    return [(t.members, t.moves, t.spots, t.options, t.shots) for t in troops]


def _same(f: Fight) -> None:
    for prune in (True, False):
        kept = _troops(f, prune)
        with (
            mock.patch.object(orders, "SPECIALS_KEPT", False),
            mock.patch.object(moves, "JOINS_KEPT", False),
        ):
            assert kept == _troops(f, prune)


@settings(max_examples=80, deadline=None)
@given(plan_fights(specials=True))
def test_specials_and_joins_kept(f: Fight) -> None:
    assume(not check_state(f))
    _same(f)


@settings(max_examples=40, deadline=None)
@given(plan_fights(specials=True), plan_fights(specials=True))
def test_joins_of_the_fight_asked(f: Fight, g: Fight) -> None:
    """M1–M3: each fight's own groups and heroes, asked in turn. The remembered answers are
    all read before any is worked out afresh (a fresh one writes the memo it would be
    compared with)."""
    asked = [(fight, m) for fight in (f, g, f) for m in (*fight.monsters, *fight.monsters[::-1])]
    kept = [join_options(fight, m) for fight, m in asked]
    with mock.patch.object(moves, "JOINS_KEPT", False):
        assert kept == [join_options(fight, m) for fight, m in asked]


def test_specials_kept_at_a_table() -> None:
    for seed in range(3):
        _same(grid(8, 40, seed, True))
        _same(surprised(grid(8, 40, seed, True)))
