"""F4, durations: when an effect ends by itself, and when its save is repeated.

An effect that lasts `rounds` rounds and began during a creature's turn ends at the start of
that creature's turn `rounds` rounds later; one that began between turns ends as the round
`rounds` rounds later starts (so "1 minute" marked between rounds 2 and 3 lasts rounds 3 to 12).
If that creature has no turn in that round (it dropped or left), the effect ends as the next
round starts. `until` ends it at the start or end of a named creature's turn (the first such
edge after it began: "until the end of its turn" marked during that turn ends as it ends; but
one a creature imposed on another during its own turn, "until the end of the cloaker's next
turn", lasts through its next turn; if that creature takes no turns now, dead or gone, as the
next round starts);
a repeated save comes at the start or end of each of the bearer's turns.
"""

from __future__ import annotations

import re

from lnf.errors import Refused
from lnf.model import Ability, Condition, Effect, Fight, Hero, Lasting, Monster, Rider, TurnEdge
from lnf.model.steps import Saved
from lnf.rules.names import find_name
from lnf.rules.resources import SECOND_WIND
from lnf.rules.roster import in_fight
from lnf.values import replace


def next_key(fight: Fight) -> int:
    """The key the next effect gets: the number of effects begun in this fight, plus one (the
    keys of effects that have ended are not given again)."""
    return fight.effects_begun + 1


def effect(fight: Fight, key: int) -> Effect | None:
    return next((e for e in fight.effects if e.key == key), None)


def ending_at(fight: Fight, who: str, edge: TurnEdge) -> list[tuple[Effect, str]]:
    """The effects that end at the `edge` of `who`'s turn in the round under way, with why.
    F4: what `who` itself imposed during this very turn "until the end of its next turn" (the
    mummy's glare, Telekinesis's grip) is not ended by the end of the turn it began in."""
    out = []
    for e in fight.effects:
        # B6: the golem's Haste lasts "until the end of its next turn": its end, not its start
        through = TurnEdge.END if e.condition is Condition.HASTED else TurnEdge.START
        if e.lasting.until == (who, edge) and not _its_next(fight, e, who, edge):
            out.append((e, f"it lasted until the {edge} of {who}'s turn"))
        elif (
            edge is through
            and e.lasting.rounds
            and e.turn == who
            and fight.round >= e.round + e.lasting.rounds
        ):
            out.append((e, f"{_span(e.lasting.rounds)} is over"))
    return out


def _its_next(fight: Fight, e: Effect, who: str, edge: TurnEdge) -> bool:
    """F4, F6: whether the end of `who`'s turn under way is too soon for `e`: one `who`
    imposed on another during this very turn lasts "until the end of the cloaker's next turn"
    (every such SRD rider says "next"), so the turn it began in does not end it."""
    return (
        edge is TurnEdge.END and e.by == who != e.who and e.turn == who and e.round == fight.round
    )


def ending_as_round_starts(fight: Fight, number: int) -> list[tuple[Effect, str]]:
    """The effects that end as round `number` starts: those counted in rounds begun between
    turns, and those whose creature had no turn when it would have ended them. **Decision
    (F4):** likewise one lasting to the edge of a creature's turn when that creature has no
    turns now (dead, fled in a chase, banished), for "it ends by itself": it ends as the
    round after the one it began in starts; one that creature imposed during its own turn
    "until the end of its next turn" a round later."""
    out = []
    for e in fight.effects:
        rounds, until = e.lasting.rounds, e.lasting.until
        if rounds:
            if (not e.turn and number >= e.round + rounds) or number > e.round + rounds:
                out.append((e, f"{_span(rounds)} is over"))
        elif until is not None and _turnless(fight, until[0]):
            own_next = e.by == until[0] == e.turn != e.who  # see `_its_next`
            if number > e.round + own_next:
                out.append((e, f"{until[0]}, whose turn would end it, has no turn"))
    return out


def _turnless(fight: Fight, name: str) -> bool:
    """Whether the creature `name` takes no turns now: out of the fight (`in_fight`)."""
    return name in fight and not in_fight(fight.combatant(name))


def saves_due(fight: Fight, who: str, edge: TurnEdge) -> list[Effect]:
    """F4: the effects on `who` whose save is repeated at this edge of its turn, one for
    what one save began together (`begun_with`)."""
    due = [
        e
        for e in fight.effects
        if e.who == who and e.lasting.save is not None and e.lasting.each is edge
    ]
    return [e for e in due if not e.together or not any(x.key == e.together for x in due)]


def begun_with(fight: Fight, e: Effect) -> list[Effect]:
    """F4: the effects one failed save began together with `e`, `e` among them: its text's
    one effect, which one repeated save ends whole. The harpy's Luring Song charms, and
    "while charmed by the harpy, a target is incapacitated": a success ends both, where two
    saves could leave a hero incapacitated and no longer charmed. The engine records them as
    it begins them (`Effect.together`: the first one's key); effects of separate saves, or a
    DM's marks, stay apart."""
    first = e.together or e.key
    return [x for x in fight.effects if x.key == first or x.together == first]


def healing_barred(fight: Fight, who: str, by: str) -> Effect | None:
    """F6: the effect on `who` that bars a healing `by` this (a spell, an item, a feature):
    "can't regain hit points" bars all; "except by magical means" bars Second Wind, the one
    healing lnf plays that is not magic (a DM's record is taken as magical)."""
    for e in fight.effects:
        if e.who == who and (
            e.no_healing == "all" or (e.no_healing == "magic" and by == SECOND_WIND)
        ):
            return e
    return None


