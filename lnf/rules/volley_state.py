"""V3 on a state: no mêlée groups while the sides are apart. Apart from `rules.distance`, the
volley rules for play, so that checking a state loads none of the attack rules."""

from __future__ import annotations

from lnf.errors import Violation
from lnf.model import Fight


def check_no_groups_apart(fight: Fight) -> list[Violation]:
    """V3 as a check on a state: no mêlée groups before the sides meet."""
    if fight.phase.kind.melee_possible or not fight.groups:
        return []
    return [
        Violation(
            "V3",
            f"there are mêlée groups while the sides are apart ({fight.phase})",
            tuple(n for g in fight.groups for n in g.members),
            "no mêlée and no groups before the sides meet; set phase: melee",
        )
    ]
