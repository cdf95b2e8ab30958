"""P4's canonical key of every option a troop weighs, from places and positions worked out once
per troop (`rules.plan_score.CanonicalKeys`), is `rules.plan_score.canonical_key` of its
order, searched for afresh."""

from __future__ import annotations

from hypothesis import assume, given, settings

from lnf.model import Fight
from lnf.rules import check_state
from lnf.rules.plan_score import canonical_key as canonical_key_of
from lnf.solver.model import PlanModel
from lnf.solver.troops import canonical_key
from tests.grids import grid
from tests.strategies import plan_fights


def _same(f: Fight) -> None:
    for prune in (True, False):
        pm = PlanModel(f, prune=prune, priced=prune)
        for t in pm.troops:
            for o in t.options:
                carried = [sh for sh in t.shots if o.target is None and sh.rank is o.rank]
                for shot in (None, *carried):
                    slow = canonical_key_of(f, t.first, t.order(o, shot), pm.names)
                    assert canonical_key(f, pm.names, t, o, shot) == tuple(slow)
                    assert pm.key(t, o, shot) == tuple(slow)


@settings(max_examples=60, deadline=None)
@given(plan_fights(specials=True))
def test_canonical_keys_as_searched_for(f: Fight) -> None:
    assume(not check_state(f))
    _same(f)


def test_canonical_keys_at_a_table() -> None:
    for seed in range(3):
        _same(grid(8, 40, seed, seed == 1))
