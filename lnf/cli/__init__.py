"""The `lnf` command: thin click commands over the library.

Every `LnfError` becomes a message and an exit code here, in one place (2: the input cannot be
read, the request is refused, the disk is full or a package lnf needs is missing from this
Python; 1: rules are broken or no plan exists; 3: the solver ran out of time). Ctrl-C stops
with 130, keeping all that was recorded. Anything else is a bug in lnf: one line says so (exit
70) and names the file that holds the traceback. Commands are loaded only when called (click's
lazy-group pattern), so `lnf show` never imports the play or plan machinery, and only the
commands that plan load OR-Tools.
"""

from __future__ import annotations

import gc

_COLLECTING = gc.isenabled()
gc.disable()  # while lnf loads (see `_load`); frozen and on again at the end of this module

import errno  # noqa: E402
import importlib  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from typing import Any, NoReturn  # noqa: E402

import click  # noqa: E402

from lnf.cli.terminal import escaped, use_stand_ins  # noqa: E402
from lnf.errors import InputError, LnfError  # noqa: E402

# CP-SAT's Python layer loads numpy, whose OpenBLAS starts a thread per core that spins a
# while after loading; lnf does no linear algebra, so it asks for one (a user's own setting
# wins). `lnf odds X1 --fights 300`: about 0.1 s less CPU, a sixth of importing CP-SAT.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

BUG_EXIT = 70  # EX_SOFTWARE: an internal error
INTERRUPTED_EXIT = 130  # 128 + SIGINT, as shells report Ctrl-C
DISK_FULL_EXIT = 2  # the request could not be carried out, as with bad input
NOT_INSTALLED_EXIT = 2  # likewise: lnf cannot do it in this Python
BROKEN_PIPE_EXIT = 141  # 128 + SIGPIPE, as shells report a reader that went away

# name → "module:function"; `lnf --help` lists them, only the one called is imported.
COMMANDS = {
    "act": "lnf.cli.table_commands:act",
    "area": "lnf.cli.area_commands:area",
    "check": "lnf.cli.grid_commands:check",
    "damage": "lnf.cli.record_commands:damage",
    "drop": "lnf.cli.record_commands:drop",
    "flee": "lnf.cli.record_commands:flee",
    "heal": "lnf.cli.record_commands:heal",
    "init": "lnf.cli.grid_commands:init",
    "log": "lnf.cli.log_commands:log",
    "mark": "lnf.cli.record_commands:mark",
    "monsters": "lnf.cli.monster_commands:monsters",
    "move": "lnf.cli.record_commands:move",
    "next": "lnf.cli.table_commands:next_",
    "odds": "lnf.cli.odds_commands:odds",
    "plan": "lnf.cli.plan_commands:plan",
    "play": "lnf.cli.solo_commands:play",
    "react": "lnf.cli.table_commands:react",
    "redo": "lnf.cli.log_commands:redo",
    "rename": "lnf.cli.log_commands:rename",
    "repair": "lnf.cli.log_commands:repair",
    "roll": "lnf.cli.dice_commands:roll_command",
    "round": "lnf.cli.table_commands:round_",
    "rules": "lnf.cli.rules_commands:rules",
    "run": "lnf.cli.play_commands:run",
    "schema": "lnf.cli.grid_commands:schema",
    "serve": "lnf.cli.serve_commands:serve",
    "show": "lnf.cli.grid_commands:show",
    "speed": "lnf.cli.table_commands:speed",
    "spells": "lnf.cli.spell_commands:spells",
    "start": "lnf.cli.play_commands:start",
    "undo": "lnf.cli.log_commands:undo",
}


