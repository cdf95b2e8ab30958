"""F6, the rug of smothering's Smother: a hit without damage that grapples one at a time,
restrains and blinds, hurts as each of the held one's turns starts, and leaves it without air:
past its breath (5e suffocating) it drops to 0 hit points; read from the SRD entry's own words,
played from the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled, ride
from lnf.engine.holds import held_hurts
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import parse_fight
from lnf.model import Condition, Fight
from lnf.rules.holds import breath, holds_on
from lnf.values import replace
from tests.cli import run
from tests.test_bestiary import SOURCE

FIGHT = """
heroes:
  - {name: Ann, class: fighter, hp: 90, ac: 12, con: 2}
monsters:
  - {monster: rug of smothering}
groups:
  A: [Ann, Rug of Smothering]
"""


def _fight() -> Fight:
    return parse_fight(FIGHT, "rug.yaml")


def test_f6_smother_reads_as_its_text_says() -> None:
    (smother,) = _fight().monster("Rug of Smothering").attacks
    (hold,) = smother.riders
    assert (smother.damage.maximum, hold.grapple, hold.holds, hold.suffocates) == (0, 13, 1, True)
    assert hold.conditions == (Condition.RESTRAINED, Condition.BLINDED)
    assert str(hold.held_damage) == "2d6+3 bludgeoning"


def test_f6_the_smothered_lasts_its_breath_then_drops() -> None:
    turn = Rolled(_fight()).rolling(ScriptedDice([]))
    (hold,) = turn.fight.monster("Rug of Smothering").attacks[0].riders
    ride(turn, "Rug of Smothering", "Ann", "Smother", hold, ScriptedDice([]))
    assert breath(turn.fight.hero("Ann")) == 32  # 3 minutes held, then 2 rounds
    (smothered,) = holds_on(turn.fight, "Ann")
    turn.fight = replace(turn.fight, round=smothered.round + 31)
    held_hurts(turn, "Ann", ScriptedDice([1, 1]))  # 2d6+3: 5
    assert turn.fight.hero("Ann").current_hp == 85
    turn.fight = replace(turn.fight, round=smothered.round + 32)
    held_hurts(turn, "Ann", ScriptedDice([1, 1]))
    assert turn.fight.hero("Ann").current_hp == 0


def test_f6_smother_is_played_and_told_from_the_cli(tmp_path: Path) -> None:
    fight = tmp_path / "rug.yaml"
    fight.write_text(FIGHT, encoding="utf-8")
    code, out = run("run", str(fight), "--rounds", "1", "--seed", "1")
    assert code == 0, out
    assert "Ann is grappled by Rug of Smothering's Smother (escape DC 13)" in out
    assert "it cannot breathe (F6)." in out and "Ann is blinded: while held (F6)." in out
    assert "Ann takes 11 bludgeoning damage (Rug of Smothering's Smother, held: 2d6" in out


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_the_rugs_smother_is_its_own_text() -> None:
    rug = next(
        m
        for m in json.loads(SOURCE.read_text(encoding="utf-8"))
        if m["name"] == "Rug of Smothering"
    )
    desc = next(a["desc"] for a in rug["actions"] if a["name"] == "Smother")
    assert "grappled (escape DC 13)" in desc and "restrained, blinded, and at risk of" in desc
    assert "can't smother another target" in desc and "takes 10 (2d6 + 3) bludgeoning" in desc
    block = next(b for b in srd() if b["name"] == "Rug of Smothering")
    (smother,) = block["attacks"]
    assert smother["riders"] == [
        {
            "conditions": ["restrained", "blinded"],
            "grapple": 13,
            "holds": 1,
            "suffocates": True,
            "held_damage": "2d6+3 bludgeoning",
        }
    ]
    assert not [n for n in block["not_modelled"] if n.startswith("Smother")]
