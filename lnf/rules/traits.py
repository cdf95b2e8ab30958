"""B8: the monsters' traits that touch a fight without a map, one decider each. F's "within
5 feet of the creature" is read as "in the creature's mêlée group" (G5).

Each decider quotes the SRD text it plays; figures (dice, hit points) come from the trait
as the fight file or the stat block gives them (`Monster.traits`)."""

from __future__ import annotations

from collections.abc import Iterable

from lnf.dice import DamageType, DiceExpr
from lnf.model import Attack, Fight, Flag, Hero, Monster, Trait, TraitKind
from lnf.model.plan import Advantage
from lnf.rules.aversion import averse_now
from lnf.rules.conditions import action_or_bonus
from lnf.rules.ranks import can_fly_now
from lnf.rules.roster import in_fight, incapacitated
from lnf.rules.trait_touch import ambusher, disengages, grappler, in_light

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_RECKLESS = TraitKind.RECKLESS
_REGENERATION = TraitKind.REGENERATION
_SCORCHED = Flag.SCORCHED

REGENERATION = "Regeneration"  # what a Healed step names as its source
UNDEAD_FORTITUDE = "Undead Fortitude"  # what its save is against (`fortitude_dc`)


def ally_beside(fight: Fight, monster: Monster, target: Hero | Monster) -> Monster | None:
    """ "At least one of its allies is within 5 ft. of the creature and the ally isn't
    incapacitated": another monster standing in the target's group (G5)."""
    group = fight.group_of(target.name)
    if group is None:
        return None
    for name in group.members:
        ally = fight.combatant(name)
        if (
            isinstance(ally, Monster)
            and name != monster.name
            and in_fight(ally)
            and ally.current_hp > 0
            and not incapacitated(ally)
        ):
            return ally
    return None


def pack_tactics(fight: Fight, attacker: Monster, target: Hero | Monster) -> str:
    """Pack Tactics (SRD): "advantage on an attack roll against a creature if at least one of
    the wolf's allies is within 5 ft. of the creature and the ally isn't incapacitated"."""
    if attacker.trait(TraitKind.PACK_TACTICS) is None:
        return ""
    ally = ally_beside(fight, attacker, target)
    return f"Pack Tactics: {ally.name} is in the group (B8)" if ally is not None else ""


def blood_frenzy(attacker: Monster, target: Hero | Monster, close: bool) -> str:
    """Blood Frenzy (SRD): "advantage on melee attack rolls against any creature that doesn't
    have all its hit points"."""
    if attacker.trait(TraitKind.BLOOD_FRENZY) is None or not close:
        return ""
    if target.current_hp >= target.hp:
        return ""
    return f"Blood Frenzy: {target.name} is below its hit point maximum (B8)"


def trait_advantages(
    fight: Fight, attacker: Hero | Monster, target: Hero | Monster, close: bool
) -> tuple[str, ...]:
    """B8: the attacker's traits that give it advantage on this roll, as D4's reasons (the
    grid's own: Reckless is `reckless`, which the plan reads too)."""
    if not isinstance(attacker, Monster) or not attacker.traits:
        return ()
    found = (
        pack_tactics(fight, attacker, target),
        blood_frenzy(attacker, target, close),
        assassinate(fight, attacker, target),
        ambusher(fight, attacker, target),
        grappler(fight, attacker, target),
    )
    return tuple(r for r in found if r)


def reckless(attacker: Hero | Monster, target: Hero | Monster, melee: bool) -> tuple[str, ...]:
    """Reckless (SRD: "At the start of its turn, the berserker can gain advantage on all melee
    weapon attack rolls during that turn, but attack rolls against it have advantage until the
    start of its next turn"). Decision: it always does, from the first round's start on (the
    round's start stands for its turn, B2): advantage on its mêlée weapon attacks (`melee`),
    and on every attack against it."""
    out: list[str] = []
    if melee and isinstance(attacker, Monster) and attacker.trait(_RECKLESS):
        out.append(f"{attacker.name} attacks recklessly (Reckless, B8)")
    if isinstance(target, Monster) and target.trait(_RECKLESS):
        out.append(f"{target.name} fights recklessly (Reckless, B8)")
    return tuple(out)


