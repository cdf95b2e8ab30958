"""B8: Berserk, decided once (the clay and flesh golems', SRD: "Whenever the golem starts its
turn with 40 hit points or fewer, roll a d6. On a 6, the golem goes berserk. On each of its
turns while berserk, the golem attacks the nearest creature it can see. If no creature is near
enough to move to and attack, the golem attacks an object … Once the golem goes berserk, it
continues to do so until it is destroyed or regains all its hit points").

Decisions (no map): the nearest creatures are those of its mêlée group (G5: within 5 feet of
it), allies and foes alike, one picked by a die when there are several; a golem in no group
has every creature as near as any other, so it fights as the plan says (it attacks a hero it
sees). Creatures it cannot see (invisible, hidden) are not picked. The flesh golem's creator
calming it is the DM's (the DM takes the effect off, F4)."""

from __future__ import annotations

from lnf.model import Condition, Fight, Monster, TraitKind
from lnf.rules.roster import in_fight

BERSERK = "berserk (it attacks the nearest creature)"  # the effect on it, F4


def is_berserk(fight: Fight, m: Monster) -> bool:
    return any(e.who == m.name and e.what == BERSERK for e in fight.effects)


def rolls_for_berserk(fight: Fight, m: Monster) -> bool:
    """As its turn starts: at its trait's hit points or fewer, not berserk yet."""
    trait = m.trait(TraitKind.BERSERK)
    return (
        trait is not None
        and in_fight(m)
        and 0 < m.current_hp <= trait.hp
        and not is_berserk(fight, m)
    )


def calmed(fight: Fight, m: Monster) -> bool:
    """Berserk ends as its turn starts with all its hit points back."""
    return is_berserk(fight, m) and m.current_hp >= m.hp


def nearest(fight: Fight, m: Monster) -> list[str]:
    """The creatures of its group it can see (in the group's order); [] in no group."""
    group = fight.group_of(m.name)
    if group is None:
        return []
    out = []
    for name in group.members:
        c = fight.combatant(name)
        if name == m.name or not in_fight(c) or c.current_hp == 0:
            continue
        if Condition.INVISIBLE in c.conditions:
            continue
        out.append(name)
    return out
