"""F2, the barbarian's Reckless Attack (SRD 5.1, 2nd level): said with the turn's first attack,
advantage on its Strength mêlée weapon attacks that turn, and on every attack against it until
the start of its next turn; refused otherwise with why; the hero policy attacks recklessly while
it rages."""

from __future__ import annotations

from pathlib import Path

import pytest

from lnf.engine.decisions import AttackChoice
from lnf.errors import Refused
from lnf.formats.fight_file import parse_fight
from lnf.heroes.policy import policy_choice
from lnf.heroes.words import parse_choice
from lnf.rules.class_features import has_reckless_attack
from tests.cli import run, to_turn_of

FIGHT = """
title: Reckless
heroes:
  - {name: Grak, class: barbarian, level: 5, scores: {str: 18, dex: 14, con: 14},
     weapons: [greataxe, handaxe, rapier]}
  - {name: Nix, class: rogue, level: 4, scores: {dex: 18}, weapons: [rapier]}
monsters:
  - {name: Orc, count: 2, hp: 40, ac: 13,
     attacks: [{name: Greataxe, to_hit: 5, damage: 1d12+3 slashing}]}
groups:
  A: [Grak, Orc 1]
  B: [Nix, Orc 2]
"""


def _grak_s_turn(tmp_path: Path) -> str:
    return to_turn_of("Grak", tmp_path / "reckless.yaml", FIGHT, seed=4)


def test_grak_attacks_recklessly_and_is_open_to_blows_until_his_next_turn(tmp_path: Path) -> None:
    path = _grak_s_turn(tmp_path)
    code, out = run("act", path, "attack Orc 1 with Greataxe; reckless", "--dice", "3,4,5,2")
    assert code == 0, out
    assert (
        "Grak attacks recklessly: attack rolls against Grak have advantage until the start of "
        "Grak's next turn (F2)."
    ) in out
    assert "[Grak attacks recklessly (Reckless Attack, F2)]: 2d20 (3, 4, advantage" in out
    out = ""
    while "It is Grak's turn (round 2" not in out:
        out = run("next", path)[1]
    lines = out.splitlines()
    blow = next(line for line in lines if line.startswith("Orc 1 attacks Grak"))
    assert "[Grak attacks recklessly, open to blows (Reckless Attack, F2)]: 2d20" in blow
    ended = "Grak: Reckless Attack ends: it lasted until the start of Grak's turn (F4)."
    assert lines.index(ended) > lines.index(blow)
    assert "Reckless Attack" not in run("show", path)[1]


def test_what_reckless_needs_is_refused_with_why(tmp_path: Path) -> None:
    fight = parse_fight(FIGHT, "reckless.yaml")
    grak = fight.hero("Grak")
    with pytest.raises(Refused, match="Reckless Attack needs a mêlée weapon attack using Str"):
        parse_choice(fight, grak, "attack Orc 2 with Handaxe; reckless")  # thrown at range
    with pytest.raises(Refused, match=r"Nix has no Reckless Attack \(not a barbarian"):
        parse_choice(fight, fight.hero("Nix"), "attack Orc 2; reckless")
    with pytest.raises(Refused, match="said once a turn"):
        parse_choice(fight, grak, "attack Orc 1; reckless; reckless")
    choice = parse_choice(fight, grak, "attack Orc 1 with Rapier; reckless")  # Str 18 > Dex 14
    assert isinstance(choice.action, AttackChoice) and choice.action.reckless
    assert [has_reckless_attack("barbarian", n) for n in (1, 2)] == [False, True]


def test_the_policy_attacks_recklessly_while_raging() -> None:
    fight = parse_fight(FIGHT, "reckless.yaml")
    choice = policy_choice(fight, fight.hero("Grak"))
    assert choice.bonus is not None and choice.bonus.name == "Rage"  # rages this turn
    assert isinstance(choice.action, AttackChoice) and choice.action.reckless
    spent = parse_fight(
        FIGHT.replace("weapons: [greataxe", "used: {Rage: 3}, weapons: [greataxe"), "r.yaml"
    )
    action = policy_choice(spent, spent.hero("Grak")).action
    assert isinstance(action, AttackChoice) and not action.reckless  # no Rage left: not reckless
