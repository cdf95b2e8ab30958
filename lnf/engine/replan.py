"""Re-planning (P6): what the plan depends on, and the grid the plan is made for.

The runner plans again before a monster acts whenever `plan_key` changed by something the plan
did not order (P6's decision: `carried_out`); the chase runs beside the grid, so its members are
left out (`grid_view`).
"""

from __future__ import annotations

from dataclasses import replace

from lnf.model import Fight, Hero
from lnf.model.plan import Move, MoveKind, Plan
from lnf.rules.chase import chasing
from lnf.rules.moves import can_act
from lnf.rules.roster import in_fight


def grid_view(fight: Fight) -> Fight:
    """The grid without those in a chase: they are away from it (C1)."""
    if not fight.chase:
        return fight
    away = chasing(fight)
    return replace(
        fight,
        heroes=tuple(h for h in fight.heroes if h.name not in away),
        monsters=tuple(m for m in fight.monsters if m.name not in away),
    )


def plan_key(fight: Fight) -> object:
    """What the monsters' plan depends on (P6): places, ranks, who stands, dots, conditions.
    Hit points only count through standing or not."""
    people = tuple(
        (c.name, c.rank, c.why, in_fight(c), c.current_hp == 0, c.conditions, c.flags)
        + ((c.c_dot, c.o_dot, c.n_dot) if isinstance(c, Hero) else ())
        for c in fight.everyone
    )
    return (people, fight.groups, fight.surprised)  # D12: surprise ending changes the plan


def orders_changed(old: Plan, new: Plan) -> bool:
    before = {o.monster: o for o in old.orders}
    return any(before.get(o.monster) != o for o in new.orders)


def carried_out(before: Fight, after: Fight, plan: Plan) -> Plan | None:
    """P6's decision: a monster carrying out its own order (its rank, its group) is no change;
    the rest of the plan stays in force, its moves said as a plan made now would say them (a
    hero joined is now a group: "joins group B"). Carrying out part of an optimal plan leaves
    the rest optimal (tests/test_replans.py checks it against re-planning). None when a move
    can no longer be said for certain (a group it was to join broke up round several heroes):
    then the monsters are planned again."""
    orders = []
    for order in plan.orders:
        move = _said_now(before, after, order.move)
        if move is None:
            return None
        orders.append(replace(order, move=move) if move != order.move else order)
    return Plan(tuple(orders))


def _said_now(before: Fight, after: Fight, move: Move) -> Move | None:
    """A join by the grid `after`'s words (M5): groups by label, unengaged heroes by name."""
    if move.kind is not MoveKind.JOIN:
        return move
    if move.group is not None:
        if any(g.label == move.group for g in after.groups):
            return move
        heroes = [
            n for n in before.group(move.group).members if isinstance(before.combatant(n), Hero)
        ]
        return Move(MoveKind.JOIN, hero=heroes[0]) if len(heroes) == 1 else None
    assert move.hero is not None
    group = after.group_of(move.hero)
    return Move(MoveKind.JOIN, group=group.label) if group is not None else move


def still_to_act(fight: Fight, plan: Plan) -> Plan:
    """P6: a plan gives orders only to the monsters that have not acted yet."""
    return Plan(tuple(o for o in plan.orders if can_act(fight, fight.monster(o.monster))))
