"""F2, a hero's subclass (SRD 5.1 gives each class one). A sheet plays its class's SRD subclass
from the level the class chooses it, unless `subclass:` names another: the Champion's Improved
Critical (weapon attacks critical on 19–20, 18–20 from 15), the Draconic Bloodline's Draconic
Resilience (AC 13 + Dex without armor, 1 more hit point a level), the Life Domain's Disciple of
Life (a healing spell of the 1st level or more heals 2 + its level more), the School of
Evocation's Sculpt Spells; another subclass's features are the DM's, said as a warning."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lnf.dice.roll import ScriptedDice
from lnf.errors import InputError, Refused
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.model import Hero, School
from lnf.model.plan import Mode
from lnf.rules.subclasses import PLAYED_SUBCLASS_FEATURES, SRD_SUBCLASS
from lnf.values import replace
from tests.cli import run
from tests.srd import DATA, needs_data

FIGHT = """
title: Subclasses
heroes:
  - {name: Bram, class: fighter, level: 5, scores: {str: 18, dex: 12, con: 16},
     weapons: [longsword, longbow], armor: [chain mail]BRAM}
  - {name: Vex, class: sorcerer, level: 5, scores: {dex: 14, con: 14, cha: 18},
     weapons: [dagger]VEX}
  - {name: Cade, class: cleric, level: 5, scores: {wis: 16, con: 14}, weapons: [mace],
     armor: [chain mail], spells: [sacred flame, cure wounds, mass healing word]CADE}
monsters:
  - {name: Ogre, hp: 59, ac: 30, attacks: [{name: Greatclub, to_hit: 6, damage: 2d8+4 bludgeoning}]}
groups:
  A: [Bram, Ogre]
