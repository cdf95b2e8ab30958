"""F2, the monk's Deflect Missiles (SRD 5.1, 3rd level): "you can use your reaction to deflect
or catch the missile when you are hit by a ranged weapon attack. When you do so, the damage you
take from the attack is reduced by 1d10 + your Dexterity modifier + your monk level." The sheet
gives it as a guard (F1); at the table lnf asks before the hit lands, saying the damage; the
hero policy takes it; never against a mêlée hit or a spell's."""

from __future__ import annotations

from pathlib import Path

import pytest

from lnf.dice import DamageType
from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import Steps
from lnf.engine.event_check import event_problems
from lnf.engine.guards import land
from lnf.engine.resolve import roll_attack
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.formats.short_forms import guard_form, parse_guard
from lnf.model.events import Turn
from lnf.model.plan import Mode
from lnf.model.steps import Attacked, Guarded
from lnf.rules.economy import turning_guard
from lnf.values import replace
from tests.cli import run
from tests.srd import needs_data

FIGHT = """
title: Deflect Missiles
heroes:
  - {name: Sen, class: monk, level: 5, scores: {str: 10, dex: 18, con: 14, wis: 14},
     weapons: [shortsword, dart], rank: back, why: out-of-reach}
monsters:
  - name: Archer
    hp: 30
    rank: back
    attacks:
      - {name: Longbow, kind: ranged, to_hit: 6, damage: 3d8+4 piercing, range: 150/600}
      - {name: Fire Bolt, kind: ranged, to_hit: 6, damage: 2d10 fire, range: 120, spell: true}
      - {name: Handaxe, kind: thrown, to_hit: 6, damage: 1d6+2 slashing, range: 20/60}
"""


def _hit(fight_text: str, attack: str, mode: Mode, faces: list[int]) -> tuple[Attacked, Steps]:
    fight = parse_fight(fight_text, "deflect.yaml")
    archer = fight.monster("Archer")
    weapon = next(a for a in archer.attacks if a.name == attack)
    hit = roll_attack(fight, archer, fight.hero("Sen"), weapon, mode, ScriptedDice(faces))
    return hit, Steps.turn(fight, "Archer")


def test_the_sheet_gives_it_from_the_3rd_level_with_dexterity_and_level() -> None:
    sen = parse_fight(FIGHT, "d.yaml").hero("Sen")
    assert [(g.name, g.deflects) for g in sen.guards] == [("Deflect Missiles", 4 + 5)]
    assert not parse_fight(FIGHT.replace("level: 5", "level: 2"), "d.yaml").hero("Sen").guards
    said = "# Deflect Missiles (F2): when a ranged weapon hits, the reaction that takes 1d10 + 6"
    assert said in run("init", "--hero", "monk", "--level", "3")[1]  # Dexterity 16, level 3
    rogue = FIGHT.replace("class: monk, level: 5", "class: rogue, level: 3")
    assert not parse_fight(rogue, "d.yaml").hero("Sen").guards
    again = parse_fight(dump_fight(parse_fight(FIGHT, "d.yaml")), "again.yaml")
    assert again.hero("Sen").guards == sen.guards
    assert guard_form(parse_guard("Deflect Missiles 9")) == "deflect missiles 9"
    with pytest.raises(ValueError, match="deflect missiles 8"):
        parse_guard("deflect missiles")


def test_a_ranged_weapon_hit_only() -> None:
    """Not a mêlée hit, nor a spell's ranged attack, nor a thrown weapon used in mêlée."""
    hit, turn = _hit(FIGHT, "Longbow", Mode.RANGED, [15, 3, 3, 3])
    guard = turning_guard(turn.fight, hit)
    assert guard is not None and guard.deflects == 9
    bolt, _ = _hit(FIGHT, "Fire Bolt", Mode.RANGED, [15, 5, 5])
    assert bolt.hit and turning_guard(turn.fight, bolt) is None
    axe, _ = _hit(FIGHT, "Handaxe", Mode.RANGED, [15, 3])
    assert turning_guard(turn.fight, axe) is not None
    assert turning_guard(turn.fight, replace(axe, mode=Mode.MELEE)) is None
    spent = replace(turn.fight, turns=replace(turn.fight.turns, reacted=frozenset({"Sen"})))
    assert turning_guard(spent, hit) is None  # F1: one reaction a round


