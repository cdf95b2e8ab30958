"""What the hero policy says of its blows (F2; docs/policy.md). Stunning Strike: a monk of the
5th level says `stun` when the foe its blows go at is likely to stand after them, its hit
points above the average damage of the turn's blows: a stunned foe loses its next turn and is
hit with advantage, worth the Ki then; a foe the blows should drop is not. Reckless Attack: a
barbarian attacks recklessly while it rages (or rages this turn), when its first attack is a
Strength mêlée weapon's: Rage's resistance halves most of the blows it invites."""

from __future__ import annotations

from lnf.engine.decisions import AttackChoice, TurnChoice
from lnf.engine.stunning import ki_kept
from lnf.errors import Refused
from lnf.model import Fight, Hero
from lnf.rules.reckless import verify_reckless
from lnf.rules.resources import RAGE
from lnf.rules.stunning import stun_tried, stuns
from lnf.values import replace


def with_stun(fight: Fight, hero: Hero, choice: TurnChoice) -> TurnChoice:
    """`choice` with `stun` said when the policy would (the module's docstring)."""
    action = choice.action
    if not stuns(hero) or not isinstance(action, AttackChoice):
        return choice
    if action.target not in fight or action.then:
        return choice
    foe = fight.monster(action.target)
    if not stun_tried(fight, hero, foe, action.attack, action.mode, ki_kept(choice, action)):
        return choice
    blows = [c for c in (action, choice.bonus_action) if isinstance(c, AttackChoice)]
    expected = sum(c.times * c.attack.damage.average for c in blows if c.target == foe.name)
    if foe.current_hp <= expected:
        return choice
    bonus = choice.bonus_action
    if isinstance(bonus, AttackChoice) and bonus.target == foe.name and bonus.attack.is_melee:
        bonus = replace(bonus, stun=True)
    return replace(choice, action=replace(action, stun=True), bonus_action=bonus)


def with_reckless(fight: Fight, hero: Hero, choice: TurnChoice) -> TurnChoice:
    """`choice` with `reckless` said when the policy would (the module's docstring)."""
    action = choice.action
    raging = RAGE in hero.effects or (choice.bonus is not None and choice.bonus.name == RAGE)
    if not raging or not isinstance(action, AttackChoice):
        return choice
    try:  # F2: a barbarian's, with the turn's first attack, a Strength mêlée weapon's
        verify_reckless(fight, hero, action.attack, action.mode)
    except Refused:
        return choice
    return replace(choice, action=replace(action, reckless=True))
