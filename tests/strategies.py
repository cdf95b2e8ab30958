"""Hypothesis strategies: whole fights that the fight file can hold.

Names are unique (G1), each combatant is in at most one group and every group holds a hero
and a monster (G5); everything else is free, so generated fights may break R, K or A rules.
"""

from __future__ import annotations

from hypothesis import strategies as st

from lnf.dice import parse
from lnf.model import (
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
    Rank,
    Side,
)

CLASSES = ["fighter", "cleric", "bard", "wizard", "rogue", "paladin", "druid", "warlock"]
DAMAGE = [parse(t) for t in ("1d8+2 slashing", "1d6+2 piercing", "2d6 fire + 1d6 cold", "1d4")]


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
    groups = []
    for label in labels:
        members_h = [h.name for h, g in zip(hs, h_at, strict=True) if g == label]
        members_m = [m.name for m, g in zip(ms, m_at, strict=True) if g == label]
        if members_h and members_m:
            groups.append(Group(label, tuple(members_h + members_m)))
    volley = draw(st.booleans()) and not groups
    return Fight(
        heroes=tuple(hs),
        monsters=tuple(ms),
        groups=tuple(groups),
        started=draw(st.sampled_from(list(Side))),
        phase=Phase(PhaseKind.VOLLEY, draw(st.integers(1, 6))) if volley else Phase(),
        round=draw(st.integers(1, 20)),
        title=draw(st.sampled_from(["", "A fight"])),
        house_rules=frozenset(draw(st.lists(st.sampled_from(list(HouseRule)), max_size=1))),
    )
