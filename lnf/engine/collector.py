"""Python's collector looked through less often while lnf plays: a fight makes and drops tens
of thousands of values, nearly all freed at once by their counts (frozen values hold no
cycles), and each young collection walks those alive at that moment, for nothing. The same
garbage is collected, later; no output can change."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG = 30_000  # the young generation's threshold while fights are played (Python's is 700)


@contextmanager
def seldom_collected() -> Iterator[None]:
    """The young generation looked through less often (`YOUNG`), and as it was after. Of X1's
    300 fights (`lnf odds`) it takes the collector's time from about 67 ms to 20; of a
    20 × 150 battle's round (`lnf run`) from about 31 ms to a few (docs/performance.md)."""
    old = gc.get_threshold()
    gc.set_threshold(max(YOUNG, old[0]), *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)
