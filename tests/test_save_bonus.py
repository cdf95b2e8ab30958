"""F (saving throws): a combatant's save bonus is the one `saves` lists; a Constitution save it
does not list is its `con` modifier (5e: the ability's modifier; proficiency only where listed)."""

from __future__ import annotations

from lnf.model import Ability, Hero


def test_a_constitution_save_not_listed_is_the_con_modifier() -> None:
    pell = Hero(name="Pell", cls="wizard", hp=27, con=1)
    assert pell.save_bonus(Ability.CON) == 1
    assert pell.save_bonus(Ability.DEX) == 0  # no modifier known: +0, as before


def test_a_listed_save_wins_over_the_modifier() -> None:
    ann = Hero(name="Ann", cls="fighter", hp=44, con=2, saves=((Ability.CON, 5),))
    assert ann.save_bonus(Ability.CON) == 5
