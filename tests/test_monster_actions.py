"""A monster's special actions and spells played (B1–B3, B6, F4–F7): a breath on every hero it
catches (the damage rolled once, each saving on its own, half on a success), its recharge die
at a round's start (B2), a spell's slot of its own level (B6), a rider on a failed save (F6)
with its repeat save (F4), an attack-roll spell, Magic Missile's darts; the log's words and
JSON for them; and the engine's own check of an action order."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from lnf.dice import parse
from lnf.dice.roll import DiceSource, ScriptedDice, SeededDice
from lnf.engine.apply import apply
from lnf.engine.effects import Rolled, recorded, turn_edge
from lnf.engine.event_check import event_problems
from lnf.engine.monster_actions import SavesWait
from lnf.engine.round_start import next_grid, recharge_rolls
from lnf.engine.runner import Runner
from lnf.engine.sides import TableHeroes
from lnf.engine.table import Table
from lnf.engine.turns import monster_attacks
from lnf.errors import Refused
from lnf.formats.event_codec import event_from_json, event_to_json
from lnf.heroes.policy import PolicyHeroes
from lnf.model import (
    LEGENDARY_ACTIONS,
    Ability,
    Area,
    Attack,
    AttackKind,
    Condition,
    Fight,
    Guard,
    Hero,
    Lasting,
    Rank,
    Recharge,
    Resource,
    Rider,
    Shape,
    TurnEdge,
)
from lnf.model.events import (
    Attacked,
    Damaged,
    EffectStarted,
    Planned,
    Recharged,
    Recorded,
    RoundStarted,
    SaveRolled,
    SpellCast,
    Turn,
    Used,
)
from lnf.model.plan import Mode, Order, Plan
from lnf.rules.limited import uses_left, verify_action_order
from lnf.views.page_events import happenings
from lnf.views.page_hp import MonsterHp
from lnf.views.plan_line import plan_line
from lnf.views.transcript import describe
from lnf.views.turn import save_lines
from tests.builders import fight, hero, monster
from tests.cli import run

DRAGON = "Young Green Dragon"
BREATH = Attack(
    name="Poison Breath",
    kind=AttackKind.RANGED,
    damage=parse("12d6 poison"),
    save=(Ability.CON, 14),
    half=True,
    area=Area(Shape.CONE, 30),
    recharge=5,
)
BITE = Attack(name="Bite", to_hit=7, reach=10, damage=parse("2d10+4 piercing"))
CONE = Attack(
    name="Cone of Cold",
    kind=AttackKind.RANGED,
    damage=parse("8d8 cold"),
    save=(Ability.CON, 14),
    area=Area(Shape.CONE, 60),
    spell=True,
    slot=5,
)
FIREBALL = Attack(
    name="Fireball",
    kind=AttackKind.RANGED,
    damage=parse("8d6 fire"),
    save=(Ability.DEX, 14),
    area=Area(Shape.SPHERE, 20),
    spell=True,
    slot=3,
    range=(150, 150),
)
FIRE_BOLT = Attack(
    name="Fire Bolt",
    kind=AttackKind.RANGED,
    to_hit=6,
    damage=parse("2d10 fire"),
    spell=True,
    range=(120, 120),
)
MISSILE = Attack(
    name="Magic Missile", kind=AttackKind.RANGED, damage=parse("1d4+1 force"), spell=True, slot=1
)
MISSILES = replace(MISSILE, times=3)
GAZE = Attack(  # a ghoul's claws as a save action: paralysed on a failed save (F6)
    name="Paralyzing Touch",
    damage=parse("0"),
    save=(Ability.CON, 10),
    half=False,
    riders=(
        Rider(
            conditions=(Condition.PARALYZED,),
            lasting=Lasting(rounds=10, save=(Ability.CON, 10), each=TurnEdge.END),
        ),
    ),
)
HOLD = Attack(
    name="Hold Person",
    damage=parse("0"),
    save=(Ability.WIS, 13),
    half=False,
    spell=True,
    slot=2,
    concentration=True,
    riders=(Rider(conditions=(Condition.PARALYZED,), lasting=Lasting(rounds=10)),),
)


def _heroes() -> list[Hero]:
    """X6's heroes, every save +2."""
    saves = ((Ability.CON, 2), (Ability.DEX, 2), (Ability.WIS, 2))
    return [hero(n, hp=60, saves=saves) for n in ("Dee", "Ann", "Bo", "Cy")]


