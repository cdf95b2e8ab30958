"""S1, M6, F1: a turn's end marks who acted and spends the table's answers to the foe whose
turn it was; with no answers at all (most turns) the books are kept as they are. The state a
turn's end makes equals the one every book written afresh makes."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from lnf.engine.apply import Steps
from lnf.model import Fight
from lnf.model.events import Turn
from lnf.values import replace
from tests.strategies import fights


def _slow_end(fight: Fight, who: str) -> Fight:
    turns = fight.turns
    return replace(
        fight,
        turns=replace(
            turns,
            acted=turns.acted | {who},
            current=None,
            answers=frozenset(a for a in turns.answers if a[1] != who),
            guard_answers=frozenset(a for a in turns.guard_answers if a[1] != who),
        ),
    )


@st.composite
def _with_answers(draw: st.DrawFn) -> tuple[Fight, str]:
    f = draw(fights(max_heroes=3, max_monsters=3))
    names = [c.name for c in f.everyone]
    answer = st.tuples(st.sampled_from(names), st.sampled_from(names), st.booleans())
    turns = replace(
        f.turns,
        answers=draw(st.frozensets(answer, max_size=3)),
        guard_answers=draw(st.frozensets(answer, max_size=3)),
        current=draw(st.sampled_from([None, *names])),
    )
    return replace(f, turns=turns), draw(st.sampled_from(names))


@given(_with_answers())
def test_a_turn_ends_as_every_book_written_afresh(drawn: tuple[Fight, str]) -> None:
    f, who = drawn
    steps = Steps(f, who)
    assert steps.finish(Turn(who, ())).after == _slow_end(f, who)
