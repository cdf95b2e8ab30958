"""A fight as the commands meet it: the fight file, its log and (for `lnf run`) a script.

This is the one place that joins them. Opening a fight reads the fight file and the log once,
checks every logged event against the fight before applying it (a log that no longer fits an
edited fight file is reported at its line), and replays it once; new events are appended to
the log as they happen. Below this, `lnf.play` never touches a file, and `lnf.io` never plays.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lnf.errors import InputError, InputProblem
from lnf.io import fight_log
from lnf.io.fight_file import load_fight
from lnf.io.files import read_text
from lnf.model import Fight
from lnf.play.table import Table

if TYPE_CHECKING:
    from lnf.model.events import Event
    from lnf.model.plan import Plan
    from lnf.play.script import Script

MISFIT_HINT = "was the fight file changed after the log began? undo or restore it"


@dataclass
class Session:
    fight_file: Path
    log: Path
    table: Table
    warnings: tuple[str, ...] = ()  # about a damaged log, for the user to read
    from_log: bool = True  # False: the fight file alone, in memory (`lnf run`)

    @property
    def fight(self) -> Fight:
        return self.table.fight

    def has_log(self) -> bool:
        return self.log.exists()

    def script(self, path: Path) -> Script:
        """A script of hero actions for this fight (`lnf run --script`)."""
        from lnf.io.script_file import parse_script  # only lnf run reads scripts

        return parse_script(read_text(path), str(path), self.table.start)


def open_fight(fight_file: Path, *, record: bool = True) -> Session:
    """The fight file and its log, replayed once. With `record`, new events are appended to
    the log (written whole and synced before they count)."""
    start = load_fight(fight_file)
    path = fight_log.log_path(fight_file)
    read = fight_log.read_log(path)
    if not read.lines and not record:
        return Session(fight_file, path, Table(start), tuple(read.warnings))
    from lnf.io.event_codec import event_from_json, event_to_json
    from lnf.play.event_check import event_problems

    source = str(path)
    events: list[tuple[int, Event]] = []
    problems: list[InputProblem] = []
    for entry in read.lines:
        try:
            events.append((entry.line, event_from_json(entry.data, source, entry.line)))
        except InputError as err:
            problems += err.problems
    if problems:
        raise InputError(source, problems)
    sink = (lambda event: fight_log.append_log(path, event_to_json(event))) if record else None
    table = Table(start, sink)
    for line, event in events:
        misfit = event_problems(table.fight, event)
        if misfit:
            message = f"this event does not fit the fight file: {misfit[0]}"
            raise InputError(source, [InputProblem(message, line=line, hint=MISFIT_HINT)])
        table.replay(event)
    return Session(fight_file, path, table, tuple(read.warnings))


def fight_alone(fight_file: Path) -> Session:
    """The fight file alone, its events kept in memory (`lnf run` without `--record`)."""
    return Session(
        fight_file, fight_log.log_path(fight_file), Table(load_fight(fight_file)), from_log=False
    )


def solver_planner(workers: int = 1) -> Callable[[Fight], Plan]:
    """The monsters' plan by the solver, which is imported on the first plan (commands that
    never plan never load OR-Tools)."""

    def plan(fight: Fight) -> Plan:
        from lnf.solver import solve_plan

        return solve_plan(fight, workers=workers, explain=False).plan

    return plan
