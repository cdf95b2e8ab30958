"""Heroes' sheets: what class and level give, what the file overrides, every use in the log and
back with undo, and the refusals a table meets (no slot left, Sneak Attack twice in a turn or
without 5e's conditions, Action Surge spent)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from lnf.dice import DamageType
from lnf.engine.apply import apply
from lnf.errors import Refused
from lnf.formats.fight_file import load_fight, parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.heroes.words import parse_choice
from lnf.model import SLOT, Ability, Condition, Recharge
from lnf.model.events import Recorded
from lnf.model.steps import Damaged, Saved, SpellCast, Used
from lnf.rules.save_edges import save_edge_of
from lnf.rules.sheets import class_resources, sneak_dice
from tests.cli import run, to_turn_of

_FIRE = DamageType.FIRE

SHEETS = """
title: Sheets
heroes:
  - {name: Bram, class: fighter, level: 3, hp: 28, ac: 18,
     attacks: [{name: Longsword, to_hit: 5, damage: 1d8+3 slashing}]}
  - {name: Nix, class: rogue, level: 3, hp: 21, ac: 14,
     attacks: [{name: Rapier, to_hit: 5, damage: 1d8+3 piercing, finesse: true},
               {name: Club, to_hit: 5, damage: 1d4+3 bludgeoning}]}
  - {name: Ilsa, class: cleric, level: 3, hp: 21, ac: 18, used: {1: 4, 2: 2},
     attacks: [{name: Guiding Bolt, kind: ranged, to_hit: 5, damage: 4d6 radiant, range: 120,
                spell: true, slot: 1},
               {name: Mace, to_hit: 4, damage: 1d6+2 bludgeoning}]}
  - {name: Gus, class: barbarian, level: 1, hp: 14, uses: {Rage: 1},
     attacks: [{name: Greataxe, to_hit: 5, damage: 1d12+3 slashing}]}
monsters:
  - {monster: orc, count: 2}
groups:
  A: [Bram, Nix, Gus, Orc 1]
  B: [Ilsa, Orc 2]
