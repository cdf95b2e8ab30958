"""G2's hero rows are worked out once per state (`Fight.roster_memo`, kept while the very same
combatants are; issue 24, goal 2: S2's order asks them for every block). After any chain of
changes, each state asked before the next is made, they are the rows worked out afresh."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.model import Family, Fight, Hero
from lnf.rules import roster
from lnf.rules.roster import _rows, rows
from lnf.values import replace
from tests.strategies import fights
from tests.test_state_memos import _changed


def _rows_changed(f: Fight, data: st.DataObject) -> Fight:
    """A change of what the rows read (ancestry, family), or any change a step makes."""
    h = data.draw(st.sampled_from(f.heroes))
    kind = data.draw(st.integers(0, 3))
    if kind == 0:
        return f.with_combatant(replace(h, ancestry="halfling" if not h.halfling else "elf"))
    if kind == 1:
        return f.with_combatant(replace(h, family_override=data.draw(st.sampled_from(Family))))
    if kind == 2:
        return replace(f, heroes=f.heroes[::-1])
    return _changed(f, data)


@settings(max_examples=150, deadline=None)
@given(fights(), st.data())
def test_rows_remembered_are_the_rows_worked_out(f: Fight, data: st.DataObject) -> None:
    for _ in range(data.draw(st.integers(1, 6))):
        if data.draw(st.booleans()):  # the state's other memos asked first, or not
            roster.heroes(f), roster.monsters(f), roster.trait_kinds(f)
        assert rows(f) == _rows(f)
        if not f.heroes:
            return
        f = _rows_changed(f, data)
    assert rows(f) == _rows(f)
    assert all(isinstance(h, Hero) for h in rows(f))
