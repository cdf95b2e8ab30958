"""Hypothesis strategies: whole fights that the fight file can hold.

Names are unique (G1), each combatant is in at most one group and every group holds a hero
and a monster (G5); everything else is free, so generated fights may break R, K or A rules.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from lnf.dice import DamageType, parse
from lnf.model import (
    Ability,
    Area,
    Attack,
    AttackKind,
    BackReason,
    CDot,
    Condition,
    Family,
    Fight,
    Flag,
    Group,
    Hero,
    HouseRule,
    Lasting,
    Monster,
    Phase,
    PhaseKind,
    Pool,
    Rank,
    Resource,
    Rider,
    Shape,
    Side,
    SpellEffect,
    Terrain,
)
from lnf.rules.ranks import hiding_as_placed

CLASSES = ["fighter", "cleric", "bard", "wizard", "rogue", "paladin", "druid", "warlock"]
DAMAGE = [parse(t) for t in ("1d8+2 slashing", "1d6+2 piercing", "2d6 fire + 1d6 cold", "1d4")]


def _groups(
    labels: list[str],
    hs: list[Hero],
    h_at: list[str | None],
    ms: list[Monster],
    m_at: list[str | None],
) -> list[Group]:
    """G5: a group for each label that drew at least one hero and one monster."""
    groups = []
    for label in labels:
        members_h = [h.name for h, g in zip(hs, h_at, strict=True) if g == label]
        members_m = [m.name for m, g in zip(ms, m_at, strict=True) if g == label]
        if members_h and members_m:
            groups.append(Group(label, tuple(members_h + members_m)))
    return groups


@st.composite
def attacks(draw: st.DrawFn, reach: int) -> Attack:
    kind = draw(st.sampled_from(list(AttackKind)))
    ranged = kind is not AttackKind.MELEE
    return Attack(
        name=draw(st.sampled_from(["Sword", "Bow", "Claw", "Dagger", "Fire Bolt"])),
        kind=kind,
        to_hit=draw(st.integers(-2, 12)),
        damage=draw(st.sampled_from(DAMAGE)),
        reach=5 if kind is AttackKind.RANGED else draw(st.sampled_from([reach, 10, 15])),
        range=draw(st.sampled_from([(80, 320), (30, 120), (120, 120)])) if ranged else None,
        two_handed=ranged and kind is AttackKind.RANGED and draw(st.booleans()),
        slot=draw(st.sampled_from([False, False, True])),
        save=draw(st.sampled_from([None, None, (Ability.DEX, 15)])),
        half=draw(st.booleans()),
        area=draw(st.sampled_from([None, None, Area(Shape.CONE, 15)])),
        times=draw(st.integers(1, 3)),
    )


def _common(draw: st.DrawFn) -> dict[str, object]:
    rank = draw(st.sampled_from(list(Rank)))
    reach = draw(st.sampled_from([5, 5, 10]))
    why = None if rank is Rank.FRONT else draw(st.none() | st.sampled_from(list(BackReason)))
    flags = frozenset(draw(st.lists(st.sampled_from(list(Flag)), max_size=2)))
    return dict(
        rank=rank,
        why=why,
        light=draw(st.booleans()),
        speed=draw(st.sampled_from([0, 20, 25, 30, 40])),
        fly=draw(st.sampled_from([0, 0, 30, 60])),
        reach=reach,
        ac=draw(st.integers(8, 20)),
        stealth=draw(st.sampled_from([0, 0, 4])),
        dashes=draw(st.sampled_from([0, 0, 2])),
        saves=draw(st.sampled_from([(), ((Ability.DEX, 2), (Ability.WIS, -1))])),
        temp_hp=draw(st.sampled_from([0, 0, 5])),
        conditions=frozenset(draw(st.lists(st.sampled_from(list(Condition)), max_size=2))),
        flags=hiding_as_placed(rank, why, flags),  # R4: what a file's `why: hidden` means
        attacks=tuple(draw(st.lists(attacks(reach), min_size=0, max_size=2))),
    )


@st.composite
def heroes(draw: st.DrawFn, name: str) -> Hero:
    hp = draw(st.integers(1, 60))
    now = draw(st.none() | st.integers(0, hp - 1) if hp > 1 else st.none())
    return Hero(
        name=name,
        cls=draw(st.sampled_from(CLASSES)),
        family_override=draw(st.none() | st.sampled_from(list(Family))),
        ancestry=draw(st.sampled_from(["", "", "halfling", "elf"])),
        hp=hp,
        hp_now=now,
        c_dot=draw(st.none() | st.sampled_from(list(CDot))),
        o_dot=draw(st.booleans()),
        n_dot=draw(st.booleans()),
        dead=draw(st.sampled_from([False, False, False, True])),
        death_saves=draw(st.sampled_from([(0, 0), (0, 0), (1, 2), (2, 0)])),
        stable=draw(st.sampled_from([False, False, True])),
        **_common(draw),  # type: ignore[arg-type]
    )


@st.composite
def monsters(draw: st.DrawFn, name: str, kind: str) -> Monster:
    hp = draw(st.integers(1, 60))
    return Monster(
        name=name,
        kind=kind,
        hp=hp,
        damage=draw(st.sampled_from([0, 0, 0, hp // 2, hp])),
        **_common(draw),  # type: ignore[arg-type]
    )


@st.composite
def fights(draw: st.DrawFn, max_heroes: int = 6, max_monsters: int = 8) -> Fight:
    n_heroes = draw(st.integers(1, max_heroes))
    n_monsters = draw(st.integers(1, max_monsters))
    hs = [draw(heroes(f"Hero {i + 1}")) for i in range(n_heroes)]
    kinds = draw(
        st.lists(st.sampled_from(["", "Orc", "Goblin"]), min_size=n_monsters, max_size=n_monsters)
    )
    ms = [draw(monsters(f"Mon {i + 1}", kinds[i])) for i in range(n_monsters)]
    # groups: assign some heroes and monsters to labelled groups, each with both sides
    labels = ["A", "B", "C", "D"]
    h_at = [draw(st.sampled_from([None, *labels])) for _ in hs]
    m_at = [draw(st.sampled_from([None, *labels])) for _ in ms]
    groups = _groups(labels, hs, h_at, ms, m_at)
    volley = draw(st.booleans()) and not groups
    grouped = {n for g in groups for n in g.members}
    free_h = [h.name for h in hs if h.name not in grouped]
    free_m = [m.name for m in ms if m.name not in grouped]
    chase = ()
    if free_h and free_m and draw(st.booleans()):  # C1: a pair out of the groups
        chase = (Pool(free_m[0], free_h[0], draw(st.integers(0, 4))),)
    return Fight(
        heroes=tuple(hs),
        monsters=tuple(ms),
        groups=tuple(groups),
        started=draw(st.sampled_from(list(Side))),
        phase=Phase(PhaseKind.VOLLEY, draw(st.integers(1, 6))) if volley else Phase(),
        round=draw(st.integers(1, 20)),
        title=draw(st.sampled_from(["", "A fight"])),
        house_rules=frozenset(draw(st.lists(st.sampled_from(list(HouseRule)), max_size=1))),
        terrain=draw(st.none() | st.sampled_from(list(Terrain))),
        chase=chase,
    )


# --- grids for the monsters' plan --------------------------------------------------------

MELEE = Attack(name="Claw", damage=parse("1d6+2 slashing"))
LONG = Attack(name="Pike", damage=parse("1d10 piercing"), reach=10)
SHOOT = Attack(
    name="Bow",
    kind=AttackKind.RANGED,
    damage=parse("1d6+2 piercing"),
    range=(80, 320),
    two_handed=True,
)


# B1–B6: special actions and spells for generated stat blocks, one of each way to reach (B4)
# and to catch (B3): a short and a 30-ft breath, a ranged area spell, darts, an attack-roll
# spell, a mêlée attack-roll action with reach, a condition of its choice, a single-target
# save, and a spell that attacks nobody (never an option, B6).
_SLEEPY = Rider(save=(Ability.WIS, 13), conditions=(Condition.FRIGHTENED,))
ACTIONS = (
    Attack(
        name="Fire Breath",
        save=(Ability.DEX, 13),
        damage=parse("4d6 fire"),
        area=Area(Shape.CONE, 15),
        recharge=5,
    ),
    Attack(
        name="Poison Breath",
        save=(Ability.CON, 14),
        damage=parse("6d6 poison"),
        area=Area(Shape.CONE, 30),
        recharge=5,
    ),
    Attack(  # F3: a breath that only imposes a condition, sharing Poison Breath's charge (B2)
        name="Slowing Breath",
        save=(Ability.CON, 14),
        half=False,
        damage=parse("0"),
        area=Area(Shape.CONE, 30),
        recharge=5,
        spends="Poison Breath",
        riders=(Rider(conditions=(Condition.SLOWED,)),),
    ),
    Attack(
        name="Fireball",
        spell=True,
        slot=3,
        save=(Ability.DEX, 14),
        damage=parse("8d6 fire"),
        range=(150, 150),
        area=Area(Shape.SPHERE, 10),
    ),
    Attack(
        name="Magic Missile",
        spell=True,
        slot=1,
        kind=AttackKind.RANGED,
        damage=parse("1d4+1 force"),
        range=(120, 120),
        times=3,
    ),
    Attack(
        name="Fire Bolt",
        spell=True,
        kind=AttackKind.RANGED,
        to_hit=6,
        damage=parse("2d10 fire"),
        range=(120, 120),
    ),
    Attack(name="Tail", to_hit=5, damage=parse("2d8+3 bludgeoning"), reach=15, per_day=2),
    Attack(
        name="Frightful Presence",
        save=(Ability.WIS, 13),
        damage=parse("0"),
        range=(120, 120),
        riders=(_SLEEPY,),
        choice=True,
    ),
    Attack(
        name="Ray of Sickness",
        spell=True,
        slot=1,
        save=(Ability.CON, 12),
        half=False,
        damage=parse("2d8 poison"),
        range=(60, 60),
    ),
    Attack(name="Mage Armor", spell=True, slot=1, damage=parse("0")),
    Attack(  # B6: cast on itself only when its order attacks nobody (rules.idle_casts)
        name="Invisibility",
        spell=True,
        slot=2,
        damage=parse("0"),
        concentration=True,
        effect=SpellEffect(invisible=True, ends_on_attack=True, lasting=Lasting(rounds=600)),
    ),
)


@st.composite
def stat_block_actions(draw: st.DrawFn) -> tuple[tuple[Attack, ...], tuple[Resource, ...]]:
    """B1, B2: a few special actions in stat-block order, each limited one charged or spent."""
    picked = draw(st.lists(st.sampled_from(ACTIONS), min_size=1, max_size=3, unique=True))
    actions = tuple(a for a in ACTIONS if a in picked)
    resources = []
    for a in actions:
        name = a.spends or a.name if a.recharge or a.per_day else f"slot {a.slot}" if a.slot else ""
        if name and name not in [r.name for r in resources] and draw(st.booleans()):
            spent = draw(st.sampled_from([0, 0, 1]))
            resources.append(Resource(name, total=1, used=spent))
    return actions, tuple(resources)


@st.composite
def plan_heroes(draw: st.DrawFn, name: str, defences: bool = False) -> Hero:
    rank = draw(st.sampled_from([Rank.FRONT] * 5 + [Rank.BACK, Rank.BACK, Rank.FREE_AIR]))
    why = None
    if rank is Rank.BACK:
        why = draw(st.sampled_from([BackReason.GUARDED] * 3 + list(BackReason)))
    conditions = draw(st.sampled_from([frozenset(), frozenset(), frozenset({Condition.PRONE})]))
    return Hero(
        name=name,
        cls=draw(st.sampled_from(CLASSES)),
        hp=20,
        hp_now=draw(st.sampled_from([None, None, None, 0])),
        rank=rank,
        why=why,
        fly=30 if rank is Rank.FREE_AIR else 0,
        reach=draw(st.sampled_from([5, 5, 10])),
        light=draw(st.booleans()),
        c_dot=draw(st.sampled_from([None, None, CDot.WANTED, CDot.AVOIDED])),
        o_dot=draw(st.booleans()),
        conditions=conditions,
        flags=draw(st.sampled_from([frozenset(), frozenset(), frozenset({Flag.CONJURED})])),
        attacks=(MELEE,),
        **(_defences(draw) if defences else {}),  # type: ignore[arg-type]
    )


def _defences(draw: st.DrawFn) -> dict[str, object]:
    """B6: what sets expected damage apart: AC, saves, resistance and immunity."""
    return dict(
        ac=draw(st.sampled_from([10, 14, 18])),
        saves=draw(st.sampled_from([(), ((Ability.DEX, 5),), ((Ability.CON, 3),)])),
        resist=draw(st.sampled_from([frozenset(), frozenset({DamageType.FIRE})])),
        immune=draw(st.sampled_from([frozenset(), frozenset(), frozenset({DamageType.POISON})])),
    )


@st.composite
def plan_monsters(draw: st.DrawFn, name: str, kind: str, specials: bool = False) -> Monster:
    options = [(MELEE,), (MELEE, SHOOT), (SHOOT,), (LONG,), (LONG, SHOOT), ()]
    attacks = draw(st.sampled_from(options + ([(LONG, MELEE)] if specials else [])))
    # B6: a whole Multiattack (a pike and two claws) against the pike alone with reach (X6)
    multiattack = (("Pike", 1), ("Claw", 2)) if attacks == (LONG, MELEE) else ()
    fly = draw(st.sampled_from([0, 0, 0, 40]))
    rank = draw(st.sampled_from([Rank.FRONT] * 4 + [Rank.BACK] + ([Rank.FREE_AIR] if fly else [])))
    return Monster(
        name=name,
        kind=kind,
        hp=10,
        rank=rank,
        speed=draw(st.sampled_from([30, 30, 20, 0])),
        fly=fly,
        conditions=draw(
            st.sampled_from(
                [frozenset()] * 6
                + [
                    frozenset({Condition.POISONED}),
                    frozenset({Condition.GRAPPLED}),
                    frozenset({Condition.STUNNED}),
                    frozenset({Condition.SLOWED}),  # F3: half its speed, its first attack
                ]
            )
        ),
        flags=draw(
            st.sampled_from(
                [frozenset()] * 5
                + [frozenset({Flag.SWARM}), frozenset({Flag.CAN_HIDE}), frozenset({Flag.HIDDEN})]
            )
        ),
        attacks=attacks,
        multiattack=multiattack,
        **(_specials(draw) if specials else {}),  # type: ignore[arg-type]
    )


def _specials(draw: st.DrawFn) -> dict[str, object]:
    """B1: special actions for about half the stat blocks, with a Multiattack sometimes."""
    if not draw(st.booleans()):
        return {}
    actions, resources = draw(stat_block_actions())
    # B5: an ally immune to a breath is caught with its group, not spared
    immune = draw(st.sampled_from([frozenset(), frozenset({DamageType.POISON, DamageType.FIRE})]))
    # B1, B3: "The dragon can use its Frightful Presence. It then makes three attacks"
    frightful = any(a.name == "Frightful Presence" for a in actions) and draw(st.booleans())
    first = "Frightful Presence" if frightful else ""
    return dict(actions=actions, resources=resources, immune=immune, multiattack_action=first)


@st.composite
def plan_fights(
    draw: st.DrawFn, max_heroes: int = 4, max_monsters: int = 6, specials: bool = False
) -> Fight:
    """Grids for planning; may be illegal (callers filter with check_state). With `specials`,
    stat blocks with special actions and spells (B1–B6) and heroes whose AC, saves and
    defences differ."""
    n_heroes = draw(st.integers(1, max_heroes))
    n_monsters = draw(st.integers(1, max_monsters))
    hs = [draw(plan_heroes(f"H{i + 1}", specials)) for i in range(n_heroes)]
    kinds = sorted(draw(st.lists(st.sampled_from("ABC"), min_size=n_monsters, max_size=n_monsters)))
    labels = ["G1", "G2", "G3"]
    ms: list[Monster] = []
    m_at: list[str | None] = []
    for i, k in enumerate(kinds):
        back = draw(st.sampled_from([0, 1, 1, 2]))  # 2: a twin with another monster between
        if back and len(ms) >= back and ms[-back].kind == f"Kind {k}":
            # a twin (same stat block, state and place): the solver counts such monsters
            # as a troop, so grids must hold them often, side by side or not
            ms.append(replace(ms[-back], name=f"M{i + 1}"))
            m_at.append(m_at[-back])
        else:
            ms.append(draw(plan_monsters(f"M{i + 1}", f"Kind {k}", specials)))
            m_at.append(draw(st.sampled_from([None, *labels])))
    h_at = [draw(st.sampled_from([None, None, *labels])) for _ in hs]
    groups = _groups(labels, hs, h_at, ms, m_at)
    return Fight(
        heroes=tuple(hs),
        monsters=tuple(ms),
        groups=tuple(groups),
        started=draw(st.sampled_from(list(Side))),
        house_rules=draw(
            st.sampled_from([frozenset(), frozenset(), frozenset({HouseRule.DOWNED_IGNORED})])
        ),
    )
