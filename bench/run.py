"""How long `lnf run` takes for the example fights, and how much of it is solving.

    .venv/bin/python bench/run.py

For each example: the wall time of the whole command in a fresh process (start-up included,
median of 5), and in-process the time spent in the planner (CP-SAT) against the rest (rules,
dice, transcript). Prints a Markdown table; nothing here asserts a time.
"""

from __future__ import annotations

import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lnf.engine.runner import Runner
from lnf.heroes.script import ScriptedHeroes
from lnf.model import Fight
from lnf.model.plan import Plan
from lnf.session import fight_alone
from lnf.solver import solve_plan

ROOT = Path(__file__).resolve().parent.parent
RUNS = 5


def command(script: Path) -> list[str]:
    head = script.read_text(encoding="utf-8").splitlines()[0]
    start = head.index("`lnf run ") + 1
    return shlex.split(head[start : head.index("`", start)])


def in_process(args: list[str]) -> tuple[float, float, int, int]:
    """(total seconds, planner seconds, plans, events) for one run without the CLI."""
    fight_path = ROOT / args[2]
    seed = int(args[args.index("--seed") + 1])
    script_path = ROOT / args[args.index("--script") + 1]
    solving = 0.0
    plans = 0

    def planner(fight: Fight) -> Plan:
        nonlocal solving, plans
        started = time.perf_counter()
        plan = solve_plan(fight, explain=False).plan
        solving += time.perf_counter() - started
        plans += 1
        return plan

    started = time.perf_counter()
    session = fight_alone(fight_path)
    script = session.script(script_path)
    runner = Runner(session.table, ScriptedHeroes(script), planner, lambda _: None)
    runner.begin(seed)
    runner.play()
    return time.perf_counter() - started, solving, plans, len(session.table.events)


def import_cost() -> float:
    """Median wall time of a fresh process that only loads OR-Tools CP-SAT."""
    walls = []
    for _ in range(RUNS):
        started = time.perf_counter()
        load = "import ortools.sat.python.cp_model"
        subprocess.run([sys.executable, "-c", load], check=True, capture_output=True)
        walls.append(time.perf_counter() - started)
    return statistics.median(walls)


def main() -> None:
    print(f"A fresh process that only imports OR-Tools CP-SAT: {import_cost() * 1000:.0f} ms.\n")
    print("| example | `lnf run` wall (process) | in-process total | solving | plans | events |")
    print("|---|---|---|---|---|---|")
    for script in sorted((ROOT / "examples").glob("*.actions")):
        args = command(script)
        walls = []
        for _ in range(RUNS):
            started = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "lnf", *args[1:]], cwd=ROOT, check=True, capture_output=True
            )
            walls.append(time.perf_counter() - started)
        runs = [in_process(args) for _ in range(RUNS)]
        total = statistics.median(r[0] for r in runs)
        solving = statistics.median(r[1] for r in runs)
        plans, events = runs[0][2], runs[0][3]
        print(
            f"| {script.stem} | {statistics.median(walls) * 1000:.0f} ms | {total * 1000:.0f} ms "
            f"| {solving * 1000:.0f} ms ({solving / total:.0%}) | {plans} | {events} |"
        )


if __name__ == "__main__":
    main()
