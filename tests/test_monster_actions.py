"""A monster's special actions and spells played (B1–B3, B6, F4–F7): a breath on every hero it
catches (the damage rolled once, each saving on its own, half on a success), its recharge die
at a round's start (B2), a spell's slot of its own level (B6), a rider on a failed save (F6)
with its repeat save (F4), an attack-roll spell, Magic Missile's darts; the log's words and
JSON for them; and the engine's own check of an action order."""

from dataclasses import replace

import pytest

from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import apply
from lnf.engine.effects import Rolled, recorded, turn_edge
from lnf.engine.event_check import event_problems
from lnf.engine.round_start import next_grid, recharge_rolls
from lnf.engine.runner import Runner
from lnf.errors import Refused
from lnf.formats.event_codec import event_from_json, event_to_json
from lnf.model import (
    LEGENDARY_ACTIONS,
    Condition,
    Guard,
    Rank,
    Recharge,
    Resource,
    TurnEdge,
)
from lnf.model.events import Planned, Recorded, RoundStarted, Turn
from lnf.model.plan import Mode, Order
from lnf.model.steps import Attacked, Damaged, EffectStarted, Recharged, SaveRolled, SpellCast, Used
from lnf.rules.limited import uses_left, verify_action_order
from lnf.views.plan_line import plan_line
from lnf.views.transcript import describe
from tests.action_fights import (
    BREATH,
    BREATH_ORDER,
    CONE,
    DRAGON,
    FIRE_BOLT,
    FIREBALL,
    GAZE,
    HOLD,
    MISSILES,
    breath,
    dice_for,
    dragon_fight,
    mage_fight,
    planner,
    played,
    runner_for,
    seed_with,
    spent_dragon,
    x6_heroes,
)
from tests.builders import fight, monster


def test_a_breath_rolls_its_damage_once_and_each_hero_saves_on_its_own() -> None:
    """B3, E1, E3: the dragon breathes on the three heroes the order names; 12d6 rolled once;
    each makes its own DC 14 Constitution save: full on a failure, half on a success (D11)."""
    turn = breath(dragon_fight())
    cast = next(s for s in turn.steps if isinstance(s, SpellCast))
    assert cast.caster == DRAGON and cast.targets == ("Dee", "Ann", "Bo")
    assert sum(n for _, n in cast.damage) == 42
    assert [(s.who, s.faces, s.success) for s in cast.saves] == [
        ("Dee", (7,), False),
        ("Ann", (15,), True),
        ("Bo", (12,), True),
    ]
    hp = {h.name: h.current_hp for h in turn.fight.heroes}
    assert hp == {"Dee": 60 - 42, "Ann": 60 - 21, "Bo": 60 - 21, "Cy": 60}
    assert cast.area == "30 ft cone, 3 targets"  # E1: 30 ÷ 10


def test_a_breath_spends_its_charge_and_cannot_be_used_again_uncharged() -> None:
    """B2: the breath is charged at the fight's start (no resource in the file: fully charged);
    using it logs a Used step and spends the charge; an order to breathe again is refused."""
    f = dragon_fight()
    assert uses_left(f.monster(DRAGON), BREATH) == 1
    turn = breath(f)
    assert turn.steps[0] == Used(DRAGON, "Poison Breath")
    spent = turn.fight.monster(DRAGON)
    assert uses_left(spent, BREATH) == 0
    r = next(r for r in spent.resources if r.name == "Poison Breath")
    assert r.recharge is Recharge.ROLL
    with pytest.raises(Refused) as refused:
        verify_action_order(turn.fight, BREATH_ORDER)
    assert refused.value.rule == "B2"


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_a_spent_breath_is_charged_again_on_a_5_or_6_at_a_rounds_start(face: int) -> None:
    """B2 (Recharge 5–6): the d6 as the round starts; 5 or 6 charges it, 1–4 does not."""
    f = apply(spent_dragon(), RoundStarted(2, ("Dee",))).after
    rolls = recharge_rolls(f, dice_for([face]))
    assert rolls is not None
    assert rolls.steps == (Recharged(DRAGON, "Poison Breath", face, face >= 5),)
    after = apply(f, rolls).after
    assert uses_left(after.monster(DRAGON), BREATH) == (1 if face >= 5 else 0)


def test_no_recharge_roll_while_the_breath_is_charged() -> None:
    assert recharge_rolls(dragon_fight(), dice_for([])) is None


