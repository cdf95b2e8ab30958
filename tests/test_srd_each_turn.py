"""F6: damage at an edge of each of the hero's turns — the fire elemental's and magmin's fire
until an action douses it, the pit fiend's poison while it lasts, the horned and bearded
devils' infernal wound that grows with each hit and closes with magical healing — read from
every SRD entry's own text, rolled at the turn's edge, and taken off by the DM."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled, turn_edge
from lnf.engine.marks import take_off
from lnf.engine.resolve import roll_attack
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.formats.rider_forms import rider_of_doc
from lnf.model import Condition, Fight, TurnEdge
from lnf.model.plan import Mode
from lnf.model.steps import Damaged, EffectStarted, Healed
from lnf.views.effects_text import effect_text
from tests.cli import run
from tests.srd import DATA, needs_data

EACH = re.compile(
    r"(?:takes \d+ \((?P<dice>\d+d\d+)\) (?P<type>\w+) damage|lose \d+ \((?P<lost>\d+d\d+)\) "
    r"hit points) at the (?P<edge>start|end) of each of its turns"
)


@needs_data
def test_f6_every_srd_damage_each_turn_is_read_from_its_own_text() -> None:
    monsters: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8")
    )
    blocks = {b["name"]: b for b in srd()}
    played = []
    for entry in monsters:
        for action in entry.get("actions", []):
            if "Hit:" not in action["desc"]:
                continue
            after = action["desc"].split("Hit:", 1)[1]
            attack = next(
                (a for a in blocks[entry["name"]]["attacks"] if a["name"] == action["name"]), None
            )
            riders = [rider_of_doc(r) for r in (attack or {}).get("riders", [])]
            # the chain devil's chains hurt while they hold: its `held_damage` (F6)
            hurts = [r for r in riders if r.hurts is not None or r.held_damage is not None]
            said = EACH.search(after)
            if not hurts:
                notes = " ".join(blocks[entry["name"]].get("not_modelled", []))
                assert said is None or "damage each turn" in notes, entry["name"]
                continue
            (rider,) = hurts
            if said is None and rider.held_damage is not None:
                continue  # a swallower's acid, as each of ITS turns starts (test_swallow)
            assert said is not None, entry["name"]
            played.append(entry["name"])
            dice = f"{said['dice']} {said['type']}" if said["dice"] else said["lost"]
            if rider.held_damage is not None:  # as each of its turns starts, while held
                assert str(rider.held_damage) == dice and said["edge"] == "start"
                continue
            assert str(rider.hurts) == dice and rider.hurts_at is TurnEdge(said["edge"])
            assert rider.stacks == ("increases by" in after)
            assert rider.healed_ends == ("closes if the target receives magical healing" in after)
            assert ("douse" in after) == rider.hurts_what.startswith("on fire")
            if medicine := re.search(r"DC (\d+) Wisdom \(Medicine\)", after):
                assert f"DC {medicine[1]} Medicine" in rider.hurts_what
    assert sorted(played) == [
        "Bearded Devil",
        "Chain Devil",  # its chains, while they hold (`held_damage`)
        "Fire Elemental",
        "Horned Devil",
        "Magmin",
        "Pit Fiend",
    ]


FILE = """
heroes:
  - {name: Bo, class: fighter, hp: 60, ac: 10}
  - {name: Ilsa, class: cleric, hp: 30, ac: 10}
monsters:
  - monster: fire elemental
  - monster: horned devil
  - monster: pit fiend
groups:
  A: [Bo, Fire Elemental, Horned Devil, Pit Fiend]
