"""F2 Divine Smite, a class feature of the paladin's sheet: said with the attack at the table
(`attack Gnoll 1; smite`), a slot spent by the hit only, the dice doubled on a critical hit
(D5), an undead's or a fiend's extra die; a written-out `Divine Smite` attack keeps its old
way (docs/sheets.md: what the entry says wins)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lnf.engine.decisions import AttackChoice
from lnf.errors import Refused
from lnf.formats.fight_file import parse_fight
from lnf.heroes.policy import policy_choice
from lnf.heroes.words import parse_choice
from lnf.rules.class_features import smites
from lnf.rules.on_hit import smite_dice
from tests.cli import run

PALADIN = """
title: Kara at the crypt door
heroes:
  - name: Kara
    class: paladin
    level: 5
    scores: {str: 18, dex: 10, con: 14, int: 8, wis: 10, cha: 14}
    weapons: [longsword, javelin]
    armor: [chain mail, shield]
    spells: [bless, cure wounds]
monsters:
  - monster: skeleton
  - {monster: gnoll, count: 2}
groups:
  A: [Kara, Skeleton, Gnoll 1]
"""
LEVELS = Path("/tmp/shared/data/5e-srd-5.1-levels.json")


def _kara_s_turn(tmp_path: Path) -> str:
    path = tmp_path / "smite.yaml"
    path.write_text(PALADIN, encoding="utf-8")
    out = run("next", str(path), "--seed", "3")[1]
    while "It is Kara's turn" not in out:
        out = run("next", str(path))[1]
    return str(path)


def _slots(path: str) -> str:
    return next(line for line in run("show", path)[1].splitlines() if "Kara (paladin" in line)


def test_the_srd_gives_divine_smite_at_the_paladin_s_2nd_level() -> None:
    """F2: the levels file names the feature at the paladin's 2nd level; its text (quoted in
    rules/on_hit.py: the levels file has no description) gives the dice checked here."""
    levels = json.loads(LEVELS.read_text(encoding="utf-8"))
    first = min(
        lv["level"]
        for lv in levels
        if lv.get("class", {}).get("index") == "paladin"
        and any(f["name"] == "Divine Smite" for f in lv.get("features", []))
    )
    assert first == 2
    fight = parse_fight(PALADIN, "smite.yaml")
    gnoll, skeleton = fight.monster("Gnoll 1"), fight.monster("Skeleton")
    # "2d8 for a 1st-level spell slot, plus 1d8 for each spell slot level higher than 1st, to
    # a maximum of 5d8. The damage increases by 1d8 if the target is an undead or a fiend."
    assert [str(smite_dice(n, gnoll)) for n in (1, 2, 3, 4, 5)] == [
        "2d8 radiant",
        "3d8 radiant",
        "4d8 radiant",
        "5d8 radiant",
        "5d8 radiant",
    ]
    assert str(smite_dice(1, skeleton)) == "3d8 radiant"
    assert str(smite_dice(4, skeleton)) == "6d8 radiant"


def test_a_written_divine_smite_attack_keeps_its_old_way() -> None:
    written = PALADIN.replace(
        "    spells: [bless, cure wounds]\n",
        "    spells: [bless, cure wounds]\n    attacks:\n"
        "      - {name: Divine Smite, to_hit: 7, damage: 1d8+4 slashing + 2d8 radiant, slot: 1}\n",
    )
    assert smites(parse_fight(PALADIN, "smite.yaml").hero("Kara"))
    kara = parse_fight(written, "smite.yaml").hero("Kara")
    assert not smites(kara)  # the written attack is played, not the feature besides it
    with pytest.raises(Refused, match="writes it out as an attack: attack NAME with Divine Smite"):
        parse_choice(
            parse_fight(written, "smite.yaml"), kara, "attack Gnoll 1 with Longsword; smite"
        )
    low = parse_fight(
        PALADIN.replace("level: 5", "level: 1").replace("bless, cure wounds", ""), "smite.yaml"
    )
    with pytest.raises(Refused, match=r"Kara has no Divine Smite to add \(level 1\)"):
        parse_choice(low, low.hero("Kara"), "attack Gnoll 1 with Longsword; smite")


def test_a_smite_is_said_after_a_melee_weapon_attack() -> None:
    fight = parse_fight(PALADIN, "smite.yaml")
    kara = fight.hero("Kara")
    choice = parse_choice(fight, kara, "attack Gnoll 1 with Longsword; smite 2 on a crit")
    assert (choice.action.smite, choice.action.smite_critical) == (2, True)  # type: ignore[union-attr]
    for words, said in (
        ("smite; attack Gnoll 1", "say it after the attack"),
        ("attack Gnoll 1; smite 3", "no 3rd-level slot left for Divine Smite"),
        ("attack Gnoll 1; smite sometimes", "not 'sometimes'"),
        ("attack Gnoll 1; smite; smite", "said once an attack"),
        ("shoot Gnoll 2 with Javelin; smite", "Kara.s Javelin thrown is a ranged attack"),
    ):
        with pytest.raises(Refused, match=said):
            parse_choice(fight, kara, words)


def test_a_miss_spends_nothing_and_the_first_hit_smites(tmp_path: Path) -> None:
    path = _kara_s_turn(tmp_path)
    # a miss (2), then a hit (15): 1d8 (5) + 4, the smite's 2d8 (3, 2)
    code, out = run("act", path, "attack Gnoll 1 with Longsword; smite", "--dice", "2,15,5,3,2")
    assert code == 0, out
    assert "miss (Divine Smite waits for a hit: no slot spent)." in out
    assert (
        "1d8 (5) + 4 slashing + 2d8 (3, 2) radiant = 14 (Divine Smite with a 1st-level slot)" in out
    )
    assert "Kara spends a 1st-level spell slot (3 of 4 left)." in out
    assert "1st 3/4" in _slots(path)
    assert "Divine Smite (say `; smite` after a mêlée weapon attack)" in _slots(path)
    run("undo", path)
    assert "1st 4/4" in _slots(path)  # undo gives the slot back
    code, out = run("act", path, "attack Gnoll 1 with Longsword; smite", "--dice", "2,3")
    assert code == 0 and "1st 4/4" in _slots(path)  # two misses: nothing spent
    assert out.count("Divine Smite waits for a hit: no slot spent") == 2


def test_a_critical_smite_doubles_its_dice_and_an_undead_takes_one_more(tmp_path: Path) -> None:
    path = _kara_s_turn(tmp_path)
    # D5: the weapon's 1d8 and the smite's 3d8 (a skeleton: undead) rolled twice
    dice = "20,5,4,1,1,1,1,1,1,2"
    code, out = run("act", path, "attack Skeleton with Longsword; smite on a crit", "--dice", dice)
    assert code == 0, out
    assert "2d8 (5, 4) + 4 slashing + 6d8 (1, 1, 1, 1, 1, 1) radiant = 19" in out
    assert "Kara spends a 1st-level spell slot (3 of 4 left)." in out


def test_smite_on_a_crit_spends_nothing_on_an_ordinary_hit(tmp_path: Path) -> None:
    path = _kara_s_turn(tmp_path)
    code, out = run("act", path, "attack Gnoll 1 with Longsword; smite crit", "--dice", "15,5,16,4")
    assert code == 0, out
    assert "radiant" not in out and "1st 4/4" in _slots(path)


def test_init_writes_divine_smite_as_a_feature_not_an_attack(tmp_path: Path) -> None:
    code, out = run("init", "--hero", "paladin", "--level", "5")
    assert code == 0, out
    assert "name: Divine Smite" not in out and "attacks:" not in out
    assert "# Divine Smite (F2): say it with the attack" in out
    sheet = out[out.index("  - name: Kara") :]
    fight = parse_fight(
        "title: t\nheroes:\n" + sheet + "monsters:\n  - monster: gnoll\n", "init.yaml"
    )
    assert smites(fight.hero("Kara"))
    assert "Divine Smite" not in run("init", "--hero", "paladin", "--level", "1")[1]


def _policy(text: str) -> AttackChoice:
    fight = parse_fight(text, "smite.yaml")
    action = policy_choice(fight, fight.hero("Kara")).action
    assert isinstance(action, AttackChoice)
    return action


def test_the_policy_smites_on_a_crit_and_on_any_hit_at_an_undead() -> None:
    """docs/policy.md (F2, F7, D5): the lowest slot on a critical hit; on any hit at an undead
    or a fiend; none without a slot left."""
    alone = PALADIN.replace("spells: [bless, cure wounds]", "spells: []")
    at_gnoll = alone.replace("A: [Kara, Skeleton, Gnoll 1]", "A: [Kara, Gnoll 1]")
    action = _policy(at_gnoll)
    assert (action.target, action.smite, action.smite_critical) == ("Gnoll 1", 1, True)
    at_skeleton = alone.replace("A: [Kara, Skeleton, Gnoll 1]", "A: [Kara, Skeleton]")
    action = _policy(at_skeleton)
    assert (action.target, action.smite, action.smite_critical) == ("Skeleton", 1, False)
    spent = at_skeleton.replace("spells: []", "spells: []\n    used: {slot 1: 4, slot 2: 2}")
    assert _policy(spent).smite == 0


def test_the_policy_smites_on_any_hit_when_a_hit_and_a_smite_would_drop_the_foe() -> None:
    """docs/policy.md: a gnoll at 12 of 22 hp outlasts a Longsword hit (8.5 on average) but not
    a hit and a 1st-level smite (8.5 + 9)."""
    alone = PALADIN.replace("spells: [bless, cure wounds]", "spells: []")
    hurt = alone.replace("A: [Kara, Skeleton, Gnoll 1]", "A: [Kara, Gnoll 1]").replace(
        "  - {monster: gnoll, count: 2}", "  - {monster: gnoll, count: 2, damage: 10}"
    )
    action = _policy(hurt)
    assert (action.target, action.smite, action.smite_critical) == ("Gnoll 1", 1, False)
