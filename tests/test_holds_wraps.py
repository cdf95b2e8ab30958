"""F6, the cloaker's and the darkmantle's attachments: a hit attaches (to the head, blinded
and smothered, when rolled with advantage), its attacks on the one it holds have advantage, a
Strength check as an action pulls it off, it detaches to attack another and it moves with the
one it holds; played from the CLI (the SRD's own words: tests/test_holds_attach.py)."""

from __future__ import annotations

from pathlib import Path

from lnf.dice.roll import ScriptedDice
from lnf.engine.decisions import SimpleChoice
from lnf.engine.effects import Rolled, ride
from lnf.engine.turns import monster_attacks, simple_action
from lnf.formats.fight_file import parse_fight
from lnf.model import Action, Condition, Fight, Rank
from lnf.model.plan import Mode, Order
from lnf.model.steps import EffectEnded, Moved
from lnf.rules.holds import held_advantage, holds_on
from tests.cli import run

FIGHT = """
heroes:
  - {name: Ann, class: fighter, hp: 60, ac: 14, con: 1, saves: {str: 4, dex: 9}}
  - {name: Bo, class: wizard, hp: 25, ac: 12}
monsters:
  - {monster: cloaker}
  - {monster: darkmantle}
groups:
  A: [Ann, Bo, Cloaker, Darkmantle]
"""


def _fight() -> Fight:
    return parse_fight(FIGHT, "wraps.yaml")


def _attach(turn: Rolled, who: str, attack: str, target: str, edge: bool) -> None:
    (rider,) = next(a for a in turn.fight.monster(who).attacks if a.name == attack).riders
    ride(turn, who, target, attack, rider, ScriptedDice([]), edge=edge)


def test_f6_attached_to_the_head_with_advantage_blinds_and_smothers() -> None:
    turn = Rolled(_fight()).rolling(ScriptedDice([]))
    _attach(turn, "Darkmantle", "Crush", "Ann", edge=False)
    (plain,) = holds_on(turn.fight, "Ann")
    assert not turn.fight.hero("Ann").conditions and not plain.suffocates
    assert plain.escape == 13 and "attached to it (Strength DC 13)" in plain.what
    _attach(turn, "Cloaker", "Bite", "Bo", edge=True)
    (head,) = holds_on(turn.fight, "Bo")
    assert turn.fight.hero("Bo").conditions == {Condition.BLINDED} and head.suffocates
    assert "attached to its head (Strength DC 16)" in head.what
    bite = next(a for a in turn.fight.monster("Cloaker").attacks if a.name == "Bite")
    assert held_advantage(turn.fight, turn.fight.monster("Cloaker"), "Bo", bite)
    bo = turn.fight.hero("Bo")  # Strength +0 against 16, though its Dexterity were better
    off = simple_action(turn.fight, bo, SimpleChoice(Action.ESCAPE), ScriptedDice([16]))
    assert off.success and off.detail == "1d20 (16) + 0 = 16 vs escape DC 16, Cloaker's Bite"
    turn.do(off)
    assert not holds_on(turn.fight, "Bo") and not turn.fight.hero("Bo").conditions


def test_f6_it_moves_with_the_one_it_holds_and_detaches_to_attack_another() -> None:
    turn = Rolled(_fight()).rolling(ScriptedDice([]))
    _attach(turn, "Darkmantle", "Crush", "Ann", edge=False)
    turn.do(Moved("Ann", leave=True))
    turn.do(Moved("Ann", join="Bo"))
    group = turn.fight.group_of("Ann")
    assert group is not None and "Darkmantle" in group.members and holds_on(turn.fight, "Ann")
    order = Order("Darkmantle", Rank.FRONT, target="Bo", mode=Mode.MELEE)
    monster_attacks(turn, "Darkmantle", order, ScriptedDice([1]), lambda *_: False)
    ended = [s for s in turn.steps if isinstance(s, EffectEnded)]
    assert ended and ended[0].why == "Darkmantle detaches itself (5 feet of its movement)"
    assert not holds_on(turn.fight, "Ann")


def test_f6_the_attachments_are_played_and_told_from_the_cli(tmp_path: Path) -> None:
    fight = tmp_path / "wraps.yaml"
    fight.write_text(FIGHT, encoding="utf-8")
    code, out = run("run", str(fight), "--rounds", "3", "--seed", "5")
    assert code == 0, out
    assert "Ann is held by Darkmantle's Crush, attached to it (Strength DC 13)" in out
    assert "[Darkmantle holds Ann with its Crush (F6); Ann is dodging]: 1d20 (5) + 5" in out
    assert "Ann is held by Cloaker's Bite, attached to it (Strength DC 16)" in out
