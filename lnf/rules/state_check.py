"""Every state rule at once: the checks behind `lnf check` and `lnf show`.

V3's and M6's checks are in modules of their own (`volley_state`, `reach_state`), not in
`rules.distance` and `rules.reactions` (which still give their names): those modules import the
attack rules (ammunition, chase, conditions, traits…) for play, which `show` and `check` of a
state never call.
"""

from __future__ import annotations

from lnf.errors import Violation
from lnf.model import Fight
from lnf.rules.attack_data import check_attack_data
from lnf.rules.gangup import check_gang_up
from lnf.rules.groups import check_groups
from lnf.rules.ranks import check_hero_back_rank, check_ranks
from lnf.rules.reach_state import check_reached_by
from lnf.rules.volley_state import check_no_groups_apart
from lnf.rules.wording import and_list


def check_state(fight: Fight) -> list[Violation]:
    """All violations of V3, G5, R4–R7, M6, K2 and the attack data, in the order they were
    always told."""
    return [
        *check_no_groups_apart(fight),
        *check_groups(fight),
        *check_ranks(fight),
        *check_reached_by(fight),
        *check_gang_up(fight),
        *check_attack_data(fight),
    ]


def planning_problems(fight: Fight) -> list[Violation]:
    """The state problems that stop the monsters' plan. Not K2 (K3: the limits bind monsters
    that join; nobody is forced out) nor R6 (counted after the plan's own moves). Mid-round
    (P6, once someone has acted), not the heroes' R4 and R5 either: a hero keeps its rank
    until its own turn, and a back-rank hero whose reason is gone steps forward as the next
    round starts, so the plan takes it where it stands (a guarded hero, out of mêlée reach)."""
    mid_round = bool(fight.turns.acted)
    settled_later = {"R4", "R5"} if mid_round else set()
    return [v for v in check_state(fight) if v.rule not in {"K2", "R6", *settled_later}]


def unplayable(fight: Fight) -> list[Violation]:
    """What keeps a fight from being played on (`lnf round`, `next`, `play`, `run`): every
    problem `lnf check` finds but those play itself settles: K2 (K3: nobody is forced out),
    R6 (the plan's own count, P6) and the heroes' R4 and R5 (a back-rank hero whose reason is
    gone steps forward as the next round starts; mid-round the plan takes it where it
    stands)."""
    return [v for v in check_state(fight) if v.rule not in {"K2", "R6", "R4", "R5"}]


def plan_notes(fight: Fight) -> list[str]:
    """What a plan must say about counts that what has already happened keeps it from meeting
    (P6): the back-rank count (R6), and mid-round a back-rank hero whose reason is gone (R4,
    R5), taken where it stands until the next round settles it."""
    from lnf.rules.back_rank import count_note

    notes = [note] if (note := count_note(fight)) else []
    if fight.turns.acted:
        for v in check_hero_back_rank(fight):  # where the state checks tell R4 and R5
            notes.append(
                f"{v.message} ({v.rule}); the plan takes {and_list(v.who)} where "
                f"{'it stands' if len(v.who) == 1 else 'they stand'} until the next round (P6)"
            )
    return notes
