"""Opportunity attacks (M6, core-d20 D10): who may strike a combatant that moves away.

The one place M6 is decided: the runner asks it for monsters that follow their plan, for
heroes that move or flee, and the plan's text asks it to say who may strike whom. Two
clauses: the foes in the group a combatant leaves, and the enemy that last hit it with a
reach attack (A2), when it moves away from that enemy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lnf.model import Fight, Hero, Monster, Rank
from lnf.model.plan import Mode
from lnf.rules.attacks import has_melee, reach_ranks
from lnf.rules.conditions import takes_no_reactions
from lnf.rules.heads import out_of_reactions
from lnf.rules.ranks import can_fly_now
from lnf.rules.reach_state import check_reached_by as check_reached_by  # M6, moved
from lnf.rules.roster import in_fight
from lnf.rules.surprise import may_react
from lnf.rules.traits import slips_away
from lnf.values import replace

if TYPE_CHECKING:
    from lnf.model.steps import Moved


def opportunity_attackers(fight: Fight, step: Moved) -> list[str]:
    """M6, D10: the foes that may use their reaction for an opportunity attack as `step.who`
    makes `step` (fleeing is leaving too): those in the group it leaves, then the enemy that
    last hit it with a reach attack, if it moves away from that one. None if it took the
    Disengage action or slips away by a trait."""
    if not step.changes_group or step.who in fight.turns.disengaged:
        return []
    if slips_away(fight.combatant(step.who)):  # B8: Nimble Escape, Flyby
        return []
    found = _group_foes(fight, step.who)
    reacher = _reach_foe(fight, step)
    return [*found, reacher] if reacher is not None and reacher not in found else found


def _may_strike(fight: Fight, foe: Hero | Monster, me: Hero | Monster) -> bool:
    """D10: a foe standing, not incapacitated, with its reaction left and a mêlée attack."""
    if foe.side is me.side or not in_fight(foe) or foe.current_hp == 0:
        return False
    if takes_no_reactions(foe) or out_of_reactions(fight, foe) or not has_melee(foe):
        return False
    return may_react(fight, foe.name)  # D12, V-ENC1


def _group_foes(fight: Fight, leaver: str) -> list[str]:
    """M6: the foes in the group `leaver` leaves, in the same rank (front with front, free air
    with free air); none if it leaves from the back rank (R3, out of mêlée)."""
    group = fight.group_of(leaver)
    me = fight.combatant(leaver)
    if group is None or me.rank is Rank.BACK:
        return []
    return [
        name
        for name in group.members
        if _may_strike(fight, foe := fight.combatant(name), me) and foe.rank is me.rank
    ]


def moves_away(fight: Fight, step: Moved, foe: str) -> bool:
    """M6: "moving away" from `foe` is any change of group except into `foe`'s own group or
    to `foe` itself (joining an unengaged enemy makes a new group of the two, M5)."""
    if not step.changes_group:
        return False
    if step.join is None:
        return True
    if step.join == foe:
        return False
    theirs = fight.group_of(foe)
    if theirs is None:
        return True
    joined = step.join if step.join in {g.label for g in fight.groups} else None
    if joined is None and (group := fight.group_of(step.join)) is not None:
        joined = group.label
    return joined != theirs.label


def _reach_foe(fight: Fight, step: Moved) -> str | None:
    """M6's reach clause: the enemy that last hit `step.who` with a reach attack, if the step
    moves away from it and it could make that reach attack still (A2: unengaged, out-reaching
    it from the rank it stands in)."""
    me = fight.combatant(step.who)
    reacher = me.reached_by
    if reacher is None or reacher not in fight or not moves_away(fight, step, reacher):
        return None
    foe = fight.combatant(reacher)
    if not _may_strike(fight, foe, me) or fight.group_of(reacher) is not None:
        return None
    return reacher if foe.rank in reach_ranks(foe.longest_reach, me, can_fly_now(foe)) else None


def opportunity_mode(fight: Fight, attacker: str, target: str) -> Mode:
    """M6: an opportunity attack from the group the target leaves is a mêlée attack (A1); the
    reach clause's is a reach attack (A2)."""
    group = fight.group_of(target)
    return Mode.MELEE if group is not None and attacker in group.members else Mode.REACH


def after_hit(target: Hero | Monster, attacker: str, mode: Mode) -> Hero | Monster:
    """M6: a hit makes its attacker the one that last hit the target; a reach attack's leaves
    the target open to the reach clause, any other hit closes it. A hit that changes nothing
    (most: a melee hit on a target no reach left open) leaves the very same target."""
    reached_by = attacker if mode is Mode.REACH else None
    return target if target.reached_by == reached_by else replace(target, reached_by=reached_by)


def after_move(fight: Fight, c: Hero | Monster, step: Moved) -> Hero | Monster:
    """M6: once a combatant has moved away from the enemy that last hit it with reach, it is
    out of that reach until the next such hit."""
    if c.reached_by is not None and moves_away(fight, step, c.reached_by):
        return replace(c, reached_by=None)
    return c
