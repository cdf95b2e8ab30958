"""The plan, one rule family at a time: R6, R2, A2, M2/M3, K2/K3, R5, R7, A4, R4, P1, wishes.

Each test builds a small grid where the family decides the answer, solves it, and checks the
plan both against the expectation and against the independent validator.
"""

from __future__ import annotations

import pytest

from lnf.dice import parse
from lnf.errors import NoLegalPlan, RuleViolation
from lnf.model import Attack, AttackKind, BackReason, CDot, Condition, Fight, Flag, HouseRule
from lnf.model.plan import STAY, Advantage, Mode, Move, MoveKind, Plan
from lnf.rules.attacks import roll_for
from lnf.rules.plan_check import check_plan
from lnf.solver import Wish, solve_plan
from tests.builders import BACK, BOW, FRONT, SWORD, fight, hero, monster

PIKE = Attack(name="Pike", damage=parse("1d10 piercing"), reach=10)


def solved(f: Fight, *wishes: Wish) -> Plan:
    plan = solve_plan(f, wishes).plan
    assert check_plan(f, plan) == []
    return plan


def order(plan: Plan, name: str):  # type: ignore[no-untyped-def]
    found = plan.order_for(name)
    assert found is not None
    return found


def guarded(name: str, **kw: object):  # type: ignore[no-untyped-def]
    return hero(name, "wizard", rank=BACK, why=BackReason.GUARDED, c_dot=CDot.WANTED, **kw)


def test_r6_one_monster_may_step_back_to_shoot_when_the_count_allows() -> None:
    f = fight([hero("F1"), hero("F2"), guarded("Wen")], [monster(f"M{i}") for i in range(3)])
    plan = solved(f)
    shooters = plan.attackers_of("Wen")
    assert len(shooters) == 1
    assert (shooters[0].rank, shooters[0].mode) == (BACK, Mode.RANGED)


def test_r6_no_monster_may_step_back_when_front_rank_heroes_outnumber() -> None:
    f = fight([hero("F1"), hero("F2"), guarded("Wen")], [monster("M1"), monster("M2")])
    solution = solve_plan(f)
    assert solution.plan.attackers_of("Wen") == ()
    reasons = dict(solution.unattacked)["Wen"]
    assert (
        "R6",
        "no monster may take the back rank to shoot: 2 front-rank heroes need 2 "
        "front-rank monsters",
    ) in reasons


def test_r2_a_bow_only_monster_steps_back_rather_than_shoot_at_disadvantage() -> None:
    archer = monster("Archer", attacks=(BOW,))
    f = fight([hero("F1")], [monster("Brute", attacks=(SWORD,)), archer])
    o = order(solved(f), "Archer")
    assert (o.rank, o.mode, o.target) == (BACK, Mode.RANGED, "F1")


def test_r2_front_rank_shooting_only_without_melee_and_at_disadvantage() -> None:
    stuck = frozenset({Condition.GRAPPLED})  # R8: no rank switch, M4: no move
    archer = monster("Archer", attacks=(BOW,), conditions=stuck)
    soldier = monster("Soldier", attacks=(SWORD, BOW), conditions=stuck)
    f = fight([hero("F1"), hero("F2")], [archer, soldier])
    plan = solved(f)
    o = order(plan, "Archer")
    assert (o.rank, o.mode) == (FRONT, Mode.RANGED)
    hero_f1 = f.heroes[0]
    assert roll_for(archer, hero_f1, Mode.RANGED, FRONT)[0] is Advantage.DISADVANTAGE
    assert order(plan, "Soldier").target is None  # R2: a front-rank monster with a sword


def test_a2_reach_attack_on_a_guarded_back_rank_hero() -> None:
    f = fight(
        [hero("F1"), hero("F2"), guarded("Wen")],
        [monster("Pikeman", attacks=(PIKE,)), monster("M2", attacks=(SWORD,))],
    )
    o = order(solved(f), "Pikeman")
    assert (o.target, o.mode, o.move) == ("Wen", Mode.REACH, STAY)


def test_a2_reach_attacker_must_leave_its_group() -> None:
    f = fight(
        [hero("F1", c_dot=CDot.WANTED, reach=5), hero("F2"), hero("F3")],
        [monster("Pikeman", attacks=(PIKE,)), monster("M2", attacks=(SWORD,))],
        {"A": ["F2", "Pikeman"], "B": ["F3", "M2"]},
    )
    # F1 gets both: the pikeman leaves A and reaches over M2, who joins F1 (K2: F1's unit
    # holds one mêlée monster; the reach attacker is no member, K4).
    plan = solved(f)
    pike, m2 = order(plan, "Pikeman"), order(plan, "M2")
    assert (pike.target, pike.mode, pike.move) == ("F1", Mode.REACH, Move(MoveKind.LEAVE))
    assert (m2.target, m2.mode, m2.move) == ("F1", Mode.MELEE, Move(MoveKind.JOIN, hero="F1"))


