"""`lnf area`: how many targets an area effect holds (E1, E2)."""

from __future__ import annotations

import secrets

import click

from lnf.cli.options import echo_json, json_option
from lnf.dice.roll import SeededDice
from lnf.errors import InputError, InputProblem
from lnf.formats import fight_spec
from lnf.model import Area, Shape
from lnf.rules.areas import SPELLS, crowded_count, target_count
from lnf.rules.wording import plural, title


def parse_area(words: tuple[str, ...]) -> tuple[str, Area]:
    """`fireball`, `cone of cold`, or a shape and a size: `cone 60`, `sphere 20`."""
    text = " ".join(words).strip().lower()
    if text in SPELLS:
        return title(text), SPELLS[text]
    found = _srd_area(text)
    if found is not None:
        return found
    try:
        area = fight_spec.parse_area(text)
    except ValueError as err:
        if str(err).startswith("bad area"):
            pass  # neither a spell nor a shape: say what is known below
        else:
            raise InputError("command line", [InputProblem(str(err), rule="E1")]) from None
    else:
        return str(area), area
    spells = ", ".join(sorted(SPELLS))
    shapes = ", ".join(s.value for s in Shape)
    problem = InputProblem(
        f"{text!r} is neither a known area spell nor SHAPE FEET",
        hint=f"spells: {spells}, or any SRD spell with an area (lnf spells lists them); "
        f"shapes: {shapes} (for example `cone 60`)",
        rule="E1",
    )
    raise InputError("command line", [problem])


def _srd_area(text: str) -> tuple[str, Area] | None:
    """F7: an SRD spell's own area (Moonbeam: a 5-ft cylinder), for a spell not in E1's list."""
    from lnf.errors import Refused
    from lnf.formats.spellbook import spellbook

    try:
        spell = spellbook().find(text)
    except Refused:
        return None
    if not spell["area"]:
        return None
    return spell["name"], Area(Shape(spell["area"]["shape"]), spell["area"]["size"])


@click.command()
@click.argument("area", nargs=-1, required=True)
@click.option("--crowded", is_flag=True, help="Unusually tight: +1d3 (E2).")
@click.option("--spread", is_flag=True, help="Unusually spread: −1d3 (E2).")
@click.option("--seed", type=int, help="Seed the 1d3.")
@json_option
def area(
    area: tuple[str, ...], crowded: bool, spread: bool, seed: int | None, as_json: bool
) -> None:
    """How many targets AREA holds: a spell (`fireball`) or a shape and size (`cone 60`)."""
    if crowded and spread:
        problem = InputProblem(
            "--crowded and --spread together: the targets are tight or spread, not both",
            hint="give one of them, or neither for an ordinary crowd",
            rule="E2",
        )
        raise InputError("command line", [problem])
    tight = "crowded" if crowded else "spread" if spread else None
    name, shape = parse_area(area)
    count = target_count(shape)
    title = name if name == str(shape) else f"{name} ({shape})"
    line = f"{title}: {plural(count, 'target')} (E1)"
    total, d3 = count, None
    if tight is not None:
        d3 = SeededDice(seed if seed is not None else secrets.randbits(32)).face(3)
        total = crowded_count(count, d3, tight=crowded)
        sign = "+" if tight == "crowded" else "−"
        line += f"; {tight}: {sign}1d3 ({d3}) = {plural(total, 'target')} (E2)"
    if as_json:
        echo_json(
            {
                "area": name,
                "shape": shape.shape.value,
                "size": shape.size,
                "count": count,
                "d3": d3,
                "targets": total,
            }
        )
    else:
        click.echo(line)
