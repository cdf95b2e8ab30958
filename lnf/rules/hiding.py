"""R4 and the Hide action: what an attack gives away and what hiding again gives back (5e,
"Unseen Attackers and Targets"; docs/choices.md, R4)."""

from __future__ import annotations

from lnf.model import BackReason, Fight, Flag, Hero, Monster, Rank
from lnf.rules.holds import swallowed_by
from lnf.values import replace

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_BACK = Rank.BACK
_HIDDEN = BackReason.HIDDEN
_HIDING = Flag.HIDDEN


def given_away(fight: Fight, attacker: Hero | Monster) -> Hero | Monster:
    """R4, 5e "Unseen Attackers and Targets": "If you are hidden—both unseen and unheard—when
    you make an attack, you give away your location when the attack hits or misses." The
    attacker as its attack leaves it: the Hide action's `hidden` is gone, and so is a hero's
    back-rank reason `hidden` (it stands back until the next round starts: R4/R5 mid-fight).
    Not a creature inside its swallower (F6: it stays inside), nor a monster's reason (R6: the
    round's plan counted it as hidden); `attacker` itself when nothing changes."""
    out = attacker
    if out.has(_HIDING):
        out = replace(out, flags=out.flags - {_HIDING})
    if revealed_by_attack(fight, out):
        out = replace(out, why=None)
    return out


def revealed_by_attack(fight: Fight, c: Hero | Monster) -> bool:
    """R4: `c` is a hero hidden in the back rank whose attack would give it away (see
    `given_away`); the hero policy asks it before the attack, to hide again (F1)."""
    return (
        isinstance(c, Hero)
        and c.rank is _BACK
        and c.why is _HIDDEN
        and swallowed_by(fight, c.name) is None
    )


def hidden_again(c: Hero | Monster) -> Hero | Monster:
    """R4, the Hide action that succeeds: `c` is hidden; a hero in the back rank whose reason
    is gone (given away, `given_away`) takes `hidden` as its reason again and keeps its place.
    A guarded, levitating or out-of-reach hero keeps its reason: one that lasts, where
    `hidden` would end with its next attack."""
    out = replace(c, flags=c.flags | {_HIDING})
    if isinstance(c, Hero) and c.rank is _BACK and c.why is None:
        out = replace(out, why=_HIDDEN)
    return out
