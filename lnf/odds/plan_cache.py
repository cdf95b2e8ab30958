"""Plans remembered by what they depend on (P3, P4): the same plan-relevant state gives the same
plan, so an odds run (thousands of fights that pass through the same grids) solves each grid
once. Exact by construction and by test: the key is the fight with only what no rule of the
plan reads set aside (hit points above 0, temporary hit points, the sheet's resources, death
save counts, surge dice, wounds, the round number, the title), and a property test checks on
generated states that the solver gives the same plan with and without those."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from lnf.model import Fight, Hero, Monster
from lnf.model.plan import Plan


def plan_state(fight: Fight) -> Fight:
    """The fight as the plan sees it: what can differ between two fights that must get the same
    plan is made equal."""
    return replace(
        fight,
        heroes=tuple(_hero(h) for h in fight.heroes),
        monsters=tuple(_monster(m) for m in fight.monsters),
        round=0 if fight.round == 0 else 1,  # V-ENC1's surprise round is round 0
        title="",
        turns=replace(fight.turns, answers=frozenset(), current=None, sneaked=frozenset()),
    )


def _hero(h: Hero) -> Hero:
    up = h.current_hp > 0
    return replace(
        h,
        hp_now=None if up else 0,
        temp_hp=0,
        resources=(),
        death_saves=(0, 0) if up else h.death_saves,
        surge=0,  # V-ACL's dice and wounds: rolled with, never planned with
        reactions=2,
        tenacious=False,
        parts=(),
    )


def _monster(m: Monster) -> Monster:
    return replace(
        m,
        damage=0 if m.current_hp > 0 else m.hp,
        temp_hp=0,
        surge=0,
        reactions=2,
        tenacious=False,
        parts=(),
    )


class PlanCache:
    """A planner that asks the real one once per plan-relevant state."""

    def __init__(self, planner: Callable[[Fight], Plan]) -> None:
        self.planner = planner
        self.plans: dict[Fight, Plan] = {}
        self.hits = 0
        self.misses = 0

    def __call__(self, fight: Fight) -> Plan:
        key = plan_state(fight)
        plan = self.plans.get(key)
        if plan is None:
            self.misses += 1
            plan = self.plans[key] = self.planner(fight)
        else:
            self.hits += 1
        return plan
