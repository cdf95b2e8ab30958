"""Re-planning (P6): what the plan depends on, and the grid the plan is made for.

The runner plans again before a monster acts whenever `plan_key` changed by something the plan
did not order (P6's decision: `carried_out`); the chase runs beside the grid, so its members are
left out (`grid_view`).
"""

from __future__ import annotations

from collections.abc import Sequence

from lnf.model import Fight, Hero, Monster
from lnf.model.applied import Applied
from lnf.model.events import Planned, RoundStarted, Turn
from lnf.model.plan import Move, MoveKind, Order, Plan
from lnf.rules.chase import chasing
from lnf.rules.group_changes import order_step
from lnf.rules.moves import can_act
from lnf.rules.roster import in_fight
from lnf.rules.specials import check_usable
from lnf.values import by_identities, by_identity, replace


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


@by_identity  # asked again of the same grid: as a monster's turn ends and as the next begins
def plan_key(fight: Fight) -> object:
    """What the monsters' plan depends on (P6): places, ranks, who stands, dots, conditions.
    Hit points only count through standing or not."""
    people = tuple(_planned_row(c) for c in fight.everyone)
    return (people, fight.groups, fight.surprised)  # D12: surprise ending changes the plan


ROWS_KEPT = 4096  # combatants remembered (`_planned_row`): a few grids' worth at 50 × 500


@by_identities(ROWS_KEPT)
def _planned_row(c: Hero | Monster) -> tuple[object, ...]:
    """One combatant's part of `plan_key`, remembered by the combatant's identity: a fight after
    an event shares every combatant the event left alone, so most parts are asked again of the
    very same (frozen) object."""
    row: tuple[object, ...] = (c.name, c.rank, c.why, in_fight(c), c.current_hp == 0)
    row += (c.conditions, c.flags)
    return row + ((c.c_dot, c.o_dot, c.n_dot) if isinstance(c, Hero) else ())


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


def spent_from_under(fight: Fight, plan: Plan) -> bool:
    """P6's decision: a monster that can no longer do as ordered is a change. A reaction may
    spend what an order needs (a mage's Shield takes the slot its Magic Missile was to use);
    then the monsters still to act plan again (B2: `check_usable`, as the validator asks)."""
    for order in _with_actions(plan):
        if order.monster in fight:
            monster = fight.monster(order.monster)
            if can_act(fight, monster) and check_usable(monster, order.action):
                return True
    return False


@by_identity  # asked before every monster's turn: a battle's plan of weapons has none
def _with_actions(plan: Plan) -> tuple[Order, ...]:
    return tuple(o for o in plan.orders if o.action)


def still_to_act(fight: Fight, plan: Plan) -> Plan:
    """P6: a plan gives orders only to the monsters that have not acted yet."""
    return Plan(tuple(o for o in plan.orders if can_act(fight, fight.monster(o.monster))))


def this_round(records: Sequence[Applied]) -> Sequence[Applied] | None:
    """The records since the round under way started; None before the first round."""
    starts = [i for i, r in enumerate(records) if isinstance(r.event, RoundStarted)]
    return records[starts[-1] + 1 :] if starts else None


def logged_for(records: Sequence[Applied], fight: Fight, *, kept: bool) -> bool:
    """P6: whether the log alone gives the plan in force for `fight` as it is now, as a
    command that carries on (or the players' page, which never plans) reads it."""
    later = this_round(records)
    logged = logged_plan(later, kept=kept) if later is not None else None
    return logged is not None and logged[0][0] == plan_key(grid_view(fight))


def logged_plan(
    records: Sequence[Applied], *, kept: bool
) -> tuple[tuple[object, Plan], str, Plan | None] | None:
    """P6 when a stopped fight carries on (None if `records` hold no plan): the plan in force as
    the runner left it, keyed by its grid — the last plan logged, kept through each order
    carried out since (`kept`: P6's decision, `Runner.own_orders_kept`) — its note, and the plan
    before the orders carried out since, to tell again (None when none was)."""
    found = [i for i, r in enumerate(records) if isinstance(r.event, Planned)]
    if not found:
        return None
    planned = records[found[-1]].event
    assert isinstance(planned, Planned)
    state = (plan_key(grid_view(records[found[-1]].before)), Plan(planned.orders))
    told: Plan | None = None
    for record in records[found[-1] + 1 :]:
        move = _ordered_move(record, state[1]) if kept else None
        if move is None or state[0] != plan_key(move[0]):
            continue
        if (plan := carried_out(*move, state[1])) is not None:
            told, state = told or state[1], (plan_key(move[1]), plan)
    return state, planned.note, told


def _ordered_move(record: Applied, plan: Plan) -> tuple[Fight, Fight] | None:
    """The grid before and after the move a logged monster's turn made to carry out its order in
    `plan` (the step the runner takes, `order_step`); None when it made no such move."""
    event = record.event
    order = plan.order_for(event.who) if isinstance(event, Turn) else None
    if order is None:
        return None
    for done in record.steps:
        if done.step == order_step(done.before, order):
            return grid_view(done.before), grid_view(done.after)
    return None
