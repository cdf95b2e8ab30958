"""P5's R6 reason says what is true of the plan's own count (after its moves): "no monster
may take the back rank" only where the plan leaves no front-rank monster to spare; where it
has some to spare, how many, and that attacking the hero would take more of them out of the
front rank (the question's "no" says every such plan breaks R6)."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from lnf.formats.fight_file import load_fight
from lnf.model import Fight, Rank
from lnf.model.plan import Plan, Wish
from lnf.rules.moves import orders_by_monster
from lnf.rules.ranks import front_rank_counts
from lnf.solver import solve_plan
from tests.grids import grid
from tests.test_plan_properties import plannable

DEN = Path(__file__).parent / "fights" / "owlbear" / "round-2.yaml"


def _front_monsters(f: Fight, plan: Plan) -> int:
    return sum(1 for o in orders_by_monster(f, plan).values() if o.rank is Rank.FRONT)


def _r6(reasons: tuple[tuple[str, str], ...]) -> list[str]:
    return [text for rule, text in reasons if rule == "R6"]


def test_owlbear_den_r6_reason_counts_the_plans_four_front_rank_monsters() -> None:
    """P5, R6: the plan has 4 front-rank monsters for 3 front-rank heroes (one could step
    back); Nix is left alone because reaching it while Ilsa keeps her attackers would take 2."""
    f = load_fight(DEN)
    solved = solve_plan(f)
    assert _front_monsters(f, solved.plan) == 4
    assert _r6(dict(solved.unattacked)["Nix"]) == [
        "3 front-rank heroes need 3 front-rank monsters for any to stand in the back rank, and "
        "the plan has 4: attacking it while Ilsa keeps as many and as dangerous attackers "
        "would take more than 1 of them out of the front rank"
    ]


def test_owlbear_den_with_a_gnoll_stepped_back_no_other_may() -> None:
    """P5, R6: with Gnoll 1 fixed on Quill it steps back to throw its spear; the count is then
    exact, and the reason says no *other* monster may take the back rank."""
    f = load_fight(DEN)
    solved = solve_plan(f, (Wish("Gnoll 1", "Quill", True),))
    gnoll = solved.plan.order_for("Gnoll 1")
    assert gnoll is not None and gnoll.rank is Rank.BACK
    assert _front_monsters(f, solved.plan) == 3
    assert _r6(dict(solved.unattacked)["Nix"]) == [
        "no other monster may take the back rank to shoot: 3 front-rank heroes need 3 "
        "front-rank monsters"
    ]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([(3, 6), (4, 6), (5, 10)]), st.integers(0, 10**6))
@example((4, 6), 2)  # seeds whose plans have front-rank monsters to spare
@example((3, 6), 8)
@example((4, 8), 29)  # and one whose back rank holds a monster already
def test_r6_reasons_agree_with_the_plans_count(size: tuple[int, int], seed: int) -> None:
    """P5, R6, on generated grids: every R6 reason names the grid's front-rank heroes, says
    "no monster may take the back rank" only where the plan has no front-rank monster to
    spare ("no other" where one stands there already), and otherwise gives the plan's count."""
    f = grid(*size, seed)
    assume(plannable(f))
    solved = solve_plan(f)
    heroes, _ = front_rank_counts(f)
    front = _front_monsters(f, solved.plan)
    ranks = orders_by_monster(f, solved.plan)
    in_back = any(o.rank is Rank.BACK for o in ranks.values())
    for _, reasons in solved.unattacked:
        for text in _r6(reasons):
            counts = [int(n) for n in re.findall(r"(\d+) front-rank (?:hero|monster)", text)]
            assert counts == [heroes, heroes], text
            if front <= heroes:
                other = "other " if in_back else ""
                assert text.startswith(f"no {other}monster may take the back rank"), text
            else:
                assert f"the plan has {front}:" in text, text
                assert f"more than {front - heroes} of them" in text, text
