"""The fight's end (`Table.ended`) read off the log in force, remembered as far as it was read:
after any sequence of events added, undone and redone it is the first `Ended` in force, as a
look through the whole log finds it (asked before every turn)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.engine.table import Table
from lnf.errors import Refused
from lnf.model import Side
from lnf.model.events import Begun, Ended, Event, Planned
from tests.builders import fight, hero, monster

_EVENTS: list[Event] = [
    Planned(()),
    Planned((), note="x"),
    Ended(Side.HEROES),
    Ended(Side.MONSTERS),
]


def _scanned(table: Table) -> Ended | None:
    return next((a.event for a in table.in_force if isinstance(a.event, Ended)), None)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(st.sampled_from(("undo", "redo", "ask")), st.sampled_from(range(len(_EVENTS)))),
        max_size=40,
    )
)
def test_ended_is_the_first_ended_in_force(moves: list[str | int]) -> None:
    table = Table(fight(heroes=[hero("Kara")], monsters=[monster("Orc")]))
    table.add(Begun(1))
    for move in moves:
        try:
            if move == "undo":
                table.undo()
            elif move == "redo":
                table.redo()
            elif isinstance(move, int):
                table.add(_EVENTS[move])
        except Refused:
            pass
        if move == "ask":  # not after every move: the log may change under what was read
            assert table.ended() is _scanned(table)  # the very record's event
    assert table.ended() is _scanned(table)
