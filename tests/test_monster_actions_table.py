"""A monster's special actions at the table (B3, F3): the heroes' saves wait for their players'
d20s (`--saves`, `--roll-saves`), two breaths that share a charge, a stop right after a round
starts, and the players' page."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from lnf.dice import parse
from lnf.engine.apply import apply
from lnf.engine.event_check import event_problems
from lnf.engine.monster_actions import SavesWait
from lnf.engine.round_start import recharge_rolls
from lnf.engine.runner import Runner
from lnf.engine.sides import TableHeroes
from lnf.engine.table import Table
from lnf.heroes.policy import PolicyHeroes
from lnf.model import Ability, Condition, Fight
from lnf.model.events import Planned, Recorded, RoundStarted, Turn
from lnf.model.plan import Mode, Move, MoveKind, Plan
from lnf.model.steps import Recharged, SpellCast, Used
from lnf.rules.limited import uses_left
from lnf.views.effects_text import save_roll
from lnf.views.page import saves_line
from lnf.views.page_events import happenings
from lnf.views.page_hp import MonsterHp
from lnf.views.turn import save_lines
from tests.action_fights import (
    BITE,
    BREATH,
    BREATH_ORDER,
    DRAGON,
    breath,
    dice_for,
    dragon_fight,
    planner,
    played,
    runner_for,
    seed_with,
    spent_dragon,
    x6_heroes,
)
from tests.builders import fight, monster
from tests.cli import run

ROOT = Path(__file__).resolve().parent.parent


def _at_table(heroes: TableHeroes) -> Runner:
    table = Table(dragon_fight())
    runner = Runner(table, heroes, planner, lambda _: None)
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


def test_a_move_played_before_the_saves_wait_is_no_change_to_the_plan() -> None:
    """P6: the dragon's order joins Dee, then breathes; its saves wait for the players (its turn
    played dry, then stopped). Nothing of that turn was recorded, so the plan still stands: the
    turn, once the d20s are said, makes the move the plan gave, with no new plan before it."""
    plans: list[Fight] = []
    join = Move(MoveKind.JOIN, hero="Dee")

    def joins_then_breathes(f: Fight) -> Plan:
        plans.append(f)
        return Plan((replace(BREATH_ORDER, move=join, mode=Mode.RANGED),))

    start = replace(dragon_fight(), groups=())
    runner = Runner(Table(start), TableHeroes(), joins_then_breathes, lambda _: None)
    runner.begin(7)
    assert _to_the_breath(runner) is not None
    runner.heroes = TableHeroes({"Dee": 1, "Ann": 20, "Bo": 12})
    runner.on_at_table(monster_turns=1)
    assert len(plans) == 1  # no plan made again (P6)
    assert sum(isinstance(e, Planned) for e in runner.table.events) == 1
    assert runner.fight.group_of("Dee") is not None  # the dragon joined Dee, as ordered
    assert runner.fight.group_of(DRAGON) == runner.fight.group_of("Dee")


def test_saves_short_of_a_hero_wait_for_every_hero_and_say_which_were_missing() -> None:
    """B3: `--saves` that leaves out a hero plays nothing and keeps nothing, so the wait names
    every hero the breath catches (not only the one left out, whose d20 alone would then
    wait for the others' again) and says whose d20 was missing."""
    runner = _at_table(TableHeroes({"Dee": 3}))
    waits = _to_the_breath(runner)
    assert waits is not None and waits.heroes == ("Dee", "Ann", "Bo")
    assert not any(isinstance(e, Turn) and e.who == DRAGON for e in runner.table.events)
    lines = save_lines(waits.foe, waits.action, waits.heroes, Path("x.yaml"), runner.heroes.saves)
    assert lines[1] == (
        "  --saves said Dee's but not Ann and Bo's: nothing of Young Green Dragon's turn was "
        "played; say every hero's d20 at once."
    )
    assert "--saves Dee=N,Ann=N,Bo=N" in lines[2]


def test_a_hero_who_fails_a_dexterity_save_without_a_roll_is_not_waited_for() -> None:
    """B3, F3: a downed (unconscious) hero fails a Dexterity save without a roll: the breath
    waits for the other players' d20s only, and Dee's save fails with no die."""
    acid = replace(BREATH, name="Acid Breath", save=(Ability.DEX, 14))
    dragon = monster(DRAGON, hp=136, attacks=(BITE,), actions=(acid,), kind=DRAGON)
    heroes = [replace(h, hp_now=0) if h.name == "Dee" else h for h in x6_heroes()]
    f = fight(heroes, [dragon], {"A": ["Ann", "Bo", DRAGON]})
    order = replace(BREATH_ORDER, action="Acid Breath", mode=Mode.RANGED)
    runner = Runner(Table(f), TableHeroes(), lambda _: Plan((order,)), lambda _: None)
    runner.begin(7)
    waits = _to_the_breath(runner)
    assert waits is not None and waits.heroes == ("Ann", "Bo")
    runner.heroes = TableHeroes({"Ann": 20, "Bo": 12})
    runner.on_at_table(monster_turns=1)
    turn = next(e for e in runner.table.events if isinstance(e, Turn) and e.who == DRAGON)
    cast = next(s for s in turn.steps if isinstance(s, SpellCast))
    assert [(s.who, s.faces, s.success) for s in cast.saves] == [
        ("Dee", (), False),
        ("Ann", (20,), True),
        ("Bo", (12,), True),
    ]


def test_one_hero_caught_rolls_its_save_not_each() -> None:
    """B3: a breath on one hero says "on Dee: rolls a Constitution save", not "each rolls"."""
    line = save_lines(DRAGON, BREATH, ("Dee",), Path("x.yaml"))[0]
    assert line == f"{DRAGON} uses Poison Breath on Dee: rolls a Constitution save (DC 14) (B3)."


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
    code, out = run("next", str(fight_file), "--saves", "Bran=3")  # a typo: the nearest hero
    assert (
        code == 2 and "'Bran=3' is not HERO=D20 (a hero, a face 1–20); did you mean 'Bram'?" in out
    )


def test_two_breaths_that_share_a_charge_are_spent_together_and_roll_once() -> None:
    """B2: a brass dragon's Fire Breath and Sleep Breath share "Breath Weapons (Recharge 5–6)"
    (`spends`): one used, neither is left; one die as the round starts charges both."""
    fire = replace(BREATH, name="Fire Breath", spends="Breath Weapons")
    sleep = replace(BREATH, name="Sleep Breath", spends="Breath Weapons", damage=parse("0"))
    dragon = monster(DRAGON, hp=136, attacks=(BITE,), actions=(fire, sleep))
    f = fight(x6_heroes(), [dragon], {"A": ["Ann", "Bo", DRAGON]})
    order = replace(BREATH_ORDER, action="Fire Breath")
    turn = played(f, order, [3] * 12 + [10, 10, 10])
    assert turn.steps[0] == Used(DRAGON, "Breath Weapons")
    spent = turn.fight.monster(DRAGON)
    assert (uses_left(spent, fire), uses_left(spent, sleep)) == (0, 0)
    rolls = recharge_rolls(apply(turn.fight, RoundStarted(2, ())).after, dice_for([5]))
    assert rolls is not None and rolls.steps == (Recharged(DRAGON, "Breath Weapons", 5, True),)
    assert event_problems(turn.fight, rolls) == []
    back = apply(turn.fight, rolls).after.monster(DRAGON)
    assert (uses_left(back, fire), uses_left(back, sleep)) == (1, 1)


def test_a_stop_right_after_a_round_starts_rolls_its_recharge_die_as_it_carries_on() -> None:
    """B2 and the log's promise: a fight stopped between a round's start and its recharge
    dice carries on with the events, and the dice, it would have had."""
    seed = seed_with(lambda face: face >= 5)
    whole = runner_for(dragon_fight(), seed)
    whole.play(rounds=2)
    events = whole.table.events
    cut = next(i for i, e in enumerate(events) if isinstance(e, RoundStarted) and e.round == 2)
    table = Table(dragon_fight())
    for event in events[: cut + 1]:
        table.replay(event)
    again = Runner(table, PolicyHeroes(), planner, lambda _: None)
    again.begin(seed)  # carries on: the recharge die first, then the plan
    again.play(rounds=0)
    assert isinstance(table.events[cut + 1], Recorded)
    assert table.events == events


def test_the_players_page_says_the_breath_and_its_recharge() -> None:
    f = dragon_fight()
    turn = breath(f)
    said = happenings([turn.finish(Turn(DRAGON, turn.steps))], dm=False, hp=MonsterHp.WORDS)
    assert said == [  # said once, as it is breathed (its use is not told again)
        "Young Green Dragon uses Poison Breath on Dee, Ann and Bo: Dee 18/60 hp; Ann 39/60 "
        "hp; Bo 39/60 hp.",
    ]
    spent = apply(spent_dragon(), RoundStarted(2, ())).after
    for face, words in ((6, ["Young Green Dragon's Poison Breath is charged again."]), (2, [])):
        rolls = recharge_rolls(spent, dice_for([face]))
        assert rolls is not None
        assert happenings([apply(spent, rolls)], dm=False, hp=MonsterHp.WORDS) == words


def test_a_restrained_hero_is_told_to_roll_two_and_its_player_s_d20_is_the_one_kept() -> None:
    """B3, D4, F3: a restrained hero's Dexterity save is at disadvantage: the wait says its
    player rolls two d20s and keeps the lower (`rules.save_edges`, as lnf's own roll asks);
    the d20 said is that one, recorded as the player's (one face, not the same twice)."""
    acid = replace(BREATH, name="Acid Breath", save=(Ability.DEX, 14))
    dragon = monster(DRAGON, hp=136, attacks=(BITE,), actions=(acid,), kind=DRAGON)
    held = frozenset({Condition.RESTRAINED})
    heroes = [replace(h, conditions=held) if h.name == "Ann" else h for h in x6_heroes()]
    f = fight(heroes, [dragon], {"A": ["Ann", "Bo", DRAGON]})
    order = replace(BREATH_ORDER, action="Acid Breath", mode=Mode.RANGED)
    runner = Runner(Table(f), TableHeroes(), lambda _: Plan((order,)), lambda _: None)
    runner.begin(7)
    waits = _to_the_breath(runner)
    assert waits is not None and waits.edges == (("Ann", "disadvantage"),)
    line = save_lines(waits.foe, waits.action, waits.heroes, Path("x.yaml"), (), waits.edges)[0]
    assert line.endswith("(B3). Ann rolls two d20s and keeps the lower (disadvantage).")
    runner.heroes = TableHeroes({"Dee": 9, "Ann": 4, "Bo": 12})
    runner.on_at_table(monster_turns=1)
    turn = next(e for e in runner.table.events if isinstance(e, Turn) and e.who == DRAGON)
    cast = next(s for s in turn.steps if isinstance(s, SpellCast))
    ann = next(s for s in cast.saves if s.who == "Ann")
    assert (ann.faces, ann.told, ann.total) == ((4,), "disadvantage", 4 + ann.bonus)
    assert save_roll(ann).startswith("1d20 (4, the player's, rolled with disadvantage) ")
    dee = next(s for s in cast.saves if s.who == "Dee")
    assert (dee.faces, dee.told) == ((9,), "plain") and save_roll(dee).startswith("1d20 (9) ")


def test_the_players_page_says_who_rolls_two_d20s() -> None:
    """B3, D4: the page's live line says the saves awaited and who rolls two and keeps one."""
    waits = SavesWait(DRAGON, BREATH, ("Dee", "Ann"), (("Ann", "advantage: Magic Resistance"),))
    assert saves_line(waits, set()) == (
        f"{DRAGON}'s Poison Breath: Dee and Ann — each roll a Constitution save, DC 14. Ann "
        "rolls two d20s and keeps the higher (advantage: Magic Resistance)."
    )


def at_the_mages_wait_after_a_mark(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """X7 at the table: a mark on Bo during its turn (a change, P6), then on to the Mage's
    Cone of Cold, whose re-plan gives the orders told before; the turn waits for the saves."""
    shutil.copy(ROOT / "examples" / "mage-behind-its-guards.yaml", tmp_path / "x7.yaml")
    monkeypatch.chdir(tmp_path)
    steps = [("next", "--seed", "1"), ("round",), ("round",), ("mark", "Bo", "deafened")]
    for step in [*steps, ("round",)]:
        code, out = run(step[0], "x7.yaml", *step[1:])
        assert code == 0, (step, out)
    assert "Mage uses Cone of Cold on Ann, Bo and Cy" in out


def test_the_page_finds_the_saves_after_a_change_that_left_the_plan_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """P6, B3: nothing new was told before the wait; the plan it waits in is logged, so the
    page, which reads the log and never plans, says the saves awaited."""
    at_the_mages_wait_after_a_mark(tmp_path, monkeypatch)
    code, page = run("show", "x7.yaml", "--html")
    assert code == 0 and "Cone of Cold: Ann, Bo and Cy — each roll a Constitution save" in page
    code, out = run("next", "x7.yaml", "--saves", "Ann=5,Bo=5,Cy=20")
    assert code == 0 and "Cy's CON save 1d20 (20) + 2 = 22 vs DC 14: saves" in out


def test_undo_at_the_wait_takes_back_the_plan_with_the_event_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """P6: the plan a waiting turn logged is not something the DM recorded: one `lnf undo`
    takes it back with the event before it (Bo's turn's end), not alone."""
    at_the_mages_wait_after_a_mark(tmp_path, monkeypatch)
    code, out = run("undo", "x7.yaml")
    took = [line for line in out.splitlines() if line.startswith("Took back: ")]
    assert code == 0 and len(took) == 2
    assert took[0].startswith("Took back: The plan stands (P6)")  # the plan it waited in
    assert took[1] == "Took back: Bo ends the turn."
