"""F2, the monk's Stunning Strike (SRD 5.1, 5th level): `stun` said with the blows, 1 Ki and
the foe's Constitution save against 8 + proficiency + Wisdom on a mêlée weapon hit, stunned
until the end of the monk's next turn; a miss spends nothing, the Ki a Flurry needs is kept,
undo gives it all back, and the hero policy says it when the foe should stand after the blows."""

from __future__ import annotations

from pathlib import Path

import pytest

from lnf.engine.decisions import AttackChoice
from lnf.errors import Refused
from lnf.formats.fight_file import parse_fight
from lnf.heroes.policy import policy_choice
from lnf.heroes.words import parse_choice
from lnf.rules.stunning import ki_dc
from tests.cli import run, to_turn_of

FIGHT = """
title: Stunning Strike
heroes:
  - {name: Sen, class: monk, level: 5, scores: {str: 10, dex: 18, con: 14, wis: 14},
     weapons: [shortsword, dart]}
  - {name: Grak, class: barbarian, level: 5, scores: {str: 18, dex: 14, con: 14},
     weapons: [greataxe]}
monsters:
  - {name: Hound, count: 2, hp: 45, ac: 15, saves: {con: 2},
     attacks: [{name: Bite, to_hit: 5, damage: 1d8+3 piercing}]}
groups:
  A: [Sen, Hound 1]
  B: [Grak, Hound 2]
"""


def _sen_s_turn(tmp_path: Path, text: str = FIGHT) -> str:
    return to_turn_of("Sen", tmp_path / "stun.yaml", text, seed=3)


def test_the_ki_dc_is_8_proficiency_and_wisdom(tmp_path: Path) -> None:
    sen = parse_fight(FIGHT, "stun.yaml").hero("Sen")
    assert ki_dc(sen) == 8 + 3 + 2


def test_a_hit_spends_a_ki_and_a_failed_save_stuns_to_the_end_of_sen_s_next_turn(
    tmp_path: Path,
) -> None:
    path = _sen_s_turn(tmp_path)
    # the first swing misses (nothing spent), the second hits and the hound fails (d20 4)
    code, out = run("act", path, "attack Hound 1 with Shortsword; stun", "--dice", "2,15,3,4")
    assert code == 0, out
    lines = out.splitlines()
    assert "Sen uses Ki (4 of 5 left)." in lines  # one try: the miss spent nothing
    assert (
        "Sen uses Stunning Strike on Hound 1. Hound 1's CON save 1d20 (4) + 2 = 6 vs DC 13: fails."
    ) in lines
    assert "Hound 1 is stunned (by Sen): until the end of Sen's next turn (F4)." in lines
    shown = run("show", path)[1]
    assert "Hound 1: stunned (by Sen, since round 1): until the end of Sen's next turn." in shown
    run("round", path)  # round 1 ends with Sen's turn
    out = run("round", path)[1]  # round 2: the plan leaves the stunned hound out (P1, F3)
    assert "The monsters' plan (P3): Hound 2 attacks Grak in mêlée." in out
    run("act", path, "dodge")  # Grak
    out = run("round", path)[1]
    assert "Hound 1 cannot act: stunned." in out
    run("act", path, "dodge")  # Sen's next turn: the stun ends as it ends
    assert (
        "Hound 1 is no longer stunned: it lasted until the end of Sen's turn (F4)."
        in (run("next", path)[1])
    )


def test_undo_gives_the_ki_and_the_stun_back(tmp_path: Path) -> None:
    path = _sen_s_turn(tmp_path)
    assert (
        run("act", path, "attack Hound 1 with Shortsword; stun", "--dice", "15,3,4,15,9,3")[0] == 0
    )
    assert "Ki 4/5" in run("show", path)[1]
    run("undo", path, "--turn")
    shown = run("show", path)[1]
    assert "Ki 5/5" in shown and "stunned" not in shown


def test_the_flurry_s_ki_is_kept(tmp_path: Path) -> None:
    one_ki = FIGHT.replace(
        "weapons: [shortsword, dart]}", "weapons: [shortsword, dart], used: {Ki: 4}}"
    )
    path = _sen_s_turn(tmp_path, one_ki)
    dice = "15,3,15,3,15,3,15,3"
    code, out = run("act", path, "attack Hound 1 with Shortsword; stun; flurry", "--dice", dice)
    assert code == 0, out
    assert "Stunning Strike" not in out and "Sen uses Ki (0 of 5 left)." in out  # the Flurry's


def test_a_stunned_foe_costs_no_more_ki(tmp_path: Path) -> None:
    path = _sen_s_turn(tmp_path)
    code, out = run("act", path, "attack Hound 1 with Shortsword; stun", "--dice", "15,3,4,15,9,3")
    assert code == 0, out
    assert out.count("uses Stunning Strike") == 1 and "Ki (4 of 5 left)" in out


def test_what_stun_needs_is_refused_with_why(tmp_path: Path) -> None:
    path = _sen_s_turn(tmp_path)
    code, out = run("act", path, "attack Hound 2 with Dart; stun")
    assert code == 2 and "Stunning Strike needs a mêlée weapon attack: Sen's Dart is not one" in out
    code, out = run("act", path, "dodge; stun")
    assert code == 2 and "Stunning Strike rides on a mêlée weapon hit" in out
    code, out = run("act", path, "attack Hound 1; stun; stun")
    assert code == 2 and "said once a turn" in out
    assert "Stunning Strike (say `; stun` after a mêlée weapon attack)" in run("show", path)[1]
    fight = parse_fight(FIGHT, "stun.yaml")
    with pytest.raises(Refused, match=r"Grak has no Stunning Strike \(not a monk"):
        parse_choice(fight, fight.hero("Grak"), "attack Hound 2; stun")


def test_the_policy_stuns_a_foe_that_should_stand_and_not_one_about_to_drop() -> None:
    fight = parse_fight(FIGHT, "stun.yaml")
    action = policy_choice(fight, fight.hero("Sen")).action
    assert isinstance(action, AttackChoice) and action.stun
    weak = parse_fight(FIGHT.replace("hp: 45", "hp: 9"), "stun.yaml")
    action = policy_choice(weak, weak.hero("Sen")).action
    assert isinstance(action, AttackChoice) and not action.stun


def test_magic_resistance_gives_no_advantage_against_a_monk_s_ki(tmp_path: Path) -> None:
    """F2, B8: Magic Resistance is "against spells and other magical effects"; Stunning Strike
    is the monk's ki, no spell: the bearded devil saves with one d20."""
    devil = FIGHT.split("monsters:")[0].replace(
        """  - {name: Grak, class: barbarian, level: 5, scores: {str: 18, dex: 14, con: 14},
     weapons: [greataxe]}
""",
        "",
    )
    devil += "monsters:\n  - {monster: bearded devil}\ngroups:\n  A: [Sen, Bearded Devil]\n"
    path = _sen_s_turn(tmp_path, devil)
    said = "attack Bearded Devil with Shortsword; stun"
    code, out = run("act", path, said, "--dice", "15,3,4,15,9,3")
    assert code == 0, out
    assert "Bearded Devil's CON save 1d20 (4) + 4 = 8 vs DC 13: fails." in out
