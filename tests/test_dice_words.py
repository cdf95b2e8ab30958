"""D3–D6: seeded and scripted dice let the words of what they roll for pass (`about`), so the
engine does not word an attack or a save for them (`dice.roll.listens`). The same attack and
save rolled by seeded dice that do listen (a subclass) give the very same record, and those
dice are told what they are for."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.dice.roll import ScriptedDice, SeededDice, listens
from lnf.engine.resolve import roll_attack, roll_save
from lnf.model import Ability, Fight
from lnf.model.plan import Mode
from tests.strategies import fights


class _Listening(SeededDice):
    def __init__(self, seed: int | str) -> None:
        super().__init__(seed)
        self.told: list[str] = []

    def about(self, what: str) -> None:
        self.told.append(what)


def test_who_listens() -> None:
    assert not listens(SeededDice(1)) and not listens(ScriptedDice([1]))
    assert listens(_Listening(1))


@settings(max_examples=150, deadline=None)
@given(fights(), st.data())
def test_the_same_rolls_whoever_listens(f: Fight, data: st.DataObject) -> None:
    attackers = [c for c in f.everyone if c.attacks]
    if not attackers:
        return
    me = data.draw(st.sampled_from(attackers))
    target = data.draw(st.sampled_from(f.everyone))
    attack = data.draw(st.sampled_from(me.attacks))
    mode = data.draw(st.sampled_from(list(Mode)))
    seed = data.draw(st.integers(0, 10**6))
    told = _Listening(seed)
    assert roll_attack(f, me, target, attack, mode, SeededDice(seed)) == roll_attack(
        f, me, target, attack, mode, told
    )
    assert told.told and told.told[0].startswith(f"{me.name} attacks {target.name}")
    ability = data.draw(st.sampled_from(list(Ability)))
    heard = _Listening(seed)
    assert roll_save(f, target, ability, 12, SeededDice(seed), "x") == roll_save(
        f, target, ability, 12, heard, "x"
    )
