"""X1's fights against another copy of lnf, paired (issue 24, goal 2): 300 fights played by
`lnf odds`'s own `play_fights` on one process, a fresh plan cache each time (as `bench/bare.py`
times them), in a fresh process for each copy in turn, each copy's tree first on PYTHONPATH:

    .venv/bin/python bench/fight_pairs.py --before ../lnf-before [--pairs 5] [--best-of 5]

Each run is the best of `--best-of` CPU times (`time.process_time`) after a warm-up; each pair
is this tree's run ÷ the other's, taken one after the other; the figure is the median of the
pairs. The machine is shared: single runs move by ±10 %, the pairs much less. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Run in the child, with its tree first on the path: the best CPU time of 300 fights.
CHILD = """
import sys, time
from pathlib import Path
from lnf.formats.fight_file import load_fight
from lnf.model import MonsterKind
from lnf.odds.fights import play_fights, solved_plan
from lnf.odds.plan_cache import PlanCache

start = load_fight(Path(sys.argv[1]) / "examples" / "wight-and-skeletons.yaml")

def run():
    cache = PlanCache(solved_plan)
    return list(play_fights(start, range(300), 1, monsters=MonsterKind.LNF, planner=cache))

run()
times = []
for _ in range(int(sys.argv[2])):
    began = time.process_time()
    run()
    times.append(time.process_time() - began)
print(min(times))
"""


def fights_cpu(tree: Path, best_of: int) -> float:
    """The best CPU seconds of 300 X1 fights played by the lnf in `tree`."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(tree)
    out = subprocess.run(
        [sys.executable, "-P", "-c", CHILD, str(tree), str(best_of)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=tempfile.gettempdir(),
    )
    return float(out.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the copy of lnf to pair")
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--best-of", type=int, default=5)
    args = parser.parse_args()
    ratios = []
    for i in range(args.pairs):
        before = fights_cpu(args.before.resolve(), args.best_of)
        now = fights_cpu(ROOT, args.best_of)
        ratios.append(now / before)
        print(f"pair {i + 1}: before {before:.3f} s, now {now:.3f} s: {now / before:.3f} ×")
    print(
        f"\n300 X1 fights, now ÷ before: median {statistics.median(ratios):.3f} × "
        f"({min(ratios):.3f}–{max(ratios):.3f}, {args.pairs} pairs, CPU, best of {args.best_of})"
    )


if __name__ == "__main__":
    main()
