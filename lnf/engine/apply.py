"""The state of a fight is the fight file plus its events, applied in order.

`apply` is pure: the same fight and event give the same result, which is what makes undo exact
(the state before an event is kept, not worked out again) and the log trustworthy. It returns
an `Applied` record (`lnf.model.applied`): the state before and after and each step's record.
The transcript tells the fight from these records without working anything out again, and the
runner builds a turn with the same `Steps` that `apply` uses, so an event is applied once. What
each step does is `lnf.engine.steps`.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter
from typing import Self, assert_never

from lnf.engine.steps import apply_step
from lnf.model import Fight, Flag, Hero, Monster, Phase
from lnf.model.applied import Applied, StepDone
from lnf.model.events import (
    Begun,
    Ended,
    Event,
    Initiative,
    PhaseSet,
    Planned,
    Reaction,
    Recorded,
    Redone,
    Renamed,
    RoundStarted,
    Surprised,
    SurpriseRoundSet,
    Turn,
    TurnStarted,
    Undone,
)
from lnf.model.steps import Step
from lnf.rules.acl import acl, reactions_at_end, surge_at_turn_start
from lnf.rules.limited import round_regained
from lnf.rules.monster_reactions import reactive
from lnf.rules.surprise import surprise_over
from lnf.values import replace


def apply(fight: Fight, event: Event) -> Applied:
    """The fight after `event`, with a record of everything that happened."""
    match event:
        case Turn():
            steps = Steps.turn(fight, event.who)
            for step in event.steps:
                steps.do(step)
            return steps.finish(event)
        case Recorded():
            steps = Steps(fight)
            for step in event.steps:
                steps.do(step)
            return steps.finish(event)
        case TurnStarted():
            return Applied(event, fight, Steps.turn(fight, event.who).fight)
        case Surprised():  # D12
            return Applied(event, fight, replace(fight, surprised=fight.surprised | set(event.who)))
        case Initiative():  # V-HYR1
            return Applied(event, fight, replace(fight, first=event.first))
        case SurpriseRoundSet():  # V-ENC1
            return Applied(event, fight, replace(fight, surprise_round=event.actions))
        case Reaction(guard=""):
            turns = fight.turns
            answers = turns.answers | {(event.who, event.foe, event.takes)}
            return Applied(event, fight, replace(fight, turns=replace(turns, answers=answers)))
        case Reaction():  # F1: the answer to a reaction that would turn a hit
            turns = fight.turns
            guards = turns.guard_answers | {(event.who, event.foe, event.guard, event.takes)}
            return Applied(event, fight, replace(fight, turns=replace(turns, guard_answers=guards)))
        case RoundStarted():
            return Applied(event, fight, _round_started(fight, event))
        case PhaseSet():
            return Applied(event, fight, replace(fight, phase=Phase(event.kind, event.volley)))
        case Begun() | Planned() | Ended() | Renamed() | Undone() | Redone():
            return Applied(event, fight, fight)  # they leave the grid as it is
        case _:
            assert_never(event)


def _round_started(fight: Fight, event: RoundStarted) -> Fight:
    # D10: one reaction per round; Help not used by the end of a round is gone.
    turns = replace(
        fight.turns,
        order=event.order,
        phase=event.phase,
        acted=frozenset(),
        reacted=frozenset(),
        opportunities=(),
        disengaged=frozenset(),
        helped=frozenset(),
        dashed=frozenset(),
        current=None,
        answers=frozenset(),
    )
    surprised = frozenset() if surprise_over(fight) else fight.surprised  # D12
    fight = replace(fight, round=event.round, turns=turns, surprised=surprised)
    fight = round_regained(fight)  # B7: legendary action points come back
    for m in fight.monsters:  # B8: fire or acid stops Regeneration for one round start only
        if m.has(Flag.SCORCHED):
            fight = fight.with_combatant(replace(m, flags=m.flags - {Flag.SCORCHED}))
    return fight


# What a combatant's turn starting takes it out of: Dodge, Disengage, Sneak Attack's once a
# turn, and F1's books of its turn (its action, bonus action, Defence).
_ENDS = ("dodging", "disengaged", "sneaked", "used_action", "used_bonus", "defended")
_ends_of = attrgetter(*_ENDS)  # the books, read in one call


class Steps:
    """An event's steps applied one at a time, each seeing the state after the one before it
    (a foe that dropped, a reaction spent). `apply` replays a turn or a record with it; the
    runner builds one with it, rolling each step against the state it leads to."""

    def __init__(self, fight: Fight, who: str | None = None) -> None:
        self.before = fight
        self.who = who
        self.fight = fight
        self.done: list[StepDone] = []

    @classmethod
    def turn(cls, fight: Fight, who: str) -> Self:
        """A turn starts: Dodge lasts until the combatant's next turn, Disengage only for the
        turn it is taken in. A hero's turn at the table started already (`TurnStarted`), with
        what the DM recorded of it since: it is not started again."""
        turns = fight.turns
        begun = fight
        if turns.current != who:
            # Only the books that change are written, and a turn that changes none (a monster
            # in none of them) starts on the very same state: no copy nobody reads.
            changes: dict[str, object] = {}  # the books that hold `who` (most hold nobody)
            for name, names in zip(_ENDS, _ends_of(turns), strict=True):
                if who in names:
                    changes[name] = names - {who}
            # B10: Reactive. Each book is looked through only when it holds anyone
            if turns.reacted and len(kept := turns.reacted - reactive(fight)) < len(turns.reacted):
                changes["reacted"] = kept
            current = who if isinstance(fight.combatant(who), Hero) else None
            if current != turns.current:
                changes["current"] = current
            if turns.cast and any(s[0] == who for s in turns.cast):
                changes["cast"] = tuple(s for s in turns.cast if s[0] != who)
            if turns.attack_action and any(a[0] == who for a in turns.attack_action):
                changes["attack_action"] = frozenset(a for a in turns.attack_action if a[0] != who)
            if changes:
                begun = replace(fight, turns=replace(turns, **changes))
            if acl(fight):  # V-ACL6: unused reactions become surge dice; the old ones expire
                c = begun.combatant(who)
                begun = begun.with_combatant(surge_at_turn_start(c))
        steps = cls(begun, who)
        steps.before = fight
        return steps

    def again_on(self, fight: Fight) -> Self:
        """The turn's steps so far again on `fight` (a plan logged since it began): no new
        roll. Nothing logged since (`fight` is the one it began on): the very same steps."""
        if fight is self.before:
            return self
        assert self.who is not None
        again = type(self).turn(fight, self.who)
        for done in self.done:
            again.do(done.step)
        return again

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(d.step for d in self.done)

    def do(self, step: Step) -> StepDone:
        done = apply_step(self.fight, step)
        self.done.append(done)
        self.fight = done.after
        return done

    def finish(self, event: Turn | Recorded) -> Applied:
        """The event these steps make (it must hold exactly them)."""
        assert event.steps == self.steps, "an event must hold the steps that were applied"
        after = self.fight
        if isinstance(event, Turn):
            turns = after.turns
            # The table's answers to a foe leaving are spent with its turn (M6).
            answers, guards = turns.answers, turns.guard_answers  # most often none
            if answers:
                answers = frozenset(a for a in answers if a[1] != event.who)
            if guards:
                guards = frozenset(a for a in guards if a[1] != event.who)
            turns = replace(
                turns,
                acted=turns.acted | {event.who},
                current=None,
                answers=answers,
                guard_answers=guards,
            )
            after = replace(after, turns=turns)
            if acl(after):
                after = after.with_combatant(_end_of_turn(after, event.who))
        return Applied(event, self.before, after, tuple(self.done))


def _end_of_turn(fight: Fight, who: str) -> Hero | Monster:
    """V-ACL6, V-ACL7: unused actions (and Defence) become reactions."""
    c, turns = fight.combatant(who), fight.turns
    held = reactions_at_end(
        c, who in turns.used_action, who in turns.used_bonus, who in turns.defended
    )
    return replace(c, reactions=held)


def replay(fight: Fight, events: Iterable[Event]) -> Fight:
    for event in events:
        fight = apply(fight, event).after
    return fight
