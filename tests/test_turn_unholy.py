"""F2, the Oath of Devotion's Channel Divinity: Turn the Unholy (SRD 5.1, paladin level 3):
"Each fiend or undead that can see or hear you within 30 feet of you must make a Wisdom saving
throw. If the creature fails its saving throw, it is turned for 1 minute or until it takes
damage." Played as the cleric's Turn Undead is (`rules.turning`), with the paladin's spell save
DC (Charisma) and fiends too; it destroys nothing (Destroy Undead is the cleric's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lnf.errors import Refused
from lnf.heroes.turn_policy import turn_options
from lnf.heroes.words import parse_choice
from lnf.rules.legal import options
from lnf.rules.turning import TURN_THE_UNHOLY, turn_attack, turning
from lnf.session import load_fight
from tests.cli import run
from tests.srd import needs_data

SHRINE = """
title: The shrine of the fallen
heroes:
  - {name: Kara, class: paladin, level: 5, scores: {str: 18, dex: 10, con: 14, cha: 16},
     weapons: [longsword], armor: [chain mail, shield]KARA}
  - {name: Edda, class: cleric, level: 5, scores: {wis: 16}, weapons: [mace]}
monsters:
  - {monster: imp}
  - {monster: zombie, count: 2}
  - {monster: orc}
groups:
  A: [Kara, Edda, Imp, Zombie 1, Zombie 2, Orc]
"""


def _shrine(tmp_path: Path, kara: str = "") -> Path:
    path = tmp_path / "shrine.yaml"
    path.write_text(SHRINE.replace("KARA", kara), encoding="utf-8")
    return path


@needs_data
def test_a_devotion_paladin_turns_fiends_and_undead_with_its_charisma_dc(tmp_path: Path) -> None:
    f = load_fight(_shrine(tmp_path))
    kara = f.hero("Kara")
    assert turning(kara) == TURN_THE_UNHOLY and turn_attack(kara).save is not None
    assert turn_attack(kara).save[1] == 8 + 3 + 3  # type: ignore[index]
    said = "turn the unholy (Imp, Zombie 1 and Zombie 2: Wisdom save)"  # not the orc
    assert said in options(f, kara)
    choice = parse_choice(f, kara, "turn the unholy")
    assert choice.spend == (("Channel Divinity", 1),)
    assert turn_options(f, kara)  # the hero policy weighs it too


@needs_data
def test_at_the_table_it_turns_and_destroys_nothing(tmp_path: Path) -> None:
    """A paladin of the 8th level: no zombie is destroyed (a cleric's would be, CR 1/4)."""
    path = _shrine(tmp_path)
    text = path.read_text(encoding="utf-8").replace("level: 5", "level: 8", 1)
    path.write_text("started: monsters\n" + text, encoding="utf-8")  # S3: the heroes first
    assert "It is Kara's turn" in run("next", str(path), "--seed", "2")[1]
    out = run("act", str(path), "turn the unholy")[1]
    assert "Kara uses Channel Divinity (0 of 1 left)." in out
    assert "Kara uses Turn the Unholy (each fiend or undead within 30 ft that sees or hears" in out
    assert "is turned (by Kara)" in out and "Destroy Undead" not in out


@needs_data
@pytest.mark.parametrize(
    ("who", "kara", "words", "said"),
    [
        ("Kara", ", subclass: vengeance", "turn the unholy", "has no Turn the Unholy"),
        ("Kara", "", "turn undead", "Kara has Turn the Unholy: say turn the unholy"),
        ("Edda", "", "turn the unholy", "Edda has Turn Undead: say turn undead"),
    ],
)
def test_each_turns_by_its_own(tmp_path: Path, who: str, kara: str, words: str, said: str) -> None:
    f = load_fight(_shrine(tmp_path, kara))
    with pytest.raises(Refused, match=said):
        parse_choice(f, f.hero(who), words)


@needs_data
@pytest.mark.parametrize(
    "words", ["use turn the unholy", "use Channel Divinity: Turn the Unholy", "Turn the  Unholy"]
)
def test_said_as_players_say_it(tmp_path: Path, words: str) -> None:
    """F2 in a player's words; before, "use turn the unholy" was the Use an Object action."""
    f = load_fight(_shrine(tmp_path))
    choice = parse_choice(f, f.hero("Kara"), words)
    assert choice.spend == (("Channel Divinity", 1),)
