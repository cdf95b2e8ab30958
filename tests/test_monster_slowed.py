"""Slowed, a condition of lnf's own (F3, docs/riders.md): what a copper dragon's Slowing Breath
and a stone golem's Slow impose — no reactions, speed halved, one attack on its turn, its
action or its bonus action — read from every SRD entry that says it, chosen by the plan where
it catches more heroes (B3), played on a failed save and kept by the engine and the heroes'
policy."""

from __future__ import annotations

from dataclasses import replace

import pytest

from lnf.dice import parse
from lnf.dice.roll import ScriptedDice, SeededDice
from lnf.engine.apply import Steps
from lnf.engine.effects import Rolled
from lnf.engine.hero_turn import hero_steps
from lnf.engine.resolve import roll_attack
from lnf.engine.turns import monster_attacks
from lnf.errors import Refused
from lnf.heroes.policy import PolicyHeroes, policy_choice
from lnf.model import (
    Ability,
    Area,
    Attack,
    AttackKind,
    Condition,
    Cost,
    Fight,
    Guard,
    Lasting,
    Rank,
    Recharge,
    Resource,
    Rider,
    Shape,
    TurnEdge,
)
from lnf.model.events import Turn
from lnf.model.plan import Mode, Order
from lnf.model.steps import Attacked, EffectStarted, Moved
from lnf.rules.attacks import routine
from lnf.rules.economy import left_this_turn, turning_guard, verify_costs
from lnf.rules.moves import is_fast
from lnf.rules.plan_check import check_plan
from lnf.rules.reactions import opportunity_attackers
from lnf.rules.roster import speed_now
from lnf.solver import solve_plan
from lnf.views.transcript import describe
from tests.builders import fight, hero, monster

DRAGON = "Young Copper Dragon"
SLOWED = Rider(
    conditions=(Condition.SLOWED,),
    lasting=Lasting(rounds=10, save=(Ability.CON, 14), each=TurnEdge.END),
)
ACID = Attack(
    name="Acid Breath",
    kind=AttackKind.RANGED,
    save=(Ability.DEX, 14),
    damage=parse("9d8 acid"),
    area=Area(Shape.LINE, 40),
    recharge=5,
    spends="Breath Weapons",
)
SLOWING = Attack(
    name="Slowing Breath",
    kind=AttackKind.RANGED,
    save=(Ability.CON, 14),
    half=False,
    damage=parse("0"),
    area=Area(Shape.CONE, 30),
    recharge=5,
    spends="Breath Weapons",
    riders=(SLOWED,),
)
BITE = Attack(name="Bite", to_hit=7, reach=10, damage=parse("2d10+4 piercing"))
CLAW = Attack(name="Claw", to_hit=7, damage=parse("2d6+4 slashing"))
TWICE = Attack(name="Longsword", to_hit=5, damage=parse("1d8+3 slashing"), times=2)
SLOW = frozenset({Condition.SLOWED})


def _copper_fight(*slowed: str, heroes: tuple[str, ...] = ("Ann", "Bo", "Cy")) -> Fight:
    party = [hero(n, hp=60, attacks=(TWICE,), saves=((Ability.CON, 2),), speed=30) for n in heroes]
    party = [replace(h, conditions=SLOW) if h.name in slowed else h for h in party]
    copper = monster(
        DRAGON,
        hp=119,
        attacks=(BITE, CLAW),
        multiattack=(("Bite", 1), ("Claw", 2)),
        actions=(ACID, SLOWING),
        resources=(Resource("Breath Weapons", 1, 0, Recharge.ROLL),),
    )
    return fight(party, [copper], {"A": [*heroes, DRAGON]})


# --- the plan (B3) and the breath played (F4, F6) --------------------------------------------


def test_the_cone_that_slows_catches_three_where_the_acid_line_catches_two() -> None:
    """B3, E1: a 30 ft cone catches 3, a 40 ft line 2: P3 puts the breath that slows first,
    with no damage at all; every plan passes the validator."""
    f = _copper_fight()
    plan = solve_plan(f, explain=False).plan
    (order,) = plan.orders
    assert order.action == "Slowing Breath" and len(order.targets) == 3
    assert check_plan(f, plan) == []
    two = _copper_fight(heroes=("Ann", "Bo"))
    (order,) = solve_plan(two, explain=False).plan.orders
    assert order.action == "Acid Breath"  # the same two heroes: B6, the damage


