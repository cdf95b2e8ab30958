"""Start-up, stop 36 (goal 4): `show`'s, `check`'s and `init`'s file arguments and options share
one `click.Path` (each one made asks gettext for its name): the same type as each had."""

from __future__ import annotations

from pathlib import Path

import click
import pytest

from lnf.cli.grid_commands import check, init, show
from lnf.cli.options import file_path


@pytest.mark.parametrize(
    ("command", "name"),
    [
        (show, "fight_file"),
        (show, "output"),
        (check, "fight_file"),
        (check, "plan_file"),
        (init, "path"),
    ],
)
def test_one_path_type_as_each_had_its_own(command: click.Command, name: str) -> None:
    param = next(p for p in command.params if p.name == name)
    own = click.Path(path_type=Path, dir_okay=False)
    assert param.type is file_path
    assert param.type.to_info_dict() == own.to_info_dict()
    assert vars(param.type) == vars(own)
