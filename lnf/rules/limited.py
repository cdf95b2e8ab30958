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
from lnf.rules.wording import and_list

C = TypeVar("C", bound=Combatant)


def action_named(monster: Monster, name: str) -> Attack | None:
    """B1: the special action or spell of `monster` called `name` (as the stat block spells it;
    case does not matter)."""
    return next((a for a in monster.actions if a.name.lower() == name.lower()), None)


def use_name(action: Attack) -> str | None:
    """B2, B6: the name of what one use of `action` spends, as `rules.specials.resource_of`
    names it: the resource it `spends` (a dragon's breaths share "Breath Weapons"), else its own
    name (a recharge or per-day action, an innate spell), else a slot of its own level (B6: no
    upcasting); None at will."""
    if action.spends:
        return action.spends
    if action.per_day or action.recharge:
        return action.name
    return f"{SLOT}{action.slot}" if action.slot else None


def use_of(monster: Monster, action: Attack) -> str | None:
    """B2, B6: the resource one use of `action` spends; None for what it may use at will (a
    cantrip, an action without a limit, a spell whose slots its file does not count)."""
    name = use_name(action)
    if name is None or (not _limited(action) and _resource(monster, name) is None):
        return None
    return name


def _limited(action: Attack) -> bool:
    """Counted even without a resource in the file (then fully charged, B2)."""
    return bool(action.per_day or action.recharge)


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
        action = _spending(c, name)
        if action is not None:
            kind = Recharge.ROLL if action.recharge else Recharge.LONG
            r = Resource(name=name, total=action.per_day or 1, recharge=kind)
            c = replace(c, resources=(*c.resources, r))
    return replace(
        c,
        resources=tuple(
            replace(r, used=r.used + amount) if r.name.lower() == name.lower() else r
            for r in c.resources
        ),
    )


def _spending(monster: Monster, name: str) -> Attack | None:
    """The first limited action (recharge, per day) whose use is `name`, in stat-block order."""
    return next((a for a in monster.actions if _limited(a) and use_name(a) == name), None)


def recharge_named(monster: Monster, name: str) -> Attack | None:
    """B2: the first recharge action whose charge is `name` (its own, or one it shares)."""
    return next((a for a in monster.actions if a.recharge and use_name(a) == name), None)


def counts(c: Combatant, name: str) -> bool:
    """Whether `name` is a use `c` has: a resource in its file, or a monster's limited action."""
    if _resource(c, name) is not None:
        return True
    return isinstance(c, Monster) and _spending(c, name) is not None


def spent_recharges(monster: Monster) -> tuple[tuple[str, Attack], ...]:
    """B2: each charge `monster` has used and not got back (a breath's; "Breath Weapons" shared
    by two breaths rolls once), with the first action that spends it, in stat-block order:
    each rolls its die as a round starts."""
    out: dict[str, Attack] = {}
    for a in monster.actions:
        name = use_name(a) if a.recharge else None
        r = _resource(monster, name) if name is not None else None
        if name is not None and r is not None and r.left == 0:
            out.setdefault(name, a)
    return tuple(out.items())


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
    action, a use of it is left (B2), and it names heroes of the fight, each once (one out of
    the fight by now is passed over as it is played). Returns the action. Which heroes it may
    reach and catch is the plan's check (`plan_check`)."""
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
    return action


SURE_HITS = frozenset({"magic missile"})  # as `rules.specials.sure_hit` has it


def auto_hit(action: Attack) -> bool:
    """F7, B3: Magic Missile's darts hit without a roll (the one SRD spell that does)."""
    return action.name.lower() in SURE_HITS and action.save is None


def split_targets(action: Attack, targets: tuple[str, ...]) -> tuple[str, ...]:
    """B3: whom each of an action's darts, rays or beams (`times`) goes at: the heroes named,
    in turn, from the first (three darts at two heroes: the first, the second, the first)."""
    return tuple(targets[i % len(targets)] for i in range(max(action.times, 1)))


def _resource(c: Combatant, name: str) -> Resource | None:
    return next((r for r in c.resources if r.name.lower() == name.lower()), None)
