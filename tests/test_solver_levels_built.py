"""P3's and P4's levels built negated at once, with each troop's variable indices looked up
once (`objective.p3_levels`, `p4_levels`, `_counts_in_turn`, `levels.Level.add_at`), are the
levels the slow path built: each count added with `Level.add`, its indices looked up per
level, then copied by `levels.negated`. Same names, budgets, floors, heroes, and per troop the
same terms in the same order, count, exactness, slack and indices: the same model and the
same ranges, so the same plans (P3, P4)."""

from __future__ import annotations

from hypothesis import assume, given, settings

from lnf.model import Fight
from lnf.model.plan import MoveKind
from lnf.rules import check_state
from lnf.rules.moves import leaves_group
from lnf.rules.plan_score import danger_classes
from lnf.rules.specials import resource_rank
from lnf.solver.levels import Level, negated
from lnf.solver.model import PlanModel
from lnf.solver.objective import _counts_in_turn, p3_levels, p4_levels
from tests.grids import grid
from tests.strategies import plan_fights


def slow_p3(pm: PlanModel) -> list[Level]:
    """P3's levels as stop 36's start built them: `Level.add`, indices per level, `negated`."""
    classes = danger_classes(pm.fight)
    n_classes = len(set(classes.values()))
    levels: list[Level] = []
    earlier: list[tuple[str, int]] = []
    attacks = sum(t.size * max(1, *(len(o.heroes) for o in t.options)) for t in pm.troops)
    for hero in pm.targets:
        count = Level(f"P3 {hero.name} attackers", budget=(attacks, tuple(earlier)), hero=hero.name)
        earlier.append((count.name, 1))
        by_class = []
        for c in range(n_classes - 1):
            previous = tuple((f"P3 {hero.name} class {k}", 1) for k in range(c))
            budget = (0, ((count.name, -1), *previous))
            by_class.append(Level(f"P3 {hero.name} class {c}", budget=budget, hero=hero.name))
        for t in pm.troops:
            terms = [(v, 1) for v, target, _, _, _ in t.strikes() if target == hero.name]
            shot_ranks = {shot.rank for shot in t.shots if shot.target == hero.name}
            rest = [
                x
                for o, x in zip(t.options, t.counts, strict=True)
                if hero.name not in o.heroes and not (t.rides(o) and o.rank in shot_ranks)
            ]
            shots = zip(t.shots, t.shot_counts, strict=True)
            rest += [s for shot, s in shots if shot.target != hero.name]
            count.add(terms, t.size, rest=rest, slack=bool(shot_ranks))
            if classes[t.first.name] < n_classes - 1:
                by_class[classes[t.first.name]].add(
                    terms, t.size, rest=rest, slack=bool(shot_ranks)
                )
        levels += [negated(count), *(negated(lv) for lv in by_class)]
    return levels


def slow_p4(pm: PlanModel) -> list[Level]:
    """P4's levels as stop 36's start built them."""
    damage, resource = Level("P4 expected damage"), Level("P4 resource spent")
    disadvantage = Level("P4 attacks at disadvantage")
    leavers = Level("P4 monsters leaving a group")
    rank_changes, moves = Level("P4 rank changes"), Level("P4 moves")
    for t in pm.troops:
        m = t.first
        options = list(zip(t.options, t.counts, strict=True))
        shots = list(zip(t.shots, t.shot_counts, strict=True))
        damage.add([(x, o.damage) for o, x in options], t.size, True)
        damage.add([(s, sh.damage) for sh, s in shots], t.size, slack=True)
        resource.add([(x, resource_rank(m, o.action)) for o, x in options], t.size, True)
        disadvantage.add([(x, o.dis) for o, x in options], t.size, True)
        disadvantage.add([(s, sh.dis) for sh, s in shots], t.size, slack=True)
        leavers.add(
            [(x, int(leaves_group(pm.fight, m.name, t.move_of(o)))) for o, x in options],
            t.size,
            True,
        )
        moves.add(
            [(x, int(t.move_of(o).kind is not MoveKind.STAY)) for o, x in options], t.size, True
        )
        rank_changes.add([(x, int(o.rank is not m.rank)) for o, x in options], t.size, True)
    return [negated(damage), resource, disadvantage, leavers, rank_changes, moves]


def slow_counts_in_turn(size: int, name: str, counts: list) -> list[Level]:  # type: ignore[type-arg]
    levels: list[Level] = []
    for k, z in enumerate(counts):
        earlier = tuple((lv.name, 1) for lv in levels)
        level = Level(f"{name} and {size - 1} alike: order {k}", budget=(size, earlier))
        level.add([(z, 1)], size, rest=counts[:k] + counts[k + 1 :])
        levels.append(negated(level))
    return levels


def shape(level: Level) -> tuple[object, ...]:
    """All a level is to the lexicographic solve, its variables by index."""
    troops = tuple(
        (
            tuple((v.index, c) for v, c in g.terms),
            g.count,
            g.exact,
            g.slack,
            tuple(g.indices()[0]),
            g.indices()[1],
        )
        for g in level.troops
    )
    return (level.name, level.constant, level.budget, level.floor, level.hero, level.part, troops)


def check(f: Fight) -> None:
    pm = PlanModel(f, families=("R6",), prune=True)
    assert [shape(lv) for lv in p3_levels(pm)] == [shape(lv) for lv in slow_p3(pm)]
    assert [shape(lv) for lv in p4_levels(pm)] == [shape(lv) for lv in slow_p4(pm)]
    for t in pm.troops:
        if t.size > 1:
            counts = [*t.counts, *t.shot_counts]
            fast = _counts_in_turn(t, counts)
            slow = slow_counts_in_turn(t.size, t.first.name, counts)
            assert [shape(lv) for lv in fast] == [shape(lv) for lv in slow]


@settings(max_examples=60, deadline=None)
@given(plan_fights(specials=True))
def test_levels_built_at_once_are_the_slow_paths(f: Fight) -> None:
    assume(not check_state(f))
    check(f)


def test_levels_built_at_once_at_a_table() -> None:
    for specials in (False, True):
        for seed in range(3):
            check(grid(8, 40, seed, specials))
