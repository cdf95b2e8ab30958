"""What a metallic dragon's second breath imposes (F3, F4, F6, B1–B3, B6, B9), played as
conditions of lnf's own: weakened (Weakening Breath: disadvantage on Strength-based attack
rolls, Strength checks and Strength saves). Read from every SRD entry that says it (judged by
its own text), an option of the plan, played on a failed save with its repeat save, logged,
undone and said as a DM would."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from lnf.dice import parse
from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled
from lnf.engine.resolve import roll_contest, roll_save
from lnf.engine.table import Table
from lnf.engine.turns import monster_attacks
from lnf.formats.bestiary import srd
from lnf.formats.event_codec import event_from_json, event_to_json
from lnf.model import (
    Ability,
    Area,
    Attack,
    AttackKind,
    Condition,
    Fight,
    Lasting,
    Rank,
    Recharge,
    Resource,
    Rider,
    Shape,
    TurnEdge,
)
from lnf.model.events import Turn
from lnf.model.plan import Mode, Order, Wish
from lnf.model.steps import EffectStarted
from lnf.rules.conditions import save_disadvantage, strength_based
from lnf.rules.distance import roll_in_fight
from lnf.rules.expected import save_fails
from lnf.rules.plan_check import check_plan
from lnf.solver import solve_plan
from lnf.views.transcript import describe
from tests.builders import fight, hero, monster
from tests.own_words import OWN_WORDS
from tests.test_bestiary_whole import DATA, needs_data


def _texts() -> list[tuple[str, str, str]]:
    """(stat block, action or breath option, its text) for every SRD action."""
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8")
    )
    out = []
    for m in data:
        for a in m.get("actions") or []:
            out.append((m["name"], a["name"], a["desc"]))
            for line in a["desc"].split("\n")[1:]:  # "Weakening Breath. The dragon exhales…"
                if option := re.match(r"([A-Z][\w ]+)\. ", line):
                    out.append((m["name"], option[1], line))
    return out


def _played(block: str, action: str) -> dict[str, Any] | None:
    b = next(x for x in srd() if x["name"] == block)
    return next((a for a in b.get("actions", []) if a["name"] == action), None)


@needs_data
@pytest.mark.parametrize("condition", sorted(OWN_WORDS))
def test_every_srd_entry_that_says_it_is_read_as_the_condition(condition: str) -> None:
    """Judged by its own text: each SRD action or breath whose text says the effect is played
    with that condition on a failed save of the text's own DC and ability, lasting the text's
    minutes, the save repeated at the end of each of its turns; and no other action has it."""
    words = OWN_WORDS[condition]
    said = [(m, a, t) for m, a, t in _texts() if words in t and "\n" not in t]
    assert len(said) >= 4
    for block, name, text in said:
        entry = _played(block, name)
        assert entry is not None, (block, name)
        (rider,) = entry["riders"]
        assert rider["condition"] == condition, (block, name)
        dc, ability = re.search(r"DC (\d+) (\w+) saving throw", text).groups()  # type: ignore[union-attr]
        assert entry["save"] == f"{ability[:3].lower()} {dc}", (block, name)
        minutes = re.search(r"(?:for|last for) (\d+) minute", text)
        assert minutes is not None and rider["lasting"] == f"{minutes[1]} minute", (block, name)
        assert "repeat the saving throw at the end of each of its turns" in text
        assert rider["repeat"] == "end"
        assert "damage" not in entry and "Breath Weapons: " + name not in _notes(block)
    having = {
        (b["name"], a["name"])
        for b in srd()
        for a in b.get("actions", [])
        if any(r.get("condition") == condition for r in a.get("riders", []))
        and not a.get("spell")  # a spell's (Contagion's) is tests/test_spells_on_heroes.py's
    }
    assert having == {(m, a) for m, a, _ in said}


def _notes(block: str) -> list[str]:
    return list(next(x for x in srd() if x["name"] == block)["not_modelled"])


# --- the model's figures: a young gold dragon ----------------------------------------------

DRAGON = "Young Gold Dragon"
WEAKENED = Rider(
    conditions=(Condition.WEAKENED,),
    lasting=Lasting(rounds=10, save=(Ability.STR, 17), each=TurnEdge.END),
)
FIRE = Attack(
    name="Fire Breath",
    kind=AttackKind.RANGED,
    save=(Ability.DEX, 17),
    damage=parse("10d10 fire"),
    area=Area(Shape.CONE, 30),
    recharge=5,
    spends="Breath Weapons",
)
WEAKENING = Attack(
    name="Weakening Breath",
    kind=AttackKind.RANGED,
    save=(Ability.STR, 17),
    half=False,
    damage=parse("0"),
    area=Area(Shape.CONE, 30),
    recharge=5,
    spends="Breath Weapons",
    riders=(WEAKENED,),
)
BITE = Attack(name="Bite", to_hit=10, reach=10, damage=parse("2d10+6 piercing"))
LONGSWORD = Attack(name="Longsword", to_hit=5, damage=parse("1d8+3 slashing"))
RAPIER = Attack(name="Rapier", to_hit=5, damage=parse("1d8+3 piercing"), finesse=True)
LONGBOW = Attack(
    name="Longbow", kind=AttackKind.RANGED, to_hit=5, damage=parse("1d8+3"), range=(150, 600)
)
JAVELIN = Attack(name="Javelin", kind=AttackKind.THROWN, to_hit=5, damage=parse("1d6+3"))


def _gold_fight(*weak: str) -> Fight:
    heroes = [
        hero(n, hp=60, attacks=(LONGSWORD, RAPIER, LONGBOW), saves=((Ability.STR, 2),))
        for n in ("Ann", "Bo", "Cy")
    ]
    weakened = frozenset({Condition.WEAKENED})
    heroes = [replace(h, conditions=weakened) if h.name in weak else h for h in heroes]
    gold = monster(
        DRAGON,
        hp=178,
        attacks=(BITE,),
        actions=(FIRE, WEAKENING),
        resources=(Resource("Breath Weapons", 1, 0, Recharge.ROLL),),
    )
    return fight(heroes, [gold], {"A": ["Ann", "Bo", DRAGON]})


ORDER = Order(DRAGON, Rank.FRONT, target="Ann", action="Weakening Breath", also=("Bo",))


def _breathe(f: Fight, faces: list[int]) -> Rolled:
    dice = ScriptedDice(faces)
    turn = Rolled.turn(f, DRAGON).rolling(dice)
    monster_attacks(turn, DRAGON, ORDER, dice, lambda h, m, g: True)
    return turn


def test_a_failed_save_weakens_for_a_minute_and_the_save_is_repeated() -> None:
    """F6, F4: Ann fails (5 + 2 < 17), Bo saves (15 + 2): Ann is weakened for 1 minute, a DC 17
    Strength save at the end of each of her turns ends it; the breath's charge is spent."""
    f = _gold_fight()
    turn = _breathe(f, [5, 15])
    (started,) = [s.effect for s in turn.steps if isinstance(s, EffectStarted)]
    assert (started.who, started.condition, started.by) == ("Ann", Condition.WEAKENED, DRAGON)
    assert started.lasting == Lasting(rounds=10, save=(Ability.STR, 17), each=TurnEdge.END)
    assert Condition.WEAKENED in turn.fight.hero("Ann").conditions
    assert Condition.WEAKENED not in turn.fight.hero("Bo").conditions
    assert turn.fight.monster(DRAGON).resources[0].left == 0  # B2: one charge for both