def assassinate(fight: Fight, attacker: Monster, target: Hero | Monster) -> str:
    """Assassinate (SRD: "During its first turn, the assassin has advantage on attack rolls
    against any creature that hasn't taken a turn"): in the fight's first round, against one
    that has not had its turn in it yet."""
    if attacker.trait(TraitKind.ASSASSINATE) is None or fight.round > 1:
        return ""
    if target.name in fight.turns.acted:
        return ""
    return f"Assassinate: {target.name} has not taken a turn yet (B8)"


def assassin_roll(
    fight: Fight, monster: Monster, hero: Hero, roll: Advantage, reasons: tuple[str, ...]
) -> Advantage:
    """B6's roll for a planned attack (`roll_for`'s, with its reasons) with Assassinate's or
    Ambusher's advantage (`assassinate`, `ambusher`) added as D4 adds a reason: it cancels a
    disadvantage; a roll whose reasons already cancelled stays normal."""
    first = assassinate(fight, monster, hero) or ambusher(fight, monster, hero)
    if not first or roll is Advantage.ADVANTAGE:
        return roll
    if roll is Advantage.DISADVANTAGE or reasons:
        return Advantage.NORMAL
    return Advantage.ADVANTAGE


def surprise_dice(fight: Fight, monster: Monster, hero: Hero) -> DiceExpr | None:
    """Surprise Attack's dice against a surprised hero (`extra_damage` says the same at the
    table), for B6; None when they do not apply."""
    trait = monster.trait(TraitKind.SURPRISE_ATTACK)
    return trait.dice if trait is not None and hero.name in fight.surprised else None


def assassinates(fight: Fight, attacker: Hero | Monster, target: Hero | Monster) -> bool:
    """Assassinate (SRD: "Any hit the assassin scores against a surprised creature is a
    critical hit"): a surprised target (D12)."""
    return (
        isinstance(attacker, Monster)
        and attacker.trait(TraitKind.ASSASSINATE) is not None
        and target.name in fight.surprised
    )


def trait_disadvantages(fight: Fight, attacker: Hero | Monster) -> tuple[str, ...]:
    """Sunlight Sensitivity, Sunlight Weakness, Light Sensitivity and a vampire's Sunlight
    Hypersensitivity: disadvantage on its attack rolls in a fight the file says is in sunlight
    (`sunlight: true`, `trait_touch.in_light`); Aversion of Fire after fire damage."""
    if averse := averse_now(fight, attacker):  # B8: the flesh golem after fire
        return (averse,)
    said = in_light(fight, attacker)
    return (said,) if said else ()


def extra_damage(
    fight: Fight, attacker: Monster, target: Hero | Monster, attack: Attack, roll: Advantage
) -> tuple[DiceExpr, str] | None:
    """The extra dice of a hit, once a turn, with the words that say why: Surprise Attack
    (SRD: "If the bugbear surprises a creature and hits it with an attack during the first
    round of combat, the target takes an extra 7 (2d6) damage": any attack, against a target
    surprised, D12); on a weapon hit, Martial Advantage (SRD: "an extra 7 (2d6) damage to a
    creature it hits with a weapon attack if that creature is within 5 ft. of an ally of the
    hobgoblin that isn't incapacitated"); a monster's Sneak Attack (SRD: "when it hits a
    target with a weapon attack and has advantage on the attack roll, or when the target is
    within 5 ft. of an ally … and the spy doesn't have disadvantage on the attack roll")."""
    if not attacker.traits:
        return None
    surprise = attacker.trait(TraitKind.SURPRISE_ATTACK)
    if surprise is not None and surprise.dice is not None and target.name in fight.surprised:
        return surprise.dice, f"Surprise Attack +{surprise.dice}: {target.name} is surprised"
    if attack.spell:
        return None
    ally = ally_beside(fight, attacker, target)
    martial = attacker.trait(TraitKind.MARTIAL_ADVANTAGE)
    if martial is not None and martial.dice is not None and ally is not None:
        return martial.dice, f"Martial Advantage +{martial.dice}: {ally.name} is in the group"
    sneak = attacker.trait(TraitKind.SNEAK_ATTACK)
    if sneak is None or sneak.dice is None:
        return None
    if roll is Advantage.ADVANTAGE:
        return sneak.dice, f"Sneak Attack +{sneak.dice}: with advantage"
    if ally is not None and roll is not Advantage.DISADVANTAGE:
        return sneak.dice, f"Sneak Attack +{sneak.dice}: {ally.name} is in the group"
    return None


