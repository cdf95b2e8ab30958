"""B8: the gibbering mouther's auras as a hero's turn starts (`rules.mouther`): its Strength
save against Aberrant Ground (mired, speed 0) and its Wisdom save against Gibbering (no
reactions, its turn picked by a d8 in `engine.confusion`), each failure lasting until the start
of its next turn; no immunity on a success."""

from __future__ import annotations

from lnf.dice.roll import DiceSource
from lnf.engine.apply import Steps
from lnf.engine.aura_saves import aura_save
from lnf.engine.begin import start
from lnf.model import Lasting, TurnEdge
from lnf.rules.mouther import MOUTHER_AURAS, mouthers_catching
from lnf.rules.trait_saves import immune_now


def mouther_saves(turn: Steps, who: str, dice: DiceSource) -> None:
    """B8 Aberrant Ground, Gibbering: `who`'s save against each that catches it."""
    for monster, trait in mouthers_catching(turn.fight, who):
        ability, condition = MOUTHER_AURAS[trait.kind]
        save = aura_save(turn, who, monster, trait, ability, condition, dice)
        if not save.success and condition not in immune_now(turn.fight, turn.fight.combatant(who)):
            lasting = Lasting(until=(who, TurnEdge.START))
            start(turn, who, str(condition), lasting, monster.name, condition)
