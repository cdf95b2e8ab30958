"""M6 on a state: whom a reach attack last came from. Apart from `rules.reactions`, the
reach rules for play, so that checking a state loads none of the attack rules."""

from __future__ import annotations

from lnf.errors import Violation
from lnf.model import Fight


def check_reached_by(fight: Fight) -> list[Violation]:
    """M6 as a check on a state: `reached_by` names an enemy in the fight."""
    found = []
    for c in fight.everyone:
        if c.reached_by is None:
            continue
        foe = fight.combatant(c.reached_by) if c.reached_by in fight else None
        if foe is None:
            said = f"{c.name} was last hit with reach by {c.reached_by}, who is not in this fight"
        elif foe.side is c.side:
            said = f"{c.name} was last hit with reach by {foe.name}, who is on its own side"
        else:
            continue
        found.append(
            Violation(
                "M6",
                said,
                (c.name,),
                "reached_by names the enemy that last hit it with a reach attack (A2)",
            )
        )
    return found