def magic_resistance(target: Hero | Monster, spell: bool) -> str:
    """Magic Resistance (SRD): "advantage on saving throws against spells and other magical
    effects"; lnf knows which saves are against spells (F7), not which effects are magical."""
    if not spell or not isinstance(target, Monster):
        return ""
    return "Magic Resistance" if target.trait(TraitKind.MAGIC_RESISTANCE) is not None else ""


def regenerates(monster: Monster) -> int:
    """Regeneration (SRD: the troll "regains 10 hit points at the start of its turn. If the
    troll takes acid or fire damage, this trait doesn't function at the start of the troll's
    next turn"), at the start of the round (B2: the round's start stands for the monster's
    turn): the hit points it regains now, 0 when it is scorched, unhurt or down (lnf's
    monsters die at 0, D8)."""
    trait = monster.trait(_REGENERATION)
    if trait is None or monster.has(_SCORCHED) or not in_fight(monster):
        return 0
    if monster.current_hp == 0:
        return 0
    return min(trait.hp, monster.damage)


def scorches(monster: Hero | Monster, types: Iterable[DamageType | None]) -> bool:
    """Regeneration: the damage just taken (types that got through) stops it next round."""
    if not isinstance(monster, Monster):
        return False
    trait = monster.trait(TraitKind.REGENERATION)
    return trait is not None and any(t in trait.stopped_by for t in types)


def fortitude_dc(
    target: Hero | Monster,
    types: Iterable[DamageType | None],
    dealt: int,
    *,
    critical: bool,
    drops: bool,
) -> int | None:
    """Undead Fortitude (SRD): "If damage reduces the zombie to 0 hit points, it must make a
    Constitution saving throw with a DC of 5+the damage taken, unless the damage is radiant or
    from a critical hit. On a success, the zombie drops to 1 hit point instead." The DC, or
    None when the trait does not apply."""
    if not isinstance(target, Monster) or target.trait(TraitKind.UNDEAD_FORTITUDE) is None:
        return None
    if not drops or critical or DamageType.RADIANT in set(types):
        return None
    return 5 + dealt


def charge(attacker: Monster, attack: Attack, joined: bool) -> Trait | None:
    """Charge, Pounce, Trampling Charge (SRD: "If the boar moves at least 20 ft. straight
    toward a target and then hits it with a tusk attack on the same turn, the target takes an
    extra 3 (1d6) slashing damage … DC 11 Strength saving throw or be knocked prone"): joining
    the target's group this round (M5) is the move toward it; the trait whose attack this is."""
    if not joined:
        return None
    moving = (TraitKind.CHARGE, TraitKind.POUNCE)
    name = attack.name.lower()
    return next((t for t in attacker.traits if t.kind in moving and t.attack.lower() == name), None)


def pouncing(attacker: Monster, attacks: tuple[Attack, ...], joined: bool) -> tuple[Attack, ...]:
    """Pounce: a monster that joined its target's group this round and would not use the
    pouncing attack (a lion's bite hits harder than its claw) uses it instead, for the prone
    save and the bonus attack that follow; the attacks as they are otherwise."""
    trait = attacker.trait(TraitKind.POUNCE)
    if not joined or trait is None or any(a.name == trait.attack for a in attacks):
        return attacks
    claw = next((a for a in attacker.attacks if a.name == trait.attack and a.is_melee), None)
    return (claw,) * claw.times if claw is not None else attacks


def slips_away(mover: Hero | Monster) -> str:
    """M6 without opportunity attacks, the words that say why, or "": Nimble Escape (SRD: "can
    take the Disengage or Hide action as a bonus action on each of its turns": a goblin that
    leaves its group disengages with its bonus action, B10) and Flyby (SRD: "doesn't provoke
    opportunity attacks when it flies out of an enemy's reach": a monster with a flying
    speed it can use now, R7)."""
    if not isinstance(mover, Monster) or not mover.traits:
        return ""
    if (escape := disengages(mover)) and not action_or_bonus(mover):
        return f"{escape}: it disengages as a bonus action (B8)"  # F3: not while slowed
    if mover.trait(TraitKind.FLYBY) is not None and can_fly_now(mover):
        return "Flyby: it flies out without opportunity attacks (B8)"
    return ""
