"""F4, durations: when an effect ends by itself, and when its save is repeated.

An effect that lasts `rounds` rounds and began during a creature's turn ends at the start of
that creature's turn `rounds` rounds later; one that began between turns ends as the round
`rounds` rounds later starts (so "1 minute" marked between rounds 2 and 3 lasts rounds 3 to 12).
If that creature has no turn in that round (it dropped or left), the effect ends as the next
round starts. `until` ends it at the start or end of a named creature's turn (the first such
edge after it began: "until the end of its turn" marked during that turn ends as it ends);
a repeated save comes at the start or end of each of the bearer's turns.
"""

from __future__ import annotations

from lnf.model import Condition, Effect, Fight, TurnEdge


def next_key(fight: Fight) -> int:
    """The key the next effect gets: the number of effects begun in this fight, plus one (the
    keys of effects that have ended are not given again)."""
    return fight.effects_begun + 1


def effect(fight: Fight, key: int) -> Effect | None:
    return next((e for e in fight.effects if e.key == key), None)


def ending_at(fight: Fight, who: str, edge: TurnEdge) -> list[tuple[Effect, str]]:
    """The effects that end at the `edge` of `who`'s turn in the round under way, with why."""
    out = []
    for e in fight.effects:
        if e.lasting.until == (who, edge):
            out.append((e, f"it lasted until the {edge} of {who}'s turn"))
        elif (
            edge is TurnEdge.START
            and e.lasting.rounds
            and e.turn == who
            and fight.round >= e.round + e.lasting.rounds
        ):
            out.append((e, f"{_span(e.lasting.rounds)} is over"))
    return out


def ending_as_round_starts(fight: Fight, number: int) -> list[tuple[Effect, str]]:
    """The effects counted in rounds that end as round `number` starts: those begun between
    turns, and those whose creature had no turn when it would have ended them."""
    out = []
    for e in fight.effects:
        rounds = e.lasting.rounds
        if not rounds:
            continue
        if (not e.turn and number >= e.round + rounds) or number > e.round + rounds:
            out.append((e, f"{_span(rounds)} is over"))
    return out


def saves_due(fight: Fight, who: str, edge: TurnEdge) -> list[Effect]:
    """F4: the effects on `who` whose save is repeated at this edge of its turn."""
    return [
        e
        for e in fight.effects
        if e.who == who and e.lasting.save is not None and e.lasting.each is edge
    ]


def imposed(fight: Fight, who: str, condition: Condition, but: int = 0) -> bool:
    """Whether an effect other than `but` still imposes `condition` on `who`."""
    return any(e.who == who and e.condition is condition and e.key != but for e in fight.effects)


def _span(rounds: int) -> str:
    return "1 minute" if rounds == 10 else f"{rounds} round" + ("s" if rounds != 1 else "")
