"""What happened, as the players' page says it: plain words with no monster hit points, no
Armor Class and no plan (the DM's `lnf log` tells it all, `lnf.views.transcript`).

Told from the records `lnf.engine.apply.apply` makes, so nothing is worked out again: who hit
whom, what a hero has left, what a monster looks like now (`health_word`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import assert_never

from lnf.model import LEGENDARY_ACTIONS, Condition, Dot, Fight, Hero, Monster
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
from lnf.model.applied import Applied, StepDone
from lnf.model.events import Ended, PhaseSet, Reaction, Recorded, RoundStarted, Turn
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
    SaveRolled,
    Searched,
    SpellCast,
    Surged,
    Used,
    Wounded,
)
from lnf.rules.hiding import found
from lnf.rules.resources import slot_words
from lnf.rules.wording import and_list
from lnf.views.action_words import action_of, action_verb
from lnf.views.effects_text import confused_words
from lnf.views.page_hp import MonsterHp, monster_hp_text


def happenings(records: Iterable[Applied], *, dm: bool, hp: MonsterHp) -> list[str]:
    """One line per thing the table saw happen, oldest first."""
    lines: list[str] = []
    for applied in records:
        lines += _event_lines(applied, dm, hp)
    return lines


def _event_lines(applied: Applied, dm: bool, hp: MonsterHp) -> list[str]:
    event = applied.event
    if isinstance(event, RoundStarted):
        return [f"Round {event.round} begins." if event.round else "The surprise round begins."]
    if isinstance(event, PhaseSet):
        return [event.note[:1].upper() + event.note[1:] + "."]
    if isinstance(event, Turn):  # what it did, then why it did no more
        said = _steps_said(applied, dm, hp)
        note = [f"{event.who} {event.note}."] if event.note else []
        told = note + said if event.only_its_end else said + note  # F4: saves as it ends
        return told or [f"{event.who} does nothing."]
    if isinstance(event, Recorded):  # the DM's own note stays off the players' page
        note = [f"DM: {event.note}"] if dm and event.note and not event.by_rules else []
        return note + _steps_said(applied, dm, hp)
    if isinstance(event, Reaction) and event.takes:
        return [f"{event.who} strikes at {event.foe} as it leaves (M6)."]
    if isinstance(event, Ended):
        return [f"The {event.winner} win."]
    return []  # the plan, the seed, undo and redo: not for the players' page


def _steps_said(applied: Applied, dm: bool, hp: MonsterHp) -> list[str]:
    """The record's lines, each said once."""
    told = _told_by_their_use(applied)
    shown = [
        d
        for d in applied.steps
        if not (isinstance(d.step, Used) and d.step.resource.casefold() in told)
    ]
    return [s for s in (_step(d, dm, hp) for d in shown) if s]


def _told_by_their_use(applied: Applied) -> set[str]:
    """What the record's own lines name as they use it (the breath cast, the Second Wind's
    heal, B2, F2): its spending says nothing more to the players, so it is not said twice."""
    told: set[str] = set()
    for done in applied.steps:
        step = done.step
        if isinstance(step, SpellCast):
            told.add(step.spell.casefold())
        elif isinstance(step, Healed) and step.by:
            told.add(step.by.casefold())
        elif isinstance(step, Attacked):
            told.add(step.attack.casefold())
    return told