def _dragon_fight(**kw: object) -> Fight:
    dragon = monster(
        DRAGON, hp=136, attacks=(BITE,), actions=(BREATH,), kind="Young Green Dragon", **kw
    )
    return fight(_heroes(), [dragon], {"A": ["Ann", "Bo", DRAGON]})


def _mage_fight(*actions: Attack, resources: tuple[Resource, ...] = ()) -> Fight:
    mage = monster("Mage", hp=40, attacks=(), actions=actions, resources=resources, rank=Rank.BACK)
    return fight(_heroes(), [mage])


BREATH_ORDER = Order(DRAGON, Rank.FRONT, target="Dee", action="Poison Breath", also=("Ann", "Bo"))


def _played(f: Fight, order: Order, faces: list[int]) -> Rolled:
    dice = ScriptedDice(faces)
    turn = Rolled.turn(f, order.monster).rolling(dice)
    monster_attacks(turn, order.monster, order, dice, lambda h, m, g: True)
    return turn


def _breath(f: Fight) -> Rolled:
    """12d6 = 42 (all 3s but two 6s), then the saves: Dee 7 (9: fails), Ann 15 (17: saves),
    Bo 12 (14: saves, DC 14 met)."""
    return _played(f, BREATH_ORDER, [3] * 10 + [6, 6] + [7, 15, 12])


def test_a_breath_rolls_its_damage_once_and_each_hero_saves_on_its_own() -> None:
    """B3, E1, E3: the dragon breathes on the three heroes the order names; 12d6 rolled once;
    each makes its own DC 14 Constitution save: full on a failure, half on a success (D11)."""
    turn = _breath(_dragon_fight())
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
    f = _dragon_fight()
    assert uses_left(f.monster(DRAGON), BREATH) == 1
    turn = _breath(f)
    assert turn.steps[0] == Used(DRAGON, "Poison Breath")
    spent = turn.fight.monster(DRAGON)
    assert uses_left(spent, BREATH) == 0
    r = next(r for r in spent.resources if r.name == "Poison Breath")
    assert r.recharge is Recharge.ROLL
    with pytest.raises(Refused) as refused:
        verify_action_order(turn.fight, BREATH_ORDER)
    assert refused.value.rule == "B2"


def _spent_dragon() -> Fight:
    return _dragon_fight(resources=(Resource("Poison Breath", 1, 1, Recharge.ROLL),))


def _dice(faces: list[int]) -> Callable[[str], DiceSource]:
    return lambda key: ScriptedDice(faces)


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_a_spent_breath_is_charged_again_on_a_5_or_6_at_a_rounds_start(face: int) -> None:
    """B2 (Recharge 5–6): the d6 as the round starts; 5 or 6 charges it, 1–4 does not."""
    f = apply(_spent_dragon(), RoundStarted(2, ("Dee",))).after
    rolls = recharge_rolls(f, _dice([face]))
    assert rolls is not None
    assert rolls.steps == (Recharged(DRAGON, "Poison Breath", face, face >= 5),)
    after = apply(f, rolls).after
    assert uses_left(after.monster(DRAGON), BREATH) == (1 if face >= 5 else 0)


def test_no_recharge_roll_while_the_breath_is_charged() -> None:
    assert recharge_rolls(_dragon_fight(), _dice([])) is None


