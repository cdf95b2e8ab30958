"""Issue 24's whole commands in CPU time, each paired against importing CP-SAT (the floor every
solving command pays) and, with --before, against another copy of lnf (the code before a change):

    .venv/bin/python bench/commands.py [--pairs 5] [--before ../lnf-before] [--only run|odds]

Two commands: `lnf odds X1 --fights 300 --jobs 1` (goal ≤ 2.5 ×) and `lnf run` of a generated
20 × 150 battle with `--rounds 1` (goal ≤ 4 ×). Each run is a fresh process (user + system time
of it and its children, from the operating system), the floor run just before it; the figures
are medians of the ratios taken pair by pair, the first pair dropped (caches warming). Both
copies run with this venv's Python and packages, each with its own tree first on PYTHONPATH.
Prints the figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOOR = ["-c", "import ortools.sat.python.cp_model"]


def cpu(args: list[str], tree: Path | None = None) -> float:
    """CPU seconds of `python ARGS` as a child process, with `tree` first on its path."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, "-P", *args],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=True,
        cwd=tempfile.gettempdir(),
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def battle(folder: Path) -> Path:
    """A generated 20 × 150 battle in mid-round (`tests.grids.grid`, seed 1), as a fight file."""
    sys.path.insert(0, str(ROOT))
    from lnf.formats.fight_writer import dump_fight
    from tests.grids import grid

    path = folder / "battle.yaml"
    path.write_text(dump_fight(grid(20, 150, 1)), encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--before", type=Path, help="another copy of lnf to pair against")
    parser.add_argument("--only", choices=["odds", "run"], help="time one of the two commands")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        fight = battle(Path(folder))
        commands = {
            "lnf odds X1 --fights 300 --jobs 1": lambda tree: [
                "-m",
                "lnf",
                "odds",
                str(tree / "examples" / "wight-and-skeletons.yaml"),
                "--fights",
                "300",
                "--jobs",
                "1",
                "--quiet",
            ],
            "lnf run (20 × 150) --rounds 1": lambda tree: [
                "-m",
                "lnf",
                "run",
                str(fight),
                "--rounds",
                "1",
                "--seed",
                "1",
            ],
        }
        print("| command | ÷ importing CP-SAT | before ÷ importing CP-SAT | ÷ before |")
        print("|---|---|---|---|")
        for name, command in commands.items():
            if args.only is not None and f"lnf {args.only} " not in name:
                continue
            now, old, pair = [], [], []
            for _ in range(args.pairs + 1):
                mine = cpu(command(ROOT), ROOT) / cpu(FLOOR)
                now.append(mine)
                if args.before is not None:
                    theirs = cpu(command(args.before), args.before) / cpu(FLOOR)
                    old.append(theirs)
                    pair.append(mine / theirs)
            line = f"| `{name}` | {statistics.median(now[1:]):.2f} × |"
            if args.before is not None:
                both = statistics.median(old[1:]), statistics.median(pair[1:])
                line += f" {both[0]:.2f} × | {both[1]:.3f} × |"
            else:
                line += " | |"
            print(line, flush=True)
    print(f"\n(medians of {args.pairs} pairs, CPU time, the first pair dropped)")


if __name__ == "__main__":
    main()
