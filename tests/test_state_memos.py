"""What a fight's state remembers of itself (issue 24, goal 2): the roster by name, who is
still in the fight (G1, A4, C6, F7), the groups by member (G5). Kept by the next state while
the fields they are worked out of are the very same; each must equal what a fresh state
works out, after any change."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.model import Condition, Fight, Group, Hero, Monster
from lnf.model.fight import Turns
from lnf.rules import roster
from lnf.rules.roster import in_fight
from lnf.values import replace
from tests.strategies import fights


def _fresh(f: Fight) -> Fight:
    """The same state, remembering nothing."""
    return Fight(**{name: getattr(f, name) for name in f.__value_fields__})  # type: ignore[attr-defined]


def _asked(f: Fight) -> tuple[object, ...]:
    """Everything the memos answer, asked of `f`."""
    names = [c.name for c in f.everyone]
    return (
        f.everyone,
        tuple(f.combatant(n) for n in names),
        tuple(n in f for n in [*names, "Nobody"]),
        tuple(f.group_of(n) for n in names),
        roster.heroes(f),
        roster.monsters(f),
    )


def _replaced(f: Fight, c: Hero | Monster) -> Fight:
    """`Fight.with_combatant` as it was written before it kept the places: every combatant of
    `c`'s name on `c`'s side replaced."""
    if isinstance(c, Hero):
        return replace(f, heroes=tuple(c if h.name == c.name else h for h in f.heroes))
    return replace(f, monsters=tuple(c if m.name == c.name else m for m in f.monsters))


def _changed(f: Fight, data: st.DataObject) -> Fight:
    """One change of the kinds a step makes: a combatant hurt, dropped, banished or gone; the
    groups, the turn's books or the round; the combatants reordered or one left out."""
    c = data.draw(st.sampled_from(f.everyone))
    kind = data.draw(st.integers(0, 8))
    if kind == 0:
        if isinstance(c, Hero):
            return f.with_combatant(replace(c, hp_now=0, dead=data.draw(st.booleans())))
        return f.with_combatant(replace(c, damage=c.hp))
    if kind == 1:
        return f.with_combatant(replace(c, conditions=c.conditions | {Condition.BANISHED}))
    if kind == 2:
        return f.with_combatant(replace(c, escaped=True))
    if kind == 3:
        return f.with_combatant(replace(c, temp_hp=c.temp_hp + 1))
    if kind == 4:
        return replace(f, groups=(*f.groups[1:], Group("Z", (c.name,))))
    if kind == 5:
        return replace(f, turns=replace(f.turns, acted=frozenset({c.name})))
    if kind == 6:
        return replace(f, round=f.round + 1, turns=Turns())
    if kind == 7:
        return replace(f, heroes=f.heroes[::-1], monsters=f.monsters[::-1])
    return replace(f, monsters=f.monsters[1:] or f.monsters)


@settings(max_examples=150, deadline=None)
@given(fights(), st.data())
def test_a_state_remembers_only_what_a_fresh_one_works_out(f: Fight, data: st.DataObject) -> None:
    """After each of a run of changes (each state asked before the next is made, so that its
    memos are there to be kept or dropped), the answers equal a fresh state's."""
    for _ in range(data.draw(st.integers(1, 6))):
        assert _asked(f) == _asked(_fresh(f))
        f = _changed(f, data)
    assert _asked(f) == _asked(_fresh(f))


@settings(max_examples=150, deadline=None)
@given(fights(), st.data())
def test_with_combatant_is_the_fight_with_it_in_place(f: Fight, data: st.DataObject) -> None:
    """G1: a combatant in place of the one of its name (asked before and after, so that what
    the state kept is carried over), one of a name the fight does not hold or holds on the
    other side (nothing replaced), and a fight where two share a name (both replaced)."""
    for _ in range(data.draw(st.integers(1, 5))):
        _asked(f)
        c = data.draw(st.sampled_from(f.everyone))
        kind = data.draw(st.integers(0, 4))
        if kind == 1:
            c = replace(c, name="Nobody")
        elif kind == 2 and f.monsters:
            c = replace(f.heroes[0], name=f.monsters[0].name)  # a hero of a monster's name
        elif kind == 3 and len(f.heroes) > 1:
            f = replace(f, heroes=(*f.heroes, replace(f.heroes[0], temp_hp=7)))  # two of one name
        else:
            c = replace(c, temp_hp=c.temp_hp + 1)
        new = f.with_combatant(c)
        assert new == _replaced(f, c) and _asked(new) == _asked(_fresh(new))
        f = new


@settings(max_examples=60, deadline=None)
@given(fights())
def test_who_is_in_the_fight_is_worked_out_once_per_state(f: Fight) -> None:
    """G1: the heroes and monsters still in the fight, the same object when asked again, and
    kept by a state whose combatants are the very same (its turn's books changed)."""
    hs, ms = roster.heroes(f), roster.monsters(f)
    assert hs == tuple(h for h in f.heroes if in_fight(h))
    assert ms == tuple(m for m in f.monsters if in_fight(m))
    assert roster.heroes(f) is hs and roster.monsters(f) is ms
    later = replace(f, turns=replace(f.turns, acted=frozenset({f.heroes[0].name})))
    assert roster.heroes(later) is hs and later.combatant(f.heroes[0].name) is f.heroes[0]