def closed_by_healing(fight: Fight, who: str, by: str) -> list[Effect]:
    """F6: the effects on `who` that a healing `by` this ends: "the wound also closes if the
    target receives magical healing" (an infernal wound); Second Wind is not magic."""
    if by == SECOND_WIND:
        return []
    return [e for e in fight.effects if e.who == who and e.healed_ends]


def borne_by_the_dead(fight: Fight, before: Hero | Monster) -> list[Effect]:
    """F4: what lasts on a creature that has just died (`before`: as it was), for it has no
    one to bear it now: a Bless on it, a Hold Person's paralysis, its Spiritual Weapon. Its
    own concentration ends by F5 (`concentration.broken`). **Decision (F4):** a hero dying at
    0 hit points keeps them (Bless adds its d4 to death saves), and so does a monster knocked
    out (D8): both live."""
    if not fight.effects or _dead(fight, before):
        return []
    if not _dead(fight, now := fight.combatant(before.name)):
        return []
    return [e for e in fight.effects if e.who == now.name and not e.concentration]


def _dead(fight: Fight, c: Hero | Monster) -> bool:
    """D8, D9: dead, not only down: a hero marked so; a monster at 0 not knocked out."""
    if isinstance(c, Hero):
        return c.dead
    return c.damage >= c.hp and not knocked_out_at_0(fight, c)


def knocked_out_at_0(fight: Fight, m: Monster) -> bool:
    """D8: a monster at 0 hit points that lives, knocked out: unconscious by no effect. A
    sleeper killed in its Sleep (F7) is dead, though the Sleep's unconsciousness is still on
    it as the damage lands (the damage ends it next)."""
    if m.damage < m.hp or Condition.UNCONSCIOUS not in m.conditions:
        return False
    return not any(e.who == m.name and e.condition is Condition.UNCONSCIOUS for e in fight.effects)


def knocked_out(save: Saved | None, rider: Rider) -> bool:
    """F6: a failed save bad enough to knock the target out too: failed by `out_by` or more
    (the drow's poison: 5), or a total of `out_at` or lower (the sprite's: 5)."""
    if save is None or save.success or (total := save.total) is None:
        return False
    return bool(
        (rider.out_by and save.dc - total >= rider.out_by)
        or (rider.out_at and total <= rider.out_at)
    )


def imposed(fight: Fight, who: str, condition: Condition, but: int = 0) -> bool:
    """Whether an effect other than `but` still imposes `condition` on `who`."""
    return any(e.who == who and e.condition is condition and e.key != but for e in fight.effects)


def _span(rounds: int) -> str:
    return "1 minute" if rounds == 10 else f"{rounds} round" + ("s" if rounds != 1 else "")


_EDGE = re.compile(
    r"^(?:until\s+)?(?:the\s+)?(start|end)\s+of\s+(.+?)(?:'s|’s)?\s+(?:next\s+)?turn$"
)
_SPAN = re.compile(r"^(\d+)\s*(round|rounds|minute|minutes)$")


def read_lasting(
    words: str,
    names: list[str],
    *,
    rounds: int | None = None,
    until: str | None = None,
    save: str | None = None,
    each: str | None = None,
    while_: str | None = None,
) -> Lasting:
    """F4: a duration as a DM says it: "1 minute", "3 rounds", "until the end of Wren's
    turn", a save ("con 12") repeated at the "end" (or "start") of each of the bearer's turns,
    while a creature concentrates. Refused, with F4, when it cannot be read."""
    lasting = Lasting()
    spoken = words.strip().lower()
    if spoken:
        if m := _SPAN.match(spoken):
            n = int(m.group(1))
            rounds = n * 10 if m.group(2).startswith("minute") else n
        elif _EDGE.match(spoken):
            until = spoken
        else:
            raise Refused(
                f"lnf cannot read {words!r} as a duration: say 1 minute, 3 rounds or until the "
                "end of NAME's turn (or use --rounds, --until, --save)",
                rule="F4",
            )
    if rounds is not None:
        if not 1 <= rounds <= 1000:
            raise Refused(f"--rounds {rounds}: give 1 to 1000 rounds", rule="F4")
        lasting = replace(lasting, rounds=rounds)
    if until is not None:
        m = _EDGE.match(until.strip())
        if m is None:
            raise Refused(f'--until {until!r}: say "end of NAME\'s turn" or start', rule="F4")
        who = find_name(m.group(2), names)
        lasting = replace(lasting, until=(who, TurnEdge(m.group(1).lower())))
    if save is not None:
        lasting = replace(lasting, save=_save(save), each=TurnEdge(each or "end"))
    elif each is not None:
        raise Refused("--each needs --save: the save that is repeated", rule="F4")
    if while_ is not None:
        lasting = replace(lasting, concentration=find_name(while_, names))
    return lasting


def _save(text: str) -> tuple[Ability, int]:
    parts = text.lower().replace("dc", " ").split()
    abilities = {a.value: a for a in Ability}
    if len(parts) != 2 or parts[0][:3] not in abilities or not parts[1].isdigit():
        raise Refused(f"--save {text!r}: say the ability and the DC, such as con 12", rule="F4")
    dc = int(parts[1])
    if not 1 <= dc <= 40:
        raise Refused(f"--save {text!r}: a DC is 1 to 40", rule="F4")
    return abilities[parts[0][:3]], dc
