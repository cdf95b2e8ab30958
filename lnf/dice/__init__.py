"""Dice: notation (D1), ability modifiers (D2) and rolling with a random source passed in
(`lnf.dice.roll`)."""

from lnf.dice.abilities import ability_modifier
from lnf.dice.notation import DamageType, Dice, DiceExpr, Modifier, Part, added, parse, plus
from lnf.errors import DiceError

__all__ = [
    "DamageType",
    "Dice",
    "DiceError",
    "DiceExpr",
    "Modifier",
    "Part",
    "ability_modifier",
    "added",
    "parse",
    "plus",
]