def test_legendary_action_points_come_back_as_a_round_starts() -> None:
    """B7: a `Recharge.ROUND` resource is regained at the start of each round."""
    points = Resource(LEGENDARY_ACTIONS, 3, 2, Recharge.ROUND)
    f = _dragon_fight(resources=(points,))
    after = apply(f, RoundStarted(2, ())).after
    assert next(r for r in after.monster(DRAGON).resources).left == 3


def _planner(f: Fight) -> Plan:
    """The breath when it is charged, else the bite on Ann (the solver's choice is the solver
    helper's; these tests play what they are given)."""
    dragon = f.monster(DRAGON)
    if uses_left(dragon, BREATH):
        return Plan((replace(BREATH_ORDER, mode=Mode.RANGED),))
    return Plan((Order(DRAGON, Rank.FRONT, target="Ann", mode=Mode.MELEE),))


def _runner(f: Fight, seed: int) -> Runner:
    runner = Runner(Table(f), PolicyHeroes(), _planner, lambda _: None)
    runner.begin(seed)
    return runner


def _round_events(runner: Runner, number: int) -> list[object]:
    events = runner.table.events
    start = next(
        i for i, e in enumerate(events) if isinstance(e, RoundStarted) and e.round == number
    )
    return events[start:]


def _seed_with(face_ok: Callable[[int], bool]) -> int:
    """A seed whose round-2 recharge die fits `face_ok` (found, not assumed)."""
    for seed in range(1, 500):
        face = SeededDice(f"{seed}:round 2: recharge").face(6)
        if face_ok(face):
            return seed
    raise AssertionError("no such seed")


@pytest.mark.parametrize("charged", [True, False])
def test_runs_roll_the_recharge_after_the_round_starts_and_before_the_plan(charged: bool) -> None:
    """B2: in `lnf run` the die is rolled with the log's dice as round 2 starts, logged between
    RoundStarted and Planned; charged, the dragon breathes again; else it bites."""
    seed = _seed_with(lambda face: (face >= 5) == charged)
    runner = _runner(_dragon_fight(), seed)
    runner.play(rounds=1)
    between = next_grid(runner.fight, runner.table.dice)  # `lnf plan` between rounds
    runner.play(rounds=1)
    events = _round_events(runner, 2)
    assert isinstance(events[1], Recorded) and isinstance(events[2], Planned)
    (roll,) = events[1].steps
    assert isinstance(roll, Recharged) and roll.charged is charged
    (order,) = events[2].orders
    assert order.action == ("Poison Breath" if charged else "")
    assert _planner(between).orders == events[2].orders  # the preview is what was played


def test_a_mage_spends_the_slot_of_the_spells_own_level() -> None:
    """B6: Cone of Cold spends its 5th-level slot; with that slot gone it is refused, never
    cast with a higher one; Fireball with its 3rd-level slots gone is refused though a 5th is
    left (no upcasting)."""
    slots = (Resource("slot 3", 3, 3), Resource("slot 5", 1))
    f = _mage_fight(CONE, FIREBALL, resources=slots)
    order = Order("Mage", Rank.BACK, target="Cy", action="Cone of Cold", also=("Ann", "Bo"))
    turn = _played(f, order, [4] * 8 + [7, 15, 3])
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
    f = fight(_heroes(), [ghoul], {"A": ["Ann", "Ghoul"]})
    order = Order("Ghoul", Rank.FRONT, target="Ann", action="Paralyzing Touch", mode=Mode.MELEE)
    turn = _played(f, order, [3])  # 3 + 2 = 5 vs DC 10: fails
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
    f = _mage_fight(HOLD, resources=(Resource("slot 2", 3),))
    order = Order("Mage", Rank.BACK, target="Ann", action="Hold Person", mode=Mode.RANGED)
    turn = _played(f, order, [2])
    starts = [s.effect for s in turn.steps if isinstance(s, EffectStarted)]
    assert [(e.who, e.concentration) for e in starts] == [("Mage", True), ("Ann", False)]
    assert starts[1].lasting.concentration == "Mage"
    hurt = recorded(turn.fight, ScriptedDice([3]), lambda r: r.do(Damaged("Mage", 12)))
    save = next(s for s in hurt.event.steps if isinstance(s, SaveRolled))
    assert (save.save.who, save.save.dc, save.save.success) == ("Mage", 10, False)
    assert Condition.PARALYZED not in hurt.after.hero("Ann").conditions  # F5: it ends


