"""Running the `lnf` command in-process for tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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


def to_turn_of(hero: str, fight_file: Path, text: str, seed: int, turns: int = 40) -> str:
    """Write `text` to `fight_file` and play it with `lnf next` until `hero`'s turn begins (at
    most `turns` turns, so that a question nobody answers fails the test, not hangs it)."""
    fight_file.write_text(text, encoding="utf-8")
    out = run("next", str(fight_file), "--seed", str(seed))[1]
    for _ in range(turns):
        if f"It is {hero}'s turn" in out:
            return str(fight_file)
        out = run("next", str(fight_file))[1]
    raise AssertionError(f"{hero}'s turn did not come: {out}")


def ctrl_c_as_at_a_terminal() -> None:
    """A child's Ctrl-C as a user's terminal gives it (`preexec_fn` of a Ctrl-C test): a suite
    started as a background job (`pytest &`) has SIGINT ignored, and a child inherits that
    (POSIX), so no Ctrl-C would reach lnf."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def loaded_by(args: list[str], names: tuple[str, ...]) -> set[str]:
    """Which of the modules NAMES `lnf ARGS` imports, run in an interpreter of its own (the
    start-up goal: what a command loads for nothing)."""
    code = (
        "import sys; from lnf.cli import main\n"
        "try: main(sys.argv[1:])\n"
        "except SystemExit as exit: assert not exit.code, exit.code\n"
        f"print('loaded:', *(m for m in {names!r} if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=True
    )
    return set(out.stdout.splitlines()[-1].split()[1:])
