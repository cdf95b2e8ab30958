"""bench/bare.py is honest (issue 24, goal 2): its bare X1 plays the attacks lnf reads (to-hit,
dice, Extra Attack and Multiattack counts, D6 defences) and comes to the same ends as lnf's own
fights over many seeds. The timing is the bench's job; nothing here is timed."""

from __future__ import annotations

import importlib.util
import statistics
import sys
from pathlib import Path
from types import ModuleType

from lnf.formats.fight_file import load_fight
from lnf.model import MonsterKind

BARE = Path(__file__).resolve().parent.parent / "bench" / "bare.py"


def _bare() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_bare", BARE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_bare_fight_reads_lnfs_attacks_order_and_targets() -> None:
    bare = _bare()
    start = load_fight(bare.X1)
    fighters = {f.name: f for f in bare.bare_fighters(start)}
    assert list(fighters)[:2] == ["Skeleton 3", "Terry"]  # S2, S3: group T first
    felix = fighters["Felix"].blows
    assert (felix["Wight"].to_hit, felix["Wight"].times) == (7, 2)  # Extra Attack
    assert felix["Wight"].dice == [(1, 8, 4, 0.5)]  # D6: the wight resists slashing
    assert fighters["Cecilia"].blows["Skeleton 1"].dice == [(1, 6, 2, 2.0)]  # D6: vulnerable
    wight = fighters["Wight"]
    assert (wight.hp, wight.blows["Doris"].times) == (33, 2)  # Multiattack
    assert wight.prefers[0] == "Doris"  # P3: where the plan sends it
    assert fighters["Skeleton 1"].prefers[0] == "Cecilia"
    assert fighters["Wendy"].blows["Wight"].dice == [(2, 10, 0, 1.0)]  # Fire Bolt from the back


def test_the_bare_fight_ends_as_lnfs_fights_do() -> None:
    """The same ends: the heroes win as often, in about as many rounds (lnf's moves and the
    opportunity attacks they draw, which the bare fight leaves out, end its fights a little
    sooner: 2.58 rounds against 2.85 over 300 and 20,000; since the hero policy steps back to
    shoot (stop 47), X1's cleric casts from the back rank once one foe is left, R5)."""
    bare = _bare()
    start = load_fight(bare.X1)
    played = bare.lnf_fights(start, range(60), MonsterKind.LNF)
    fighters = bare.bare_fighters(start)
    alone = bare.bare_fights(fighters, [m.name for m in start.monsters], range(3000))
    lnf_rounds = statistics.fmean(o.rounds for o in played)
    bare_rounds = statistics.fmean(r for _, r in alone)
    # both are the same figures every run (the same seeds): 2.65 and 2.85; without D6 the
    # bare fight comes to 2.60
    assert abs(lnf_rounds - bare_rounds) < 0.25, (lnf_rounds, bare_rounds)
    assert sum(o.winner == "heroes" for o in played) / len(played) >= 0.95
    assert sum(won for won, _ in alone) / len(alone) >= 0.95
