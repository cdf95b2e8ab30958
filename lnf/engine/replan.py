"""Re-planning (P6): what the plan depends on, and the grid the plan is made for.

The runner plans again before a monster acts whenever `plan_key` changed; the chase runs beside
the grid, so its members are left out (`grid_view`).
"""

from __future__ import annotations

from dataclasses import replace

from lnf.model import Fight, Hero
from lnf.model.plan import Plan
from lnf.rules.chase import chasing
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
    return any(old.order_for(o.monster) != o for o in new.orders)
