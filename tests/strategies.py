"""Hypothesis strategies: whole fights that the fight file can hold.

Names are unique (G1), each combatant is in at most one group and every group holds a hero
and a monster (G5); everything else is free, so generated fights may break R, K or A rules.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from lnf.dice import parse
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
    Monster,
    Phase,
    PhaseKind,
    Pool,
    Rank,
    Shape,
    Side,
    Terrain,
)

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
    return dict(
        rank=rank,
        why=None if rank is Rank.FRONT else draw(st.none() | st.sampled_from(list(BackReason))),
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
        flags=frozenset(draw(st.lists(st.sampled_from(list(Flag)), max_size=2))),
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


@st.composite
def plan_heroes(draw: st.DrawFn, name: str) -> Hero:
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
    )


@st.composite
def plan_monsters(draw: st.DrawFn, name: str, kind: str) -> Monster:
    attacks = draw(
        st.sampled_from([(MELEE,), (MELEE, SHOOT), (SHOOT,), (LONG,), (LONG, SHOOT), ()])
    )
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
    )


@st.composite
def plan_fights(draw: st.DrawFn, max_heroes: int = 4, max_monsters: int = 6) -> Fight:
    """Grids for planning; may be illegal (callers filter with check_state)."""
    n_heroes = draw(st.integers(1, max_heroes))
    n_monsters = draw(st.integers(1, max_monsters))
    hs = [draw(plan_heroes(f"H{i + 1}")) for i in range(n_heroes)]
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
            ms.append(draw(plan_monsters(f"M{i + 1}", f"Kind {k}")))
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
