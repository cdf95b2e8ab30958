"""The objective as a list of lexicographic levels: P3 exactly, then P4's tie-breaks.

P3: along the target order, for each hero: the number of monsters attacking it (more is
better), then how many of each danger class attack it, most dangerous class first (G3: one
class per kind; the last class follows from the others). P4: fewer attacks at disadvantage,
fewer monsters leaving a group, fewer rank changes, fewer moves; then, monster by monster in
danger order, the earlier target, mêlée before reach before ranged, the earlier destination
(staying first) and the earlier rank (keeping its own first). Together these fix every
decision variable, so the optimum is unique.
"""

from __future__ import annotations

from lnf.model.plan import MoveKind, Roll
from lnf.rules.attacks import roll_for
from lnf.rules.moves import leaves_group
from lnf.rules.plan_check import MODE_ORDER, danger_classes
from lnf.solver.lexicographic import Level, negated
from lnf.solver.model import PlanModel


def p3_levels(pm: PlanModel) -> list[Level]:
    classes = danger_classes(pm.fight)
    n_classes = len(set(classes.values()))
    levels: list[Level] = []
    earlier: list[tuple[str, int]] = []
    for hero in pm.targets:
        # each monster attacks one hero, and an attacker counts in one class (see Level.budget)
        count = Level(f"P3 {hero.name} attackers", budget=(len(pm.acting), tuple(earlier)))
        earlier.append((count.name, 1))
        by_class = []
        for c in range(n_classes - 1):
            previous = tuple((f"P3 {hero.name} class {k}", 1) for k in range(c))
            budget = (0, ((count.name, -1), *previous))
            by_class.append(Level(f"P3 {hero.name} class {c}", budget=budget))
        for m in pm.acting:
            terms = [(v, 1) for (h, _, _), v in pm.attack[m.name].items() if h == hero.name]
            count.add(terms)
            if classes[m.name] < n_classes - 1:
                by_class[classes[m.name]].add(terms)
        levels += [negated(count), *(negated(lv) for lv in by_class)]
    return levels


def p4_levels(pm: PlanModel) -> list[Level]:
    disadvantage = Level("P4 attacks at disadvantage")
    leavers = Level("P4 monsters leaving a group")
    rank_changes = Level("P4 rank changes")
    moves = Level("P4 moves")
    for m in pm.acting:
        terms = []
        for (hero_name, mode, r), var in pm.attack[m.name].items():
            hero = pm.fight.hero(hero_name)
            terms.append((var, int(roll_for(m, hero, mode, r)[0] is Roll.DISADVANTAGE)))
        disadvantage.add(terms)
        spots = pm.positions(m.name)
        leavers.add([(v, int(leaves_group(pm.fight, m.name, mv))) for mv, _, v in spots], True)
        moves.add([(v, int(mv.kind is not MoveKind.STAY)) for mv, _, v in spots], True)
        rank_changes.add([(v, int(r is not m.rank)) for _, r, v in spots], True)
    return [disadvantage, leavers, rank_changes, moves]


def canonical_levels(pm: PlanModel) -> list[Level]:
    """P4's last tie-break; the same keys as `rules.plan_check.canonical_key`."""
    targets = [h.name for h in pm.targets]
    levels: list[Level] = []
    for m in pm.acting:
        attacks = pm.attack[m.name].items()
        target = Level(f"{m.name} target", constant=len(targets))
        target.add([(v, targets.index(h) - len(targets)) for (h, _, _), v in attacks])
        mode = Level(f"{m.name} mode", constant=len(MODE_ORDER))
        mode.add([(v, MODE_ORDER.index(md) - len(MODE_ORDER)) for (_, md, _), v in attacks])
        ranks = pm.ranks[m.name]
        dest = Level(f"{m.name} destination")
        dest.add([(v, i) for (i, _), v in pm.pos[m.name].items()], True)
        rank = Level(f"{m.name} rank")
        rank.add([(v, ranks.index(r)) for (_, r), v in pm.pos[m.name].items()], True)
        levels += [target, mode, dest, rank]
    return levels


def all_levels(pm: PlanModel) -> list[Level]:
    return p3_levels(pm) + p4_levels(pm) + canonical_levels(pm)
