"""At the table, turn by turn (S1, M6, P6, V4): lnf never rolls ahead of a hero, waits for the
table's answer to an opportunity attack, shows between rounds exactly the plan the round then
plays, and refuses what the rules forbid, each refusal with its rule."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lnf.engine.round_start import next_grid, plan_in_phase
from lnf.engine.runner import Runner
from lnf.engine.sides import TABLE_HEROES
from lnf.engine.table import Table
from lnf.model import Fight, Phase, PhaseKind, Rank
from lnf.model.events import Planned
from lnf.rules.distance import volley_plan
from lnf.rules.state_check import unplayable
from lnf.solver import solve_plan
from tests.cli import run
from tests.strategies import fights, plan_fights

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
BROKEN = Path(__file__).parent / "fights" / "broken"


def _copy(tmp_path: Path, name: str) -> str:
    path = tmp_path / name
    shutil.copy(EXAMPLES / name, path)
    return str(path)


def _plan(fight: Fight) -> object:
    return solve_plan(fight, explain=False).plan


def _played_plan(fight: Fight) -> tuple[object, ...]:
    """The plan the runner logs as the next round starts, for the table's heroes."""
    table = Table(fight)
    runner = Runner(table, TABLE_HEROES, _plan, lambda _: None)  # type: ignore[arg-type]
    runner.begin(1)
    runner.start_round()
    planned = [e for e in table.events if isinstance(e, Planned)]
    return planned[-1].orders if planned else ()


# --- the plan shown is the plan played (V4, P6) -------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(fights(), st.integers(1, 6), st.booleans())
def test_v4_the_volley_plan_shown_is_the_plan_the_round_plays(
    fight: Fight, volley: int, played_before: bool
) -> None:
    """V2, V4: between rounds `lnf plan` previews the volley round to come (a round already
    played in this volley round ticks it down first) with the planner the round uses."""
    state = replace(fight, groups=(), chase=(), phase=Phase(PhaseKind.VOLLEY, volley))
    state = replace(
        state,
        heroes=tuple(replace(h, rank=Rank.FRONT, why=None) for h in state.heroes),
        monsters=tuple(replace(m, rank=Rank.FRONT, why=None) for m in state.monsters),
    )
    if played_before:  # a round was played in this very volley round: it ticks down (V2)
        names = tuple(c.name for c in state.everyone)
        turns = replace(state.turns, order=names, acted=frozenset(names), phase=state.phase)
        state = replace(state, turns=turns)
    if unplayable(state):
        return
    grid = next_grid(state)
    shown = plan_in_phase(grid, _plan).orders  # type: ignore[arg-type]
    if grid.phase.kind is PhaseKind.VOLLEY:
        assert shown == volley_plan(grid).orders
    assert _played_plan(state) == (shown if shown or grid.monsters else ())


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(plan_fights(max_heroes=3, max_monsters=4))
def test_p6_the_melee_plan_shown_between_rounds_is_the_plan_played(fight: Fight) -> None:
    if unplayable(fight):
        return
    grid = next_grid(fight)
    assert _played_plan(fight) == plan_in_phase(grid, _plan).orders  # type: ignore[arg-type]


def test_cli_plan_in_a_volley_round_is_the_volley_plan(tmp_path: Path) -> None:
    fight = _copy(tmp_path, "raiders-on-the-grassland.yaml")
    assert run("start", fight, "--volleys", "3", "--seed", "2")[0] == 0
    code, out = run("plan", fight)
    assert code == 0 and "round 1, volley round 3 (V4" in out
    assert "Shoots Kara with Longbow at disadvantage: a two-handed bow beyond" in out
    code, out = run("next", fight)
    assert "The monsters' plan (P3): Gnoll 1 attacks Kara at range" in out
    code, out = run("plan", fight, "--fix", "Gnoll 1->Quill")
    assert code == 2 and "(V4)" in out


# --- turn by turn (S1, M6) ---------------------------------------------------------------


