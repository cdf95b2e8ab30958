"""P7: how a DM's plan compares with the best plan, said where it first falls short."""

from __future__ import annotations

from lnf.model import Fight
from lnf.model.plan import Plan
from lnf.rules.attacks import plan_targets
from lnf.rules.plan_score import danger_classes, score
from lnf.rules.wording import plural

P4_TEXT = (
    "attacks at disadvantage",
    "monsters leaving a group",
    "rank changes",
    "moves",
)


def shortfall(fight: Fight, theirs: Plan, best: Plan) -> list[str]:
    """Empty when `theirs` is as good as `best` (P3, B6's expected damage and resources, P4
    counts); else where it falls short."""
    mine, top = score(fight, theirs), score(fight, best)
    classes = danger_classes(fight)
    kinds: dict[int, str] = {}
    for m in fight.monsters:
        kinds.setdefault(classes[m.name], m.stat_block)
    width = len(set(classes.values()))  # one count and width - 1 class counts per hero
    for i, hero in enumerate(plan_targets(fight)):
        block = slice(i * width, (i + 1) * width)
        if mine.p3[block] == top.p3[block]:
            continue
        a, b = mine.p3[block], top.p3[block]
        if a[0] != b[0]:
            return [
                f"{hero.name} could get {plural(b[0], 'attacker')}; your plan gives "
                f"{hero.name} {a[0]} (P3)"
            ]
        c = next(j for j in range(1, width) if a[j] != b[j]) - 1
        return [
            f"{hero.name} could be attacked by {b[c + 1]} {kinds[c]} (more dangerous); your "
            f"plan sends {a[c + 1]} (P3)"
        ]
    if mine.p4[0] != top.p4[0]:
        could, yours = -top.p4[0] / 100, -mine.p4[0] / 100
        return [f"the best plan deals {could:.2f} expected damage; yours {yours:.2f} (B6)"]
    if mine.p4[1] != top.p4[1]:
        return ["the best plan spends less: at will before recharge, per day, then slots (B6)"]
    for text, a_n, b_n in zip(P4_TEXT, mine.p4[2:], top.p4[2:], strict=True):
        if a_n != b_n:
            return [f"the best plan has {b_n} {text}; yours has {a_n} (P4)"]
    return []
