"""The stat blocks of examples.md X6 and X7 (SRD 5.1), built as the model holds them, and the
two grids, for the tests of special actions (B1–B6)."""

from __future__ import annotations

from dataclasses import replace

from lnf.dice import DamageType, parse
from lnf.model import (
    Ability,
    Area,
    Attack,
    AttackKind,
    BackReason,
    CDot,
    Cost,
    Fight,
    Monster,
    Rank,
    Recharge,
    Resource,
    Shape,
)
from tests.builders import fight, hero

BITE = Attack(name="Bite", to_hit=7, damage=parse("2d10+4 piercing + 2d6 poison"), reach=10)
CLAW = Attack(name="Claws", to_hit=7, damage=parse("2d6+4 slashing"))
POISON_BREATH = Attack(
    name="Poison Breath",
    save=(Ability.CON, 14),
    damage=parse("12d6 poison"),
    area=Area(Shape.CONE, 30),
    recharge=5,
)


def young_green_dragon(name: str = "Young Green Dragon", **kw: object) -> Monster:
    fields: dict[str, object] = dict(
        kind="Young Green Dragon",
        hp=136,
        ac=18,
        speed=40,
        fly=80,
        reach=5,
        attacks=(BITE, CLAW),
        multiattack=(("Bite", 1), ("Claws", 2)),
        immune=frozenset({DamageType.POISON}),
        actions=(POISON_BREATH,),
        resources=(Resource("Poison Breath", total=1, recharge=Recharge.ROLL),),
    )
    return Monster(name=name, **{**fields, **kw})  # type: ignore[arg-type]


def x6(**dragon: object) -> Fight:
    """X6: Ann and Bo with the dragon in group A, Dee guarded in the back rank with a wanted C
    dot, Cy unengaged."""
    return fight(
        [
            hero("Ann"),
            hero("Bo", "cleric"),
            hero("Dee", "wizard", rank=Rank.BACK, why=BackReason.GUARDED, c_dot=CDot.WANTED),
            hero("Cy", "rogue"),
        ],
        [young_green_dragon(**dragon)],
        {"A": ["Ann", "Bo", "Young Green Dragon"]},
    )


DAGGER = Attack(
    name="Dagger",
    kind=AttackKind.THROWN,
    to_hit=5,
    damage=parse("1d4+2 piercing"),
    range=(20, 60),
    finesse=True,
)


def spell(name: str, slot: int, damage: str, **kw: object) -> Attack:
    return Attack(name=name, spell=True, slot=slot, damage=parse(damage), **kw)  # type: ignore[arg-type]


FIRE_BOLT = spell("Fire Bolt", 0, "2d10 fire", kind=AttackKind.RANGED, to_hit=6, range=(120, 120))
MAGIC_MISSILE = spell(
    "Magic Missile", 1, "1d4+1 force", kind=AttackKind.RANGED, range=(120, 120), times=3
)
SHIELD = spell("Shield", 1, "0", cost=Cost.REACTION)
FIREBALL = spell(
    "Fireball", 3, "8d6 fire", save=(Ability.DEX, 14), range=(150, 150), area=Area(Shape.SPHERE, 20)
)
ICE_STORM = spell(
    "Ice Storm",
    4,
    "2d8 bludgeoning + 4d6 cold",
    save=(Ability.DEX, 14),
    range=(300, 300),
    area=Area(Shape.CYLINDER, 20),
)
GREATER_INVISIBILITY = spell("Greater Invisibility", 4, "0", concentration=True)
CONE_OF_COLD = spell(
    "Cone of Cold", 5, "8d8 cold", save=(Ability.CON, 14), area=Area(Shape.CONE, 60)
)
SLOTS = {1: 4, 2: 3, 3: 3, 4: 3, 5: 1}


def mage(name: str = "Mage", used: dict[int, int] | None = None, **kw: object) -> Monster:
    """The SRD mage, its Mage Armor cast before the fight with a 1st-level slot (B6)."""
    spent = {1: 1, **(used or {})}
    return Monster(
        name=name,
        kind="Mage",
        hp=40,
        ac=15,
        rank=Rank.BACK,
        attacks=(DAGGER,),
        actions=(
            FIRE_BOLT,
            MAGIC_MISSILE,
            SHIELD,
            FIREBALL,
            ICE_STORM,
            GREATER_INVISIBILITY,
            CONE_OF_COLD,
        ),
        resources=tuple(
            Resource(f"slot {n}", total=t, used=spent.get(n, 0)) for n, t in SLOTS.items()
        ),
        **kw,  # type: ignore[arg-type]
    )


GUARD_SPEAR = Attack(name="Spear", to_hit=3, damage=parse("1d6+1 piercing"))


def guard(name: str) -> Monster:
    return Monster(name=name, kind="Guard", hp=11, ac=16, attacks=(GUARD_SPEAR,))


def x7(**mage_kw: object) -> Fight:
    """X7: Ann and Bo with Guard 1 and 2 in group A, Cy guarded in the back rank, the Mage in
    the back rank unengaged; every hero's Dexterity and Constitution saves +2."""
    saves = ((Ability.DEX, 2), (Ability.CON, 2))
    return fight(
        [
            hero("Ann", saves=saves),
            hero("Bo", "cleric", saves=saves),
            hero("Cy", "rogue", rank=Rank.BACK, why=BackReason.GUARDED, saves=saves),
        ],
        [mage(**mage_kw), guard("Guard 1"), guard("Guard 2")],
        {"A": ["Ann", "Bo", "Guard 1", "Guard 2"]},
    )


def without_charge(f: Fight, monster: str, resource: str) -> Fight:
    """The fight with `monster`'s `resource` spent (B2: not charged)."""
    m = f.monster(monster)
    spent = tuple(replace(r, used=r.total) if r.name == resource else r for r in m.resources)
    return f.with_combatant(replace(m, resources=spent))
