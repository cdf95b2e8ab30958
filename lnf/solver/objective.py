"""The objective as a list of lexicographic levels: P3 exactly, then P4's tie-breaks.

P3: along the target order, for each hero: the number of monsters attacking it (more is
better; an area action attacks every hero it catches, B3), then how many of each danger class
attack it, most dangerous class first (G3: one class per kind; the last class follows from the
others). P4: more expected damage in total and then the resource spent (B6: at will before
recharge before per day before slots, lower first), fewer attacks at disadvantage, fewer
monsters leaving a group, fewer rank changes, fewer moves; then, monster by monster in danger
order, the place of its order in `rules.plan_score.canonical_key`'s order (the earlier target,
the stat block's order of actions, mêlée before reach before ranged, the earlier destination,
staying first, and the earlier rank, keeping its own first). Together these fix every decision
variable, so the optimum is unique. Each level is the one `rules.plan_score.score` counts.

The model counts troops of interchangeable monsters (see `troops`), so every level is a sum
over troop counts, grouped by troop for tight ranges (see `lexicographic.Level`).
"""

from __future__ import annotations

import itertools

from lnf.model import Rank
from lnf.model.plan import MoveKind
from lnf.rules.moves import leaves_group
from lnf.rules.plan_score import danger_classes
from lnf.rules.specials import resource_rank
from lnf.solver.cp_sat import IntVar, cp_model
from lnf.solver.levels import Level, Part, Ruled, Term
from lnf.solver.model import PlanModel
from lnf.solver.troops import Troop


def p3_levels(pm: PlanModel) -> list[Level]:
    """P3's levels, counts to maximise stored negated (as `levels.negated` would make them:
    built so at once, each troop's variable indices looked up once, see `_Looks`)."""
    classes = danger_classes(pm.fight)
    n_classes = len(set(classes.values()))
    levels: list[Level] = []
    earlier: list[tuple[str, int]] = []
    seen = {id(t): _Looks(t) for t in pm.troops}  # see `_attacks_on`
    # per hero, the troops that can attack it, in troop order: a troop without a strike on a
    # hero adds nothing to its levels (`Level.add_at` keeps no empty terms), and most troops
    # strike few heroes (pruned, a shot only at the earliest hero it can shoot)
    striking: dict[str, list[Troop]] = {}
    for t in pm.troops:
        for name in seen[id(t)].on:
            striking.setdefault(name, []).append(t)
    # each monster attacks at most as many heroes as its widest order (one, or the heroes
    # an area catches, B3), and an attacker counts in one class (see Level.budget)
    attacks = sum(t.size * max(1, *(len(o.heroes) for o in t.options)) for t in pm.troops)
    for hero in pm.targets:
        count = Level(f"P3 {hero.name} attackers", budget=(attacks, tuple(earlier)), hero=hero.name)
        earlier.append((count.name, 1))
        by_class = []
        for c in range(n_classes - 1):
            previous = tuple((f"P3 {hero.name} class {k}", 1) for k in range(c))
            budget = (0, ((count.name, -1), *previous))
            by_class.append(Level(f"P3 {hero.name} class {c}", budget=budget, hero=hero.name))
        for t in striking.get(hero.name, ()):
            terms, at, rest, slack = _attacks_on(t, hero.name, seen)
            count.add_at(terms, at, t.size, rest_at=rest, slack=slack)
            if classes[t.first.name] < n_classes - 1:
                by_class[classes[t.first.name]].add_at(terms, at, t.size, rest_at=rest, slack=slack)
        levels += [count, *by_class]
    return levels


