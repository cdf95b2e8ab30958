"""How quickly lnf's commands start, against Python itself and against loading OR-Tools.

    .venv/bin/python bench/startup.py [--runs 21]

Each pair of commands runs in turn, A B A B …, as whole processes; the table gives each
command's median wall time and the median of the pair-by-pair ratios (a ratio of two runs
made a moment apart holds when the machine's speed drifts). Bytecode is written and read, as
on a user's machine (PYTHONDONTWRITEBYTECODE is dropped), and each command runs once first,
so Python's caches and lnf's parse cache are warm.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
X1 = ROOT / "examples" / "wight-and-skeletons.yaml"
PYTHON = sys.executable
LNF = str(Path(PYTHON).with_name("lnf"))


def timed(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True
    )
    return time.perf_counter() - started


def pair(a: list[str], b: list[str], runs: int, env: dict[str, str]) -> tuple[float, float, float]:
    """Median wall time of a, of b, and the median of a/b over runs made side by side."""
    timed(a, env), timed(b, env)  # warm-up: bytecode, caches
    times_a, times_b = [], []
    for _ in range(runs):
        times_a.append(timed(a, env))
        times_b.append(timed(b, env))
    ratios = [x / y for x, y in zip(times_a, times_b, strict=True)]
    return statistics.median(times_a), statistics.median(times_b), statistics.median(ratios)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    runs = parser.parse_args().runs
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        env["XDG_CACHE_HOME"] = str(Path(tmp) / "cache")
        played = Path(tmp) / "x1.yaml"
        shutil.copy(X1, played)
        subprocess.run(
            [LNF, "run", str(played), "--seed", "5", "--record"],
            env=env,
            stdout=subprocess.DEVNULL,
            check=True,
        )
        nothing = [PYTHON, "-c", "pass"]
        cp_sat = [PYTHON, "-c", "from ortools.sat.python import cp_model"]
        rows = [
            ("lnf show X1", [LNF, "show", str(X1)], nothing, "python -c pass"),
            ("lnf check X1", [LNF, "check", str(X1)], nothing, "python -c pass"),
            (
                "lnf show X1, with a log of 37 events",
                [LNF, "show", str(played)],
                nothing,
                "python -c pass",
            ),
            ("lnf show X1, parse cache off", [LNF, "show", str(X1)], nothing, "python -c pass"),
            ("lnf plan X1 (with P5's reasons)", [LNF, "plan", str(X1)], cp_sat, "importing CP-SAT"),
        ]
        print(f"{runs} runs of each, side by side; Python {sys.version.split()[0]}")
        print()
        print("| command | median | against | its median | ratio (median) |")
        print("|---|---|---|---|---|")
        for name, a, b, against in rows:
            use = dict(env, LNF_CACHE="off") if "cache off" in name else env
            t_a, t_b, ratio = pair(a, b, runs, use)
            times = f"{t_a * 1000:.0f} ms | {against} | {t_b * 1000:.0f} ms"
            print(f"| `{name}` | {times} | {ratio:.2f} × |")


if __name__ == "__main__":
    main()