def test_m2_slow_monster_cannot_leave_and_join_in_one_round_m3_fast_can() -> None:
    f = fight(
        [hero("H1", c_dot=CDot.WANTED), hero("H2")],
        [monster("Fast", attacks=(SWORD,)), monster("Slow", speed=20, attacks=(SWORD,))],
        {"B": ["H2", "Fast", "Slow"]},
    )
    solution = solve_plan(f)
    fast, slow = order(solution.plan, "Fast"), order(solution.plan, "Slow")
    assert (fast.move, fast.target) == (Move(MoveKind.JOIN, hero="H1"), "H1")
    assert (slow.move, slow.target) == (STAY, "H2")


def test_m2_slow_unengaged_monster_may_join_one_group() -> None:
    f = fight([hero("H1")], [monster("Slow", speed=20, attacks=(SWORD,))])
    o = order(solved(f), "Slow")
    assert (o.move, o.target) == (Move(MoveKind.JOIN, hero="H1"), "H1")


def test_m4_speed_zero_cannot_change_group() -> None:
    f = fight(
        [hero("H1", c_dot=CDot.WANTED), hero("H2")],
        [monster("Rooted", speed=0, attacks=(SWORD,))],
        {"B": ["H2", "Rooted"]},
    )
    o = order(solved(f), "Rooted")
    assert (o.move, o.target) == (STAY, "H2")


def test_k3_monsters_already_over_the_tier_stay_but_nobody_joins() -> None:
    f = fight(
        [hero("H1", c_dot=CDot.WANTED), hero("H2")],
        [monster(f"In{i}", attacks=(SWORD,)) for i in range(3)]
        + [monster("Free", attacks=(SWORD,))],
        {"A": ["H1", "In0", "In1", "In2"]},
    )
    plan = solved(f)
    assert len(plan.attackers_of("H1")) == 3  # not forced out (K3)
    assert order(plan, "Free").target == "H2"  # may not join A while H2 has none (K2)


def test_r5_swarm_ignores_guards_others_cannot_reach() -> None:
    swarm = monster("Rats", attacks=(SWORD,), flags=frozenset({Flag.SWARM}))
    ghost = monster("Ghost", attacks=(SWORD,), flags=frozenset({Flag.INCORPOREAL}))
    f = fight(
        [hero("F1"), hero("F2"), guarded("Wen")], [swarm, ghost, monster("Orc", attacks=(SWORD,))]
    )
    plan = solved(f)
    assert {o.monster for o in plan.attackers_of("Wen")} == {"Rats", "Ghost"}
    assert all(o.mode is Mode.MELEE for o in plan.attackers_of("Wen"))
    assert order(plan, "Orc").target != "Wen"


def test_r7_free_air_hero_only_flyers_reach_in_melee() -> None:
    from lnf.model import Rank

    flier = hero("Ike", "monk", rank=Rank.FREE_AIR, fly=30, c_dot=CDot.WANTED)
    bat = monster("Bat", fly=40, attacks=(SWORD,))
    f = fight([flier, hero("F1")], [bat, monster("Orc", attacks=(SWORD,))])
    plan = solved(f)
    o = order(plan, "Bat")
    assert (o.target, o.rank, o.mode) == ("Ike", Rank.FREE_AIR, Mode.MELEE)
    assert order(plan, "Orc").target == "F1"


def test_a4_downed_heroes_stay_targets_unless_ignored() -> None:
    heroes = [hero("Up"), hero("Down", hp_now=0)]
    plain = fight(heroes, [monster("Orc", attacks=(SWORD,))])
    assert order(solved(plain), "Orc").target == "Down"  # T1: N dot, before "no dot"
    ignored = fight(
        heroes,
        [monster("Orc", attacks=(SWORD,))],
        house_rules=frozenset({HouseRule.DOWNED_IGNORED}),
    )
    assert order(solved(ignored), "Orc").target == "Up"
    last = fight(
        heroes, [monster("Orc", attacks=(SWORD,))], house_rules=frozenset({HouseRule.DOWNED_LAST})
    )
    assert order(solved(last), "Orc").target == "Up"


def test_r4_hidden_hero_is_never_attacked() -> None:
    f = fight(
        [hero("F1"), hero("Sly", "rogue", rank=BACK, why=BackReason.HIDDEN, c_dot=CDot.WANTED)],
        [monster("Orc"), monster("Gob")],
    )
    solution = solve_plan(f)
    assert solution.plan.attackers_of("Sly") == ()
    assert dict(solution.unattacked)["Sly"][0][0] == "R4"


