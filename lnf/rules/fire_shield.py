"""B6, F7 Fire Shield on a monster: "The heat shield gives you cold damage resistance …
whenever a creature within 5 feet of you hits you with a melee attack, flames spring from the
shield. The attacker then suffers 2d8 points of fire damage".

**Decision (B6):** the caster's choice is the warm shield (its text names it first; nothing in
a stat block says which): resistance to cold (`rules.resources.resists`), and 2d8 fire to a
creature that hits it with a mêlée attack from its group ("within 5 feet", `Mode.MELEE`: not a
reach attack from outside it, as Heated Body). A monster casts it on itself only when nothing
else is possible (B6's idle cast), 10 minutes, no concentration."""

from __future__ import annotations

from lnf.dice import DiceExpr, parse
from lnf.model import Condition, Hero, Monster
from lnf.model.plan import Mode

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_FIRE_SHIELDED = Condition.FIRE_SHIELDED
_MELEE = Mode.MELEE

FLAMES: DiceExpr = parse("2d8 fire")


def burns_attacker(target: Hero | Monster, mode: Mode) -> DiceExpr | None:
    """The dice a mêlée hit on a fire-shielded monster deals back to its attacker, or None."""
    shielded = isinstance(target, Monster) and _FIRE_SHIELDED in target.conditions
    return FLAMES if shielded and mode is _MELEE else None
