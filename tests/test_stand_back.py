"""The hero policy steps back to shoot (R2, R3, R5; docs/policy.md): a front-rank hero whose
best action is a shot at R2's disadvantage takes the back rank where it may stand guarded, and
shoots from there, when that is worth more. Before, a cleric cast Guiding Bolt from the front
rank at disadvantage every round beside two fighters who could guard it."""

from __future__ import annotations

from lnf.engine.decisions import AttackChoice
from lnf.formats.fight_file import parse_fight
from lnf.heroes.policy import policy_choice
from lnf.model import BackReason, Rank
from lnf.model.plan import Mode

FIGHT = """
title: Stand back
heroes:
  - {name: Bram, class: fighter, hp: 40,
     attacks: [{name: Sword, to_hit: 5, damage: 1d8+3 slashing}]}
  - {name: Kara, class: fighter, hp: 40,
     attacks: [{name: Sword, to_hit: 5, damage: 1d8+3 slashing}]}
  - {name: Ilsa, class: cleric, hp: 30,
     attacks: [{name: Mace, to_hit: 4, damage: 1d6+2 bludgeoning},
               {name: Bolt, kind: ranged, to_hit: 7, damage: 2d10 radiant, range: 120,
                spell: true}]}
monsters:
  - {name: Ogre, count: COUNT, hp: 59, ac: 11,
     attacks: [{name: Greatclub, to_hit: 6, damage: 2d8+4 bludgeoning}]}
"""


def _choice(count: int) -> tuple[tuple[object, ...], AttackChoice]:
    fight = parse_fight(FIGHT.replace("COUNT", str(count)), "back.yaml")
    choice = policy_choice(fight, fight.hero("Ilsa"))
    assert isinstance(choice.action, AttackChoice) and choice.action.mode is Mode.RANGED
    return choice.moves, choice.action


def test_guarded_by_two_fighters_it_shoots_from_the_back_rank() -> None:
    moves, action = _choice(1)
    assert [(m.rank, m.why) for m in moves] == [(Rank.BACK, BackReason.GUARDED)]  # type: ignore[attr-defined]
    assert action.attack.name == "Bolt"


def test_with_two_foes_a_hero_nobody_may_guard_and_it_shoots_from_where_it_stands() -> None:
    moves, action = _choice(6)  # R5: six ogres against three heroes: no hero is guarded
    assert moves == () and action.attack.name == "Bolt"
