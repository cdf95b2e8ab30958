"""F2 (decision, docs/choices.md): an Attack action's swing at a foe the words did not name —
the one named dropped — is made as a player makes it. Before, a fighter whose first arrow
dropped Bandit 1 shot his second at Bandit 2 beside him, at disadvantage from the front rank
(R2); now he swings his longsword at it. A foe named for the later swings keeps the bow."""

from __future__ import annotations

from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import Steps
from lnf.engine.hero_turn import hero_steps
from lnf.engine.sides import TableHeroes
from lnf.formats.fight_file import parse_fight
from lnf.heroes.words import parse_choice
from lnf.model.plan import Advantage, Mode
from lnf.model.steps import Attacked

FIGHT = """
heroes:
  - {name: Bram, class: fighter, level: 5, weapons: [longsword, longbow],
     scores: {str: 16, dex: 14, con: 14, int: 10, wis: 10, cha: 10}}
monsters:
  - {monster: bandit, count: 2, hp: 1}
groups:
  A: [Bram, Bandit 2]
"""


def _swings(who: str, words: str, faces: list[int]) -> list[tuple[str, str, Mode, Advantage]]:
    f = parse_fight(FIGHT, "bandits.yaml")
    turn = Steps.turn(f, who)
    choice = parse_choice(f, f.hero(who), words)
    hero_steps(turn, turn.fight.hero(who), choice, ScriptedDice(faces), TableHeroes())
    return [(s.target, s.attack, s.mode, s.roll) for s in turn.steps if isinstance(s, Attacked)]


def test_f2_r2_after_the_named_foe_drops_the_next_swing_is_the_sword_beside_him() -> None:
    assert _swings("Bram", "attack Bandit 1 with longbow", [18, 17, 6, 15, 4]) == [
        ("Bandit 1", "Longbow", Mode.RANGED, Advantage.DISADVANTAGE),  # R2: from the front
        ("Bandit 2", "Longsword", Mode.MELEE, Advantage.NORMAL),
    ]


def test_f2_a_foe_named_for_the_later_swings_keeps_the_bow() -> None:
    swings = _swings("Bram", "attack Bandit 1 and Bandit 2 with longbow", [18, 17, 6, 15, 14, 4])
    assert [(t, a) for t, a, _, _ in swings] == [("Bandit 1", "Longbow"), ("Bandit 2", "Longbow")]
