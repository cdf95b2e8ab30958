"""B6, F7 Globe of Invulnerability on a monster: "An immobile, faintly shimmering barrier
springs into existence in a 10-foot radius around you … Any spell of 5th level or lower cast
from outside the barrier can't affect creatures or objects within it, even if the spell is
cast using a higher level spell slot."

**Decision (B6):** without a map, the barrier holds its caster's mêlée group (10 feet around
it: the group, as B4 takes 5 feet); a hero's spell of the 5th level or lower (its own level:
a cantrip's is 0), cast from outside that group, has no effect on a monster inside it — a
spell's attack roll is not made, a save spell leaves that target out (said as a `Warded`
step). A hero inside the group casts from inside: its spells work. A hero's spell on a hero
inside (a heal) is not stopped by lnf (it plays the monsters' side of the barrier). The caster
concentrates on it, 1 minute, and casts it on itself only when nothing else is possible (B6's
idle cast); immobile, it stays with the group the caster stood in."""

from __future__ import annotations

from lnf.model import Attack, Condition, Fight, Hero, Monster
from lnf.rules.roster import in_fight

HIGHEST = 5  # "Any spell of 5th level or lower"


def globe_around(fight: Fight, caster: Hero, target: Monster, spell: Attack) -> str:
    """The monster whose globe keeps `caster`'s `spell` from `target` ("" for none): the spell
    is of the 5th level or lower, `target` stands in the globe's group, `caster` outside it."""
    if not (spell.spell or spell.slot) or spell.slot > HIGHEST:
        return ""
    for m in fight.monsters:
        if Condition.GLOBE_WARDED not in m.conditions or not in_fight(m):
            continue
        group = fight.group_of(m.name)
        inside = set(group.members) if group is not None else {m.name}
        if target.name in inside and caster.name not in inside:
            return m.name
    return ""
