"""B1, B3 in the plan: a weapon order whose Multiattack uses an action first ("The dragon can
use its Frightful Presence. It then makes three attacks") attacks every hero that action is
aimed at: they count in P3 as an area's catch does, the order names them (`also`), the
validator holds it to exactly that catch, and the table aims the action at them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled
from lnf.engine.turns import monster_attacks
from lnf.formats.fight_file import parse_fight
from lnf.formats.written_orders import load_plan
from lnf.model import Condition, Effect, Fight, Rank
from lnf.model.events import Planned
from lnf.model.plan import Mode, Order, Plan
from lnf.model.steps import SpellCast
from lnf.rules.action_immunity import immunity, immunity_lasting
from lnf.rules.explain import held_actions
from lnf.rules.multiattack_first import first_catch, with_first
from lnf.rules.plan_check import check_plan
from lnf.rules.plan_score import p3_vector, score
from lnf.rules.wording import and_list
from lnf.solver import solve_plan
from lnf.views.plan_line import plan_line
from tests.brute_force import best_plan

DRAGON = "Adult Red Dragon"
_FIGHT = """\
title: An adult red dragon and its goblin
round: 2
phase: melee
heroes:
  - {name: Ann, class: fighter, hp: 160, ac: 18, saves: {wis: 1}}
  - {name: Bo, class: cleric, hp: 150, ac: 18, saves: {wis: 7}}
  - {name: Cy, class: wizard, hp: 60, ac: 12, rank: back, why: guarded}
monsters:
  - {monster: Adult Red Dragon, used: {Fire Breath: 1}}
  - {monster: Goblin}
groups:
  A: [Ann, Bo, Cy, Adult Red Dragon, Goblin]
"""


def _fight() -> Fight:
    return parse_fight(_FIGHT, "dragon.yaml")


def _order(plan: Plan) -> Order:
    order = plan.order_for(DRAGON)
    assert order is not None
    return order


def test_the_plan_counts_every_hero_frightful_presence_is_aimed_at() -> None:
    """B3: the dragon's weapon order attacks its target and, through its Frightful Presence,
    the other heroes it catches; P3 counts the dragon at each of them; the plan passes the
    validator and is brute force's."""
    f = _fight()
    plan = solve_plan(f, explain=False).plan
    order = _order(plan)
    assert order.action == "" and order.target is not None
    assert set(order.targets) == {"Ann", "Bo", "Cy"}
    assert order.also == first_catch(f, f.monster(DRAGON), order)
    assert check_plan(f, plan) == []
    for hero in ("Ann", "Bo", "Cy"):
        assert any(o.monster == DRAGON for o in plan.attackers_of(hero))
    line = plan_line(Planned(plan.orders), [], f)
    others = and_list(list(order.also))
    assert (
        f"{DRAGON} attacks {order.target} in mêlée, Frightful Presence on {others} as well" in line
    )
    brute = best_plan(f)
    assert brute is not None and score(f, brute) == score(f, plan)
    assert set(brute.orders) == set(plan.orders)
    bare = Plan(tuple(replace(o, also=()) if o.monster == DRAGON else o for o in plan.orders))
    assert p3_vector(f, plan) > p3_vector(f, bare)


def test_the_validator_holds_a_weapon_order_to_its_first_actions_catch() -> None:
    """B3: naming fewer heroes than the Multiattack's Frightful Presence catches, or others,
    breaks B3 (P3 would not count what the table does); a monster without one may still
    attack one hero only (P2)."""
    f = _fight()
    bare = Order(DRAGON, Rank.FRONT, target="Ann", mode=Mode.MELEE)
    assert [v.rule for v in check_plan(f, Plan((bare,)))] == ["B3"]
    (said,) = check_plan(f, Plan((bare,)))
    assert "Frightful Presence" in said.message and "Bo and Cy" in said.message
    whole = with_first(f, bare)
    assert whole.also == ("Bo", "Cy")
    assert check_plan(f, Plan((whole,))) == []
    wrong = replace(whole, also=("Cy",))
    assert [v.rule for v in check_plan(f, Plan((wrong,)))] == ["B3"]
    goblin = Order("Goblin", Rank.FRONT, target="Ann", mode=Mode.MELEE, also=("Bo",))
    assert [v.rule for v in check_plan(f, Plan((goblin,)))] == ["P2"]


def test_a_frightened_or_immune_hero_is_no_part_of_the_catch() -> None:
    """B1, B3, F4: a hero already frightened, or immune to this dragon's Frightful Presence,
    is not aimed at, so the weapon order does not attack it."""
    f = _fight()
    bo = replace(f.hero("Bo"), conditions=f.hero("Bo").conditions | {Condition.FRIGHTENED})
    immune = Effect(
        key=1,
        who="Cy",
        what=immunity(DRAGON, "Frightful Presence"),
        lasting=immunity_lasting(),
        round=1,
        by=DRAGON,
    )
    f = replace(f, heroes=tuple(bo if h.name == "Bo" else h for h in f.heroes), effects=(immune,))
    order = with_first(f, Order(DRAGON, Rank.FRONT, target="Bo", mode=Mode.MELEE))
    assert order.also == ("Ann",)
    plan = solve_plan(f, explain=False).plan
    assert check_plan(f, plan) == []
    assert "Cy" not in _order(plan).also


def test_a_written_weapon_order_gets_its_catch(tmp_path: Path) -> None:
    """P7, B3: "Adult Red Dragon: Ann" is read with the heroes its Frightful Presence
    catches besides Ann, and passes the validator."""
    path = tmp_path / "plan.yaml"
    path.write_text(f"{DRAGON}: Ann\n", encoding="utf-8")
    f = _fight()
    (order,) = load_plan(path, f).orders
    assert (order.target, order.also, order.mode) == ("Ann", ("Bo", "Cy"), Mode.MELEE)
    assert check_plan(f, Plan((order,))) == []


def test_the_table_aims_frightful_presence_at_the_heroes_the_plan_names() -> None:
    """B1, B3: the dragon's turn plays the planned order: Frightful Presence at its target
    and the heroes `also` names, then the attacks at its target."""
    f = _fight()
    order = _order(solve_plan(f, explain=False).plan)
    dice = ScriptedDice([4] * 80)
    turn = Rolled.turn(f, DRAGON).rolling(dice)
    monster_attacks(turn, DRAGON, order, dice, lambda *_: True)
    cast = next(s for s in turn.steps if isinstance(s, SpellCast))
    assert cast.spell == "Frightful Presence"
    assert set(cast.targets) == set(order.targets)


def test_p5_does_not_hold_back_the_action_the_multiattack_uses_first() -> None:
    """B1, P5: the dragon's weapon order uses its Frightful Presence first, so the plan does
    not also list it as held back ("would attack the same heroes for less expected damage"
    read as if it were not used); the spent Fire Breath still is (B2)."""
    f = _fight()
    plan = solve_plan(f, explain=False).plan
    order = _order(plan)
    assert not order.action and order.also  # a weapon order, its Frightful Presence aimed
    held = dict(held_actions(f, plan))[DRAGON]
    assert not any("Frightful Presence" in why for _, why in held)
    assert any(rule == "B2" and "Fire Breath" in why for rule, why in held)
