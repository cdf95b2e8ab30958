"""`rules.roster.changed` remembers the last pair it was asked by identity (issue 24, goal 2: a
step's record is asked it three times over: who dropped, F5's concentration, R7's fall). Any
sequence of pairs, each asked again now and then, gets what a fresh look gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.model import Fight
from lnf.rules.roster import _changed, changed
from lnf.values import replace
from tests.builders import fight, hero, monster
from tests.strategies import fights


@st.composite
def _states(draw: st.DrawFn) -> list[Fight]:
    """A fight and states after it: a combatant hurt, copied, dropped, or none changed."""
    f = draw(fights(max_heroes=3, max_monsters=4))
    states = [f]
    for _ in range(draw(st.integers(1, 4))):
        last = draw(st.sampled_from(states))
        c = draw(st.sampled_from(last.everyone)) if last.everyone else None
        how = draw(st.sampled_from(["hurt", "copy", "same", "drop"]))
        if c is None or how == "same":
            states.append(replace(last))  # equal, another object, every combatant shared
        elif how == "hurt":
            states.append(last.with_combatant(replace(c, temp_hp=c.temp_hp + 1)))
        elif how == "copy":
            states.append(last.with_combatant(replace(c)))
        else:
            side = "heroes" if c in last.heroes else "monsters"
            states.append(replace(last, **{side: tuple(x for x in getattr(last, side) if x != c)}))
    return states


@settings(max_examples=300, deadline=None)
@given(_states(), st.data())
def test_changed_remembered_is_changed_worked_out(states: list[Fight], data: st.DataObject) -> None:
    pairs = st.tuples(st.sampled_from(states), st.sampled_from(states))
    for before, after in data.draw(st.lists(pairs, min_size=1, max_size=12)):
        answer = changed(before, after)
        assert answer == list(_changed(before, after))
        answer.clear()  # the caller's own list: the remembered answer is not touched
        assert changed(before, after) == list(_changed(before, after))


def test_the_same_before_with_another_after() -> None:
    """The memo is of both states: asked of one `before` with two `after`s in turn."""
    f = fight([hero("Ann")], [monster("Orc")])
    hurt = f.with_combatant(replace(f.monster("Orc"), damage=3))
    assert changed(f, hurt) == [(f.monster("Orc"), hurt.monster("Orc"))]
    assert changed(f, replace(f)) == []
    assert changed(hurt, f) == [(hurt.monster("Orc"), f.monster("Orc"))]
