"""Special actions in the plan (B1–B6): the validator's checks, the score's new levels, and
brute force over every action and every set of heroes on X6, X7 and generated grids."""

from __future__ import annotations

import itertools
from dataclasses import replace

from hypothesis import assume, given, note, settings

from lnf.formats.fight_writer import dump_fight
from lnf.model import Area, Fight, Rank, Shape
from lnf.model.plan import LEAVE, STAY, Mode, Move, MoveKind, Order, Plan
from lnf.rules import check_state
from lnf.rules.attacks import plan_targets
from lnf.rules.catches import best_catch, check_catch
from lnf.rules.explain import blocked_modes, held_actions, possible_attackers
from lnf.rules.moves import can_act, destinations, final_spot, rank_options
from lnf.rules.plan_check import check_plan, infer_mode
from lnf.rules.plan_compare import shortfall
from lnf.rules.plan_score import score
from lnf.rules.roster import monsters
from lnf.rules.specials import usable
from lnf.views.plan import order_facts, plan_data, render_plan
from lnf.views.style import Style
from tests.brute_force import best_of, best_plan, hero_sets, legal_orders
from tests.specials_monsters import POISON_BREATH, without_charge, x6, x7
from tests.strategies import plan_fights

DRAGON = "Young Green Dragon"


def rules(fight: Fight, *orders: Order) -> list[str]:
    return [v.rule for v in check_plan(fight, Plan(orders))]


# --- the validator (P2, P7, B1–B5) -------------------------------------------------------


def breath(*heroes: str, **kw: object) -> Order:
    fields: dict[str, object] = dict(mode=Mode.RANGED, action="Poison Breath")
    return Order(DRAGON, Rank.FRONT, target=heroes[0], also=heroes[1:], **{**fields, **kw})  # type: ignore[arg-type]


def test_x6_the_breath_order_is_legal() -> None:
    assert rules(x6(), breath("Dee", "Ann", "Bo")) == []


def test_the_validator_names_each_broken_rule_of_an_action_order() -> None:
    f = x6()
    assert rules(without_charge(f, DRAGON, "Poison Breath"), breath("Dee", "Ann", "Bo")) == ["B2"]
    assert rules(f, breath("Dee", action="Wing Attack")) == ["B1"]
    assert rules(f, breath("Dee", "Ann", "Bo", "Cy")) == ["E1"]
    assert rules(f, breath("Dee", mode=Mode.MELEE)) == ["P1"]  # a 30 ft breath is ranged (B4)
    assert rules(f, breath("Dee", "Nobody")) == ["P1"]
    cone = replace(POISON_BREATH, area=Area(Shape.CONE, 15))
    short = replace(f.monster(DRAGON), actions=(cone,))
    f15 = f.with_combatant(short)
    assert rules(f15, breath("Ann", "Bo", mode=Mode.MELEE)) == []
    assert rules(f15, breath("Dee", mode=Mode.MELEE)) == ["B4"]


def test_a_weapon_order_attacks_one_hero() -> None:
    f = x6()
    two = Order(DRAGON, Rank.FRONT, target="Ann", mode=Mode.MELEE, also=("Bo",))
    assert rules(f, two) == ["P2"]


def test_infer_mode_gives_an_action_its_own_mode() -> None:
    f = x6()
    written = Order(DRAGON, Rank.FRONT, target="Dee", action="Poison Breath", also=("Ann", "Bo"))
    assert infer_mode(f, written).mode is Mode.RANGED


def test_x7_three_darts_but_two_guards_would_break_b5() -> None:
    f = x7()
    darts = Order("Mage", Rank.BACK, target="Ann", mode=Mode.RANGED, action="Magic Missile")
    assert rules(f, replace(darts, also=("Bo", "Cy"))) == []
    cone = replace(darts, action="Cone of Cold", also=("Bo", "Cy"))
    assert rules(f, cone) == []
    assert rules(f, replace(cone, action="Shield")) == ["B1"]  # a reaction (B10)


# --- the score (B6, P3) ------------------------------------------------------------------


def test_p3_counts_every_hero_an_area_attacks() -> None:
    f = x6()
    plan = Plan((breath("Dee", "Ann", "Bo"),))
    assert score(f, plan).p3 == (1, 1, 1, 0)