class LnfGroup(click.Group):
    """Loads a command's module when the command is called, and maps lnf's errors to
    messages and exit codes."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        command = _load(COMMANDS[cmd_name])
        assert isinstance(command, click.Command), COMMANDS[cmd_name]
        return command

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta["lnf.words"] = list(args)  # the command as typed, for a bug report
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        use_stand_ins()
        words = ["lnf", *ctx.meta.get("lnf.words", [])]  # for a bug report
        try:
            return super().invoke(ctx)
        except InputError as err:
            click.echo(escaped(err.describe()), err=True)
            sys.exit(err.exit_code)
        except LnfError as err:
            click.echo(escaped(f"lnf: {err}"), err=True)
            sys.exit(err.exit_code)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise  # click's own: usage errors, --help, its own aborts
        except BrokenPipeError:  # `lnf show | head`: the reader stopped, nothing is wrong
            from lnf.formats.files import silence_stdout

            silence_stdout()
            sys.exit(BROKEN_PIPE_EXIT)
        except OSError as err:
            if err.errno not in (errno.ENOSPC, errno.EDQUOT):
                _report_bug(err, words)
            _disk_full(err)
        except KeyboardInterrupt:
            click.echo("\nlnf: stopped (Ctrl-C); everything recorded so far is kept.", err=True)
            sys.exit(INTERRUPTED_EXIT)
        except ImportError as err:
            if not _not_installed(err):
                _report_bug(err, words)
            _missing_package(err)
        except Exception as err:  # the last line of defence: a bug, said as one
            _report_bug(err, words)


_frozen = False  # the first command's start-up frozen (counting frozen objects walks them all)


def _load(where: str) -> Any:
    """A command's module, imported with the collector paused. What lnf loads to start (click,
    its modules, classes, functions: thousands of objects, none of them garbage) lives as long
    as the process, so it is frozen out of the collector's sight (`gc.freeze`) as this module
    is loaded and again once the first command is: neither the collections during the command
    nor the one at exit walk through it again. What the command makes is collected as ever.
    About a fifth of `lnf show`'s time (docs/performance.md)."""
    global _frozen
    module, name = where.split(":")
    collecting = gc.isenabled()
    gc.disable()
    try:
        return getattr(importlib.import_module(module), name)
    finally:
        if not _frozen:
            gc.freeze()
            _frozen = True
        if collecting:
            gc.enable()


def _disk_full(err: OSError) -> NoReturn:
    """A write the full disk refused, outside the log (which says how far it is kept itself):
    a plot, a file set aside, the output sent to a full device."""
    where = f" ({err.filename})" if err.filename else ""
    if err.filename is None:  # stdout itself: Python's own flush at exit must not fail again
        from lnf.formats.files import silence_stdout

        silence_stdout()
    click.echo(
        escaped(
            f"lnf: the disk is full{where}; what was recorded before is kept. Free some space"
            " and run the command again."
        ),
        err=True,
    )
    sys.exit(DISK_FULL_EXIT)


def _not_installed(err: ImportError) -> bool:
    """Whether a failed import is of a package lnf needs rather than of lnf's own code: the
    installation is broken (OR-Tools, click or PyYAML missing, or one of theirs), not lnf."""
    return bool(err.name) and str(err.name).partition(".")[0] != "lnf"


def _missing_package(err: ImportError) -> NoReturn:
    """A package lnf needs, missing or broken in this Python: said as such, with the way to
    mend it, not as a bug in lnf (no report is written: there is nothing to send)."""
    package = str(err.name).partition(".")[0]
    click.echo(
        escaped(
            f"lnf: a package lnf needs is missing or broken in this Python ({package}: {err});"
            " run the lnf of the venv it was installed in, or install it with what it needs"
            " (pip install -e . in lnf's folder); what was recorded before is kept."
        ),
        err=True,
    )
    sys.exit(NOT_INSTALLED_EXIT)


def _report_bug(err: Exception, words: list[str]) -> NoReturn:
    """One line for the user, the traceback in a file for the report."""
    import shlex
    import traceback

    from lnf.formats.files import write_bug_report

    details = "".join(traceback.format_exception(err))
    where = write_bug_report(f"{shlex.join(words)}\n\n{details}")
    click.echo(
        escaped(
            f"lnf: this is a bug in lnf, not in your files ({type(err).__name__}: {err}); "
            f"the details are in {where}: please send them with your report"
        ),
        err=True,
    )
    sys.exit(BUG_EXIT)


@click.group(cls=LnfGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="lnf")
def main() -> None:
    """Late Night Fighting for D&D 5e: the pencil grid, the monsters' plan and the fight."""


gc.freeze()  # start-up so far: see `_load`
if _COLLECTING:
    gc.enable()
