"""D4 for a monster's attack is worked out once (issue 24, goal 2): `engine.turns.monster_attacks`
reads the roll first (for Surprise Attack's and Martial Advantage's extra dice, B8) and hands it
to `roll_attack` (`roll_now`), which worked it out again on the very same fight and combatants.
Every such hand-over in played fights (every example, any fight number) is checked against
`roll_in_fight` of the arguments `roll_attack` is given."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.engine import turns
from lnf.formats.fight_file import load_fight
from lnf.model import MonsterKind
from lnf.model.steps import Attacked
from lnf.odds.fights import play_fight
from lnf.rules.distance import roll_in_fight

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.yaml"))


def _checked(paths: list[Path], numbers: list[int]) -> list[tuple[Any, ...]]:
    """The rolls handed over in these fights, each asserted to be D4's of its arguments."""
    handed: list[tuple[Any, ...]] = []
    real = turns.roll_attack

    def checked(
        fight: Any, attacker: Any, target: Any, attack: Any, mode: Any, *a: Any, **k: Any
    ) -> Attacked:
        rolled = k.get("roll_now")
        if rolled is not None:
            assert rolled == roll_in_fight(fight, attacker, target, attack, mode)
            handed.append(rolled)
        return real(fight, attacker, target, attack, mode, *a, **k)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(turns, "roll_attack", checked)
        for path in paths:
            for number in numbers:
                play_fight(load_fight(path), number, 1, MonsterKind.LNF, None)
    return handed


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(EXAMPLES), st.integers(0, 10**6))
def test_a_monster_attack_s_roll_handed_over_is_d4_of_its_arguments(
    path: Path, number: int
) -> None:
    _checked([path], [number])


def test_the_examples_hand_over_rolls_with_reasons() -> None:
    """The property is not empty: monsters' attacks hand over rolls, some with D4's reasons
    (a prone or unconscious hero, a shot from the front rank)."""
    handed = _checked(EXAMPLES, [0, 1])
    assert handed
    assert [r for r in handed if r[1]]
