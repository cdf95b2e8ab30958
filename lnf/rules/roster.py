"""Who is in the fight and how the hero rows read (G1, G2, T1).

Small questions every other rule asks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar, cast

from lnf.model import (
    HELD,
    INCAPACITATING,
    N_CONDITIONS,
    Combatant,
    Condition,
    Family,
    Fight,
    Hero,
    Monster,
    TraitKind,
)
from lnf.values import by_identity

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook
# (3.12 dropped it); whether a combatant is banished is asked ~1,000 times a fight.
_BANISHED = Condition.BANISHED
_FLYING = Condition.FLYING
_FROZEN = Condition.FROZEN
_MIRED = Condition.MIRED
_PRONE = Condition.PRONE
_SLOWED = Condition.SLOWED

T = TypeVar("T")
_FAMILY_ORDER = {family: i for i, family in enumerate(Family)}


def in_fight(c: Hero | Monster) -> bool:
    """Still on the grid: a hero that is not dead (downed heroes stay, A4); a living monster;
    neither once it got away in a chase (C6), nor while it is banished (F7)."""
    if c.escaped or banished(c):
        return False
    if isinstance(c, Hero):
        return not c.dead
    return c.damage < c.hp


def banished(c: Hero | Monster) -> bool:
    """F7 Banishment: on a harmless demiplane until the spell ends — out of the fight, in no
    group, neither acting nor attacked, yet neither dead nor gone for good."""
    return _BANISHED in c.conditions


def heroes(fight: Fight) -> tuple[Hero, ...]:
    """The heroes still in the fight: worked out once per state (`Fight.roster_memo`)."""
    return _per_state(fight, "heroes", lambda f: tuple(h for h in f.heroes if in_fight(h)))


def monsters(fight: Fight) -> tuple[Monster, ...]:
    """The monsters still in the fight: worked out once per state (`Fight.roster_memo`)."""
    return _per_state(fight, "monsters", lambda f: tuple(m for m in f.monsters if in_fight(m)))


def trait_kinds(fight: Fight) -> frozenset[TraitKind]:
    """B8: the kinds of trait the fight's monsters have (a trait acts only through a monster
    that has it): worked out once per state (`Fight.roster_memo`)."""
    return _per_state(
        fight, "trait kinds", lambda f: frozenset(t.kind for m in f.monsters for t in m.traits)
    )


def amulet_wearers(fight: Fight) -> frozenset[str]:
    """B8: whom the monsters' amulets are worn by (a shield guardian's): worked out once per
    state (`Fight.roster_memo`)."""
    return _per_state(
        fight, "amulets", lambda f: frozenset(m.amulet for m in f.monsters if m.amulet)
    )


def _per_state(fight: Fight, name: str, work: Callable[[Fight], T]) -> T:
    """`work(fight)`, remembered in the state's `roster_memo` under `name` (it reads only the
    combatants, which is what the memo is kept by)."""
    memo = fight.roster_memo
    found = memo.get(name)
    if found is None:
        found = memo[name] = work(fight)
    return cast(T, found)


def rows(fight: Fight) -> tuple[Hero, ...]:
    """G2: non-halflings before halflings, then fighty → sneaky; ties keep the written order.
    Worked out once per state (`Fight.roster_memo`: asked for every block of S2's order)."""
    return _per_state(fight, "rows", _rows)


def _rows(fight: Fight) -> tuple[Hero, ...]:
    return tuple(
        sorted(fight.heroes, key=lambda h: (h.halfling, _FAMILY_ORDER[h.family]))
    )  # sorted() is stable, which keeps the written order among equals


def downed(hero: Hero) -> bool:
    """A4: at 0 hit points but not dead."""
    return hero.current_hp == 0 and not hero.dead


def has_n_dot(hero: Hero) -> bool:
    """T1: N = knocked down or any condition that gives monsters advantage against the hero."""
    return hero.n_dot or downed(hero) or bool(hero.conditions & N_CONDITIONS)


def incapacitated(c: Combatant) -> bool:
    return bool(c.conditions & INCAPACITATING)


def cannot_act(c: Combatant) -> str:
    """F3: why an incapacitated creature's turn passes, as the log notes it ("cannot act:
    stunned", read on the players' page too); "" when it is not incapacitated."""
    why = " and ".join(sorted(str(k) for k in c.conditions & INCAPACITATING))
    return f"cannot act: {why}" if why else ""


def held(c: Combatant) -> bool:
    """Restrained or grappled: no rank switch (R8), no group change (M4), no free air (R7)."""
    return bool(c.conditions & HELD)


def speed_now(c: Combatant) -> int:
    """M4: the best movement speed the creature can use now, after conditions (F3: halved
    while slowed, "its speed is halved")."""
    if held(c) or incapacitated(c) or _MIRED in c.conditions:  # B8 Aberrant Ground
        return 0
    halved = 2 if _SLOWED in c.conditions else 1
    less = frozen_feet(c) if _FROZEN in c.conditions else 0  # B8 Freeze
    if _PRONE in c.conditions:
        return max(0, c.speed - less) // halved  # standing up costs half, not slow/fast
    # R7 lets it take free air whenever it can fly (not prone, not held: both above), so its
    # flying speed counts in any rank, not only once it is up there.
    return max(0, max(c.speed, fly_speed(c)) - less) // halved


def frozen_feet(c: Combatant) -> int:
    """B8 Freeze (SRD: "its speed is reduced by 20 ft."): the feet its trait names, 20 for a
    creature frozen without one (the DM's mark)."""
    trait = c.trait(TraitKind.FREEZE) if isinstance(c, Monster) else None
    return trait.hp if trait is not None else 20


FLY_SPELL = 60  # F7 Fly: "The target gains a flying speed of 60 feet for the duration"


def fly_speed(c: Combatant) -> int:
    """R7: its flying speed now: its own, or the Fly spell's 60 feet while it flies (B6)."""
    return max(c.fly, FLY_SPELL if _FLYING in c.conditions else 0)


Changes = tuple[tuple[Hero | Monster, Hero | Monster | None], ...]
_last_changed: dict[str, tuple[Fight, Fight, Changes]] = {}  # the last pair asked, and its answer


def changed(before: Fight, after: Fight) -> list[tuple[Hero | Monster, Hero | Monster | None]]:
    """Each combatant of `before` (in its order) that `after` holds as another value, with
    that value (None: no longer in `after`). A step makes a new value of each combatant it
    changes and shares the others, so this is whom it changed. The last pair asked is
    remembered by identity (frozen values, held beside the answer): a step's record is asked
    it three times over (who dropped, F5's concentration, R7's fall)."""
    last = _last_changed.get("last")  # one read: another thread may remember meanwhile
    if last is not None and last[0] is before and last[1] is after:
        return list(last[2])  # a list of its own: the caller's to keep
    found = _changed(before, after)
    _last_changed["last"] = (before, after, found)
    return list(found)


def _changed(before: Fight, after: Fight) -> Changes:
    """`changed`, worked out: what `after.combatant` of each name gives, found by position
    first (a step keeps the combatants where they were)."""
    found: list[tuple[Hero | Monster, Hero | Monster | None]] = []
    sides: tuple[tuple[Sequence[Hero | Monster], Sequence[Hero | Monster]], ...] = (
        (before.heroes, after.heroes),
        (before.monsters, after.monsters),
    )
    for olds, news in sides:
        if olds is news:
            continue
        n = len(news)
        for i, c in enumerate(olds):
            now = news[i] if i < n else None
            if now is c:
                continue
            if now is None or now.name != c.name:
                now = after.combatant(c.name) if c.name in after else None
                if now is c:
                    continue
            found.append((c, now))
    return tuple(found)


@by_identity
def heroes_up(heroes: tuple[Hero, ...]) -> bool:
    """Any hero up, in the fight or banished (by identity: most events share the heroes): while
    none is, the monsters have won."""
    return any((in_fight(h) or banished(h)) and h.current_hp > 0 for h in heroes)
