"""Surprise: who may not act or react yet. D12 (the default layer): a combatant that did not
notice the threat cannot move or act in its first round and has no reaction until that round
ends. V-ENC1 (encounter mode): in the surprise round before round 1 only those the DM named
act, with the actions named; the others do nothing and take no reactions.
"""

from __future__ import annotations

from collections.abc import Mapping

from lnf.errors import Refused, Violation
from lnf.model import Fight, Variant
from lnf.rules.roster import in_fight

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_ENCOUNTER = Variant.ENCOUNTER


def verify_encounter(fight: Fight) -> None:
    if Variant.ENCOUNTER not in fight.variants:
        raise Refused(
            "a surprise round belongs to encounter mode: add `variants: [encounter]`", "V-ENC1"
        )


def surprise_round(fight: Fight) -> bool:
    """V-ENC1: the surprise round is under way (lnf numbers it round 0)."""
    return _ENCOUNTER in fight.variants and fight.round == 0 and bool(fight.turns.order)


def surprise_round_next(fight: Fight) -> bool:
    """V-ENC1: the next round to start is the surprise round: named, and nothing played yet."""
    return (
        Variant.ENCOUNTER in fight.variants
        and bool(fight.surprise_round)
        and not fight.turns.order
        and fight.round <= 1
    )


def actions_in_surprise_round(fight: Fight, name: str) -> int:
    """V-ENC1: how many actions `name` has in the surprise round (0: it sits it out); 3 in
    any other round."""
    if not surprise_round(fight):
        return 3
    return dict(fight.surprise_round).get(name, 0)


def beyond_actions(fight: Fight, name: str, moved: bool, acted: bool, bonus: bool) -> str:
    """V-ENC1: 3 actions are a full turn, 2 a move and an action, 1 a move or an action; what
    a turn (a hero's, a monster's order) does beyond them, said; "" when it fits. A move is
    a change of group (M1): a rank switch needs no movement (R8)."""
    n = actions_in_surprise_round(fight, name)
    if n == 2 and bonus:
        return f"{name} has 2 actions in the surprise round: a move and an action, no bonus action"
    if n == 1 and (bonus or (moved and acted)):
        return f"{name} has 1 action in the surprise round: a move or an action"
    return ""


def check_surprise_order(fight: Fight, name: str, moved: bool, acted: bool) -> list[Violation]:
    """V-ENC1 for a monster's order in the plan (P2): no more than its actions (a monster's
    plan has no bonus action)."""
    beyond = beyond_actions(fight, name, moved, acted, bonus=False)
    return [Violation("V-ENC1", beyond, (name,))] if beyond else []


def verify_actions(fight: Fight, name: str, moved: bool, acted: bool, bonus: bool) -> None:
    if beyond := beyond_actions(fight, name, moved, acted, bonus):
        raise Refused(beyond, "V-ENC1")


def held_back(fight: Fight, name: str) -> tuple[str, str] | None:
    """Why `name` may not move or act now, and the rule; None when it may."""
    if name in fight.surprised:
        return "is surprised", "D12"
    if surprise_round(fight) and actions_in_surprise_round(fight, name) == 0:
        return "does not act in the surprise round", "V-ENC1"
    return None


def held_note(fight: Fight, name: str) -> str:
    """How the table says it: "is surprised (D12)"; "" when it may act."""
    held = held_back(fight, name)
    return f"{held[0]} ({held[1]})" if held is not None else ""


def sitting_out(fight: Fight) -> list[str]:
    """The monsters in the fight that may not act now, said: "Bandit 2 is surprised (D12)"."""
    return [
        f"{m.name} {note}"
        for m in fight.monsters
        if in_fight(m) and (note := held_note(fight, m.name))
    ]


def may_react(fight: Fight, name: str) -> bool:
    """D12: no reaction until the first round ends; V-ENC1: none for those sitting out the
    surprise round."""
    return held_back(fight, name) is None


def surprised_by(stealth: Mapping[str, int], perception: Mapping[str, int]) -> list[str]:
    """D12: each creature whose passive Perception every ambusher's Stealth total meets
    (nobody it could have noticed) is surprised; `stealth`: the ambushers' totals."""
    if not stealth:
        return []
    quietest = min(stealth.values())
    return [name for name, passive in perception.items() if quietest >= passive]


def surprise_over(fight: Fight) -> bool:
    """D12: as a round starts, surprise is over once a round from round 1 on has been played
    (a surprise round, round 0, does not count)."""
    return bool(fight.turns.order) and fight.round >= 1
