"""F6, B7: an action whose one effect bars healing — the mummy lord's legendary Channel
Negative Energy (SRD: "Creatures within 60 feet of the mummy lord, including ones behind
barriers and around corners, can't regain hit points until the end of the mummy lord's next
turn"), no save, played as F6's `no_healing` riders are.

**Decision (B7, F6):** it deals no damage, so B7's expected damage weighs it at nothing; it is
worth its points only when healing would change the fight now: a hero of the fight is downed
(at 0 hit points and dying, D8: one hit point regained gets it up). Then it is an option as
any, taken when no option with damage reaches (B7's most expected damage); it catches every
hero in the fight (60 feet "around corners": a spell's reach, B4) not barred already, and
lasts as Blasphemous Word's stun does, until the end of the mummy lord's next turn.
"""

from __future__ import annotations

from lnf.model import Attack, Fight
from lnf.rules.roster import downed, heroes


def bars_only(action: Attack) -> bool:
    """F6: an action that only bars healing: no damage, save, roll or effect; riders that
    bar healing and do nothing else."""
    plain = action.damage.maximum == 0 and action.to_hit == 0 and action.save is None
    bars = bool(action.riders) and all(r.no_healing and not r.conditions for r in action.riders)
    return plain and bars and action.effect is None


def barred(fight: Fight) -> tuple[str, ...]:
    """B7: the heroes an action that bars healing catches now, or () when no hero is downed
    (see the module's decision); a hero barred already is not caught again."""
    standing = heroes(fight)
    if not any(downed(h) for h in standing):
        return ()
    bars = {e.who for e in fight.effects if e.no_healing}
    return tuple(h.name for h in standing if h.name not in bars)
