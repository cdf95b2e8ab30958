"""F2: a bard's Bardic Inspiration (SRD 5.1 bard, level 1): "you use a bonus action on your
turn to choose one creature other than yourself within 60 feet of you who can hear you. That
creature gains one Bardic Inspiration die, a d6. Once within the next 10 minutes, the creature
can roll the die and add the number rolled to one ability check, attack roll, or saving throw
it makes. The creature can wait until after it rolls the d20 before deciding to use the Bardic
Inspiration die, but must decide before the DM says whether the roll succeeds or fails. …
A creature can have only one Bardic Inspiration die at a time." The die is a d8 at 5th level,
a d10 at 10th, a d12 at 15th.

**Decisions (F2):** the die is an effect on the ally, "Bardic Inspiration (d8)", lasting 10
minutes (the fight). Without a map every ally in the fight is within 60 feet; one that cannot
hear (deafened, unconscious, a hero at 0 hit points) gains none. The ally rolls it as a
sensible player does, after seeing the d20 and before the DM tells: on its first attack roll
or save that misses or fails without it and that the die could still turn (a natural 1 never
hits, D3); then the die is spent. lnf rolls the die as it rolls the roll, the table's d20s
too (`--saves`). Ability checks (a grapple's, an escape's) do not use it: lnf's checks are the
contests of the variants and F6's escapes, which it leaves to their own rules."""

from __future__ import annotations

import re

from lnf.errors import Refused
from lnf.model import Condition, Effect, Fight, Hero
from lnf.rules.resources import BARDIC_INSPIRATION, verify_use

# SRD bard table, Bardic Inspiration's die: (bard level, faces), highest first.
DICE = ((15, 12), (10, 10), (5, 8), (1, 6))
_DIE = re.compile(rf"{BARDIC_INSPIRATION} \(d(\d+)\)")
TEN_MINUTES = 100  # rounds: "within the next 10 minutes" (F4)
DEAF = frozenset({Condition.DEAFENED, Condition.UNCONSCIOUS})


def inspiration_die(level: int) -> int:
    """The faces of a bard's Bardic Inspiration die at `level`."""
    return next(faces for at, faces in DICE if level >= at)


def inspiration_what(faces: int) -> str:
    """The effect an inspired ally bears: "Bardic Inspiration (d8)"."""
    return f"{BARDIC_INSPIRATION} (d{faces})"


def held_die(fight: Fight, who: str) -> tuple[Effect, int] | None:
    """The Bardic Inspiration `who` holds and its die's faces; None without one."""
    for e in fight.effects:
        if e.who == who and (m := _DIE.fullmatch(e.what)):
            return e, int(m[1])
    return None


def worth_rolling(total: int, dc: int, faces: int) -> bool:
    """Whether the ally rolls its die on this roll: it misses or fails without it (`total`
    under `dc`), and the die can still turn it (the caller leaves out a roll a natural 1 or
    20 decides, D3)."""
    return total < dc <= total + faces


def verify_inspire(fight: Fight, bard: Hero, ally: str) -> str | None:
    """F2: `bard` inspires `ally` with its bonus action: the use of the sheet it spends (None:
    a sheet lnf does not count). Refused for a hero who is no bard with a level, for itself,
    a foe, an ally that cannot hear it or holds a die already, or no use left."""
    if bard.cls.lower() != "bard" or bard.level is None:
        raise Refused(f"{bard.name} is no bard with a level: no {BARDIC_INSPIRATION}", "F2")
    if ally == bard.name:
        raise Refused(f"{BARDIC_INSPIRATION} goes to another creature, not the bard", "F2")
    target = fight.combatant(ally) if ally in fight else None
    if not isinstance(target, Hero):
        raise Refused(f"{BARDIC_INSPIRATION} goes to an ally: {ally} is none", "F2")
    if target.conditions & DEAF or target.current_hp == 0:
        raise Refused(f"{ally} cannot hear {bard.name}: no {BARDIC_INSPIRATION}", "F2")
    if held_die(fight, ally) is not None:
        raise Refused(f"{ally} holds a {BARDIC_INSPIRATION} die already (one at a time)", "F2")
    return verify_use(bard, BARDIC_INSPIRATION)
