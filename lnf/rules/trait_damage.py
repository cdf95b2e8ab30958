"""B8: the monsters' traits that change the damage they take or deal beside their attacks, one
decider each: Absorption (Lightning, Fire, Acid: healed instead of hurt), Relentless (at 1 hit
point instead of 0, once a fight), Heated Body (burns who hits it in mêlée) and Fire Aura
(burns its group as its turn starts). Each decider quotes the SRD text it plays."""

from __future__ import annotations

from collections.abc import Mapping

from lnf.dice import DamageType
from lnf.model import Attack, Fight, Flag, Hero, Monster, Trait, TraitKind
from lnf.model.plan import Mode
from lnf.rules.ranks import melee_rank
from lnf.rules.roster import in_fight
from lnf.rules.target_order import target_order

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_ABSORPTION = TraitKind.ABSORPTION
_CORROSIVE_FORM = TraitKind.CORROSIVE_FORM
_FIRE_AURA = TraitKind.FIRE_AURA
_FIRE_FORM = TraitKind.FIRE_FORM
_HEATED_BODY = TraitKind.HEATED_BODY
_MELEE = Mode.MELEE


def absorbs(
    target: Hero | Monster, by_type: Mapping[DamageType | None, int]
) -> dict[DamageType, int]:
    """Lightning Absorption and the like (SRD: "Whenever the golem is subjected to lightning
    damage, it takes no damage and instead regains a number of hit points equal to the
    lightning damage dealt"): of `by_type`, what the target absorbs, by type. It comes before
    its immunities (the flesh golem is immune to lightning too), so it always heals."""
    if not isinstance(target, Monster):
        return {}
    types = {t for trait in target.traits if trait.kind is _ABSORPTION for t in trait.stopped_by}
    return {k: v for k, v in by_type.items() if k in types and v > 0}


def relentless(target: Hero | Monster, amount: int) -> bool:
    """Relentless (SRD: "If the boar takes 7 damage or less that would reduce it to 0 hit
    points, it is reduced to 1 hit point instead", recharging after a rest: once a fight):
    whether `amount` (after its defences), which drops it, leaves it at 1 hit point instead."""
    if not isinstance(target, Monster) or target.has(Flag.RELENTLESS):
        return False
    trait = target.trait(TraitKind.RELENTLESS)
    return trait is not None and 0 < target.current_hp + target.temp_hp <= amount <= trait.hp


def burns_back(target: Hero | Monster, mode: Mode) -> Trait | None:
    """Heated Body, Fire Aura's and Fire Form's second sentence (SRD: "A creature that touches
    the azer or hits it with a melee attack while within 5 ft. of it takes 5 (1d10) fire
    damage"): the trait whose dice a hit in mêlée within its group (`Mode.MELEE`, not a reach
    attack from outside it) deals back to the attacker."""
    if mode is not _MELEE or not isinstance(target, Monster):
        return None
    burning = (
        _HEATED_BODY,
        _FIRE_AURA,
        _FIRE_FORM,
        _CORROSIVE_FORM,
    )
    return next((t for t in target.traits if t.kind in burning and t.dice is not None), None)


def aura_caught(fight: Fight, monster: Monster) -> tuple[Trait, tuple[str, ...]] | None:
    """Fire Aura (SRD: "At the start of each of the balor's turns, each creature within 5
    feet of it takes 10 (3d6) fire damage"): as its turn starts, the trait and every other
    creature in its mêlée group (allies too: the text says each creature), or None."""
    trait = monster.trait(TraitKind.FIRE_AURA)
    group = fight.group_of(monster.name)
    if trait is None or trait.dice is None or group is None or monster.current_hp == 0:
        return None
    caught = tuple(n for n in group.members if n != monster.name and in_fight(fight.combatant(n)))
    return (trait, caught) if caught else None


