"""How good a legal plan is: P3's attackers along the target order, then P4's ties.

The solver optimises these levels; the validator's comparison (P7) and the tests score plans
with them. `MODE_ORDER` and `canonical_key` are P4's last tie-break, which makes the best
plan unique.
"""

from __future__ import annotations

from lnf.model import Fight, Monster
from lnf.model.plan import Advantage, Mode, MoveKind, Order, Plan
from lnf.rules.attacks import plan_targets, roll_for
from lnf.rules.moves import can_act, destinations, leaves_group, orders_by_monster, rank_options
from lnf.rules.roster import monsters
from lnf.values import value

MODE_ORDER = (Mode.MELEE, Mode.REACH, Mode.RANGED)  # P4's canonical order of modes


def danger_classes(fight: Fight) -> dict[str, int]:
    """G3: a monster's danger class is the column of its kind's leftmost member, renumbered."""
    kinds: list[str] = []
    for m in fight.monsters:
        if m.stat_block not in kinds:
            kinds.append(m.stat_block)
    return {m.name: kinds.index(m.stat_block) for m in fight.monsters}


@value
class Score:
    """P3 (maximise), P4 counts (minimise), then P4's canonical tie-break (minimise)."""

    p3: tuple[int, ...]
    p4: tuple[int, int, int, int]  # attacks at disadvantage, leavers, rank changes, moves
    canonical: tuple[int, ...]

    def key(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """Smaller is better."""
        return (tuple(-x for x in self.p3), self.p4, self.canonical)


def p3_vector(fight: Fight, plan: Plan) -> tuple[int, ...]:
    """P3: per hero along the target order, its attackers, then how many of each danger class
    (most dangerous first; the last class follows from the others and is left out)."""
    classes = danger_classes(fight)
    n_classes = len(set(classes.values()))
    vector: list[int] = []
    for hero in plan_targets(fight):
        attackers = [o.monster for o in plan.orders if o.target == hero.name]
        vector.append(len(attackers))
        for c in range(n_classes - 1):
            vector.append(sum(1 for a in attackers if classes[a] == c))
    return tuple(vector)


def score(fight: Fight, plan: Plan) -> Score:
    orders = orders_by_monster(fight, plan)
    targets = [h.name for h in plan_targets(fight)]
    by_name = {m.name: m for m in monsters(fight)}
    disadvantaged = leavers = rank_changes = moves = 0
    canonical: list[int] = []
    for name, order in orders.items():
        monster = by_name[name]
        if order.target is not None and order.mode is not None:
            hero = fight.hero(order.target)
            roll, _ = roll_for(monster, hero, order.mode, order.rank)
            disadvantaged += roll is Advantage.DISADVANTAGE
        leavers += leaves_group(fight, name, order.move)
        rank_changes += order.rank is not monster.rank
        moves += order.move.kind is not MoveKind.STAY
        if can_act(fight, monster):
            canonical += canonical_key(fight, monster, order, targets)
    return Score(
        p3_vector(fight, plan), (disadvantaged, leavers, rank_changes, moves), tuple(canonical)
    )


def canonical_key(fight: Fight, monster: Monster, order: Order, targets: list[str]) -> list[int]:
    """P4's last tie-break for one monster: earlier target, then mêlée before reach before
    ranged, then staying in place, then keeping its rank (each as a position in a list)."""
    target = targets.index(order.target) if order.target in targets else len(targets)
    mode = MODE_ORDER.index(order.mode) if order.mode is not None else len(MODE_ORDER)
    dests = destinations(fight, monster)
    ranks = rank_options(monster)
    dest = dests.index(order.move) if order.move in dests else len(dests)
    rank = ranks.index(order.rank) if order.rank in ranks else len(ranks)
    return [target, mode, dest, rank]
