"""`lnf roll`: dice from the command line (core-d20 D1, D4, D5)."""

from __future__ import annotations

import secrets

import click

from lnf.cli.options import echo_json, json_option
from lnf.dice import parse
from lnf.dice.roll import SeededDice, roll, roll_d20
from lnf.errors import DiceError


@click.command(name="roll")
@click.argument("expression", nargs=-1, required=True)
@click.option("--seed", type=int, help="Seed the dice (the same seed gives the same rolls).")
@click.option("--crit", is_flag=True, help="A critical hit: roll the dice twice (D5).")
@click.option("--advantage", is_flag=True, help="With d20: roll two, keep the higher (D4).")
@click.option("--disadvantage", is_flag=True, help="With d20: roll two, keep the lower (D4).")
@json_option
def roll_command(
    expression: tuple[str, ...],
    seed: int | None,
    crit: bool,
    advantage: bool,
    disadvantage: bool,
    as_json: bool,
) -> None:
    """Roll EXPRESSION, such as `2d6 fire + 1d6 cold` or `d20+5 --advantage`."""
    text = " ".join(expression)
    try:
        expr = parse(text)
    except DiceError as err:
        raise click.BadParameter(
            f"{err.message} at column {err.column}", param_hint="EXPRESSION"
        ) from None
    dice = SeededDice(seed if seed is not None else secrets.randbits(32))
    d20 = [d for d in expr.dice if d.sides == 20 and d.count == 1 and d.sign > 0]
    if (advantage or disadvantage) and len(expr.dice) == 1 and d20:
        modifier = expr.minimum - 1
        result = roll_d20(dice, modifier, advantage=advantage, disadvantage=disadvantage)
        if as_json:
            echo_json(
                {
                    "expression": text,
                    "faces": list(result.faces),
                    "kept": result.kept,
                    "total": result.total,
                }
            )
        else:
            click.echo(str(result))
        return
    if advantage or disadvantage:
        raise click.BadParameter(
            "advantage and disadvantage need a single d20 roll",
            param_hint="--advantage/--disadvantage",
        )
    # D6's floor at 0 is for damage: a typed or critical roll is damage, `1d20-5` may go below 0.
    is_damage = crit or any(part.damage_type is not None for part in expr.parts)
    result_roll = roll(expr, dice, critical=crit, damage=is_damage)
    if as_json:
        echo_json(
            {
                "expression": str(expr),
                "total": result_roll.total,
                "by_type": {
                    str(k) if k else "untyped": v for k, v in result_roll.by_type().items()
                },
                "critical": crit,
                "faces": [list(t.faces) for p in result_roll.parts for t in p.terms if t.faces],
            }
        )
    else:
        click.echo(str(result_roll))
