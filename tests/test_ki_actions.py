"""F2, the monk's Ki beside Flurry of Blows (SRD 5.1, 2nd level): Patient Defense (a Dodge as a
bonus action for 1 Ki) and Step of the Wind (a Disengage or a Dash as a bonus action for 1 Ki),
said at the table, offered in the turn's options, played and told with the feature's name; and
the words they come with ("throw a dart at Orc 2", moves said between a bonus action and the
action, M5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lnf.engine.decisions import AttackChoice, SimpleChoice
from lnf.errors import Refused
from lnf.formats.fight_file import parse_fight
from lnf.heroes.words import parse_choice
from lnf.model import Action, Cost, Fight
from lnf.rules.class_features import plays_feature
from tests.cli import run, to_turn_of

FIGHT = """
title: Ki
heroes:
  - {name: Sen, class: monk, level: 5, scores: {str: 10, dex: 18, con: 14, wis: 14},
     weapons: [shortsword, dart]}
  - {name: Nix, class: rogue, level: 5, scores: {dex: 18, con: 14}, weapons: [shortbow]}
  - {name: Bram, class: fighter, level: 5, scores: {str: 16, con: 14}, weapons: [longsword]}
monsters:
  - {name: Orc, count: 2, hp: 30, ac: 13,
     attacks: [{name: Greataxe, to_hit: 5, damage: 1d12+3 slashing}]}
groups:
  A: [Sen, Nix, Orc 1, Orc 2]
"""


def _fight(text: str = FIGHT) -> Fight:
    return parse_fight(text, "ki.yaml")


def _said(text: str, who: str = "Sen", fight: Fight | None = None):  # type: ignore[no-untyped-def]
    f = fight or _fight()
    return parse_choice(f, f.hero(who), text)


def test_f2_patient_defense_is_a_bonus_action_dodge_for_a_ki() -> None:
    choice = _said("attack Orc 1 with shortsword; patient defense")
    assert choice.bonus_action == SimpleChoice(Action.DODGE, "Patient Defense", Cost.BONUS)
    assert choice.bonus_spend == (("Ki", 1),) and not choice.bonus_first
    assert _said("use patient defence") == _said("patient defense")


def test_f2_step_of_the_wind_is_a_bonus_action_disengage_or_dash_for_a_ki() -> None:
    choice = _said("step of the wind to disengage; leave; throw a dart at Orc 2")
    assert choice.bonus_action == SimpleChoice(Action.DISENGAGE, "Step of the Wind", Cost.BONUS)
    assert choice.bonus_first and choice.bonus_spend == (("Ki", 1),)
    assert [m.leave for m in choice.moves] == [True] and not choice.moves_after  # M5
    assert isinstance(choice.action, AttackChoice) and choice.action.attack.name == "Dart"
    dash = _said("step of the wind: dash").bonus_action
    assert dash == SimpleChoice(Action.DASH, "Step of the Wind", Cost.BONUS)
    with pytest.raises(Refused, match="say step of the wind to disengage") as said:
        _said("step of the wind")
    assert said.value.rule == "F2"


def test_f2_only_a_monk_with_ki_left_takes_them() -> None:
    with pytest.raises(Refused, match="Bram is no monk of the 2nd level or higher") as said:
        _said("patient defense", "Bram")
    assert said.value.rule == "F2"
    spent = _fight(
        FIGHT.replace("level: 5, scores: {str: 10", "level: 5, used: {Ki: 5}, scores: {str: 10")
    )
    with pytest.raises(Refused, match=r"Sen has 0 of 5 Ki left.*: no Step of the Wind"):
        _said("step of the wind to dash", fight=spent)
    novice = _fight(FIGHT.replace("class: monk, level: 5", "class: monk, level: 1"))
    with pytest.raises(Refused, match="no Patient Defense"):
        _said("patient defense", fight=novice)
    assert plays_feature("monk", "Patient Defense") and plays_feature("monk", "Step of the Wind")


def test_m5_a_rogue_s_disengage_then_leave_then_shoot_leaves_before_it_shoots() -> None:
    """F1 Cunning Action: the Disengage said first is the bonus action, and the move said
    after it comes before the shot said after the move (before, the shot came first)."""
    choice = _said("disengage; leave; shoot Orc 1", "Nix")
    assert choice.bonus_first and [m.leave for m in choice.moves] == [True]
    assert not choice.moves_after
    assert _said("shoot my shortbow at the orc 2", "Nix") == _said(
        "shoot Orc 2 with shortbow", "Nix"
    )


def test_f2_at_the_table_told_with_the_feature_and_offered_with_the_options(
    tmp_path: Path,
) -> None:
    path = to_turn_of("Sen", tmp_path / "ki.yaml", FIGHT, seed=3)
    shown = run("show", path)[1]
    assert "Ki 5/5" in shown
    code, out = run("act", path, "step of the wind to disengage; leave; throw a dart at Orc 2")
    assert code == 0, out
    lines = out.splitlines()
    ki = lines.index("Sen uses Ki (4 of 5 left).")
    assert lines[ki + 1] == "Sen disengages (Step of the Wind, F2; no opportunity attacks, M6)."
    assert lines[ki + 2] == "Sen leaves group A."
    assert lines[ki + 3].startswith("Sen attacks Orc 2 with Dart at range")
    assert "opportunity attack" not in out.replace("no opportunity attacks", "")
    code, _ = run("undo", path)
    assert code == 0 and "Ki 5/5" in run("show", path)[1]
    code, out = run("act", path, "attack Orc 1 with shortsword")
    assert "patient defense (a bonus-action Dodge, 1 Ki)" in out  # the turn's "can still"
    code, out = run("act", path, "patient defense")
    assert code == 0, out
    said = (
        "Sen dodges (Patient Defense, F2): attacks on Sen have disadvantage until Sen's next turn."
    )
    assert said in out.splitlines()
