"""`lnf odds --cluster`: the fights played on a Dask distributed scheduler's workers give exactly
the numbers a local run gives for the same seed. The cluster is a LocalCluster on 127.0.0.1,
two single-threaded worker processes, closed after the test."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import distributed  # the `cluster` extra; the dev extra installs it
import pytest

from lnf.errors import Refused
from lnf.formats.fight_file import load_fight
from lnf.odds.fights import play_fights
from tests.cli import stdout_of

X1 = Path(__file__).parent.parent / "examples" / "wight-and-skeletons.yaml"


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        host="127.0.0.1",
        dashboard_address=None,
        processes=True,
        memory_limit="1GiB",
    )
    try:
        yield str(cluster.scheduler_address)
    finally:
        cluster.close(timeout=30)


def test_a_cluster_plays_exactly_the_fights_of_a_local_run(scheduler: str) -> None:
    start = load_fight(X1)
    numbers = range(5, 29)
    local = sorted(play_fights(start, numbers, 7), key=lambda o: o.number)
    away = sorted(play_fights(start, numbers, 7, cluster=scheduler), key=lambda o: o.number)
    assert away == local and [o.number for o in away] == list(numbers)


def test_the_command_on_a_cluster_says_what_a_local_run_says(
    scheduler: str, tmp_path: Path
) -> None:
    fight = tmp_path / "x1.yaml"
    fight.write_text(X1.read_text())
    args = ["odds", str(fight), "--fights", "12", "--seed", "3", "--json", "--quiet"]
    local = json.loads(stdout_of(*args))
    assert json.loads(stdout_of(*args, "--cluster", scheduler)) == local


def test_an_unreachable_scheduler_is_said_plainly() -> None:
    start = load_fight(X1)
    with pytest.raises(Refused, match=r"cannot reach the Dask scheduler at tcp://127\.0\.0\.1:9"):
        list(play_fights(start, range(2), 1, cluster="tcp://127.0.0.1:9"))


def test_a_varied_fight_on_a_cluster_says_what_a_local_run_says(
    scheduler: str, tmp_path: Path
) -> None:
    fight = tmp_path / "x1.yaml"
    fight.write_text(X1.read_text())
    args = ["odds", str(fight), "--vary", "Wight.hp=20,45", "--fights", "6", "--json"]
    local = json.loads(stdout_of(*args, "--seed", "5", "--quiet"))
    away = json.loads(stdout_of(*args, "--seed", "5", "--quiet", "--cluster", scheduler))
    assert away == local and [s["value"] for s in away["steps"]] == [20, 45]