def test_b6_more_expected_damage_then_the_cheaper_resource() -> None:
    f = x7()
    guards = (
        Order("Guard 1", Rank.FRONT, target="Ann", mode=Mode.MELEE),
        Order("Guard 2", Rank.FRONT, target="Ann", mode=Mode.MELEE),
    )

    def cast(action: str) -> Plan:
        order = Order("Mage", Rank.BACK, target="Ann", mode=Mode.RANGED, action=action)
        return Plan((replace(order, also=("Bo", "Cy")), *guards))

    cone, fireball, darts = cast("Cone of Cold"), cast("Fireball"), cast("Magic Missile")
    assert score(f, cone).p3 == score(f, fireball).p3 == score(f, darts).p3
    assert score(f, cone).key() < score(f, fireball).key() < score(f, darts).key()
    # the guards' spears: +3 against AC 10, 4.5 a hit and 3.5 more on a 20: 3.325 each
    assert score(f, Plan(guards)).p4[0] == -2 * 333
    assert score(f, fireball).p4[:2] == (-(6510 + 666), 6)
    assert score(f, cone).p4[:2] == (-(8370 + 666), 8)
    assert shortfall(f, fireball, cone) == [
        "the best plan deals 90.36 expected damage; yours 71.76 (B6)"
    ]


def test_b6_the_resource_breaks_a_tie_of_damage() -> None:
    f = x7()
    mage = f.monster("Mage")
    twin = replace(mage.actions[3], name="Fireball Scroll", slot=0, per_day=1)  # same figures
    f = f.with_combatant(replace(mage, actions=(*mage.actions, twin)))
    base = Order("Mage", Rank.BACK, target="Ann", mode=Mode.RANGED, also=("Bo", "Cy"))
    slot = score(f, Plan((replace(base, action="Fireball"),)))
    day = score(f, Plan((replace(base, action="Fireball Scroll"),)))
    assert slot.p4[0] == day.p4[0] and day.p4[1] == 2 < slot.p4[1] == 6
    assert day.key() < slot.key()


# --- brute force on the worked examples --------------------------------------------------


def test_x6_round_1_the_dragon_breathes_on_dee_ann_and_bo() -> None:
    plan = best_plan(x6())
    assert plan is not None
    (order,) = plan.orders
    assert (order.action, order.targets, order.move, order.rank) == (
        "Poison Breath",
        ("Dee", "Ann", "Bo"),
        STAY,
        Rank.FRONT,
    )


def test_x6_round_2_the_dragon_leaves_and_bites_dee_with_reach() -> None:
    plan = best_plan(without_charge(x6(), DRAGON, "Poison Breath"))
    assert plan is not None
    (order,) = plan.orders
    assert (order.action, order.target, order.mode, order.move) == ("", "Dee", Mode.REACH, LEAVE)


def test_x7_round_1_cone_of_cold_then_fireball_when_its_slot_is_gone() -> None:
    plan = best_plan(x7())
    assert plan is not None
    mage, guard1, guard2 = plan.orders
    assert (mage.action, set(mage.targets)) == ("Cone of Cold", {"Ann", "Bo", "Cy"})
    assert guard1.target == guard2.target == "Ann"
    later = best_plan(x7(used={5: 1}))
    assert later is not None
    assert later.orders[0].action == "Fireball"
    assert set(later.orders[0].targets) == {"Ann", "Bo", "Cy"}


# --- generated grids ---------------------------------------------------------------------


def plannable(f: Fight) -> bool:
    return all(v.rule == "K2" for v in check_state(f))


