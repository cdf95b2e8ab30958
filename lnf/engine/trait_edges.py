"""B8, B10: what the monsters' traits do as a creature's turn starts (F4's edge), in order."""

from __future__ import annotations

from lnf.dice.roll import DiceSource
from lnf.engine.apply import Steps
from lnf.engine.mouther import mouther_saves
from lnf.engine.trait_steps import (
    barbs,
    fire_aura,
    gaze,
    horrified,
    stench,
    sunburned,
    unnerving_mask,
)


def traits_at_start(turn: Steps, who: str, dice: DiceSource) -> None:
    """What the monsters' traits do as `who`'s turn starts, in this order. Each acts only
    through a monster's trait of its own kind, so a fight whose monsters have none skips them
    all (`engine.effects.turn_edge`; `tests/test_trait_edges.py`)."""
    sunburned(turn, who)  # B8: Vampire Weaknesses
    fire_aura(turn, who, dice)  # B8: Fire Aura
    barbs(turn, who, dice)  # B8: a barbed devil's Barbed Hide
    stench(turn, who, dice)  # B8: Stench, Fear Aura
    mouther_saves(turn, who, dice)  # B8: a gibbering mouther's
    horrified(turn, who, dice)  # B8: a sea hag's Horrific Appearance
    gaze(turn, who, dice)  # B8: Petrifying Gaze
    unnerving_mask(turn, who, dice)  # B10: the chain devil's reaction
