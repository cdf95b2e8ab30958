"""`apply` says what an event did (the damage after defences, who dropped, the O dot gained)
so that the transcript and the runner never work it out again; the runner builds a turn with
the same `Steps` that `apply` replays it with."""

from __future__ import annotations

import pytest

from lnf.dice import DamageType
from lnf.engine.apply import Steps, apply
from lnf.model.events import Recorded, Turn
from lnf.model.plan import Advantage, Mode
from lnf.model.steps import Attacked, Damaged
from tests.builders import fight, hero, monster


def _hit(attacker: str, target: str, amount: int, big: str = "") -> Attacked:
    return Attacked(
        attacker=attacker,
        target=target,
        attack="Sword",
        mode=Mode.MELEE,
        roll=Advantage.NORMAL,
        reasons=(),
        faces=(15,),
        kept=15,
        bonus=4,
        ac=12,
        hit=True,
        damage=((DamageType.SLASHING, amount),),
        damage_text=f"{amount} slashing",
        big=big,
    )


def test_a_turn_says_what_each_step_dealt_after_defences_and_who_dropped() -> None:
    f = fight(
        [hero("Ann")],
        [monster("Orc", hp=10, resist=frozenset({DamageType.SLASHING})), monster("Gob", hp=4)],
        {"A": ["Ann", "Orc", "Gob"]},
    )
    applied = apply(f, Turn("Ann", (_hit("Ann", "Orc", 9, "Sneak Attack"), _hit("Ann", "Gob", 5))))
    first, second = applied.steps
    assert [(d.who, d.amount, d.defences) for d in first.dealt] == [("Orc", 4, "resists slashing")]
    assert first.o_dot == "Ann" and first.dropped == ()
    assert second.dropped == ("Gob",) and "Gob drops and dies (D8)" in second.notes
    assert applied.before is f and applied.after.monster("Gob").current_hp == 0
    assert "Ann" in applied.after.turns.acted and applied.after.hero("Ann").o_dot


def test_a_record_changes_no_turn_and_a_built_turn_must_hold_its_steps() -> None:
    f = fight([hero("Ann")], [monster("Orc")], {"A": ["Ann", "Orc"]})
    recorded = apply(f, Recorded((Damaged("Ann", 3),)))
    assert recorded.after.hero("Ann").current_hp == 17 and not recorded.after.turns.acted
    steps = Steps.turn(f, "Orc")
    steps.do(_hit("Orc", "Ann", 2))
    with pytest.raises(AssertionError):
        steps.finish(Turn("Orc", ()))  # an event must hold the steps that were applied
    assert steps.finish(Turn("Orc", steps.steps)).after == apply(f, Turn("Orc", steps.steps)).after
