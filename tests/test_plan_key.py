"""P6's `plan_key` remembers each combatant's part by the combatant's identity (a fight after an
event shares every combatant the event left alone) and the last grid's key: it must equal the
key worked out afresh, field by field, for any fight and any change to a combatant."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.engine import replan
from lnf.engine.replan import plan_key
from lnf.model import Condition, Fight, Hero, Monster, Rank
from lnf.rules.roster import in_fight
from lnf.values import by_identities, replace
from tests.strategies import plan_fights


def _afresh(fight: Fight) -> object:
    """`plan_key` as it was written before it remembered anything (P6)."""
    people = tuple(
        (c.name, c.rank, c.why, in_fight(c), c.current_hp == 0, c.conditions, c.flags)
        + ((c.c_dot, c.o_dot, c.n_dot) if isinstance(c, Hero) else ())
        for c in fight.everyone
    )
    return (people, fight.groups, fight.surprised)


def _changed(c: Hero | Monster, how: int) -> Hero | Monster:
    """A copy of `c` with one thing the plan depends on changed (or nothing, how == 0)."""
    if how == 1:  # it drops (A4: a hero stays, downed)
        return replace(c, hp_now=0) if isinstance(c, Hero) else replace(c, damage=c.hp)
    if how == 2:
        return replace(c, rank=Rank.BACK if c.rank is not Rank.BACK else Rank.FRONT)
    if how == 3:
        return replace(c, conditions=frozenset({*c.conditions, Condition.PRONE}))
    if how == 4 and isinstance(c, Hero):
        return replace(c, n_dot=not c.n_dot)
    return replace(c)  # a new object, equal to the old one


def _with(fight: Fight, c: Hero | Monster) -> Fight:
    if isinstance(c, Hero):
        return replace(fight, heroes=tuple(c if h.name == c.name else h for h in fight.heroes))
    return replace(fight, monsters=tuple(c if m.name == c.name else m for m in fight.monsters))


@settings(max_examples=150, deadline=None)
@given(
    plan_fights(max_heroes=4, max_monsters=6),
    st.lists(st.tuples(st.integers(0, 20), st.integers(0, 4)), max_size=6),
    st.sampled_from([4096, 3]),
)
def test_the_key_remembered_equals_the_key_afresh(
    f: Fight, changes: list[tuple[int, int]], kept: int
) -> None:
    """P6: each fight in a chain of changes (one combatant each, the rest shared) gets the key
    worked out afresh, asked in any order, again, and with a memory too small to hold them."""
    old = replan._planned_row
    replan._planned_row = by_identities(kept)(old.__wrapped__)  # type: ignore[attr-defined]
    try:
        fights = [f]
        for who, how in changes:
            last = fights[-1]
            c = last.everyone[who % len(last.everyone)]
            fights.append(_with(last, _changed(c, how)))
        for g in [*fights, *reversed(fights), fights[0]]:
            assert plan_key(g) == _afresh(g)
    finally:
        replan._planned_row = old


def test_a_changed_combatant_changes_the_key() -> None:
    """The part remembered is the very object's: a copy with another rank is another part."""
    from tests.builders import fight, hero, monster

    f = fight([hero("Bram")], [monster("Goblin 1"), monster("Goblin 2")])
    before = plan_key(f)
    moved = _with(f, replace(f.monster("Goblin 2"), rank=Rank.BACK))
    assert plan_key(moved) != before
    assert plan_key(f) == before


@pytest.mark.parametrize("how", [1, 2, 3, 4])
def test_each_change_the_plan_reads_is_seen(how: int) -> None:
    from tests.builders import fight, hero, monster

    f = fight([hero("Bram")], [monster("Goblin 1")])
    for c in f.everyone:
        if how == 4 and not isinstance(c, Hero):
            continue
        g = _with(f, _changed(c, how))
        assert plan_key(g) == _afresh(g) != _afresh(f)