def test_the_words_say_it_and_undo_takes_it_back() -> None:
    f = _gold_fight()
    turn = _breathe(f, [5, 15])
    applied = turn.finish(Turn(DRAGON, turn.steps))
    lines = describe(applied)
    assert lines[1].startswith(
        "Young Gold Dragon uses Weakening Breath (30 ft cone, up to 3 targets) on Ann and Bo"
    )
    assert "Ann's STR save 1d20 (5) + 2 = 7 vs DC 17: fails" in lines[1]
    assert any("Ann is weakened" in line for line in lines), lines
    again = event_from_json(json.loads(json.dumps(event_to_json(applied.event))), "log")
    assert again == applied.event  # the log reads it back as written
    table = Table(f)
    table.add_applied(applied)
    assert Condition.WEAKENED in table.fight.hero("Ann").conditions
    table.undo()
    assert table.fight == f


# --- what weakened does (F3) -------------------------------------------------------------


def test_a_weakened_creature_rolls_strength_saves_with_disadvantage() -> None:
    f = _gold_fight("Ann")
    ann, bo = f.hero("Ann"), f.hero("Bo")
    assert save_disadvantage(ann, Ability.STR) and not save_disadvantage(ann, Ability.DEX)
    assert not save_disadvantage(bo, Ability.STR)
    saved = roll_save(f, ann, Ability.STR, 12, ScriptedDice([15, 4]), "a shove")
    assert saved.faces == (15, 4) and not saved.success  # the lower die kept: 4 + 2 < 12
    assert save_fails(ann, (Ability.STR, 12)) == 1 - Fraction(11, 20) ** 2  # B6 reads it too
    assert save_fails(bo, (Ability.STR, 12)) == 1 - Fraction(11, 20)


