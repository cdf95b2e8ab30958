"""B6: the wraith's Create Specter (SRD: "The wraith targets a humanoid within 10 feet of it
that has been dead for no longer than 1 minute and died violently. The target's spirit rises as
a specter in the space of its corpse or in the nearest unoccupied space. The specter is under
the wraith's control. The wraith can have no more than seven specters under its control at one
time"), played as the treant's trees are (`rules.joining`: a `Split` step, `how` the action).

**Decisions (B6):** a hero is a humanoid. A hero dead in the fight (dead, not dying) died
within the last minute (a fight is about ten rounds) and violently: a death in a fight is one
by blows, spells or a drain, all violent (lnf does not tell them apart). Within 10 feet: the
dead leave the grid (G5), and the wraith flies 60 feet before it acts, so any hero dead in the
fight is within its reach. The first such hero in the rows (G2) who has not risen yet rises,
as "Specter of NAME" with the SRD specter's statistics (`SPECTER`, checked against the
bestiary's in a test), unengaged where its corpse lies; it acts from the next round's strike
order (S2), as a jelly's twin does. Not while the wraith has seven specters in the fight. Like
B6's spells it attacks no hero nor imposes a condition on one, so it is used only when nothing
else is possible (`rules.idle_casts`).
"""

from __future__ import annotations

from lnf.dice import DamageType, parse
from lnf.model import (
    Ability,
    Attack,
    AttackKind,
    Condition,
    Fight,
    Flag,
    Hero,
    Monster,
    Rider,
    Size,
    Trait,
    TraitKind,
)
from lnf.rules.roster import rows
from lnf.values import replace

CREATE_SPECTER = "Create Specter"
RISEN = "Specter of "
MOST_SPECTERS = 7  # "no more than seven specters under its control at one time"

_B, _P, _S = DamageType.BLUDGEONING, DamageType.PIERCING, DamageType.SLASHING
# The SRD specter, figures only (a test holds it equal to the bestiary's `monster: specter`).
SPECTER = Monster(
    name="Specter",
    kind="Specter",
    type="undead",
    cr="1",
    xp=200,
    hp=22,
    ac=12,
    speed=0,
    fly=50,
    stealth=2,
    wis=0,
    size=Size.MEDIUM,
    con_score=11,
    saves=((Ability.STR, -5), (Ability.DEX, 2)),
    flags=frozenset({Flag.INCORPOREAL}),
    resist=frozenset(
        {DamageType.ACID, DamageType.COLD, DamageType.FIRE, DamageType.LIGHTNING}
        | {DamageType.THUNDER, _B, _P, _S}
    ),
    immune=frozenset({DamageType.NECROTIC, DamageType.POISON}),
    condition_immune=frozenset(
        {Condition.CHARMED, Condition.GRAPPLED, Condition.PARALYZED, Condition.PETRIFIED}
        | {Condition.POISONED, Condition.PRONE, Condition.RESTRAINED, Condition.UNCONSCIOUS}
    ),
    attacks=(
        Attack(
            name="Life Drain",
            kind=AttackKind.MELEE,
            to_hit=4,
            damage=parse("3d6 necrotic"),
            spell=True,
            riders=(Rider(save=(Ability.CON, 10), max_hp=True),),
        ),
    ),
    traits=(
        Trait(TraitKind.SUNLIGHT_SENSITIVITY),
        Trait(TraitKind.EXHAUSTION_IMMUNE),
        Trait(TraitKind.NONMAGICAL_ONLY, stopped_by=frozenset({_B, _P, _S})),
    ),
    not_modelled=("senses: darkvision 60 ft.",),
)


def risen_name(hero: str) -> str:
    return f"{RISEN}{hero}"


def specters_of(fight: Fight) -> int:
    """The specters standing in the fight (risen ones; the wraiths of a fight share them)."""
    return sum(1 for m in fight.monsters if m.name.startswith(RISEN) and m.damage < m.hp)


def to_rise(fight: Fight) -> Hero | None:
    """The hero whose spirit a wraith raises now (see the module's decisions); None when no
    hero dead in the fight is left to rise or seven specters stand."""
    if specters_of(fight) >= MOST_SPECTERS:
        return None
    return next((h for h in rows(fight) if h.dead and risen_name(h.name) not in fight), None)


def specter(name: str) -> Monster:
    """The specter that rises, named `name`."""
    return replace(SPECTER, name=name)
