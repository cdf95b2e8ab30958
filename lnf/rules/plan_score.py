"""How good a legal plan is: P3's attackers along the target order, then P4's ties (B6's two
first: expected damage, then the resources spent).

The solver optimises these levels; the validator's comparison (P7) and the tests score plans
with them. `MODE_ORDER` and `canonical_key` are P4's last tie-break, which makes the best
plan unique.
"""

from __future__ import annotations

from collections.abc import Sequence

from lnf.model import Fight, Hero, Monster, Rank
from lnf.model.plan import Advantage, Mode, Move, MoveKind, Order, Plan
from lnf.rules.attacks import plan_targets, roll_for
from lnf.rules.moves import can_act, destinations, leaves_group, orders_by_monster, rank_options
from lnf.rules.order_damage import expected_damage
from lnf.rules.roster import monsters
from lnf.rules.specials import (
    action_index,
    action_named,
    resource_rank,
    rolls_to_hit,
)
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
    """P3 (maximise), P4 counts (minimise; B6's expected damage first, negated, and the
    resources spent), then P4's canonical tie-break (minimise)."""

    p3: tuple[int, ...]
    # −expected damage (hundredths), resource ranks, attacks at disadvantage, leavers, rank
    # changes, moves
    p4: tuple[int, int, int, int, int, int]
    canonical: tuple[int, ...]

    def key(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """Smaller is better."""
        return (tuple(-x for x in self.p3), self.p4, self.canonical)


def p3_vector(fight: Fight, plan: Plan) -> tuple[int, ...]:
    """P3: per hero along the target order, its attackers (an area counts at every hero it
    catches, B3), then how many of each danger class (most dangerous first; the last class
    follows from the others and is left out)."""
    classes = danger_classes(fight)
    n_classes = len(set(classes.values()))
    vector: list[int] = []
    for hero in plan_targets(fight):
        attackers = [o.monster for o in plan.orders if hero.name in o.targets]  # B3
        vector.append(len(attackers))
        for c in range(n_classes - 1):
            vector.append(sum(1 for a in attackers if classes[a] == c))
    return tuple(vector)


def score(fight: Fight, plan: Plan) -> Score:
    orders = orders_by_monster(fight, plan)
    targets = [h.name for h in plan_targets(fight)]
    by_name = {m.name: m for m in monsters(fight)}
    damage = spent = disadvantaged = leavers = rank_changes = moves = 0
    canonical: list[int] = []
    for name, order in orders.items():
        monster = by_name[name]
        damage += expected_damage(fight, monster, order)
        spent += resource_rank(monster, order.action)
        disadvantaged += at_disadvantage(fight, monster, order)
        leavers += leaves_group(fight, name, order.move)
        rank_changes += order.rank is not monster.rank
        moves += order.move.kind is not MoveKind.STAY
        if can_act(fight, monster):
            canonical += canonical_key(fight, monster, order, targets)
    return Score(
        p3_vector(fight, plan),
        (-damage, spent, disadvantaged, leavers, rank_changes, moves),
        tuple(canonical),
    )


def at_disadvantage(fight: Fight, monster: Monster, order: Order) -> int:
    """P4: the order's attack rolls at disadvantage (D4): its weapons' at its target, an
    attack-roll action's at each hero it aims at; saves make none."""
    if order.mode is None:
        return 0
    action = action_named(monster, order.action) if order.action else None
    if action is not None and not rolls_to_hit(action):
        return 0
    count = 0
    for name in order.targets if action is not None else order.targets[:1]:
        if name in fight and isinstance(hero := fight.combatant(name), Hero):
            roll, _ = roll_for(monster, hero, order.mode, order.rank)
            count += roll is Advantage.DISADVANTAGE
    return count


def canonical_key(
    fight: Fight,
    monster: Monster,
    order: Order,
    targets: list[str],
    dests: Sequence[Move] | None = None,
) -> list[int]:
    """P4's last tie-break for one monster: earlier target (the earliest it attacks, then its
    own target: a weapon order whose Multiattack's first action catches more, B3, strikes its
    own), then its weapons before its actions in the stat block's order (B6), then mêlée
    before reach before ranged, then staying in place, then keeping its rank (each as a
    position in a list). `dests` is `destinations(fight, monster)` if worked out already
    (the solver asks for every option of a troop)."""
    hit = [targets.index(t) for t in order.targets if t in targets]
    target = min(hit) if hit else len(targets)
    own = targets.index(order.target) if order.target in targets else len(targets)
    action = action_index(monster, order.action)
    mode = MODE_ORDER.index(order.mode) if order.mode is not None else len(MODE_ORDER)
    if dests is None:
        dests = destinations(fight, monster)
    ranks = rank_options(monster)
    dest = dests.index(order.move) if order.move in dests else len(dests)
    rank = ranks.index(order.rank) if order.rank in ranks else len(ranks)
    return [target, own, action, mode, dest, rank]


class CanonicalKeys:
    """`canonical_key` for many orders of one monster against one target order (the solver
    weighs every option of a troop): the places in the target order, the destinations'
    and the ranks' positions and the actions' indices worked out once, not searched for per
    order. The same list as `canonical_key` of each order (positions are first positions)."""

    def __init__(self, monster: Monster, targets: Sequence[str], dests: Sequence[Move]) -> None:
        self.monster = monster
        self.place: dict[str, int] = {}
        for k, name in enumerate(targets):
            self.place.setdefault(name, k)
        self.nobody = len(targets)
        self.dest: dict[Move, int] = {}
        for k, move in enumerate(dests):
            self.dest.setdefault(move, k)
        self.nowhere = len(dests)
        ranks = rank_options(monster)
        self.rank: dict[Rank, int] = {}
        for k, rank in enumerate(ranks):
            self.rank.setdefault(rank, k)
        self.no_rank = len(ranks)
        self.actions: dict[str, int] = {}

    def of(self, order: Order) -> list[int]:
        """`canonical_key(fight, monster, order, targets, dests)`."""
        return self.parts(
            order.targets, order.target, order.action, order.mode, order.move, order.rank
        )

    def parts(
        self,
        heroes: tuple[str, ...],
        target: str | None,
        action: str,
        mode: Mode | None,
        move: Move,
        rank: Rank,
    ) -> list[int]:
        """`of` an order with these fields (`heroes`: its `targets`), none made."""
        place, nobody = self.place, self.nobody
        hit = [place[t] for t in heroes if t in place]
        first = min(hit) if hit else nobody
        own = place.get(target, nobody) if target is not None else nobody
        index = self.actions.get(action)
        if index is None:
            index = self.actions[action] = action_index(self.monster, action)
        way = MODE_ORDER.index(mode) if mode is not None else len(MODE_ORDER)
        dest = self.dest.get(move, self.nowhere)
        at = self.rank.get(rank, self.no_rank)
        return [first, own, index, way, dest, at]
