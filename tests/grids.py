"""Generated mid-fight grids of any size, for the benchmark (`bench/plan.py`) and for tests
that need more than Hypothesis' small grids: a fifth of the heroes off the front rank (out of
reach), a few wanted C dots and O dots, half the monsters engaged and spread over the
front-rank heroes' groups, up to six stat blocks with sword and bow, sword or bow, some slow."""

from __future__ import annotations

import random

from lnf.dice import parse
from lnf.model import Attack, AttackKind, BackReason, CDot, Fight, Group, Hero, Monster, Rank

SWORD = Attack(name="Sword", damage=parse("1d8+2 slashing"))
BOW = Attack(name="Bow", kind=AttackKind.RANGED, damage=parse("1d6+2 piercing"), range=(80, 320))
CLASSES = ["fighter", "cleric", "rogue", "wizard", "bard", "paladin"]


def grid(n_heroes: int, n_monsters: int, seed: int) -> Fight:
    """A fight in mid-round: most heroes in front, some engaged, monsters of a few kinds."""
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
    monsters = []
    for i in range(n_monsters):
        kind = i * kinds // n_monsters
        attacks, speed = blocks[kind]
        monsters.append(
            Monster(
                name=f"Monster {i + 1}", kind=f"Kind {kind}", hp=20, speed=speed, attacks=attacks
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
