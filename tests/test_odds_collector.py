"""`lnf odds` and `lnf run` play their fights with the collector's young generation looked
through less often (`engine.collector.YOUNG`: a fight's values are freed by their counts,
nearly all), and give it back as it was: after the last fight, after a run stopped early,
after a worker's chunk, after `lnf run`."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from lnf.engine.collector import YOUNG
from lnf.engine.runner import Runner
from lnf.formats.fight_file import load_fight
from lnf.model import MonsterKind, Side
from lnf.odds.fights import _chunk, play_fights
from tests.cli import run

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


def test_lnf_run_plays_with_the_threshold_raised_and_gives_it_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []
    play = Runner.play

    def watched(self: Runner, rounds: int | None = None) -> Side | None:
        seen.append(gc.get_threshold())
        return play(self, rounds)

    monkeypatch.setattr(Runner, "play", watched)
    code, out = run("run", str(X1), "--seed", "1", "--rounds", "1")
    assert code == 0 and "Round 7" in out and seen == [(max(YOUNG, before[0]), *before[1:])]
    assert gc.get_threshold() == before