def test_p1_incapacitated_monsters_get_no_order() -> None:
    f = fight(
        [hero("F1")], [monster("Orc", conditions=frozenset({Condition.STUNNED})), monster("Gob")]
    )
    assert [o.monster for o in solved(f).orders] == ["Gob"]


def test_p4_monsters_join_a_prone_hero_rather_than_shoot_at_disadvantage() -> None:
    prone = hero("Pip", conditions=frozenset({Condition.PRONE}))
    f = fight([prone], [monster("M1"), monster("M2")])
    plan = solved(f)
    for name in ("M1", "M2"):
        o = order(plan, name)
        assert (o.target, o.mode, o.move) == ("Pip", Mode.MELEE, Move(MoveKind.JOIN, hero="Pip"))
        assert roll_for(f.monsters[0], prone, Mode.MELEE, FRONT)[0] is Advantage.ADVANTAGE


def test_wish_fix_and_forbid() -> None:
    f = fight(
        [hero("H1", c_dot=CDot.WANTED), hero("H2")],
        [monster("Orc"), monster("Gob")],
        {"A": ["H1", "Orc"], "B": ["H2", "Gob"]},
    )
    assert order(solved(f, Wish("Orc", "H2", True)), "Orc").target == "H2"
    assert order(solved(f, Wish("Orc", "H1", False)), "Orc").target != "H1"


def test_wish_that_no_rule_allows_is_refused_with_the_rule() -> None:
    f = fight(
        [hero("F1"), hero("F2"), guarded("Wen")],
        [monster("M1", attacks=(SWORD,)), monster("M2")],
    )
    with pytest.raises(NoLegalPlan, match=r"M1->Wen is impossible: .*\(R3\)"):
        solve_plan(f, (Wish("M1", "Wen", True),))
    with pytest.raises(NoLegalPlan, match=r"R6"):
        solve_plan(f, (Wish("M2", "Wen", True),))


def test_an_illegal_state_is_refused_as_check_would() -> None:
    f = fight([hero("F1"), hero("F2", rank=BACK)], [monster("M1")])
    with pytest.raises(RuleViolation) as info:
        solve_plan(f)
    assert [v.rule for v in info.value.violations] == ["R4"]


def test_r6_is_met_by_the_moves_not_demanded_of_the_state() -> None:
    """R6 counts after this round's moves: a back-rank monster left short (its front-rank
    friend died last round) is planned back into the front rank."""
    f = fight([hero("F1"), hero("F2")], [monster("M1"), monster("Archer", rank=BACK)])
    plan = solved(f)
    assert order(plan, "Archer").rank is FRONT


def test_no_monster_can_do_anything() -> None:
    f = fight([hero("Sly", "rogue", rank=BACK, why=BackReason.HIDDEN)], [monster("Orc")])
    solution = solve_plan(f)
    assert all(o.target is None for o in solution.plan.orders)
    assert dict(solution.unattacked)["Sly"][0][0] == "R4"


def test_thrown_weapon_counts_as_melee_for_r2() -> None:
    javelin = Attack(
        name="Javelin", kind=AttackKind.THROWN, damage=parse("1d6+2 piercing"), range=(30, 120)
    )
    stuck = frozenset({Condition.GRAPPLED})
    f = fight([hero("F1"), hero("F2")], [monster("Hurler", attacks=(javelin,), conditions=stuck)])
    assert order(solved(f), "Hurler").target is None


def test_p7_shortfall_names_the_more_dangerous_attacker() -> None:
    """P3 compares danger after the count: the boss belongs on the first hero."""
    from lnf.model.plan import Order
    from lnf.rules.plan_compare import shortfall

    f = fight(
        [hero("H1", c_dot=CDot.WANTED), hero("H2")],
        [
            monster("Boss", kind="Boss", attacks=(SWORD,)),
            monster("Orc", kind="Orc", attacks=(SWORD,)),
        ],
    )
    best = solved(f)
    assert order(best, "Boss").target == "H1"
    mine = Plan(
        (
            Order("Boss", FRONT, Move(MoveKind.JOIN, hero="H2"), "H2", Mode.MELEE),
            Order("Orc", FRONT, Move(MoveKind.JOIN, hero="H1"), "H1", Mode.MELEE),
        )
    )
    assert check_plan(f, mine) == []
    assert shortfall(f, mine, best) == [
        "H1 could be attacked by 1 Boss (more dangerous); your plan sends 0 (P3)"
    ]
    assert shortfall(f, best, best) == []


