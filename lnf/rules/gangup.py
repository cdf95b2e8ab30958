"""Gang-up limits (K1–K4): how many monsters a unit of front-rank heroes may hold."""

from __future__ import annotations

from collections.abc import Sequence

from lnf.errors import Violation
from lnf.model import Fight, Rank
from lnf.model.plan import MoveKind, Order
from lnf.rules.moves import Place, final_spot
from lnf.rules.roster import heroes, in_fight
from lnf.rules.wording import and_list, plural
from lnf.values import value

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_FRONT = Rank.FRONT

TIERS = (1, 3, 8)  # K2: monsters per hero


@value
class Unit:
    """K1: a mêlée group with a front-rank hero, or a lone unengaged front-rank hero."""

    label: str  # the group's label, or the lone hero's name
    heroes: tuple[str, ...]  # h(u): its front-rank heroes
    monsters: tuple[str, ...]  # m(u): its front-rank or free-air monsters

    @property
    def counts(self) -> tuple[int, int]:
        """(h(u), m(u)): what K2 compares."""
        return len(self.heroes), len(self.monsters)


def units(fight: Fight) -> tuple[Unit, ...]:
    """K1 units of the state as it stands; K4: back-rank (ranged, reach) monsters do not count."""
    found: list[Unit] = []
    for group in fight.groups:
        front = tuple(
            h.name for h in fight.heroes_in(group) if in_fight(h) and h.rank is Rank.FRONT
        )
        if not front:
            continue
        members = tuple(
            m.name
            for m in fight.monsters_in(group)
            if in_fight(m) and m.rank in (Rank.FRONT, Rank.FREE_AIR)
        )
        found.append(Unit(group.label, front, members))
    for hero in heroes(fight):
        if hero.rank is Rank.FRONT and fight.group_of(hero.name) is None:
            found.append(Unit(hero.name, (hero.name,), ()))
    return tuple(found)


def unit_spots(fight: Fight) -> list[tuple[Place, int]]:
    """K1 units as the spots monsters can stand at, with h(u): each group holding a front-rank
    hero (its group), then each lone front-rank hero (its new group)."""
    out = []
    for group in fight.groups:
        h = sum(1 for x in fight.heroes_in(group) if in_fight(x) and x.rank is _FRONT)
        if h:
            out.append((Place(group=group.label), h))
    for hero in heroes(fight):
        if fight.group_of(hero.name) is None and hero.rank is _FRONT:
            out.append((Place(hero=hero.name), 1))
    return out


def broken_tier(counts: Sequence[tuple[int, int]]) -> tuple[int, list[int], list[int]] | None:
    """K2 on (h, m) pairs: the first tier t some unit exceeds while another is below t·h.

    Returns (t, indices over t·h, indices under t·h), or None when the counts are legal.
    """
    for t in TIERS:
        over = [i for i, (h, m) in enumerate(counts) if m > t * h]
        under = [i for i, (h, m) in enumerate(counts) if m < t * h]
        if over and under:
            return t, over, under
    return None


def k2_allows(counts: Sequence[tuple[int, int]]) -> bool:
    """K2: True when no unit holds more than t·h(u) while another holds fewer than t·h(u)."""
    return broken_tier(counts) is None


def check_gang_up(fight: Fight) -> list[Violation]:
    """K2 as a check on a state (K3: it binds monsters that join; none is forced out)."""
    found_units = units(fight)
    broken = broken_tier([u.counts for u in found_units])
    if broken is None:
        return []
    t, over, under = broken
    big = [found_units[i] for i in over]
    small = [found_units[i] for i in under]
    return [
        Violation(
            "K2",
            f"{_describe(big)}, more than {t} per hero, while {_describe(small)}",
            tuple(name for u in (*big, *small) for name in (*u.heroes, *u.monsters)),
            "no monster may join a unit above the tier until every unit has reached it "
            "(K3: monsters already in a group are not forced out)",
        )
    ]


def _describe(us: list[Unit]) -> str:
    parts = [
        f"{_name(u)} holds {plural(len(u.monsters), 'monster')} for "
        f"{plural(len(u.heroes), 'hero', 'heroes')}"
        for u in us
    ]
    return and_list(parts)


def _name(u: Unit) -> str:
    return u.label if u.heroes == (u.label,) else f"group {u.label}"


@value
class FinalUnit:
    """K1 unit after the moves: its spot, h(u) and m(u) (K4 counting), and who joined it."""

    spot: Place
    front_heroes: int
    monsters: int
    joined_by: tuple[str, ...]


def final_units(fight: Fight, orders: dict[str, Order]) -> list[FinalUnit]:
    """K1 units with K4 counting (front rank and free air), after this round's moves."""
    units = []
    for spot, front_heroes in unit_spots(fight):
        here = [o for o in orders.values() if final_spot(fight, o.monster, o.move) == spot]
        counted = sum(1 for o in here if o.rank in (Rank.FRONT, Rank.FREE_AIR))
        joined = tuple(o.monster for o in here if o.move.kind is MoveKind.JOIN)
        units.append(FinalUnit(spot, front_heroes, counted, joined))
    return units


def check_joins(fight: Fight, orders: dict[str, Order]) -> list[Violation]:
    """K2, K3: no monster ends its move in a unit it joined if that unit then breaks K2."""
    units = final_units(fight, orders)
    broken = broken_tier([(u.front_heroes, u.monsters) for u in units])  # K2, decided once
    if broken is None:
        return []
    t, over, under = broken
    low = units[under[0]]
    return [
        Violation(
            "K2",
            f"{and_list(unit.joined_by)} may not join {unit.spot}: it "
            f"would hold {plural(unit.monsters, 'monster')} for "
            f"{plural(unit.front_heroes, 'front-rank hero', 'front-rank heroes')}, "
            f"more than {t} per hero, while {low.spot} has "
            f"{low.monsters} for {low.front_heroes}",
            unit.joined_by,
            "K3: a monster may not end its move in a unit that then breaks K2",
        )
        for unit in (units[i] for i in over)
        if unit.joined_by  # K3: only monsters that join are bound; nobody is forced out
    ]
