"""B6, B10: a creature that joins the fight on a monster's side by its action (the wraith's
Create Specter: `rules.specters`) — the treant's
Animate Trees (SRD: "The treant magically animates one or two trees it can see within 60 feet
of it. These trees have the same statistics as a treant, except they have Intelligence and
Charisma scores of 1, they can't speak, and they have only the Slam action option. An
animated tree acts as an ally of the treant"). It is played as the jellies' Split is: a
`Split` step (`how`: the action's name) adds the new creature to the grid, and the log
replays and undoes it.

**Decisions (B6):** Animate Trees neither attacks a hero nor imposes a condition on one, so
it is used only when nothing else is possible (`rules.idle_casts`), as B6's spells are. A
fight without a map has the trees a treant stands among (its forest): it animates two, the
most the text allows. Each is a fresh treant (full hit points, none of the treant's damage,
conditions or effects), named "Animated Tree N" (its own kind: its one Slam makes it less
dangerous than a treant, G3), with Intelligence and Charisma saves of -5 (a score of 1), one
Slam a turn (no Multiattack, no Rock, no Animate Trees) and nothing limited. It joins the
treant's mêlée group at the treant's rank (the trees stood where the treant fights), placed
after it in danger order (G3), and acts from the next round's strike order (S2), as a twin
does. "until the treant dies … The tree then takes root": when the treant dies, each tree it
animated (its DM note "animated by Treant") is out of the fight at once (`rooted`), said as
its end; its distance from the treant and the bonus action that ends it need a map or are
never the plan's.
"""

from __future__ import annotations

import re

from lnf.model import Ability, Fight, Group, Monster
from lnf.rules.specters import CREATE_SPECTER, RISEN, specter
from lnf.values import replace

ANIMATE_TREES = "Animate Trees"
TREE = "Animated Tree"
TREE_ATTACK = "Slam"  # "they have only the Slam action option"
ANIMATED_BY = "animated by "  # the tree's DM note: the treant whose death ends it
TREE_SAVE = -5  # "Intelligence and Charisma scores of 1": a modifier of -5


def tree_names(fight: Fight, count: int) -> tuple[str, ...]:
    """The names of `count` new trees: `Animated Tree 1`, `Animated Tree 2`, the first free."""
    out: list[str] = []
    k = 1
    while len(out) < count:
        if f"{TREE} {k}" not in fight:
            out.append(f"{TREE} {k}")
        k += 1
    return tuple(out)


def animated_tree(treant: Monster, name: str) -> Monster:
    """The tree `treant` animates, named `name` (see the module's decisions)."""
    slam = [replace(a, times=1) for a in treant.attacks if a.name == TREE_ATTACK]
    saves = dict(treant.saves) | {Ability.INT: TREE_SAVE, Ability.CHA: TREE_SAVE}
    return replace(
        treant,
        name=name,
        kind=TREE,
        damage=0,
        temp_hp=0,
        conditions=frozenset(),
        effects=(f"{ANIMATED_BY}{treant.name}",),
        saves=tuple(saves.items()),
        attacks=tuple(slam),
        multiattack=(),
        multiattack_options=(),
        actions=(),
        legendary=(),
        resources=(),
        escape=None,
        reached_by=None,
        not_modelled=(),
    )


def rooted(before: Fight, after: Fight) -> tuple[str, ...]:
    """B6: the trees standing in `after` whose treant was alive in `before` and is dead now:
    they take root (see the module's decisions)."""
    gone = {
        m.name
        for m in after.monsters
        if m.name in before and before.monster(m.name).damage < m.hp <= m.damage
    }
    return tuple(
        m.name
        for m in after.monsters
        if m.damage < m.hp
        and any(e.startswith(ANIMATED_BY) and e[len(ANIMATED_BY) :] in gone for e in m.effects)
    )


def joining_kind(maker: Monster, how: str) -> str:
    """What `maker`'s action `how` brings: ANIMATE_TREES (`effect: {animates: N}`),
    CREATE_SPECTER (`raises: true`), or "" when it brings nobody (a log's step checked)."""
    action = next((a for a in maker.actions if a.name == how), None)
    effect = action.effect if action is not None else None
    if effect is not None and effect.animates:
        return ANIMATE_TREES
    return CREATE_SPECTER if effect is not None and effect.raises else ""


def joined_fight(fight: Fight, who: str, into: str, how: str) -> Fight:
    """The fight after `into`, made by `who`'s action `how`, joins `who`'s group (B6)."""
    maker = fight.monster(who)
    trees = joining_kind(maker, how) == ANIMATE_TREES
    new = animated_tree(maker, into) if trees else specter(into)
    by_name = {m.name: m for m in fight.monsters} | {into: new}
    order = _after(tuple(m.name for m in fight.monsters), who, into)
    monsters = tuple(by_name[n] for n in order)
    groups = tuple(  # a specter rises unengaged, where its corpse lies (rules.specters)
        Group(g.label, _after(g.members, who, into)) if who in g.members and trees else g
        for g in fight.groups
    )
    return replace(fight, monsters=monsters, groups=groups)


def _after(members: tuple[str, ...], who: str, into: str) -> tuple[str, ...]:
    """`into` after `who` and those who joined it before (Animated Tree 1, then 2)."""
    at = members.index(who) + 1
    while at < len(members) and re.fullmatch(rf"{TREE} \d+|{RISEN}.+", members[at]):
        at += 1
    return (*members[:at], into, *members[at:])