def test_legendary_action_points_come_back_as_a_round_starts() -> None:
    """B7: a `Recharge.ROUND` resource is regained at the start of each round."""
    points = Resource(LEGENDARY_ACTIONS, 3, 2, Recharge.ROUND)
    f = dragon_fight(resources=(points,))
    after = apply(f, RoundStarted(2, ())).after
    assert next(r for r in after.monster(DRAGON).resources).left == 3


def _round_events(runner: Runner, number: int) -> list[object]:
    events = runner.table.events
    start = next(
        i for i, e in enumerate(events) if isinstance(e, RoundStarted) and e.round == number
    )
    return events[start:]


@pytest.mark.parametrize("charged", [True, False])
def test_runs_roll_the_recharge_after_the_round_starts_and_before_the_plan(charged: bool) -> None:
    """B2: in `lnf run` the die is rolled with the log's dice as round 2 starts, logged between
    RoundStarted and Planned; charged, the dragon breathes again; else it bites."""
    seed = seed_with(lambda face: (face >= 5) == charged)
    runner = runner_for(dragon_fight(), seed)
    runner.play(rounds=1)
    between = next_grid(runner.fight, runner.table.dice)  # `lnf plan` between rounds
    runner.play(rounds=1)
    events = _round_events(runner, 2)
    assert isinstance(events[1], Recorded) and isinstance(events[2], Planned)
    (roll,) = events[1].steps
    assert isinstance(roll, Recharged) and roll.charged is charged
    (order,) = events[2].orders
    assert order.action == ("Poison Breath" if charged else "")
    assert planner(between).orders == events[2].orders  # the preview is what was played


def test_a_mage_spends_the_slot_of_the_spells_own_level() -> None:
    """B6: Cone of Cold spends its 5th-level slot; with that slot gone it is refused, never
    cast with a higher one; Fireball with its 3rd-level slots gone is refused though a 5th is
    left (no upcasting)."""
    slots = (Resource("slot 3", 3, 3), Resource("slot 5", 1))
    f = mage_fight(CONE, FIREBALL, resources=slots)
    order = Order("Mage", Rank.BACK, target="Cy", action="Cone of Cold", also=("Ann", "Bo"))
    turn = played(f, order, [4] * 8 + [7, 15, 3])
    assert turn.steps[0] == Used("Mage", "slot 5")
    assert next(r for r in turn.fight.monster("Mage").resources if r.name == "slot 5").left == 0
    with pytest.raises(Refused):
        verify_action_order(turn.fight, order)
    with pytest.raises(Refused) as refused:
        verify_action_order(f, replace(order, action="Fireball"))
    assert refused.value.rule == "B2"
    lines = describe(turn.finish(Turn("Mage", turn.steps)))
    assert lines[0] == "Mage spends a 5th-level spell slot (0 of 1 left)."
    said = "Mage casts Cone of Cold (60 ft cone, up to 6 targets) on Cy, Ann and Bo"
    assert lines[1].startswith(said)
    assert "Cy's CON save 1d20 (7) + 2 = 9 vs DC 14: fails, takes 32" in lines[1]


def test_a_failed_save_paralyses_and_the_save_is_repeated_at_the_end_of_its_turns() -> None:
    """F6, F4: a ghoul-like save action: paralysed on a failed save, for 1 minute, a DC 10
    Constitution save at the end of each of its turns ends it."""
    ghoul = monster("Ghoul", actions=(GAZE,))
    f = fight(x6_heroes(), [ghoul], {"A": ["Ann", "Ghoul"]})
    order = Order("Ghoul", Rank.FRONT, target="Ann", action="Paralyzing Touch", mode=Mode.MELEE)
    turn = played(f, order, [3])  # 3 + 2 = 5 vs DC 10: fails
    started = [s for s in turn.steps if isinstance(s, EffectStarted)]
    assert [(s.effect.who, s.effect.condition) for s in started] == [("Ann", Condition.PARALYZED)]
    assert Condition.PARALYZED in turn.fight.hero("Ann").conditions
    later = Rolled.turn(turn.fight, "Ann")
    turn_edge(later, "Ann", TurnEdge.END, ScriptedDice([12]))  # 14 vs DC 10: ends it
    assert isinstance(later.steps[0], SaveRolled) and later.steps[0].save.success
    assert Condition.PARALYZED not in later.fight.hero("Ann").conditions


