"""F2 Divine Smite in a hero's attack: the swing that may bring it, and the slot its hit
spends; F7 Hunter's Mark's dice on each hit (`rules.on_hit` decides the dice and the slot)."""

from __future__ import annotations

from lnf.dice import DiceExpr, added
from lnf.engine.decisions import AttackChoice
from lnf.errors import Refused
from lnf.model import Attack, Fight, Hero, Monster
from lnf.model.steps import Attacked
from lnf.rules.class_features import DIVINE_SMITE
from lnf.rules.on_hit import (
    SMITE_WAITS,
    marked_dice,
    smite_dice,
    smite_slot,
    smite_weapon,
    smite_words,
)
from lnf.values import replace, value


def smite_ready(hero: Hero, action: AttackChoice, level: int, target: Monster) -> Smite | None:
    """The smite this swing brings on a hit (the slot, its dice), or None: not said, spent
    already (`level` 0), not a mêlée weapon's swing, or no slot of that level left now."""
    if not level:
        return None
    try:
        smite_weapon(hero, action.attack, action.mode)
        slot, at = smite_slot(hero, level)
    except Refused:
        return None
    return Smite(slot, at, smite_dice(at, target), action.smite_critical)


def with_mark(
    fight: Fight, hero: Hero, target: Monster, attack: Attack, extra: DiceExpr | None
) -> DiceExpr | None:
    """The swing's extra dice (Sneak Attack's on the first hit) with the dice of the marks the
    hero holds on the target (F7 Hunter's Mark, Hex), which every hit adds."""
    return added(extra, marked_dice(fight, hero, target, attack))


@value
class Smite:
    """A smite waiting on a swing's hit: the slot it spends, the slot's level, its dice, and
    whether only a critical hit brings it."""

    slot: str
    level: int
    dice: DiceExpr
    critical_only: bool

    def extras(self, extra: DiceExpr | None) -> tuple[DiceExpr | None, DiceExpr | None]:
        """The swing's extra dice (Sneak Attack's, with a smite's on any hit) and those a
        critical hit only adds (a smite said "on a crit")."""
        if self.critical_only:
            return extra, self.dice
        return added(extra, self.dice), None

    def smote(self, hit: object) -> bool:
        """F2: a hit brings it (a critical one, when said so); a miss spends nothing."""
        return isinstance(hit, Attacked) and hit.hit and (hit.critical or not self.critical_only)

    def said(self, hit: Attacked) -> Attacked:
        """The swing as told: "(Divine Smite with a 1st-level slot)" on the hit that brings it;
        on a miss, that the slot waits (transcript). A smite kept for a critical hit (the
        policy's on most swings) is told only when a critical hit brings it."""
        if hit.big or (hit.hit and not self.smote(hit)) or (self.critical_only and not hit.hit):
            return hit
        words = smite_words(self.level, self.critical_only)
        return replace(hit, big=words if hit.hit else f"{DIVINE_SMITE} {SMITE_WAITS}")