def test_the_d10_and_the_bonus_come_off_the_damage_never_below_0() -> None:
    """3d8+4 = 24, less 1d10 (6) + 9 = 15: 9; the policy takes it (no table to ask)."""
    hit, turn = _hit(FIGHT, "Longbow", Mode.RANGED, [15, 8, 8, 4, 6])
    assert sum(n for _, n in hit.damage) == 24
    done = land(turn, hit, None, ScriptedDice([6]))
    guarded, landed = turn.steps
    assert isinstance(guarded, Guarded) and guarded.deflected == 15
    assert isinstance(landed, Attacked) and landed.damage == ((DamageType.PIERCING, 9),)
    assert landed.damage_text.endswith(", less 15 (Deflect Missiles): 9")
    assert done.after.hero("Sen").current_hp == 38 - 9
    small, turn = _hit(FIGHT, "Handaxe", Mode.RANGED, [15, 3])
    land(turn, small, None, ScriptedDice([1]))
    assert turn.steps[-1].damage == ((DamageType.SLASHING, 0),)  # type: ignore[union-attr]
    assert "caught: 1 Ki may throw it back" in turn.steps[-1].damage_text  # type: ignore[union-attr]


def test_the_engine_refuses_a_d10_out_of_range() -> None:
    fight = parse_fight(FIGHT, "d.yaml")
    good = Guarded("Sen", "Deflect Missiles", "Archer", 0, face=10, deflects=9)
    assert event_problems(fight, Turn("Archer", (good,))) == []
    assert event_problems(fight, Turn("Archer", (replace(good, face=11),)))


@needs_data
def test_the_table_is_asked_with_the_damage_and_the_answer_lessens_it(tmp_path: Path) -> None:
    """An SRD scout's longbow (1d8+2) never passes 1d10 + 9: Sen catches the arrow."""
    path = tmp_path / "deflect.yaml"
    text = FIGHT.split("monsters:")[0] + "monsters:\n  - {monster: scout}\n"
    path.write_text(text, encoding="utf-8")
    run("next", str(path), "--seed", "3")
    run("act", str(path), "nothing")
    out = run("next", str(path))[1]
    assert (
        "Scout hits Sen for 8 damage; Deflect Missiles would take 1d10 + 9 off it (F2): "
        "does Sen take that reaction (F1)?"
    ) in out
    assert run("react", str(path), "Sen")[0] == 0
    out = run("next", str(path))[1]
    assert "Sen takes a reaction, Deflect Missiles (1d10 (" in out
    assert "off the damage, F2), against Scout's hit (F1)." in out
    assert "= 8, less 1" in out and "(Deflect Missiles): 0 (caught" in out
    assert "Sen 38/38 hp." in out


@needs_data
def test_solo_play_asks_it_by_what_it_does(tmp_path: Path) -> None:
    """F1, F2: the solo prompt says what each reaction does (before, every guard was asked as
    "+0 AC turns it")."""
    from click.testing import CliRunner

    from lnf.cli import main
    from lnf.cli.solo_commands import guard_asked
    from lnf.formats.short_forms import HELLISH_REBUKE, UNCANNY_DODGE

    path = tmp_path / "deflect.yaml"
    path.write_text(FIGHT.split("monsters:")[0] + "monsters:\n  - {monster: scout}\n", "utf-8")
    out = CliRunner().invoke(main, ["play", str(path), "--seed", "3"], input="y\nquit\n").output
    assert "Scout hits Sen: Deflect Missiles takes 1d10 + 9 off its damage (F2)? [Y/n]" in out
    assert "less 15 (Deflect Missiles): 0 (caught" in out
    assert (
        guard_asked("Nix", "Orc", UNCANNY_DODGE)
        == "Orc hits Nix: Uncanny Dodge halves its damage (F2)?"
    )
    assert (
        guard_asked("Mor", "Orc", HELLISH_REBUKE)
        == "Orc hurts Mor: cast Hellish Rebuke at Orc (F1)?"
    )