def test_s1_next_begins_a_heros_turn_and_rolls_nothing_ahead_of_it(tmp_path: Path) -> None:
    fight = _copy(tmp_path, "orcs-at-the-ford.yaml")
    code, out = run("next", fight, "--seed", "3")
    assert code == 0 and "Round 1" in out and "It is Sly's turn (round 1;" in out
    assert "Orc 3 attacks Sly with" not in out  # Sly acts first: nothing rolled ahead
    assert "· Sly's turn" in run("show", fight)[1]
    code, out = run("act", fight, "attack", "Orc", "3", "with", "Rapier")
    assert code == 0 and "Sly attacks Orc 3 with Rapier in mêlée" in out
    code, out = run("next", fight)
    assert "Sly ends the turn." in out and "Orc 3 attacks Sly" in out and "Next: Orc 2." in out


def test_s1_act_is_refused_without_a_heros_turn_and_f1_a_second_action_too(tmp_path: Path) -> None:
    fight = _copy(tmp_path, "orcs-at-the-ford.yaml")
    code, out = run("act", fight, "dodge")
    assert code == 2 and "no hero's turn is under way" in out and "(S1)" in out
    run("next", fight, "--seed", "3")
    assert run("act", fight, "dodge")[0] == 0
    code, out = run("act", fight, "attack", "Orc", "3")
    assert code == 2 and "Sly's action is spent this turn: Rapier needs it" in out and "(F1)" in out
    assert run("act", fight, "join", "K")[0] == 0  # a move is no action


def test_act_with_the_players_dice(tmp_path: Path) -> None:
    fight = _copy(tmp_path, "orcs-at-the-ford.yaml")
    run("next", fight, "--seed", "3")
    code, out = run("act", fight, "attack", "Orc", "3", "with", "Rapier", "--dice", "17,8")
    assert code == 0 and "1d20 (17) + 5 = 22 vs AC 13: hit; 1d8 (8) + 3 piercing = 11" in out
    run("undo", fight)
    code, out = run("act", fight, "attack", "Orc", "3", "with", "Rapier", "--dice", "17")
    assert code == 2 and "no face left for a d8, for a hit: Rapier damage" in out
    assert "d20 17 (Sly attacks Orc 3 with Rapier: +5 vs AC 13)" in out


def test_m6_an_opportunity_attack_waits_for_the_tables_answer(tmp_path: Path) -> None:
    fight = _copy(tmp_path, "ghouls-in-the-crypt.yaml")
    code, out = run("react", fight, "Cade")
    assert code == 2 and "no opportunity attack waits for Cade's answer now (M6)" in out
    run("next", fight, "--seed", "7")
    code, out = run("round", fight)  # ends Cade's turn; Ghoul 3 is to leave Cade's group
    assert "Cade may take an opportunity attack as it goes (M6)" in out
    assert "Ghoul 3 attacks" not in out.split("Cade ends the turn.")[1]
    code, out = run("round", fight)  # still waiting: nothing is played
    assert "Cade may take an opportunity attack" in out and "Ghoul 3 attacks" not in out
    assert run("react", fight, "Brenna")[0] == 2  # no attack open to her
    assert run("react", fight, "Cade", "--pass")[0] == 0
    code, out = run("next", fight)
    assert "Ghoul 3 leaves group C" in out and "opportunity attack" not in out


# --- nothing illegal played -----------------------------------------------------------------


@pytest.mark.parametrize(
    "words",
    [["round"], ["next"], ["play"], ["run", "--seed", "1"]],
    ids=lambda w: w[0],
)
def test_a_fight_lnf_check_rejects_is_not_played(words: list[str], tmp_path: Path) -> None:
    fight = tmp_path / "r7.yaml"
    shutil.copy(BROKEN / "r7-free-air-without-wings.yaml", fight)
    code, out = run(words[0], str(fight), *words[1:])
    assert code == 1, out
    assert "r7.yaml cannot be played on as it stands (lnf check says the same)" in out
    assert "R7: Ike is in free air but has no flying speed" in out
    assert "R6" not in out  # the count the plan settles (P6) stops nothing
    log = tmp_path / "r7.log.jsonl"
    assert not log.exists() or not log.read_text()  # nothing recorded


