"""Options and helpers shared by several commands, defined once."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from lnf.views.style import Style

if TYPE_CHECKING:
    from collections.abc import Callable

    from lnf.dice.roll import DiceSource
    from lnf.model import Fight
    from lnf.session import Session

# One path type for every file argument and option: a type holds no state of its own, and each
# `click.Path` made asks gettext for its name ("file"), about 60 µs (start-up).
file_path = click.Path(path_type=Path, dir_okay=False)
fight_argument = click.argument("fight_file", metavar="FIGHT", type=file_path)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for programs.")
seed_option = click.option(
    "--seed",
    type=click.IntRange(0, 2**63 - 1),
    help="Dice seed for a new fight log (default: a random one, recorded).",
)


def terminal_style() -> Style:
    """Colour only on a terminal and never with NO_COLOR set (no-color.org)."""
    return Style(sys.stdout.isatty() and not os.environ.get("NO_COLOR"))


def terminal_width() -> int:
    """COLUMNS if set, else the terminal's width, else 120 (as shutil.get_terminal_size does,
    without importing shutil: start-up time)."""
    try:
        columns = int(os.environ.get("COLUMNS", "0")) or os.get_terminal_size(1).columns
    except (ValueError, OSError):
        columns = 120
    return max(60, columns)


def echo_json(data: Any) -> None:
    import json

    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def opened(fight_file: Path, *, record: bool = True) -> Session:
    """The fight file and its log, the log locked (`record`) until the command ends. What the
    user should know about the log (a torn line set aside…) goes to stderr."""
    from lnf.session import open_fight

    session = open_fight(fight_file, record=record)
    click.get_current_context().call_on_close(session.close)
    for warning in session.warnings:
        click.echo(f"lnf: warning: {warning}", err=True)
    return session


def current_fight(fight_file: Path, *, every_warning: bool = False) -> Fight:
    """The state now: the fight file plus every event in its log. With `every_warning`
    (`lnf check`), what the fight file assumes is said even once the fight has begun."""
    return current_state(fight_file, every_warning=every_warning)[0]


def current_state(
    fight_file: Path, *, every_warning: bool = False
) -> tuple[Fight, Callable[[str], DiceSource] | None]:
    """The state now, and the log's dice by what they roll (None before the fight has a seed):
    what a round's start rolls (B2's recharge dice) is previewed with them."""
    from lnf.session import unlogged_fight

    unlogged = unlogged_fight(fight_file)
    if unlogged is not None:
        alone, warned = unlogged
        for said in warned:  # what a missing value was taken to be
            click.echo(f"lnf: warning: {said}", err=True)
        return alone, None  # no log: its machinery and the engine's stay unloaded (start-up)
    session = opened(fight_file, record=False)
    if every_warning and session.log is not None and session.log.lines:
        from lnf.formats.fight_file import assumed  # the other commands: until the fight began

        for said in assumed(fight_file):
            click.echo(f"lnf: warning: {said}", err=True)
    if session.table.events:
        n = len(session.table.events)
        said = f"{n} event" if n == 1 else f"{n} events"  # no wording import: start-up time
        click.echo(f"(the state after {said} in {session.log_file.name})", err=True)
    return session.fight, session.table.dice if session.table.seed is not None else None
