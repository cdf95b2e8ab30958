"""B8: a creature's save against a monster's aura trait (Stench, Fear Aura, the gibbering
mouther's Gibbering and Aberrant Ground), rolled against the condition it brings and logged;
what a failure or a success does is each aura's own (`trait_steps.stench`, `mouther`)."""

from __future__ import annotations

from lnf.dice.roll import DiceSource
from lnf.engine.apply import Steps
from lnf.engine.resolve import roll_save
from lnf.model import Ability, Condition, Monster, Trait
from lnf.model.steps import Saved, SaveRolled


def aura_save(
    turn: Steps,
    who: str,
    monster: Monster,
    trait: Trait,
    ability: Ability,
    condition: Condition,
    dice: DiceSource,
) -> Saved:
    """`who`'s save against `monster`'s aura `trait`, logged."""
    what = f"{monster.name}'s {trait.title}"
    c = turn.fight.combatant(who)
    save = roll_save(turn.fight, c, ability, trait.dc, dice, what, against=(condition,))
    turn.do(SaveRolled(save, ability, what))
    return save
