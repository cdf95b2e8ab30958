"""F4's turn edges skip the monsters' traits (B8, B10) in a fight whose monsters have none
(issue 24, goal 2): each of those steps acts only through a monster's trait of its kind."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.dice import parse
from lnf.dice.roll import ScriptedDice, SeededDice
from lnf.engine.effects import Rolled, turn_edge
from lnf.engine.resolve import roll_attack
from lnf.engine.trait_edges import traits_at_start
from lnf.engine.trait_steps import regrow
from lnf.formats.trait_forms import parse_trait
from lnf.model import Attack, Fight, Group, Monster, TurnEdge
from lnf.model.plan import Mode
from lnf.model.steps import Damaged
from lnf.model.traits import Trait, TraitKind
from lnf.rules.corrosion import corroded
from lnf.rules.roster import trait_kinds
from lnf.values import replace
from tests.builders import fight, hero, monster
from tests.strategies import fights


@settings(max_examples=120, deadline=None)
@given(fights(), st.data())
def test_no_trait_step_acts_in_a_fight_whose_monsters_have_no_trait(
    f: Fight, data: st.DataObject
) -> None:
    """On generated fights (groups, conditions, hurt and downed combatants, chases), for any
    creature: the turn-start trait steps and the hydra's regrowth take no step at all."""
    assert trait_kinds(f) == frozenset()
    who = data.draw(st.sampled_from(f.everyone)).name
    seed = data.draw(st.integers(0, 99))
    turn = Rolled(f)
    traits_at_start(turn, who, SeededDice(seed))
    regrow(turn, who)
    assert turn.done == []


def _burning(f: Fight) -> Fight:
    """The first monster, with a Fire Aura, in a group with the first hero."""
    m, h = f.monsters[0], f.heroes[0]
    aura = Trait(TraitKind.FIRE_AURA, dice=parse("3d6 fire"))
    f = f.with_combatant(replace(m, traits=(aura,), damage=0, escaped=False))
    f = f.with_combatant(replace(h, hp_now=None, dead=False, escaped=False, conditions=frozenset()))
    return replace(f, groups=(Group("A", (h.name, m.name)),), chase=())


@settings(max_examples=40, deadline=None)
@given(fights())
def test_a_trait_still_acts_once_a_monster_has_one(f: Fight) -> None:
    """The other side of the skip: give a monster a Fire Aura and its turn's start burns the
    hero beside it, through `turn_edge` as through the steps themselves."""
    f = _burning(f)
    m = f.monsters[0]
    assert trait_kinds(f) == {TraitKind.FIRE_AURA}
    turn = Rolled.turn(f, m.name).rolling(SeededDice(1))
    turn_edge(turn, m.name, TurnEdge.START, SeededDice(1))
    burnt = [d.step for d in turn.done if isinstance(d.step, Damaged)]
    assert [s.who for s in burnt] == [f.heroes[0].name]


def test_trait_kinds_are_the_monsters_traits_after_a_change() -> None:
    """Worked out once per state, and again for a state whose monsters changed."""
    m = Monster(name="Hydra", hp=50, traits=(Trait(TraitKind.MULTIPLE_HEADS, hp=5),))
    plain = Monster(name="Ogre", hp=50)
    f = Fight(heroes=(), monsters=(plain,))
    assert trait_kinds(f) == frozenset() and trait_kinds(f) is trait_kinds(f)
    g = f.with_combatant(replace(plain, traits=m.traits))
    assert trait_kinds(g) == {TraitKind.MULTIPLE_HEADS}
    h = replace(g, monsters=(*g.monsters, replace(m, traits=(Trait(TraitKind.STENCH),))))
    assert trait_kinds(h) == {TraitKind.MULTIPLE_HEADS, TraitKind.STENCH}


@pytest.mark.parametrize("written", ["corrode metal", "rust metal", "corrosive form 1d8 acid"])
def test_each_corroding_trait_still_corrodes_through_the_engine(written: str) -> None:
    """B8: the hit's follow-up asks whether any monster corrodes before looking: each of the
    three traits that do is still found (a hero's longsword hits the monster once)."""
    ooze = monster("Ooze", hp=200, traits=(parse_trait(written),))
    sword = Attack(name="Longsword", to_hit=5, damage=parse("1d8+3 slashing"))
    f = fight([hero("Bram", attacks=(sword,))], [ooze], {"A": ["Bram", "Ooze"]})
    turn = Rolled.turn(f, "Bram")
    hit = roll_attack(
        f, f.hero("Bram"), f.monster("Ooze"), sword, Mode.MELEE, ScriptedDice([15, 8])
    )
    turn.rolling(ScriptedDice([4] * 4)).do(hit)  # (Corrosive Form's acid back, if rolled)
    assert corroded(turn.fight, "Bram", "Longsword") == 1