"""


def _fight(tmp_path: Path) -> Path:
    path = tmp_path / "sheets.yaml"
    path.write_text(SHEETS, encoding="utf-8")
    return path


def test_class_and_level_give_the_usual_resources() -> None:
    names = {r.name: r for r in class_resources("wizard", 5)}
    assert [names[f"{SLOT}{i}"].total for i in (1, 2, 3)] == [4, 3, 2]
    fighter = {r.name: r for r in class_resources("fighter", 2)}
    assert fighter["Action Surge"].total == 1 and fighter["Action Surge"].recharge is Recharge.SHORT
    assert str(sneak_dice("rogue", 3)) == "2d6" and str(sneak_dice("rogue", 5)) == "3d6"
    assert {r.name: r.total for r in class_resources("paladin", 3)}["Lay on Hands"] == 15
    warlock = class_resources("warlock", 5)
    assert [(r.name, r.total, r.recharge) for r in warlock] == [("slot 3", 2, Recharge.SHORT)]


def test_the_file_overrides_and_round_trips(tmp_path: Path) -> None:
    fight = load_fight(_fight(tmp_path))
    ilsa, gus = fight.hero("Ilsa"), fight.hero("Gus")
    assert ilsa.resource("slot 1") is not None and ilsa.resource("slot 1").left == 0  # type: ignore[union-attr]
    assert gus.resource("Rage") is not None and gus.resource("Rage").total == 1  # type: ignore[union-attr]
    assert parse_fight(dump_fight(fight), "again") == fight


def test_no_slot_left_is_refused(tmp_path: Path) -> None:
    fight = load_fight(_fight(tmp_path))
    with pytest.raises(Refused, match="Ilsa has no spell slot of the 1st level or higher left"):
        parse_choice(fight, fight.hero("Ilsa"), "cast Guiding Bolt at Orc 2")


def test_sneak_attack_once_a_turn_with_a_finesse_weapon_and_an_ally(tmp_path: Path) -> None:
    path = _fight(tmp_path)
    fight = load_fight(path)
    nix = fight.hero("Nix")
    with pytest.raises(Refused, match="needs a finesse or a ranged weapon: Club is neither"):
        parse_choice(fight, nix, "attack Orc 1 with Club sneak")
    with pytest.raises(Refused, match="Nix's Sneak Attack is 2d6, not 4d6"):
        parse_choice(fight, nix, "attack Orc 1 sneak 4d6")
    from lnf.model import Group

    alone = replace(  # Nix alone with Orc 1: no ally there, and no advantage
        fight, groups=(Group("A", ("Nix", "Orc 1")), Group("B", ("Bram", "Gus", "Ilsa", "Orc 2")))
    )
    with pytest.raises(Refused, match="Sneak Attack needs advantage, or an ally"):
        parse_choice(alone, nix, "attack Orc 1 sneak")
    choice = parse_choice(fight, nix, "attack Orc 1 sneak")  # Bram and Gus stand with Orc 1
    assert str(choice.action.extra) == "2d6"  # type: ignore[union-attr]
    # Once it hit, not again this turn (the rules' own record, rules/resources.py).
    sneaked = replace(fight, turns=replace(fight.turns, sneaked=frozenset({"Nix"})))
    with pytest.raises(Refused, match="Nix has dealt Sneak Attack this turn: once a turn"):
        parse_choice(sneaked, nix, "attack Orc 1 sneak")


def test_uses_are_logged_refused_when_spent_and_given_back_by_undo(tmp_path: Path) -> None:
    path = str(_fight(tmp_path))
    assert run("next", path, "--seed", "3")[0] == 0
    out = ""
    while "It is Bram's turn" not in out:
        if "about to leave" in out:
            for hero in ("Bram", "Nix", "Gus", "Ilsa"):
                run("react", path, hero, "--pass")
        out = run("next", path)[1]
    code, out = run("act", path, "attack", "Orc 1", "surge")
    assert code == 0 and "Bram uses Action Surge (0 of 1 left)." in out
    assert "Action Surge 0/1" in run("show", path)[1]
    run("next", path)
    code, out = run("act", path, "attack", "Orc 1", "surge")  # not Bram's turn now
    assert code == 2
    run("undo", path, "2")  # Nix's turn begun, then Bram's turn ended: back to Bram
    run("undo", path)  # Bram's surge and attacks
    assert "Action Surge 1/1" in run("show", path)[1]  # undo gave it back
    assert run("act", path, "attack", "Orc 1", "surge")[0] == 0
    code, out = run("act", path, "rage")
    assert code == 2 and "Bram's sheet has no Rage" not in out  # his sheet counts, he has none
    assert "Bram has no Rage" in out


def test_action_surge_spent_is_refused(tmp_path: Path) -> None:
    path = _fight(tmp_path)
    text = path.read_text().replace(
        "{name: Bram, class: fighter, level: 3,",
        "{name: Bram, class: fighter, level: 3, used: {Action Surge: 1},",
    )
    path.write_text(text)
    fight = load_fight(path)
    with pytest.raises(
        Refused, match="Bram has 0 of 1 Action Surge left; it comes back on a short rest"
    ):
        parse_choice(fight, fight.hero("Bram"), "attack Orc 1 surge")


def test_rage_resists_and_second_wind_heals(tmp_path: Path) -> None:
    fight = load_fight(_fight(tmp_path))
    raging = apply(fight, Recorded((Used("Gus", "Rage"),))).after
    assert "Rage" in raging.hero("Gus").effects
    hurt = apply(raging, Recorded((Damaged("Gus", 10, DamageType.SLASHING),))).after
    assert hurt.hero("Gus").current_hp == 14 - 5  # D6: resisted while raging
    with pytest.raises(Refused, match="Gus has 0 of 1 Rage left"):
        parse_choice(raging, raging.hero("Gus"), "rage; attack Orc 1")
    choice = parse_choice(fight, fight.hero("Bram"), "second wind; attack Orc 1")
    assert choice.bonus is not None and str(choice.bonus.heal) == "1d10+3"


UPCAST = """
title: upcast
heroes:
  - name: Kara
    class: wizard
    level: 7
    hp: 40
    attacks:
      - name: Fireball
        kind: ranged
        range: 150
        spell: true
        slot: 3
        save: dex 14
        area: sphere 20
        damage: 8d6 fire
        upcast: {4: 9d6 fire, 5: 10d6 fire}
    heals:
      Cure Wounds: {dice: 1d8+3, slot: 1, upcast: {2: 2d8+3, 3: 3d8+3}}
monsters:
  - {name: Orc, hp: 15, attacks: [{name: Axe, to_hit: 5, damage: 1d12+3 slashing}]}
"""


def test_a_spell_cast_higher_gives_its_higher_dice_and_round_trips() -> None:
    """F7: casting at a higher level spends that slot and gives what "at higher levels" gives;
    above the table's last entry the last one stands."""
    fight = parse_fight(UPCAST, "upcast.yaml")
    fireball = fight.heroes[0].attacks[0]
    assert str(fireball.at_slot(3).damage) == "8d6 fire"
    assert (fireball.at_slot(4).slot, str(fireball.at_slot(4).damage)) == (4, "9d6 fire")
    assert str(fireball.at_slot(9).damage) == "10d6 fire"
    cure = fight.heroes[0].heals[0]
    assert (cure.at_slot(2).slot, str(cure.at_slot(2).dice)) == (2, "2d8+3")
    assert parse_fight(dump_fight(fight), "again.yaml") == fight


def test_an_upcast_below_the_spells_own_slot_is_refused() -> None:
    with pytest.raises(Exception, match=r"upcast\.2: '2' is no slot level above .*\(F7\)"):
        parse_fight(UPCAST.replace("{4: 9d6 fire", "{2: 9d6 fire"), "upcast.yaml")


