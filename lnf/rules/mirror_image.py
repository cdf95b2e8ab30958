"""B6, F7 Mirror Image on a monster: "Each time a creature targets you with an attack during the
spell's duration, roll a d20 to determine whether the attack instead targets one of your
duplicates. If you have three duplicates, you must roll a 6 or higher … With two duplicates,
… an 8 or higher. With one duplicate, … an 11 or higher. A duplicate's AC equals 10 + your
Dexterity modifier. If an attack hits a duplicate, the duplicate is destroyed."

**Decision (B6):** the duplicates are three effects on the caster (condition `mirrored` while
one is left), 1 minute, no concentration; the caster's Mirror Image entry holds their AC
(`effect: {mirror: 12}`, 10 + its Dexterity modifier from its stat block). A hero's attack at
it (a weapon, or a spell's attack roll) rolls the d20 first; moved to a duplicate, the attack
roll is made at the duplicate's AC, with the advantage or disadvantage the attack had, and a
hit destroys it without damage. A blinded attacker is unaffected ("if it can't see"); lnf
reads no blindsight or truesight on a hero's sheet. A monster casts it on itself only when
nothing else is possible (B6's idle cast)."""

from __future__ import annotations

from lnf.model import Condition, Fight, Hero, Monster
from lnf.model.effects import Effect
from lnf.rules.economy import attack_named

MIRROR_IMAGE = "Mirror Image"
NEEDED = {3: 6, 2: 8, 1: 11}  # duplicates left → the d20 that moves an attack to one
DUPLICATE = "a duplicate (Mirror Image)"


def duplicates(fight: Fight, target: Hero | Monster) -> tuple[Effect, ...]:
    """The duplicates left around `target` (its `mirrored` effects), oldest first."""
    if Condition.MIRRORED not in target.conditions:
        return ()
    return tuple(
        e for e in fight.effects if e.who == target.name and e.condition is Condition.MIRRORED
    )


def duplicate_ac(fight: Fight, target: Hero | Monster) -> int:
    """A duplicate's AC: its caster's Mirror Image `mirror:` (10 + Dexterity), or 10."""
    spell = attack_named(target, MIRROR_IMAGE)
    effect = spell.effect if spell is not None else None
    return effect.mirror if effect is not None and effect.mirror else 10


def fooled(attacker: Hero | Monster) -> bool:
    """F7: "A creature is unaffected by this spell if it can't see": a blinded attacker is."""
    return Condition.BLINDED not in attacker.conditions


def needed(left: int) -> int:
    """The d20 that moves an attack to a duplicate, with `left` duplicates (1 to 3)."""
    return NEEDED[min(3, max(1, left))]
