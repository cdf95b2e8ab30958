"""What `--plot` adds to an `lnf odds --vary` run: the same command with and without it, each a
fresh process, in alternated pairs, CPU time (this process's children: user + system); the
median of the pairs' ratios. The run without --plot prints the text chart instead; both play the
same fights (the --json of each value is checked equal once).

    .venv/bin/python bench/vary_plot.py [--fights 20] [--pairs 5]

Prints the figures; asserts nothing but that the numbers agree.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OGRE = ROOT / "examples" / "ogre-at-the-bridge.yaml"


def cpu_of(args: list[str]) -> float:
    """CPU seconds of `lnf ARGS` run as a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, "-m", "lnf", *args], check=True, stdout=subprocess.DEVNULL, cwd=ROOT
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=20)
    parser.add_argument("--pairs", type=int, default=5)
    args = parser.parse_args()
    run = ["odds", str(OGRE), "--vary", "goblin.count=1..9", "--fights", str(args.fights)]
    run += ["--quiet"]
    with tempfile.TemporaryDirectory() as folder:
        picture = os.path.join(folder, "goblins.png")
        text = json.loads(subprocess.check_output([sys.executable, "-m", "lnf", *run, "--json"]))
        drawn = subprocess.check_output(
            [sys.executable, "-m", "lnf", *run, "--json", "--plot", picture]
        )
        assert json.loads(drawn) == text, "--plot must not change the numbers"
        ratios, plain, plotted = [], [], []
        for _ in range(args.pairs):
            plain.append(cpu_of(run))
            plotted.append(cpu_of([*run, "--plot", picture]))
            ratios.append(plotted[-1] / plain[-1])
    print(
        f"lnf odds ogre --vary goblin.count=1..9 --fights {args.fights}: "
        f"{statistics.median(plain):.2f} s CPU without --plot, "
        f"{statistics.median(plotted):.2f} s with it (medians of {args.pairs}); --plot adds "
        f"{statistics.median(ratios) - 1:.1%} (median of the paired ratios "
        f"{statistics.median(ratios):.3f} ×, {min(ratios):.3f}–{max(ratios):.3f}); "
        "the same numbers"
    )


if __name__ == "__main__":
    main()
