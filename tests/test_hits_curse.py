"""F6, the lamia's Intoxicating Touch: a hit without damage that curses for an hour, played as
the intoxicated condition (disadvantage on Wisdom saves and all ability checks); its Multiattack
offers it beside the dagger (B1, B6 chooses); read from the SRD entry's own words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lnf.dice.roll import ScriptedDice
from lnf.engine.decisions import SimpleChoice
from lnf.engine.effects import Rolled, ride
from lnf.engine.turns import simple_action
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import parse_fight
from lnf.model import Ability, Action, Condition, Fight
from lnf.rules.conditions import save_disadvantage
from tests.cli import run
from tests.test_bestiary import SOURCE

FIGHT = """
heroes:
  - {name: Ann, class: fighter, hp: 80, ac: 15, saves: {str: 3, wis: 1}}
monsters:
  - {monster: lamia}
  - {monster: constrictor snake}
groups:
  A: [Ann, Lamia, Constrictor Snake]
"""


def _fight() -> Fight:
    return parse_fight(FIGHT, "lamia.yaml")


def test_f6_the_touch_intoxicates_for_an_hour_and_its_multiattack_offers_it() -> None:
    lamia = _fight().monster("Lamia")
    touch = next(a for a in lamia.attacks if a.name == "Intoxicating Touch")
    (rider,) = touch.riders
    assert (touch.spell, touch.damage.maximum, rider.conditions) == (
        True,
        0,
        (Condition.INTOXICATED,),
    )
    assert rider.lasting.rounds == 600 and rider.save is None


def test_f6_intoxicated_rolls_wisdom_saves_and_checks_with_disadvantage() -> None:
    turn = Rolled(_fight()).rolling(ScriptedDice([]))
    (curse,) = next(a for a in turn.fight.monster("Lamia").attacks if a.riders).riders
    ride(turn, "Lamia", "Ann", "Intoxicating Touch", curse, ScriptedDice([]))
    ann = turn.fight.hero("Ann")
    assert Condition.INTOXICATED in ann.conditions
    assert save_disadvantage(ann, Ability.WIS) and not save_disadvantage(ann, Ability.CON)
    snake = turn.fight.monster("Constrictor Snake")
    (constrict,) = next(a for a in snake.attacks if a.name == "Constrict").riders
    ride(turn, "Constrictor Snake", "Ann", "Constrict", constrict, ScriptedDice([]))
    ann = turn.fight.hero("Ann")
    escape = simple_action(turn.fight, ann, SimpleChoice(Action.ESCAPE), ScriptedDice([18, 4]))
    assert not escape.success and escape.detail.startswith("2d20 (18, 4")  # the 4 kept


def test_f6_b6_the_lamia_touches_a_hero_worth_it_from_the_cli(tmp_path: Path) -> None:
    fight = tmp_path / "lamia.yaml"
    fight.write_text(
        FIGHT.replace(", Constrictor Snake]", "]").replace(
            "  - {monster: constrictor snake}\n", ""
        ),
        encoding="utf-8",
    )
    code, out = run("plan", str(fight))
    assert code == 0, out
    assert "attacks Ann in mêlée with Claws and Intoxicating Touch" in out
    code, out = run("run", str(fight), "--rounds", "1", "--seed", "3")
    assert "with Intoxicating Touch in mêlée: 1d20 (14) + 5 = 19 vs AC 15: hit; no damage" in out
    assert "Ann is intoxicated (by Lamia): 1 hour; magically cursed, disadvantage on Wisdom" in out


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_the_lamias_touch_is_its_own_text() -> None:
    """F6: the curse's hour and what it does, as the SRD entry prints them; nothing of it, nor
    of the Multiattack that names it, left not played."""
    lamia = next(m for m in json.loads(SOURCE.read_text(encoding="utf-8")) if m["name"] == "Lamia")
    desc = next(a["desc"] for a in lamia["actions"] if a["name"] == "Intoxicating Touch")
    assert "Melee Spell Attack: +5 to hit" in desc and "cursed for 1 hour" in desc
    assert "disadvantage on Wisdom saving throws and all ability checks" in desc
    block = next(b for b in srd() if b["name"] == "Lamia")
    touch = next(a for a in block["attacks"] if a["name"] == "Intoxicating Touch")
    assert touch["riders"] == [{"condition": "intoxicated", "lasting": "1 hour"}]
    assert {"Claws": 1, "Intoxicating Touch": 1} in [
        o["attacks"] for o in block["multiattack_options"]
    ]
    assert not [n for n in block["not_modelled"] if "Intoxicating" in n]