def test_v1_volley_rounds_only_before_the_sides_meet(tmp_path: Path) -> None:
    fight = _copy(tmp_path, "wight-and-skeletons.yaml")
    code, out = run("start", fight, "--terrain", "forest")
    assert code == 2 and "the fight is in mêlée: the sides have met" in out and "(V1)" in out
    raiders = _copy(tmp_path, "raiders-on-the-grassland.yaml")
    assert run("start", raiders, "--volleys", "2", "--seed", "1")[0] == 0
    run("next", raiders)
    code, out = run("start", raiders, "--volleys", "4")
    assert code == 2 and "volley rounds are set before the first round (V1)" in out


def test_d8_d9_dead_is_dead(tmp_path: Path) -> None:
    fight = _copy(tmp_path, "orcs-at-the-ford.yaml")
    run("damage", fight, "Orc 1", "100")
    code, out = run("damage", fight, "Orc 1", "5")
    assert code == 2 and "Orc 1 is dead: damage to it changes nothing (D8)" in out
    code, out = run("heal", fight, "Orc 1", "5")
    assert code == 2 and "Orc 1 is dead: a dead monster is off the grid (D8)" in out
    run("damage", fight, "Kara", "200")  # 172 left over: dead outright (D8)
    code, out = run("heal", fight, "Kara", "5")
    assert code == 2 and "say so with --revive (D9)" in out
    code, out = run("heal", fight, "Kara", "5", "--revive")
    assert code == 0 and "Kara is brought back from the dead (D9)" in out
    code, out = run("heal", fight, "Kara", "5", "--revive")
    assert code == 2 and "Kara is not dead: there is nothing to bring back (D9)" in out


def test_c1_a_second_flee_is_refused(tmp_path: Path) -> None:
    fight = _copy(tmp_path, "orcs-at-the-ford.yaml")
    assert run("flee", fight, "Sly")[0] == 0
    code, out = run("flee", fight, "Sly")
    assert code == 2 and "Sly is fleeing already: one chase at a time (C1)" in out


def test_a_hero_renamed_mid_fight_names_the_line_and_a_way_on(tmp_path: Path) -> None:
    """A fight file edited mid-fight: the message names the log line and the lost name, and
    `lnf rename` records the rename so the log reads on (undo included)."""
    fight = _copy(tmp_path, "ghouls-in-the-crypt.yaml")
    run("next", fight, "--seed", "7")
    run("act", fight, "attack", "Ghoul", "3")
    path = Path(fight)
    path.write_text(path.read_text().replace("Cade", "Caden"))
    code, out = run("show", fight)
    assert code == 2 and "log.jsonl:2: this event does not fit the fight file" in out
    assert "no 'Cade' in this fight; was Cade renamed in the fight file?" in out
    assert f"lnf rename {fight} 'Cade' 'Caden'" in out
    assert run("rename", fight, "Cade", "Nobody")[0] == 2  # not in the fight file
    code, out = run("rename", fight, "Cade", "Caden")
    assert code == 0 and "now read as Caden" in out
    assert "Caden's turn" in run("show", fight)[1]
    code, out = run("undo", fight)
    assert code == 0 and "Took back: Caden attacks Ghoul 3" in out
    assert "Caden's turn, at the table." in run("log", fight)[1]


def test_m5_a_hero_may_attack_and_then_move_in_one_turn(tmp_path: Path) -> None:
    """M5: moving after acting is allowed. Cade, in group C with Ghouls 3 and 4, says "attack
    Ghoul 4; join A": the mace strikes Ghoul 4 where it stands, then Cade crosses to group A
    (drawing the opportunity attacks of M6 as it goes). Said the other way round, the move
    comes first and Ghoul 4, left behind in group C, is out of reach (A1)."""
    fight = _copy(tmp_path, "ghouls-in-the-crypt.yaml")
    run("next", fight, "--seed", "7")
    code, out = run("act", fight, "attack Ghoul 4 with Mace; join A")
    assert code == 0, out
    attack = out.index("Cade attacks Ghoul 4 with Mace in mêlée")
    move = out.index("Cade leaves group C and joins group A")
    assert attack < move, out
    assert out.index("who makes an opportunity attack (M6)") > attack

    (tmp_path / "again").mkdir()
    again = _copy(tmp_path / "again", "ghouls-in-the-crypt.yaml")
    run("next", again, "--seed", "7")
    code, out = run("act", again, "join A; attack Ghoul 4 with Mace")
    assert code == 2 and "Cade cannot reach Ghoul 4" in out and "(A1)" in out
