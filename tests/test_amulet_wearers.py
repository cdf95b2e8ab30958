"""B8: the guardians of an amulet's wearer, asked of every hit, are found only where someone
wears an amulet (`rules.roster.amulet_wearers`, once per state; issue 24, goal 2): the same
guardians as the look through every monster, for any wearer, after any chain of changes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.model import Fight, Monster
from lnf.rules.amulet import guardians
from lnf.rules.roster import in_fight
from lnf.values import replace
from tests.strategies import fights


def _slow(fight: Fight, wearer: str) -> tuple[Monster, ...]:
    return tuple(
        m for m in fight.monsters if m.amulet == wearer and in_fight(m) and m.name != wearer
    )


@settings(max_examples=150, deadline=None)
@given(fights(max_heroes=3, max_monsters=4), st.data())
def test_guardians_are_the_monsters_whose_amulet_is_worn(f: Fight, data: st.DataObject) -> None:
    names = [c.name for c in f.everyone] + ["Nobody"]
    for _ in range(data.draw(st.integers(0, 4))):
        if not f.monsters:
            break
        m = data.draw(st.sampled_from(f.monsters))
        f = f.with_combatant(replace(m, amulet=data.draw(st.sampled_from(["", *names]))))
        for name in names:
            assert guardians(f, name) == _slow(f, name)
    for name in names:
        assert guardians(f, name) == _slow(f, name)
