"""`lnf odds` measured: fights per second for each example with LNF's monsters on 1 and 2
processes and with greedy monsters on 1, the ratio of the two kinds of monsters on the same
seeds, how often the plan cache answers, and 1,000 fights of X1 (wight and skeletons) on two
processes against the issue's 60 s.

    .venv/bin/python bench/odds.py [--fights 200] [--x1 1000]
    .venv/bin/python bench/odds.py --keys [--fights 300]

`--keys` times only the plan cache's lookups over the plans of X1's fights (CPU time): the key
built from `plan_state` whole (as before) against the key of remembered combatants, the ratio
in one run.

Times whole runs in this process (the engine, not the command's start-up), each kind of
monsters with a fresh cache. Prints the tables; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from lnf.formats.fight_file import load_fight
from lnf.model import Fight, MonsterKind
from lnf.model.plan import Plan
from lnf.odds.fights import play_fights, solved_plan
from lnf.odds.greedy import greedy_plan
from lnf.odds.plan_cache import PlanCache, plan_state

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.yaml"))
X1 = Path(__file__).resolve().parent.parent / "examples" / "wight-and-skeletons.yaml"


def timed(path: Path, fights: int, monsters: MonsterKind, jobs: int) -> tuple[float, float]:
    """Fights per second, and the share of plans the cache answered (one process only)."""
    start = load_fight(path)
    cache = (
        PlanCache(greedy_plan if monsters is MonsterKind.GREEDY else solved_plan)
        if jobs == 1
        else None
    )
    began = time.perf_counter()
    done = list(play_fights(start, range(fights), 1, monsters=monsters, jobs=jobs, planner=cache))
    rate = len(done) / (time.perf_counter() - began)
    hits = cache.hits / max(1, cache.hits + cache.misses) if cache is not None else float("nan")
    return rate, hits


def keys(fights: int) -> None:
    """The cache's lookups alone, over the states X1's fights ask plans for."""
    start = load_fight(X1)
    asked: list[Fight] = []
    cache = PlanCache(solved_plan)

    def planner(fight: Fight) -> Plan:
        asked.append(fight)
        return cache(fight)

    list(play_fights(start, range(fights), 1, planner=planner))
    whole: dict[Fight, Plan] = {}
    began = time.process_time()
    for fight in asked:
        whole.setdefault(plan_state(fight), Plan(()))
    by_plan_state = time.process_time() - began
    fresh = PlanCache(solved_plan)
    remembered: dict[object, Plan] = {}
    began = time.process_time()
    for fight in asked:
        remembered.setdefault(fresh.key(fight), Plan(()))
    by_key = time.process_time() - began
    assert len(whole) == len(remembered)  # the same states, told apart the same way
    print(
        f"{len(asked):,} lookups of {fights} X1 fights ({len(whole)} states): plan_state keys "
        f"{by_plan_state * 1000:.0f} ms, remembered combatants {by_key * 1000:.0f} ms: "
        f"{by_plan_state / by_key:.1f} × faster"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fights", type=int, default=200)
    parser.add_argument("--x1", type=int, default=1000)
    parser.add_argument("--keys", action="store_true", help="time the cache's lookups alone")
    args = parser.parse_args()
    if args.keys:
        keys(args.fights)
        return
    print(f"{os.cpu_count()} cores; {args.fights} fights per example and kind of monsters\n")
    head = ("example", "LNF 1 job", "LNF 2 jobs", "greedy", "LNF/greedy", "cache hits")
    print(f"{head[0]:28} {head[1]:>10} {head[2]:>11} {head[3]:>8} {head[4]:>11} {head[5]:>11}")
    for path in EXAMPLES:
        lnf1, hits = timed(path, args.fights, MonsterKind.LNF, 1)
        lnf2, _ = timed(path, args.fights, MonsterKind.LNF, 2)
        greedy, _ = timed(path, args.fights, MonsterKind.GREEDY, 1)
        print(
            f"{path.stem:28} {lnf1:>8.0f}/s {lnf2:>9.0f}/s {greedy:>6.0f}/s "
            f"{greedy / lnf1:>10.2f}× {100 * hits:>10.0f}%"
        )
    start = load_fight(X1)
    began = time.perf_counter()
    done = list(play_fights(start, range(args.x1), 1, jobs=2))
    took = time.perf_counter() - began
    print(f"\n{len(done):,} fights of X1 on 2 processes: {took:.1f} s (the issue asks ≤ 60 s)")
    began = time.perf_counter()
    done = list(play_fights(start, range(args.fights), 1, planner=solved_plan))
    rate = len(done) / (time.perf_counter() - began)
    print(f"X1 without the plan cache, 1 process: {rate:.0f} fights/s")


if __name__ == "__main__":
    main()
