"""Plans remembered by what they depend on (P3, P4): the same plan-relevant state gives the same
plan, so an odds run (thousands of fights that pass through the same grids) solves each grid
once. Exact by construction and by test: the key is the fight with only what no rule of the
plan reads set aside (hit points above 0, but whether a swarm is at half of them, B6;
temporary hit points, the heroes' resources, death save counts, surge dice, wounds, the round
number, the title, F1's books of the turn under way: who used an action or a bonus action,
the spells cast, the Attack action's attacks; the monsters' damage too, unless one of them can
cast Cure Wounds, B6), and
a property test checks on generated states that the solver gives the same plan with and
without those. A monster's resources stay in the key: the plan reads what it has left (B1, B2,
B6: a recharge action charged, a spell slot, a use a day), and a property test checks that
states differing there are planned apart."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from lnf.model import AltUse, Fight, Hero, Monster
from lnf.model.plan import Plan
from lnf.rules.attacks import half_hp
from lnf.values import HashedOnce, field_values, replace


def plan_state(fight: Fight) -> Fight:
    """The fight as the plan sees it: what can differ between two fights that must get the same
    plan is made equal."""
    heroes = tuple(_hero(h) for h in fight.heroes)
    hurt = _hurt(fight)
    monsters = tuple(
        replace(_monster(m), damage=m.damage) if hurt else _monster(m) for m in fight.monsters
    )  # B6: kept as they are when one of them heals
    return _planned(fight, heroes, monsters)


def _hurt(fight: Fight) -> tuple[int, ...]:
    """B6 Cure Wounds: a monster that can heal reads who of its side is hurt (`rules.idle_casts`
    .patient), so then the monsters' damage is part of the key; () otherwise."""
    heals = any(a.effect is not None and a.effect.heal for m in fight.monsters for a in m.actions)
    return tuple(m.damage for m in fight.monsters) if heals else ()


def _planned(fight: Fight, heroes: tuple[Hero, ...], monsters: tuple[Monster, ...]) -> Fight:
    """The fight's own fields as the plan sees them, with these combatants."""
    return replace(
        fight,
        heroes=heroes,
        monsters=monsters,
        round=0 if fight.round == 0 else 1,  # V-ENC1's surprise round is round 0
        title="",
        turns=replace(
            fight.turns,
            answers=frozenset(),
            current=None,
            sneaked=frozenset(),
            # F1's books of the turn under way, read only as a hero acts (`rules.economy`)
            used_action=frozenset(),
            used_bonus=frozenset(),
            defended=frozenset(),
            cast=(),
            attack_action=frozenset(),
        ),
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
    """Its resources are kept: what it has left is what it may use (B1, B2, B6)."""
    return replace(
        m,
        damage=_planned_damage(m),
        temp_hp=0,
        surge=0,
        reactions=2,
        tenacious=False,
        parts=(),
    )


def _planned_damage(m: Monster) -> int:
    """Its damage as the plan reads it: down or not, and for a swarm whose bites weaken at half
    its hit points (`rules.attacks.used_damage`, B6), whether it is there: hit points at
    half, as a swarm with exactly half has."""
    if m.current_hp == 0:
        return m.hp
    weakens = any(a.alt_when is AltUse.HALF_HP for a in m.attacks)
    return m.hp - m.hp // 2 if weakens and half_hp(m) else 0


V = TypeVar("V")
MEMO_SIZE = 20_000  # combatants remembered as the plan sees them, before the memo starts afresh


class _Key:
    """`plan_state(fight)` as a key that hashes once: the fight's other fields, then each
    combatant as the plan sees it. Equal exactly when the plan states are equal (a fight's
    equality goes field by field, as this tuple's does)."""

    __slots__ = ("_hash", "parts")

    def __init__(self, parts: tuple[object, ...], hashes: tuple[int, ...]) -> None:
        self.parts = parts
        self._hash = hash(hashes)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Key) and self._hash == other._hash and self.parts == other.parts


class PlanCache:
    """A planner that asks the real one once per plan-relevant state."""

    def __init__(self, planner: Callable[[Fight], Plan]) -> None:
        self.planner = planner
        self.plans: dict[_Key, Plan] = {}
        self.hits = 0
        self.misses = 0
        # A fight after an event shares every combatant it did not change with the fight
        # before, so each combatant is set in plan terms (and hashed) once: by its identity,
        # the object kept beside it so that its id is never reused while remembered.
        self._seen: dict[int, tuple[Any, Any, int]] = {}
        # Each value as planned, one object for equal ones: keys that hold the same object
        # compare it by identity, not field by field, when a lookup finds its plan.
        self._one: dict[HashedOnce, Any] = {}
        # Combatants as planned by the identities of their fields: (fields, kept, hash).
        self._same: dict[tuple[object, ...], tuple[tuple[Any, ...], Any, int]] = {}

    def _as_planned(self, c: V, plan: Callable[[V], V]) -> tuple[V, int]:
        """`plan(c)`, one object for equal answers, and its hash: by `c`'s identity."""
        seen = self._seen.get(id(c))
        if seen is None or seen[0] is not c:
            if len(self._seen) >= MEMO_SIZE:
                self._seen.clear()
            seen = self._seen[id(c)] = (c, *self._same_as(plan(c)))
        return seen[1], seen[2]

    def _same_as(self, value: V) -> tuple[V, int]:
        """`_one_of(value)`; a combatant as planned made of the very objects (field for field)
        that an earlier one was made of is equal to it: found by their identities, without
        hashing its fields (its attacks, sheet…). A hit changes what the plan sets aside."""
        fields = field_values(value)
        if fields is None:
            return self._one_of(value)
        same = (value.__class__, *map(id, fields))
        known = self._same.get(same)
        if known is None:
            if len(self._same) >= MEMO_SIZE:
                self._same.clear()
            known = self._same[same] = (fields, *self._one_of(value))  # fields held: ids kept
        return known[1], known[2]

    def _one_of(self, value: V) -> tuple[V, int]:
        """The object kept for values equal to `value`, and its hash."""
        if len(self._one) >= MEMO_SIZE:
            self._one.clear()  # equal values then compare field by field: as exact
        hashed = HashedOnce(value)
        return self._one.setdefault(hashed, value), hashed.hash

    def key(self, fight: Fight) -> _Key:
        rest, rest_hash = self._one_of(_planned(fight, (), ()))
        heroes = [self._as_planned(h, _hero) for h in fight.heroes]
        monsters = [self._as_planned(m, _monster) for m in fight.monsters]
        hurt = _hurt(fight)  # B6
        parts = (rest, tuple(h for h, _ in heroes), tuple(m for m, _ in monsters), hurt)
        hashes = (rest_hash, hash(hurt), *(k for _, k in heroes), -1)
        return _Key(parts, (*hashes, *(k for _, k in monsters)))

    def __call__(self, fight: Fight) -> Plan:
        key = self.key(fight)
        plan = self.plans.get(key)
        if plan is None:
            self.misses += 1
            plan = self.plans[key] = self.planner(fight)
        else:
            self.hits += 1
        return plan