def sunburn(fight: Fight, monster: Monster) -> int:
    """Vampire Weaknesses' Sunlight Hypersensitivity (SRD: "The vampire takes 20 radiant damage
    when it starts its turn in sunlight"): the damage as its turn starts in a fight in
    sunlight (`sunlight: true`), or 0."""
    trait = monster.trait(TraitKind.SUNLIGHT_HYPERSENSITIVITY)
    return trait.hp if trait is not None and fight.sunlight and in_fight(monster) else 0


def mists_away(fight: Fight, monster: Hero | Monster) -> bool:
    """Misty Escape (SRD: "When it drops to 0 hit points outside its resting place, the vampire
    transforms into a cloud of mist … instead of falling unconscious, provided that it isn't
    in sunlight or running water. If it can't transform, it is destroyed"): a vampire dropped
    in a fight not in sunlight leaves it as mist (no map: no running water)."""
    return (
        isinstance(monster, Monster)
        and monster.trait(TraitKind.MISTY_ESCAPE) is not None
        and not fight.sunlight
    )


def bursting(before: Fight, after: Fight, name: str) -> tuple[Trait, tuple[str, ...]] | None:
    """Death Burst, Death Throes (SRD: "When the mephit dies, it explodes in a burst of lava.
    Each creature within 5 ft. of it must make a DC 11 Dexterity saving throw, taking 7 (2d6)
    fire damage on a failed save, or half as much damage on a successful one"): a monster
    that died in the step from `before` to `after` (not one gone as mist), its trait and the
    heroes of the group it stood in (no map: "within 5 ft." is the group, and so is the
    balor's 30 feet; B5: its allies are spared)."""
    dead = after.combatant(name)
    if not isinstance(dead, Monster) or dead.escaped or dead.current_hp > 0:
        return None
    kinds = (TraitKind.DEATH_BURST, TraitKind.DEATH_THROES)
    trait = next((t for t in dead.traits if t.kind in kinds and t.rider is not None), None)
    group = before.group_of(name)
    if trait is None or group is None:
        return None
    caught = tuple(
        n
        for n in group.members
        if isinstance(after.combatant(n), Hero) and in_fight(after.combatant(n))
    )
    return (trait, caught) if caught else None


def death_words(monster: Monster) -> str:
    """What a DM reads as the monster dies, of the traits that act only after the fight:
    Rejuvenation (SRD: "If it dies, the naga returns to life in 1d6 days and regains all its
    hit points") and Elemental Demise (SRD: "its body disintegrates …, leaving behind only
    equipment the djinni was wearing or carrying"); "" for none."""
    back = monster.trait(TraitKind.REJUVENATION)
    if back is not None:
        whole = "its hit points whole (Rejuvenation, B8)"
        return f"{monster.name} can rise again in {back.then}, {whole}"
    if monster.trait(TraitKind.ELEMENTAL_DEMISE) is not None:
        left = "leaving only its equipment (Elemental Demise, B8)"
        return f"{monster.name}'s body disintegrates, {left}"
    return ""


def rampage_target(fight: Fight, monster: Monster) -> tuple[Attack, Hero] | None:
    """Rampage (SRD: "When the gnoll reduces a creature to 0 hit points with a melee attack on
    its turn, the gnoll can take a bonus action to move up to half its speed and make a bite
    attack"), asked once a creature dropped: its bite and whom it bites, or None. Decision (no
    map): it bites where it stands, the first hero in the target order (T2) still standing
    that it may attack in normal mêlée there (A1: in its group, at its rank)."""
    trait = monster.trait(TraitKind.RAMPAGE)
    group = fight.group_of(monster.name)
    if trait is None or group is None:
        return None
    bite = next((a for a in monster.attacks if a.name == trait.attack and a.is_melee), None)
    if bite is None:
        return None
    for hero in target_order(fight):
        standing = hero.name in group.members and hero.current_hp > 0 and in_fight(hero)
        if standing and melee_rank(monster, hero) is monster.rank:
            return bite, hero
    return None
