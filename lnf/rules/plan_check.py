"""The independent validator of plans (P2, P7).

Knows nothing of the solver: it checks any plan — the solver's or one a DM wrote — against
R, M, K and A, and a special action's use against B1–B5 and E, from first principles, naming
every broken rule. How good a legal plan is
(P3, P4) is `lnf.rules.plan_score`.
"""

from __future__ import annotations

from collections.abc import Callable

from lnf.errors import Violation
from lnf.model import Fight, Hero, Monster
from lnf.model.plan import Mode, MoveKind, Order, Plan
from lnf.rules.attacks import (
    check_melee_order,
    check_ranged_order,
    check_reach_order,
    check_target,
)
from lnf.rules.back_rank import back_rank_count
from lnf.rules.catches import check_catch
from lnf.rules.gangup import check_joins
from lnf.rules.idle_casts import check_idle_cast, self_spell
from lnf.rules.moves import check_move, final_spot, orders_by_monster
from lnf.rules.multiattack_first import check_first, first_catch, with_first
from lnf.rules.ranks import check_rank_order
from lnf.rules.roster import in_fight, incapacitated
from lnf.rules.specials import action_mode, action_named, check_usable
from lnf.rules.surprise import check_surprise_order, held_back
from lnf.rules.turning import check_turned
from lnf.rules.wording import and_list
from lnf.values import replace

# --- the validator ---------------------------------------------------------------------------


OwnCheck = Callable[[Fight, Order], list[Violation]]


def check_plan(fight: Fight, plan: Plan, own: OwnCheck | None = None) -> list[Violation]:
    """P2: every way the plan breaks R, M, K or A, each with its rule id. `own` checks each
    order on its own (`check_order`, by default): a caller that asks again of the same orders
    in the same fight (greedy monsters, one candidate order at a time) may remember it."""
    found: list[Violation] = []
    seen: set[str] = set()
    for order in plan.orders:
        if order.monster in seen:
            found.append(Violation("P2", f"{order.monster} has two orders", (order.monster,)))
        seen.add(order.monster)
        found += (own or check_order)(fight, order)
    orders = orders_by_monster(fight, plan)
    found += back_rank_count(fight, orders)
    found += check_joins(fight, orders)
    return found


def check_order(fight: Fight, order: Order) -> list[Violation]:
    """One order on its own: what it breaks whatever the other orders are (the rules counted
    over the plan, R6 and K2, K3, are `check_plan`'s)."""
    name = order.monster
    if name not in fight or isinstance(fight.combatant(name), Hero):
        return [Violation("P1", f"{name} is not a monster of this fight", (name,))]
    monster = fight.monster(name)
    if not in_fight(monster):
        return [Violation("P1", f"{name} is out of the fight", (name,))]
    acting = order.move.kind is not MoveKind.STAY or order.target is not None or bool(order.action)
    if incapacitated(monster) and (acting or order.rank is not monster.rank):
        return [Violation("P1", f"{name} is incapacitated and cannot act", (name,))]
    held = held_back(fight, name)
    if held is not None and (acting or order.rank is not monster.rank):
        return [Violation(held[1], f"{name} {held[0]} and cannot act", (name,))]
    if turned := check_turned(fight, monster, order):  # F2 Turn Undead: only away
        return turned
    moved = order.move.kind is not MoveKind.STAY
    if beyond := check_surprise_order(fight, name, moved, bool(order.target or order.action)):
        return beyond
    found = check_rank_order(monster, order.rank) + _check_move(fight, monster, order)
    if order.action:
        found += _check_action(fight, monster, order)
    elif order.target is not None:
        found += _check_attack(fight, monster, order)
    elif order.also:
        found.append(
            Violation("P1", f"{name} attacks {and_list(order.also)} but no target", (name,))
        )
    return found


