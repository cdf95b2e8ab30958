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
nothing else is possible (B6's idle cast).

**Decision (B6), the cloaker's Phantasms** ("three illusory duplicates of itself if it isn't in
bright light … that creature rolls randomly to determine whether it targets the cloaker or one
of the duplicates … A duplicate has the cloaker's AC … If an attack hits a duplicate … the
duplicate disappears"): the same duplicates (`effect: {mirror: 14}`, its own AC), made by its
own action once a fight (it recharges after a rest), lasting the fight (its text gives no end
but bright light). "Rolls randomly" is one die of a face for each of them: the cloaker and
its n duplicates, a d(n+1), 1 the cloaker; 2 or more moves the attack to a duplicate. A
"harmful spell" targeting it is a hero's spell aimed at it (no area, as Sanctuary's): moved, the
duplicate makes the save with the cloaker's figures; a failure against a spell that deals
damage ends it; the cloaker is left out of the spell either way (a spell without a save does
nothing to a duplicate). Bright light is the fight's `sunlight: true` (as for its Light
Sensitivity): there it makes none."""

from __future__ import annotations

from lnf.model import Attack, Condition, Fight, Hero, Monster
from lnf.model.effects import Effect
from lnf.rules.economy import attack_named

MIRROR_IMAGE = "Mirror Image"
NEEDED = {3: 6, 2: 8, 1: 11}  # duplicates left → the d20 that moves an attack to one
DUPLICATE = "a duplicate (Mirror Image)"


def duplicate(source: str) -> str:
    """The effect's words for one duplicate made by `source` ("a duplicate (Phantasms)")."""
    return f"a duplicate ({source})"


def duplicates(fight: Fight, target: Hero | Monster) -> tuple[Effect, ...]:
    """The duplicates left around `target` (its `mirrored` effects), oldest first."""
    if Condition.MIRRORED not in target.conditions:
        return ()
    return tuple(
        e for e in fight.effects if e.who == target.name and e.condition is Condition.MIRRORED
    )


def source(target: Hero | Monster) -> Attack | None:
    """What makes `target`'s duplicates: its Mirror Image, or its own action with a `mirror:`
    effect (the cloaker's Phantasms); None when it has neither."""
    spell = attack_named(target, MIRROR_IMAGE)
    if spell is not None:
        return spell
    own = (*target.attacks, *(target.actions if isinstance(target, Monster) else ()))
    return next((a for a in own if a.effect is not None and a.effect.mirror), None)


def duplicate_ac(fight: Fight, target: Hero | Monster) -> int:
    """A duplicate's AC: its source's `mirror:` (Mirror Image: 10 + Dexterity; Phantasms: the
    cloaker's AC), or 10."""
    made = source(target)
    effect = made.effect if made is not None else None
    return effect.mirror if effect is not None and effect.mirror else 10


def in_bright_light(fight: Fight, made: Attack) -> bool:
    """B6 Phantasms: "creates three illusory duplicates of itself if it isn't in bright light":
    the fight's sunlight is bright light (Mirror Image minds no light)."""
    return fight.sunlight and made.name != MIRROR_IMAGE and not made.spell


def takes_spells(target: Hero | Monster, spell: Attack) -> bool:
    """B6 Phantasms: "targets the cloaker with an attack or a harmful spell" — a spell aimed at
    it (no area) moves to a duplicate too; Mirror Image's duplicates take attacks only."""
    made = source(target)
    mirror = made is None or made.name == MIRROR_IMAGE or made.spell
    return not mirror and spell.area is None


def odds(target: Hero | Monster, left: int) -> tuple[str, int, int]:
    """B6, F7: how an attack at `target` with `left` duplicates is moved to one: the source's
    name, the die and the face needed — Mirror Image's d20 (6, 8 or 11 or more); Phantasms'
    "rolls randomly" among the creature and its duplicates, a d(left + 1), 2 or more."""
    made = source(target)
    if made is None or made.name == MIRROR_IMAGE or made.spell:
        return MIRROR_IMAGE, 20, needed(left)
    return made.name, left + 1, 2


def fooled(attacker: Hero | Monster) -> bool:
    """F7: "A creature is unaffected by this spell if it can't see": a blinded attacker is."""
    return Condition.BLINDED not in attacker.conditions


def needed(left: int) -> int:
    """The d20 that moves an attack to a duplicate, with `left` duplicates (1 to 3)."""
    return NEEDED[min(3, max(1, left))]
