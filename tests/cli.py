"""Running the `lnf` command in-process for tests."""

from __future__ import annotations

from click.testing import CliRunner

from lnf.cli import main


def run(*args: str) -> tuple[int, str]:
    """Exit code and output (stdout and stderr) of `lnf ARGS`."""
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def stdout_of(*args: str) -> str:
    """Only what `lnf ARGS` prints on stdout (for --json)."""
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def ctrl_c_as_at_a_terminal() -> None:
    """A child's Ctrl-C as a user's terminal gives it (`preexec_fn` of a Ctrl-C test): a suite
    started as a background job (`pytest &`) has SIGINT ignored, and a child inherits that
    (POSIX), so no Ctrl-C would reach lnf."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
