"""Re-plans (P6) always give orders where the rules leave any: mid-round, what has happened
stays (a monster that acted keeps its rank, R6; a hero keeps its rank until its own turn,
R4/R5) and the monsters still to act get the best plan the rules leave them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.engine.runner import Runner
from lnf.errors import RuleViolation
from lnf.heroes.policy import PolicyHeroes
from lnf.model import BackReason, Fight, Turns
from lnf.model.events import Planned
from lnf.model.plan import Plan
from lnf.rules.moves import can_act
from lnf.rules.plan_check import check_plan
from lnf.rules.state_check import plan_notes
from lnf.session import fight_alone
from lnf.solver import solve_plan
from tests.builders import BACK, FRONT, fight, hero, monster

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.yaml"))


def _played_with_every_plan_checked(example: Path, seed: int) -> list[Planned]:
    plans: list[tuple[Fight, Plan]] = []

    def planner(f: Fight) -> Plan:
        plan = solve_plan(f, explain=False).plan
        plans.append((f, plan))
        return plan

    session = fight_alone(example)
    runner = Runner(session.table, PolicyHeroes(), planner, lambda _: None)
    runner.begin(seed)
    runner.play(rounds=25)
    for f, plan in plans:
        assert check_plan(f, plan) == [], (example.stem, seed)  # the validator agrees
        acting = {m.name for m in f.monsters if can_act(f, m)}
        assert {o.monster for o in plan.orders} == acting  # every monster still to act
    return [e for e in session.table.events if isinstance(e, Planned)]


@settings(max_examples=30)
@given(seed=st.integers(1, 10**6), which=st.integers(0, len(EXAMPLES) - 1))
def test_every_plan_in_seeded_fights_gives_orders(seed: int, which: int) -> None:
    planned = _played_with_every_plan_checked(EXAMPLES[which], seed)
    assert planned and not [p.note for p in planned if p.note.startswith("no legal plan")]


@pytest.mark.parametrize(
    ("example", "seed"), [("orcs-at-the-ford", 17), ("raiders-on-the-grassland", 25)]
)
def test_the_r6_cases_found_in_played_fights(example: str, seed: int) -> None:
    """Both once ended in "no legal plan": a back-rank monster had acted before the front-rank
    monsters fell below the count."""
    planned = _played_with_every_plan_checked(Path(f"examples/{example}.yaml"), seed)
    assert not [p.note for p in planned if p.note.startswith("no legal plan")]
    notes = [p.note for p in planned if p.note]
    assert notes and "the back-rank count cannot be met this round (R6)" in notes[0]
    assert "no monster newly takes the back rank (P6)" in notes[0]


def _guarded_then_one_guard_falls() -> Fight:
    f = fight(
        [hero("A"), hero("B"), hero("C", cls="wizard", rank=BACK, why=BackReason.GUARDED)],
        [monster(f"M{i}") for i in range(1, 6)],
        {"G": ["A", "M1", "M2"], "H": ["B", "M3"]},
    )
    return replace(f.with_combatant(replace(f.hero("A"), dead=True)), groups=())


def test_r5_mid_round_the_guarded_hero_stays_where_it_stands() -> None:
    """Five monsters against two standing heroes: C can no longer be guarded (R5). Between
    rounds that is for the DM to settle; mid-round C keeps its rank until its turn."""
    between = _guarded_then_one_guard_falls()
    with pytest.raises(RuleViolation, match="R5"):
        solve_plan(between, explain=False)
    mid = replace(between, turns=Turns(acted=frozenset({"M1"})))
    plan = solve_plan(mid, explain=False).plan
    assert check_plan(mid, plan) == [] and len(plan.orders) == 4


def test_r6_when_the_count_can_be_met_the_others_step_forward() -> None:
    """The archer shot from the back rank and M3 fell; M4, still to act, can stand in front:
    R6 as ever, so it must (and nobody notes anything)."""
    f = fight(
        [hero("A"), hero("B")],
        [
            monster("Archer", rank=BACK),
            monster("M2"),
            monster("M3", damage=10),
            monster("M4", rank=BACK),
        ],
        {"G": ["A", "M2"]},
    )
    f = replace(f, turns=Turns(acted=frozenset({"Archer"})))
    plan = solve_plan(f, explain=False).plan
    assert {o.monster: o.rank for o in plan.orders} == {"M2": FRONT, "M4": FRONT}
    assert check_plan(f, plan) == [] and plan_notes(f) == []


def test_r6_a_back_rank_monster_that_acted_keeps_its_place() -> None:
    f = fight(
        [hero("A"), hero("B")],
        [monster("Archer", rank=BACK), monster("M2"), monster("M3")],
        {"G": ["A", "M2"]},
    )
    f = replace(f, turns=Turns(acted=frozenset({"Archer"})))  # it shot, then M3 fell
    f = f.with_combatant(replace(f.monster("M3"), damage=10))
    plan = solve_plan(f, explain=False).plan
    assert [o.monster for o in plan.orders] == ["M2"]
    assert plan.orders[0].rank is FRONT and check_plan(f, plan) == []
    (note,) = plan_notes(f)
    assert note.startswith("the back-rank count cannot be met this round (R6): Archer stays")
    assert "at most 1 monster can stand in front of 2 front-rank heroes" in note