def test_a_failed_save_slows_for_a_minute_and_the_words_say_it() -> None:
    f = _copper_fight()
    order = Order(DRAGON, Rank.FRONT, target="Ann", action="Slowing Breath", also=("Bo", "Cy"))
    dice = ScriptedDice([3, 15, 12])  # Ann 5 fails, Bo 17 and Cy 14 save (DC 14)
    turn = Rolled.turn(f, DRAGON).rolling(dice)
    monster_attacks(turn, DRAGON, order, dice, lambda h, m, g: True)
    (started,) = [s.effect for s in turn.steps if isinstance(s, EffectStarted)]
    assert (started.who, started.condition) == ("Ann", Condition.SLOWED)
    assert started.lasting == SLOWED.lasting
    lines = describe(turn.finish(Turn(DRAGON, turn.steps)))
    assert any("Ann is slowed" in line for line in lines), lines


# --- what slowed does (F3) ---------------------------------------------------------------


def test_its_speed_is_halved() -> None:
    """F3, M2, M3: 30 ft halved is 15: a slow mover now (one group change a round)."""
    f = _copper_fight("Ann")
    assert speed_now(f.hero("Ann")) == 15 and not is_fast(f.hero("Ann"))
    assert speed_now(f.hero("Bo")) == 30 and is_fast(f.hero("Bo"))


def test_it_cannot_use_reactions() -> None:
    """F3: no opportunity attack when the dragon leaves (M6), no Shield against a hit (F1),
    and no reaction left this round."""
    f = _copper_fight("Ann")
    leaving = Moved(DRAGON, leave=True)
    assert opportunity_attackers(f, leaving) == ["Bo", "Cy"]
    assert Cost.REACTION not in left_this_turn(f, "Ann")
    with pytest.raises(Refused, match="slowed: it can't use reactions"):
        verify_costs(f, "Ann", [(Cost.REACTION, 1, "Shield")])
    shield = Guard("Shield", 5, slot=1, lasts=True)
    for name in ("Ann", "Bo"):
        guarded = f.with_combatant(replace(f.hero(name), guards=(shield,)))
        hit = roll_attack(
            guarded,
            guarded.monster(DRAGON),
            guarded.hero(name),
            CLAW,
            Mode.MELEE,
            ScriptedDice([5, 3, 3]),  # 12 hits AC 10, not AC 15,
        )
        assert isinstance(hit, Attacked) and hit.hit
        assert (turning_guard(guarded, hit) is None) == (name == "Ann")


def test_its_action_or_its_bonus_action_not_both() -> None:
    f = _copper_fight("Ann")
    verify_costs(f, "Ann", [(Cost.ACTION, None, "Attack")])
    verify_costs(f, "Ann", [(Cost.BONUS, None, "Second Wind")])
    with pytest.raises(Refused, match="slowed: its action or its bonus action, not both"):
        verify_costs(f, "Ann", [(Cost.ACTION, None, "Attack"), (Cost.BONUS, None, "Rage")])
    verify_costs(f, "Bo", [(Cost.ACTION, None, "Attack"), (Cost.BONUS, None, "Rage")])


def test_one_attack_on_its_turn_for_a_hero_and_for_a_monster() -> None:
    """F3: the fighter's Extra Attack gives one swing; the policy values and plays one; a
    slowed monster's Multiattack is its first attack (the plan reads the same routine)."""
    f = _copper_fight("Ann")
    choice = policy_choice(f, f.hero("Ann"))
    assert choice.action is not None and getattr(choice.action, "times", 0) == 1
    turn = Steps.turn(f, "Ann")
    hero_steps(turn, f.hero("Ann"), choice, SeededDice(3), PolicyHeroes())
    assert len([s for s in turn.steps if isinstance(s, Attacked)]) == 1
    bo = policy_choice(f, f.hero("Bo"))
    assert getattr(bo.action, "times", 0) == 2
    slowed = f.with_combatant(replace(f.monster(DRAGON), conditions=SLOW))
    assert routine(slowed.monster(DRAGON), f.hero("Ann"), Mode.MELEE) == (BITE,)
    assert routine(f.monster(DRAGON), f.hero("Ann"), Mode.MELEE) == (BITE, CLAW, CLAW)
