"""A rogue's Cunning Action (F1, SRD 5.1 rogue, level 2: Dash, Disengage or Hide as a bonus
action), at the table and in the hero policy. At the table a second action said in one turn
(`attack Ogre with Shortbow; hide`), or one said once the action is spent, is the bonus
action's when it is one of the three. The policy hides again with it where a rogue hidden in
the back rank gives itself away by its attack, or has given itself away (R4), when no better
bonus action is open."""

from __future__ import annotations

from lnf.engine.decisions import ActionChoice, AttackChoice, SimpleChoice
from lnf.model import Action, Cost, Fight, Hero, Rank
from lnf.rules.chase import in_chase
from lnf.rules.class_features import cunning_action
from lnf.rules.hiding import revealed_by_attack
from lnf.rules.holds import swallowed_by
from lnf.values import replace

HIDE_AGAIN = SimpleChoice(Action.HIDE, cost=Cost.BONUS)


def cunning_words(
    hero: Hero, first: ActionChoice, then: ActionChoice
) -> tuple[ActionChoice, ActionChoice, bool]:
    """F1: of two actions said in one turn, a rogue's Dash, Disengage or Hide is Cunning
    Action's, taken with the bonus action (`cunning_action`), the later one first: (the
    action, the bonus action, whether the bonus action comes first); else as said."""
    for simple, other, bonus_first in ((then, first, False), (first, then, True)):
        if isinstance(simple, SimpleChoice) and cunning_action(hero, simple.action):
            return other, replace(simple, cost=Cost.BONUS), bonus_first
    return first, then, False


def cunning_later(fight: Fight, hero: Hero, done: ActionChoice) -> ActionChoice:
    """F1: a rogue's Dash, Disengage or Hide said once its action is spent this turn (a
    second `lnf act`) is Cunning Action's."""
    spent = hero.name in fight.turns.used_action
    if spent and isinstance(done, SimpleChoice) and cunning_action(hero, done.action):
        return replace(done, cost=Cost.BONUS)
    return done


def hides_again(fight: Fight, hero: Hero, action: ActionChoice) -> bool:
    """F1, R4: a rogue in the back rank hides with Cunning Action after its action when its
    hiding is gone (given away) or `action`'s attack roll will give it away; not inside a
    swallower (F6) nor in a chase (C5 hides its own way)."""
    if not cunning_action(hero, Action.HIDE) or hero.rank is not Rank.BACK:
        return False
    if in_chase(fight, hero.name) or swallowed_by(fight, hero.name) is not None:
        return False
    attacks = isinstance(action, AttackChoice)
    return hero.why is None or (attacks and revealed_by_attack(fight, hero))