def _check_move(fight: Fight, monster: Monster, order: Order) -> list[Violation]:
    """P1: a join names a group or a hero of this fight; then M1–M6 (`rules.moves`)."""
    name, move = monster.name, order.move
    if move.kind is MoveKind.JOIN:
        if move.group is not None:
            if move.group not in {g.label for g in fight.groups}:
                said = f"{name} joins group {move.group}, which does not exist"
                return [Violation("P1", said, (name,))]  # P7: its order's line, in `lnf check`
        else:
            hero = fight.combatant(move.hero) if move.hero and move.hero in fight else None
            if not isinstance(hero, Hero) or not in_fight(hero):
                said = f"{name} joins {move.hero}, who is no hero in the fight"
                return [Violation("P1", said, (name,))]
    return check_move(fight, monster, move)


def _check_action(fight: Fight, monster: Monster, order: Order) -> list[Violation]:
    """B1–B5 for an order with a special action or spell: the monster has it and may use it now
    (B1, B2), its heroes are in the fight and may be picked (A4, R4), it carries the action's
    mode, and they are a catch it can make from where it ends (B3, B4, B5, E1, E3)."""
    name = monster.name
    idle = action_named(monster, order.action)
    if idle is not None and self_spell(idle):  # B6: cast on itself, attacking nobody
        return check_idle_cast(fight, monster, order)
    if used := check_usable(monster, order.action):
        return used
    action = action_named(monster, order.action)
    assert action is not None
    if order.target is None:
        return [Violation("P1", f"{name}'s {action.name} names no hero", (name,))]
    found: list[Violation] = []
    for target in order.targets:
        hero = fight.combatant(target) if target in fight else None
        if not isinstance(hero, Hero) or not in_fight(hero):
            found.append(
                Violation("P1", f"{name} attacks {target}, who is no hero in the fight", (name,))
            )
        else:
            found += check_target(fight, monster, hero)
    if found:
        return found
    spot = final_spot(fight, name, order.move)
    mode = action_mode(action, spot)
    if order.mode is not mode:
        said = order.mode.value if order.mode is not None else "no mode"
        found.append(
            Violation("P1", f"{name}'s {action.name} is a {mode.value} action, not {said}", (name,))
        )
    return found + check_catch(fight, monster, action, spot, order.rank, order.targets)


def _check_attack(fight: Fight, monster: Monster, order: Order) -> list[Violation]:
    name, target = monster.name, order.target
    assert target is not None
    caught = first_catch(fight, monster, order)  # B1, B3: its Multiattack's first action
    if order.also and not caught:  # P2: one hero a round; only an area or split action (B3)
        return [
            Violation(
                "P2",
                f"{name} attacks {and_list([target, *order.also])}: one hero a round without an "
                "area or split action",
                (name,),
            )
        ]
    hero = fight.combatant(target) if target in fight else None
    if not isinstance(hero, Hero) or not in_fight(hero):
        return [Violation("P1", f"{name} attacks {target}, who is no hero in the fight", (name,))]
    who = (name, hero.name)
    if picked := check_target(fight, monster, hero):
        return picked
    found = check_first(monster, order, caught)  # B1, B3
    spot = final_spot(fight, name, order.move)
    rank = order.rank
    if order.mode is None:
        return [*found, Violation("P1", f"{name}'s attack on {hero.name} needs a mode", who)]
    if order.mode is Mode.MELEE:
        return found + check_melee_order(fight, monster, hero, spot, rank)
    if order.mode is Mode.REACH:
        return found + check_reach_order(monster, hero, spot, rank)
    return found + check_ranged_order(monster, hero, rank)


def infer_mode(fight: Fight, order: Order) -> Order:
    """For a hand-written order without a mode: an action's own mode (B4); else the first of
    mêlée, reach and ranged that the order allows on its own (else mêlée, so that the
    validator says why)."""
    if order.action and order.monster in fight:
        action = action_named(fight.monster(order.monster), order.action)
        if action is not None:  # B4: an action's mode is its own
            spot = final_spot(fight, order.monster, order.move)
            return replace(order, mode=action_mode(action, spot))
    for mode in (Mode.MELEE, Mode.REACH, Mode.RANGED):
        candidate = with_first(
            fight, Order(order.monster, order.rank, order.move, order.target, mode)
        )
        own = [v for v in check_plan(fight, Plan((candidate,))) if v.rule not in ("R6", "K2")]
        if not own:
            return candidate
    return Order(order.monster, order.rank, order.move, order.target, Mode.MELEE)
