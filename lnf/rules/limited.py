"""B1, B2, B6: a monster's special actions and spells as limited uses: which of its actions an
order names, what using one spends (a recharge action its charge, a per-day action a use, a
spell its own level's slot: no upcasting), whether it has one left, the recharge roll at a
round's start, and what a round's start gives back (legendary action points).

A monster whose file lists no resource for a limited action counts it as fully charged (the
shared model): spending it then starts the count, so a breath used once waits for its recharge.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from lnf.errors import Refused
from lnf.model import SLOT, Attack, Combatant, Fight, Monster, Recharge, Resource
from lnf.model.plan import Order
from lnf.rules.roster import in_fight
from lnf.rules.wording import and_list

C = TypeVar("C", bound=Combatant)


def action_named(monster: Monster, name: str) -> Attack | None:
    """B1: the special action or spell of `monster` called `name` (as the stat block spells it;
    case does not matter)."""
    return next((a for a in monster.actions if a.name.lower() == name.lower()), None)


def use_of(monster: Monster, action: Attack) -> str | None:
    """B2, B6: the resource one use of `action` spends: an innate spell or a per-day action its
    own uses, a recharge action its charge, a slotted spell a slot of its own level (B6: no
    upcasting); None for what it may use at will (a cantrip, an action without a limit, a spell
    whose slots its file does not count)."""
    if action.per_day or action.recharge:
        return action.name
    if action.slot and _resource(monster, f"{SLOT}{action.slot}") is not None:
        return f"{SLOT}{action.slot}"
    return None


def uses_left(monster: Monster, action: Attack) -> int | None:
    """B2: how many uses of `action` are left (None: at will). A limited action without its
    resource in the file is fully charged: its per-day uses, or one charge."""
    use = use_of(monster, action)
    if use is None:
        return None
    r = _resource(monster, use)
    if r is None:
        return action.per_day or 1
    return r.left


def spent(c: C, name: str, amount: int = 1) -> C:
    """B2: `amount` more of the resource `name` used. A monster's limited action not yet
    counted starts its count here (its per-day uses, or one charge that the recharge die
    brings back)."""
    if _resource(c, name) is None and isinstance(c, Monster):
        action = action_named(c, name)
        if action is not None and (action.per_day or action.recharge):
            kind = Recharge.ROLL if action.recharge else Recharge.LONG
            r = Resource(name=action.name, total=action.per_day or 1, recharge=kind)
            c = replace(c, resources=(*c.resources, r))
    return replace(
        c,
        resources=tuple(
            replace(r, used=r.used + amount) if r.name.lower() == name.lower() else r
            for r in c.resources
        ),
    )


def counts(c: Combatant, name: str) -> bool:
    """Whether `name` is a use `c` has: a resource in its file, or a monster's limited action."""
    if _resource(c, name) is not None:
        return True
    action = action_named(c, name) if isinstance(c, Monster) else None
    return action is not None and bool(action.per_day or action.recharge)


def spent_recharges(monster: Monster) -> tuple[Attack, ...]:
    """B2: the recharge actions `monster` has used and not got back, in stat-block order: each
    rolls its die as a round starts."""
    return tuple(
        a
        for a in monster.actions
        if a.recharge and (r := _resource(monster, a.name)) is not None and r.left == 0
    )


def charged_again(action: Attack, face: int) -> bool:
    """B2: the recharge die (a d6) charges the action again on its number or more."""
    return face >= action.recharge


def recharged(monster: Monster, action: str) -> Monster:
    """B2: the recharge action `action` charged again (its resource back to unused)."""
    return replace(
        monster,
        resources=tuple(
            replace(r, used=0) if r.name.lower() == action.lower() else r for r in monster.resources
        ),
    )


def round_regained(fight: Fight) -> Fight:
    """B7: what comes back as each round starts: resources that recharge by the round
    (legendary action points)."""
    for c in fight.everyone:
        if any(r.recharge is Recharge.ROUND and r.used for r in c.resources):
            back = tuple(
                replace(r, used=0) if r.recharge is Recharge.ROUND else r for r in c.resources
            )
            fight = fight.with_combatant(replace(c, resources=back))
    return fight


def verify_action_order(fight: Fight, order: Order) -> Attack:
    """B1–B3, B6: an order with an action, checked before it is played: the monster has that
    action, a use of it is left (B2), and it names heroes in the fight, each once. Returns the
    action. Which heroes it may reach and catch is the plan's check (`plan_check`)."""
    monster = fight.monster(order.monster)
    action = action_named(monster, order.action)
    if action is None:
        has = and_list(a.name for a in monster.actions) or "none"
        raise Refused(
            f"{monster.name} has no action {order.action!r} (its actions: {has})", rule="B1"
        )
    if uses_left(monster, action) == 0:
        use = use_of(monster, action)
        when = "its recharge die brings it back" if action.recharge else "a long rest"
        raise Refused(
            f"{monster.name} has no use of {action.name} left ({use} is spent; {when})", rule="B2"
        )
    targets = order.targets
    if not targets:
        raise Refused(f"{monster.name}'s {action.name} names no hero", rule="B3")
    if len(set(targets)) != len(targets):
        raise Refused(f"{monster.name}'s {action.name} names a hero twice", rule="B3")
    for name in targets:
        if name not in fight or fight.combatant(name).side is monster.side:
            raise Refused(f"{monster.name}'s {action.name}: {name!r} is no hero here", rule="B3")
        if not in_fight(fight.combatant(name)):
            raise Refused(f"{monster.name}'s {action.name}: {name} is out of the fight", rule="B3")
    return action


def auto_hit(action: Attack) -> bool:
    """F7, B3: a spell with neither a save nor an attack bonus hits without a roll (Magic
    Missile's darts)."""
    return action.spell and action.save is None and action.to_hit == 0


def split_targets(action: Attack, targets: tuple[str, ...]) -> tuple[str, ...]:
    """B3: whom each of an action's darts, rays or beams (`times`) goes at: the heroes named,
    in turn, from the first (three darts at two heroes: the first, the second, the first)."""
    return tuple(targets[i % len(targets)] for i in range(max(action.times, 1)))


def _resource(c: Combatant, name: str) -> Resource | None:
    return next((r for r in c.resources if r.name.lower() == name.lower()), None)
