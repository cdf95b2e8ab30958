"""`lnf spells`: the SRD 5.1 spellbook, to find a spell for a hero's `spells: [NAME, …]` and to
see what lnf plays of it (F7)."""

from __future__ import annotations

import textwrap
from typing import Any

import click

from lnf.cli.options import echo_json, json_option, terminal_width
from lnf.errors import InputError, InputProblem, Refused
from lnf.formats.bestiary import ATTRIBUTION

HELP = f"""Find spells: `lnf spells fire` lists the matches (name, level, school, casting
time); `lnf spells --class wizard --level 3` a class's spells of a level; `lnf spells show
fireball` prints one spell with what lnf plays of it and what the DM rules. A fight file gives a
hero spells with `spells: [fire bolt, shield, fireball]` (F7).

\b
{textwrap.fill(ATTRIBUTION, 76)}
"""
SHORT = "SRD 5.1 (CC-BY-4.0)"


@click.command(help=HELP)
@click.argument("words", nargs=-1, metavar="[SEARCH] | show NAME")
@click.option("--class", "cls", metavar="CLASS", help="Only the spells of a class's list.")
@click.option("--level", type=click.IntRange(0, 9), help="Only spells of a level (0: cantrips).")
@click.option(
    "--caster-level",
    type=click.IntRange(1, 20),
    help="show: the caster's character level (cantrips grow at 5, 11, 17); default: the "
    "first at which a full caster has the spell's slot.",
)
@click.option(
    "--mod",
    type=click.IntRange(-5, 10),
    default=3,
    show_default=True,
    help="show: the caster's spellcasting ability modifier.",
)
@json_option
def spells(
    words: tuple[str, ...],
    cls: str | None,
    level: int | None,
    caster_level: int | None,
    mod: int,
    as_json: bool,
) -> None:
    from lnf.formats.spellbook import search, spellbook

    if words and words[0].lower() == "show":
        if len(words) == 1:
            raise InputError("command line", [InputProblem("say which: lnf spells show NAME")])
        try:
            spell = spellbook().find(" ".join(words[1:]))
        except Refused as exc:
            problem = InputProblem(exc.message, hint="lnf spells SEARCH lists them", rule="F7")
            raise InputError("command line", [problem]) from None
        _show(spell, caster_level, mod, as_json)
        return
    found = search(" ".join(words), cls=cls, level=level)
    if as_json:
        keys = ("name", "level", "school", "casting_time", "cost", "concentration", "classes")
        echo_json([{k: s[k] for k in keys} for s in found])
        return
    if not found:
        wanted = " ".join(words)
        said = [f"whose name holds {wanted!r}"] if wanted else []
        said += [f"on the {cls} list"] if cls else []
        said += [f"of level {level}"] if level is not None else []
        click.echo(f"No spell {' '.join(said) or 'found'}.")
        return
    from lnf.views.spells_text import spell_list

    click.echo(spell_list(found))
    click.echo(f"\n{len(found)} found. lnf spells show NAME prints one; {SHORT}.")


def _show(spell: dict[str, Any], caster_level: int | None, mod: int, as_json: bool) -> None:
    from lnf.formats.spellbook import fields_of
    from lnf.rules.sheets import proficiency
    from lnf.rules.spellcasting import Caster

    if caster_level is None:  # a full caster has a slot of level L at character level 2L - 1
        caster_level = max(1, 2 * spell["level"] - 1)
    caster = Caster(cls="", level=caster_level, mod=mod, proficiency=proficiency(caster_level))
    if as_json:
        played = fields_of(spell, caster)
        echo_json({"spell": spell, "as_played": played, "attribution": ATTRIBUTION})
        return
    from lnf.views.spells_text import spell_text

    click.echo(spell_text(spell, caster, min(terminal_width(), 100)))
