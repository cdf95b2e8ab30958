"""What a DM ran into running a fight turn by turn (`lnf next`, `act`, `undo`, `damage`,
`mark`, `plan`), each with the test that would have caught it (the choices are in
docs/table-choices.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lnf.model import Condition
from lnf.rules.legal import options
from lnf.rules.names import leading_name, match_name
from lnf.views.turn import hero_turn_lines
from tests.builders import SWORD, fight, hero, monster
from tests.cli import run, stdout_of

DEN = """\
title: The owlbear's den
round: 2
phase: melee
started: monsters
heroes:
  - {name: Bram, class: fighter, level: 5, weapons: [longsword, longbow], light: true,
     scores: {str: 18, dex: 14, con: 14, int: 10, wis: 12, cha: 8}, armor: [chain mail, shield]}
  - {name: Ilsa, class: cleric, level: 5, weapons: [mace], armor: [chain mail, shield],
     scores: {str: 14, dex: 10, con: 14, int: 8, wis: 18, cha: 12},
     spells: [sacred flame, guiding bolt, cure wounds], dots: [C]}
  - {name: Quill, class: wizard, level: 5, weapons: [dagger], rank: back, why: guarded,
     scores: {str: 8, dex: 14, con: 14, int: 18, wis: 12, cha: 10}, spells: [fire bolt]}
  - {name: Nix, class: rogue, ancestry: halfling, level: 5, weapons: [rapier, shortbow],
     scores: {str: 10, dex: 18, con: 14, int: 12, wis: 12, cha: 8}, armor: [leather armor]}
monsters:
  - monster: owlbear
  - {monster: gnoll, count: 2}
  - {monster: goblin, name: Goblin archer, count: 2, rank: back}
groups:
  A: [Bram, Owlbear]
  B: [Ilsa, Nix, Gnoll 1, Gnoll 2]
"""


@pytest.fixture
def den(tmp_path: Path) -> Path:
    fight = tmp_path / "den.yaml"
    fight.write_text(DEN)
    return fight


# --- T1: a rule's id is said once ---------------------------------------------------------


def test_a_dot_on_a_monster_names_the_rule_once(den: Path) -> None:
    code, out = run("mark", str(den), "Owlbear", "C")
    assert code == 2 and "Owlbear is a monster: dots are for heroes (T1)" in out
    assert out.count("T1") == 1


# --- R5: the turn's options hold only the rank switches R4–R8 allow -------------------------


def test_back_guarded_is_offered_only_where_r5_would_take_it(den: Path) -> None:
    code, out = run("next", str(den), "--seed", "7")
    assert code == 0 and "It is Ilsa's turn" in out
    assert "back guarded" not in out  # Quill is guarded; three front-rank heroes guard no more
    code, out = run("act", str(den), "back", "guarded")
    assert code == 2 and "(R5)" in out  # what is not offered is what is refused
    lone = fight([hero("Cade", attacks=(SWORD,))], [monster("Orc")])
    assert "back guarded" not in options(lone, lone.hero("Cade"))  # no one to guard it
    five = fight([hero(n, attacks=(SWORD,)) for n in "ABCDE"], [monster("Orc")])
    assert "back guarded" in options(five, five.hero("A"))


# --- S1: who is still to act, the dead out; the text and --json agree -------------------------


def test_plan_says_who_is_still_to_act_without_the_dead_or_those_done(den: Path) -> None:
    run("next", str(den), "--seed", "7")
    assert run("damage", str(den), "Gnoll 1", "30")[0] == 0  # dead (D8): no turn comes to it
    run("act", str(den), "dodge")
    run("next", str(den))  # Ilsa is done; Nix's turn begins
    code, out = run("plan", str(den))
    left = ["Nix", "Gnoll 2", "Bram", "Owlbear", "Quill", "Goblin archer 2", "Goblin archer 1"]
    assert code == 0 and f"Still to act, in strike order (S1): {', '.join(left)}" in out
    assert json.loads(stdout_of("plan", str(den), "--json"))["strike_order"] == [left]


# --- names of several words, typed without quotes (rules/names) ---------------------------


def test_a_name_of_several_words_needs_no_quotes(den: Path) -> None:
    code, out = run("damage", str(den), "Gnoll", "2", "5")
    assert code == 0 and "Gnoll 2 takes 5 damage" in out
    code, out = run("heal", str(den), "Gnoll", "2", "3")
    assert code == 0 and "Gnoll 2 regains 3 hit points" in out
    code, out = run("mark", str(den), "goblin", "archer", "1", "prone")
    assert code == 0 and "Goblin archer 1 gains prone" in out
    code, out = run("mark", str(den), "Ilsa", "O")  # one word: the rest is the mark, as ever
    assert code == 0 and "Ilsa" in out
    code, out = run("drop", str(den), "Goblin", "archer", "2")
    assert code == 0 and "Goblin archer 2 drops" in out
    code, out = run("damage", str(den), "Gnoll", "5")  # never guessed at: two gnolls
    assert code == 2 and "which one: Gnoll 1 or Gnoll 2?" in out


def test_damage_takes_its_type_after_the_amount_as_a_dm_says_it(den: Path) -> None:
    """D6: `lnf damage FIGHT Gnoll 2 2d6 fire` is 2d6 fire damage to Gnoll 2 (the last word a
    damage type, the one before it the amount), as `--type fire` is."""
    code, out = run("damage", str(den), "Gnoll", "2", "2d6", "fire")
    assert code == 0 and re.search(r"Gnoll 2 takes \d+ fire damage \(2d6 \(", out), out
    code, out = run("damage", str(den), "Gnoll", "1", "4", "Cold")
    assert code == 0 and "Gnoll 1 takes 4 cold damage" in out


def test_damage_typed_in_its_dice_meets_the_defences_and_says_so(tmp_path: Path) -> None:
    """D6: "2d6 poison" on a skeleton (immune to poison) takes nothing off and says why, as an
    attack's damage does; dice of two types are refused before anything is rolled."""
    crypt = tmp_path / "crypt.yaml"
    crypt.write_text(
        "heroes: [{name: Ann, class: fighter, hp: 20, ac: 16}]\nmonsters: [{monster: skeleton}]\n",
        encoding="utf-8",
    )
    code, out = run("damage", str(crypt), "Skeleton", "2d6 poison")
    assert code == 0 and re.search(r", immune to poison \(D6\): 0; Skeleton 13/13 hp", out), out
    code, out = run("damage", str(crypt), "Skeleton", "1d6 fire + 1d6 cold")
    assert code == 2 and "record each type apart" in out and "(D6)" in out


