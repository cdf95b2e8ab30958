"""R6, P6: the most front-rank monsters a round's moves can leave, counted only as far as a
check needs (`rules.back_rank.most_front_rank(enough=…)`): the capped count is the whole
count's minimum with the cap, so P6's check (`count_unmeetable`) answers as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.model import Fight
from lnf.rules.back_rank import most_front_rank
from tests.grids import grid
from tests.strategies import plan_fights


def capped_as_whole(f: Fight) -> None:
    whole = most_front_rank(f)
    for enough in range(len(f.monsters) + 2):
        assert most_front_rank(f, enough) == min(whole, enough)


@settings(max_examples=60, deadline=None)
@given(plan_fights(max_monsters=8))
def test_the_capped_count_is_the_whole_count_up_to_the_cap(f: Fight) -> None:
    capped_as_whole(f)


@given(st.integers(0, 5))
@settings(max_examples=6, deadline=None)
def test_battles_mid_round(seed: int) -> None:
    capped_as_whole(grid(20, 150, seed))