def test_a_monsters_concentration_spell_begins_its_concentration() -> None:
    """F5: Hold Person cast by a monster: the target paralysed while the caster concentrates;
    the caster's concentration is an effect as a hero's is."""
    f = mage_fight(HOLD, resources=(Resource("slot 2", 3),))
    order = Order("Mage", Rank.BACK, target="Ann", action="Hold Person", mode=Mode.RANGED)
    turn = played(f, order, [2])
    starts = [s.effect for s in turn.steps if isinstance(s, EffectStarted)]
    assert [(e.who, e.concentration) for e in starts] == [("Mage", True), ("Ann", False)]
    assert starts[1].lasting.concentration == "Mage"
    hurt = recorded(turn.fight, ScriptedDice([3]), lambda r: r.do(Damaged("Mage", 12)))
    save = next(s for s in hurt.event.steps if isinstance(s, SaveRolled))
    assert (save.save.who, save.save.dc, save.save.success) == ("Mage", 10, False)
    assert Condition.PARALYZED not in hurt.after.hero("Ann").conditions  # F5: it ends


def test_fire_bolt_is_an_attack_roll() -> None:
    f = mage_fight(FIRE_BOLT)
    order = Order("Mage", Rank.BACK, target="Cy", action="Fire Bolt", mode=Mode.RANGED)
    turn = played(f, order, [15, 5, 6])  # 15 + 6 = 21 vs AC 10: 2d10 = 11
    (hit,) = turn.steps
    assert isinstance(hit, Attacked) and hit.hit and hit.attack == "Fire Bolt"
    assert turn.fight.hero("Cy").current_hp == 60 - 11


def test_magic_missiles_darts_hit_without_a_roll_split_among_the_heroes_named() -> None:
    """B3, F7: three darts at Cy and Ann: Cy, Ann, Cy; each 1d4+1 force rolled on its own."""
    f = mage_fight(MISSILES, resources=(Resource("slot 1", 4),))
    order = Order("Mage", Rank.BACK, target="Cy", action="Magic Missile", also=("Ann",))
    turn = played(f, order, [1, 2, 3])
    darts = [s for s in turn.steps if isinstance(s, Damaged)]
    assert [(d.who, d.amount) for d in darts] == [("Cy", 2), ("Ann", 3), ("Cy", 4)]
    assert turn.fight.hero("Cy").current_hp == 54


def test_a_guard_may_turn_an_attack_spell_as_it_turns_a_weapon() -> None:
    """F1: the hero's Shield against the mage's Fire Bolt, as against any hit."""
    f = mage_fight(FIRE_BOLT)
    shield = Guard(name="Shield", ac=5, lasts=True)
    f = f.with_combatant(replace(f.hero("Cy"), guards=(shield,)))
    order = Order("Mage", Rank.BACK, target="Cy", action="Fire Bolt", mode=Mode.RANGED)
    turn = played(f, order, [8, 5, 5])  # 8 + 6 = 14 vs AC 10: a hit, but not vs 15
    assert not next(s for s in turn.steps if isinstance(s, Attacked)).hit


def test_the_engine_checks_an_action_order_before_it_plays_it() -> None:
    """B1, B3: an action the monster lacks, a hero named twice, or nobody, is refused."""
    f = dragon_fight()
    with pytest.raises(Refused) as refused:
        verify_action_order(f, replace(BREATH_ORDER, action="Fire Breath"))
    assert refused.value.rule == "B1"
    with pytest.raises(Refused):
        verify_action_order(f, replace(BREATH_ORDER, also=("Dee",)))
    with pytest.raises(Refused):
        verify_action_order(f, replace(BREATH_ORDER, target=None, also=()))
    with pytest.raises(Refused):
        played(f, replace(BREATH_ORDER, action="Fire Breath"), [])


def test_the_log_check_knows_actions_and_recharge_rolls() -> None:
    f = spent_dragon()
    assert event_problems(f, Planned((BREATH_ORDER,))) == []
    wrong = Planned((replace(BREATH_ORDER, action="Fire Breath", also=("Zed",)),))
    assert event_problems(f, wrong) == ["no 'Zed' in this fight"]
    assert event_problems(f, Planned((replace(BREATH_ORDER, action="Fire Breath"),))) == [
        f"{DRAGON} has no action 'Fire Breath'"
    ]
    bad = Recorded((Recharged(DRAGON, "Poison Breath", 3, True),), by_rules=True)
    assert event_problems(f, bad) == ["a 3 does not charge it"]
    assert event_problems(f, Recorded((Used(DRAGON, "Poison Breath"),))) == []
    assert event_problems(f, Recorded((Used(DRAGON, "Wing Attack"),))) != []


