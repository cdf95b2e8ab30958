"""A fight at the table: the fight file's state, the events in force, and where new events go.

The current state is the fight file plus the events in force, each applied once; their records
(`Applied`) are kept, so undo gives back exactly the state before an event without replaying
anything. Undo and redo are events too (the log is append-only); which events are in force
follows from reading them in order. New events go to a `sink` before they count (the session
writes them to the log), or stay in memory (`lnf run` without `--record`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from lnf.errors import Refused
from lnf.model import Fight
from lnf.model.events import Begun, Ended, Event, Redone, Renamed, Undone

if TYPE_CHECKING:
    from lnf.dice.roll import SeededDice
    from lnf.model.applied import Applied

Sink = Callable[[Event], None]


class Table:
    def __init__(self, start: Fight, sink: Sink | None = None) -> None:
        self.start = start
        self.in_force: list[Applied] = []
        self.taken_back: list[Applied] = []  # the last taken back last
        self.numbers: list[int] = []  # the log's entry number of each event in force
        self.taken_numbers: list[int] = []  # …and of each taken back
        self.written = 0  # entries in the log so far, undo and redo included
        self._sink = sink
        self._begun: tuple[int, Applied, int] | None = None  # where `seed` found the first Begun
        self._no_end: tuple[int, Applied | None] = (0, None)  # `ended`: how far none is

    @property
    def fight(self) -> Fight:
        return self.in_force[-1].after if self.in_force else self.start

    @property
    def events(self) -> list[Event]:
        return [a.event for a in self.in_force]

    @property
    def seed(self) -> int | None:
        """The seed of the first `Begun` in force. Remembered with its place: the log in force
        changes only at its end (a record added, taken back, put back), so while that place
        holds the same record, nothing before it changed (asked for every turn's dice)."""
        held = self._begun
        if held is not None and len(self.in_force) > held[0] and self.in_force[held[0]] is held[1]:
            return held[2]
        for i, applied in enumerate(self.in_force):
            if isinstance(applied.event, Begun):
                self._begun = (i, applied, applied.event.seed)
                return applied.event.seed
        return None

    def ended(self) -> Ended | None:
        """The first `Ended` in force. The records up to where none was found are remembered
        with the last of them: the log in force changes only at its end, so while that place
        holds the same record, none before it changed (asked before every turn)."""
        records = self.in_force
        start, last = self._no_end
        if start > len(records) or (start and records[start - 1] is not last):
            start = 0
        for i in range(start, len(records)):
            event = records[i].event
            if isinstance(event, Ended):
                self._no_end = (i, records[i - 1] if i else None)
                return event
        self._no_end = (len(records), records[-1] if records else None)
        return None

    def dice(self, key: str) -> SeededDice:
        """The dice for an event: the log's seed and what the event is (`key`, such as "round
        3: Orc 1's turn"), never its place in the log. So the same fight rolls the same
        however many plans, undos, redos and sittings came between, and an undone turn
        played again rolls what it rolled before."""
        from lnf.dice.roll import SeededDice

        seed = self.seed
        if seed is None:
            raise Refused("this fight has no seed yet; start it with lnf play, round or run")
        return SeededDice(f"{seed}:{key}")

    # --- what is in the log already ---------------------------------------------------------

    def replay(self, event: Event) -> Applied | None:
        """An event read from the log: applied (or, for undo and redo, followed) without being
        written again. Returns its record, if it is an event that does something. An undo or
        redo that names another entry than the one it would take back or put back is refused:
        the log moved on under it."""
        from lnf.engine.apply import apply  # the rules of play, loaded once there are events

        self.written += 1
        if isinstance(event, Renamed):
            return None  # read before the replay (the entries before it are translated)
        if isinstance(event, Undone | Redone):
            numbers = self.numbers if isinstance(event, Undone) else self.taken_numbers
            if event.of is not None and (not numbers or numbers[-1] != event.of):
                undo = isinstance(event, Undone)
                now = f"entry {numbers[-1]}" if numbers else "none"
                raise Refused(
                    f"this {'undo takes back' if undo else 'redo puts back'} entry {event.of}, "
                    f"but the last {'in force' if undo else 'taken back'} is {now}: the log "
                    "moved on under it"
                )
            return self._take_back() if isinstance(event, Undone) else self._put_back()
        return self._keep(apply(self.fight, event))

    # --- new events -------------------------------------------------------------------------

    def add(self, event: Event) -> Applied:
        """Record a new event (written first, if the table has a sink) and apply it."""
        from lnf.engine.apply import apply

        return self.add_applied(apply(self.fight, event))

    def add_applied(self, applied: Applied) -> Applied:
        """Record an event already applied step by step (a turn the runner built)."""
        assert applied.before is self.fight, "an event must be applied to the state it follows"
        assert not isinstance(applied.event, Renamed), "a rename is logged, never kept in force"
        self._write(applied.event)
        return self._keep(applied)

    @property
    def undoable(self) -> int:
        """How many events undo can take back: all in force but the seed."""
        return sum(1 for a in self.in_force if not isinstance(a.event, Begun))

    def undo(self) -> Applied:
        """Take back the last event in force (not the seed); returns its record."""
        if not self.in_force or isinstance(self.in_force[-1].event, Begun):
            raise Refused("nothing left to take back")
        self._write(Undone(self.numbers[-1]))
        taken = self._take_back()
        assert taken is not None
        return taken

    def redo(self) -> Applied:
        """Put back the last event taken back; returns its record."""
        if not self.taken_back:
            raise Refused("nothing to redo (a new event since the undo ends what can be redone)")
        self._write(Redone(self.taken_numbers[-1]))
        put = self._put_back()
        assert put is not None
        return put

    # --- plumbing ---------------------------------------------------------------------------

    def _write(self, event: Event) -> None:
        if self._sink is not None:
            self._sink(event)
        self.written += 1

    def _keep(self, applied: Applied) -> Applied:
        self.in_force.append(applied)
        self.numbers.append(self.written)  # its entry number: written counts it already
        self.taken_back.clear()  # a new event ends what could be redone
        self.taken_numbers.clear()
        return applied

    def _take_back(self) -> Applied | None:
        if self.in_force and not isinstance(self.in_force[-1].event, Begun):
            self.taken_back.append(self.in_force.pop())
            self.taken_numbers.append(self.numbers.pop())
            return self.taken_back[-1]
        return None

    def _put_back(self) -> Applied | None:
        if self.taken_back:
            self.in_force.append(self.taken_back.pop())
            self.numbers.append(self.taken_numbers.pop())
            return self.in_force[-1]
        return None
