"""A brute-force planner for small grids, independent of CP-SAT.

It tries every order for every monster (every rank × every move × every target and mode, and
every special action of its stat block × every set of heroes × every mode, B1–B3; a weapon
attack with every set of other heroes when its Multiattack uses an action first), keeps those
the validator accepts, and searches whole plans in order of their P3 vector, so it can stop at
the first P3 vector any legal plan reaches; among those plans it takes the best score (B6, P4,
then the canonical tie-break). Only the validator and the score of `lnf.rules` are shared with
the solver's world: that is the point. An order's heroes are written in target order (T2), the
first as its `target`.
"""

from __future__ import annotations

import itertools
from collections import defaultdict

from lnf.model import Fight, Rank
from lnf.model.plan import LEAVE, STAY, Mode, Move, MoveKind, Order, Plan
from lnf.rules.idle_casts import with_idle_casts
from lnf.rules.moves import can_act
from lnf.rules.plan_check import check_plan
from lnf.rules.plan_score import p3_vector, score
from lnf.rules.roster import monsters
from lnf.rules.target_order import target_order

GLOBAL = {"R6", "K2"}


def hero_sets(fight: Fight) -> list[tuple[str, ...]]:
    """Every non-empty set of the fight's heroes, each in target order (the rest last)."""
    order = [h.name for h in target_order(fight)]
    names = sorted(
        (h.name for h in fight.heroes), key=lambda n: order.index(n) if n in order else len(order)
    )
    return [c for k in range(1, len(names) + 1) for c in itertools.combinations(names, k)]


def every_order(fight: Fight, name: str) -> list[Order]:
    moves = [STAY, LEAVE]
    moves += [Move(MoveKind.JOIN, group=g.label) for g in fight.groups]
    moves += [Move(MoveKind.JOIN, hero=h.name) for h in fight.heroes]
    attacks: list[tuple[str | None, Mode | None]] = [(None, None)]
    attacks += [(h.name, mode) for h in fight.heroes for mode in Mode]
    sets = hero_sets(fight)
    # B1, B3: a Multiattack that uses an action first attacks more heroes than its target:
    # every set of other heroes is tried (the validator keeps the one it catches)
    first = fight.monster(name).multiattack_action
    alsos = [(), *dict.fromkeys(s for s in sets)] if first else [()]
    weapons = [
        Order(name, rank, move, target, mode, also=also)
        for rank in Rank
        for move in moves
        for target, mode in attacks
        for also in alsos
        if target not in also and (target is not None or not also)
    ]
    actions = [
        Order(name, rank, move, heroes[0], mode, action.name, heroes[1:])
        for action in fight.monster(name).actions
        for heroes in sets
        for rank in Rank
        for move in moves
        for mode in Mode
    ]
    return weapons + actions


def legal_orders(fight: Fight, name: str) -> list[Order]:
    out = []
    for order in every_order(fight, name):
        problems = check_plan(fight, Plan((order,)))
        if not [p for p in problems if p.rule not in GLOBAL]:
            out.append(order)
    return out


def best_plan(fight: Fight) -> Plan | None:
    acting = [m.name for m in monsters(fight) if can_act(fight, m)]
    options = {name: legal_orders(fight, name) for name in acting}
    best = best_of(fight, acting, options)
    return with_idle_casts(fight, best) if best is not None else None  # B6: after P3, P4


def best_of(fight: Fight, acting: list[str], options: dict[str, list[Order]]) -> Plan | None:
    """The best plan whose orders are taken from `options` (each monster's legal orders)."""
    by_target: dict[str, dict[tuple[str, ...], list[Order]]] = {}
    for name in acting:
        by_target[name] = defaultdict(list)
        for order in options[name]:
            by_target[name][order.targets].append(order)
    target_lists = [list(by_target[name]) for name in acting]
    vectors: dict[tuple[int, ...], list[tuple[tuple[str, ...], ...]]] = defaultdict(list)
    for targets in itertools.product(*target_lists):
        probe = Plan(
            tuple(
                Order(n, Rank.FRONT, STAY, t[0] if t else None, also=t[1:])
                for n, t in zip(acting, targets, strict=True)
            )
        )
        vectors[p3_vector(fight, probe)].append(targets)
    for vector in sorted(vectors, reverse=True):
        best: Plan | None = None
        best_key = None
        for targets in vectors[vector]:
            choices = [by_target[n][t] for n, t in zip(acting, targets, strict=True)]
            for orders in itertools.product(*choices):
                plan = Plan(tuple(orders))
                if check_plan(fight, plan):
                    continue
                key = score(fight, plan).key()
                if best_key is None or key < best_key:
                    best, best_key = plan, key
        if best is not None:
            return best
    return None
