"""Options shared by several commands, defined once."""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from lnf.io.style import Style
from lnf.model import Fight
from lnf.play.table import Opened, open_table

F = TypeVar("F", bound=Callable[..., Any])

fight_argument = click.argument(
    "fight_file", metavar="FIGHT", type=click.Path(path_type=Path, dir_okay=False)
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for programs.")


def terminal_style() -> Style:
    """Colour only on a terminal and never with NO_COLOR set (no-color.org)."""
    return Style(sys.stdout.isatty() and not os.environ.get("NO_COLOR"))


def terminal_width() -> int:
    return max(60, shutil.get_terminal_size((120, 40)).columns)


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def opened(fight_file: Path, *, record: bool = True) -> Opened:
    """The fight file and its log (warnings about a damaged log go to stderr)."""
    found = open_table(fight_file, record=record)
    for warning in found.warnings:
        click.echo(f"lnf: warning: {warning}", err=True)
    return found


def current_fight(fight_file: Path) -> Fight:
    """The state now: the fight file plus every event in its log."""
    found = opened(fight_file, record=False)
    if found.table.events:
        n = len(found.table.events)
        click.echo(f"(the state after {n} events in {found.log.name})", err=True)
    return found.table.fight