def p3_exprs(pm: PlanModel) -> dict[str, cp_model.LinearExpr]:
    """Each P3 level of `p3_levels` by name, as its expression alone (stored negated, as
    there), without the ranges and budgets a lexicographic solve needs: for questions that
    hold levels at values (P5)."""
    classes = danger_classes(pm.fight)
    n_classes = len(set(classes.values()))
    out: dict[str, cp_model.LinearExpr] = {}
    for hero in pm.targets:
        by_class: list[list[IntVar]] = [[] for _ in range(n_classes - 1)]
        count: list[IntVar] = []
        for t in pm.troops:
            terms = [v for v, target, _, _, _ in t.strikes() if target == hero.name]
            count += terms
            if classes[t.first.name] < n_classes - 1:
                by_class[classes[t.first.name]] += terms
        out[f"P3 {hero.name} attackers"] = -cp_model.LinearExpr.sum(count)
        for c, terms in enumerate(by_class):
            out[f"P3 {hero.name} class {c}"] = -cp_model.LinearExpr.sum(terms)
    return out


class _Looks:
    """What P3's levels ask of a troop for every hero, worked out in one pass over it: per
    hero its attack variables (coefficient -1: P3's counts are stored negated), their
    indices (an index is a look-up in the model) and the ranks of its shots at the hero;
    the indices of all its variables, and of the options a shot can ride on, per rank."""

    def __init__(self, t: Troop) -> None:
        self.on: dict[str, tuple[list[Term], list[int], set[Rank]]] = {}
        for v, hero, _, _, _ in t.strikes():
            terms, at, _ = self.on.setdefault(hero, ([], [], set()))
            terms.append((v, -1))
            at.append(v.index)
        for shot in t.shots:  # each is a strike too
            self.on[shot.target][2].add(shot.rank)
        self.every = frozenset([x.index for x in t.counts] + [s.index for s in t.shot_counts])
        self.riders: dict[Rank, set[int]] = {}
        for o, x in zip(t.options, t.counts, strict=True):
            if t.rides(o):
                self.riders.setdefault(o.rank, set()).add(x.index)


def _attacks_on(
    t: Troop, hero: str, seen: dict[int, _Looks]
) -> tuple[list[Term], list[int], frozenset[int], bool]:
    """The troop's attack variables on `hero`, each with coefficient -1 (P3 maximises the
    count: stored negated), and their indices; the indices of the variables that must be 0
    when its whole troop attacks `hero` (every other option and shot, but the options a shot
    at `hero` can ride on); and whether the terms may fall short even with those at 0 (a
    member who could shoot `hero` from where it stands may shoot nobody). `seen` keeps what
    each troop's options are (asked for every hero) by the troop's identity."""
    looks = seen.get(id(t))
    if looks is None:
        looks = seen[id(t)] = _Looks(t)
    terms, at, shot_ranks = looks.on.get(hero, ([], [], set()))
    rest = looks.every.difference(at, *(looks.riders.get(rank, ()) for rank in shot_ranks))
    return terms, at, rest, bool(shot_ranks)


def p4_levels(pm: PlanModel) -> list[Level]:
    """P4's counts, B6's two first: expected damage (maximised: stored negated, as
    `levels.negated` would make it) and the resource spent. Each troop's variable indices
    are looked up once for its six levels."""
    damage = Level("P4 expected damage")
    resource = Level("P4 resource spent")
    disadvantage = Level("P4 attacks at disadvantage")
    leavers = Level("P4 monsters leaving a group")
    rank_changes = Level("P4 rank changes")
    moves = Level("P4 moves")
    fight = pm.fight
    for t in pm.troops:
        m = t.first
        options = list(zip(t.options, t.counts, strict=True))
        shots = list(zip(t.shots, t.shot_counts, strict=True))
        at = [x.index for x in t.counts]
        shot_at = [s.index for s in t.shot_counts]
        size = t.size
        damage.add_at([(x, -o.damage) for o, x in options], at, size, True)
        damage.add_at([(s, -sh.damage) for sh, s in shots], shot_at, size, slack=True)
        resource.add_at([(x, resource_rank(m, o.action)) for o, x in options], at, size, True)
        disadvantage.add_at([(x, o.dis) for o, x in options], at, size, True)
        disadvantage.add_at([(s, sh.dis) for sh, s in shots], shot_at, size, slack=True)
        leavers.add_at(
            [(x, int(leaves_group(fight, m.name, t.move_of(o)))) for o, x in options],
            at,
            size,
            True,
        )
        moves.add_at(
            [(x, int(t.move_of(o).kind is not MoveKind.STAY)) for o, x in options], at, size, True
        )
        rank_changes.add_at([(x, int(o.rank is not m.rank)) for o, x in options], at, size, True)
    return [damage, resource, disadvantage, leavers, rank_changes, moves]


