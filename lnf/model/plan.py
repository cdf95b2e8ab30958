"""The monsters' plan for one round (P1) as plain values: no solver type ever leaves the solver.

Each monster gets an order: its rank, its move and its attack (target and mode) or none.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from enum import StrEnum

from lnf.model.enums import Rank
from lnf.values import value


class Mode(StrEnum):
    """How a monster attacks (A1–A3)."""

    MELEE = "melee"  # A1: same group, both front rank (or both free air)
    REACH = "reach"  # A2: unengaged, longer reach than the target
    RANGED = "ranged"  # A3: shooting

    def __repr__(self) -> str:
        return f"Mode.{self.name}"  # as code, like an Order's repr


class Advantage(StrEnum):
    """D4: the attack roll's advantage or disadvantage."""

    NORMAL = "normal"
    ADVANTAGE = "advantage"
    DISADVANTAGE = "disadvantage"


class MoveKind(StrEnum):
    STAY = "stay"  # keeps its group, or stays unengaged
    LEAVE = "leave"  # M6: leaves its group and ends unengaged
    JOIN = "join"  # M5: joins a group, or an unengaged hero (a new group)

    def __repr__(self) -> str:
        return f"MoveKind.{self.name}"  # as code: a Move's repr can be pasted back


@value(order=True)
class Move:
    kind: MoveKind = MoveKind.STAY
    group: str | None = None  # JOIN: the label of an existing group…
    hero: str | None = None  # …or the unengaged hero it forms a new group with

    def __str__(self) -> str:
        if self.kind is MoveKind.JOIN:
            return f"joins group {self.group}" if self.group is not None else f"joins {self.hero}"
        return "stays" if self.kind is MoveKind.STAY else "leaves its group"

    def __repr__(self) -> str:
        if self.kind is not MoveKind.JOIN:
            return "STAY" if self.kind is MoveKind.STAY else "LEAVE"
        where = f"group={self.group!r}" if self.group is not None else f"hero={self.hero!r}"
        return f"Move(MoveKind.JOIN, {where})"

    @property
    def words(self) -> str:
        """The move as a plan file writes it: stay, leave, join A, join Felix."""
        if self.kind is MoveKind.JOIN:
            return f"join {self.group if self.group is not None else self.hero}"
        return self.kind.value

    @classmethod
    def parse(cls, text: str, groups: Collection[str], heroes: Collection[str]) -> Move:
        """`words` read back: stay, leave, or join a group's label or a hero (a label wins, as
        on the grid); ValueError says what is wrong."""
        words = text.strip()
        if words.lower() in (MoveKind.STAY, MoveKind.LEAVE):
            return cls(MoveKind(words.lower()))
        verb, _, into = words.partition(" ")
        into = into.strip()
        if verb.lower() != MoveKind.JOIN or not into:
            raise ValueError(f"bad move {words!r}")
        if into in groups:
            return cls(MoveKind.JOIN, group=into)
        if into in heroes:
            return cls(MoveKind.JOIN, hero=into)
        raise ValueError(f"no group or hero called {into!r}")


STAY = Move()
LEAVE = Move(MoveKind.LEAVE)


@value
class Order:
    """One monster's part of the plan."""

    monster: str
    rank: Rank
    move: Move = STAY
    target: str | None = None
    mode: Mode | None = None
    # B1, B3: the special action or spell it uses ("": its weapon attacks, Multiattack), and
    # the heroes it attacks besides `target` (an area's other heroes caught, split darts).
    action: str = ""
    also: tuple[str, ...] = ()

    @property
    def targets(self) -> tuple[str, ...]:
        """Every hero this order attacks, `target` first (B3)."""
        return () if self.target is None else (self.target, *self.also)


@value
class Plan:
    """Orders for every monster able to act, in danger order (G3)."""

    orders: tuple[Order, ...]

    def order_for(self, monster: str) -> Order | None:
        return next((o for o in self.orders if o.monster == monster), None)

    def attackers_of(self, hero: str) -> tuple[Order, ...]:
        """B3: an area action attacks every hero it catches."""
        return tuple(o for o in self.orders if hero in o.targets)


@value
class Wish:
    """A DM's wish: `monster` must (fix) or must not (forbid) attack `hero`; with `action`
    (B9), with that special action or spell ("": whatever it attacks with)."""

    monster: str
    hero: str
    fixed: bool
    action: str = ""

    def __str__(self) -> str:
        return f"{self.monster}->{self.hero}" + (f":{self.action}" if self.action else "")

    @staticmethod
    def split(text: str) -> tuple[str, str, str]:
        """`str` read back: the monster, the hero and the action ("" if none) of
        "MONSTER->HERO[:ACTION]" as written (which combatants and action they name is the
        caller's to match); ValueError if it is not that."""
        found = re.match(_WISH, text)
        if found is None:
            raise ValueError(f"{text!r} is not MONSTER->HERO or MONSTER->HERO:ACTION")
        return found["monster"], found["hero"], (found["action"] or "").strip()


# compiled at its first use (`re` keeps it): only `--wish` asks
_WISH = r"^\s*(?P<monster>.+?)\s*->\s*(?P<hero>[^:]+?)\s*(?::(?P<action>.*))?$"
