"""F7 Telekinesis on a creature, as a monster casts it at a hero: "Make an ability check with
your spellcasting ability contested by the creature's Strength check. If you win the contest,
you move the creature up to 30 feet … Until the end of your next turn, the creature is
restrained in your telekinetic grip." Without a map the caster moves it nowhere (up to 30
feet: none is a choice the text allows, docs/choices.md F7); the hero's Strength check is
read from its Strength save bonus, as F6's contests are (`rules.pulls`); a tie changes
nothing."""

from __future__ import annotations

from fractions import Fraction

from lnf.model import Attack, Hero, Monster
from lnf.rules.pulls import strength_contest


def contested_by(spell: Attack) -> int | None:
    """The caster's check bonus when `spell` is a contest (Telekinesis), else None."""
    return spell.effect.contest if spell.effect is not None else None


def win_chance(mine: int, theirs: int) -> Fraction:
    """A contest's chance that a d20 + `mine` beats a d20 + `theirs` (a tie is no win)."""
    wins = sum(1 for a in range(1, 21) for b in range(1, 21) if a + mine > b + theirs)
    return Fraction(wins, 400)


def gripped_chance(spell: Attack, hero: Hero | Monster, otherwise: Fraction) -> Fraction:
    """B6: the chance `spell` lands on `hero`: its contest's when it is one, else `otherwise`
    (a save's fail chance, or a sure landing)."""
    mine = contested_by(spell)
    return otherwise if mine is None else win_chance(mine, strength_contest(hero))
