"""A plan grown one order at a time, judged as the validator would judge it (P2), without
working the whole plan out again for each order tried (greedy monsters, issue 24).

`GrowingPlan.faults_with(order)` is exactly `bool([v for v in check_plan(fight, Plan((*taken,
order)), own) if v.rule != "R6"])`, because of what `check_plan` is made of:

- P2, two orders for one monster: the new order's monster among those taken, or two taken for
  one (remembered as they are taken);
- each order's own check (`own`): the taken orders' own faults are the same whatever comes
  after them (remembered as they are taken), the new order's are asked once;
- R6 (`back_rank_count`) finds nothing but R6, which is left out;
- K2, K3 (`check_joins`): a fault exactly when some tier is broken (`broken_tier` on each K1
  unit's h(u) and m(u) after the moves) and a unit over it was joined by someone. Each
  monster's order adds to m(u) and to the joiners of the unit at its final spot, whatever the
  other orders are; a monster the plan leaves out stays put with its own rank
  (`orders_by_monster`). So the tallies of the orders taken (and of the stay-puts of those not
  yet taken) are kept, and the new order only moves its own monster's share.

`tests/test_plan_growth.py` checks the equality against `check_plan` on generated grids and
partial plans.
"""

from __future__ import annotations

from lnf.model import Fight, Rank
from lnf.model.plan import MoveKind, Order
from lnf.rules.gangup import broken_tier, unit_spots
from lnf.rules.moves import final_spot
from lnf.rules.plan_check import OwnCheck, check_order
from lnf.rules.roster import monsters


class GrowingPlan:
    """Orders taken one at a time in one fight, with what K2 counts over them kept up to date."""

    def __init__(self, fight: Fight, own: OwnCheck = check_order) -> None:
        self.fight = fight
        self.own = own
        spots = unit_spots(fight)
        self.heroes = [h for _, h in spots]  # h(u)
        self.where: dict[object, list[int]] = {}  # a unit's spot: its indices (K1)
        for i, (spot, _) in enumerate(spots):
            self.where.setdefault(spot, []).append(i)
        self.counted = [0] * len(spots)  # m(u): front rank and free air (K4)
        self.joined = [0] * len(spots)  # how many joined it (K3)
        self.standing = {m.name: Order(m.name, m.rank) for m in monsters(fight)}
        self.taken: set[str] = set()
        self.faulty = False  # a taken order breaks P2 or its own rules
        for order in self.standing.values():
            self._tally(order, 1)

    def _tally(self, order: Order, sign: int) -> None:
        spot = final_spot(self.fight, order.monster, order.move)
        for i in self.where.get(spot, ()):
            self.counted[i] += sign * (order.rank in (Rank.FRONT, Rank.FREE_AIR))
            self.joined[i] += sign * (order.move.kind is MoveKind.JOIN)

    def _own_faults(self, order: Order) -> bool:
        return any(v.rule != "R6" for v in self.own(self.fight, order))

    def take(self, order: Order) -> None:
        """The order joins the plan (in place of its monster's staying put)."""
        if order.monster in self.taken or self._own_faults(order):
            self.faulty = True
        self._swap(order)
        self.taken.add(order.monster)

    def _swap(self, order: Order) -> Order | None:
        """Put the order in its monster's place in the tallies; returns what it replaced."""
        before = self.standing.get(order.monster)
        if before is None:  # not a monster in the fight: no unit counts it
            return None
        self._tally(before, -1)
        self._tally(order, 1)
        self.standing[order.monster] = order
        return before

    def faults_with(self, order: Order) -> bool:
        """Whether the plan of the orders taken and this one breaks any rule but R6 (P2)."""
        if self.faulty or order.monster in self.taken or self._own_faults(order):
            return True
        before = self._swap(order)
        try:
            return self._k2_fault()
        finally:
            if before is not None:
                self._swap(before)

    def _k2_fault(self) -> bool:
        """K2, K3 as `check_joins` decides it: a unit over the broken tier that was joined."""
        broken = broken_tier(list(zip(self.heroes, self.counted, strict=True)))
        return broken is not None and any(self.joined[i] for i in broken[1])
