"""Greedy monsters, as other simulators play them: each monster in danger order (G3) takes the
first legal target, one at a time, instead of LNF's joint plan (P3, P4). `lnf odds --monsters
greedy` plays the same fights with them, so a DM sees what the joint plan changes.

"First legal target": the heroes down the rows as the grid lists them (G2), blind to the dots
and the target order (T1, T2) as other tools are, and leaving the downed alone while anyone
stands; for each, the first order the rules allow
given the orders already taken: from where it stands (mêlée, reach, then ranged), else
joining the hero (mêlée). It keeps its rank while R6 lets it: when the front-rank count no
longer holds (its guards fell), the last of those it names in danger order steps to the front
rank, and so on until the count holds. A monster with a special action or spell it may
use now (B1, B2) uses the first in its stat block that reaches a hero from where it stands, as
peers take the first usable action from a list: at the heroes down the rows, an area filled
group by group as E3 and B5 allow (`rules.specials.best_catch` in row order).

Nothing is solved: the validator (`check_plan`) is the only judge, and the plan it ends with is
legal as a whole (orders that would break a rule counted over all monsters, R6 or K2, are
dropped from the last back). Each candidate is judged as `check_plan` would judge the orders
so far with it, counted as the plan grows (`rules.plan_growth`)."""

from __future__ import annotations

from lnf.errors import Violation
from lnf.model import Fight, Monster, Rank
from lnf.model.plan import STAY, Mode, Move, MoveKind, Order, Plan
from lnf.rules.catches import best_catch
from lnf.rules.moves import can_act, start_spot
from lnf.rules.multiattack_first import with_first
from lnf.rules.plan_check import check_order, check_plan
from lnf.rules.plan_growth import GrowingPlan
from lnf.rules.roster import downed, in_fight, monsters, rows
from lnf.rules.specials import action_mode, usable
from lnf.values import replace

MODES = (Mode.MELEE, Mode.REACH, Mode.RANGED)


def greedy_plan(fight: Fight) -> Plan:
    forward: set[str] = set()  # R6: monsters that may no longer keep the back rank
    own = _Own()
    while True:
        plan = _greedy(fight, forward, own)
        count = [v for v in check_plan(fight, plan, own) if v.rule == "R6"]
        stepping = [n for v in count for n in v.who if n in fight and n not in forward]
        if not stepping:
            return plan
        forward.add(stepping[-1])


class _Own:
    """The validator's check of each order on its own (`check_order`), remembered for the one
    fight a greedy plan is made for: each candidate order is judged with the orders taken
    before it, whose own checks are the same every time (the rules counted over the plan are
    still worked out whole)."""

    def __init__(self) -> None:
        # by the order's identity (the orders taken are the very same objects each time), the
        # order kept beside its checks so that its id is not reused
        self.checked: dict[int, tuple[Order, list[Violation]]] = {}

    def __call__(self, fight: Fight, order: Order) -> list[Violation]:
        seen = self.checked.get(id(order))
        if seen is None or seen[0] is not order:
            seen = self.checked[id(order)] = (order, check_order(fight, order))
        return seen[1]


def _greedy(fight: Fight, forward: set[str], own: _Own) -> Plan:
    orders: list[Order] = []
    grown = GrowingPlan(fight, own)  # the orders taken, as the validator counts them
    for monster in monsters(fight):
        if can_act(fight, monster):
            rank = Rank.FRONT if monster.name in forward else monster.rank
            orders.append(_first_legal(fight, replace(monster, rank=rank), grown))
            grown.take(orders[-1])
    while orders and check_plan(fight, Plan(tuple(orders)), own):
        last = next((o for o in reversed(orders) if o.target is not None), None)
        if last is None:
            break
        orders[orders.index(last)] = Order(last.monster, last.rank)
    return Plan(tuple(orders))


def _first_legal(fight: Fight, monster: Monster, grown: GrowingPlan) -> Order:
    standing = [h for h in rows(fight) if in_fight(h) and not downed(h)]
    heroes = standing or [h for h in rows(fight) if in_fight(h)]
    special = _first_special(fight, monster, [h.name for h in heroes], grown)
    if special is not None:
        return special
    for hero in heroes:
        moves: list[Move] = [STAY, Move(MoveKind.JOIN, hero=hero.name)]
        group = fight.group_of(hero.name)
        if group is not None:
            moves[1] = Move(MoveKind.JOIN, group=group.label)
        for move in moves:
            for mode in MODES if move is STAY else (Mode.MELEE,):
                order = with_first(fight, Order(monster.name, monster.rank, move, hero.name, mode))
                if _fits(grown, order):
                    return order
    return Order(monster.name, monster.rank)


def _first_special(
    fight: Fight, monster: Monster, heroes: list[str], grown: GrowingPlan
) -> Order | None:
    """B1: the first special action or spell it may use now that reaches a hero from where it
    stands, at the heroes down the rows."""
    spot = start_spot(fight, monster.name)
    for action in usable(fight, monster):
        caught = best_catch(fight, monster, action, spot, monster.rank, prefer=heroes)
        if not caught:
            continue
        order = Order(
            monster.name,
            monster.rank,
            STAY,
            caught[0],
            action_mode(action, spot),
            action=action.name,
            also=caught[1:],
        )
        if _fits(grown, order):
            return order
    return None


def _fits(grown: GrowingPlan, order: Order) -> bool:
    """Legal so far: the orders taken and this one break no rule but the one counted over the
    whole plan (R6), as `check_plan` finds (`GrowingPlan` works out only what this order
    changes: its own rules and its share of K2's units)."""
    return not grown.faults_with(order)
