"""F2, a Fighting Style (SRD 5.1: the fighter's at level 1, the paladin's and the ranger's at
level 2, the Champion's second at level 10): `fighting_style:` on a sheet. Archery (+2 to hit
with ranged weapons), Defense (+1 AC in armor) and Dueling (+2 damage with a mêlée weapon in one
hand) are worked into the sheet; the others are the DM's, said as a warning; a style the class
or level does not have is refused at its field."""

from __future__ import annotations

from pathlib import Path

import pytest

from lnf.errors import InputError
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.rules.fighting_styles import STYLE_LEVEL, styles_known
from tests.cli import run
from tests.srd import needs_data

SHEETS = """
title: Styles
heroes:
  - {name: Kara, class: paladin, level: 5, scores: {str: 18, dex: 10, con: 14, cha: 14},
     weapons: [longsword, javelin, greatsword], armor: [chain mail, shield], STYLE_KARA}
  - {name: Ash, class: ranger, level: 5, scores: {str: 10, dex: 18, con: 14, wis: 14},
     weapons: [longbow, shortsword, dagger], armor: [studded leather armor], STYLE_ASH}
  - {name: Brun, class: fighter, level: 5, scores: {str: 18, dex: 12, con: 16},
     weapons: [greatsword], armor: [chain mail], STYLE_BRUN}
  - {name: Otto, class: fighter, level: 5, scores: {str: 18, dex: 12, con: 16},
     weapons: [greatsword], armor: [shield], STYLE_OTTO}
monsters:
  - {name: Orc, hp: 15, attacks: [{name: Greataxe, to_hit: 5, damage: 1d12+3 slashing}]}
"""


def _fight(kara: str = "", ash: str = "", brun: str = "", otto: str = "") -> str:
    text = SHEETS
    for key, style in (("KARA", kara), ("ASH", ash), ("BRUN", brun), ("OTTO", otto)):
        text = text.replace(f", STYLE_{key}", f", fighting_style: {style}" if style else "")
    return text


def _attacks(text: str, name: str) -> dict[str, tuple[int, str, str]]:
    hero = parse_fight(text, "s.yaml").hero(name)
    return {
        a.name: (a.to_hit, str(a.damage), str(a.alt_damage) if a.alt_damage else "")
        for a in hero.attacks
    }


def test_dueling_adds_2_to_one_handed_melee_weapons_only() -> None:
    plain, dueling = _attacks(_fight(), "Kara"), _attacks(_fight(kara="dueling"), "Kara")
    assert plain["Longsword"] == (7, "1d8+4 slashing", "1d10+4 slashing")
    assert dueling["Longsword"] == (7, "1d8+6 slashing", "1d10+4 slashing")  # two hands: none
    assert dueling["Javelin"] == (7, "1d6+6 piercing", "")  # a mêlée weapon, thrown or not
    assert dueling["Greatsword"] == plain["Greatsword"] == (7, "2d6+4 slashing", "")


def test_archery_adds_2_to_hit_with_ranged_weapons_only() -> None:
    plain, archer = _attacks(_fight(), "Ash"), _attacks(_fight(ash="archery"), "Ash")
    assert (plain["Longbow"][0], archer["Longbow"][0]) == (7, 9)
    assert archer["Shortsword"] == plain["Shortsword"]
    assert archer["Dagger"] == plain["Dagger"]  # thrown, but a mêlée weapon


def test_defense_adds_1_ac_in_armor_not_with_a_shield_alone() -> None:
    plain = parse_fight(_fight(), "s.yaml")
    styled = parse_fight(_fight(brun="defense", otto="defense"), "s.yaml")
    assert (plain.hero("Brun").ac, styled.hero("Brun").ac) == (16, 17)
    assert styled.hero("Otto").ac == plain.hero("Otto").ac
    again = parse_fight(dump_fight(styled), "again.yaml")  # written back as worked out
    assert again.hero("Brun").ac == 17


@pytest.mark.parametrize(
    ("styles", "said"),
    [
        ({"kara": "archery"}, "Archery is no paladin's Fighting Style"),
        ({"kara": "dueling, defense"}, "a level-5 paladin has 1 Fighting Style, not 2"),
        ({"ash": "dueleing"}, "'dueleing' is no SRD Fighting Style (F2); did you mean 'dueling'?"),
    ],
)
def test_a_style_the_hero_does_not_have_is_refused_at_its_field(
    styles: dict[str, str], said: str
) -> None:
    text = _fight(**{k: f"[{v}]" for k, v in styles.items()})
    with pytest.raises(InputError) as exc:
        parse_fight(text, "s.yaml")
    assert (
        said in str(exc.value) and "(F2)" in str(exc.value) and "fighting_style" in str(exc.value)
    )


def test_a_wizard_a_low_level_and_a_hero_without_scores_are_refused() -> None:
    wizard = "{name: Quill, class: wizard, level: 5, scores: {int: 18}, fighting_style: defense}"
    text = _fight().replace("monsters:", f"  - {wizard}\nmonsters:")
    with pytest.raises(InputError, match="a Fighting Style is a fighter, paladin or ranger's"):
        parse_fight(text, "s.yaml")
    with pytest.raises(InputError, match="a level-1 paladin has none yet, not 1"):
        parse_fight(_fight(kara="dueling").replace("level: 5", "level: 1", 1), "s.yaml")
    bare = "{name: Bo, class: fighter, hp: 30, fighting_style: defense}"
    with pytest.raises(InputError, match="a Fighting Style needs scores"):
        parse_fight(_fight().replace("monsters:", f"  - {bare}\nmonsters:"), "s.yaml")


def test_the_others_are_the_dms_said_as_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(_fight(brun="great weapon", ash="two-weapon fighting"), encoding="utf-8")
    code, out = run("check", str(path))
    assert code == 0, out
    assert "Brun's Fighting Style Great Weapon Fighting: lnf does not play it; the DM rules" in out
    assert "Ash's Fighting Style Two-Weapon Fighting: lnf does not play it" in out


def test_init_gives_each_class_its_style() -> None:
    out = run("init", "--hero", "paladin", "--hero", "ranger", "--level", "5")[1]
    assert "    fighting_style: dueling   # F2: +2 damage with a one-handed mêlée weapon" in out
    assert "#   Longsword ×2: +7 to hit, 1d8+6 slashing" in out
    assert "    fighting_style: archery   # F2: +2 to hit with ranged weapons" in out
    assert "#   Longbow ×2 (ranged 150/600 ft): +9 to hit, 1d8+4 piercing" in out
    assert "fighting_style" not in run("init", "--hero", "paladin", "--level", "1")[1]
    assert (
        "fighting_style: [defense, dueling]" in run("init", "--hero", "fighter", "--level", "10")[1]
    )


@needs_data
def test_the_style_levels_are_the_levels_files() -> None:
    """Each class's "Fighting Style" feature, at the level the SRD's table gives it; the
    Champion's "Additional Fighting Style" at 10."""
    import json

    from tests.srd import DATA

    levels = json.loads((DATA / "5e-srd-5.1-levels.json").read_text(encoding="utf-8"))
    named = {
        (lv["class"]["index"], f["name"]): lv["level"]
        for lv in levels
        for f in lv["features"]
        if f["name"] in ("Fighting Style", "Additional Fighting Style")
    }
    assert {c: n for (c, f), n in named.items() if f == "Fighting Style"} == STYLE_LEVEL
    assert named[("fighter", "Additional Fighting Style")] == 10
    assert [styles_known("fighter", n) for n in (1, 9, 10)] == [1, 1, 2]
    assert styles_known("fighter", 10, "battle master") == 1  # the Champion's second only
