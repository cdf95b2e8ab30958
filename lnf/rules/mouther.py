"""B8: the gibbering mouther's two auras, each on a creature that starts its turn near it (no
map: its 10 and 20 feet are its mêlée group, as a Stench's or a Fear Aura's, B4).

Aberrant Ground (SRD: "The ground in a 10-foot radius around the mouther is doughlike difficult
terrain. Each creature that starts its turn in that area must succeed on a DC 10 Strength
saving throw or have its speed reduced to 0 until the start of its next turn"): a failure is
`mired` (speed 0, `rules.roster.speed_now`: it cannot leave, join or flee, M4). **Decision (no
map):** the difficult terrain itself is the map's — lnf measures no feet inside a group, and
the speed of 0 is what holds a creature there.

Gibbering (SRD: "while it can see any creature and isn't incapacitated. Each creature that
starts its turn within 20 feet of the mouther and can hear the gibbering must succeed on a DC
10 Wisdom saving throw. On a failure, the creature can't take reactions until the start of its
next turn and rolls a d8"): a failure is `gibbering` (no reactions) and the d8 picks the turn
(`gibbering_does`), played as Confusion's d10 is (`engine.confusion`): 1–4 nothing; 5–6 no
action and a move in a random direction — without a map no move, as Confusion's 1; 7–8 a
mêlée attack at a creature in its reach picked by a die, or nothing.

**Decision:** the auras catch the heroes (the mouther's foes) and not a monster fighting beside
it: lnf's plan orders each monster's turn before it starts, and a turn picked by a die is no
order (a DM who sets monsters beside a mouther rules them). A deafened hero does not hear the
gibbering; a blinded mouther sees nobody and does not babble."""

from __future__ import annotations

from lnf.errors import Refused
from lnf.model import Ability, Condition, Fight, Hero, Monster, Trait, TraitKind
from lnf.rules.conditions import ATTACKS, NOTHING, STAYS
from lnf.rules.roster import in_fight, incapacitated

MOUTHER_AURAS: dict[TraitKind, tuple[Ability, Condition]] = {
    TraitKind.ABERRANT_GROUND: (Ability.STR, Condition.MIRED),
    TraitKind.GIBBERING: (Ability.WIS, Condition.GIBBERING),
}


def mouthers_catching(fight: Fight, who: str) -> list[tuple[Monster, Trait]]:
    """The mouthers' auras in `who`'s group that make it save as its turn starts: a hero in
    the fight, each trait of each mouther standing there (Gibbering only from a mouther that
    sees and is not incapacitated, and only on a hero that is not deafened)."""
    me = fight.combatant(who)
    group = fight.group_of(who)
    if group is None or not isinstance(me, Hero) or not in_fight(me):
        return []
    out = []
    for name in group.members:
        m = fight.combatant(name)
        if not isinstance(m, Monster) or not in_fight(m) or m.current_hp == 0:
            continue
        for trait in m.traits:
            if trait.kind not in MOUTHER_AURAS:
                continue
            if trait.kind is TraitKind.GIBBERING and (
                incapacitated(m)
                or Condition.BLINDED in m.conditions
                or Condition.DEAFENED in me.conditions
            ):
                continue
            out.append((m, trait))
    return out


def gibbering_does(face: int) -> str:
    """Gibbering's d8, by face: 1–4 `NOTHING`; 5–6 "no action or bonus action and uses all
    its movement to move in a randomly determined direction" — `STAYS` without a map; 7–8
    `ATTACKS` (a mêlée attack at a creature in its reach, rolled; nothing without one)."""
    if not 1 <= face <= 8:
        raise Refused(f"a d8 shows 1 to 8, not {face}", "B8")
    return NOTHING if face <= 4 else STAYS if face <= 6 else ATTACKS
