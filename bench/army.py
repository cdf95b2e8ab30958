"""How long a round of a big battle takes: 50 heroes against 500 monsters (tests/grids.py),
played by `lnf round` (the monsters' side; heroes at the table) and `lnf run --rounds 1` (both
sides, the hero policy), as whole processes, and in-process with the time spent planning.

    .venv/bin/python bench/army.py [--heroes 50] [--monsters 500] [--seed 1]

Prints the figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lnf.io.fight_file import dump_fight
from lnf.model import Fight
from lnf.model.events import Planned
from lnf.model.plan import Plan
from lnf.play.policy import PolicyHeroes
from lnf.play.runner import Runner
from lnf.session import fight_alone
from lnf.solver import solve_plan
from tests.grids import grid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heroes", type=int, default=50)
    parser.add_argument("--monsters", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "battle.yaml"
        path.write_text(dump_fight(grid(args.heroes, args.monsters, args.seed)), encoding="utf-8")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["XDG_CACHE_HOME"] = str(Path(tmp) / "cache")
        lnf = str(Path(sys.executable).with_name("lnf"))
        print(f"{args.heroes} heroes against {args.monsters} monsters (seed {args.seed})")
        for words in (["round", "--seed", "1"], ["run", "--seed", "1", "--rounds", "1"]):
            started = time.perf_counter()
            subprocess.run(
                [lnf, words[0], str(path), *words[1:]],
                env=env,
                stdout=subprocess.DEVNULL,
                check=True,
            )
            took = time.perf_counter() - started
            print(f"  lnf {' '.join(words)}: {took:.1f} s (whole process)")
            (Path(tmp) / "battle.log.jsonl").unlink(missing_ok=True)
        planning = 0.0
        plans = 0

        def planner(fight: Fight) -> Plan:
            nonlocal planning, plans
            began = time.perf_counter()
            plan = solve_plan(fight, explain=False).plan
            planning += time.perf_counter() - began
            plans += 1
            return plan

        session = fight_alone(path)
        runner = Runner(session.table, PolicyHeroes(), planner, lambda _: None)
        started = time.perf_counter()
        runner.begin(1)
        runner.play(rounds=1)
        took = time.perf_counter() - started
        logged = sum(1 for e in session.table.events if isinstance(e, Planned))
        print(
            f"  in-process, one round of both sides: {took:.1f} s; {plans} plans "
            f"({logged} logged as changed) took {planning:.1f} s"
        )


if __name__ == "__main__":
    main()
