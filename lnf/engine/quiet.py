"""What a step's aftermath (`engine.effects.follow`) asks first, so as not to ask a dozen
rules that would find nothing (issue 24, goal 2): most of a plain fight has neither an effect
nor a monster with a trait, and `follow` runs after every step."""

from __future__ import annotations

from lnf.model import Fight
from lnf.rules.roster import trait_kinds


def no_effects(fight: Fight) -> bool:
    """`follow`'s steps that act only through an effect of the fight (F6's holds, F7's Calm
    Emotions, Invisibility, Sleep) find none to act through: they are not asked."""
    return not fight.effects


def no_traits(fight: Fight) -> bool:
    """`follow`'s steps that act only through a monster's trait (B8, B10) find no monster with
    any (the kinds: worked out once per state)."""
    return not trait_kinds(fight)