"""


# The pit fiend's Fear Aura (B8) asks Bo for a Wisdom save as each of his turns starts: the
# tests give it a 20 first, then the dice of what burns.


def _hit(fight: Fight, monster: str, attack: str, faces: list[int]) -> Rolled:
    me = fight.monster(monster)
    weapon = next(a for a in me.attacks if a.name == attack)
    dice = ScriptedDice([19, *faces])
    turn = Rolled.turn(fight, monster).rolling(dice)
    turn.do(roll_attack(fight, me, fight.hero("Bo"), weapon, Mode.MELEE, dice))
    return turn


def _said(turn: Rolled) -> list[str]:
    f = turn.fight
    return [effect_text(s, f, f) for s in turn.steps if isinstance(s, EffectStarted)]


def test_f6_the_fire_burns_at_the_start_of_each_turn_until_the_dm_takes_it_off() -> None:
    fight = parse_fight(FILE, "fire.yaml")
    lit = _hit(fight, "Fire Elemental", "Touch", [3, 4])  # 2d6+3 fire
    assert _said(lit) == [
        "Bo is on fire (by Fire Elemental): 1d10 fire damage at the start of each of its turns;"
        " an action douses it (F6)."
    ]
    again = _hit(lit.fight, "Fire Elemental", "Touch", [3, 4])
    assert len(again.fight.effects) == 1  # lit once
    burning = Rolled.turn(again.fight, "Bo")
    turn_edge(burning, "Bo", TurnEdge.START, ScriptedDice([20, 7]))
    (burn,) = [s for s in burning.steps if isinstance(s, Damaged)]
    assert (burn.amount, burn.type, burn.text) == (7, "fire", "on fire: 1d10 (7) fire = 7")
    quiet = Rolled.turn(again.fight, "Bo")
    turn_edge(quiet, "Bo", TurnEdge.END, ScriptedDice([]))
    assert not [s for s in quiet.steps if isinstance(s, Damaged)]  # the start, not the end


def test_f6_the_infernal_wound_grows_with_each_hit_and_magical_healing_closes_it() -> None:
    fight = parse_fight(FILE, "wound.yaml")
    wounded = _hit(fight, "Horned Devil", "Tail", [5, 5])  # 1d8+6; Con +0: 5 vs DC 17
    assert _said(wounded) == [
        "Bo is bleeding from an infernal wound (by Horned Devil): 3d6 hit points lost at the "
        "start of each of its turns; DC 12 Medicine stanches it (F6)."
    ]
    worse = _hit(wounded.fight, "Horned Devil", "Tail", [5])  # no save: the wound grows
    assert len(worse.fight.effects) == 2
    bleeding = Rolled.turn(worse.fight, "Bo")
    turn_edge(bleeding, "Bo", TurnEdge.START, ScriptedDice([20, 1, 2, 3, 4, 5, 6]))
    assert [s.amount for s in bleeding.steps if isinstance(s, Damaged)] == [6, 15]
    wind = Rolled.turn(worse.fight, "Bo").rolling(ScriptedDice([]))
    wind.do(Healed("Bo", 5, by="Second Wind", healer="Bo"))
    assert len(wind.fight.effects) == 2  # Second Wind is not magic
    cure = Rolled.turn(worse.fight, "Ilsa").rolling(ScriptedDice([]))
    cure.do(Healed("Bo", 5, by="Cure Wounds", healer="Ilsa"))
    assert cure.fight.effects == ()


def test_f6_the_pit_fiends_poison_burns_while_it_lasts() -> None:
    fight = parse_fight(FILE, "fiend.yaml")
    bitten = _hit(fight, "Pit Fiend", "Bite", [1, 1, 1, 1, 5])  # 4d6+8; Con +0: 5 vs DC 21
    (poison,) = bitten.fight.effects
    assert poison.condition is Condition.POISONED and poison.hurts == "6d6 poison"
    sick = Rolled.turn(bitten.fight, "Bo")
    turn_edge(sick, "Bo", TurnEdge.START, ScriptedDice([20, 1, 1, 1, 1, 1, 1]))
    assert [s.amount for s in sick.steps if isinstance(s, Damaged)] == [6]


def test_f4_the_dm_takes_a_named_effect_off(tmp_path: Path) -> None:
    """`lnf mark Bo "on fire" --off`: a creature's action doused it (the DM's word, F4)."""
    path = tmp_path / "fire.yaml"
    path.write_text(FILE, encoding="utf-8")
    assert run("mark", str(path), "Bo", "on fire", "--rounds", "10")[0] == 0
    code, out = run("mark", str(path), "Bo", "on fire", "--off")
    assert code == 0 and "Bo: on fire ends: the DM takes it off (F4)." in out
    code, out = run("mark", str(path), "Bo", "on fire", "--off")
    assert code != 0 and "Bo bears no 'on fire'" in out and "(F4)" in out


def test_f6_a_homebrew_burn_in_the_fight_file() -> None:
    text = """
heroes:
  - {name: Bo, class: fighter, hp: 30}
monsters:
  - name: Ember Imp
    hp: 10
    attacks:
      - name: Touch
        to_hit: 4
        damage: 1d4 fire
        riders:
          - {hurts: 1d6 fire, hurts_at: end, hurts_what: "on fire: an action douses it"}
