"""B8: the monsters' auras that catch a creature as its turn starts in their mêlée group (no map:
"within 10 feet" is the group, as for Spirit Guardians, F7): Stench (a Constitution save or
poisoned) and Fear Aura (a Wisdom save or frightened), each until the start of the creature's
next turn; a success makes it immune to that monster's aura for 24 hours. Petrifying Gaze: a
foe's save or turning to stone (restrained), petrified when its save at that turn's end fails."""

from __future__ import annotations

from lnf.model import Ability, Condition, Fight, Monster, Trait, TraitKind
from lnf.rules.conditions import condition_immune, takes_no_reactions
from lnf.rules.monster_reactions import may_act_out_of_turn
from lnf.rules.roster import in_fight, incapacitated

# What each aura's save is and what its failure imposes, as the SRD's texts say
AURAS: dict[TraitKind, tuple[Ability, Condition]] = {
    TraitKind.STENCH: (Ability.CON, Condition.POISONED),
    TraitKind.FEAR_AURA: (Ability.WIS, Condition.FRIGHTENED),
}


def immunity(monster: str, trait: Trait) -> str:
    """The effect a success leaves: "immune to Ghast's Stench" (24 hours)."""
    return f"immune to {monster}'s {trait.title}"


def auras_catching(fight: Fight, who: str) -> list[tuple[Monster, Trait]]:
    """Stench (SRD: "Any creature that starts its turn within 5 ft. of the ghast must succeed
    on a DC 10 Constitution saving throw or be poisoned until the start of its next turn. On a
    successful saving throw, the creature is immune to the ghast's Stench for 24 hours") and
    Fear Aura (SRD: "Any creature hostile to the pit fiend that starts its turn within 20 feet
    of the pit fiend must make a DC 21 Wisdom saving throw, unless the pit fiend is
    incapacitated"): the auras of the other monsters in `who`'s group that make it save as its
    turn starts. Not one it is immune to (its condition immunity, or a success in the last 24
    hours); Stench catches any creature, Fear Aura only the monster's foes."""
    me = fight.combatant(who)
    group = fight.group_of(who)
    if group is None or not in_fight(me):
        return []
    out = []
    for name in group.members:
        m = fight.combatant(name)
        if name == who or not isinstance(m, Monster) or not in_fight(m) or m.current_hp == 0:
            continue
        for trait in m.traits:
            if trait.kind not in AURAS:
                continue
            if trait.kind is TraitKind.FEAR_AURA and (m.side is me.side or incapacitated(m)):
                continue
            condition = AURAS[trait.kind][1]
            if isinstance(me, Monster) and condition in me.condition_immune:
                continue
            said = immunity(m.name, trait)
            if any(e.who == who and e.what == said for e in fight.effects):
                continue
            out.append((m, trait))
    return out


STONE = "turning to stone"  # the effect a failed save against a Petrifying Gaze begins


def gazes_catching(fight: Fight, who: str) -> list[tuple[Monster, Trait]]:
    """Petrifying Gaze (SRD: "If a creature starts its turn within 30 ft. of the basilisk and
    the two of them can see each other, the basilisk can force the creature to make a DC 12
    Constitution saving throw if the basilisk isn't incapacitated"): the gazes that make `who`
    save as its turn starts. Decisions (no map): 30 feet is its group, as for an aura; it
    forces only its foes; lnf's heroes do not avert their eyes; none that is blinded or
    unconscious sees (a hero at 0 hit points is unconscious, D8), and one already turning to
    stone or petrified is not made to save again."""
    me = fight.combatant(who)
    group = fight.group_of(who)
    stoned = {Condition.PETRIFIED, Condition.BLINDED, Condition.UNCONSCIOUS}
    if group is None or not in_fight(me) or me.conditions & stoned or me.current_hp == 0:
        return []
    if any(e.who == who and e.what.startswith(STONE) for e in fight.effects):
        return []
    out = []
    for name in group.members:
        m = fight.combatant(name)
        if not isinstance(m, Monster) or m.side is me.side or not in_fight(m):
            continue
        trait = m.trait(TraitKind.PETRIFYING_GAZE)
        if trait is not None and not incapacitated(m) and Condition.BLINDED not in m.conditions:
            out.append((m, trait))
    return out[:1]  # one gaze's save at a time: a creature turning to stone saves no more