def test_fire_bolt_is_an_attack_roll() -> None:
    f = _mage_fight(FIRE_BOLT)
    order = Order("Mage", Rank.BACK, target="Cy", action="Fire Bolt", mode=Mode.RANGED)
    turn = _played(f, order, [15, 5, 6])  # 15 + 6 = 21 vs AC 10: 2d10 = 11
    (hit,) = turn.steps
    assert isinstance(hit, Attacked) and hit.hit and hit.attack == "Fire Bolt"
    assert turn.fight.hero("Cy").current_hp == 60 - 11


def test_magic_missiles_darts_hit_without_a_roll_split_among_the_heroes_named() -> None:
    """B3, F7: three darts at Cy and Ann: Cy, Ann, Cy; each 1d4+1 force rolled on its own."""
    f = _mage_fight(MISSILES, resources=(Resource("slot 1", 4),))
    order = Order("Mage", Rank.BACK, target="Cy", action="Magic Missile", also=("Ann",))
    turn = _played(f, order, [1, 2, 3])
    darts = [s for s in turn.steps if isinstance(s, Damaged)]
    assert [(d.who, d.amount) for d in darts] == [("Cy", 2), ("Ann", 3), ("Cy", 4)]
    assert turn.fight.hero("Cy").current_hp == 54


def test_a_guard_may_turn_an_attack_spell_as_it_turns_a_weapon() -> None:
    """F1: the hero's Shield against the mage's Fire Bolt, as against any hit."""
    f = _mage_fight(FIRE_BOLT)
    shield = Guard(name="Shield", ac=5, lasts=True)
    f = f.with_combatant(replace(f.hero("Cy"), guards=(shield,)))
    order = Order("Mage", Rank.BACK, target="Cy", action="Fire Bolt", mode=Mode.RANGED)
    turn = _played(f, order, [8, 5, 5])  # 8 + 6 = 14 vs AC 10: a hit, but not vs 15
    assert not next(s for s in turn.steps if isinstance(s, Attacked)).hit


def test_the_engine_checks_an_action_order_before_it_plays_it() -> None:
    """B1, B3: an action the monster lacks, a hero named twice, or nobody, is refused."""
    f = _dragon_fight()
    with pytest.raises(Refused) as refused:
        verify_action_order(f, replace(BREATH_ORDER, action="Fire Breath"))
    assert refused.value.rule == "B1"
    with pytest.raises(Refused):
        verify_action_order(f, replace(BREATH_ORDER, also=("Dee",)))
    with pytest.raises(Refused):
        verify_action_order(f, replace(BREATH_ORDER, target=None, also=()))
    with pytest.raises(Refused):
        _played(f, replace(BREATH_ORDER, action="Fire Breath"), [])


def test_the_log_check_knows_actions_and_recharge_rolls() -> None:
    f = _spent_dragon()
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
    f = _dragon_fight()
    line = plan_line(Planned((BREATH_ORDER,)), [], f)
    assert line == (
        "The monsters' plan (P3): Young Green Dragon uses Poison Breath (30 ft cone) on "
        "Dee, Ann and Bo."
    )
    turn = _breath(f)
    lines = describe(turn.finish(Turn(DRAGON, turn.steps)))
    assert lines[0] == (
        "Young Green Dragon's Poison Breath is spent: it recharges on a 5–6 as a round starts (B2)."
    )
    assert lines[1].startswith(
        "Young Green Dragon uses Poison Breath (30 ft cone, 3 targets) on Dee, Ann and Bo: 12d6"
    )
    assert "Ann's CON save 1d20 (15) + 2 = 17 vs DC 14: saves, takes 21" in lines[1]
    spent = _spent_dragon()
    rolls = recharge_rolls(apply(spent, RoundStarted(2, ())).after, _dice([6]))
    assert rolls is not None
    told = describe(apply(spent, rolls))
    assert told == ["Young Green Dragon rolls 6 for Poison Breath (5–6): charged again (B2)."]