def _step(done: StepDone, dm: bool, hp: MonsterHp) -> str:
    step, after = done.step, done.after
    if isinstance(step, Attacked):
        verb = "critically hits" if step.critical else "hits" if step.hit else "misses"
        text = f"{step.attacker} {verb} {step.target} with {step.attack}"
        if step.hit:
            text += "; " + _looks(after, step.target, dm, hp)
        return text + "."
    if isinstance(step, SpellCast):
        hurt = [d.who for d in done.dealt if d.amount]
        then = "; ".join(_looks(after, who, dm, hp) for who in hurt)
        foes = any(isinstance(after.combatant(t), Monster) for t in step.targets if t in after)
        word = "at" if foes else "on"  # Fireball at the goblins; Bless on the allies
        at = f" {word} {and_list(list(step.targets))}" if step.targets else ""
        said = action_verb(action_of(done.before, step.caster, step.spell))  # B1: casts, uses
        return f"{step.caster} {said} {step.spell}{at}" + (f": {then}." if then else ".")
    if isinstance(step, Damaged) and step.kills:  # F6: "or die"
        return f"{step.who} dies: {step.text}."
    if isinstance(step, Damaged) and step.stable:  # F6, D9
        return f"{step.who} is stable at 0 hit points: {step.text}."
    if isinstance(step, Damaged):
        return f"{step.who} takes damage; {_looks(after, step.who, dm, hp)}."
    if isinstance(step, Healed) and step.temp:  # D7, F2: Dark One's Blessing
        return f"{step.who} gains temporary hit points ({step.by})."
    if isinstance(step, Healed):
        with_what = f" with {step.by}" if step.by else ""
        if step.healer == step.who:  # Second Wind, a potion drunk
            said = f"{step.who} heals{with_what}"
        elif step.healer:
            said = f"{step.healer} heals {step.who}{with_what}"
        else:  # the DM's record
            said = f"{step.who} is healed"
        return f"{said}; {_looks(after, step.who, dm, hp)}."
    if isinstance(step, DeathSave):
        result = {1: "two failures", 20: "a natural 20"}.get(step.face)
        result = result or ("a success" if step.face >= 10 else "a failure")
        return f"{step.who} rolls a death save: {result}."
    if isinstance(step, Moved):
        return _move(step, after)
    if isinstance(step, Marked):
        if isinstance(step.mark, Dot):
            return f"{step.who} {'gains an' if step.on else 'loses the'} {step.mark} dot."
        if step.mark is Condition.PRONE and not step.on:
            return f"{step.who} stands up."
        return f"{step.who} is {'' if step.on else 'no longer '}{step.mark}."
    if isinstance(step, Acted):
        return f"{step.who} takes the {step.action} action."
    if isinstance(step, Dropped):
        return f"{step.who} is down."
    if isinstance(step, Fled):
        chase = f"; {and_list(list(step.pursuers))} give chase" if step.pursuers else ""
        by = f" by {step.by}, drawing no opportunity attacks" if step.by else ""
        return f"{step.who} flees{by}{chase}."
    if isinstance(step, Dashed):
        return f"{and_list([who for who, _ in step.dashes])} dash."
    if isinstance(step, Hid):
        return f"{step.who} tries to hide."
    if isinstance(step, Searched):  # R4: the players learn who is found, not the dice
        finds = f" and finds {and_list(list(found(step)))}" if found(step) else ""
        return f"{step.who} searches for the hidden{finds}."
    if isinstance(step, Recharged):  # B2: the table sees the breath come back
        return f"{step.who}'s {step.action} is charged again." if step.charged else ""
    if isinstance(step, Used) and step.resource == LEGENDARY_ACTIONS:  # B7
        return f"{step.who} takes a legendary action."
    if isinstance(step, Used):
        slot = slot_words(step.resource)
        return f"{step.who} spends {slot}." if slot else f"{step.who} uses {step.resource}."
    if isinstance(step, Wounded) and step.state:
        return f"{step.who}'s {step.part} is {step.state}."
    if isinstance(step, Contested):
        result = "succeeds" if step.won else "fails"
        return f"{step.who} tries to {step.kind} {step.target} and {result}."
    before = done.before  # F4–F6 as players see them: a save's result without its dice
    match step:
        case EffectStarted():
            e = step.effect
            if e.concentration:
                return f"{e.who} concentrates on {e.what}."
            return f"{e.who} is {e.what}." if e.condition else f"{e.who}: {e.what}."
        case EffectEnded():
            ended = next((e for e in before.effects if e.key == step.key), None)
            return f"{ended.who}: {ended.what} ends." if ended is not None else ""
        case SaveRolled():
            result = "succeeds" if step.save.success else "fails"
            return f"{step.save.who} {result} a {step.ability.word} save against {step.against}."
        case ConcentrationEnded():
            return f"{step.who}'s concentration ends."
        case Drained():
            return f"{step.who}'s hit-point maximum drops." if dm else ""
        case Guarded():
            if step.rebukes:  # F1: the spell that follows says the rest
                return f"{step.who} answers {step.foe} with {step.guard}."
            does = "halves" if step.halves else "deflects" if step.face else "turns"
            return f"{step.who} {does} {step.foe}'s hit with {step.guard}."
        case TraitRolled():
            return f"{step.who} goes berserk." if step.face == 6 and step.trait == "Berserk" else ""
        case Heads():
            return f"{step.who} has {step.heads} heads."
        case Split() if step.how:
            return f"{step.into} joins {step.who}'s side ({step.how})."
        case Split():
            return f"{step.who} splits: {step.into} joins."
        case Reacted():
            return f"{step.who} uses {step.what} on {step.target}."
        case Countered():
            stopped = "stops" if step.stopped else "fails to stop"
            return f"{step.who} {stopped} {step.caster}'s {step.spell} with Counterspell."
        case Confused():
            return confused_words(step)
        case Warded():  # B6, F7
            return f"{step.by}'s Globe of Invulnerability stops {step.caster}'s {step.spell}."
        case Mirrored():  # B6, F7
            if not step.moved:
                return ""
            hit = "destroys" if step.key else "misses"
            return f"{step.attacker} {hit} a duplicate of {step.who} (Mirror Image)."
        case Wounded() | Covered() | Surged():
            return ""  # the AC-less variant's bookkeeping: the grid shows what came of it
        case _:
            assert_never(step)


def _move(step: Moved, after: Fight) -> str:
    if step.join is not None:  # a group's label, or the foe joined (M5)
        named = any(c.name == step.join for c in after.everyone)
        return f"{step.who} joins {step.join if named else 'group ' + step.join}."
    if step.leave and step.pushed:  # F6: Repulsion Breath
        return f"{step.who} is pushed out of its group by {step.pushed}."
    if step.leave:
        return f"{step.who} leaves its group."
    if step.rank is not None:
        return f"{step.who} takes the {step.rank.value} rank."
    return f"{step.who} moves."


def _looks(fight: Fight, name: str, dm: bool, hp: MonsterHp) -> str:
    """How someone stands after a blow or a heal: a hero's hit points, a monster's hp words."""
    c = fight.combatant(name)
    if isinstance(c, Hero):
        if c.dead:
            return f"{name} is dead"
        if c.current_hp == 0:  # D8: the table hears the hero go down, not only a number
            return f"{name} is down ({c.current_hp}/{c.hp} hp)"
        return f"{name} {c.current_hp}/{c.hp} hp"
    if dm:
        return f"{name} {monster_hp_text(c, dm, hp)}"
    if hp is MonsterHp.DAMAGE:  # G6: the damage row's count, as the players keep it
        return f"{name} has taken {monster_hp_text(c, dm, hp)}"
    return f"{name} is {monster_hp_text(c, dm, hp)}"
