"""B8: the traits that act by touch, aura, light or stealth, each by its SRD text and from the
CLI with the monster by name: Cunning Action (the spy), Ambusher (the doppelganger), Sunlight
Weakness (the shadow), Light Sensitivity (the cloaker), Horrific Appearance (the sea hag), Air
Form and Water Form (R5: guards do not stop them)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lnf.dice import DamageType
from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled, turn_edge
from lnf.engine.resolve import roll_save
from lnf.engine.trait_steps import fire_form
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.formats.srd import stat_block
from lnf.formats.srd_traits import block_flags, read_trait
from lnf.formats.trait_forms import parse_trait, trait_form
from lnf.model import (
    Ability,
    BackReason,
    Condition,
    Flag,
    Lasting,
    Rank,
    Trait,
    TraitKind,
    TurnEdge,
)
from lnf.model.plan import Advantage, Mode
from lnf.model.steps import Damaged
from lnf.rules.distance import roll_in_fight
from lnf.rules.ranks import melee_rank
from lnf.rules.roster import speed_now
from lnf.rules.trait_damage import burns_back
from lnf.rules.trait_touch import enters_space, mucus
from lnf.rules.traits import assassin_roll, slips_away
from lnf.values import replace
from tests.builders import fight, hero, monster
from tests.cli import run
from tests.test_bestiary import SOURCE
from tests.test_fight_file import MINIMAL

# The stat block, the trait's name there, and what lnf reads from its text
READ = {
    "Spy": ("Cunning Action", "cunning action"),
    "Doppelganger": ("Ambusher", "ambusher"),
    "Cloaker": ("Light Sensitivity", "light sensitivity"),
    "Sea Hag": ("Horrific Appearance", "horrific appearance DC 11"),
    "Fire Elemental": ("Fire Form", "fire form 1d10 fire"),
    "Water Elemental": ("Freeze", "freeze 20"),
    "Aboleth": ("Mucous Cloud", "mucous cloud DC 14"),
    "Shadow": ("Shadow Stealth", "shadow stealth 6"),
    "Will-o'-Wisp": ("Consume Life", "consume life DC 10, 3d6"),
}
READ_TOO = {"Shadow": ("Sunlight Weakness", "sunlight weakness")}
FLAGGED = {
    "Air Elemental": "Air Form",
    "Water Elemental": "Water Form",
    "Fire Elemental": "Fire Form",
}


def _srd() -> dict[str, Any]:
    return {m["name"]: m for m in json.loads(SOURCE.read_text(encoding="utf-8"))}


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_b8_each_srd_trait_is_read_by_its_own_text_and_leaves_not_modelled() -> None:
    srd = _srd()
    for name, (trait, form) in [*READ.items(), *READ_TOO.items()]:
        entry = srd[name]
        desc = next(x["desc"] for x in entry["special_abilities"] if x["name"] == trait)
        read = read_trait(trait, desc)
        assert read is not None and trait_form(read) == form, name
        if read.dc:
            assert f"DC {read.dc} " in desc and " saving throw" in desc  # the text's figure
        if read.dice is not None and read.kind is TraitKind.CONSUME_LIFE:
            assert f"regains 10 ({read.dice}) hit points" in desc
        elif read.dice is not None:
            assert desc.count(f"5 ({read.dice.parts[0].terms[0]}) fire damage") == 3
        if read.hp:
            assert f"reduced by {read.hp} ft." in desc or f"improved to +{read.hp}." in desc
        block = stat_block(entry, name)
        assert form in block["traits"], name
        assert f"{trait} (trait)" not in block.get("not_modelled", []), name
        # a text that says something else is not read
        assert read_trait(trait, desc[: len(desc) // 2]) is None, name  # half says too little
    for name, trait in FLAGGED.items():
        entry = srd[name]
        assert str(Flag.ENTERS_SPACES) in block_flags(entry).forms, name
        desc = next(x["desc"] for x in entry["special_abilities"] if x["name"] == trait)
        assert "can enter a hostile creature's space and stop there" in desc
        assert "without squeezing" in desc  # "a space as narrow as 1 inch": a map's
        block = stat_block(entry, name)
        assert block["flags"] == [str(Flag.ENTERS_SPACES)]
        assert f"{trait} (trait)" not in block.get("not_modelled", []), name
    other = {"name": "X", "special_abilities": [{"name": "Air Form", "desc": "It is windy."}]}
    assert block_flags(other).forms == ()


def test_b8_the_forms_round_trip_in_a_fight_file() -> None:
    forms = [f for _, f in READ.values()]
    for form in forms:
        assert trait_form(parse_trait(form)) == form
    text = MINIMAL.replace(
        "monsters:\n",
        f"monsters:\n  - {{name: Imp, hp: 9, traits: [{', '.join(map(json.dumps, forms))}]}}\n",
        1,
    )
    f = parse_fight(text, "f.yaml")
    assert len(f.monster("Imp").traits) == len(forms)
    assert parse_fight(dump_fight(f), "again.yaml").monster("Imp").traits == f.monster("Imp").traits
    for bad in ("horrific appearance", "ambusher 2", "cunning action DC 3"):
        with pytest.raises(ValueError):
            parse_trait(bad)


def test_b8_cunning_action_disengages_as_nimble_escape_does() -> None:
    spy = monster("Spy", traits=(Trait(TraitKind.CUNNING_ACTION),))
    assert slips_away(spy) == "Cunning Action: it disengages as a bonus action (B8)"
    assert slips_away(monster("Guard")) == ""


def test_b8_ambusher_advantage_in_round_1_on_a_surprised_hero_only() -> None:
    dopp = monster("Doppelganger", traits=(Trait(TraitKind.AMBUSHER),))
    bram, lys = hero("Bram"), hero("Lys")
    f = fight([bram, lys], [dopp], {"A": ["Bram", "Lys", "Doppelganger"]}, round=1)
    f = replace(f, surprised=frozenset({"Bram"}))
    roll, why = roll_in_fight(f, dopp, bram, dopp.attacks[0], Mode.MELEE)
    assert roll is Advantage.ADVANTAGE and why == ("Ambusher: Bram is surprised (B8)",)
    assert roll_in_fight(f, dopp, lys, dopp.attacks[0], Mode.MELEE)[0] is Advantage.NORMAL
    later = replace(f, round=2)
    assert roll_in_fight(later, dopp, bram, dopp.attacks[0], Mode.MELEE)[0] is Advantage.NORMAL
    # B6: the plan's roll counts it, cancelling a disadvantage as D4 does
    assert assassin_roll(f, dopp, bram, Advantage.NORMAL, ()) is Advantage.ADVANTAGE
    assert assassin_roll(f, dopp, bram, Advantage.DISADVANTAGE, ("x",)) is Advantage.NORMAL
    assert assassin_roll(f, dopp, lys, Advantage.NORMAL, ()) is Advantage.NORMAL


def test_b8_sunlight_weakness_disadvantage_on_attacks_and_saves_in_sunlight() -> None:
    shadow = monster("Shadow", traits=(Trait(TraitKind.SUNLIGHT_WEAKNESS),))
    cloaker = monster("Cloaker", traits=(Trait(TraitKind.LIGHT_SENSITIVITY),))
    bram = hero("Bram")
    dark = fight([bram], [shadow, cloaker], {"A": ["Bram", "Shadow", "Cloaker"]})
    sun = replace(dark, sunlight=True)
    for m in (shadow, cloaker):
        assert roll_in_fight(dark, m, bram, m.attacks[0], Mode.MELEE)[0] is Advantage.NORMAL
        roll, why = roll_in_fight(sun, m, bram, m.attacks[0], Mode.MELEE)
        assert roll is Advantage.DISADVANTAGE
        assert why == () or any("is in sunlight (B8)" in w for w in why)
    dice = ScriptedDice([15, 3])
    save = roll_save(sun, shadow, Ability.DEX, 10, dice, "Fireball", spell=True)
    assert save.faces == (15, 3) and not save.success  # keeps the 3
    assert roll_save(dark, shadow, Ability.DEX, 10, ScriptedDice([15]), "Fireball").success
    # Light Sensitivity is on attack rolls only
    assert roll_save(sun, cloaker, Ability.DEX, 10, ScriptedDice([15]), "Fireball").success


def test_r5_air_and_water_form_ignore_guards() -> None:
    air = monster("Air Elemental", flags=frozenset({Flag.ENTERS_SPACES}))
    wolf = monster("Wolf")
    lys = replace(hero("Lys"), rank=Rank.BACK, why=BackReason.GUARDED)
    assert melee_rank(air, lys) is Rank.FRONT
    assert melee_rank(wolf, lys) is None


def _fight(tmp_path: Path, monsters: str, surprised: str = "", sunlight: bool = False) -> Path:
    names = [m.strip().title() for m in monsters.split(",")]
    text = (
        ("sunlight: true\n" if sunlight else "")
        + "heroes:\n  - {name: Bo, class: fighter, hp: 90, ac: 14}\n"
        + "  - {name: Ilsa, class: cleric, hp: 60, ac: 12}\n"
        + "monsters:\n"
        + "".join(f"  - monster: {m.strip()}\n" for m in monsters.split(","))
        + (f"surprised: [{surprised}]\n" if surprised else "")
        + f"groups:\n  A: [Bo, Ilsa, {', '.join(names)}]\n"
    )
    path = tmp_path / "fight.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_b8_cli_the_sea_hag_horrifies_and_the_doppelganger_ambushes(tmp_path: Path) -> None:
    path = _fight(tmp_path, "sea hag, doppelganger", surprised="Bo")
    code, out = run("run", str(path), "--rounds", "2", "--seed", "1")
    assert code == 0, out
    assert "Bo's Wisdom save against Sea Hag's Horrific Appearance: " in out
    assert "Bo: immune to Sea Hag's Horrific Appearance, 24 hours (F4)." in out
    assert "[Ambusher: Bo is surprised (B8)]" in out
    assert "Ambusher: Ilsa" not in out
    # a failed save frightens for 1 minute; its repeat save has disadvantage (the hag in sight)
    assert "frightened: 1 minute, a DC 11 Wisdom save at the end of each of its turns" in out
    assert "save against frightened (Sea Hag's Horrific Appearance): 2d20 (" in out
    assert out.count("save against Sea Hag's Horrific Appearance") == 2  # once each, then immune


def test_b8_cli_a_shadow_and_a_cloaker_in_sunlight(tmp_path: Path) -> None:
    path = _fight(tmp_path, "shadow, cloaker", sunlight=True)
    code, out = run("run", str(path), "--rounds", "2", "--seed", "3")
    assert code == 0, out
    assert "[Sunlight Weakness: Shadow is in sunlight (B8)]" in out
    assert "[Light Sensitivity: Cloaker is in sunlight (B8)" in out
    dark = _fight(tmp_path, "shadow, cloaker")
    assert "in sunlight" not in run("run", str(dark), "--rounds", "2", "--seed", "3")[1]


def test_b8_cli_the_spy_and_the_air_elemental_play(tmp_path: Path) -> None:
    path = _fight(tmp_path, "spy, air elemental")
    code, out = run("monsters", "show", "spy")
    assert code == 0 and "cunning action" in out.lower()
    code, out = run("run", str(path), "--rounds", "1", "--seed", "2")
    assert code == 0, out
    assert "Air Elemental" in out


def test_b8_fire_form_burns_who_hits_it_and_lights_the_hero_whose_space_it_enters() -> None:
    elemental = monster("Fire Elemental", traits=(parse_trait("fire form 1d10 fire"),))
    bram = hero("Bram")
    f = fight([bram], [elemental], {"A": ["Bram", "Fire Elemental"]})
    assert burns_back(elemental, Mode.MELEE) is not None  # as Heated Body
    assert burns_back(elemental, Mode.REACH) is None
    turn = Rolled.turn(f, "Fire Elemental")
    fire_form(turn, "Fire Elemental", "Bram", True, ScriptedDice([7]))
    (burn,) = [s for s in turn.steps if isinstance(s, Damaged)]
    assert burn.who == "Bram" and burn.amount == 7 and burn.type is DamageType.FIRE
    (lit,) = [e for e in turn.fight.effects if e.who == "Bram"]
    assert lit.hurts == "1d10 fire" and lit.hurts_at is TurnEdge.START
    again = Rolled.turn(turn.fight, "Fire Elemental")
    fire_form(again, "Fire Elemental", "Bram", True, ScriptedDice([2]))
    assert len([e for e in again.fight.effects if e.who == "Bram"]) == 1  # lit once
    held = replace(elemental, conditions=frozenset({Condition.RESTRAINED}))
    assert enters_space(held, True) is None  # M4: it cannot move
    assert enters_space(elemental, False) is None


def test_b8_freeze_cold_damage_slows_the_water_elemental_to_its_next_turns_end() -> None:
    water = monster("Water Elemental", hp=100, speed=30, traits=(parse_trait("freeze 20"),))
    f = fight([hero("Bram")], [water], {"A": ["Bram", "Water Elemental"]})
    assert speed_now(water) == 30
    turn = Rolled.turn(f, "Bram").rolling(ScriptedDice([]))
    turn.do(Damaged("Water Elemental", 5, DamageType.FIRE))
    assert not turn.fight.effects
    turn.do(Damaged("Water Elemental", 5, DamageType.COLD))
    (frozen,) = turn.fight.effects
    assert frozen.what == "partially frozen (Freeze)" and frozen.condition is Condition.FROZEN
    assert frozen.lasting == Lasting(until=("Water Elemental", TurnEdge.END))
    assert speed_now(turn.fight.monster("Water Elemental")) == 10  # slow now (M3)
    turn.do(Damaged("Water Elemental", 3, DamageType.COLD))
    assert len(turn.fight.effects) == 1  # frozen already
    end = Rolled.turn(turn.fight, "Water Elemental")
    turn_edge(end, "Water Elemental", TurnEdge.END, ScriptedDice([]))
    assert not end.fight.effects and speed_now(end.fight.monster("Water Elemental")) == 30


def test_b8_cli_the_fire_elemental_enters_a_heros_space(tmp_path: Path) -> None:
    path = _fight(tmp_path, "fire elemental")
    code, out = run("run", str(path), "--rounds", "1", "--seed", "1")
    assert code == 0, out
    assert "fire damage (Fire Elemental's Fire Form (it enters Bo's space): 1d10 (" in out
    assert "Bo is on fire (by Fire Elemental)" in out


def _aboleth(tmp_path: Path, underwater: bool) -> Path:
    text = (
        ("underwater: true\n" if underwater else "")
        + "heroes:\n  - name: Bo\n    class: fighter\n    hp: 90\n    ac: 14\n    attacks:\n"
        + "      - {name: Longsword, to_hit: 7, damage: 1d8+4 slashing, times: 2}\n"
        + "monsters:\n  - monster: aboleth\ngroups:\n  A: [Bo, Aboleth]\n"
    )
    path = tmp_path / "aboleth.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_b8_cli_the_aboleths_mucous_cloud_underwater_only(tmp_path: Path) -> None:
    code, out = run("run", str(_aboleth(tmp_path, True)), "--rounds", "2", "--seed", "1")
    assert code == 0, out
    assert "Bo's Constitution save against Aboleth's Mucous Cloud: 1d20 (" in out
    assert "Bo is diseased (Mucous Cloud) (by Aboleth): it can breathe only underwater" in out
    code, out = run("run", str(_aboleth(tmp_path, False)), "--rounds", "2", "--seed", "1")
    assert code == 0 and "Bo attacks Aboleth" in out and "Mucous Cloud" not in out


def test_b8_mucous_cloud_a_melee_hit_in_its_group_underwater() -> None:
    aboleth = monster("Aboleth", traits=(parse_trait("mucous cloud DC 14"),))
    f = fight([hero("Bram")], [aboleth], {"A": ["Bram", "Aboleth"]}, underwater=True)
    rider = mucus(f, aboleth, Mode.MELEE)
    assert rider is not None and rider.save == (Ability.CON, 14) and "1d4 hours" in rider.afflicts
    assert mucus(f, aboleth, Mode.REACH) is None  # a reach attack from outside its group
    assert mucus(replace(f, underwater=False), aboleth, Mode.MELEE) is None
    assert "underwater: true" in dump_fight(f)
