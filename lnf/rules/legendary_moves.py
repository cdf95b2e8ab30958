"""B7, M5, M6: a legendary Move or Teleport (the vampire's "moves up to its speed without
provoking opportunity attacks", the sphinxes' and the solar's Teleport) taken at the end of a
hero's turn, decided here; `lnf.engine.legendary` plays it.

**Decision (B7; docs/choices.md):** B7 takes the option with the most expected damage that
reaches; a move deals none. So a legendary Move or Teleport is taken only when no legendary
attack option reaches anyone, and only when it gives one that does: it carries the monster,
free of opportunity attacks (M6), into the group of its planned target (else of the first hero
in the target order, T2, it may join: M2 for a Move of its speed, K3's gang-up limit, R6), in
the front rank, where one of its legendary attack options then reaches with the points left,
and while a hero's turn is still to come this round (its end is when that attack may come).
The tarrasque's Move ("up to half its speed": 20 ft, slow, and provoking) makes the same join
from no group only.
"""

from __future__ import annotations

from lnf.model import LEGENDARY_ACTIONS, Fight, Hero, Monster, Rank
from lnf.model.steps import Moved
from lnf.rules.escapes import usable_escape
from lnf.rules.group_changes import moved
from lnf.rules.legal import join_targets
from lnf.rules.legendary import legendary_choice
from lnf.rules.limited import spent
from lnf.rules.monster_reactions import may_act_out_of_turn
from lnf.rules.roster import held, in_fight
from lnf.rules.state_check import check_state
from lnf.rules.target_order import target_order


def legendary_move(fight: Fight, monster: Monster, planned: str | None) -> Moved | None:
    """B7: the join a legendary Move or Teleport makes now (see the module's decision), or
    None."""
    escape = usable_escape(monster)
    if escape is None or not escape.cost or held(monster):
        return None
    if not may_act_out_of_turn(fight, monster):  # incapacitated, surprised, in a chase
        return None
    if escape.provokes and fight.group_of(monster.name) is not None:
        return None  # M2 at half its speed: a join from no group only (M6: leaving provokes)
    if legendary_choice(fight, monster, planned) is not None or not _hero_turn_left(fight):
        return None
    after_cost = fight.with_combatant(spent(monster, LEGENDARY_ACTIONS, escape.cost))
    me = after_cost.monster(monster.name)
    open_ = join_targets(after_cost, me)
    before = {v.describe() for v in check_state(fight)}
    heroes = [h.name for h in target_order(fight)]
    for name in ([planned] if planned in heroes else []) + heroes:
        group = fight.group_of(name)
        into = group.label if group is not None else name
        if into not in open_:
            continue
        front = Rank.FRONT if me.rank is not Rank.FRONT else None  # A1: where it strikes
        step = Moved(monster.name, rank=front, join=into)
        after = moved(after_cost, step)
        if {v.describe() for v in check_state(after)} - before:
            continue  # K3 (K2 broken by its joining), R6
        if legendary_choice(after, after.monster(monster.name), name) is not None:
            return step
    return None


def _hero_turn_left(fight: Fight) -> bool:
    """B7: a hero whose turn is still to come this round (its end brings the next one)."""
    turns = fight.turns
    return any(
        isinstance(c := fight.combatant(n), Hero) and in_fight(c) and n not in turns.acted
        for n in turns.order
        if n in fight
    )
