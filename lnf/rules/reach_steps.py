"""How far an attack reaches when distance is counted in steps: a volley round's number (V3)
or a chase pair's escape points (C4). Both rules share these measures; each rule says what
a step means (`rules.distance` for volleys, `rules.chase` for chases)."""

from __future__ import annotations

import math

from lnf.model import Attack
from lnf.model.plan import Advantage

# Decision (V3, C4): a ranged attack or spell that reaches less than this (touch, a 15-ft cone,
# a self-centred area) reaches nobody in a volley round, and in a chase only at 0 escape points.
SHORT = 30


def long_spell_steps(attack: Attack) -> int | None:
    """V3, C4: a spell of 300 ft or more reaches ⌈range ÷ 60⌉ steps."""
    if attack.spell and attack.range is not None and attack.range[0] >= 300:
        return math.ceil(attack.range[0] / 60)
    return None


def short(attack: Attack) -> bool:
    """Whether the attack's longest reach in feet (its range, else its area) is under SHORT."""
    if attack.range is not None:
        return attack.range[1] < SHORT
    return attack.area is not None and attack.area.size < SHORT


def far_reach(attack: Attack, steps: int) -> Advantage | None:
    """V3, C4 beyond arm's length: long spells by their range, two-handed ranged weapons up to
    10 steps (at disadvantage past 2), anything else up to 2."""
    spell_steps = long_spell_steps(attack)
    if spell_steps is not None:
        return Advantage.NORMAL if steps <= spell_steps else None
    if attack.two_handed:
        if steps > 10:
            return None
        return Advantage.DISADVANTAGE if steps > 2 else Advantage.NORMAL
    return Advantage.NORMAL if steps <= 2 else None
