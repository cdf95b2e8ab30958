"""Re-plans (P6) always give orders where the rules leave any: mid-round, what has happened
stays (a monster that acted keeps its rank, R6; a hero keeps its rank until its own turn,
R4/R5) and the monsters still to act get the best plan the rules leave them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from lnf.engine.apply import Steps
from lnf.engine.replan import carried_out, grid_view, still_to_act
from lnf.engine.runner import Runner
from lnf.engine.table import Table
from lnf.errors import RuleViolation
from lnf.formats.event_codec import event_from_json, event_to_json
from lnf.heroes.policy import PolicyHeroes
from lnf.model import BackReason, Fight, Hero, Turns
from lnf.model.events import Planned, RoundStarted, Turn
from lnf.model.plan import MoveKind, Plan
from lnf.rules import check_state
from lnf.rules.gangup import broken_tier, units
from lnf.rules.group_changes import order_step
from lnf.rules.moves import can_act
from lnf.rules.plan_check import check_plan
from lnf.rules.state_check import plan_notes
from lnf.rules.strike_order import strike_order
from lnf.session import fight_alone
from lnf.solver import solve_plan
from lnf.views.plan_line import plan_line
from tests.builders import BACK, FREE_AIR, FRONT, fight, hero, monster
from tests.grids import grid
from tests.strategies import MELEE, SHOOT, plan_fights

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


@pytest.mark.parametrize(("example", "seed"), [("raiders-on-the-grassland", 35)])
def test_the_r6_cases_found_in_played_fights(example: str, seed: int) -> None:
    """The case once ended in "no legal plan": a back-rank monster had acted before the
    front-rank monsters fell below the count. Found in played fights (first orcs-at-the-ford 17,
    then raiders 1 and 25, now raiders 35: the seeds follow the hero policy, whose choices lead
    there; since it stands back to shoot, raiders 1 and 25 meet R5's case instead, below)."""
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


# --- P6's decision: a monster carrying out its own order is no change ------------------------


def _carry_out_in_strike_order(f: Fight, plan: Plan, how_many: int) -> list[tuple[Fight, Plan]]:
    """The plan's first monsters in strike order carry out their orders' moves (R8, M5, M6),
    as the runner does; after each, the plan kept (P6) and the state for a full re-plan."""
    out = []
    for who in [n for n in strike_order(f) if plan.order_for(n) is not None][:how_many]:
        order = plan.order_for(who)
        assert order is not None
        turn = Steps.turn(f, who)
        before = grid_view(turn.fight)
        if (move := order_step(turn.fight, order)) is not None:
            turn.do(move)
        kept = carried_out(before, grid_view(turn.fight), plan)
        assert kept is not None, (who, order)
        f = turn.finish(Turn(who, turn.steps)).after
        plan = still_to_act(f, kept)
        out.append((f, plan))
    return out


def _same_as_a_full_re_plan(f: Fight, how_many: int) -> None:
    plan = solve_plan(f, explain=False).plan
    for state, kept in _carry_out_in_strike_order(f, plan, how_many):
        again = solve_plan(state, explain=False).plan
        assert check_plan(state, kept) == []
        if kept != again:
            _forgets_the_round_joins(f, state, kept, again)
            continue
        assert kept == again, (state, kept, again)  # the same orders, said the same way


def _forgets_the_round_joins(f: Fight, state: Fight, kept: Plan, again: Plan) -> None:
    """The one way a full re-plan may differ from the plan kept (docs/performance.md, P6): it
    sees the groups as they stand, not who joined them this round, so K3 no longer binds the
    monsters that acted. A flier that joins a lone hero in free air only so that the others may
    join above one per hero (K2), and shoots, is then sent to shoot from the back rank without
    the move (P4: fewer moves). Checked: the re-plan is legal now, and the round it ends breaks
    K2 in a unit a monster joined this round, where the round the kept plan ends does not."""
    assert check_plan(state, again) == [], (state, again)
    assert _k2_broken_by_a_join(f, _round_end(state, kept)) is False, (state, kept)
    assert _k2_broken_by_a_join(f, _round_end(state, again)) is True, (state, kept, again)


def _round_end(state: Fight, plan: Plan) -> Fight:
    steps = _carry_out_in_strike_order(state, plan, len(plan.orders))
    return steps[-1][0] if steps else state


def _k2_broken_by_a_join(start: Fight, end: Fight) -> bool:
    """K2, K3 over the whole round: a unit over a tier while another is under it, holding a
    monster whose heroes in its group are not the ones it started the round with."""
    found = units(end)
    broken = broken_tier([u.counts for u in found])
    if broken is None:
        return False

    def heroes_with(fight: Fight, name: str) -> frozenset[str]:
        group = fight.group_of(name)
        members = group.members if group is not None else ()
        return frozenset(n for n in members if isinstance(fight.combatant(n), Hero))

    return any(
        heroes_with(end, m) != heroes_with(start, m) for i in broken[1] for m in found[i].monsters
    )


@settings(max_examples=150, deadline=None)
@given(plan_fights(max_heroes=5, max_monsters=8), st.integers(1, 8))
def test_carrying_out_part_of_an_optimal_plan_leaves_the_rest_optimal(
    f: Fight, how_many: int
) -> None:
    """P6's decision, checked against re-planning from scratch on generated grids: after each
    monster in strike order carries out its order, the rest of the plan is the plan a full
    re-plan makes (the same orders, so the same events)."""
    assume(all(v.rule == "K2" for v in check_state(f)))
    _same_as_a_full_re_plan(f, how_many)


def test_a_flier_that_joined_only_for_k2_keeps_its_join() -> None:
    """The exception found on generated grids (docs/performance.md, P6): M1 joins H3 in free
    air so that M2-M4 may stand with H1 (K2) and shoots H1. When it comes to strike, a full
    re-plan sees M2-M6 in their groups, not that they joined this round, and shoots from the
    back rank; the plan kept still meets K2 over the round."""
    f = fight(
        [hero("H1"), hero("H2"), hero("H3")],
        [monster("M1", fly=40, kind="Kind A", attacks=(MELEE, SHOOT))]
        + [monster(f"M{i}", kind="Kind A", attacks=(MELEE,)) for i in range(2, 7)],
    )
    plan = solve_plan(f, explain=False).plan
    first = plan.order_for("M1")
    assert first is not None and (first.rank, first.move.hero, first.target) == (
        FREE_AIR,
        "H3",
        "H1",
    )
    state, kept = _carry_out_in_strike_order(f, plan, 5)[-1]
    again = solve_plan(state, explain=False).plan
    assert kept != again
    assert [(o.rank, o.move.kind) for o in again.orders] == [(BACK, MoveKind.STAY)]
    _same_as_a_full_re_plan(f, 5)  # and the difference is only that one


@settings(max_examples=10, deadline=None)
@given(st.sampled_from([(4, 8), (6, 20)]), st.integers(0, 10**6))
def test_carrying_out_orders_in_bigger_battles_leaves_the_rest_optimal(
    size: tuple[int, int], seed: int
) -> None:
    f = grid(*size, seed)
    assume(all(v.rule == "K2" for v in check_state(f)))
    _same_as_a_full_re_plan(f, 6)


def _played(f: Fight | Path, seed: int, *, kept: bool, rounds: int) -> Table:
    table = fight_alone(f).table if isinstance(f, Path) else Table(f)
    runner = Runner(table, PolicyHeroes(), _planner, lambda _: None)
    runner.own_orders_kept = kept
    runner.begin(seed)
    runner.play(rounds=rounds)
    return table


def _events(f: Fight | Path, seed: int, *, kept: bool, rounds: int) -> list[object]:
    """The events played; a plan told again (`Planned.kept`) compared as the same plan made
    anew: the flag says how the line is headed, not what is played."""
    events = _played(f, seed, kept=kept, rounds=rounds).events
    return [replace(e, kept=False) if isinstance(e, Planned) else e for e in events]


def _planner(f: Fight) -> Plan:
    return solve_plan(f, explain=False).plan


# A full re-plan plans the monsters still to act from the state as it is (P6), so it does not
# count the attacks of those that acted this round: once, after Gnoll 2 carried out its order
# (joined Quill, hit), a re-plan sent Gnoll 1 at Quill too, where the plan in force had it
# strike Kara (raiders, seed 1). That round went another way when B4 kept the wizard's Burning
# Hands to its own group; P6's decision still keeps the plan in force. Since the hero policy
# stands back to shoot (stop 47: Quill guarded in the back rank), raiders at seed 2 differs so:
# once Gnoll 3 has carried out its order (joined Kara, hit), a full re-plan, which no longer
# counts that attack, sends Gnoll 2 to the back rank to shoot Kara where the plan in force
# kept it on Sly. These (example, seed) are where the two differ.
FORGETS: set[tuple[str, int]] = {("raiders-on-the-grassland", 2)}
# The other way (`_forgets_the_round_joins`): Hobgoblin 2 stays with Nix only so that Hobgoblin 3
# may join Quill above one monster per hero (K2, K3). Once Hobgoblin 3 stands in group Q, a full
# re-plan no longer sees that it joined this round, and sends Hobgoblin 2 to the back rank to
# shoot Quill (first in the target order, T2): Nix's group is left below one per hero while
# group Q, joined this round, is above it. P6's decision keeps the plan in force.
JOINS = {("hobgoblin-shieldwall", 1)}


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_the_examples_play_the_same_events_as_re_planning_after_every_change(
    example: Path,
) -> None:
    for seed in (1, 2):
        kept = _events(example, seed, kept=True, rounds=4)
        full = _events(example, seed, kept=False, rounds=4)
        if (example.stem, seed) not in FORGETS | JOINS:
            assert kept == full
            continue
        i = next(i for i, (a, b) in enumerate(zip(kept, full, strict=False)) if a != b)
        # the same fight up to a monster carrying out its order; then only the full run re-plans
        assert isinstance(kept[i - 1], Turn) and isinstance(full[i], Planned)
        assert isinstance(kept[i], Turn) and kept[i].who in [o.monster for o in full[i].orders]
        if (example.stem, seed) in JOINS:
            _only_the_full_re_plan_breaks_k3(example, seed, i)


def _only_the_full_re_plan_breaks_k3(example: Path, seed: int, i: int) -> None:
    """The round of event `i` ends, as the kept plan plays it, with K2 met in every unit a
    monster joined this round (K3); as the full re-plan plays it, it does not."""
    ends = []
    for kept in (True, False):
        records = _played(example, seed, kept=kept, rounds=4).in_force
        starts = [j for j, r in enumerate(records) if isinstance(r.event, RoundStarted)]
        start = max(j for j in starts if j < i)
        end = min(j for j in starts if j > i)
        ends.append(_k2_broken_by_a_join(records[start].after, records[end].before))
    assert ends == [False, True]


@settings(max_examples=6, deadline=None)
@given(st.sampled_from([(3, 8), (5, 15)]), st.integers(0, 10**6))
def test_generated_battles_play_the_same_events_as_re_planning_after_every_change(
    size: tuple[int, int], seed: int
) -> None:
    f = grid(*size, seed)
    assume(all(v.rule == "K2" for v in check_state(f)))
    assert _events(f, seed, kept=True, rounds=2) == _events(f, seed, kept=False, rounds=2)


def test_an_order_whose_use_is_gone_is_a_change_and_the_monsters_plan_again() -> None:
    """P6's decision, B2: a reaction (here the DM's record) spends what an order needs — the
    dragon's breath, ordered, is used up before its turn — so the dragon cannot do as ordered:
    the monsters still to act plan again (it bites), rather than the turn failing."""
    from lnf.model.events import Recorded
    from lnf.model.steps import Used
    from lnf.rules.strike_order import up_next
    from tests.action_fights import BREATH, DRAGON, dragon_fight, runner_for

    runner = runner_for(dragon_fight(), 7)
    runner.start_round()
    while up_next(runner.fight) != DRAGON:
        runner.next_turn()
    runner.open_reactions()  # as the table asks before its turn: the plan is made, a breath
    first = [e for e in runner.table.events if isinstance(e, Planned)]
    assert [o.action for o in first[-1].orders] == [BREATH.name]
    runner.table.add(Recorded((Used(DRAGON, BREATH.name),)))
    runner.play(rounds=1)
    again = [e for e in runner.table.events if isinstance(e, Planned)][len(first) :]
    assert again and again[0].replan and [o.action for o in again[0].orders] == [""]
    dragon = next(e for e in runner.table.events if isinstance(e, Turn) and e.who == DRAGON)
    assert "Bite" in repr(dragon.steps)


def test_p6_a_plan_kept_and_told_again_is_said_to_stand(tmp_path: Path) -> None:
    """P6: once Goblin 3 has joined the lone Bram, the plan in force is told again as the grid
    now says its moves ("joins group B" for "joins Bram"). Before, it was headed "New plan
    (P6), the grid has changed" though nothing changed, the whole plan again; now "The plan
    stands (P6)", with the joins it says anew. The log
    keeps it (`kept`, a later field: an older log reads as it did)."""
    path = tmp_path / "den.yaml"
    path.write_text(
        "heroes:\n  - {name: Bram, class: fighter, level: 5, weapons: [longsword],\n"
        "     scores: {str: 18, dex: 14, con: 14, int: 10, wis: 12, cha: 8}}\n"
        "monsters:\n  - {monster: goblin, count: 3}\n",
        encoding="utf-8",
    )
    session = fight_alone(path)
    runner = Runner(session.table, PolicyHeroes(), _planner, lambda _: None)
    runner.begin(1)
    runner.play(rounds=1)
    planned = [e for e in session.table.events if isinstance(e, Planned)]
    assert [p.kept for p in planned] == [False, True]
    assert [str(o.move) for o in planned[1].orders][:1] == ["joins group B"]
    before = session.table.in_force[0].after
    said = plan_line(planned[1], [], before)  # only the joins it says anew
    joins = "Goblin 1 joins group B; Goblin 2 joins group B"
    assert said == f"The plan stands (P6); its joins now read: {joins}."
    assert event_from_json(event_to_json(planned[1]), "log", 1) == planned[1]
    old = {k: v for k, v in event_to_json(planned[1]).items() if k != "kept"}
    assert event_from_json(old, "log", 1) == replace(planned[1], kept=False)
