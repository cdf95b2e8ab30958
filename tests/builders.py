"""Short builders for fights in tests: defaults everywhere, names and ranks where they matter."""

from __future__ import annotations

from typing import Any

from lnf.dice import parse
from lnf.model import Attack, AttackKind, Fight, Group, Hero, Monster, Rank

SWORD = Attack(name="Sword", to_hit=4, damage=parse("1d8+2 slashing"))
BOW = Attack(
    name="Bow",
    kind=AttackKind.RANGED,
    to_hit=4,
    damage=parse("1d6+2 piercing"),
    range=(80, 320),
    two_handed=True,
)


def hero(name: str, cls: str = "fighter", **kw: Any) -> Hero:
    kw.setdefault("hp", 20)
    kw.setdefault("attacks", (SWORD,))
    return Hero(name=name, cls=cls, **kw)


def monster(name: str, **kw: Any) -> Monster:
    kw.setdefault("hp", 10)
    kw.setdefault("attacks", (SWORD, BOW))
    return Monster(name=name, **kw)


def fight(
    heroes: list[Hero],
    monsters: list[Monster],
    groups: dict[str, list[str]] | None = None,
    **kw: Any,
) -> Fight:
    return Fight(
        heroes=tuple(heroes),
        monsters=tuple(monsters),
        groups=tuple(Group(label, tuple(members)) for label, members in (groups or {}).items()),
        **kw,
    )


def lone_heroes_with(counts: list[int]) -> Fight:
    """X2: four front-rank heroes, each alone in a group with counts[i] monsters."""
    heroes = [hero(f"H{i + 1}") for i in range(len(counts))]
    monsters: list[Monster] = []
    groups: dict[str, list[str]] = {}
    for i, n in enumerate(counts):
        mine = [monster(f"M{i + 1}.{j + 1}") for j in range(n)]
        monsters += mine
        if mine:
            groups[f"G{i + 1}"] = [heroes[i].name] + [m.name for m in mine]
    return fight(heroes, monsters, groups)


BACK = Rank.BACK
FRONT = Rank.FRONT
FREE_AIR = Rank.FREE_AIR
