"""B10: Split, decided once (the ochre jelly's and black pudding's reaction, SRD: "When a jelly
that is Medium or larger is subjected to lightning or slashing damage, it splits into two new
jellies if it has at least 10 hit points. Each new jelly has hit points equal to half the
original jelly's, rounded down. New jellies are one size smaller than the original jelly").

Decisions: "subjected to" is being a target of the damage, whatever its immunities (both are
immune to lightning and slashing: it splits all the same); "at least 10 hit points" is after
the damage; the jelly is one of the two new ones (it keeps its name, its place and what lasts
on it), the other is a fresh creature that joins its group at its rank, placed after it in
danger order (G3), and acts from the next round's strike order (S2). The reaction is spent:
once a round."""

from __future__ import annotations

import re
from collections.abc import Iterable

from lnf.dice import DamageType
from lnf.model import Fight, Group, Monster, Size, TraitKind
from lnf.rules.conditions import takes_no_reactions
from lnf.rules.monster_reactions import may_act_out_of_turn
from lnf.values import replace

SPLITTING = frozenset({DamageType.LIGHTNING, DamageType.SLASHING})
_SIZES = list(Size)


def splitters(
    fight: Fight, types: Iterable[DamageType | None], targets: Iterable[str]
) -> list[str]:
    """The jellies among `targets` (hit by damage of `types`) that split now."""
    if not SPLITTING & set(types):
        return []
    out = []
    for name in targets:
        c = fight.combatant(name) if name in fight else None
        if not isinstance(c, Monster) or (trait := c.trait(TraitKind.SPLIT)) is None:
            continue
        big = c.size is not None and _SIZES.index(c.size) >= _SIZES.index(Size.MEDIUM)
        if not big or c.current_hp < trait.hp or name in fight.turns.reacted:
            continue
        if may_act_out_of_turn(fight, c) and not takes_no_reactions(c) and name not in out:
            out.append(name)
    return out


def twin_name(fight: Fight, name: str) -> str:
    """The new jelly's name: `Ochre Jelly (2)`, the first number free (a twin's twin is
    `Ochre Jelly (3)`)."""
    base = re.sub(r" \(\d+\)$", "", name)
    k = 2
    while f"{base} ({k})" in fight:
        k += 1
    return f"{base} ({k})"


def split_fight(fight: Fight, who: str, into: str) -> Fight:
    """The fight after `who` splits into itself and `into` (see the module's decisions)."""
    c = fight.monster(who)
    smaller = _SIZES[max(0, _SIZES.index(c.size) - 1)] if c.size is not None else None
    one = replace(c, hp=c.current_hp // 2, damage=0, temp_hp=0, size=smaller)
    two = replace(one, name=into, conditions=frozenset())
    monsters: list[Monster] = []
    for m in fight.monsters:
        monsters += [one, two] if m.name == who else [m]
    groups = tuple(
        Group(g.label, (*g.members, into)) if who in g.members else g for g in fight.groups
    )
    turns = replace(fight.turns, reacted=fight.turns.reacted | {who})
    return replace(fight, monsters=tuple(monsters), groups=groups, turns=turns)
