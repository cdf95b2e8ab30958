"""`lnf odds` plays its fights with the collector's young generation looked through less often
(`odds.fights.YOUNG`: a fight's values are freed by their counts, nearly all), and gives it
back as it was: after the last fight, after a run stopped early, after a worker's chunk."""

from __future__ import annotations

import gc
from pathlib import Path

from lnf.formats.fight_file import load_fight
from lnf.model import MonsterKind
from lnf.odds.fights import YOUNG, _chunk, play_fights

X1 = Path(__file__).parent.parent / "examples" / "wight-and-skeletons.yaml"


def test_the_threshold_is_raised_while_fights_play_and_given_back() -> None:
    start = load_fight(X1)
    before = gc.get_threshold()
    fights = play_fights(start, range(3), 1)
    next(fights)
    assert gc.get_threshold() == (max(YOUNG, before[0]), *before[1:])
    assert len(list(fights)) == 2
    assert gc.get_threshold() == before


def test_a_run_stopped_early_gives_the_threshold_back() -> None:
    before = gc.get_threshold()
    fights = play_fights(load_fight(X1), range(3), 1)
    next(fights)
    fights.close()  # a Ctrl-C, or a consumer that stops reading
    assert gc.get_threshold() == before


def test_a_workers_chunk_gives_the_threshold_back() -> None:
    before = gc.get_threshold()
    assert len(_chunk((load_fight(X1), range(2), 1, MonsterKind.LNF, None))) == 2
    assert gc.get_threshold() == before