def canonical_levels(pm: PlanModel, ruled: Ruled) -> list[Level]:
    """P4's last tie-break, monster by monster in column order: the place of its order in
    canonical order (earlier target, mêlée before reach before ranged, earlier destination,
    earlier rank; the keys of `rules.plan_score.canonical_key`) among the orders that the
    levels before left open (`ruled` holds the rest).

    A troop's n-th member takes the troop's n-th smallest order. When its members stand side
    by side in the columns, their places compared in turn are the troop's counts per order
    compared in turn, most members on the earliest order first: one level per order, and
    the orders past the last member cost nothing. A troop split by other columns gets one
    level per member, its n-th smallest order."""
    position = {m.name: k for k, m in enumerate(pm.acting)}
    by_column: dict[int, list[Level]] = {}
    for t in pm.troops:
        part = Part(pm.model.new_bool_var(f"{t.first.name} deciding"), [*t.counts, *t.shot_counts])
        counts = pm.canonical_counts(t, ruled, part.active)
        columns = [position[m.name] for m in t.members]
        if columns[-1] - columns[0] == len(columns) - 1:
            levels = _counts_in_turn(t, counts)
            by_column[columns[0]] = levels
        else:
            levels = _places_in_turn(pm, t, counts, part.active)
            for column, level in zip(columns, levels, strict=True):
                by_column[column] = [level]
        for level in levels:
            level.part = part
    return [level for column in sorted(by_column) for level in by_column[column]]


def _counts_in_turn(t: Troop, counts: list[IntVar]) -> list[Level]:
    """How many members take each order, to maximise in canonical order; each is bounded
    by the members the orders before left over."""
    if t.size == 1:  # one level: the place of its order
        level = Level(f"{t.first.name} order")
        level.add([(x, k) for k, x in enumerate(counts)], 1, True)
        return [level]
    levels: list[Level] = []
    at = [z.index for z in counts]
    every = frozenset(at)
    for k, z in enumerate(counts):
        earlier = tuple((lv.name, 1) for lv in levels)
        level = Level(f"{t.first.name} and {t.size - 1} alike: order {k}", budget=(t.size, earlier))
        # the most members on order k, stored negated (as `levels.negated` would make it)
        level.add_at([(z, -1)], [at[k]], t.size, rest_at=every - {at[k]})
        levels.append(level)
    return levels


def _places_in_turn(pm: PlanModel, t: Troop, counts: list[IntVar], active: IntVar) -> list[Level]:
    """Per member, the place of its order, the n-th smallest of the troop's: a boolean per
    member and order (as many members on an order as the troop's count there, places never
    decreasing in column order), so each place is an exact sum the LP sees. All of it holds
    while `active`."""
    model = pm.model
    y = [
        [model.new_bool_var(f"{member.name} takes {k}") for k in range(len(counts))]
        for member in t.members
    ]
    for row in y:
        model.add(cp_model.LinearExpr.sum(row) == 1).only_enforce_if(active)
    for k, count in enumerate(counts):
        model.add(cp_model.LinearExpr.sum([row[k] for row in y]) == count).only_enforce_if(active)
    places = [cp_model.LinearExpr.weighted_sum(row, list(range(len(counts)))) for row in y]
    for a, b in itertools.pairwise(places):
        model.add(a <= b).only_enforce_if(active)
    levels: list[Level] = []
    for member, row in zip(t.members, y, strict=True):
        previous = levels[-1].name if levels else None
        level = Level(f"{member.name} order", floor=previous)
        level.add([(v, k) for k, v in enumerate(row)], 1, True)
        levels.append(level)
    return levels


def p3_p4_levels(pm: PlanModel) -> list[Level]:
    return p3_levels(pm) + p4_levels(pm)
