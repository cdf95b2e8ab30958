"""F4: one repeated save for what one failed save began together. The harpy's Luring Song
charms, and "while charmed by the harpy, a target is incapacitated": a save at the end of the
hero's turn ends both, never one (`rules.effects.begun_with`, `engine.repeat_saves`)."""

from __future__ import annotations

from lnf.dice.roll import ScriptedDice
from lnf.engine.begin import start
from lnf.engine.effects import Rolled, turn_edge
from lnf.engine.turns import monster_attacks
from lnf.formats.fight_file import parse_fight
from lnf.model import Ability, Condition, Fight, Lasting, Rank, TurnEdge
from lnf.model.plan import Mode, Order
from lnf.model.steps import EffectEnded, SaveRolled
from lnf.rules.effects import begun_with, saves_due

HARPY_FIGHT = """
heroes:
  - {name: Ann, class: fighter, hp: 30, saves: {wis: 0}}
  - {name: Bo, class: cleric, hp: 30, saves: {wis: 0}}
monsters:
  - monster: harpy
groups:
  A: [Ann, Harpy]
"""
SONG = Order("Harpy", Rank.FRONT, target="Ann", mode=Mode.MELEE, action="Luring Song", also=("Bo",))


def _sung(faces: list[int]) -> Fight:
    """Ann and Bo both fail the DC 11 Wisdom save (the d20s `faces`)."""
    f = parse_fight(HARPY_FIGHT, "harpy.yaml")
    dice = ScriptedDice(faces)
    turn = Rolled.turn(f, "Harpy").rolling(dice)
    monster_attacks(turn, "Harpy", SONG, dice, lambda h, m, g: True)
    return turn.fight


def test_f4_the_harpys_charm_and_its_incapacitation_are_one_effect_to_save_against() -> None:
    after = _sung([3, 4])
    ann = [e for e in after.effects if e.who == "Ann" and e.condition is not None]
    assert {e.condition for e in ann} == {Condition.CHARMED, Condition.INCAPACITATED}
    assert begun_with(after, ann[1]) == ann == begun_with(after, ann[0])
    assert len(saves_due(after, "Ann", TurnEdge.END)) == 1  # one save, not one a condition
    ends = Rolled.turn(after, "Ann")
    turn_edge(ends, "Ann", TurnEdge.END, ScriptedDice([15]))  # 15 vs DC 11: a success
    assert sum(isinstance(s, SaveRolled) for s in ends.steps) == 1
    assert {s.key for s in ends.steps if isinstance(s, EffectEnded)} == {e.key for e in ann}
    assert not ends.fight.hero("Ann").conditions & {Condition.CHARMED, Condition.INCAPACITATED}
    # Bo's charm, begun by the same song, is Bo's own: Ann's save leaves it
    assert {Condition.CHARMED, Condition.INCAPACITATED} <= ends.fight.hero("Bo").conditions


def test_f4_a_failed_repeat_leaves_both() -> None:
    after = _sung([3, 4])
    ends = Rolled.turn(after, "Ann")
    turn_edge(ends, "Ann", TurnEdge.END, ScriptedDice([2]))  # 2 vs DC 11: a failure
    assert sum(isinstance(s, SaveRolled) for s in ends.steps) == 1
    held = ends.fight.hero("Ann").conditions
    assert {Condition.CHARMED, Condition.INCAPACITATED} <= held


def test_f4_effects_of_separate_saves_keep_their_own_even_when_alike() -> None:
    """Two saves, or two of the DM's marks, with the same cause, turn and lasting, are two
    effects: each its own repeated save (only what one failed save began is one)."""
    f = parse_fight(HARPY_FIGHT, "harpy.yaml")
    turn = Rolled.turn(f, "Harpy")
    lasting = Lasting(save=(Ability.CON, 12), each=TurnEdge.END)
    start(turn, "Ann", "poisoned", lasting, "Harpy", Condition.POISONED)
    start(turn, "Ann", "blinded", lasting, "Harpy", Condition.BLINDED)
    after = turn.fight
    assert len(saves_due(after, "Ann", TurnEdge.END)) == 2
    ends = Rolled.turn(after, "Ann")
    turn_edge(
        ends, "Ann", TurnEdge.END, ScriptedDice([15, 2])
    )  # the poison ends, not the blindness
    assert sum(isinstance(s, SaveRolled) for s in ends.steps) == 2
    held = ends.fight.hero("Ann").conditions
    assert Condition.BLINDED in held and Condition.POISONED not in held
