"""What adds damage to a hero's weapon hit besides Sneak Attack, each decided here: the
paladin's Divine Smite (F2), a slot spent on a mêlée weapon hit; the mark of Hunter's Mark or
Hex (F7) on a foe, the caster's every weapon hit on it.

SRD 5.1, paladin, Divine Smite (level 2): "when you hit a creature with a melee weapon attack,
you can expend one spell slot to deal radiant damage to the target, in addition to the weapon's
damage. The extra damage is 2d8 for a 1st-level spell slot, plus 1d8 for each spell slot level
higher than 1st, to a maximum of 5d8. The damage increases by 1d8 if the target is an undead or
a fiend." The dice are the hit's, so a critical hit doubles them (D5)."""

from __future__ import annotations

from lnf.dice import DamageType, DiceExpr, parse
from lnf.errors import Refused
from lnf.model import Attack, Fight, Hero, Monster
from lnf.model.plan import Mode
from lnf.rules.class_features import DIVINE_SMITE, smites
from lnf.rules.creature_limits import creature_type
from lnf.rules.economy import attack_named
from lnf.rules.resources import cast_slot, ordinal
from lnf.rules.wording import a_an

SMITE_MAX = 5  # "to a maximum of 5d8" (before the undead's or fiend's die)
SMITE_TYPES = ("undead", "fiend")  # "increases by 1d8 if the target is an undead or a fiend"
# Parsed once: the policy weighs a smite at every foe on every turn of `lnf odds`.
_SMITE_DICE = {n: parse(f"{n}d8 {DamageType.RADIANT.value}") for n in range(2, SMITE_MAX + 2)}
SMITE_WAITS = "waits for a hit: no slot spent"  # F2: a miss spends nothing, and is told so


def smite_dice(level: int, target: Monster) -> DiceExpr:
    """F2 Divine Smite: 2d8 radiant with a 1st-level slot, 1d8 more per level above, at most
    5d8; 1d8 more on an undead or a fiend (the monster's `type`)."""
    count = min(1 + level, SMITE_MAX)
    if smite_bane(target):
        count += 1
    return _SMITE_DICE[count]


def smite_bane(target: Monster) -> bool:
    """F2: "The damage increases by 1d8 if the target is an undead or a fiend"."""
    return creature_type(target) in SMITE_TYPES


def smite_slot(hero: Hero, level: int | None) -> tuple[str, int]:
    """F7: the slot a smite spends and its level: the one said (`smite 2`), else the lowest
    free. Refused when none is left, or the hero does not smite."""
    if not smites(hero):
        why = f"level {hero.level}" if hero.cls.lower() == "paladin" else "not a paladin"
        if any(a.name.lower() == DIVINE_SMITE.lower() for a in hero.attacks):
            why = f"its sheet writes it out as an attack: attack NAME with {DIVINE_SMITE}"
        raise Refused(f"{hero.name} has no {DIVINE_SMITE} to add ({why})", "F2")
    slot, at = cast_slot(hero, DIVINE_SMITE, 1, level)
    if slot is None:  # a sheet always counts its slots; kept for a hand-made one
        raise Refused(f"{hero.name} has no spell slots for {DIVINE_SMITE}", "F7")
    return slot, at


def smite_weapon(hero: Hero, attack: Attack, mode: Mode) -> None:
    """F2: "a melee weapon attack": no spell, no throw at range."""
    if attack.spell or mode is not Mode.MELEE or not attack.is_melee:
        why = "is a spell" if attack.spell else "is not one"
        if not attack.spell and attack.is_melee:  # a javelin thrown: a ranged weapon attack
            why = "thrown is a ranged attack (swung in mêlée, it would do)"
        raise Refused(
            f"{DIVINE_SMITE} needs a mêlée weapon attack: {hero.name}'s {attack.name} {why} (F2)"
        )


def smite_words(level: int, critical_only: bool) -> str:
    """How a smite is said: "Divine Smite with a 1st-level slot, on a critical hit"."""
    on = ", on a critical hit" if critical_only else ""
    return f"{DIVINE_SMITE} with {a_an(ordinal(level))}-level slot{on}"


def marked_dice(fight: Fight, attacker: Hero, target: Monster, attack: Attack) -> DiceExpr | None:
    """F7 Hunter's Mark ("you deal an extra 1d6 damage to the target whenever you hit it with a
    weapon attack"): the dice of the marks `attacker` holds on `target`, on each weapon hit (a
    spell's attack is none); None when it holds none. A hand-written `mark:` (Hex, not in the
    SRD: 1d6 necrotic) is played the same way."""
    if attack.spell:
        return None
    parts = [
        p
        for e in fight.effects
        if e.who == target.name and e.by == attacker.name
        for spell in (attack_named(attacker, e.what),)
        if spell is not None and spell.effect is not None and spell.effect.mark is not None
        for p in spell.effect.mark.parts
    ]
    return DiceExpr(tuple(parts)) if parts else None
