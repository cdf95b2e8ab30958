"""Odds beyond one machine: the fights' chunks played on a Dask distributed scheduler
(`lnf odds --cluster ADDRESS`, the optional extra `lnf[cluster]`). A fight's seed comes from the
master seed and its number alone, and each worker's plan cache is exact, so a cluster gives
exactly the numbers a local run gives for the same seed. The workers need lnf installed, the
same version as here."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from lnf.errors import Refused

T = TypeVar("T")
R = TypeVar("R")
CONNECT_SECONDS = 10  # how long to wait for the scheduler before saying it cannot be reached


def on_cluster(address: str, work: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
    """Each task's result as it finishes (in any order), worked on the cluster at `address`."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise Refused(
            "--cluster needs Dask's distributed scheduler: pip install 'lnf[cluster]' "
            "(or 'dask[distributed]'), on this machine and on the workers"
        ) from None
    try:
        client = Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as exc:
        raise Refused(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    with client:
        futures = client.map(work, tasks, pure=False)
        try:
            for future in as_completed(futures):
                yield future.result()
        finally:
            client.cancel(futures)  # a Ctrl-C or an error leaves nothing running for us
