"""B6, B8: the shield guardian's Spell Storing, judged by its own SRD text: its stat block
stores one spell of the 4th level or lower (`stores: 4`); the fight file names it (`stored:`)
and the guardian gets its amulet's wearer's own entry for it ("with any parameters set by the
original caster"), cast once, no slot, as the plan takes any spell; written back whole. None
named: `lnf check` says it stores nothing. Bad input: a clear message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lnf.errors import InputError
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight, parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.rules.economy import attack_named
from tests.cli import run, stdout_of
from tests.srd import DATA, needs_data

SWORD = "attacks: [{name: Longsword, to_hit: 7, damage: 1d8+4 slashing}]"
HEROES = (
    f"heroes: [{{name: Ann, class: fighter, hp: 80, ac: 15, {SWORD}}}, "
    f"{{name: Bo, class: fighter, hp: 60, ac: 15, {SWORD}}}]\n"
)


def _fight(tmp_path: Path, guardian: str) -> Path:
    path = tmp_path / "guardian.yaml"
    path.write_text(
        f"{HEROES}monsters: [{{monster: mage}}, {{monster: shield guardian, {guardian}}}]\n"
    )
    return path


@needs_data
def test_spell_storing_is_read_from_its_own_text() -> None:
    data = json.loads((DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8"))
    says = {
        m["name"]
        for m in data
        for x in m.get("special_abilities") or []
        if "store one spell of 4th level or lower" in x.get("desc", "")
    }
    assert says == {"Shield Guardian"}
    for block in srd():
        assert (block.get("stores") == 4) == (block["name"] in says), block["name"]
        assert "Spell Storing (trait)" not in block.get("not_modelled", [])


def test_the_wearers_spell_is_cast_once(tmp_path: Path) -> None:
    """B6: the guardian's Fireball is the mage's (DC 14, 8d6, no slot), once; the plan casts
    it as any spell; the fight file written back reads the same."""
    path = _fight(tmp_path, "amulet: Mage, stored: Fireball")
    f = load_fight(path)
    guardian, mage = f.monster("Shield Guardian"), f.monster("Mage")
    stored, own = attack_named(guardian, "Fireball"), attack_named(mage, "Fireball")
    assert stored is not None and own is not None and guardian.stored == "Fireball"
    assert (stored.save, stored.damage, stored.area) == (own.save, own.damage, own.area)
    assert stored.per_day == 1 and stored.slot == 0 and own.slot == 3
    again = parse_fight(dump_fight(f), "again.yaml")
    assert again.monster("Shield Guardian") == guardian
    said = stdout_of("run", str(path), "--seed", "1", "--rounds", "2")
    assert "Shield Guardian casts Fireball (20 ft sphere, up to 4 targets) on Ann and Bo" in said
    assert "Shield Guardian spends a daily use of Fireball (0 of 1 left)." in said
    assert said.count("Shield Guardian casts Fireball (20 ft sphere, up to") == 1


@pytest.mark.parametrize(
    ("guardian", "said"),
    [
        ("amulet: Mage, stored: Cone of Cold", "Cone of Cold is no spell of 4th level or lower"),
        ("stored: Fireball", "the amulet's wearer casts the spell on it: give amulet"),
        ("amulet: Mage, stored: Wish", "Mage (the amulet's wearer) casts no spell 'Wish'"),
    ],
)
def test_a_spell_it_cannot_hold_is_refused(tmp_path: Path, guardian: str, said: str) -> None:
    with pytest.raises(InputError) as error:
        load_fight(_fight(tmp_path, guardian))
    assert said in str(error.value)


def test_a_monster_without_spell_storing_stores_nothing(tmp_path: Path) -> None:
    path = tmp_path / "ogre.yaml"
    path.write_text(f"{HEROES}monsters: [{{monster: mage}}, {{monster: ogre, stored: Fireball}}]\n")
    with pytest.raises(InputError) as error:
        load_fight(path)
    assert "only a creature with Spell Storing stores a spell" in str(error.value)


def test_none_named_is_said(tmp_path: Path) -> None:
    code, said = run("check", str(_fight(tmp_path, "amulet: Mage")))
    assert code == 0 and "Shield Guardian stores no spell (Spell Storing, B8)" in said
    code, said = run("check", str(_fight(tmp_path, "amulet: Mage, stored: Fireball")))
    assert code == 0 and "Spell Storing" not in said


def test_the_stat_block_says_it() -> None:
    said = stdout_of("monsters", "show", "shield guardian")
    assert "Spell Storing: one spell of level 4 or lower its amulet's wearer casts" in said