def test_a_monster_still_attacks_with_its_weapons_without_an_action() -> None:
    """B1: an order without an action is its weapon attacks, as before."""
    f = _dragon_fight()
    order = Order(DRAGON, Rank.FRONT, target="Ann", mode=Mode.MELEE)
    turn = _played(f, order, [15, 5, 5])
    assert [type(s) for s in turn.steps] == [Attacked]
    assert not any(isinstance(s, Used) for s in turn.steps)


def test_the_plan_and_show_json_say_the_action_and_what_is_left() -> None:
    """B1–B3, B6: `lnf plan` says the action and its slot; `--json` names the action and every
    hero it attacks; `lnf show --json` the uses left."""
    from lnf.views.plan import _attack_phrase, _order_data, order_facts
    from lnf.views.report import show_data

    f = _mage_fight(CONE, FIRE_BOLT, resources=(Resource("slot 5", 1),))
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


def _at_table(heroes: TableHeroes) -> Runner:
    table = Table(_dragon_fight())
    runner = Runner(table, heroes, _planner, lambda _: None)
    runner.begin(7)
    return runner


def _to_the_breath(runner: Runner) -> SavesWait | None:
    """`lnf next` until the dragon's turn waits (or has breathed)."""
    for _ in range(8):
        waits = runner.waiting_guard()
        if isinstance(waits, SavesWait):
            return waits
        if any(isinstance(e, Turn) and e.who == DRAGON for e in runner.table.events):
            return None
        runner.on_at_table(monster_turns=1)
    raise AssertionError("the dragon never acted")


def test_at_the_table_the_heroes_saves_wait_for_their_players_d20s() -> None:
    """B3: `lnf next` stops before the breath and names the heroes whose players roll; nothing
    of the dragon's turn is recorded until they say their d20s."""
    runner = _at_table(TableHeroes())
    waits = _to_the_breath(runner)
    assert waits is not None and waits.foe == DRAGON and waits.heroes == ("Dee", "Ann", "Bo")
    assert not any(isinstance(e, Turn) and e.who == DRAGON for e in runner.table.events)
    lines = save_lines(waits.foe, waits.action, waits.heroes, Path("x.yaml"))
    assert lines[0] == (
        "Young Green Dragon uses Poison Breath on Dee, Ann and Bo: each rolls a Constitution "
        "save (DC 14) (B3)."
    )
    assert "--saves Dee=N,Ann=N,Bo=N" in lines[1] and "--roll-saves" in lines[1]


def test_the_players_d20s_are_the_saves_rolled() -> None:
    """B3: with the players' faces the breath is played, each save with its player's d20."""
    runner = _at_table(TableHeroes())
    _to_the_breath(runner)
    runner.heroes = TableHeroes({"Dee": 1, "Ann": 20, "Bo": 12})
    runner.on_at_table(monster_turns=1)
    turn = next(e for e in runner.table.events if isinstance(e, Turn) and e.who == DRAGON)
    cast = next(s for s in turn.steps if isinstance(s, SpellCast))
    assert [(s.who, s.faces) for s in cast.saves] == [("Dee", (1,)), ("Ann", (20,)), ("Bo", (12,))]
    assert runner.heroes.saves == {}  # each used once


def test_the_table_may_let_lnf_roll_the_saves() -> None:
    runner = _at_table(TableHeroes(roll_saves=True))
    assert _to_the_breath(runner) is None
    assert any(isinstance(e, Turn) and e.who == DRAGON for e in runner.table.events)


