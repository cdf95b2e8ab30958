"""F6, the roper: its tendrils' hits only hold (restrained and hampered while held, six at a time
as its Grasping Tendrils trait says) and its Multiattack's Reel pulls those it holds into its
group; read from the SRD entry's own words, played from the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled, ride
from lnf.engine.holds import reel
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import parse_fight
from lnf.model import Ability, Condition, Fight, TraitKind
from lnf.rules.conditions import contest_abilities, save_disadvantage
from lnf.rules.holds import escape_check, wants_escape
from tests.cli import run
from tests.test_bestiary import SOURCE

FIGHT = """
heroes:
  - {name: Ann, class: fighter, hp: 60, ac: 15, saves: {str: 5, dex: 1}}
  - {name: Bo, class: rogue, hp: 30, ac: 14, saves: {str: 0, dex: 6}}
monsters:
  - {monster: roper}
groups:
  A: [Ann, Bo]
  B: [Roper]
"""


def _fight() -> Fight:
    return parse_fight(FIGHT, "roper.yaml")


def _tendril(turn: Rolled, target: str) -> None:
    roper = turn.fight.monster("Roper")
    (hold,) = next(a for a in roper.attacks if a.name == "Tendril").riders
    ride(turn, "Roper", target, "Tendril", hold, ScriptedDice([]))


def test_f6_a_tendril_holds_restrains_and_hampers_six_at_a_time() -> None:
    roper = _fight().monster("Roper")
    tendril = next(a for a in roper.attacks if a.name == "Tendril")
    (hold,) = tendril.riders
    assert (tendril.damage.maximum, tendril.reach) == (0, 50)
    assert dict(roper.multiattack) == {"Tendril": 4, "Bite": 1}
    assert (hold.grapple, hold.holds) == (15, 6)
    assert hold.conditions == (Condition.RESTRAINED, Condition.HAMPERED)
    assert roper.trait(TraitKind.REEL) is not None


def test_f6_hampered_strength_saves_checks_and_escapes() -> None:
    turn = Rolled(_fight()).rolling(ScriptedDice([]))
    _tendril(turn, "Ann")
    _tendril(turn, "Bo")
    ann, bo = turn.fight.hero("Ann"), turn.fight.hero("Bo")
    assert save_disadvantage(ann, Ability.STR) and not save_disadvantage(ann, Ability.CON)
    assert escape_check(ann) == (1, False)  # Strength +5 with disadvantage is no better
    assert escape_check(bo) == (6, False)  # Acrobatics, which the tendril leaves alone
    assert contest_abilities(turn.fight.monster("Roper"), ann)[1] == (Ability.DEX,)
    assert not wants_escape(turn.fight, ann) and wants_escape(turn.fight, bo)


def test_f6_reel_pulls_those_it_holds_into_its_group() -> None:
    turn = Rolled(_fight()).rolling(ScriptedDice([]))
    _tendril(turn, "Ann")
    reel(turn, "Roper")
    group = turn.fight.group_of("Roper")
    assert group is not None and "Ann" in group.members and "Bo" not in group.members
    assert Condition.RESTRAINED in turn.fight.hero("Ann").conditions  # still held


def test_f6_the_roper_holds_and_reels_from_the_cli(tmp_path: Path) -> None:
    fight = tmp_path / "roper.yaml"
    text = FIGHT.replace("  - {monster: roper}", "  - {monster: roper}\n  - {monster: goblin}")
    fight.write_text(text.replace("[Ann, Bo]", "[Ann, Goblin]").replace("[Roper]", "[Bo, Roper]"))
    code, out = run("run", str(fight), "--rounds", "1", "--seed", "2")
    assert code == 0, out
    assert "Ann is grappled by Roper's Tendril (escape DC 15)" in out
    assert "Ann is hampered: while held (F6)." in out
    assert "Ann leaves group A and joins group R (Roper)." in out  # the roper left B to reach


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_the_ropers_tendrils_and_reel_are_its_own_text() -> None:
    roper = next(m for m in json.loads(SOURCE.read_text(encoding="utf-8")) if m["name"] == "Roper")
    said = {a["name"]: a["desc"] for a in [*roper["actions"], *roper["special_abilities"]]}
    assert "grappled (escape DC 15)" in said["Tendril"] and "restrained" in said["Tendril"]
    assert "disadvantage on Strength checks and Strength saving throws" in said["Tendril"]
    assert "up to six tendrils at a time" in said["Grasping Tendrils"]
    assert (
        "uses Reel" in said["Multiattack"]
        and "four attacks with its tendrils" in said["Multiattack"]
    )
    assert "pulls each creature grappled by it" in said["Reel"]
    block = next(b for b in srd() if b["name"] == "Roper")
    tendril = next(a for a in block["attacks"] if a["name"] == "Tendril")
    assert tendril["riders"] == [
        {"conditions": ["restrained", "hampered"], "grapple": 15, "holds": 6}
    ]
    assert block["multiattack"] == {"Tendril": 4, "Bite": 1} and "reel" in block["traits"]
    left = [n for n in block["not_modelled"] if n.split(":")[0].split(" (")[0] in said]
    assert left == ["False Appearance (trait)"]
