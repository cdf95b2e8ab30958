"""B8: the monsters' auras that catch a creature as its turn starts in their mêlée group (no map:
"within 10 feet" is the group, as for Spirit Guardians, F7): Stench (a Constitution save or
poisoned) and Fear Aura (a Wisdom save or frightened), each until the start of the creature's
next turn; a success makes it immune to that monster's aura for 24 hours."""

from __future__ import annotations

from lnf.model import Ability, Condition, Fight, Monster, Trait, TraitKind
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
