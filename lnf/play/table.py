"""A fight at the table: the fight file, the events in force, and where new events go.

The current state is always `replay(fight file, events in force)`. Undo and redo are events
too (the log is append-only); which events are in force follows from reading them in order.
A `Table` either appends every event to the log beside the fight file (play, round, the DM's
records) or keeps them in memory (`lnf run` without `--record`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lnf.dice.roll import SeededDice
from lnf.errors import InputError, InputProblem, LnfError
from lnf.io.fight_file import load_fight
from lnf.io.fight_log import append_log, log_path, read_log
from lnf.model import Fight
from lnf.play.events import BadEvent, Begun, Event, Redone, Undone, from_json, to_json
from lnf.play.state import apply, replay


@dataclass
class History:
    """The events in force, in order, and the ones taken back (last taken back last)."""

    in_force: list[Event] = field(default_factory=list)
    taken_back: list[Event] = field(default_factory=list)

    def add(self, event: Event) -> None:
        if isinstance(event, Undone):
            if self.in_force and not isinstance(self.in_force[-1], Begun):
                self.taken_back.append(self.in_force.pop())
        elif isinstance(event, Redone):
            if self.taken_back:
                self.in_force.append(self.taken_back.pop())
        else:
            self.in_force.append(event)
            self.taken_back.clear()  # a new event ends what could be redone


class Table:
    def __init__(
        self,
        start: Fight,
        history: History | None = None,
        written: int = 0,
        sink: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        self.start = start
        self.history = history or History()
        self.written = written  # entries in the log so far: the next one's number
        self._sink = sink
        self.fight = replay(start, self.history.in_force)

    @property
    def events(self) -> list[Event]:
        return self.history.in_force

    @property
    def seed(self) -> int | None:
        return next((e.seed for e in self.events if isinstance(e, Begun)), None)

    def dice(self) -> SeededDice:
        """The dice for the next event: the log's seed and the event's number, so that the
        same log always rolls the same, however many sittings it took."""
        if self.seed is None:
            raise LnfError("this fight has no seed yet; start it with lnf play, round or run")
        return SeededDice(f"{self.seed}:{self.written}")

    def add(self, event: Event) -> list[str]:
        """Record `event` (written and synced first, if the table has a log) and apply it;
        returns what followed from the rules, in words."""
        if self._sink is not None:
            self._sink(to_json(event))
        self.written += 1
        self.history.add(event)
        if isinstance(event, Undone | Redone):
            self.fight = replay(self.start, self.history.in_force)
            return []
        self.fight, notes = apply(self.fight, event)
        return notes


@dataclass(frozen=True)
class Opened:
    table: Table
    log: Path
    warnings: list[str]


def open_table(fight_path: Path, *, record: bool = True) -> Opened:
    """The fight file and its log. With `record`, new events are appended to the log."""
    start = load_fight(fight_path)
    path = log_path(fight_path)
    read = read_log(path)
    history = History()
    problems = []
    lines: dict[int, int] = {}  # id(event) → its line, to say where a replay fails
    for entry in read.lines:
        try:
            event = from_json(entry.data)
        except BadEvent as exc:
            problems.append(InputProblem(str(exc), line=entry.line))
            continue
        lines[id(event)] = entry.line
        history.add(event)
    if problems:
        raise InputError(str(path), problems)
    _check_replay(start, history.in_force, lines, str(path))
    table = Table(
        start,
        history,
        written=len(read.lines),
        sink=(lambda entry: append_log(path, entry)) if record else None,
    )
    return Opened(table, path, read.warnings)


def _check_replay(start: Fight, events: list[Event], lines: dict[int, int], source: str) -> None:
    """Every event must apply to the fight file as it now is (someone may have edited it)."""
    fight = start
    for event in events:
        try:
            fight, _ = apply(fight, event)
        except (KeyError, ValueError, TypeError, AssertionError) as exc:
            problem = InputProblem(
                f"this event does not fit the fight file ({type(exc).__name__}: {exc})",
                line=lines.get(id(event)),
                hint="was the fight file changed after the log began? undo or restore it",
            )
            raise InputError(source, [problem]) from None