def test_orders_with_actions_and_recharge_rolls_read_back_as_written() -> None:
    """The codec: an order's action and the heroes it also attacks, and the recharge step,
    round-trip; an order without them is written as before (old logs read the same)."""
    plan = Planned((BREATH_ORDER, Order("Orc", Rank.FRONT, target="Ann", mode=Mode.MELEE)))
    data = event_to_json(plan)
    assert data["orders"][0]["action"] == "Poison Breath"
    assert data["orders"][0]["also"] == ["Ann", "Bo"]
    assert set(data["orders"][1]) == {"monster", "rank", "move", "target", "mode"}
    assert event_from_json(data, "log") == plan
    rolled = Recorded((Recharged(DRAGON, "Poison Breath", 6, True),), by_rules=True)
    assert event_from_json(event_to_json(rolled), "log") == rolled


def test_the_words_say_a_breath_as_a_dm_would() -> None:
    f = dragon_fight()
    line = plan_line(Planned((BREATH_ORDER,)), [], f)
    assert line == (
        "The monsters' plan (P3): Young Green Dragon uses Poison Breath (30 ft cone) on "
        "Dee, Ann and Bo."
    )
    turn = breath(f)
    lines = describe(turn.finish(Turn(DRAGON, turn.steps)))
    assert lines[0] == (
        "Young Green Dragon's Poison Breath is spent: it recharges on a 5–6 as a round starts (B2)."
    )
    assert lines[1].startswith(
        "Young Green Dragon uses Poison Breath (30 ft cone, 3 targets) on Dee, Ann and Bo: 12d6"
    )
    assert "Ann's CON save 1d20 (15) + 2 = 17 vs DC 14: saves, takes 21" in lines[1]
    spent = spent_dragon()
    rolls = recharge_rolls(apply(spent, RoundStarted(2, ())).after, dice_for([6]))
    assert rolls is not None
    told = describe(apply(spent, rolls))
    assert told == ["Young Green Dragon rolls 6 for Poison Breath (5–6): charged again (B2)."]


def test_a_monster_still_attacks_with_its_weapons_without_an_action() -> None:
    """B1: an order without an action is its weapon attacks, as before."""
    f = dragon_fight()
    order = Order(DRAGON, Rank.FRONT, target="Ann", mode=Mode.MELEE)
    turn = played(f, order, [15, 5, 5])
    assert [type(s) for s in turn.steps] == [Attacked]
    assert not any(isinstance(s, Used) for s in turn.steps)


def test_the_plan_and_show_json_say_the_action_and_what_is_left() -> None:
    """B1–B3, B6: `lnf plan` says the action and its slot; `--json` names the action and every
    hero it attacks; `lnf show --json` the uses left."""
    from lnf.views.plan import _attack_phrase, _order_data, order_facts
    from lnf.views.report import show_data

    f = mage_fight(CONE, FIRE_BOLT, resources=(Resource("slot 5", 1),))
    order = Order("Mage", Rank.BACK, target="Cy", action="Cone of Cold", also=("Ann", "Bo"))
    facts = order_facts(f, order)
    assert _attack_phrase(facts) == (
        "casts Cone of Cold (60 ft cone, a 5th-level spell slot) on Cy, Ann and Bo"
    )
    data = _order_data(facts)
    assert (data["action"], data["targets"]) == ("Cone of Cold", ["Cy", "Ann", "Bo"])
    (mage,) = show_data(f, [])["monsters"]
    assert mage["actions"] == [
        {"name": "Cone of Cold", "uses_left": 1, "spends": "slot 5"},
        {"name": "Fire Bolt", "uses_left": None, "spends": None},
    ]


def test_an_order_in_an_old_log_reads_without_an_action() -> None:
    """Logs written before B1 hold orders of five fields: they read as weapon orders."""
    line = {
        "event": "plan",
        "orders": [
            {"monster": "Orc", "rank": "front", "move": "stays", "target": "Ann", "mode": "melee"}
        ],
        "replan": False,
        "note": "",
    }
    plan = event_from_json(line, "old.log.jsonl", 3)
    assert isinstance(plan, Planned)
    (order,) = plan.orders
    assert (order.action, order.also, order.targets) == ("", (), ("Ann",))
