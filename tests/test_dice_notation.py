"""D1: dice notation parses, reports the column of a fault, and round-trips through text."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lnf.dice import DamageType, Dice, DiceError, DiceExpr, Modifier, Part, parse


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("3d4+3", 6, 15),  # D1's own example
        ("d%", 1, 100),
        ("1d8+2 slashing", 3, 10),
        ("2d6 fire + 1d6 cold", 3, 18),
        ("1d8-1", 0, 7),
        ("-2+1d4", -1, 2),
        ("7", 7, 7),
    ],
)
def test_d1_bounds(text: str, low: int, high: int) -> None:
    expr = parse(text)
    assert (expr.minimum, expr.maximum) == (low, high)


def test_d1_damage_types_attach_to_their_run() -> None:
    expr = parse("2d6 fire + 1d6 cold")
    assert [p.damage_type for p in expr.parts] == [DamageType.FIRE, DamageType.COLD]
    assert parse("1d8 + 2 SLASHING").parts == (
        Part((Dice(1, 8), Modifier(2)), DamageType.SLASHING),
    )


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("", 1, "empty"),
        ("1d8 +", 6, "expected dice"),
        ("2 d6", 3, "missing +"),
        ("1d8 slashng", 5, "did you mean 'slashing'"),
        ("1d8 slashing fire", 14, "must follow dice"),
        ("1d0", 1, "sides"),
        ("1d8 ?", 5, "unexpected"),
    ],
)
def test_d1_faults_name_the_column(text: str, column: int, words: str) -> None:
    with pytest.raises(DiceError) as info:
        parse(text)
    assert info.value.column == column
    assert words in str(info.value)


terms = st.one_of(
    st.builds(
        Dice,
        st.integers(1, 20),
        st.sampled_from([4, 6, 8, 10, 12, 20, 100]),
        st.sampled_from([1, -1]),
    ),
    st.builds(Modifier, st.integers(-20, 20).filter(bool)),
)
exprs = st.builds(
    DiceExpr,
    st.lists(
        st.builds(
            Part,
            st.lists(terms, min_size=1, max_size=3).map(tuple),
            st.one_of(st.none(), st.sampled_from(list(DamageType))),
        ),
        min_size=1,
        max_size=3,
    )
    .filter(lambda parts: all(p.damage_type is not None for p in parts[:-1]))
    .map(tuple),
)


@given(exprs)
def test_d1_text_round_trip(expr: DiceExpr) -> None:
    assert parse(str(expr)) == expr


@given(st.text(max_size=30))
def test_d1_any_text_parses_or_raises_dice_error(text: str) -> None:
    with contextlib.suppress(DiceError):
        parse(text)


def test_plus_adds_to_the_first_part_s_flat_modifier() -> None:
    """A sheet's flat bonus on its dice (F2: Dueling's +2 damage, Disciple of Life's healing)."""
    from lnf.dice import plus

    said = {t: str(plus(parse(t), n)) for t, n in (("1d8+3 slashing", 2), ("70", 8))}
    assert said == {"1d8+3 slashing": "1d8+5 slashing", "70": "78"}
    assert str(plus(parse("1d8-2 piercing + 1d6 fire"), 2)) == "1d8 piercing + 1d6 fire"
