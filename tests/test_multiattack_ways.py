"""B1: Multiattack ways the text allows on a condition, or with a count it rolls: the wyvern's
claws "while flying", the violet fungus's 1d4 touches; read from the SRD entries' own words,
played from the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lnf.dice.roll import ScriptedDice
from lnf.engine.turns import rolled_count
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import parse_fight
from lnf.model import Condition
from lnf.model.plan import Mode
from lnf.rules.attacks import routine
from lnf.values import replace
from tests.cli import run
from tests.test_bestiary import SOURCE

WYVERN = """
heroes:
  - {name: Ann, class: fighter, hp: 60, ac: 14}
monsters:
  - {monster: wyvern}
groups:
  A: [Ann, Wyvern]
"""


def test_b1_the_wyvern_uses_its_claws_only_while_it_can_fly() -> None:
    fight = parse_fight(WYVERN, "wyvern.yaml")
    wyvern, ann = fight.monster("Wyvern"), fight.hero("Ann")
    assert [a.name for a in routine(wyvern, ann, Mode.MELEE)] == ["Stinger", "Claws"]
    grounded = replace(wyvern, conditions=frozenset({Condition.PRONE}))
    assert [a.name for a in routine(grounded, ann, Mode.MELEE)] == ["Bite", "Stinger"]


def test_b1_the_wyverns_way_is_told_from_the_cli(tmp_path: Path) -> None:
    fight = tmp_path / "wyvern.yaml"
    fight.write_text(WYVERN, encoding="utf-8")
    code, out = run("plan", str(fight))
    assert code == 0, out
    assert "attacks Ann in mêlée with Stinger and Claws (a way while flying, B1)." in out


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_the_wyverns_multiattack_is_its_own_text() -> None:
    wyvern = next(
        m for m in json.loads(SOURCE.read_text(encoding="utf-8")) if m["name"] == "Wyvern"
    )
    multi = next(a["desc"] for a in wyvern["actions"] if a["name"] == "Multiattack")
    assert "one with its bite and one with its stinger" in multi
    assert "While flying, it can use its claws in place of one other attack" in multi
    block = next(b for b in srd() if b["name"] == "Wyvern")
    assert block["multiattack_options"] == [
        {"attacks": {"Bite": 1, "Stinger": 1}, "at_range": False},
        {"attacks": {"Bite": 1, "Claws": 1}, "at_range": False, "flying": True},
        {"attacks": {"Stinger": 1, "Claws": 1}, "at_range": False, "flying": True},
    ]
    assert not [n for n in block["not_modelled"] if n.startswith("Multiattack")]


FUNGUS = """
heroes:
  - {name: Ann, class: fighter, hp: 60, ac: 10}
monsters:
  - {monster: violet fungus}
groups:
  A: [Ann, Violet Fungus]
"""


def test_b1_the_fungus_rolls_its_count_and_plans_the_average() -> None:
    fight = parse_fight(FUNGUS, "fungus.yaml")
    fungus = fight.monster("Violet Fungus")
    assert fungus.multiattack_rolled == (("Rotting Touch", "1d4"),)
    planned = routine(fungus, fight.hero("Ann"), Mode.MELEE)
    assert [a.name for a in planned] == ["Rotting Touch"] * 2  # 1d4's 2.5, rounded down
    attacks, said = rolled_count(fungus, planned, ScriptedDice([3]))
    assert len(attacks) == 3 and said == "1d4 (3) = 3"
    attacks, said = rolled_count(fungus, planned, ScriptedDice([1]))
    assert len(attacks) == 1


def test_b1_the_fungus_count_is_told_from_the_cli(tmp_path: Path) -> None:
    fight = tmp_path / "fungus.yaml"
    fight.write_text(FUNGUS, encoding="utf-8")
    code, out = run("run", str(fight), "--rounds", "1", "--seed", "1")
    assert code == 0, out
    assert (
        "Violet Fungus rolls 1d4 (4) = 4 Rotting Touch attacks (B1); Violet Fungus attacks" in out
    )
    assert out.count("with Rotting Touch in mêlée") == 4


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_the_fungus_multiattack_is_its_own_text() -> None:
    fungus = next(
        m for m in json.loads(SOURCE.read_text(encoding="utf-8")) if m["name"] == "Violet Fungus"
    )
    multi = next(a["desc"] for a in fungus["actions"] if a["name"] == "Multiattack")
    assert multi == "The fungus makes 1d4 Rotting Touch attacks."
    block = next(b for b in srd() if b["name"] == "Violet Fungus")
    assert block["multiattack_rolled"] == {"Rotting Touch": "1d4"}
    assert not [n for n in block["not_modelled"] if n.startswith("Multiattack")]
