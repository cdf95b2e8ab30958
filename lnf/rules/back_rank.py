"""The back-rank count of the monsters' plan (R6), and P6's decision for when what has already
happened makes it impossible to meet.

R6: a monster may be in the back rank only with one front-rank monster per front-rank hero,
counted after this round's moves. P6, decided: where a monster that cannot leave the back rank
this round (it acted already, cannot act, or is held) leaves the count short even if every
monster that can take the front rank does, the plan still gives every other monster its best
order; it only may not make the count worse: no monster newly takes the back rank. The plan
says so (`count_note`). The solver and the validator both decide it here.
"""

from __future__ import annotations

from lnf.errors import Violation
from lnf.model import Fight, Monster, Rank
from lnf.model.plan import Order
from lnf.rules.moves import can_act, rank_options
from lnf.rules.ranks import count_met, front_rank_counts, monster_needs_count
from lnf.rules.roster import monsters
from lnf.rules.wording import and_list, plural
from lnf.values import by_identity


def stuck_in_back(fight: Fight) -> list[Monster]:
    """Counted monsters (R6) that cannot leave the back rank this round."""
    return [m for m in monsters(fight) if _stuck(fight, m)]


def _stuck(fight: Fight, m: Monster) -> bool:
    return (
        m.rank is Rank.BACK
        and monster_needs_count(m, fight.sunlight)
        and (not can_act(fight, m) or rank_options(m) == [Rank.BACK])
    )


def most_front_rank(fight: Fight, enough: int | None = None) -> int:
    """The most front-rank monsters this round's moves can leave: those that keep the front
    rank because they cannot act, and every one that acts and may take it. With `enough`, the
    count stops there (all R6's check needs: a battle's 150 monsters meet 20 heroes early)."""
    found = 0
    for m in monsters(fight):
        if found == enough:
            break
        acts = can_act(fight, m)
        if (Rank.FRONT in rank_options(m)) if acts else (m.rank is Rank.FRONT):
            found += 1
    return found


def most_front_rank_without(fight: Fight, monster: Monster) -> int:
    """R6: the most front-rank monsters this round's moves can leave with `monster` out of
    the front rank (P5 asks it: could any plan put `monster` in the back rank?)."""
    mine = can_act(fight, monster) and Rank.FRONT in rank_options(monster)
    return most_front_rank(fight) - (1 if mine else 0)


@by_identity  # asked once per option the solver weighs, of the same fight
def count_unmeetable(fight: Fight) -> bool:
    """P6: whether what has already happened makes R6 impossible to meet this round."""
    if not any(_stuck(fight, m) for m in monsters(fight)):
        return False
    front_heroes, _ = front_rank_counts(fight)
    return not count_met(most_front_rank(fight, front_heroes), front_heroes)


def bound_by_count(fight: Fight, monster: Monster, rank: Rank) -> bool:
    """Whether `monster` ending in `rank` needs R6's count. Normally any counted monster in the
    back rank does; when the count cannot be met (P6), only one that newly takes it."""
    if rank is not Rank.BACK or not monster_needs_count(monster, fight.sunlight):
        return False
    if count_unmeetable(fight):
        return can_act(fight, monster) and monster.rank is not Rank.BACK
    return True


def count_note(fight: Fight) -> str:
    """What the plan says when the count cannot be met, and why (P6)."""
    if not count_unmeetable(fight):
        return ""
    front_heroes, _ = front_rank_counts(fight)
    stuck = [m.name for m in stuck_in_back(fight)]
    verb = "stays" if len(stuck) == 1 else "stay"
    return (
        f"the back-rank count cannot be met this round (R6): {and_list(stuck)} {verb} in the back "
        f"rank, and at most {plural(most_front_rank(fight), 'monster')} can stand in front of "
        f"{plural(front_heroes, 'front-rank hero', 'front-rank heroes')}; no monster newly takes "
        "the back rank (P6)"
    )


def front_after(orders: dict[str, Order]) -> int:
    """R6: the front-rank monsters once every monster has taken its order's rank."""
    return sum(1 for o in orders.values() if o.rank is Rank.FRONT)


def back_rank_count(fight: Fight, orders: dict[str, Order]) -> list[Violation]:
    """R6, counted after this round's moves (with P6's decision when what has already happened
    makes the count impossible: `rules.back_rank`)."""
    by_name = {m.name: m for m in monsters(fight)}
    back = [n for n, o in orders.items() if bound_by_count(fight, by_name[n], o.rank)]
    front_monsters = front_after(orders)
    front_heroes, _ = front_rank_counts(fight)
    if back and not count_met(front_monsters, front_heroes):
        return [
            Violation(
                "R6",
                f"{and_list(back)} in the back rank with {front_monsters} front-rank monsters "
                f"for {front_heroes} front-rank heroes",
                tuple(back),
                "a monster may take the back rank only with one front-rank monster per "
                "front-rank hero",
            )
        ]
    return []