def test_saves_that_are_not_hero_equals_a_d20_are_refused_with_what_is_wrong(
    tmp_path: Path,
) -> None:
    """B3: `lnf next --saves` names heroes and faces 1–20; anything else is refused."""
    fight_file = tmp_path / "ogre.yaml"
    shutil.copy(Path(__file__).parent.parent / "examples" / "ogre-at-the-bridge.yaml", fight_file)
    code, out = run("next", str(fight_file), "--saves", "Zed=3, Bram=21")
    assert code == 2
    assert "'Zed=3' is not HERO=D20" in out and "'Bram=21' is not HERO=D20" in out


def test_two_breaths_that_share_a_charge_are_spent_together_and_roll_once() -> None:
    """B2: a brass dragon's Fire Breath and Sleep Breath share "Breath Weapons (Recharge 5–6)"
    (`spends`): one used, neither is left; one die as the round starts charges both."""
    fire = replace(BREATH, name="Fire Breath", spends="Breath Weapons")
    sleep = replace(BREATH, name="Sleep Breath", spends="Breath Weapons", damage=parse("0"))
    dragon = monster(DRAGON, hp=136, attacks=(BITE,), actions=(fire, sleep))
    f = fight(_heroes(), [dragon], {"A": ["Ann", "Bo", DRAGON]})
    order = replace(BREATH_ORDER, action="Fire Breath")
    turn = _played(f, order, [3] * 12 + [10, 10, 10])
    assert turn.steps[0] == Used(DRAGON, "Breath Weapons")
    spent = turn.fight.monster(DRAGON)
    assert (uses_left(spent, fire), uses_left(spent, sleep)) == (0, 0)
    rolls = recharge_rolls(apply(turn.fight, RoundStarted(2, ())).after, _dice([5]))
    assert rolls is not None and rolls.steps == (Recharged(DRAGON, "Breath Weapons", 5, True),)
    assert event_problems(turn.fight, rolls) == []
    back = apply(turn.fight, rolls).after.monster(DRAGON)
    assert (uses_left(back, fire), uses_left(back, sleep)) == (1, 1)


def test_a_stop_right_after_a_round_starts_rolls_its_recharge_die_as_it_carries_on() -> None:
    """B2 and the log's promise: a fight stopped between a round's start and its recharge
    dice carries on with the events, and the dice, it would have had."""
    seed = _seed_with(lambda face: face >= 5)
    whole = _runner(_dragon_fight(), seed)
    whole.play(rounds=2)
    events = whole.table.events
    cut = next(i for i, e in enumerate(events) if isinstance(e, RoundStarted) and e.round == 2)
    table = Table(_dragon_fight())
    for event in events[: cut + 1]:
        table.replay(event)
    again = Runner(table, PolicyHeroes(), _planner, lambda _: None)
    again.begin(seed)  # carries on: the recharge die first, then the plan
    again.play(rounds=0)
    assert isinstance(table.events[cut + 1], Recorded)
    assert table.events == events


def test_the_players_page_says_the_breath_and_its_recharge() -> None:
    f = _dragon_fight()
    turn = _breath(f)
    said = happenings([turn.finish(Turn(DRAGON, turn.steps))], dm=False, hp=MonsterHp.WORDS)
    assert said == [
        "Young Green Dragon uses Poison Breath.",
        "Young Green Dragon uses Poison Breath on Dee, Ann and Bo: Dee 18/60 hp; Ann 39/60 "
        "hp; Bo 39/60 hp.",
    ]
    spent = apply(_spent_dragon(), RoundStarted(2, ())).after
    for face, words in ((6, ["Young Green Dragon's Poison Breath is charged again."]), (2, [])):
        rolls = recharge_rolls(spent, _dice([face]))
        assert rolls is not None
        assert happenings([apply(spent, rolls)], dm=False, hp=MonsterHp.WORDS) == words


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
