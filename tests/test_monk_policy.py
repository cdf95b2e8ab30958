"""The hero policy's monk (F1, F2; docs/policy.md): the Attack action with a sword or an unarmed
strike opens Martial Arts and Flurry of Blows (`after_attack` on the sheet), so the policy
weighs the action with the best blow it opens, and then takes that blow: Flurry while Ki is
left, Martial Arts after. Before, a sheet's monk never used its bonus action (the granted blows
were left out of the options the policy weighs), and threw darts from the front rank at a foe
about to drop in another group rather than swing at the foe beside it."""

from __future__ import annotations

from lnf.engine.decisions import AttackChoice
from lnf.formats.fight_file import parse_fight
from lnf.heroes.policy import policy_choice

FIGHT = """
title: A monk's turn
heroes:
  - {name: Sen, class: monk, level: 5, scores: {str: 10, dex: 18, con: 14, wis: 14},
     weapons: [shortsword, dart]KI}
  - {name: Kara, class: fighter, hp: 40,
     attacks: [{name: Sword, to_hit: 5, damage: 1d8+3 slashing}]}
monsters:
  - {name: Thug, hp: 20, ac: 11, attacks: [{name: Mace, to_hit: 4, damage: 1d6+2 bludgeoning}]}
  - {name: Bandit, hp: 11, damage: 10, ac: 12,
     attacks: [{name: Scimitar, to_hit: 3, damage: 1d6+1 slashing}]}
groups:
  A: [Sen, Thug]
  B: [Kara, Bandit]
"""


def _choice(ki_used: int = 0) -> tuple[AttackChoice, AttackChoice | None, tuple[object, ...]]:
    used = f", used: {{Ki: {ki_used}}}" if ki_used else ""
    fight = parse_fight(FIGHT.replace("KI", used), "monk.yaml")
    choice = policy_choice(fight, fight.hero("Sen"))
    assert isinstance(choice.action, AttackChoice)
    bonus = choice.bonus_action
    assert bonus is None or isinstance(bonus, AttackChoice)
    return choice.action, bonus, choice.bonus_spend


def test_the_sword_at_the_foe_beside_it_then_flurry_of_blows() -> None:
    """Not two darts at disadvantage (R2) at the bandit on 1 hit point in group B."""
    action, bonus, spend = _choice()
    assert (action.attack.name, action.target) == ("Shortsword", "Thug")
    assert bonus is not None and bonus.attack.name == "Flurry of Blows" and bonus.target == "Thug"
    assert ("Ki", 1) in spend


def test_martial_arts_once_the_ki_is_spent() -> None:
    action, bonus, spend = _choice(ki_used=5)
    assert action.attack.name == "Shortsword"
    assert bonus is not None and bonus.attack.name == "Martial Arts" and not spend
