"""The `lnf` command: thin click commands over the library.

Every `LnfError` becomes a message and an exit code here, in one place (2: the input cannot
be read; 1: rules are broken). Commands that do not solve never import OR-Tools.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from lnf.errors import InputError, LnfError


class LnfGroup(click.Group):
    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except InputError as err:
            click.echo(err.describe(), err=True)
            sys.exit(err.exit_code)
        except LnfError as err:
            click.echo(f"lnf: {err}", err=True)
            sys.exit(err.exit_code)


@click.group(cls=LnfGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="lnf")
def main() -> None:
    """Late Night Fighting for D&D 5e: the pencil grid, the monsters' plan and the fight."""


# The command modules register themselves on `main`.
from lnf.cli import (  # noqa: E402
    area_commands,
    dice_commands,
    grid_commands,
    plan_commands,
    play_commands,
    record_commands,
)

__all__ = [
    "area_commands",
    "dice_commands",
    "grid_commands",
    "main",
    "plan_commands",
    "play_commands",
    "record_commands",
]