def test_a_name_typed_without_its_space_is_the_one_it_spells(den: Path) -> None:
    code, out = run("damage", str(den), "Gnoll2", "5")
    assert code == 0 and "Gnoll 2 takes 5 damage" in out
    names = ["Gnoll 1", "Gnoll 2", "Goblin archer 1", "Goblin archer 11"]
    assert match_name("goblin-archer 1", names) == "Goblin archer 1"
    assert match_name("GoblinArcher11", names) == "Goblin archer 11"
    assert leading_name(("Goblin", "archer", "1", "prone"), names) == 3
    assert leading_name(("Gnoll", "2"), names) == 1  # the last word is never the name's


# --- S1: a refused act records nothing, and the way back names the turn it talks about ------


def test_a_refused_act_says_nothing_was_recorded_and_undo_says_what_it_takes(den: Path) -> None:
    run("next", str(den), "--seed", "7")
    code, out = run("act", str(den), "back", "guarded")
    assert code == 2 and "Nothing was recorded: it is still Ilsa's turn (no undo needed)" in out
    code, out = run("undo", str(den))  # the last entry is the turn's start: said as that
    said = "Took back: the start of Ilsa's turn; nothing of the turn had been recorded yet."
    assert code == 0 and said in out
    assert f"lnf next {den} begins Ilsa's turn again." in out
    assert "It is Ilsa's turn" in run("next", str(den))[1]
    assert run("act", str(den), "dodge")[0] == 0
    code, out = run("undo", str(den), "--turn")  # the dodge first: the start is not the last
    assert "Took back: the start of Ilsa's turn." in out and "recorded yet" not in out


def test_next_after_a_refused_act_names_the_undo_back_to_that_turn(den: Path) -> None:
    run("next", str(den), "--seed", "7")  # Ilsa
    run("act", str(den), "dodge")
    run("next", str(den))  # Nix
    assert run("act", str(den), "back", "guarded")[0] == 2
    code, out = run("round", str(den))  # Nix ends; both gnolls act; Bram's turn begins
    assert code == 0 and "Nix ends the turn without an action" in out
    assert "It is Bram's turn" in out
    said = re.search(rf"lnf undo {re.escape(str(den))} (\d+) goes back to Nix's turn", out)
    assert said is not None and int(said[1]) == 4  # Nix's end, two gnolls' turns, Bram's start
    code, out = run("undo", str(den), said[1])
    assert code == 0 and out.splitlines()[-1] == "Took back: Nix ends the turn."
    assert "recorded yet" not in out  # said only where the start alone is taken back
    code, out = run("act", str(den), "dodge")
    assert code == 0 and "Nix dodges" in out  # the turn the hint spoke of, under way again


def test_a_prone_heros_turn_says_how_to_stand_up() -> None:
    """F3: at the table the DM records standing up (choices.md); a hero whose turn begins
    prone is told so, and how, before its options; one standing is not."""
    down = hero("Cade", attacks=(SWORD,), conditions=frozenset({Condition.PRONE}))
    f = fight([down], [monster("Orc")], {"A": ["Cade", "Orc"]})
    lines = hero_turn_lines(f, f.hero("Cade"), Path("den.yaml"))
    assert lines[1] == (
        "  Cade is prone: lnf mark den.yaml Cade prone --off stands it up (half its movement); "
        "from the ground its attacks have disadvantage (F3)."
    )
    up = fight([hero("Cade", attacks=(SWORD,))], [monster("Orc")], {"A": ["Cade", "Orc"]})
    assert not any("prone" in line for line in hero_turn_lines(up, up.hero("Cade"), Path("x")))