def petrified_at_once(trait: Trait, total: int) -> bool:
    """The medusa's "If the saving throw fails by 5 or more, the creature is instantly
    petrified": a failed save's total `total` against its DC."""
    return bool(trait.hp) and total <= trait.dc - trait.hp


def turns_to_stone(what: str) -> bool:
    """The effect whose failed repeat save petrifies ("It must repeat the saving throw at the
    end of its next turn … On a failure, the creature is petrified")."""
    return what.startswith(STONE)


def mask_catching(fight: Fight, who: str) -> tuple[Monster, Trait] | None:
    """Unnerving Mask (SRD, a reaction: "When a creature the devil can see starts its turn
    within 30 feet of the devil, the devil can create the illusion … If the creature can see
    the devil, it must succeed on a DC 14 Wisdom saving throw or be frightened until the end
    of its turn"): the monster that uses it on `who` as its turn starts, or None. Decisions
    (no map): 30 feet is its group, as for a gaze; it unnerves only its foes, at the first
    chance each round (its reaction, D10), not one frightened already or immune to fear; a
    blinded devil sees nobody and a blinded creature does not see the devil."""
    me = fight.combatant(who)
    group = fight.group_of(who)
    if group is None or not in_fight(me) or me.conditions & {Condition.BLINDED}:
        return None
    if Condition.FRIGHTENED in me.conditions or Condition.FRIGHTENED in condition_immune(me):
        return None
    for name in group.members:
        m = fight.combatant(name)
        if not isinstance(m, Monster) or m.side is me.side or m.current_hp == 0:
            continue
        trait = m.trait(TraitKind.UNNERVING_MASK)
        if trait is None or name in fight.turns.reacted or Condition.BLINDED in m.conditions:
            continue
        if may_act_out_of_turn(fight, m) and not takes_no_reactions(m):
            return m, trait
    return None


def horror(monster: str) -> str:
    """The effect a failed save against a Horrific Appearance begins: "frightened (Sea Hag's
    Horrific Appearance)"; its bearer is immune to it while it lasts."""
    return f"{Condition.FRIGHTENED} ({monster}'s Horrific Appearance)"


def horrors_catching(fight: Fight, who: str) -> list[tuple[Monster, Trait]]:
    """Horrific Appearance (SRD: "Any humanoid that starts its turn within 30 feet of the hag
    and can see the hag's true form must make a DC 11 Wisdom saving throw"): the monsters
    whose appearance makes `who` save as its turn starts. Decisions (no map): 30 feet is its
    group, as for an aura; a hero is a humanoid (the PHB's peoples), a monster when its type
    says so; only the hag's foes (its allies live beside it, so within the 24 hours of
    immunity their last sight of it gave them); lnf's heroes do not avert their eyes (as from
    a Petrifying Gaze) and a hag fights in its true form; a blinded creature does not see it;
    one frightened by it, or immune (its condition immunity, a save in the last 24 hours), is
    not caught."""
    me = fight.combatant(who)
    group = fight.group_of(who)
    if group is None or not in_fight(me) or Condition.BLINDED in me.conditions:
        return []
    if isinstance(me, Monster) and (
        not me.type.startswith("humanoid") or Condition.FRIGHTENED in me.condition_immune
    ):
        return []
    out = []
    for name in group.members:
        m = fight.combatant(name)
        if not isinstance(m, Monster) or m.side is me.side or not in_fight(m) or not m.current_hp:
            continue
        trait = m.trait(TraitKind.HORRIFIC_APPEARANCE)
        if trait is None:
            continue
        shunned = (horror(name), immunity(name, trait))
        if not any(e.who == who and e.what in shunned for e in fight.effects):
            out.append((m, trait))
    return out


def in_sight_repeat(fight: Fight, who: str, what: str) -> str:
    """B8: a repeated save at disadvantage while its causer is in sight (`Lasting.in_sight`:
    the sea hag's Horrific Appearance, "with disadvantage if the hag is within line of sight";
    the quasit's Scare, the tarrasque's Frightful Presence): the words of that disadvantage
    on `who`'s repeat save against the effect `what`, or "". Decision (no map): its causer is
    in sight while it is in the fight and `who` is not blinded."""
    found = next((e for e in fight.effects if e.who == who and e.what == what), None)
    if found is None or not found.lasting.in_sight or found.by not in fight:
        return ""
    if not in_fight(fight.combatant(found.by)):
        return ""
    if Condition.BLINDED in fight.combatant(who).conditions:
        return ""
    return f"{found.by} is in sight"
