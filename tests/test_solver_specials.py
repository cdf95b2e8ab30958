"""The solver with special actions and spells (B1–B6, B9): the same plan as brute force over
every action and every set of heroes on generated grids, every plan legal, the worked
examples X6 and X7 as examples.md tells them, and the DM's wishes with an action."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from hypothesis import assume, given, note, settings
from hypothesis import strategies as st

from lnf.cli.plan_commands import parse_wishes
from lnf.errors import InputError, NoLegalPlan
from lnf.formats.fight_writer import dump_fight
from lnf.model import Area, Fight, Rank, Shape
from lnf.model.plan import LEAVE, STAY, Mode, Plan, Wish
from lnf.rules import check_state
from lnf.rules.attacks import plan_targets
from lnf.rules.catches import best_catch, check_catch
from lnf.rules.moves import can_act, destinations, final_spot, rank_options
from lnf.rules.plan_check import check_plan
from lnf.rules.plan_score import score
from lnf.rules.roster import monsters
from lnf.rules.specials import usable
from lnf.solver import solve_plan
from tests.brute_force import best_plan, hero_sets
from tests.specials_monsters import POISON_BREATH, without_charge, x6, x7
from tests.strategies import plan_fights

DRAGON = "Young Green Dragon"


def plannable(f: Fight) -> bool:
    return all(v.rule == "K2" for v in check_state(f))


def solved(f: Fight, *wishes: Wish) -> Plan:
    plan = solve_plan(f, wishes).plan
    assert check_plan(f, plan) == []
    return plan


# --- solver == brute force, every plan legal -----------------------------------------------


@settings(max_examples=150, deadline=None)
@given(plan_fights(max_heroes=3, max_monsters=4, specials=True))
def test_solver_equals_brute_force_with_special_actions(f: Fight) -> None:
    """B3–B6: P3 over every hero an area catches, B6's expected damage and resource levels,
    the stat block's order last: the solver's plan is brute force's, order for order."""
    assume(plannable(f))
    note(dump_fight(f))
    plan = solve_plan(f, explain=False).plan
    brute = best_plan(f)
    assert brute is not None
    assert score(f, plan) == score(f, brute)
    assert set(plan.orders) == set(brute.orders)


@settings(max_examples=100, deadline=None)
@given(plan_fights(max_heroes=6, max_monsters=10, specials=True))
def test_every_plan_with_special_actions_passes_the_validator(f: Fight) -> None:
    assume(plannable(f))
    note(dump_fight(f))
    solution = solve_plan(f)
    assert check_plan(f, solution.plan) == []
    for hero, reasons in solution.unattacked:  # P5 still says why, actions counted
        assert not solution.plan.attackers_of(hero)
        assert reasons, hero


@settings(max_examples=30, deadline=None)
@given(plan_fights(max_heroes=4, max_monsters=6, specials=True), st.integers(0, 3))
def test_worker_count_does_not_change_a_plan_with_special_actions(f: Fight, _: int) -> None:
    assume(plannable(f))
    one = solve_plan(f, explain=False, workers=1).plan
    assert solve_plan(f, explain=False, workers=4).plan == one


