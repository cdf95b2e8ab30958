"""Dice: notation (D1), ability modifiers (D2) and rolling with a random source passed in
(`lnf.dice.roll`)."""

from lnf.dice.abilities import ability_modifier
from lnf.dice.notation import DamageType, Dice, DiceError, DiceExpr, Modifier, Part, parse

__all__ = [
    "DamageType",
    "Dice",
    "DiceError",
    "DiceExpr",
    "Modifier",
    "Part",
    "ability_modifier",
    "parse",
]
