"""Dice: notation (D1) and rolling with a random source passed in (`lnf.dice.roll`)."""

from lnf.dice.notation import DamageType, Dice, DiceError, DiceExpr, Modifier, Part, parse

__all__ = ["DamageType", "Dice", "DiceError", "DiceExpr", "Modifier", "Part", "parse"]
