"""B1: the special action a Multiattack uses before its attacks ("The dragon can use its
Frightful Presence. It then makes three attacks"), decided here only: the table plays it
(engine.turns) and the plan's B6 counts it (rules.order_damage.expected_damage).

It is used whenever the monster makes its weapon attacks (not in volley rounds, V4, where it
only shoots) and has a use of it left (B2), at the heroes B3/B4 let it catch from where it
ends (`best_catch`): heroes that already have every condition it imposes are left out (a
frightened hero is not frightened again), as are heroes immune to it (B1, F4:
`rules.action_immunity`), and with no hero left it is not used.

B3 in the plan: each hero it is aimed at counts as attacked by the weapon order in P3, as an
area action's catch does. A weapon order names them besides its target (`Order.also`:
`first_catch`, set by `with_first`); the validator (rules.plan_check) holds every weapon order
to exactly that catch, so the plan, P3, the brute force and the table agree.
"""

from __future__ import annotations

from fractions import Fraction

from lnf.errors import Violation
from lnf.model import Attack, Fight, Hero, Monster, Rank
from lnf.model.plan import Advantage, Mode, Order
from lnf.rules.catches import best_catch
from lnf.rules.distance import volley_planned
from lnf.rules.moves import Spot, final_spot
from lnf.rules.roster import heroes
from lnf.rules.specials import action_mean, action_named, charged
from lnf.rules.wording import and_list
from lnf.values import replace


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


def in_place(
    fight: Fight, monster: Monster, attacks: tuple[Attack, ...], hero: Hero, mode: Mode
) -> tuple[Attack, ...]:
    """B1, B6: a Multiattack's attacks once its first action is used "in place of its bite or
    horns" (the chimera's breath): without the one of those B6 counts for least at `hero`
    (the first written on a tie); all of them when it replaces none."""
    from lnf.rules.expected import attack_mean

    named = [a for a in attacks if a.name in monster.multiattack_in_place]
    if not named:
        return attacks
    least = min(named, key=lambda a: attack_mean(a, hero, Advantage.NORMAL, mode))
    at = attacks.index(least)
    return attacks[:at] + attacks[at + 1 :]


def first_catch(fight: Fight, monster: Monster, order: Order) -> tuple[str, ...]:
    """B1, B3: the heroes a weapon order's Multiattack aims its first action at besides the
    order's target, in target order, from where the order ends: what its `also` must be. ()
    for an order with a special action or without a target, in a volley round (V4), or when
    the first action has no use left or catches nobody else."""
    if order.action or order.target is None or not monster.multiattack_action:
        return ()
    if volley_planned(fight):
        return ()  # V4: a volley round's shot only
    used = first_use(fight, monster, final_spot(fight, monster.name, order.move), order.rank)
    return tuple(h for h in used[1] if h != order.target) if used is not None else ()


def check_first(monster: Monster, order: Order, caught: tuple[str, ...]) -> list[Violation]:
    """B1, B3: a weapon order names besides its target exactly the heroes its Multiattack's
    first action catches (`caught`, `first_catch`'s), so that P3 counts what the table does."""
    if order.also == caught or order.target is None:
        return []
    target, named = order.target, and_list([order.target, *order.also])
    return [
        Violation(
            "B3",
            f"{monster.name}'s Multiattack uses {monster.multiattack_action} first, on "
            f"{and_list(caught)} besides {target}: its order attacks "
            f"{and_list([target, *caught])}, not {named}",
            (monster.name, target),
        )
    ]


def with_first(fight: Fight, order: Order) -> Order:
    """A weapon order with the heroes its Multiattack's first action catches besides its
    target (`first_catch`) as its `also` (B3); any other order as it is."""
    if order.action or order.target is None or order.monster not in fight:
        return order
    monster = fight.combatant(order.monster)
    if not isinstance(monster, Monster) or not monster.multiattack_action:
        return order
    return replace(order, also=first_catch(fight, monster, order))


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
