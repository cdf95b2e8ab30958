"""`SeededDice` rolls each die as `random.Random(seed).randint(1, sides)` would (D1): its
shortcut (`1 + _randbelow(sides)`, the generator seeded at the first face) draws the very same
faces, in the same order, for int and str seeds and any mix of dice."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.dice.roll import SeededDice

SIDES = st.sampled_from((2, 3, 4, 6, 8, 10, 12, 20, 100)) | st.integers(1, 10**6)


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**64) | st.text(max_size=40),
    dice=st.lists(SIDES, max_size=40),
)
def test_faces_are_randints(seed: int | str, dice: list[int]) -> None:
    slow = random.Random(seed)
    fast = SeededDice(seed)
    assert [fast.face(s) for s in dice] == [slow.randint(1, s) for s in dice]


def test_engine_seed_strings() -> None:
    """The seeds the engine makes ("seed:round 3: Orc 1's turn"), with a d20's whole range."""
    for n in range(50):
        seed = f"{n}:round {n % 9}: Skeleton {n % 3}'s turn"
        slow, fast = random.Random(seed), SeededDice(seed)
        assert [fast.face(20) for _ in range(200)] == [slow.randint(1, 20) for _ in range(200)]


def test_no_sides_refused_as_randint() -> None:
    with pytest.raises(ValueError):
        SeededDice(1).face(0)
