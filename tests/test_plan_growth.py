"""`GrowingPlan` (greedy monsters' plan grown one order at a time) finds exactly what the
validator finds but R6 (P2, K2, K3, each order's own rules), on generated grids and partial
plans; and greedy plans are the same as when each candidate was judged by `check_plan`."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.model import Fight
from lnf.model.plan import Mode, Order, Plan
from lnf.odds import greedy
from lnf.odds.greedy import greedy_plan
from lnf.rules.moves import destinations, rank_options
from lnf.rules.plan_check import check_plan
from lnf.rules.plan_growth import GrowingPlan
from lnf.rules.roster import monsters
from tests.grids import grid
from tests.strategies import plan_fights


def _candidates(fight: Fight, rng: random.Random) -> list[Order]:
    """Orders any monster (or a hero, or nobody) might be given: every rank, move, target and
    mode mixed, joins weighted so that K2 is often at stake."""
    names = [h.name for h in fight.heroes]
    out: list[Order] = []
    for m in monsters(fight):
        for rank in rank_options(m):
            for move in destinations(fight, m):
                for target in [None, *names]:
                    mode = rng.choice([None, Mode.MELEE, Mode.REACH, Mode.RANGED])
                    out.append(Order(m.name, rank, move, target, mode))
    if names:
        out.append(Order(names[0], fight.heroes[0].rank))  # not a monster (P1)
    return out


def _compare(fight: Fight, seed: int) -> Counter[str]:
    """Grows plans at random, asking at each step of several orders whether the plan with it
    breaks a rule but R6, of `GrowingPlan` and of `check_plan`; returns what was seen."""
    rng = random.Random(seed)
    pool = _candidates(fight, rng)
    seen: Counter[str] = Counter()
    for _ in range(3):
        grown, taken = GrowingPlan(fight), []
        for _ in range(len(monsters(fight)) + 1):
            for order in rng.sample(pool, min(6, len(pool))):
                found = check_plan(fight, Plan((*taken, order)))
                slow = [v.rule for v in found if v.rule != "R6"]
                assert grown.faults_with(order) == bool(slow), (taken, order, found)
                seen.update(set(slow) or {"none"})
            fitting = [o for o in pool if not grown.faults_with(o)]
            order = rng.choice(fitting if fitting and rng.random() < 0.9 else pool)
            grown.take(order)
            taken.append(order)
    return seen


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([(2, 3), (3, 6), (4, 8), (5, 12)]), st.integers(0, 10**6), st.booleans())
def test_growing_plan_agrees_with_the_validator_on_generated_grids(
    size: tuple[int, int], seed: int, specials: bool
) -> None:
    _compare(grid(*size, seed=seed, specials=specials), seed)


@settings(max_examples=60, deadline=None)
@given(plan_fights(specials=True), st.integers(0, 10**6))
def test_growing_plan_agrees_with_the_validator_on_drawn_fights(fight: Fight, seed: int) -> None:
    _compare(fight, seed)


def test_growing_plan_meets_k2_and_the_rest() -> None:
    """The comparison is not idle: K2 (K3) faults, own faults, P2 and faultless plans all
    come up."""
    seen: Counter[str] = Counter()
    for seed in range(6):
        seen += _compare(grid(4, 8, seed=seed), seed)
    assert {"K2", "P1", "P2", "none"} <= set(seen), seen


def _slow_fits(fight: Fight, order: Order, taken: list[Order]) -> bool:
    return not [v for v in check_plan(fight, Plan((*taken, order))) if v.rule != "R6"]


def test_greedy_plans_are_the_ones_whole_plan_checks_give(monkeypatch: pytest.MonkeyPatch) -> None:
    """Greedy plans on generated grids as when every candidate was judged by the validator
    over the whole plan so far (before `GrowingPlan`)."""
    sizes = [(2, 3), (3, 6), (4, 12), (6, 20)]
    fights = [grid(h, m, seed=s, specials=sp) for h, m in sizes for s in range(4) for sp in (0, 1)]
    fast = [greedy_plan(f) for f in fights]

    class Slow(GrowingPlan):
        def __init__(self, fight: Fight, own: greedy._Own) -> None:
            super().__init__(fight, own)
            self.orders: list[Order] = []

        def take(self, order: Order) -> None:
            super().take(order)
            self.orders.append(order)

        def faults_with(self, order: Order) -> bool:
            return not _slow_fits(self.fight, order, self.orders)

    monkeypatch.setattr(greedy, "GrowingPlan", Slow)
    assert [greedy_plan(f) for f in fights] == fast
