"""When a cluster pays: X1's fights on one process against a Dask LocalCluster of `--workers`
single-threaded worker processes on this machine (127.0.0.1), the same fights and seed, the
same outcomes (checked), wall times and their ratio in one run. A real cluster adds the network
and the machines' own start; this measures what lnf's side costs.

    .venv/bin/python bench/cluster.py [--fights 600] [--workers 2]

Prints the figures; asserts nothing but that the numbers agree.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import distributed

from lnf.formats.fight_file import load_fight
from lnf.odds.fights import play_fights

X1 = Path(__file__).resolve().parent.parent / "examples" / "wight-and-skeletons.yaml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=600)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    start = load_fight(X1)
    numbers = range(args.fights)
    began = time.perf_counter()
    local = sorted(play_fights(start, numbers, 1), key=lambda o: o.number)
    alone = time.perf_counter() - began
    with distributed.LocalCluster(
        n_workers=args.workers, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        began = time.perf_counter()
        away = play_fights(start, numbers, 1, cluster=str(cluster.scheduler_address))
        spread = sorted(away, key=lambda o: o.number)
        on_cluster = time.perf_counter() - began
    assert spread == local, "a cluster must give the numbers of a local run"
    print(
        f"{args.fights} X1 fights: one process {alone:.1f} s, a local cluster of "
        f"{args.workers} workers {on_cluster:.1f} s (its workers' start included): "
        f"{alone / on_cluster:.2f} × as fast; the same outcomes"
    )


if __name__ == "__main__":
    main()
