"""A stopped fight continues as the same fight: for every example, a recorded run stopped after
any event and carried on from its log gives, event for event and die for die, the log of the
run that never stopped (the dice of an event depend on what it is, the plan in force is picked
up from the log)."""

from __future__ import annotations

import shlex
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from lnf.engine.runner import Runner
from lnf.formats.fight_log import log_path
from lnf.heroes.policy import PolicyHeroes
from lnf.heroes.script import ScriptedHeroes
from lnf.model import Fight
from lnf.model.events import Event, Planned, Turn
from lnf.model.plan import Plan
from lnf.session import fight_alone, open_fight
from lnf.solver import solve_plan

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "examples").glob("*.actions"))


def _command(script: Path) -> tuple[Path, int]:
    head = script.read_text(encoding="utf-8").splitlines()[0]
    words = shlex.split(head[head.index("`lnf run ") + 1 : head.rindex("`")])
    return ROOT / words[2], int(words[words.index("--seed") + 1])


def _planner() -> Callable[[Fight], Plan]:
    """The solver, remembering its answers within a test (it gives the same plan for the same
    grid; that is tested elsewhere), so that a hundred restarts take seconds."""
    known: dict[Fight, Plan] = {}

    def plan(fight: Fight) -> Plan:
        if fight not in known:
            known[fight] = solve_plan(fight, explain=False).plan
        return known[fight]

    return plan


def _carry_on(fight: Path, script: Path, seed: int, planner: Callable[[Fight], Plan]) -> None:
    session = open_fight(fight)
    try:
        heroes = ScriptedHeroes(session.script(script))
        runner = Runner(session.table, heroes, planner, lambda _: None)
        runner.begin(seed)
        runner.play()
    finally:
        session.close()


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_stopped_after_any_event_it_carries_on_as_the_same_fight(
    script: Path, tmp_path: Path
) -> None:
    source, seed = _command(script)
    planner = _planner()
    whole = tmp_path / "whole" / source.name
    whole.parent.mkdir()
    shutil.copy(source, whole)
    _carry_on(whole, script, seed, planner)
    lines = log_path(whole).read_text(encoding="utf-8").splitlines(keepends=True)
    assert len(lines) > 10
    for stop in range(1, len(lines)):
        again = tmp_path / f"stop{stop}" / source.name
        again.parent.mkdir()
        shutil.copy(source, again)
        log_path(again).write_text("".join(lines[:stop]), encoding="utf-8")
        _carry_on(again, script, seed, planner)
        carried = log_path(again).read_text(encoding="utf-8").splitlines(keepends=True)
        assert carried == lines, f"stopped after event {stop}"


def test_stopped_after_a_monster_carried_out_its_order_the_plan_in_force_stays() -> None:
    """P6: stopped after Hobgoblin 3 carried out its order (it joined group Q), the fight carries
    on with the plan kept (Hobgoblin 2 stays with Nix), not with a re-plan from the grid as it
    now stands, which would send Hobgoblin 2 to the back rank to shoot Quill
    (tests/test_replans.py, JOINS)."""
    example = ROOT / "examples" / "hobgoblin-shieldwall.yaml"

    def played(events: list[Event]) -> list[Event]:
        table = fight_alone(example).table
        for event in events:
            table.add(event)
        runner = Runner(table, PolicyHeroes(), planner, lambda _: None)
        runner.begin(1)
        runner.play(rounds=1)
        return table.events

    planner = _planner()
    whole = fight_alone(example).table
    runner = Runner(whole, PolicyHeroes(), planner, lambda _: None)
    runner.begin(1)
    runner.play(rounds=1)
    stop = next(
        i + 1 for i, e in enumerate(whole.events) if isinstance(e, Turn) and e.who == "Hobgoblin 3"
    )
    assert isinstance(whole.events[stop], Turn) and whole.events[stop].who == "Hobgoblin 2"
    plan = [e for e in whole.events[:stop] if isinstance(e, Planned)][-1]
    assert plan.orders[0].monster == "Hobgoblin 2" and plan.orders[0].target == "Nix"
    again = played(whole.events[:stop])
    assert again[: len(whole.events)] == whole.events  # no re-plan: it strikes Nix
