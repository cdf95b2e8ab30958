"""B1, B2, B6: a monster's special actions and spells as limited uses: which of its actions an
order names, what using one spends (a recharge action its charge, a per-day action a use, a
spell its own level's slot: no upcasting), whether it has one left, the recharge roll at a
round's start, and what a round's start gives back (legendary action points). Which action a
name is, what a use spends, whether one may be used and Magic Missile's sure hit are
`rules.specials`' (one function each); this module plays them out.

A monster whose file lists no resource for a limited action counts it as fully charged (the
shared model): spending it then starts the count, so a breath used once waits for its recharge.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from lnf.errors import Refused
from lnf.model import Attack, Combatant, Fight, Monster, Recharge, Resource
from lnf.model.plan import Order
from lnf.rules.idle_casts import check_idle_cast, self_spell
from lnf.rules.specials import (
    action_named,
    check_usable,
    is_split,
    resource_of,
    use_name,
)
from lnf.values import replace

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_ROUND = Recharge.ROUND

C = TypeVar("C", bound=Combatant)


def use_of(monster: Monster, action: Attack) -> str | None:
    """B2, B6: the resource one use of `action` spends; None for what it may use at will (a
    cantrip, an action without a limit, a spell whose slots its file does not count)."""
    if not _limited(action) and resource_of(monster, action) is None:
        return None
    return use_name(action)


def _limited(action: Attack) -> bool:
    """Counted even without a resource in the file (then fully charged, B2)."""
    return bool(action.per_day or action.recharge)


def uses_left(monster: Monster, action: Attack) -> int | None:
    """B2: how many uses of `action` are left (None: at will). A limited action without its
    resource in the file is fully charged: its per-day uses, or one charge."""
    r = resource_of(monster, action)
    if r is not None:
        return r.left
    return (action.per_day or 1) if _limited(action) else None


def spent(c: C, name: str, amount: int = 1) -> C:
    """B2: `amount` more of the resource `name` used. A monster's limited action not yet
    counted starts its count here (its per-day uses, or one charge that the recharge die
    brings back)."""
    if c.resource(name) is None and isinstance(c, Monster):
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
    if c.resource(name) is not None:
        return True
    return isinstance(c, Monster) and _spending(c, name) is not None


def spent_recharges(monster: Monster) -> tuple[tuple[str, Attack], ...]:
    """B2: each charge `monster` has used and not got back (a breath's; "Breath Weapons" shared
    by two breaths rolls once), with the first action that spends it, in stat-block order:
    each rolls its die as a round starts."""
    out: dict[str, Attack] = {}
    for a in monster.actions:
        name = use_name(a) if a.recharge else None
        r = monster.resource(name) if name is not None else None
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
        if any(r.recharge is _ROUND and r.used for r in c.resources):
            back = tuple(replace(r, used=0) if r.recharge is _ROUND else r for r in c.resources)
            fight = fight.with_combatant(replace(c, resources=back))
    return fight


def verify_action_order(fight: Fight, order: Order) -> Attack:
    """B1–B3, B6: an order with an action, checked before it is played: the monster may use
    that action now (`rules.specials.check_usable`, as the validator asks), and it names heroes
    of the fight, each once (one out of the fight by now is passed over as it is played).
    Returns the action. Which heroes it may reach and catch is the plan's check (`plan_check`)."""
    monster = fight.monster(order.monster)
    action = action_named(monster, order.action)
    if action is not None and self_spell(action):  # B6: cast on itself
        if idle := check_idle_cast(fight, monster, order, played=True):
            raise Refused(idle[0].message, rule=idle[0].rule)
        return action
    found = check_usable(monster, order.action)
    if found or action is None:  # check_usable says B1 when it has no such action
        raise Refused(found[0].message, rule=found[0].rule)
    targets = order.targets
    if not targets:
        raise Refused(f"{monster.name}'s {action.name} names no hero", rule="B3")
    if len(set(targets)) != len(targets):
        raise Refused(f"{monster.name}'s {action.name} names a hero twice", rule="B3")
    for name in targets:
        if name not in fight or fight.combatant(name).side is monster.side:
            raise Refused(f"{monster.name}'s {action.name}: {name!r} is no hero here", rule="B3")
    return action


def split_targets(action: Attack, targets: tuple[str, ...]) -> tuple[str, ...]:
    """B3: whom each of an action's darts, rays or beams goes at, one after another: as
    `rules.specials.split_darts` shares them, round and round in the order named (three darts at
    two heroes: the first, the second, the first)."""
    if not targets or not is_split(action):
        return targets
    return tuple(dart_target(targets, n) for n in range(action.times))


def dart_target(named: Sequence[str], n: int) -> str:
    """B3, F7: whom dart, ray or beam `n` (0: the first) goes at: round and round in the order
    named (five darts at Orc 1 and Orc 2: Orc 1, Orc 2, Orc 1, Orc 2, Orc 1; one named: all at
    it), a monster's (`split_targets`) and a hero's spell (`engine.hero_turn.swing_target`)
    alike."""
    return named[n % len(named)]
