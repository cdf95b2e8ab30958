"""Start-up in CPU time, this tree against another copy of lnf (the code before a change) and
against Python itself, as whole commands run in turn: new, old, `python -c pass`, new, old, …

    .venv/bin/python bench/startup_pairs.py --before ../lnf-before [--runs 41] [show X1]

Each command's CPU time is its process's own (user + system, from the operating system), so a
machine shared with other jobs slows the wall clock more than these; the ratios are medians of
ratios taken run by run. Both copies run with this venv's Python and packages, each with its own
tree first on PYTHONPATH (and not the working folder: `-P`); bytecode is written and read,
and each command runs once first.
The arguments after the options are lnf's (default: `show` of X1).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
X1 = ROOT / "examples" / "wight-and-skeletons.yaml"
CODE = "import sys; from lnf.cli import main; sys.exit(main())"


def cpu(command: list[str], env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the other copy of lnf")
    parser.add_argument("--runs", type=int, default=41)
    parser.add_argument("args", nargs=argparse.REMAINDER, help="lnf's arguments (default: show X1)")
    options = parser.parse_args()
    words = options.args or ["show", str(X1)]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    python = [sys.executable, "-P", "-c"]  # -P: not the working folder's lnf, PYTHONPATH's
    commands = {
        "now": ([*python, CODE, *words], dict(env, PYTHONPATH=str(ROOT))),
        "before": ([*python, CODE, *words], dict(env, PYTHONPATH=str(options.before.resolve()))),
        "python": ([*python, "pass"], env),
    }
    for command, its_env in commands.values():
        cpu(command, its_env)  # bytecode written, caches warm
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(options.runs):
        for name, (command, its_env) in commands.items():
            times[name].append(cpu(command, its_env))

    def ratio(a: str, b: str) -> float:
        return statistics.median(x / y for x, y in zip(times[a], times[b], strict=True))

    median = {name: statistics.median(t) * 1000 for name, t in times.items()}
    print(f"`lnf {' '.join(words[:1])}`, {options.runs} runs of each, CPU time")
    print()
    print("| measure | median |")
    print("|---|---|")
    print(f"| now | {median['now']:.1f} ms |")
    print(f"| before | {median['before']:.1f} ms |")
    print(f"| `python -c pass` | {median['python']:.1f} ms |")
    print(f"| now / `python -c pass` | {ratio('now', 'python'):.2f} × |")
    print(f"| before / `python -c pass` | {ratio('before', 'python'):.2f} × |")
    print(f"| now / before | {ratio('now', 'before'):.3f} × |")


if __name__ == "__main__":
    main()
