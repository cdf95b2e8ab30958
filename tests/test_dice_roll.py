"""D1, D3–D6: rolling with an injected source; seeded play and scripted faces."""

from __future__ import annotations

import json

import pytest

from lnf.dice import DamageType, parse
from lnf.dice.roll import ScriptedDice, SeededDice, roll, roll_d20
from lnf.errors import LnfError, ScriptedDiceError
from tests.cli import run


def test_d1_total_and_text() -> None:
    result = roll(parse("2d6 fire + 1d6 cold"), ScriptedDice([2, 5, 4]))
    assert result.total == 11
    assert result.by_type() == {DamageType.FIRE: 7, DamageType.COLD: 4}
    assert str(result) == "2d6 (2, 5) fire + 1d6 (4) cold = 11"


def test_d5_critical_doubles_dice_not_modifiers() -> None:
    result = roll(parse("1d8+2 slashing"), ScriptedDice([3, 6]), critical=True)
    assert result.total == 11
    assert str(result) == "2d8 (3, 6) + 2 slashing = 11 (critical: dice doubled)"


def test_d6_damage_is_never_below_zero() -> None:
    assert roll(parse("1d4-5"), ScriptedDice([1])).total == 0


def test_d6_floor_is_for_damage_only() -> None:
    """D6 floors damage; a check or a bare roll such as `1d20-5` may go below 0."""
    assert roll(parse("1d20-5"), ScriptedDice([2]), damage=False).total == -3
    assert run("roll", "1d20-19", "--seed", "3")[1].strip().endswith("= -11")
    assert run("roll", "1d4-19", "fire", "--seed", "3")[1].strip().endswith("= 0")


def test_d4_advantage_disadvantage_and_both() -> None:
    assert roll_d20(ScriptedDice([4, 17]), 3, advantage=True).total == 20
    assert roll_d20(ScriptedDice([4, 17]), 3, disadvantage=True).total == 7
    both = roll_d20(ScriptedDice([9]), 0, advantage=True, disadvantage=True)
    assert both.faces == (9,)
    assert roll_d20(ScriptedDice([20]), 0).natural_20
    assert str(roll_d20(ScriptedDice([17]), 4)) == "1d20 (17) + 4 = 21"


def test_same_seed_same_rolls() -> None:
    expr = parse("4d6+1d20")
    assert [roll(expr, SeededDice(7)).total for _ in range(3)] == [
        roll(expr, SeededDice(7)).total
    ] * 3
    assert roll(expr, SeededDice(7)) != roll(expr, SeededDice(8))


def test_scripted_dice_must_fit_and_may_run_out() -> None:
    with pytest.raises(LnfError, match="does not fit a d6"):
        roll(parse("1d6"), ScriptedDice([7]))
    with pytest.raises(ScriptedDiceError):
        roll(parse("2d6"), ScriptedDice([1]))


def test_cli_roll() -> None:
    code, out = run("roll", "2d6", "fire", "--seed", "3")
    assert code == 0 and out.startswith("2d6 (") and "fire = " in out
    assert run("roll", "2d6", "fire", "--seed", "3") == (code, out)
    code, out = run("roll", "d20+5", "--advantage", "--seed", "1", "--json")
    data = json.loads(out)
    assert code == 0 and len(data["faces"]) == 2 and data["total"] == max(data["faces"]) + 5
    code, out = run("roll", "1d8", "slashng")
    assert code == 2 and "did you mean 'slashing'" in out
    code, out = run("roll", "2d6", "--advantage")
    assert code == 2 and "single d20" in out


def test_d2_ability_modifier() -> None:
    from lnf.dice import ability_modifier

    assert [ability_modifier(s) for s in (1, 8, 9, 10, 11, 12, 30)] == [-5, -1, -1, 0, 0, 1, 10]
