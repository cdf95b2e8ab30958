"""V-ENC1: the surprise round's plan knows how many actions each monster has. One action is a
move or an action (a rank switch is neither, R8), so a one-action monster is never sent to
join and strike: it shoots from where it stands, or moves and does nothing more."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, assume, given, note, settings
from hypothesis import strategies as st

from lnf.engine.apply import apply
from lnf.engine.round_start import surprise_round_start
from lnf.formats.fight_writer import dump_fight
from lnf.model import Fight, Rank, Turns, Variant
from lnf.model.plan import STAY, Mode, Move, MoveKind, Order, Plan
from lnf.rules.plan_check import check_plan
from lnf.rules.plan_score import score
from lnf.solver import solve_plan
from tests.brute_force import best_plan
from tests.builders import BOW, SWORD, fight, hero, monster
from tests.strategies import plan_fights
from tests.test_plan_properties import plannable


def _surprise_round(f: Fight, actions: dict[str, int]) -> Fight:
    """The grid as the surprise round starts, with `actions` for those named."""
    named = replace(
        f,
        variants=f.variants | {Variant.ENCOUNTER},
        surprise_round=tuple(actions.items()),
        round=1,
        turns=Turns(),
    )
    return apply(named, surprise_round_start(named)).after


def _archer_in_the_open(actions: int = 1) -> Fight:
    """A lone hero; an ogre with a full turn, and an orc with a sword and a bow that has
    `actions` in the surprise round."""
    f = fight(
        [hero("Ann", hp=40)],
        [monster("Ogre", attacks=(SWORD,)), monster("Orc", attacks=(SWORD, BOW))],
    )
    return _surprise_round(f, {"Ogre": 3, "Orc": actions})


def test_v_enc1_a_one_action_monster_shoots_rather_than_join_and_only_move() -> None:
    full = solve_plan(_archer_in_the_open(3), explain=False).plan.order_for("Orc")
    assert full is not None and full.move.kind is MoveKind.JOIN and full.mode is Mode.MELEE
    grid = _archer_in_the_open()
    plan = solve_plan(grid, explain=False).plan
    order = plan.order_for("Orc")
    assert order is not None and order.move == STAY, order  # R8: to the back rank, no move
    assert order.rank is Rank.BACK and order.target == "Ann" and order.mode is Mode.RANGED
    assert not check_plan(grid, plan)


def test_v_enc1_the_validator_refuses_a_move_and_an_attack_with_one_action() -> None:
    grid = _archer_in_the_open()
    join = Move(MoveKind.JOIN, hero="Ann")
    join_and_strike = Order("Orc", Rank.FRONT, join, "Ann", Mode.MELEE)
    found = check_plan(grid, Plan((join_and_strike,)))
    assert any(v.rule == "V-ENC1" and "1 action in the surprise round" in v.message for v in found)
    assert not check_plan(grid, Plan((Order("Orc", Rank.FRONT, join),)))  # the move alone
    for actions in (2, 3):  # a move and an action
        full = _archer_in_the_open(actions)
        assert not check_plan(full, Plan((join_and_strike,)))


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(plan_fights(max_heroes=4, max_monsters=6), st.data())
def test_v_enc1_the_surprise_plan_passes_the_validator_and_equals_brute_force(
    f: Fight, data: st.DataObject
) -> None:
    actions = {m.name: data.draw(st.integers(0, 3), label=m.name) for m in f.monsters}
    grid = _surprise_round(f, actions)
    assume(plannable(grid))
    note(dump_fight(grid))
    plan = solve_plan(grid, explain=False).plan
    assert not check_plan(grid, plan)
    brute = best_plan(grid)
    assert brute is not None
    assert score(grid, plan) == score(grid, brute)