def test_a2_reach_finds_a_levitating_hero_but_not_one_out_of_reach() -> None:
    """A2, R3, R4: a reach attack works against a back-rank hero, levitating or guarded alike;
    a hero truly out of reach (its own mark) gets none."""
    floating = hero("Wen", "wizard", rank=BACK, why=BackReason.LEVITATING, c_dot=CDot.WANTED)
    f = fight([hero("F1"), floating], [monster("Pikeman", attacks=(PIKE,))])
    o = order(solved(f), "Pikeman")
    assert (o.target, o.mode) == ("Wen", Mode.REACH)
    away = hero("Wen", "wizard", rank=BACK, why=BackReason.OUT_OF_REACH, c_dot=CDot.WANTED)
    f = fight([hero("F1"), away], [monster("Pikeman", attacks=(PIKE,))])
    solution = solve_plan(f)
    assert order(solution.plan, "Pikeman").target == "F1"
    reasons = dict(solution.unattacked)["Wen"]
    assert ("R4", "out of reach: no mêlée attack finds it") in reasons


def test_m4_a_flyer_in_the_front_rank_is_fast_by_its_flying_speed() -> None:
    """M4, R7: fly counts whenever the monster could take free air, not only up there: a
    20-ft walker with a 40-ft flying speed is fast (M3) and may leave and join in one round."""
    from lnf.rules.moves import is_fast

    bat = monster("Bat", speed=20, fly=40, attacks=(SWORD,))
    assert is_fast(bat)
    assert not is_fast(monster("Bat", speed=20, fly=40, conditions=frozenset({Condition.PRONE})))
    f = fight([hero("H1", c_dot=CDot.WANTED), hero("H2")], [bat], {"B": ["H2", "Bat"]})
    o = order(solved(f), "Bat")
    assert (o.move, o.target) == (Move(MoveKind.JOIN, hero="H1"), "H1")


# --- P5: every reason is true of the fight it is given for ----------------------------------


def _reasons(f: Fight, name: str) -> list[tuple[str, str]]:
    return list(dict(solve_plan(f).unattacked)[name])


def test_p5_no_reach_reason_while_a_longer_reach_is_in_the_fight() -> None:
    """A2's "no monster out-reaches" is false with a pike in the fight: the reason names what
    truly stops it (free air here)."""
    from lnf.model import Rank

    flier = hero("Ike", "monk", rank=Rank.FREE_AIR, fly=30)
    f = fight([hero("F1", c_dot=CDot.WANTED), flier], [monster("Pikeman", attacks=(PIKE,))])
    reasons = _reasons(f, "Ike")
    assert not any("no monster out-reaches" in text for _, text in reasons)
    assert ("A2", "in free air, and Pikeman cannot fly up to reach it") in reasons


def test_p5_reach_held_in_a_group_says_so() -> None:
    stuck = monster("Pikeman", attacks=(PIKE,), conditions=frozenset({Condition.GRAPPLED}))
    f = fight([hero("F1"), hero("F2"), guarded("Wen")], [stuck], {"A": ["F1", "Pikeman"]})
    reasons = _reasons(f, "Wen")
    assert not any("no monster out-reaches" in text for _, text in reasons)
    assert any(rule == "A2" and "cannot get out of a group" in text for rule, text in reasons)


def test_p5_no_ranged_reason_while_a_bow_is_in_the_fight() -> None:
    stuck = frozenset({Condition.GRAPPLED})  # R8: it cannot step back to shoot
    soldier = monster("Soldier", attacks=(SWORD, BOW), conditions=stuck)
    f = fight([hero("F1"), hero("F2"), guarded("Wen")], [soldier], {"A": ["F1", "Soldier"]})
    reasons = _reasons(f, "Wen")
    assert not any("no monster has a ranged attack" in text for _, text in reasons)
    assert ("R8", "Soldier cannot leave the front rank to shoot (restrained or grappled)") in (
        reasons
    )


def test_p5_static_reasons_hold_on_generated_grids() -> None:
    """Whatever the grid, "no monster out-reaches its N ft", "no monster has a ranged attack"
    and "no monster has a mêlée attack" are said only when no acting monster has one."""
    from hypothesis import HealthCheck, given, settings

    from lnf.rules.attacks import has_melee, has_ranged
    from lnf.rules.moves import can_act
    from lnf.rules.state_check import planning_problems
    from tests.strategies import plan_fights

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(plan_fights(max_heroes=3, max_monsters=4))
    def check(f: Fight) -> None:
        if planning_problems(f):
            return
        acting = [m for m in f.monsters if can_act(f, m)]
        for name, reasons in solve_plan(f).unattacked:
            h = f.hero(name)
            for _, text in reasons:
                if text.startswith("no monster out-reaches"):
                    longer = [
                        m for m in acting if has_melee(m) and m.longest_reach > h.longest_reach
                    ]
                    assert not longer, (text, longer)
                if text == "no monster has a ranged attack":
                    assert not any(has_ranged(m) for m in acting)
                if text == "no monster has a mêlée attack":
                    assert not any(has_melee(m) for m in acting)

    check()
