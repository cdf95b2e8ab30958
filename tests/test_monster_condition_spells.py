"""F6, F7, B1, B6: Hold Monster, Blindness/Deafness and Entangle, the condition spells the SRD's
stat blocks list (a pit fiend, a deep gnome, a druid, a dryad, a unicorn), read as riders from
the spellbook's table (`formats/spell_effects.EFFECTS`), judged by each spell's own SRD text,
planned by the monsters (B3) and played (F4–F6)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight
from lnf.formats.spell_effects import EFFECTS
from lnf.formats.spellbook import spellbook
from lnf.model import Ability, Condition, Fight, Rank
from lnf.model.plan import Mode, Order, Plan
from lnf.rules.plan_check import check_plan
from lnf.rules.specials import attacks_a_hero, usable
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

SPELLS = ("Hold Monster", "Blindness/Deafness", "Entangle")
ABILITY = {"str": "strength", "dex": "dexterity", "con": "constitution", "wis": "wisdom"}


def _srd_spell(name: str) -> dict[str, Any]:
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-spells.json").read_text(encoding="utf-8")
    )
    return next(s for s in data if s["name"] == name)


@needs_data
@pytest.mark.parametrize("name", SPELLS)
def test_each_spell_is_what_its_own_srd_text_says(name: str) -> None:
    """F6, F7: the table's condition is the one the text names; the save is the entry's own
    ability with no damage (`dc_success: none`); a repeat save "at the end of each" turn or
    round (Entangle's escape, a "Strength check", rolled then); concentration as the entry says."""
    source = _srd_spell(name)
    text = " ".join(source["desc"]).lower()
    table = EFFECTS[name.lower()]
    (rider,) = table["riders"]
    assert rider["condition"] in text
    assert source["dc"]["dc_success"] == "none" and table["half"] is False
    book = spellbook().find(name)
    assert book["save"] == source["dc"]["dc_type"]["index"]
    ability = ABILITY[book["save"]]
    assert re.search(rf"{ability} saving throw|saving throw of {ability}", text)
    escape = "strength check" in text  # played as a Strength roll at its turn's end (F6)
    assert (rider.get("escape") == "str") == escape
    assert (rider.get("repeat") == "end") == (escape or "at the end of each" in text)
    assert table.get("concentration", False) == source["concentration"]
    assert rider["lasting"] == "1 minute" and "1 minute" in source["duration"].lower()


@needs_data
def test_every_stat_block_that_lists_them_casts_them_as_actions() -> None:
    """B1, B2: each SRD stat block that lists one of the spells has it as an action with its
    own DC, the table's rider, and its per-day use or slot; no longer "not played"."""
    found = 0
    for block in srd():
        for action in block.get("actions", []):
            if action["name"] not in SPELLS:
                continue
            found += 1
            (rider,) = action["riders"]
            assert rider == EFFECTS[action["name"].lower()]["riders"][0]
            dc = int(action["save"].split()[1])
            assert any(c.get("dc") == dc for c in block["spellcasting"]), block["name"]
            assert "per_day" in action or "slot" in action, block["name"]
            said = [n for n in block["not_modelled"] if n.endswith(f": {action['name']}")]
            assert not said, block["name"]
    assert found == 5  # Pit Fiend, Deep Gnome, Druid, Dryad, Unicorn


def _fight(tmp_path: Path, monster: str) -> Fight:
    path = tmp_path / "fight.yaml"
    heroes = ", ".join(f"{{name: {n}, class: fighter, hp: 40, ac: 16}}" for n in ("Ann", "Bo"))
    path.write_text(f"heroes: [{heroes}]\nmonsters: [{{monster: {monster}}}]\n", encoding="utf-8")
    return load_fight(path)


@needs_data
def test_b6_a_condition_spell_is_an_option_of_the_plan(tmp_path: Path) -> None:
    """B1, B6: a spell that imposes a condition is one of the plan's options (it attacks a
    hero in P3); the validator takes an order that casts it, and refuses it once used up."""
    f = _fight(tmp_path, "dryad")
    dryad = f.monster("Dryad")
    entangle = next(a for a in dryad.actions if a.name == "Entangle")
    assert attacks_a_hero(entangle) and entangle in usable(f, dryad)
    (rider,) = entangle.riders
    assert rider.conditions == (Condition.RESTRAINED,) and rider.lasting.save == (Ability.STR, 14)
    order = Order("Dryad", Rank.FRONT, target="Ann", also=("Bo",), mode=Mode.RANGED)
    cast = replace(order, action="Entangle")
    assert check_plan(f, Plan((cast,))) == []
    gnome = _fight(tmp_path, "deep gnome (svirfneblin)").monster("Deep Gnome (Svirfneblin)")
    blind = next(a for a in gnome.actions if a.name == "Blindness/Deafness")
    assert blind.save == (Ability.CON, 11) and blind.riders[0].conditions == (Condition.BLINDED,)
    assert not blind.concentration and blind.per_day == 1


@needs_data
def test_the_dryad_entangles_both_heroes_and_a_failed_save_restrains(tmp_path: Path) -> None:
    """B3, F4–F6, played: the plan casts Entangle on both heroes (a 20-ft square catches 4,
    E1); each saves on its own; the one who fails is restrained while the dryad concentrates,
    a Strength save at the end of each of its turns."""
    path = tmp_path / "dryad.yaml"
    heroes = ", ".join(
        f"{{name: {n}, class: fighter, hp: 30, ac: 16, attacks: [{{name: Longsword, "
        "to_hit: 5, damage: 1d8+3 slashing}]}"
        for n in ("Ann", "Bo")
    )
    path.write_text(f"heroes: [{heroes}]\nmonsters: [{{monster: dryad}}]\n", encoding="utf-8")
    said = stdout_of("run", str(path), "--seed", "3", "--rounds", "1")
    assert "Dryad casts Entangle (20 ft cube) on Ann and Bo." in said  # the plan
    assert "Dryad spends a daily use of Entangle (2 of 3 left)." in said  # B2: 3/day
    assert re.search(r"Ann's STR save .* vs DC 14: fails", said)
    assert "Ann is restrained (by Dryad): 1 minute, a DC 14 Strength save" in said
    assert "while Dryad concentrates (F4)" in said


@needs_data
def test_power_word_stun_is_what_its_own_srd_text_says() -> None:
    """F7: "If the target has 150 hit points or fewer, it is stunned"; no save when cast (the
    entry has no DC); "a constitution saving throw at the end of each of its turns" ends it."""
    source = _srd_spell("Power Word Stun")
    text = " ".join(source["desc"]).lower()
    table = EFFECTS["power word stun"]
    assert f"{table['effect']['word']} hit points or fewer, it is stunned" in text
    assert "dc" not in source and table["riders"] == [{"condition": "stunned", "repeat": "end"}]
    assert "constitution saving throw at the end of each of its turns" in text
    assert table["save"] == "con" and not source["concentration"] and "concentration" not in table


def _flying(tmp_path: Path, hp: int) -> Path:
    path = tmp_path / "glabrezu.yaml"
    ann = (
        f"{{name: Ann, class: fighter, hp: {hp}, ac: 16, fly: 60, rank: free-air, "
        "attacks: [{name: Longsword, to_hit: 5, damage: 1d8+3 slashing}]}"
    )
    path.write_text(f"heroes: [{ann}]\nmonsters: [{{monster: glabrezu}}]\n", encoding="utf-8")
    return path


@needs_data
def test_the_glabrezu_stuns_a_flying_hero_it_cannot_otherwise_reach(tmp_path: Path) -> None:
    """B1, B4, B6, F7 played: Ann flies out of its pincers' reach (R7); Power Word Stun (60 ft,
    1/day) reaches her, without a save she is stunned, and saves at the end of her turns;
    with more than 150 hit points the word does nothing."""
    said = stdout_of("run", str(_flying(tmp_path, 40)), "--seed", "1", "--rounds", "1")
    assert "The monsters' plan (P3): Glabrezu casts Power Word Stun on Ann." in said
    assert "Ann's CON save" not in said  # no save when it is cast
    assert "Ann is stunned (by Glabrezu): a DC 16 Constitution save at the end of each" in said
    assert "Ann's Constitution save against stunned: 1d20 (7) + 0 = 7 vs DC 16: failure." in said
    big = stdout_of("run", str(_flying(tmp_path, 151)), "--seed", "1", "--rounds", "1")
    assert "Glabrezu casts Power Word Stun on Ann." in big and "stunned" not in big


@needs_data
def test_the_archmages_spells_cast_on_itself_before_combat() -> None:
    """B6: "* The archmage casts these spells on itself before combat": Mage Armor (its AC),
    Stoneskin (its resistance the stat block lists "from stoneskin") and Mind Blank (SRD:
    "immune to psychic damage, … and the charmed condition"), their slots spent."""
    data = json.loads((DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8"))
    source = next(m for m in data if m["name"] == "Archmage")
    (trait,) = [t for t in source["special_abilities"] if "spellcasting" in t]
    starred = re.findall(r"([a-z][a-z' ]+)\*", trait["desc"])
    assert starred == ["mage armor", "stoneskin", "mind blank"]
    assert any("from stoneskin" in r for r in source["damage_resistances"])
    mind = " ".join(_srd_spell("Mind Blank")["desc"]).lower()
    assert "immune to psychic damage" in mind and "and the charmed condition" in mind
    (block,) = [b for b in srd() if b["name"] == "Archmage"]
    assert block["cast_before"] == "Mage Armor" and block["ac"] == 15
    assert block["before_combat"] == ["Stoneskin", "Mind Blank"]
    assert block["used"] == {"slot 1": 1, "slot 4": 1, "slot 8": 1}
    assert block["immune"] == ["psychic"] and block["condition_immune"] == ["charmed"]
    assert set(block["resist"]) == {"bludgeoning", "piercing", "slashing"}
    said = block["not_modelled"]
    assert not {"Spellcasting: Stoneskin", "Spellcasting: Mind Blank"} & set(said)
