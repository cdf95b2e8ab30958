"""How long a round of a big battle takes: 50 heroes against 500 monsters (tests/grids.py),
one round of both sides (the hero policy) in-process, with the time spent planning; with
`--process`, also `lnf round` (the monsters up to the first hero's turn) and `lnf run --rounds 1`
as whole processes.

    .venv/bin/python bench/army.py [--heroes 50] [--monsters 500] [--seed 1] [--process]

Prints the figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lnf.engine.runner import Runner
from lnf.formats.fight_writer import dump_fight
from lnf.heroes.policy import PolicyHeroes
from lnf.model import Fight
from lnf.model.events import Planned
from lnf.model.plan import Plan
from lnf.session import fight_alone
from lnf.solver import solve_plan
from tests.grids import grid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heroes", type=int, default=50)
    parser.add_argument("--monsters", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--process", action="store_true", help="time the commands too")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "battle.yaml"
        path.write_text(dump_fight(grid(args.heroes, args.monsters, args.seed)), encoding="utf-8")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["XDG_CACHE_HOME"] = str(Path(tmp) / "cache")
        lnf = str(Path(sys.executable).with_name("lnf"))
        print(f"{args.heroes} heroes against {args.monsters} monsters (seed {args.seed})")
        commands = [["round", "--seed", "1"], ["run", "--seed", "1", "--rounds", "1"]]
        for words in commands if args.process else []:
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
        times: list[float] = []

        def planner(fight: Fight) -> Plan:
            began = time.perf_counter()
            plan = solve_plan(fight, explain=False).plan
            times.append(time.perf_counter() - began)
            return plan

        session = fight_alone(path)
        runner = Runner(session.table, PolicyHeroes(), planner, lambda _: None)
        started = time.perf_counter()
        runner.begin(1)
        runner.play(rounds=1)
        took = time.perf_counter() - started
        logged = sum(1 for e in session.table.events if isinstance(e, Planned))
        print(
            f"  one round of both sides, in-process: {took:.0f} s; {len(times)} plans (P6: one "
            f"whenever the grid changed; {logged} differed) took {sum(times):.0f} s, the first "
            f"{times[0]:.2f} s, the median {statistics.median(times):.2f} s"
        )


if __name__ == "__main__":
    main()
