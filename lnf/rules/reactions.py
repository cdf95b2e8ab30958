"""Reactions (M6, core-d20 D10): who may take an opportunity attack on a combatant leaving its
group."""

from __future__ import annotations

from lnf.model import Fight, Hero, Monster, Rank
from lnf.model.plan import Move
from lnf.rules.attacks import has_melee
from lnf.rules.moves import leaves_group
from lnf.rules.roster import in_fight, incapacitated


def reaction_foes(fight: Fight, leaver: str) -> list[str]:
    """M6, D10: foes in the group `leaver` is leaving that can still use a reaction on it:
    standing, not incapacitated, with a mêlée attack, in the same rank (front or free air)."""
    group = fight.group_of(leaver)
    me = fight.combatant(leaver)
    if group is None or me.rank is Rank.BACK:
        return []
    foes = []
    for name in group.members:
        foe = fight.combatant(name)
        if foe.side is me.side or not in_fight(foe) or foe.current_hp == 0:
            continue
        if incapacitated(foe) or name in fight.turns.reacted or not has_melee(foe):
            continue
        if foe.rank is me.rank:
            foes.append(name)
    return foes


def opportunity_attackers(fight: Fight, monster: Monster, move: Move) -> list[Hero]:
    """M6, D10: the heroes a planned move would let take an opportunity attack."""
    if not leaves_group(fight, monster.name, move):
        return []
    return [fight.hero(name) for name in reaction_foes(fight, monster.name)]
