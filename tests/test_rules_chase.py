"""Chases (C1–C6) and X5 of the worked examples."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from lnf.dice import parse
from lnf.engine.chasing import commit_speeds, hide_from_pursuers, speed_policy
from lnf.engine.steps import apply_step
from lnf.model import Attack, AttackKind, Fight, Phase, PhaseKind, Pool
from lnf.model.plan import Advantage, Mode
from lnf.model.steps import Damaged, Fled, Hid
from lnf.rules.chase import (
    after_speeds,
    chase_mode,
    free_dashes,
    needs_check,
    speed_change,
    start_pools,
)
from lnf.rules.distance import chase_reach
from tests.builders import BOW, SWORD, fight, hero, monster
from tests.cli import run

SLING = Attack(name="Sling", kind=AttackKind.RANGED, damage=parse("1d4"), range=(30, 120))
FAR = Attack(name="Far", kind=AttackKind.RANGED, damage=parse("1d4"), range=(300, 300), spell=True)


def x5() -> Fight:
    """Alice and Bob chase Carol, Ted and a skeleton from mêlée (Carol and Ted flee too:
    here they are monsters, so each pair is a hero and a monster)."""
    return fight(
        [hero("Alice", speed=30), hero("Bob", speed=30)],
        [monster("Carol", speed=30), monster("Ted"), monster("Skeleton")],
        {"A": ["Alice", "Bob", "Carol", "Ted", "Skeleton"]},
    )


def test_x5_c1_six_pools_all_at_zero_from_melee() -> None:
    f = x5()
    for escaper in ("Carol", "Ted", "Skeleton"):
        f = apply_step(
            f,
            Fled(
                escaper,
                (
                    "Alice",
                    "Bob",
                ),
            ),
        ).after
    assert [(p.escaper, p.pursuer, p.points) for p in f.chase] == [
        (e, p, 0) for e in ("Carol", "Ted", "Skeleton") for p in ("Alice", "Bob")
    ]
    assert f.groups == ()  # everyone left the group for the chase


def test_c1_pools_start_at_the_volley_round_number_outside_melee() -> None:
    f = fight([hero("Alice")], [monster("Carol")], phase=Phase(PhaseKind.VOLLEY, 3))
    assert start_pools(f, "Carol", ["Alice"]) == (Pool("Carol", "Alice", 3),)


def test_x5_c2_carol_dashes_once_against_alice() -> None:
    f = x5()
    f = apply_step(
        f,
        Fled(
            "Carol",
            (
                "Alice",
                "Bob",
            ),
        ),
    ).after
    pools = after_speeds(f, {"Carol": 1})  # Carol 60 ft, Alice 30 ft
    assert [p.points for p in pools] == [1, 1]
    assert speed_change(30, 60) == -1 and speed_change(30, 30) == 0
    assert after_speeds(f, {"Alice": 1})[0].points == 0  # never below 0


def test_x5_c5_with_a_point_carol_may_hide_from_alice() -> None:
    f = x5()
    f = apply_step(f, Fled("Carol", ("Alice",))).after
    assert hide_from_pursuers(f, f.monster("Carol"), _Faces([20])) is None  # no point yet
    f = replace(f, chase=(Pool("Carol", "Alice", 1),))
    hid = hide_from_pursuers(f, f.monster("Carol"), _Faces([15]))
    assert isinstance(hid, Hid) and hid.lost() == ("Alice",)  # 15 ≥ passive Perception 10
    done = apply_step(f, hid)
    after, notes = done.after, done.notes
    assert after.chase == () and after.monster("Carol").escaped
    assert "Carol gets away (C6)" in notes


def test_x5_c3_con_plus_2_dashes_five_times_free_then_checks() -> None:
    tough = hero("Tough", con=2)
    assert free_dashes(tough) == 5
    assert needs_check(tough, 1) == 0
    assert needs_check(replace(tough, dashes=5), 1) == 1


def test_c3_a_failed_check_is_a_level_of_exhaustion() -> None:
    f = fight([hero("Alice", con=0, dashes=3)], [monster("Carol")])
    f = apply_step(f, Fled("Carol", ("Alice",))).after
    dashed = commit_speeds(f, lambda c: 1 if c.name == "Alice" else 0, _Faces([5]))
    assert [(c.who, c.success) for c in dashed.checks] == [("Alice", False)]
    done = apply_step(f, dashed)
    after, notes = done.after, done.notes
    assert after.hero("Alice").exhaustion == 1 and after.hero("Alice").dashes == 4
    assert "exhaustion" in notes[0]


def test_c3_free_dashes_are_three_plus_the_con_modifier_never_fewer_than_none() -> None:
    assert [free_dashes(hero("A", con=con)) for con in (-5, -3, -1, 0, 4)] == [0, 0, 2, 3, 7]


def test_c3_each_dash_past_the_free_ones_needs_a_dc_10_constitution_check() -> None:
    """Alice (Con +0) has had 2 of her 3 free dashes; she commits 3 more: one is free, two are
    checked: 10 meets DC 10, 9 fails and gives a level of exhaustion."""
    f = fight(
        [hero("Alice", con=0, dashes=2)], [monster("Carol")], chase=(Pool("Carol", "Alice", 0),)
    )
    alice = f.hero("Alice")
    assert [needs_check(alice, n) for n in (1, 2, 3)] == [0, 1, 2]
    dashed = commit_speeds(f, lambda c: 3 if c.name == "Alice" else 0, _Faces([10, 9]))
    assert [(c.who, c.faces, c.dc, c.success) for c in dashed.checks] == [
        ("Alice", (10,), 10, True),
        ("Alice", (9,), 10, False),
    ]
    after = apply_step(f, dashed).after.hero("Alice")
    assert (after.dashes, after.exhaustion) == (5, 1)


def test_c3_the_exhaustion_lasts_after_the_chase() -> None:
    """Until a short rest: catching the escaper ends the chase, not the exhaustion."""
    f = fight(
        [hero("Alice", con=0, dashes=3)],
        [monster("Carol", hp=5)],
        chase=(Pool("Carol", "Alice", 0),),
    )
    f = apply_step(f, commit_speeds(f, lambda c: 1, _Faces([2, 2]))).after
    assert f.hero("Alice").exhaustion == 1
    f = apply_step(f, Damaged("Carol", 9)).after
    assert f.chase == () and f.hero("Alice").exhaustion == 1


def test_c3_the_free_dashes_are_counted_per_chase() -> None:
    """C3: 3 + Con dashes are free in each chase. Alice used her three chasing Carol and
    caught her; when Ted flees later and she gives chase, her three free dashes are back."""
    f = fight([hero("Alice", con=0)], [monster("Carol", hp=5), monster("Ted")])
    f = apply_step(f, Fled("Carol", ("Alice",))).after
    f = apply_step(f, commit_speeds(f, lambda c: 3 if c.name == "Alice" else 0, _Faces([]))).after
    assert f.hero("Alice").dashes == 3
    f = apply_step(f, Damaged("Carol", 9)).after  # caught (C6): the chase is over
    assert f.chase == ()
    f = apply_step(f, Fled("Ted", ("Alice",))).after
    assert needs_check(f.hero("Alice"), 3) == 0


def test_c4_reach_by_escape_points() -> None:
    assert chase_reach(SWORD, 0) is Advantage.NORMAL and chase_reach(SWORD, 1) is None
    assert chase_reach(SLING, 2) is Advantage.NORMAL and chase_reach(SLING, 3) is None
    assert chase_reach(BOW, 3) is Advantage.DISADVANTAGE and chase_reach(BOW, 11) is None
    assert chase_reach(FAR, 5) is Advantage.NORMAL and chase_reach(FAR, 6) is None
    f = fight([hero("Alice")], [monster("Carol")], chase=(Pool("Carol", "Alice", 0),))
    assert chase_mode(f, "Alice", "Carol", SWORD) == (Mode.MELEE, Advantage.NORMAL)


def test_c6_a_dropped_escaper_is_caught() -> None:
    f = fight([hero("Alice")], [monster("Carol", hp=5)], chase=(Pool("Carol", "Alice", 0),))
    done = apply_step(f, Damaged("Carol", 9))
    after, notes = done.after, done.notes
    assert after.chase == () and "Alice has caught Carol (C6)" in notes


def test_speed_policy_escapers_run_while_free_pursuers_attack_when_they_reach() -> None:
    f = fight(
        [hero("Alice", attacks=(BOW,))], [monster("Carol")], chase=(Pool("Carol", "Alice", 3),)
    )
    assert speed_policy(f, f.monster("Carol")) == 1
    assert speed_policy(f, f.hero("Alice")) == 0  # the bow reaches 3 points (C4)


def test_lnf_flee_and_the_grid_shows_the_pools(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    path.write_text(
        "heroes:\n  - {name: Alice, class: fighter, hp: 10}\n  - {name: Bob, class: rogue, hp: 9}\n"
        "monsters:\n  - {name: Carol, hp: 7}\n  - {name: Dan, hp: 7}\n"
        "groups:\n  A: [Alice, Carol]\n"
    )
    code, out = run("flee", str(path), "Carol")
    assert code == 0 and "Carol flees; Alice and Bob give chase (C1)" in out
    code, out = run("show", str(path))
    assert "Chase (C1, escape points" in out and "Carol" in out
    code, out = run("flee", str(path), "Alice")
    assert code == 2 and "Alice is giving chase already: one chase at a time (C1)" in out
    code, out = run("flee", str(path), "Dan", "--pursuers", "Carol")
    assert code == 2 and "Carol cannot give chase to Dan (C1)" in out


class _Faces:
    def __init__(self, faces: list[int]) -> None:
        self.faces = faces

    def about(self, what: str) -> None:

        pass

    def face(self, sides: int) -> int:
        return self.faces.pop(0) if self.faces else 10