def lexicographic(f: Fight, heroes: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(int(h.name in heroes) for h in plan_targets(f))


@settings(max_examples=100, deadline=None)
@given(plan_fights(max_heroes=4, max_monsters=2, specials=True), st.data())
def test_best_catch_with_heroes_pinned_and_banned(f: Fight, data: st.DataObject) -> None:
    """B9 and P5's questions: the best catch that holds the pinned heroes and none of the
    banned is the lexicographic best of every such legal set (what a wish's monster is
    offered)."""
    assume(plannable(f))
    names = [h.name for h in f.heroes]
    pinned = set(data.draw(st.lists(st.sampled_from(names), max_size=2)))
    banned = set(data.draw(st.lists(st.sampled_from(names), max_size=2))) - pinned
    for m in monsters(f):
        if not can_act(f, m):
            continue
        for action in usable(f, m):
            for move, rank in itertools.product(destinations(f, m), rank_options(m)):
                spot = final_spot(f, m.name, move)
                legal = [
                    s
                    for s in hero_sets(f)
                    if pinned <= set(s)
                    and not banned & set(s)
                    and not check_catch(f, m, action, spot, rank, s)
                ]
                best = max(legal, key=lambda s: lexicographic(f, s), default=())
                found = best_catch(f, m, action, spot, rank, include=pinned, exclude=banned)
                assert found == best, (action.name, move, rank)


# --- X6 and X7 (examples.md) -----------------------------------------------------------------


def test_x6_round_1_the_dragon_breathes_on_dee_ann_and_bo() -> None:
    (order,) = solved(x6()).orders
    assert (order.action, order.targets, order.move, order.rank, order.mode) == (
        "Poison Breath",
        ("Dee", "Ann", "Bo"),
        STAY,
        Rank.FRONT,
        Mode.RANGED,
    )


def test_x6_round_2_uncharged_the_dragon_leaves_and_bites_dee_with_reach() -> None:
    """B2, A2, B6: nothing from group A reaches Dee; P3 puts Dee attacked by the bite with
    reach before Ann attacked by the whole Multiattack."""
    (order,) = solved(without_charge(x6(), DRAGON, "Poison Breath")).orders
    assert (order.action, order.targets, order.mode, order.move) == (
        "",
        ("Dee",),
        Mode.REACH,
        LEAVE,
    )


def test_x7_round_1_cone_of_cold_at_cy_ann_and_bo_the_guards_on_ann() -> None:
    mage, guard1, guard2 = solved(x7()).orders
    assert (mage.action, mage.targets, mage.rank, mage.move) == (
        "Cone of Cold",
        ("Ann", "Bo", "Cy"),
        Rank.BACK,
        STAY,
    )
    assert (guard1.target, guard1.mode) == (guard2.target, guard2.mode) == ("Ann", Mode.MELEE)


def test_x7_round_2_fireball_at_its_own_level() -> None:
    """B6: the 5th-level slot spent, Fireball (3rd) beats Ice Storm (4th) and the darts."""
    mage, _, _ = solved(x7(used={5: 1})).orders
    assert (mage.action, mage.targets) == ("Fireball", ("Ann", "Bo", "Cy"))


def test_x7_the_same_heroes_for_less_damage_lose_to_more() -> None:
    """B6 (1) over P4's counts: with every slot gone the Mage shoots Fire Bolt at Ann, the
    earliest hero; Magic Missile's darts would attack all three, a better P3."""
    mage, _, _ = solved(x7(used={1: 4, 3: 3, 4: 3, 5: 1})).orders
    assert (mage.action, mage.targets) == ("Fire Bolt", ("Ann",))
    darts, _, _ = solved(x7(used={3: 3, 4: 3, 5: 1})).orders
    assert (darts.action, darts.targets) == ("Magic Missile", ("Ann", "Bo", "Cy"))


# --- B9: the DM's word ------------------------------------------------------------------------


def test_b9_fix_an_action_on_a_hero() -> None:
    """Poison Breath pinned on Cy: the best catch holding Cy (Dee, a group of one, and Cy;
    group A would be a second partly hit group, E3)."""
    (order,) = solved(x6(), Wish(DRAGON, "Cy", True, "Poison Breath")).orders
    assert order.action == "Poison Breath" and "Cy" in order.targets
    assert order.targets == ("Dee", "Ann", "Cy")


def test_b9_forbid_an_action_on_a_hero() -> None:
    """The breath banned on Dee: Dee attacked by the bite with reach still beats a breath on
    Ann, Bo and Cy (P3); banned from Dee altogether, it breathes on the other three."""
    (order,) = solved(x6(), Wish(DRAGON, "Dee", False, "Poison Breath")).orders
    assert (order.action, order.targets, order.mode) == ("", ("Dee",), Mode.REACH)
    (order,) = solved(x6(), Wish(DRAGON, "Dee", False)).orders
    assert (order.action, order.targets) == ("Poison Breath", ("Ann", "Bo", "Cy"))


def test_b9_forbid_an_action_on_every_hero_it_reaches() -> None:
    wishes = [Wish(DRAGON, h, False, "Poison Breath") for h in ("Dee", "Ann", "Bo", "Cy")]
    (order,) = solved(x6(), *wishes).orders
    assert (order.action, order.target, order.mode, order.move) == ("", "Dee", Mode.REACH, LEAVE)


def test_b9_a_wish_for_a_weapon_attack_takes_any_attack() -> None:
    (order,) = solved(x6(), Wish(DRAGON, "Cy", True)).orders
    assert "Cy" in order.targets


def test_b9_an_action_that_cannot_be_used_is_refused_with_the_rule() -> None:
    f = without_charge(x6(), DRAGON, "Poison Breath")
    with pytest.raises(NoLegalPlan, match=r"Poison Breath is not charged \(B2\)"):
        solve_plan(f, (Wish(DRAGON, "Dee", True, "Poison Breath"),))


def test_b9_the_command_line_matches_an_action_by_its_name() -> None:
    f = x6()
    (wish,) = parse_wishes(f, ("young green dragon->Cy:poison breath",), True, "--fix")
    assert wish == Wish(DRAGON, "Cy", True, "Poison Breath")
    with pytest.raises(InputError) as info:
        parse_wishes(f, ("Young Green Dragon->Cy:Posion Breath",), True, "--fix")
    said = info.value.problems[0]
    assert said.rule == "B9"
    assert said.message == (
        "Young Green Dragon has no action called 'Posion Breath'; did you mean 'Poison Breath'?"
    )
    with pytest.raises(InputError) as info:
        parse_wishes(x7(), ("Guard 1->Ann:Fireball",), False, "--forbid")
    assert "Guard 1 has no special actions or spells" in info.value.problems[0].message


def test_b9_an_action_out_of_reach_is_refused_with_b4() -> None:
    f = x6()
    cone = replace(POISON_BREATH, area=Area(Shape.CONE, 15))
    f = f.with_combatant(replace(f.monster(DRAGON), actions=(cone,), speed=0, fly=0))
    with pytest.raises(NoLegalPlan) as info:
        solve_plan(f, (Wish(DRAGON, "Dee", True, "Poison Breath"),))
    assert str(info.value).endswith("(B4)")
    assert "does not reach Dee" in str(info.value)
