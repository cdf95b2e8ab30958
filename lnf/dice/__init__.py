"""Dice: notation (D1) now; rolling with an injected random source arrives with play."""

from lnf.dice.notation import DamageType, Dice, DiceError, DiceExpr, Modifier, Part, parse

__all__ = ["DamageType", "Dice", "DiceError", "DiceExpr", "Modifier", "Part", "parse"]
