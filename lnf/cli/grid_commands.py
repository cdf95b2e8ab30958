"""`lnf show`, `lnf check`, `lnf init`, `lnf schema`: the grid without solving."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

# `show` and `check` always read a fight (lnf.session, through `current_fight`), check its state
# and draw it: what they use is loaded with them, so frozen with the rest of start-up and not
# walked again by the collector (lnf.cli._load).
import lnf.session  # noqa: F401
from lnf.cli.options import (
    current_fight,
    echo_json,
    fight_argument,
    file_path,
    json_option,
    opened,
    terminal_style,
    terminal_width,
)
from lnf.errors import InputError, InputProblem, Refused
from lnf.model import Fight
from lnf.rules.budget import budget, budget_line
from lnf.rules.state_check import check_state
from lnf.views.grid import render_show

if TYPE_CHECKING:
    from lnf.model.plan import Plan  # only `check --plan` has one


def page_options(command: Any) -> Any:
    """The players' page's options (`lnf show --html`, `lnf serve`)."""
    command = click.option(
        "--monster-hp",
        type=click.Choice(["words", "damage"]),
        help="How players see monsters' hit points: words (unhurt … down, the default) or the "
        "damage taken (G6).",
    )(command)
    return click.option(
        "--dm", is_flag=True, help="The DM's page: everything, hidden monsters and hp too."
    )(command)


@click.command()
@fight_argument
@json_option
@click.option("--html", "as_html", is_flag=True, help="The players' page: one HTML file.")
@click.option(
    "-o",
    "--output",
    type=file_path,
    help="With --html: write the page to this file (else it is printed).",
)
@page_options
def show(
    fight_file: Path,
    as_json: bool,
    as_html: bool,
    output: Path | None,
    dm: bool,
    monster_hp: str | None,
) -> None:
    """Draw the grid of FIGHT, its target order (T2), its groups and every problem.

    With --html, the page the players may see (monsters' hit points as words, hidden monsters
    and the DM's notes left out; --dm shows all), self-contained: open it with no network."""
    if not as_html and (output is not None or dm or monster_hp is not None):
        raise click.UsageError("-o/--output, --dm and --monster-hp go with --html")
    if as_html and as_json:
        raise click.UsageError("--html or --json, not both")
    if as_html:
        _show_html(fight_file, output, dm, monster_hp or "words")
        return
    fight = current_fight(fight_file)
    problems = check_state(fight)
    if as_json:
        from lnf.views.report import show_data

        echo_json(show_data(fight, problems))
    else:
        click.echo(render_show(fight, problems, terminal_style(), terminal_width()))
        if budget(fight) is not None:  # heroes with a level, monsters with XP: else silent
            click.echo(f"\n{budget_line(fight)} (lnf odds plays the fight for the other answer)")


def _show_html(fight_file: Path, output: Path | None, dm: bool, monster_hp: str) -> None:
    """`lnf show --html`: the page from the state now, printed or written whole to `output`."""
    from lnf.cli.table_commands import awaited
    from lnf.formats.files import write_page
    from lnf.views.page import page_data
    from lnf.views.page_hp import MonsterHp
    from lnf.views.page_html import render_page

    session = opened(fight_file, record=False)
    fight, records = session.fight, list(session.table.in_force)
    data = page_data(
        fight,
        records,
        dm=dm,
        hp=MonsterHp(monster_hp),
        source=fight_file.stem,
        waits=awaited(session),  # B3, B7: after the state is read (it plays on, dry)
    )
    html = render_page(data)
    if output is None:
        click.echo(html, nl=False)
        return
    write_page(output, html, fight_file)
    click.echo(f"Wrote {output}: open it in a browser (no network needed).")


@click.command()
@fight_argument
@json_option
@click.option(
    "--plan",
    "plan_file",
    type=file_path,
    help="Also check a plan written by hand (P7) and compare it with the best plan.",
)
def check(fight_file: Path, as_json: bool, plan_file: Path | None) -> None:
    """Check FIGHT against every state rule; exit 0 legal, 1 broken rules, 2 unreadable.

    With --plan, check the DM's plan against P2 too and say where it falls short of the best.
    """
    try:
        fight = current_fight(fight_file, every_warning=True)  # a check says every warning
        plan = None
        if plan_file is not None:
            from lnf.formats.written_orders import load_plan  # only --plan needs the plan machinery

            plan = load_plan(plan_file, fight)
    except InputError as err:
        if not as_json:
            raise
        from lnf.views.report import input_error_data  # only --json: start-up time

        echo_json({"legal": False, **input_error_data(err)})
        sys.exit(err.exit_code)
    problems = check_state(fight)
    if plan is not None and plan_file is not None and not problems:
        _check_plan(fight, plan, plan_file, as_json)
        return
    lines = _entry_lines(fight_file) if problems else {}
    if as_json:
        from lnf.views.problems import violation_line
        from lnf.views.report import violation_data

        said = [{**violation_data(v), "line": violation_line(v, lines)} for v in problems]
        echo_json({"legal": not problems, "problems": said})
    else:
        from lnf.views.problems import render_problems

        click.echo(render_problems(problems, terminal_style(), fight_file.name, lines))
    sys.exit(1 if problems else 0)


def _entry_lines(fight_file: Path, plan: bool = False) -> dict[str, int]:
    """Where each combatant is written, for the rules it breaks (read again only then); with
    `plan`, where each monster's order is written in the plan file (P7)."""
    from lnf.formats.fight_file import entry_lines
    from lnf.formats.written_orders import order_lines

    try:
        return order_lines(fight_file) if plan else entry_lines(fight_file)
    except InputError:  # read once already: not expected, and the lines are only a help
        return {}


@click.command()
@click.argument("path", required=False, type=file_path)
@click.option("--force", is_flag=True, help="Overwrite PATH if it exists.")
@click.option(
    "--hero",
    "classes",
    multiple=True,
    metavar="CLASS",
    help="A commented hero sheet of this class instead (repeat it, or `all`).",
)
@click.option("--level", type=click.IntRange(1, 20), default=1, show_default=True)
def init(path: Path | None, force: bool, classes: tuple[str, ...], level: int) -> None:
    """Write a commented starter fight file to PATH (or print it); with --hero, hero sheets
    (class and level) to paste under `heroes:`."""
    from lnf.formats.files import atomic_write_text
    from lnf.formats.templates import BUILDS, hero_sheets, starter_fight

    text = starter_fight()
    if classes:
        wanted = sorted(BUILDS) if "all" in [c.lower() for c in classes] else list(classes)
        unknown = [c for c in wanted if c.lower() not in BUILDS]
        if unknown:
            from lnf.rules.names import suggestion

            near = suggestion(unknown[0], sorted(BUILDS))
            problem = InputProblem(
                f"no class {unknown[0]!r}" + (f"; {near}" if near else ""),
                "--hero",
                hint="classes: " + ", ".join(sorted(BUILDS)),
            )
            raise InputError("command line", [problem])
        text = hero_sheets([c.lower() for c in wanted], level)
    if path is None:
        click.echo(text, nl=False)
        return
    try:
        written = atomic_write_text(path, text, overwrite=force)
    except OSError as exc:
        raise InputError(str(path), [InputProblem(f"cannot write: {exc.strerror}")]) from None
    if not written:
        raise Refused(f"{path} exists; use --force to overwrite it")
    click.echo(f"Wrote {path}. Edit it, then: lnf show {path}")


@click.command()
def schema() -> None:
    """Print the JSON Schema of the fight file (for editor completion)."""
    from lnf.formats.fight_writer import fight_schema

    echo_json(fight_schema())


def _check_plan(fight: Fight, plan: Plan, plan_file: Path, as_json: bool) -> None:
    from lnf.rules.plan_check import check_plan
    from lnf.rules.plan_compare import shortfall
    from lnf.solver import solve_plan
    from lnf.views.problems import violation_line
    from lnf.views.report import violation_data

    problems = check_plan(fight, plan)
    lines = _entry_lines(plan_file, plan=True) if problems else {}  # P7: each order's line
    shortfall_text: list[str] = []
    if not problems:
        best = solve_plan(fight, explain=False).plan
        shortfall_text = shortfall(fight, plan, best)
    if as_json:
        echo_json(
            {
                "legal": not problems,
                "problems": [
                    {**violation_data(v), "line": violation_line(v, lines)} for v in problems
                ],
                "shortfall": shortfall_text,
            }
        )
    else:
        from lnf.views.problems import render_problems

        style = terminal_style()
        if problems:
            click.echo(render_problems(problems, style, plan_file.name, lines))
        elif shortfall_text:
            click.echo(style("The plan is legal but not the best:", "yellow"))
            click.echo("\n".join(f"  {line}" for line in shortfall_text))
        else:
            click.echo(style("The plan is legal and as good as the best plan (P3, P4).", "green"))
    sys.exit(1 if problems else 0)
