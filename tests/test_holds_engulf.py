"""F6, the shambling mound: both slams hit one target, and it is grappled and engulfed
(blinded, restrained, without air), hurt on a failed Constitution save as each of the mound's
turns starts, carried where the mound goes; one at a time; read from the SRD entry's own
words, played from the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled
from lnf.engine.holds import engulf, held_hurts
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import parse_fight
from lnf.model import Condition, Fight, TraitKind
from lnf.model.steps import Moved
from lnf.rules.holds import engulfing, holds_on
from tests.cli import run
from tests.test_bestiary import SOURCE

FIGHT = """
heroes:
  - {name: Ann, class: fighter, hp: 80, ac: 12, con: 1}
  - {name: Bo, class: wizard, hp: 40, ac: 12}
monsters:
  - {monster: shambling mound}
groups:
  A: [Ann, Bo, Shambling Mound]
"""


def _fight() -> Fight:
    return parse_fight(FIGHT, "mound.yaml")


def test_f6_both_slams_engulf_one_at_a_time() -> None:
    turn = Rolled(_fight()).rolling(ScriptedDice([]))
    trait = turn.fight.monster("Shambling Mound").trait(TraitKind.ENGULF)
    assert trait is not None and (trait.attack, trait.dc, str(trait.dice)) == (
        "Slam",
        14,
        "2d8+4 bludgeoning",
    )
    engulf(turn, "Shambling Mound", "Ann", 1)  # one slam hit: nothing
    assert not holds_on(turn.fight, "Ann")
    engulf(turn, "Shambling Mound", "Ann", 2)
    engulf(turn, "Shambling Mound", "Bo", 2)  # one at a time
    assert not holds_on(turn.fight, "Bo")
    ann = turn.fight.hero("Ann")
    assert ann.conditions == {Condition.GRAPPLED, Condition.BLINDED, Condition.RESTRAINED}
    held = engulfing(turn.fight, "Shambling Mound")
    assert held is not None and held.suffocates and held.escape == 14


def test_f6_the_engulfed_saves_or_is_hurt_and_goes_where_the_mound_goes() -> None:
    turn = Rolled(_fight()).rolling(ScriptedDice([]))
    engulf(turn, "Shambling Mound", "Ann", 2)
    held_hurts(turn, "Shambling Mound", ScriptedDice([13]))  # 13 + 1 = 14: saved
    assert turn.fight.hero("Ann").current_hp == 80
    held_hurts(turn, "Shambling Mound", ScriptedDice([5, 3, 4]))  # failed: 2d8+4 = 11
    assert turn.fight.hero("Ann").current_hp == 69
    turn.do(Moved("Shambling Mound", leave=True))
    group = turn.fight.group_of("Ann")
    assert group is not None and "Shambling Mound" in group.members and "Bo" not in group.members


def test_f6_the_mound_engulfs_from_the_cli(tmp_path: Path) -> None:
    fight = tmp_path / "mound.yaml"
    fight.write_text(FIGHT, encoding="utf-8")
    code, out = run("run", str(fight), "--rounds", "2", "--seed", "2")
    assert code == 0, out
    assert "Ann is engulfed by Shambling Mound (escape DC 14): until it escapes" in out
    assert "Ann's Constitution save against Shambling Mound's Engulf: 1d20 (6) + 1 = 7" in out
    assert "(Shambling Mound's Engulf, engulfed: 2d8 (1, 3) + 4 bludgeoning = 8)" in out
    assert "uses Engulf" not in out  # no action of its own: only what both slams bring


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_the_mounds_engulf_is_its_own_text() -> None:
    mound = next(
        m for m in json.loads(SOURCE.read_text(encoding="utf-8")) if m["name"] == "Shambling Mound"
    )
    said = {a["name"]: a["desc"] for a in mound["actions"]}
    assert "If both attacks hit a Medium or smaller target" in said["Multiattack"]
    assert "grappled (escape DC 14)" in said["Multiattack"]
    assert "DC 14 Constitution saving throw" in said["Engulf"]
    assert "13 (2d8 + 4) bludgeoning" in said["Engulf"]
    block = next(b for b in srd() if b["name"] == "Shambling Mound")
    assert "engulf Slam, DC 14, 2d8+4 bludgeoning" in block["traits"]
    assert "actions" not in block
    assert not [n for n in block["not_modelled"] if "Engulf" in n]
