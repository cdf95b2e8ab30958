"""Movement between groups (M1–M6) and rank switching (R7, R8) for the monsters' plan.

A *spot* is where a combatant stands after moving: a `Place` — an existing group (its label)
or the new group it forms with an unengaged hero (the hero's name) — or None (unengaged).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from lnf.errors import Refused, Violation
from lnf.model import Fight, Hero, Monster, Rank
from lnf.model.plan import LEAVE, STAY, Move, MoveKind, Order, Plan
from lnf.rules.ranks import can_fly_now
from lnf.rules.roster import held, in_fight, incapacitated, monsters, rows, speed_now
from lnf.rules.surprise import held_back
from lnf.rules.turning import is_turned, turned_move
from lnf.values import by_identity

if TYPE_CHECKING:
    from lnf.model.steps import Moved


class Place(NamedTuple):
    """A place in a group after the moves (M5): in an existing group, or in the new group of an
    unengaged hero and those who join it. A named tuple: the solver and the plan check compare
    and hash spots in their inner loops."""

    group: str | None = None  # the label of an existing group…
    hero: str | None = None  # …or the unengaged hero a new group forms around

    def __str__(self) -> str:
        return f"group {self.group}" if self.group is not None else str(self.hero)

    @property
    def joined(self) -> str:
        """What a move into it names: the group's label, or the hero."""
        return self.group if self.group is not None else str(self.hero)

    @property
    def move(self) -> Move:
        """The move that goes there (M5)."""
        if self.group is not None:
            return Move(MoveKind.JOIN, group=self.group)
        return Move(MoveKind.JOIN, hero=self.hero)


Spot = Place | None  # None: unengaged

FAST_SPEED = 25  # M3: 25 ft or more is fast; 1–24 ft is slow (M2)


def can_act(fight: Fight, monster: Monster) -> bool:
    """P1: every monster in the fight that is not incapacitated gets an order; P6: mid-round,
    only those that have not acted yet; not one that is surprised (D12) or sits out the
    surprise round (V-ENC1)."""
    return (
        in_fight(monster)
        and not incapacitated(monster)
        and monster.name not in fight.turns.acted
        and held_back(fight, monster.name) is None
    )


def orders_by_monster(fight: Fight, plan: Plan) -> dict[str, Order]:
    """Every monster in the fight with its order; monsters the plan leaves out stay put."""
    given = {o.monster: o for o in plan.orders}
    return {m.name: given.get(m.name, Order(m.name, m.rank)) for m in monsters(fight)}


def is_fast(c: Hero | Monster) -> bool:
    return speed_now(c) >= FAST_SPEED


def start_spot(fight: Fight, name: str) -> Spot:
    group = fight.group_of(name)
    return Place(group=group.label) if group is not None else None


def hero_spot(fight: Fight, hero: Hero) -> Place:
    """Where a monster must stand to be in a group with `hero` (M5)."""
    spot = start_spot(fight, hero.name)
    return spot if spot is not None else Place(hero=hero.name)


def final_spot(fight: Fight, monster: str, move: Move) -> Spot:
    if move.kind is MoveKind.STAY:
        return start_spot(fight, monster)
    if move.kind is MoveKind.LEAVE:
        return None
    if move.group is not None:
        return Place(group=move.group)
    assert move.hero is not None
    return Place(hero=move.hero)


def leaves_group(fight: Fight, monster: str, move: Move) -> bool:
    """M6: it ends outside the group it started in (and so may draw opportunity attacks)."""
    start = start_spot(fight, monster)
    return start is not None and final_spot(fight, monster, move) != start


