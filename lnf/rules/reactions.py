"""Opportunity attacks (M6, core-d20 D10): who may strike a combatant that leaves its group.

The one place M6 is decided: the runner asks it for monsters that follow their plan, for
heroes that move or flee, and the plan's text asks it to say who may strike whom.
"""

from __future__ import annotations

from lnf.model import Fight, Rank
from lnf.model.events import Moved
from lnf.rules.attacks import has_melee
from lnf.rules.roster import in_fight, incapacitated
from lnf.rules.surprise import may_react


def opportunity_attackers(fight: Fight, step: Moved) -> list[str]:
    """M6, D10: the foes that may use their reaction for an opportunity attack as `step.who`
    makes `step` (fleeing is leaving too). None unless the move takes it out of its group;
    none if it took the Disengage action or leaves from the back rank (R3, out of mêlée).
    Each is a foe in that group, standing, not incapacitated, with its reaction left and a
    mêlée attack, in the same rank (front with front, free air with free air)."""
    leaver = step.who
    group = fight.group_of(leaver)
    if group is None or not step.changes_group or leaver in fight.turns.disengaged:
        return []
    me = fight.combatant(leaver)
    if me.rank is Rank.BACK:
        return []
    foes = []
    for name in group.members:
        foe = fight.combatant(name)
        if foe.side is me.side or not in_fight(foe) or foe.current_hp == 0:
            continue
        if incapacitated(foe) or name in fight.turns.reacted or not has_melee(foe):
            continue
        if not may_react(fight, name):  # D12, V-ENC1
            continue
        if foe.rank is me.rank:
            foes.append(name)
    return foes
