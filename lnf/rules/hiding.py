"""R4 and the Hide action: what an attack gives away, what hiding again gives back, and what a
monster's Search finds (5e, "Unseen Attackers and Targets", "Hiding"; docs/choices.md, R4)."""

from __future__ import annotations

from lnf.model import BackReason, Fight, Flag, Hero, Monster, Rank
from lnf.model.steps import Searched
from lnf.rules.holds import swallowed_by
from lnf.rules.roster import in_fight
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
    if isinstance(out, Hero) and out.hid_with is not None:
        out = replace(out, hid_with=None)  # its Stealth total goes with its hiding
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


def hidden_again(c: Hero | Monster, stealth: int | None = None) -> Hero | Monster:
    """R4, the Hide action that succeeds: `c` is hidden; a hero in the back rank whose reason
    is gone (given away, `given_away`) takes `hidden` as its reason again and keeps its place.
    A guarded, levitating or out-of-reach hero keeps its reason: one that lasts, where
    `hidden` would end with its next attack. A hero keeps the check's `stealth` total: what a
    monster's Search contests (`search_against`)."""
    out = replace(c, flags=c.flags | {_HIDING})
    if isinstance(out, Hero):
        out = replace(out, hid_with=stealth)
        if out.rank is _BACK and out.why is None:
            out = replace(out, why=_HIDDEN)
    return out


def search_against(fight: Fight) -> tuple[tuple[str, int], ...]:
    """R4, P1, 5e "Hiding": "Until you are discovered or you stop hiding, that check's total
    is contested by the Wisdom (Perception) check of any creature that actively searches for
    signs of your presence." A monster whose order gives it no attack searches (its action)
    for the heroes hidden in the back rank (`revealed_by_attack`: no monster may pick them,
    R4; not one inside a swallower, F6), each with the Stealth total it hid with; one the
    fight file (or the DM) put there without a Hide is taken as hiding with 10 + its Stealth
    bonus, a passive check. lnf has no lines of sight: every monster searches for every one.
    () when none is hidden: the monster does nothing, as before."""
    return tuple(
        (h.name, h.hid_with if h.hid_with is not None else 10 + h.stealth)
        for h in fight.heroes
        if in_fight(h) and revealed_by_attack(fight, h)
    )


def search_bonus(monster: Monster) -> int:
    """R4, the Search action's Wisdom (Perception) check: the stat block's Perception skill,
    else its Wisdom modifier, both read off its passive Perception (10 + that bonus)."""
    return monster.perception - 10


def found(step: Searched) -> tuple[str, ...]:
    """R4, 5e "Contests": the heroes the Search finds, its total beating the Stealth each hid
    with; a tie leaves a hero hidden ("the situation remains the same as it was before")."""
    return tuple(hero for hero, stealth in step.against if step.total > stealth)


def searched(fight: Fight, step: Searched) -> Fight:
    """R4, P6: each hero the Search finds loses its hiding as an attack gives it away
    (`given_away`): it stands in the back rank to be shot until the next round; the monsters
    still to act plan again (losing a reason is a change)."""
    for name in found(step):
        fight = fight.with_combatant(given_away(fight, fight.hero(name)))
    return fight
