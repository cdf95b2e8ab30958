"""B1: the special action a Multiattack uses before its attacks ("The dragon can use its
Frightful Presence. It then makes three attacks"), decided here only: the table plays it
(engine.turns) and the plan's B6 counts it (rules.specials.expected_damage).

It is used whenever the monster makes its weapon attacks (not in volley rounds, V4, where it
only shoots) and has a use of it left (B2), at the heroes B3/B4 let it catch from where it
ends (`best_catch`): heroes that already have every condition it imposes are left out (a
frightened hero is not frightened again), and with no hero left it is not used.
"""

from __future__ import annotations

from fractions import Fraction

from lnf.model import Attack, Fight, Hero, Monster, Rank
from lnf.model.plan import Mode, Order
from lnf.rules.catches import best_catch
from lnf.rules.distance import volley_planned
from lnf.rules.moves import Spot, final_spot
from lnf.rules.roster import heroes
from lnf.rules.specials import action_mean, action_named, charged


def first_use(
    fight: Fight, monster: Monster, spot: Spot, rank: Rank
) -> tuple[Attack, tuple[str, ...]] | None:
    """B1, B2, B3: the special action `monster`'s Multiattack uses first and the heroes it
    catches from `spot` in `rank`; None when it has none, none left, or catches nobody."""
    name = monster.multiattack_action
    action = action_named(monster, name) if name else None
    if action is None or not charged(monster, action):
        return None
    imposed = {c for r in action.riders for c in r.conditions}
    held = [h.name for h in heroes(fight) if imposed and imposed <= h.conditions]
    caught = best_catch(fight, monster, action, spot, rank, exclude=held)
    return (action, caught) if caught else None


def first_mean(fight: Fight, monster: Monster, order: Order) -> Fraction:
    """B6 (1): what the Multiattack's first action is expected to deal to the heroes it
    catches from where the weapon order ends (nothing for Frightful Presence: a condition is
    worth nothing here)."""
    if volley_planned(fight):
        return Fraction(0)  # V4: a volley round's shot only
    used = first_use(fight, monster, final_spot(fight, monster.name, order.move), order.rank)
    if used is None:
        return Fraction(0)
    action, caught = used
    return sum(
        (
            action_mean(fight, monster, action, h, Mode.RANGED, order.rank)
            for h in (fight.combatant(n) for n in caught)
            if isinstance(h, Hero)
        ),
        Fraction(0),
    )