"""


def _fight(bram: str = "", vex: str = "", cade: str = "") -> str:
    return FIGHT.replace("BRAM", bram).replace("VEX", vex).replace("CADE", cade)


def _crit(text: str, name: str = "Bram") -> dict[str, int]:
    return {a.name: a.crit_on for a in parse_fight(text, "s.yaml").hero(name).attacks}


def test_a_champion_s_weapons_are_critical_on_19_and_18_from_15() -> None:
    assert _crit(_fight()) == {"Longsword": 19, "Longbow": 19}
    assert _crit(_fight().replace("level: 5", "level: 2", 1)) == {"Longsword": 20, "Longbow": 20}
    assert _crit(_fight().replace("level: 5", "level: 15", 1))["Longsword"] == 18
    assert _crit(_fight(bram=", subclass: Battle Master")) == {"Longsword": 20, "Longbow": 20}
    assert _crit(_fight(bram=", subclass: champion"))["Longsword"] == 19
    again = parse_fight(dump_fight(parse_fight(_fight(), "s.yaml")), "again.yaml")
    assert {a.crit_on for a in again.hero("Bram").attacks} == {19}


def test_a_19_hits_and_is_critical_and_the_dm_is_told_why(tmp_path: Path) -> None:
    """D3, F2: "score a critical hit on a roll of 19 or 20": against AC 30, a 19 hits."""
    from lnf.engine.resolve import roll_attack

    fight = parse_fight(_fight(), "s.yaml")
    bram, ogre = fight.hero("Bram"), fight.monster("Ogre")
    sword = bram.attacks[0]
    hit = roll_attack(fight, bram, ogre, sword, Mode.MELEE, ScriptedDice([19, 5, 5]))
    assert hit.hit and hit.critical
    miss = roll_attack(fight, bram, ogre, sword, Mode.MELEE, ScriptedDice([18]))
    assert not miss.hit
    path = tmp_path / "s.yaml"
    path.write_text(_fight(), encoding="utf-8")
    run("next", str(path), "--seed", "7")
    out = run("act", str(path), "attack Ogre with Longsword")[1]  # its second swing rolls 19
    said = "1d20 (19) + 7 = 26 vs AC 30: critical hit (Improved Critical: 19–20, F2); 2d8 ("
    assert said in out


def test_draconic_resilience_ac_13_plus_dex_and_a_hit_point_a_level() -> None:
    base = parse_fight(_fight(vex=", subclass: wild magic"), "s.yaml").hero("Vex")
    vex = parse_fight(_fight(), "s.yaml").hero("Vex")
    assert (base.ac, vex.ac) == (12, 15) and vex.hp == base.hp + 5
    armored = parse_fight(_fight(vex=", armor: [leather armor]"), "s.yaml").hero("Vex")
    assert armored.ac == 13  # armor worn: 11 + Dex, not the scales


def test_disciple_of_life_heals_2_plus_the_spell_s_level_more() -> None:
    cade = parse_fight(_fight(), "s.yaml").hero("Cade")
    heals = {h.name: (str(h.dice), {n: str(d) for n, d in h.upcast}) for h in cade.heals}
    assert heals["Cure Wounds"][0] == "1d8+6"  # 1d8 + Wis 3 + 2 + 1
    assert heals["Cure Wounds"][1][2] == "2d8+7"  # at 2nd: + 2 + 2
    assert heals["Mass Healing Word"][0] == "1d4+8"  # a 3rd-level spell
    other = parse_fight(_fight(cade=", subclass: war domain"), "s.yaml").hero("Cade")
    assert {str(h.dice) for h in other.heals} == {"1d8+3", "1d4+3"}


def test_another_subclass_is_the_dms_and_one_too_early_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(_fight(bram=", subclass: battle master"), encoding="utf-8")
    code, out = run("check", str(path))
    assert code == 0 and "Bram's subclass battle master: lnf plays none of its features" in out
    early = _fight(bram=", subclass: champion").replace("level: 5", "level: 2", 1)
    with pytest.raises(InputError, match=r"a level-2 fighter has no subclass yet \(F2\)"):
        parse_fight(early, "s.yaml")


def test_sculpt_spells_is_the_school_of_evocation_s_for_evocation_spells() -> None:
    """F2: "When you cast an evocation spell": a Fireball spares Bram, an Ice Knife (the SRD
    has none: a conjuration written by hand) does not; a diviner sculpts nothing."""
    from lnf.rules.legal import verify_sculpt

    wizard = "{name: Quill, class: wizard, level: 5, scores: {int: 16}, spells: [fireball]SUB}"

    def quill(sub: str = "") -> Hero:
        text = _fight().replace("monsters:", f"  - {wizard.replace('SUB', sub)}\nmonsters:")
        return parse_fight(text, "s.yaml").hero("Quill")

    fireball = next(a for a in quill().attacks if a.name == "Fireball")
    assert fireball.school is School.EVOCATION  # from the spellbook
    verify_sculpt(quill(), fireball, 3, ["Bram"])
    conjured = replace(fireball, name="Ice Knife", school=School.CONJURATION)
    with pytest.raises(Refused, match="Sculpt Spells shapes evocation spells; Ice Knife is conj"):
        verify_sculpt(quill(), conjured, 3, ["Bram"])
    verify_sculpt(quill(), replace(fireball, school=None), 3, ["Bram"])  # not said: the DM's
    with pytest.raises(Refused, match="has no Sculpt Spells"):
        verify_sculpt(quill(", subclass: divination"), fireball, 3, ["Bram"])


@needs_data
def test_the_subclasses_are_the_levels_files() -> None:
    """Each class's SRD subclass, the level its first feature comes, the class feature that
    chooses it at that level, and the features lnf plays, as the levels file names them."""
    levels = json.loads((DATA / "5e-srd-5.1-levels.json").read_text(encoding="utf-8"))
    first: dict[str, tuple[str, int]] = {}
    features: dict[str, set[str]] = {}
    for lv in sorted(levels, key=lambda lv: lv["level"]):
        if lv.get("subclass"):
            first.setdefault(lv["class"]["index"], (lv["subclass"]["index"], lv["level"]))
            features.setdefault(lv["subclass"]["index"], set()).update(
                f["name"] for f in lv["features"]
            )
    assert {c: (s[0], s[2]) for c, s in SRD_SUBCLASS.items()} == first
    for cls, (_, _, level, choice) in SRD_SUBCLASS.items():
        row = next(
            lv
            for lv in levels
            if lv["class"]["index"] == cls and lv["level"] == level and "subclass" not in lv
        )
        assert choice in [f["name"] for f in row["features"]], cls
    for index, played in PLAYED_SUBCLASS_FEATURES.items():
        assert played <= features[index], index


def test_show_names_the_subclass_of_each_sheet(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(
        _fight(vex=", subclass: Wild Magic").replace("level: 5", "level: 2", 1), "utf-8"
    )
    out = run("show", str(path))[1]
    assert "Bram (fighter 2): " in out  # a fighter chooses at 3
    assert "Vex (sorcerer 5, Wild Magic): " in out and "Cade (cleric 5, Life Domain): " in out
