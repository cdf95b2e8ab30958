"""Volley rounds (V1–V4) and X4 of the worked examples."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from lnf.dice import parse
from lnf.engine.volleys import roll_volleys, tick_volley
from lnf.model import Attack, AttackKind, Fight, Phase, PhaseKind, Terrain
from lnf.model.plan import Advantage, Plan
from lnf.rules.distance import volley_plan, volley_reach, volley_rounds
from lnf.rules.plan_score import p3_vector
from tests.builders import BOW, SWORD, fight, hero, monster
from tests.cli import run

DAGGER = Attack(
    name="Dagger", kind=AttackKind.THROWN, damage=parse("1d4+2 piercing"), range=(20, 60)
)
FIRE_BOLT = Attack(
    name="Fire Bolt",
    kind=AttackKind.RANGED,
    damage=parse("1d10 fire"),
    range=(120, 120),
    spell=True,
)
LONG_SPELL = Attack(
    name="Far spell", kind=AttackKind.RANGED, damage=parse("2d8 cold"), range=(300, 300), spell=True
)
SLING = Attack(
    name="Sling", kind=AttackKind.RANGED, damage=parse("1d4 bludgeoning"), range=(30, 120)
)


def test_x4_v1_volley_rounds_by_terrain() -> None:
    assert volley_rounds(21) == 3  # grassland 6d6 = 21
    assert volley_rounds(11) == 1  # forest 2d8 = 11
    assert volley_rounds(5) == 0  # hills 2d10 = 5: the sides meet at once
    dungeon = fight([hero("Ann")], [monster("Orc")], phase=Phase(PhaseKind.APART))
    assert roll_volleys(dungeon, _NoDice(), Terrain.DUNGEON).volley == 1


class _NoDice:
    def about(self, what: str) -> None:
        pass

    def face(self, sides: int) -> int:
        raise AssertionError("a dungeon rolls nothing")


def test_x4_v3_round_3_and_round_1() -> None:
    assert (
        volley_reach(BOW, 3) is Advantage.DISADVANTAGE
    )  # two-handed: up to 10, disadvantage above 2
    assert volley_reach(SWORD, 3) is None
    assert volley_reach(DAGGER, 3) is None
    assert volley_reach(FIRE_BOLT, 3) is None  # 120 ft: only the last two
    assert volley_reach(LONG_SPELL, 3) is Advantage.NORMAL  # ⌈300 ÷ 60⌉ = 5
    assert volley_reach(LONG_SPELL, 6) is None
    assert volley_reach(BOW, 11) is None
    for ranged in (BOW, FIRE_BOLT, LONG_SPELL, SLING, DAGGER):
        assert volley_reach(ranged, 1) is Advantage.NORMAL  # round 1: everything ranged
    assert volley_reach(DAGGER, 2) is None  # daggers and darts only in round 1
    assert volley_reach(SLING, 2) is Advantage.NORMAL


def test_v2_the_count_ticks_down_to_the_meeting() -> None:
    f = fight([hero("Ann")], [monster("Orc")], phase=Phase(PhaseKind.VOLLEY, 2))
    assert (tick_volley(f).kind, tick_volley(f).volley) == ("volley", 1)
    last = fight([hero("Ann")], [monster("Orc")], phase=Phase(PhaseKind.VOLLEY, 1))
    assert tick_volley(last).kind == "melee"


def volley_fight(n: int) -> Fight:
    return fight(
        [hero("Ann"), hero("Wen", cls="wizard"), hero("Bo", cls="rogue")],
        [
            monster("Archer", attacks=(BOW,)),
            monster("Slinger", attacks=(SLING,)),
            monster("Brute", attacks=(SWORD,)),
            monster("Knife", attacks=(DAGGER,)),
        ],
        phase=Phase(PhaseKind.VOLLEY, n),
    )


@pytest.mark.parametrize("n", [1, 2, 3, 11])
def test_v4_the_volley_plan_is_p3_best_by_brute_force(n: int) -> None:
    """Every monster that reaches shoots; P3 along the target order, no gang-up limits."""
    from lnf.model.plan import Mode, Order

    f = volley_fight(n)
    plan = volley_plan(f)
    heroes = [h.name for h in f.heroes]
    shooters = [m for m in f.monsters if any(volley_reach(a, n) for a in m.attacks)]
    assert {o.monster for o in plan.orders if o.target} == {m.name for m in shooters}
    best = max(
        p3_vector(
            f,
            Plan(
                tuple(
                    Order(m.name, m.rank, target=t, mode=Mode.RANGED if t else None)
                    for m, t in zip(shooters, targets, strict=True)
                )
            ),
        )
        for targets in itertools.product([None, *heroes], repeat=len(shooters))
    )
    assert p3_vector(f, plan) == best


def test_lnf_start_and_show_who_can_reach(tmp_path: Path) -> None:
    path = tmp_path / "apart.yaml"
    path.write_text(
        "phase: apart\nterrain: grassland\nheroes:\n  - {name: Ann, class: fighter, hp: 10}\n"
        "monsters:\n  - name: Archer\n    hp: 7\n    attacks:\n"
        "      - {name: Longbow, kind: ranged, damage: 1d8, range: 150/600, two_handed: true}\n"
    )
    code, out = run("start", str(path), "--terrain", "grassland", "--roll", "21")
    assert code == 0 and "Grassland: the DM rolled 21 ÷ 6 → 3 volley rounds (V1)." in out
    code, out = run("show", str(path))
    assert "volley round 3" in out and "Archer: Longbow (disadvantage)" in out
    assert "out of reach: Ann" in out
    code, out = run("start", str(path))
    assert code == 2 and "--terrain or --volleys (V1), --surprised or --ambush (D12)" in out
