"""How long a round of a big battle takes: 50 heroes against 500 monsters (tests/grids.py),
one round of both sides (the hero policy) in-process, with the time spent planning; with
`--process`, also `lnf round` (the monsters up to the first hero's turn) and `lnf run --rounds 1`
as whole processes. Times are CPU times (the machine is shared); the ratio that counts is the
round against one whole-grid plan of the same battle, measured in the same run (goal: ≤ 10).
With `--every-change`, the runner plans again after every change, a monster carrying out its
own order included (the behaviour before P6's decision), for comparison.

    .venv/bin/python bench/army.py [--heroes 50] [--monsters 500] [--seed 1] [--process]
                                   [--every-change]

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
    parser.add_argument("--every-change", action="store_true", help="re-plan after any change")
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
        first: list[Fight] = []

        def planner(fight: Fight) -> Plan:
            if not first:
                first.append(fight)
            began = time.process_time()
            plan = solve_plan(fight, explain=False).plan
            times.append(time.process_time() - began)
            return plan

        session = fight_alone(path)
        runner = Runner(session.table, PolicyHeroes(), planner, lambda _: None)
        runner.own_orders_kept = not args.every_change
        started = time.process_time()
        runner.begin(1)
        runner.play(rounds=1)
        took = time.process_time() - started
        logged = sum(1 for e in session.table.events if isinstance(e, Planned))
        print(
            f"  one round of both sides, in-process: {took:.1f} s CPU; {len(times)} plans (P6: "
            f"one whenever the grid changed; {logged} differed) took {sum(times):.1f} s, the "
            f"first {times[0]:.2f} s, the median {statistics.median(times):.2f} s"
        )
        whole = []
        for _ in range(3):  # one whole-grid plan of the battle as the round starts: the floor
            began = time.process_time()
            solve_plan(first[0], explain=False)
            whole.append(time.process_time() - began)
        floor = statistics.median(whole)
        print(
            f"  one whole-grid plan: {floor:.2f} s CPU (median of 3); "
            f"the round is {took / floor:.1f} × it (goal ≤ 10)"
        )


if __name__ == "__main__":
    main()