def test_only_strength_based_attack_rolls_have_disadvantage() -> None:
    """F3: a mêlée or thrown weapon without finesse is Strength's; a finesse weapon may use
    Dexterity, a bow is Dexterity's, a spell its caster's ability."""
    assert strength_based(LONGSWORD) and strength_based(JAVELIN)
    assert not strength_based(RAPIER) and not strength_based(LONGBOW)
    assert not strength_based(Attack(name="Shocking Grasp", spell=True, damage=parse("1d8")))
    f = _gold_fight("Ann")
    ann, gold = f.hero("Ann"), f.monster(DRAGON)
    roll, why = roll_in_fight(f, ann, gold, LONGSWORD, Mode.MELEE)
    assert roll.name == "DISADVANTAGE"
    assert why == ("Ann is weakened and Longsword is Strength-based",)
    assert roll_in_fight(f, ann, gold, RAPIER, Mode.MELEE)[0].name == "NORMAL"
    assert roll_in_fight(f, f.hero("Bo"), gold, LONGSWORD, Mode.MELEE)[0].name == "NORMAL"


def test_a_weakened_heros_shove_is_a_strength_check_with_disadvantage() -> None:
    """F3, V-ACL8: the attacker's Strength (Athletics) check with disadvantage, the lower die
    kept; a weakened target resists with its Dexterity."""
    f = _gold_fight("Ann")
    ann, gold = f.hero("Ann"), f.monster(DRAGON)
    shove = roll_contest(ann, gold, "shove", ScriptedDice([18, 6, 10]))
    assert shove.worse and shove.faces == (6, 18) and shove.bonus == 2
    assert not shove.won  # 6 + 2 against the dragon's 10 + its better of Str and Dex
    turn = Rolled.turn(f, "Ann")
    turn.do(shove)
    (words,) = describe(turn.finish(Turn("Ann", turn.steps)))
    assert "Ann tries to shove Young Gold Dragon: 1d20 (6, 18), lower kept, + 2 = 8" in words
    plain = roll_contest(f.hero("Bo"), gold, "shove", ScriptedDice([18, 10]))
    assert not plain.worse and plain.faces == (18,)


# --- the plan (B3, B6, B9) ---------------------------------------------------------------


def test_the_plan_breathes_fire_rather_than_weakness_and_weakness_when_fire_is_forbidden() -> None:
    """B6: both cones catch the same heroes (P3); Fire Breath's expected damage wins. With
    Fire Breath forbidden on every hero (B9) the breath that weakens still attacks everyone
    it catches, which P3 puts before the bite."""
    f = _gold_fight()
    (order,) = solve_plan(f, explain=False).plan.orders
    assert order.action == "Fire Breath"
    wishes = tuple(Wish(DRAGON, h, False, "Fire Breath") for h in ("Ann", "Bo", "Cy"))
    plan = solve_plan(f, wishes, explain=False).plan
    (order,) = plan.orders
    assert order.action == "Weakening Breath" and set(order.targets) >= {"Ann", "Bo"}
    assert check_plan(f, plan) == []


def test_the_dm_may_fix_the_breath_that_weakens_on_a_hero() -> None:
    f = _gold_fight()
    plan = solve_plan(f, (Wish(DRAGON, "Cy", True, "Weakening Breath"),), explain=False).plan
    (order,) = plan.orders
    assert order.action == "Weakening Breath" and "Cy" in order.targets
    assert check_plan(f, plan) == []
