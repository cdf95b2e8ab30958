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
