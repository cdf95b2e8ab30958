"""F1, B1, B7: `attack_named` finds a combatant's attack by name in the order the rules read
them: its attacks, then a monster's special actions and spells, then its legendary options'
own actions. The loops equal the first match over them all, for every name a combatant holds
(names shared between them too) and one it does not."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.model import Attack, Fight, Hero, Legendary, Monster
from lnf.rules.economy import attack_named, legendary_actions
from lnf.values import replace
from tests.strategies import fights


def _slow(c: Hero | Monster, name: str) -> Attack | None:
    actions = (*c.actions, *legendary_actions(c)) if isinstance(c, Monster) else ()
    return next((a for a in (*c.attacks, *actions) if a.name == name), None)


@settings(max_examples=100, deadline=None)
@given(fights(), st.data())
def test_attack_named_is_the_first_match(f: Fight, data: st.DataObject) -> None:
    c = data.draw(st.sampled_from(f.everyone))
    if isinstance(c, Monster):
        known = [*c.attacks, *c.actions]
        if known:  # actions and legendary options of the same names (and of its attacks')
            again = data.draw(st.lists(st.sampled_from(known), max_size=3))
            renamed = [
                replace(a, name=a.name + data.draw(st.sampled_from(("", " II")))) for a in again
            ]
            acts = tuple(replace(a, to_hit=a.to_hit + 1) for a in renamed)
            other = tuple(replace(a, to_hit=a.to_hit + 2) for a in renamed)  # not the actions'
            legend = tuple(Legendary(name=f"L{i}", action=a) for i, a in enumerate(other))
            c = replace(c, actions=(*c.actions, *acts), legendary=(*c.legendary, *legend))
    names = {a.name for a in c.attacks}
    if isinstance(c, Monster):
        names |= {a.name for a in (*c.actions, *legendary_actions(c))}
    for name in (*sorted(names), "no such attack"):
        assert attack_named(c, name) is _slow(c, name)
