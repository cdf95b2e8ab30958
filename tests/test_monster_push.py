"""A push out of the group (F6, docs/riders.md): a bronze dragon's Repulsion Breath ("pushed 40
feet away from the dragon") read from every SRD entry that says it, a rider of the fight file
(`push: 40`), chosen by the plan where its cone catches more heroes (B3), played on a failed
save as a forced move out of the group (no opportunity attacks, M6), said, logged and undone."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from lnf.dice import parse
from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled
from lnf.engine.riders import ride
from lnf.engine.table import Table
from lnf.engine.turns import monster_attacks
from lnf.errors import InputError
from lnf.formats.bestiary import srd
from lnf.formats.event_codec import event_from_json, event_to_json
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.model import (
    Ability,
    Area,
    Attack,
    AttackKind,
    Condition,
    Fight,
    Rank,
    Recharge,
    Resource,
    Rider,
    Shape,
)
from lnf.model.events import Turn
from lnf.model.plan import Order
from lnf.model.steps import Attacked, Moved
from lnf.rules.conditions import pushed_out
from lnf.rules.plan_check import check_plan
from lnf.solver import solve_plan
from lnf.views.transcript import describe
from tests.builders import fight, hero, monster
from tests.test_bestiary_whole import DATA, needs_data

PUSHED = re.compile(r"is pushed (\d+) feet away from the (\w+)|or be pushed up to (\d+) feet away")
PRONE = re.compile(r"pushed up to \d+ feet away from the [\w ]+ and knocked prone")


@needs_data
def test_every_srd_entry_that_pushes_away_is_read_as_a_push() -> None:
    """Judged by its own text: each SRD breath whose failed save "is pushed N feet away from"
    its user has a rider `push: N` and the text's save, nothing else; a hit whose failed save
    is to "be pushed up to N feet away … and knocked prone" (the dragon turtle's tail) has
    `push: N` and prone on its save's rider; no other action pushes."""
    data = json.loads((DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8"))
    said = {}
    for m in data:
        for a in m.get("actions") or []:
            for line in a["desc"].split("\n"):
                if found := PUSHED.search(line):
                    name = line.split(".")[0] if "\n" in a["desc"] else a["name"]
                    save = re.search(r"DC (\d+) (\w+) saving throw", line)
                    assert save is not None
                    prone = ("prone",) if PRONE.search(line) else ()
                    feet = int(found[1] or found[3])
                    said[m["name"], name] = (feet, f"{save[2][:3].lower()} {save[1]}", prone)
    assert len(said) == 5
    having = {}
    for b in srd():
        for a in [*b.get("actions", []), *b.get("attacks", [])]:
            for r in a.get("riders", []):
                if "push" in r:
                    prone = (r["condition"],) if "condition" in r else ()
                    save = r.get("save", a.get("save"))
                    assert r == {"push": r["push"]} | ({"save": save} if "save" in r else {}) | (
                        {"condition": "prone"} if prone else {}
                    ), (b["name"], a["name"])
                    having[b["name"], a["name"]] = (r["push"], save, prone)
    assert having == said


# --- a young bronze dragon -------------------------------------------------------------------

DRAGON = "Young Bronze Dragon"
LIGHTNING = Attack(
    name="Lightning Breath",
    kind=AttackKind.RANGED,
    save=(Ability.DEX, 15),
    damage=parse("10d10 lightning"),
    area=Area(Shape.LINE, 60),
    recharge=5,
    spends="Breath Weapons",
)
REPULSION = Attack(
    name="Repulsion Breath",
    kind=AttackKind.RANGED,
    save=(Ability.STR, 15),
    half=False,
    damage=parse("0"),
    area=Area(Shape.CONE, 30),
    recharge=5,
    spends="Breath Weapons",
    riders=(Rider(push=40),),
)
BITE = Attack(name="Bite", to_hit=8, reach=10, damage=parse("2d10+5 piercing"))


def _bronze_fight(*heroes: str, grappled: str = "") -> Fight:
    party = [hero(n, hp=60, saves=((Ability.STR, 2),)) for n in heroes]
    held = frozenset({Condition.GRAPPLED})
    party = [replace(h, conditions=held) if h.name == grappled else h for h in party]
    bronze = monster(
        DRAGON,
        hp=142,
        attacks=(BITE,),
        actions=(LIGHTNING, REPULSION),
        resources=(Resource("Breath Weapons", 1, 0, Recharge.ROLL),),
    )
    return fight(party, [bronze], {"A": [*heroes, DRAGON]})


def _breathe(f: Fight, faces: list[int]) -> Rolled:
    targets = f.heroes
    order = Order(
        DRAGON,
        Rank.FRONT,
        target=targets[0].name,
        action="Repulsion Breath",
        also=tuple(h.name for h in targets[1:]),
    )
    dice = ScriptedDice(faces)
    turn = Rolled.turn(f, DRAGON).rolling(dice)
    monster_attacks(turn, DRAGON, order, dice, lambda h, m, g: True)
    return turn


def test_a_failed_save_pushes_the_hero_out_of_the_group_without_opportunity_attacks() -> None:
    """F6: Ann fails (5 + 2 < 15) and leaves group A, forced; Bo saves (16 + 2) and stays; Cy,
    grappled, fails and stays (M4). Nobody swings at Ann as she goes (M6)."""
    f = _bronze_fight("Ann", "Bo", "Cy", grappled="Cy")
    turn = _breathe(f, [5, 16, 3])
    moves = [s for s in turn.steps if isinstance(s, Moved)]
    assert moves == [Moved("Ann", leave=True, pushed=DRAGON)]
    assert turn.fight.group_of("Ann") is None
    assert turn.fight.group_of("Bo") is not None and turn.fight.group_of("Cy") is not None
    assert not [s for s in turn.steps if isinstance(s, Attacked)]
    applied = turn.finish(Turn(DRAGON, turn.steps))
    lines = describe(applied)
    assert "Ann is pushed out of group A by Young Bronze Dragon: forced, no M6." in lines
    assert event_from_json(json.loads(json.dumps(event_to_json(applied.event))), "log") == (
        applied.event
    )
    table = Table(f)
    table.add_applied(applied)
    assert table.fight.group_of("Ann") is None
    table.undo()
    assert table.fight == f


def test_a_push_of_5_ft_keeps_it_in_the_group() -> None:
    f = _bronze_fight("Ann", "Bo")
    ann = f.hero("Ann")
    assert pushed_out(f, ann, 40) and pushed_out(f, ann, 10) and not pushed_out(f, ann, 5)


def test_the_plan_takes_the_cone_that_catches_three_and_the_line_for_two() -> None:
    """B3, E1: a 30 ft cone catches 3, a 60 ft line 2: with three heroes by it the dragon
    pushes them all (P3); with two the line's lightning does more (B6)."""
    three = _bronze_fight("Ann", "Bo", "Cy")
    plan = solve_plan(three, explain=False).plan
    (order,) = plan.orders
    assert order.action == "Repulsion Breath" and len(order.targets) == 3
    assert check_plan(three, plan) == []
    (order,) = solve_plan(_bronze_fight("Ann", "Bo"), explain=False).plan.orders
    assert order.action == "Lightning Breath"


def test_a_fight_file_rider_may_push(tmp_path: Path) -> None:
    """F6 in the fight file: `push: 40` (feet), written back as read; a rider with nothing
    to bring names push among what it may bring."""
    text = (
        "heroes: [{name: Ann, class: fighter, hp: 20}]\n"
        "monsters:\n"
        "  - name: Gust\n"
        "    hp: 20\n"
        "    attacks:\n"
        "      - {name: Slam, to_hit: 4, damage: 1d6+2 bludgeoning, riders: [{push: 40}]}\n"
    )
    f = parse_fight(text, "gust.yaml")
    (slam,) = f.monster("Gust").attacks
    assert slam.riders == (Rider(push=40),)
    assert parse_fight(dump_fight(f), "again.yaml") == f
    bad = text.replace("{push: 40}", "{only_if: Large or smaller}")
    with pytest.raises(InputError, match=r"gust.yaml:6: .*a grapple, max_hp, .*a push"):
        parse_fight(bad, "gust.yaml")


def test_the_dragon_turtles_tail_pushes_10_ft_and_knocks_prone() -> None:
    """F6: the tail's failed DC 20 Strength save (3 + 2) pushes Ann 10 ft, out of group A
    (forced, no M6), and knocks her prone; Bo's save (19 + 2) leaves him standing, in place."""
    tail = Rider(save=(Ability.STR, 20), conditions=(Condition.PRONE,), push=10)
    f = _bronze_fight("Ann", "Bo")
    turn = Rolled.turn(f, DRAGON).rolling(ScriptedDice([3, 19]))
    for who in ("Ann", "Bo"):
        ride(turn, DRAGON, who, "Tail", tail, ScriptedDice([3 if who == "Ann" else 19]))
    assert [s for s in turn.steps if isinstance(s, Moved)] == [
        Moved("Ann", leave=True, pushed=DRAGON)
    ]
    assert turn.fight.group_of("Ann") is None and turn.fight.group_of("Bo") is not None
    assert Condition.PRONE in turn.fight.hero("Ann").conditions
    assert Condition.PRONE not in turn.fight.hero("Bo").conditions