RAGER = """
title: Rage
heroes:
  - {name: Gus, class: barbarian, level: 5, scores: {str: 18, dex: 14, con: 14},
     weapons: [greataxe, handaxe]}
monsters:
  - {name: Orc, hp: 30, ac: 13, attacks: [{name: Axe, to_hit: 5, damage: 1d12+3 slashing}]}
groups:
  A: [Gus, Orc]
"""


def test_rage_adds_its_damage_to_strength_melee_hits_and_says_so(tmp_path: Path) -> None:
    """F2, the SRD's Rage: +2 at level 5 on a mêlée weapon's damage (+3 at 9); the sheet `lnf
    init` writes and the note as the hero rages say lnf adds it."""
    path = tmp_path / "rage.yaml"
    to_turn_of("Gus", path, RAGER, seed=3)
    code, out = run("act", str(path), "rage; attack Orc with Greataxe", "--dice", "15,6,2")
    assert code == 0, out
    assert "Gus rages: +2 damage on Strength mêlée hits, resistance to bludgeoning" in out
    assert "1d12 (6) + 4 slashing + 2 slashing = 12" in out
    code, sheet = run("init", "--hero", "barbarian", "--level", "9")
    assert "+3 damage on Strength mêlée hits" in sheet and "DM adds" not in sheet


def test_danger_sense_gives_a_barbarian_dexterity_saves_with_advantage() -> None:
    """F2, the SRD's Danger Sense (barbarian, 2nd level): "advantage on Dexterity saving throws
    against effects that you can see … you can't be blinded, deafened, or incapacitated"; the
    same edge asks the player for two d20s at the table (B3)."""
    fight = parse_fight(RAGER, "rage.yaml")
    gus = fight.hero("Gus")
    assert save_edge_of(fight, gus, Ability.DEX, "Fire Breath").words == "advantage: Danger Sense"
    assert save_edge_of(fight, gus, Ability.WIS, "Frightful Presence").words == ""
    blind = replace(gus, conditions=gus.conditions | {Condition.BLINDED})
    assert "Danger Sense" not in save_edge_of(fight, blind, Ability.DEX, "Fire Breath").words
    low = parse_fight(RAGER.replace("level: 5", "level: 1"), "rage.yaml").hero("Gus")
    assert save_edge_of(fight, low, Ability.DEX, "Fire Breath").words == ""


EVADER = """
title: Evasion
heroes:
  - {name: Nix, class: rogue, level: 7, hp: 40, ac: 15,
     attacks: [{name: Rapier, to_hit: 7, damage: 1d8+4 piercing, finesse: true}]}
  - {name: Ren, class: rogue, level: 6, hp: 40, ac: 15,
     attacks: [{name: Rapier, to_hit: 7, damage: 1d8+4 piercing, finesse: true}]}
monsters:
  - {name: Dragon, hp: 100, attacks: [{name: Bite, to_hit: 5, damage: 1d8+3 piercing}]}
"""


def test_evasion_spares_a_7th_level_rogue_a_dexterity_save_s_damage() -> None:
    """F2, the SRD's Evasion (rogue and monk, 7th level): no damage on a successful Dexterity
    save against half damage, half on a failure; the 6th-level rogue takes the usual."""
    fight = parse_fight(EVADER, "evasion.yaml")
    saves = (Saved("Nix", (15,), 3, 15, True), Saved("Ren", (15,), 3, 15, True))
    breath = SpellCast("Dragon", "Fire Breath", ("Nix", "Ren"), saves, ((_FIRE, 20),), "20")
    done = apply(fight, Recorded((breath,))).after
    assert (done.hero("Nix").current_hp, done.hero("Ren").current_hp) == (40, 30)
    failed = tuple(replace(s, success=False) for s in saves)
    done = apply(fight, Recorded((replace(breath, saves=failed),))).after
    assert (done.hero("Nix").current_hp, done.hero("Ren").current_hp) == (30, 20)


def test_rage_adds_nothing_to_a_finesse_blow_made_with_dexterity() -> None:
    """F2, the SRD's Rage: "a melee weapon attack using Strength"; the same rule as Reckless
    Attack's (`strength_melee`): a rapier uses Dexterity when it is the better score."""
    from lnf.model.plan import Mode
    from lnf.rules.class_features import rage_bonus

    fight = parse_fight(
        RAGER.replace("weapons: [greataxe, handaxe]", "weapons: [rapier]"), "r.yaml"
    )
    gus = fight.hero("Gus")
    raging = replace(gus, effects=(*gus.effects, "Rage"))
    rapier = next(a for a in gus.attacks if a.name == "Rapier")
    assert rage_bonus(raging, rapier, Mode.MELEE) == 2  # Str 18 > Dex 14: Strength's
    nimble = replace(
        raging, scores=tuple((a, 20 if a is Ability.DEX else n) for a, n in raging.scores)
    )
    assert rage_bonus(nimble, rapier, Mode.MELEE) == 0