def join_options(fight: Fight, monster: Monster) -> list[Move]:
    """Groups it could move into: every other group, then every unengaged hero (G2 order).
    They depend on the monster only through the group it starts in: worked out once per
    starting group of the fight asked about last (the solver asks for every troop)."""
    start = fight.group_of(monster.name)
    joins = _joins(fight)
    found = joins.get(id(start))  # the fight holds its groups: an id is not reused
    if found is None or not JOINS_KEPT:
        groups = [Move(MoveKind.JOIN, group=g.label) for g in fight.groups if g is not start]
        lone = [
            Move(MoveKind.JOIN, hero=h.name)
            for h in rows(fight)
            if in_fight(h) and fight.group_of(h.name) is None
        ]
        found = joins[id(start)] = (*groups, *lone)
    return list(found)


JOINS_KEPT = True  # `join_options` remembered per starting group (off: the tests' slow path)


@by_identity
def _joins(fight: Fight) -> dict[int, tuple[Move, ...]]:
    """`join_options` per starting group (its id; None's for the unengaged) of one fight."""
    return {}


def destinations(fight: Fight, monster: Monster) -> list[Move]:
    """M1–M4: the moves open to a monster this round, staying first.

    Speed 0, restrained, grappled or incapacitated: no group change (M4). Slow (M2): into one
    group only if unengaged at the start, or out of its group. Fast (M3): anything.
    """
    if is_turned(monster):  # F2 Turn Undead: away, and nowhere else
        return [turned_move(fight, monster)]
    if speed_now(monster) == 0:
        return [STAY]
    engaged = fight.group_of(monster.name) is not None
    if not engaged:
        return [STAY, *join_options(fight, monster)]
    if not is_fast(monster):
        return [STAY, LEAVE]
    return [STAY, LEAVE, *join_options(fight, monster)]


def rank_options(monster: Monster) -> list[Rank]:
    """R7, R8: its rank now first, then the others it may switch to this round."""
    if held(monster):
        return [monster.rank]  # R8: no rank switch while restrained or grappled
    allowed = [Rank.FRONT, Rank.BACK] + ([Rank.FREE_AIR] if can_fly_now(monster) else [])
    return [monster.rank, *(r for r in allowed if r is not monster.rank)]


def check_move(fight: Fight, monster: Monster, move: Move) -> list[Violation]:
    """M1, M2, M4–M6 for the move a plan gives a monster (into a group or to a hero of the
    fight: P1 is the plan check's)."""
    name = monster.name
    if move.kind is MoveKind.STAY:
        return []
    start = fight.group_of(name)
    if move.kind is MoveKind.LEAVE and start is None:
        return [Violation("M6", f"{name} is in no group and cannot leave one", (name,))]
    if move.kind is MoveKind.JOIN:
        if move.group is not None:
            if start is not None and start.label == move.group:
                return [Violation("M1", f"{name} is already in group {move.group}", (name,))]
        elif move.hero is not None and (group := fight.group_of(move.hero)) is not None:
            text = f"{move.hero} is in group {group.label}: join the group"
            return [Violation("M5", text, (name, move.hero))]
    speed = speed_now(monster)
    if speed == 0:
        return [Violation("M4", f"{name} cannot change group at speed 0 or while held", (name,))]
    if move.kind is MoveKind.JOIN and start is not None and speed < FAST_SPEED:
        return [
            Violation(
                "M2",
                f"{name} is slow ({speed} ft): it cannot leave group {start.label} and join "
                "another in one round",
                (name,),
            )
        ]
    return []


# --- moves asked for, refused with M's rules (`rules.legal` asks) --------------------------


def can_leave(fight: Fight, c: Hero | Monster) -> bool:
    return fight.group_of(c.name) is not None and speed_now(c) > 0


def verify_can_leave(fight: Fight, c: Hero | Monster) -> None:
    """M4: leaving needs a group to leave and some speed."""
    if not can_leave(fight, c):
        raise Refused(f"{c.name} is in no group or cannot move", "M4")


def verify_one_group_change(c: Hero | Monster, moves: Sequence[Moved]) -> None:
    """M2: a slow combatant changes group once a round, into a group or out of one."""
    if sum(1 for m in moves if m.changes_group) > 1 and not is_fast(c):
        raise Refused(f"{c.name} is slow: one group change per round, into a group or out", "M2")
