"""B10 Reactive (D10): the monsters whose reaction comes back as any turn starts are those
with the trait; `reactive` asks first whether any monster has it (the kinds of trait, once per
state), so a fight without one looks through no monster (issue 24, goal 2)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.model import Fight, Trait, TraitKind
from lnf.rules.monster_reactions import reactive
from lnf.values import replace
from tests.strategies import fights

KINDS = st.sampled_from((TraitKind.REACTIVE, TraitKind.STENCH, TraitKind.MULTIPLE_HEADS))


@settings(max_examples=150, deadline=None)
@given(fights(max_heroes=2, max_monsters=4), st.data())
def test_reactive_is_the_monsters_with_the_trait(f: Fight, data: st.DataObject) -> None:
    for m in data.draw(st.lists(st.sampled_from(f.monsters), max_size=3)) if f.monsters else []:
        m = f.monster(m.name)
        f = f.with_combatant(replace(m, traits=(*m.traits, Trait(data.draw(KINDS)))))
        with_it = {
            m.name for m in f.monsters if any(t.kind is TraitKind.REACTIVE for t in m.traits)
        }
        assert reactive(f) == with_it
    assert reactive(f) == {
        m.name for m in f.monsters if any(t.kind is TraitKind.REACTIVE for t in m.traits)
    }