"""
    fight = parse_fight(text, "imp.yaml")
    (rider,) = fight.monster("Ember Imp").attacks[0].riders
    assert str(rider.hurts) == "1d6 fire" and rider.hurts_at is TurnEdge.END
    assert parse_fight(dump_fight(fight), "again.yaml") == fight


@needs_data
def test_f6_every_srd_corroding_armor_is_read_from_its_own_text() -> None:
    monsters: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8")
    )
    blocks = {b["name"]: b for b in srd()}
    found = []
    for entry in monsters:
        for action in entry.get("actions", []):
            if "Hit:" not in action["desc"]:
                continue  # the rust monster's Antennae touch an object: no attack
            said = re.search(r"cumulative -(\d+) penalty to the AC it offers", action["desc"])
            attack = next(
                (a for a in blocks[entry["name"]]["attacks"] if a["name"] == action["name"]), None
            )
            riders = [rider_of_doc(r) for r in (attack or {}).get("riders", [])]
            armor = [(r.armor, r.only_if) for r in riders if r.armor]
            if said is None:
                assert not armor, entry["name"]
                continue
            found.append(entry["name"])
            metal = "metal " if "nonmagical metal armor" in action["desc"] else ""
            assert armor == [(-int(said[1]), f"in nonmagical {metal}armor")]
            assert "corroding armor" not in " ".join(blocks[entry["name"]]["not_modelled"])
    assert sorted(found) == ["Black Pudding", "Gray Ooze"]


def test_f6_the_gray_ooze_corrodes_armor_to_ac_10_and_the_dm_may_take_it_off() -> None:
    text = FILE.replace("ac: 10}\n  - {name: Ilsa", "ac: 12}\n  - {name: Ilsa")
    text = text.replace("  - monster: pit fiend\n", "  - monster: gray ooze\n")
    fight = parse_fight(text.replace("Pit Fiend]", "Gray Ooze]"), "ooze.yaml")
    first = _hit(fight, "Gray Ooze", "Pseudopod", [1, 1, 1])  # 1d6+1, 2d6 acid
    assert first.fight.hero("Bo").ac == 11
    assert _said(first) == [
        "Bo: armor corroded (-1 AC, in nonmagical metal armor) (by Gray Ooze), until taken off "
        "(F4)."
    ]
    second = _hit(first.fight, "Gray Ooze", "Pseudopod", [1, 1, 1])
    third = _hit(second.fight, "Gray Ooze", "Pseudopod", [1, 1, 1])
    assert second.fight.hero("Bo").ac == third.fight.hero("Bo").ac == 10  # destroyed at 10
    off = Rolled(third.fight)
    take_off(off, "Bo", "armor corroded")  # a hero with no such armor: the DM's word
    assert off.fight.hero("Bo").ac == 12


@needs_data
def test_d5_the_balors_critical_hits_are_read_from_its_own_text() -> None:
    monsters: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8")
    )
    blocks = {b["name"]: b for b in srd()}
    found = []
    for entry in monsters:
        for action in entry.get("actions", []):
            said = re.search(r"critical hit, it rolls damage dice (\w+) times", action["desc"])
            attack = next(
                (a for a in blocks[entry["name"]]["attacks"] if a["name"] == action["name"]), {}
            )
            assert attack.get("crit_times", 2) == ({"three": 3}[said[1]] if said else 2)
            if said:
                found.append(entry["name"])
                assert "critical" not in " ".join(blocks[entry["name"]]["not_modelled"])
    assert found == ["Balor"]


def test_d5_b6_the_balors_critical_hit_rolls_its_dice_three_times() -> None:
    from lnf.model.plan import Advantage
    from lnf.rules.expected import attack_mean

    text = "heroes: [{name: Bo, class: fighter, hp: 300, ac: 10}]\nmonsters: [{monster: balor}]\n"
    fight = parse_fight(text + "groups: {A: [Bo, Balor]}\n", "balor.yaml")
    balor, bo = fight.monster("Balor"), fight.hero("Bo")
    sword = next(a for a in balor.attacks if a.name == "Longsword")
    dice = ScriptedDice([20, *([1] * 18)])  # a natural 20: 3 × (3d8 + 3d8)
    hit = roll_attack(fight, balor, bo, sword, Mode.MELEE, dice)
    assert hit.critical and sum(v for _, v in hit.damage) == 18 + 8
    assert hit.damage_text.endswith("(critical: dice rolled 3 times)")
    plain = replace(sword, crit_times=2)
    more = attack_mean(sword, bo, Advantage.NORMAL, Mode.MELEE, magic=True)
    less = attack_mean(plain, bo, Advantage.NORMAL, Mode.MELEE, magic=True)
    assert more - less == Fraction(27, 20)  # 6d8's mean (27) once more, on a 20 (1 in 20)
    again = parse_fight(dump_fight(fight), "again.yaml")
    assert next(a for a in again.monster("Balor").attacks if a.name == "Longsword").crit_times == 3