def lexicographic(f: Fight, heroes: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(int(h.name in heroes) for h in plan_targets(f))


@settings(max_examples=150, deadline=None)
@given(plan_fights(max_heroes=4, max_monsters=3, specials=True))
def test_best_catch_is_the_best_of_every_legal_set(f: Fight) -> None:
    """B3, B5, E3: the greedy catch is the lexicographic best of every set of heroes that
    check_catch allows, from every spot and rank the monster can take."""
    assume(plannable(f))
    note(dump_fight(f))
    for m in monsters(f):
        if not can_act(f, m):
            continue
        for action in usable(f, m):
            for move, rank in itertools.product(destinations(f, m), rank_options(m)):
                spot = final_spot(f, m.name, move)
                legal = [s for s in hero_sets(f) if not check_catch(f, m, action, spot, rank, s)]
                best = max(legal, key=lambda s: lexicographic(f, s), default=())
                found = best_catch(f, m, action, spot, rank)
                assert lexicographic(f, found) == lexicographic(f, best), (action.name, move, rank)
                assert not check_catch(f, m, action, spot, rank, found) or not found


@settings(max_examples=60, deadline=None)
@given(plan_fights(max_heroes=3, max_monsters=3, specials=True))
def test_brute_force_with_special_actions(f: Fight) -> None:
    """Brute force over every action and every set of heroes: its best plan passes the
    validator, each action in it takes the best catch from where it ends (what lets the solver
    offer one catch an action, spot and rank), and special actions never leave P3 worse than
    the weapons alone."""
    assume(plannable(f))
    note(dump_fight(f))
    acting = [m.name for m in monsters(f) if can_act(f, m)]
    options = {name: legal_orders(f, name) for name in acting}
    plan = best_of(f, acting, options)
    assert plan is not None
    assert check_plan(f, plan) == []
    for order in plan.orders:
        if order.action:
            m = f.monster(order.monster)
            action = next(a for a in m.actions if a.name == order.action)
            spot = final_spot(f, m.name, order.move)
            assert order.targets == best_catch(f, m, action, spot, order.rank)
    weapons = {n: [o for o in orders if not o.action] for n, orders in options.items()}
    plain = best_of(f, acting, weapons)
    assert plain is not None
    assert score(f, plan).key() <= score(f, plain).key()
    assert score(f, plan).p3 >= score(f, plain).p3


def test_brute_force_offers_every_set_of_heroes() -> None:
    f = x6()
    sets = {o.targets for o in legal_orders(f, DRAGON) if o.action}
    # E3 with B5: Dee and Cy alone, group A whole or in part, at most 3 (E1)
    assert ("Dee", "Ann", "Bo") in sets and ("Dee", "Ann", "Cy") in sets
    assert ("Dee", "Ann", "Bo", "Cy") not in sets
    assert all(len(s) <= 3 for s in sets)
    joined = {o.move for o in legal_orders(f, DRAGON) if o.action}
    assert Move(MoveKind.JOIN, hero="Cy") in joined


# --- P5: why an action is held back ------------------------------------------------------


def test_p5_the_dragon_holds_its_breath_because_it_is_not_charged() -> None:
    f = without_charge(x6(), DRAGON, "Poison Breath")
    plan = best_plan(f)
    assert plan is not None
    assert held_actions(f, plan) == [(DRAGON, [("B2", "Poison Breath is not charged")])]


def test_p5_no_hero_in_reach_of_a_15_ft_cone() -> None:
    f = x6()
    cone = replace(POISON_BREATH, area=Area(Shape.CONE, 15))
    stuck = replace(f.monster(DRAGON), actions=(cone,), speed=0, fly=0)  # it cannot leave A
    f = f.with_combatant(replace(stuck, rank=Rank.FRONT))
    f = replace(f, groups=())  # alone and unable to move: nobody stands with it
    plan = best_plan(f)
    assert plan is not None
    assert held_actions(f, plan) == [(DRAGON, [("B4", "no hero in reach of its 15 ft cone")])]


def test_p5_the_mage_says_why_each_other_spell_waits() -> None:
    f = x7()
    plan = Plan(
        (
            Order(
                "Mage",
                Rank.BACK,
                target="Ann",
                mode=Mode.RANGED,
                action="Cone of Cold",
                also=("Bo", "Cy"),
            ),
        )
    )
    ((who, reasons),) = held_actions(f, plan)
    names = ["Fire Bolt", "Magic Missile", "Fireball", "Ice Storm", "Greater Invisibility"]
    said = {n: r for r in reasons for n in names if r[1].startswith(n)}
    assert len(said) == len(reasons) == 5
    assert who == "Mage"
    assert said["Fire Bolt"] == (
        "P3",
        "Fire Bolt would attack Ann; its order attacks heroes earlier in the target order",
    )
    assert said["Fireball"] == (
        "B6",
        "Fireball would attack the same heroes for less expected damage (65.10 against 83.70)",
    )
    assert said["Greater Invisibility"][0] == "B6"
    assert "Shield" not in said  # a reaction (B10)


def test_p5_a_front_rank_mage_holds_its_fire_bolt_by_r2_not_by_reach() -> None:
    """R2, A3, P5: with Cone of Cold cast from the front rank, the Mage's Fire Bolt (a spell
    attack, a shot) waits because a front-rank monster with a mêlée attack makes no ranged
    attack; the back rank would reach Ann. Said so, not "reaches no hero" (B4)."""
    f = x7()
    cone = Order("Mage", Rank.FRONT, target="Ann", mode=Mode.RANGED, action="Cone of Cold")
    plan = Plan((replace(cone, also=("Bo", "Cy")),))
    ((_, reasons),) = held_actions(f, plan)
    bolt = [r for r in reasons if r[1].startswith("Fire Bolt")]
    assert bolt == [
        ("R2", "Fire Bolt is a ranged attack, which Mage makes only from the back rank")
    ]


def test_p5_r6_a_mage_the_back_rank_count_keeps_in_front_is_said_so() -> None:
    """R6, R2, P5: with Cy in the front rank too, three front-rank heroes need three front-rank
    monsters; without the Mage there are two guards, so no plan puts it in the back rank. The
    reason names that count, not R2 alone (which reads as if stepping back were open)."""
    f = x7()
    f = f.with_combatant(replace(f.hero("Cy"), rank=Rank.FRONT, why=None))
    cone = Order("Mage", Rank.FRONT, target="Ann", mode=Mode.RANGED, action="Cone of Cold")
    ((_, reasons),) = held_actions(f, Plan((replace(cone, also=("Bo",)),)))
    bolt = [r for r in reasons if r[1].startswith("Fire Bolt")]
    assert bolt == [
        (
            "R6",
            "Fire Bolt is a ranged attack, which Mage makes only from the back rank (R2), and "
            "the back-rank count keeps it in front: 3 front-rank heroes need as many front-rank "
            "monsters, and without it there are at most 2",
        )
    ]


def test_p5_the_plan_says_what_is_held_back_and_why() -> None:
    f = without_charge(x6(), DRAGON, "Poison Breath")
    plan = best_plan(f)
    assert plan is not None
    facts = [order_facts(f, o) for o in plan.orders]
    text = render_plan(f, facts, [], Style(color=False))
    assert "Held back (P5):\n  Young Green Dragon: Poison Breath is not charged (B2)." in text
    data = plan_data(f, facts, [])
    assert data["held_back"] == [
        {"monster": DRAGON, "reasons": [{"rule": "B2", "text": "Poison Breath is not charged"}]}
    ]
    charged = best_plan(x6())
    assert charged is not None
    facts = [order_facts(x6(), o) for o in charged.orders]
    assert "Held back" not in render_plan(x6(), facts, [], Style(color=False))


def test_p5_a_hero_no_breath_reaches_says_so() -> None:
    f = x6()
    cone = replace(POISON_BREATH, area=Area(Shape.CONE, 15))
    f = f.with_combatant(replace(f.monster(DRAGON), actions=(cone,), speed=0, fly=0))
    reasons = blocked_modes(f, f.hero("Dee"))
    assert ("B4", f"no special action or spell of {DRAGON} reaches it") in reasons
    assert blocked_modes(x6(), x6().hero("Dee")) == [
        ("R3", "guarded in the back rank, out of mêlée reach"),
        ("A3", "no monster has a ranged attack"),
    ]  # the 30 ft breath reaches her: no B4 reason; the bite out-reaches her (A2)
    # held in group A, its weapons find no way to Dee; its 30 ft breath does (B4)
    held = x6().with_combatant(replace(x6().monster(DRAGON), speed=0, fly=0))
    assert [m.name for m in possible_attackers(held, held.hero("Dee"))] == [DRAGON]
    spent = without_charge(held, DRAGON, "Poison Breath")
    assert possible_attackers(spent, spent.hero("Dee")) == []
