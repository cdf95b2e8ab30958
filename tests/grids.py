"""Generated mid-fight grids of any size, for the benchmark (`bench/plan.py`) and for tests
that need more than Hypothesis' small grids: a fifth of the heroes off the front rank (out of
reach), a few wanted C dots and O dots, half the monsters engaged and spread over the
front-rank heroes' groups, up to six stat blocks with sword and bow, sword or bow, some slow.
With `specials`, some stat blocks breathe (a 30 ft cone, recharge 5–6) and some cast (Fire
Bolt, Magic Missile, Fireball from their slots), B1–B6; the grid is otherwise the same."""

from __future__ import annotations

import random

from lnf.dice import parse
from lnf.model import (
    Ability,
    Area,
    Attack,
    AttackKind,
    BackReason,
    CDot,
    Fight,
    Group,
    Hero,
    Monster,
    Rank,
    Recharge,
    Resource,
    Shape,
)

SWORD = Attack(name="Sword", damage=parse("1d8+2 slashing"))
BOW = Attack(name="Bow", kind=AttackKind.RANGED, damage=parse("1d6+2 piercing"), range=(80, 320))
CLASSES = ["fighter", "cleric", "rogue", "wizard", "bard", "paladin"]

BREATH = Attack(
    name="Poison Breath",
    save=(Ability.CON, 13),
    damage=parse("6d6 poison"),
    area=Area(Shape.CONE, 30),
    recharge=5,
)
SPELLS = (
    Attack(
        name="Fire Bolt",
        kind=AttackKind.RANGED,
        spell=True,
        to_hit=5,
        damage=parse("2d10 fire"),
        range=(120, 120),
    ),
    Attack(
        name="Magic Missile",
        kind=AttackKind.RANGED,
        spell=True,
        slot=1,
        damage=parse("1d4+1 force"),
        range=(120, 120),
        times=3,
    ),
    Attack(
        name="Fireball",
        spell=True,
        slot=3,
        save=(Ability.DEX, 13),
        damage=parse("8d6 fire"),
        range=(150, 150),
        area=Area(Shape.SPHERE, 20),
    ),
)
Specials = tuple[tuple[Attack, ...], tuple[Resource, ...]]


def _specials(rng: random.Random) -> Specials:
    """B1, B2: a breath (charged, or spent and waiting for its recharge) for a third of the
    stat blocks, spells with a few slots left for another third, nothing for the rest."""
    roll = rng.random()
    if roll < 1 / 3:
        spent = int(rng.random() < 0.3)
        return (BREATH,), (Resource(BREATH.name, total=1, used=spent, recharge=Recharge.ROLL),)
    if roll < 2 / 3:
        slots = (Resource("slot 1", total=4, used=rng.choice([0, 2, 4])), Resource("slot 3", 2))
        return SPELLS, slots
    return (), ()


def grid(n_heroes: int, n_monsters: int, seed: int, specials: bool = False) -> Fight:
    """A fight in mid-round: most heroes in front, some engaged, monsters of a few kinds (with
    `specials`, some breathing or casting)."""
    rng = random.Random(seed)
    heroes = []
    for i in range(n_heroes):
        back = rng.random() < 0.2
        heroes.append(
            Hero(
                name=f"Hero {i + 1}",
                cls=rng.choice(CLASSES),
                hp=30,
                rank=Rank.BACK if back else Rank.FRONT,
                why=BackReason.OUT_OF_REACH if back else None,
                c_dot=CDot.WANTED if rng.random() < 0.1 else None,
                o_dot=rng.random() < 0.2,
                attacks=(SWORD,),
            )
        )
    kinds = max(1, min(6, n_monsters // 8))  # armies have a handful of stat blocks
    blocks = []  # one stat block per kind: its attacks and speed (G3)
    for _ in range(kinds):
        roll = rng.random()
        attacks = (SWORD, BOW) if roll < 0.6 else (SWORD,) if roll < 0.8 else (BOW,)
        blocks.append((attacks, rng.choice([30, 30, 30, 20])))
    extra: list[Specials] = [_specials(rng) for _ in range(kinds)] if specials else []
    monsters = []
    for i in range(n_monsters):
        kind = i * kinds // n_monsters
        attacks, speed = blocks[kind]
        actions, resources = extra[kind] if extra else ((), ())
        monsters.append(
            Monster(
                name=f"Monster {i + 1}",
                kind=f"Kind {kind}",
                hp=20,
                speed=speed,
                attacks=attacks,
                actions=actions,
                resources=resources,
            )
        )
    front = [h.name for h in heroes if h.rank is Rank.FRONT]
    engaged = monsters[: n_monsters // 2]
    groups = []
    if front:
        members: dict[str, list[str]] = {h: [] for h in front}
        for j, m in enumerate(engaged):
            members[front[j % len(front)]].append(m.name)
        groups = [Group(f"G{k + 1}", (h, *ms)) for k, (h, ms) in enumerate(members.items()) if ms]
    return Fight(heroes=tuple(heroes), monsters=tuple(monsters), groups=tuple(groups))
