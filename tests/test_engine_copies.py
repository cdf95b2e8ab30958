"""Issue 24 goal 2: the engine copies a state only when something changes. A turn's start (F1's
books, D10 and B10's Reactive, S1's turn under way) writes only the books that change, and
starts on the very same state when none does; a hit that leaves M6's reach clause as it was
leaves the very same target. Each is the value the slow path (everything written afresh) makes."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from lnf.engine.apply import _ENDS, Steps
from lnf.model import Cost, Fight, Hero, Trait, TraitKind
from lnf.model.plan import Mode
from lnf.rules.monster_reactions import reactive
from lnf.rules.reactions import after_hit
from lnf.values import replace
from tests.builders import fight, hero, monster
from tests.strategies import fights


def _slow_start(fight: Fight, who: str) -> Fight:
    """The turn's start as it was written before: every book written afresh (no ACL here)."""
    turns = fight.turns
    if turns.current == who:
        return fight
    kept = {name: getattr(turns, name) - {who} for name in _ENDS}
    return replace(
        fight,
        turns=replace(
            turns,
            **kept,
            reacted=turns.reacted - reactive(fight),
            current=who if isinstance(fight.combatant(who), Hero) else None,
            cast=tuple(s for s in turns.cast if s[0] != who),
            attack_action=frozenset(a for a in turns.attack_action if a[0] != who),
        ),
    )


@st.composite
def _with_books(draw: st.DrawFn) -> tuple[Fight, str]:
    f = draw(fights(max_heroes=3, max_monsters=3))
    names = [c.name for c in f.everyone]
    for m in draw(st.lists(st.sampled_from(f.monsters), max_size=2, unique=True)):
        f = f.with_combatant(replace(m, traits=(*m.traits, Trait(TraitKind.REACTIVE))))
    some = st.frozensets(st.sampled_from(names), max_size=3)
    books = {name: draw(some) for name in (*_ENDS, "reacted")}
    cast = draw(st.lists(st.tuples(st.sampled_from(names), st.just(Cost.ACTION), st.just(1))))
    made = draw(st.frozensets(st.tuples(st.sampled_from(names), st.just("Claw")), max_size=3))
    current = draw(st.sampled_from([None, *names]))
    turns = replace(f.turns, **books, cast=tuple(cast), attack_action=made, current=current)
    return replace(f, turns=turns), draw(st.sampled_from(names))


@given(_with_books())
def test_f1_a_turn_starts_on_the_state_the_slow_path_makes(drawn: tuple[Fight, str]) -> None:
    f, who = drawn
    begun = Steps.turn(f, who).fight
    assert begun == _slow_start(f, who)
    if begun == f:  # nothing changed: no copy
        assert begun is f


def test_f1_a_monster_in_no_book_starts_its_turn_on_the_same_state() -> None:
    f = fight([hero("Ann")], [monster("Orc")], {"A": ["Ann", "Orc"]})
    assert Steps.turn(f, "Orc").fight is f
    dodging = replace(f, turns=replace(f.turns, dodging=frozenset({"Orc"})))
    assert Steps.turn(dodging, "Orc").fight.turns.dodging == frozenset()
    assert Steps.turn(f, "Ann").fight.turns.current == "Ann"  # S1: the hero's turn under way


@given(
    fights(max_heroes=2, max_monsters=2),
    st.data(),
    st.sampled_from(list(Mode)),
)
def test_m6_a_hit_is_the_slow_paths_and_no_copy_when_it_changes_nothing(
    f: Fight, data: st.DataObject, mode: Mode
) -> None:
    """M6's reach clause after a hit: the value `replace` makes, the very same target when
    the hit leaves `reached_by` as it was."""
    target = data.draw(st.sampled_from(f.everyone))
    attacker = data.draw(st.sampled_from([c.name for c in f.everyone]))
    target = replace(target, reached_by=data.draw(st.sampled_from([None, attacker, "Other"])))
    hit = after_hit(target, attacker, mode)
    assert hit == replace(target, reached_by=attacker if mode is Mode.REACH else None)
    assert (hit is target) == (hit.reached_by == target.reached_by)
