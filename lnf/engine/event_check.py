"""Does an event fit the fight it is applied to? The log is checked with this before each event
is applied, so that a log that no longer fits its fight file (a renamed hero, a hand-edited
line) is reported at its line instead of ending in a wrong state or a crash.

Types are the codec's business (a count is a whole number, a rank a rank); this checks what
only the fight can say: that every name is a combatant of the right side, and that numbers lie
where the rules put them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import assert_never

from lnf.errors import Refused
from lnf.model import Action, Dot, Fight, Hero, Monster, Variant
from lnf.model.answer_steps import (
    Confused,
    Countered,
    Heads,
    Mirrored,
    Reacted,
    Split,
    TraitRolled,
    Warded,
)
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
from lnf.model.plan import Order
from lnf.model.steps import (
    Acted,
    Attacked,
    ConcentrationEnded,
    Contested,
    Covered,
    Damaged,
    Dashed,
    DeathSave,
    Drained,
    Dropped,
    EffectEnded,
    EffectStarted,
    Fled,
    Guarded,
    Healed,
    Hid,
    Marked,
    Moved,
    Recharged,
    Saved,
    SaveRolled,
    Searched,
    SpellCast,
    Step,
    Surged,
    Used,
    Wounded,
)
from lnf.rules.acl import PARTS, SURGE_EFFECTS
from lnf.rules.escapes import verify_escape
from lnf.rules.joining import joining_kind
from lnf.rules.limited import charged_again, counts, recharge_named
from lnf.rules.specials import action_named

MAX_AMOUNT = 100_000  # far above any hit points in a fight file


def event_problems(fight: Fight, event: Event) -> list[str]:
    """What in `event` does not fit `fight`; empty when it fits."""
    match event:
        case Turn():
            return _names(fight, [event.who]) + _steps(fight, event.steps)
        case Recorded():
            return _names(fight, [event.actor] if event.actor else [], Hero) + _steps(
                fight, event.steps
            )
        case Renamed():
            still = [f"{event.old!r} is still in the fight file"] if event.old in fight else []
            return _names(fight, [event.new]) + still
        case TurnStarted():
            return _names(fight, [event.who], Hero)
        case Reaction():
            return _names(fight, [event.who], Hero) + _names(fight, [event.foe], Monster)
        case RoundStarted():
            # V-ENC1: the surprise round is 0
            first = 0 if Variant.ENCOUNTER in fight.variants else 1
            return _names(fight, event.order) + _at_least(first, event.round, "the round")
        case Surprised():
            return _names(fight, event.who) + _saves(fight, event.checks)
        case Initiative():
            return [p for t in event.tries for p in _saves(fight, t)]
        case SurpriseRoundSet():
            return _names(fight, [n for n, _ in event.actions]) + [
                f"{n} cannot have {k} actions (1 to 3)" for n, k in event.actions if not 1 <= k <= 3
            ]
        case PhaseSet():
            return _at_least(0, event.volley, "the volley count")
        case Planned():
            out = _names(fight, [o.monster for o in event.orders], Monster)
            out += _names(fight, [t for o in event.orders for t in o.targets], Hero)
            return out or _actions(fight, event.orders)
        case Begun() | Ended() | Undone() | Redone():
            return []
        case _:
            assert_never(event)


def _steps(fight: Fight, steps: Iterable[Step]) -> list[str]:
    return [problem for step in steps for problem in _step(fight, step)]


def _step(fight: Fight, step: Step) -> list[str]:
    match step:
        case Moved():
            out = _names(fight, [step.who])
            labels = {g.label for g in fight.groups}
            if step.join is not None and step.join not in fight and step.join not in labels:
                out.append(f"{step.join!r} is neither a group nor a combatant")
            return out
        case Attacked():
            return (
                _names(fight, [step.attacker, step.target])
                + _faces(step.faces, 20)
                + _faces([*step.power, *step.force], 6)
                + _part(step.part)
                + _amounts(n for _, n in step.damage)
                + _inspired(fight, step.attacker, step.inspired)
            )
        case Wounded():
            return _names(fight, [step.who]) + _part(step.part) + _faces(step.faces, 20)
        case Covered():
            return _names(fight, [step.who])
        case Surged():
            wrong = [] if step.effect in SURGE_EFFECTS else [f"no surge effect {step.effect!r}"]
            return _names(fight, [step.who]) + _faces(step.faces, 6) + wrong
        case Contested():
            return _names(fight, [step.who, step.target]) + _faces(
                [*step.faces, *step.target_faces], 20
            )
        case SpellCast():
            return (
                _names(fight, [step.caster, *step.targets, *step.spared, *step.unaffected])
                + _saves(fight, step.saves)
                + _amounts(n for _, n in step.damage)
            )
        case DeathSave():
            return _names(fight, [step.who], Hero) + _faces([step.face], 20)
        case Healed() | Damaged():
            return _names(fight, [step.who]) + _amounts([step.amount])
        case Marked():
            return _names(fight, [step.who], Hero if isinstance(step.mark, Dot) else None)
        case Acted():
            helped = [step.detail] if step.action is Action.HELP and step.detail else []
            return _names(fight, [step.who, *helped])
        case Fled():
            return _names(fight, [step.who, *step.pursuers]) or _escape(fight, step)
        case Dashed():
            return (
                _names(fight, [n for n, _ in step.dashes])
                + _amounts(n for _, n in step.dashes)
                + _saves(fight, step.checks)
            )
        case Hid():
            return _names(fight, [step.who, *(p for p, _ in step.against)]) + _faces(step.faces, 20)
        case Searched():  # R4: a monster's Search for heroes
            names = _names(fight, [step.who], Monster) + _names(
                fight, [h for h, _ in step.against], Hero
            )
            return names + _faces(step.faces, 20)
        case Used():
            out = _names(fight, [step.who]) + _amounts([step.amount])
            if not out and not counts(fight.combatant(step.who), step.resource):
                out.append(f"{step.who} has no {step.resource!r} on its sheet")
            return out
        case Recharged():  # B2: a spent recharge action's d6
            out = _names(fight, [step.who], Monster) + _faces([step.face], 6)
            action = recharge_named(fight.monster(step.who), step.action) if not out else None
            if not out and action is None:
                out.append(f"{step.who} has no recharge action {step.action!r}")
            elif action is not None and step.charged != charged_again(action, step.face):
                out.append(f"a {step.face} does not {'' if step.charged else 'fail to '}charge it")
            return out
        case Dropped():
            return _names(fight, [step.who], Monster)
        case EffectStarted():
            e = step.effect
            by = [e.by] if e.by else []
            on = [e.lasting.concentration] if e.lasting.concentration else []
            until = [e.lasting.until[0]] if e.lasting.until is not None else []
            old = [f"effect {e.key} began already"] if e.key <= fight.effects_begun else []
            return _names(fight, [e.who, *by, *on, *until]) + old
        case EffectEnded():
            return _at_least(1, step.key, "an effect's key")
        case SaveRolled():
            return _saves(fight, [step.save]) + _amounts([step.damage])
        case ConcentrationEnded():
            return _names(fight, [step.who])
        case Drained():
            return _names(fight, [step.who]) + _amounts([step.amount])
        case Guarded():  # F2 Deflect Missiles: a d10, and its bonus with it
            deflect = _faces([step.face], 10) if step.face or step.deflects else []
            return (
                _names(fight, [step.who, step.foe]) + _amounts([step.ac, step.deflects]) + deflect
            )
        case Heads():  # B8
            return _names(fight, [step.who], Monster) + _amounts([step.heads, step.lost])
        case Split():  # B10: a new name, free before the step; B6: an action that brings it
            taken = [f"{step.into} is in the fight already"] if step.into in fight else []
            maker = fight.combatant(step.who) if step.who in fight else None
            if step.how and isinstance(maker, Monster) and not joining_kind(maker, step.how):
                taken.append(f"{step.who}'s {step.how} brings no creature into the fight")
            return _names(fight, [step.who], Monster) + taken
        case TraitRolled():  # B8
            return _names(fight, [step.who], Monster) + _faces([step.face], 6)
        case Reacted():  # B10
            return _names(fight, [step.who], Monster) + _names(fight, [step.target])
        case Countered():  # B10
            return _names(fight, [step.who], Monster) + _names(fight, [step.caster], Hero)
        case Confused():  # F7: its d10, and whom a 7 or 8 attacks
            return _names(fight, [step.who, *([step.target] if step.target else [])]) + _faces(
                [step.face], step.die
            )
        case Warded():  # B6, F7: a globe stops a hero's spell
            return _names(fight, [step.who, step.by], Monster) + _names(fight, [step.caster], Hero)
        case Mirrored():  # B6, F7: the duplicates' d20, the attack roll at one
            return (
                _names(fight, [step.who, step.attacker])
                + _faces([step.face], step.die)
                + _faces(list(step.faces), 20)
            )
        case _:
            assert_never(step)


def _actions(fight: Fight, orders: Iterable[Order]) -> list[str]:
    """B1: an order's action is one of its monster's (which heroes it may reach is the plan
    check's, when the plan is made)."""
    return [
        f"{o.monster} has no action {o.action!r}"
        for o in orders
        if o.action and action_named(fight.monster(o.monster), o.action) is None
    ]


def _names(
    fight: Fight, names: Iterable[str], side: type[Hero] | type[Monster] | None = None
) -> list[str]:
    out = []
    for name in names:
        if name not in fight:
            out.append(f"no {name!r} in this fight")
        elif side is not None and not isinstance(fight.combatant(name), side):
            out.append(f"{name} is not a {'hero' if side is Hero else 'monster'}")
    return out


def _escape(fight: Fight, step: Fled) -> list[str]:
    """C1: a flight by magic names the monster's own way, with a use left."""
    try:
        verify_escape(fight, step.who, step.by, step.pursuers)
    except Refused as exc:
        return [str(exc)]
    return []


def _part(part: str) -> list[str]:
    return [f"no body part {part!r} (V-ACL5)"] if part and part not in PARTS else []


def _saves(fight: Fight, saves: Iterable[Saved]) -> list[str]:
    out = []
    for s in saves:
        out += _names(fight, [s.who]) + _faces(s.faces, 20) + _inspired(fight, s.who, s.inspired)
    return out


def _inspired(fight: Fight, who: str, face: int) -> list[str]:
    """F2: a Bardic Inspiration die (a d6 to a d12) rolled by a hero, or none (0)."""
    if not face:
        return []
    if who in fight and not isinstance(fight.combatant(who), Hero):
        return [f"{who} is no hero: no Bardic Inspiration"]
    return [] if 1 <= face <= 12 else [f"a Bardic Inspiration die cannot show {face}"]


def _faces(faces: Iterable[int], sides: int) -> list[str]:
    return [f"a d{sides} cannot show {f}" for f in faces if not 1 <= f <= sides]


def _amounts(amounts: Iterable[int]) -> list[str]:
    return [f"an amount of {n} is out of range" for n in amounts if not 0 <= n <= MAX_AMOUNT]


def _at_least(low: int, value: int, what: str) -> list[str]:
    return [] if value >= low else [f"{what} cannot be {value}"]
