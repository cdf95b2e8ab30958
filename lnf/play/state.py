"""The state of a fight is the fight file plus its events, applied in order.

`apply` is pure: the same fight and event give the same result, which is what makes undo exact
(replay one event fewer) and the log trustworthy. It also says in words what followed from the
rules (a monster dies, a hero falls unconscious), for the transcript.
"""

from __future__ import annotations

import string
from dataclasses import replace

from lnf.dice import DamageType
from lnf.model import (
    BackReason,
    CDot,
    Condition,
    Fight,
    Flag,
    Group,
    Hero,
    Monster,
    Phase,
    PhaseKind,
    Rank,
)
from lnf.play.events import (
    Acted,
    Attacked,
    Damaged,
    Dashed,
    DeathSave,
    Dropped,
    Event,
    Fled,
    Healed,
    Hid,
    Marked,
    Moved,
    PhaseSet,
    Recorded,
    RoundStarted,
    SpellCast,
    Step,
    Turn,
)
from lnf.rules.chase import after_speeds, escapers, settle, start_pools
from lnf.rules.damage import after_defences, death_save, heal, knock_out, take_damage
from lnf.rules.roster import in_fight


def replay(fight: Fight, events: list[Event]) -> Fight:
    for event in events:
        fight, _ = apply(fight, event)
    return fight


def apply(fight: Fight, event: Event) -> tuple[Fight, list[str]]:
    """The fight after `event`, and what followed from the rules."""
    if isinstance(event, RoundStarted):
        # D10: one reaction per round; Help not used by the end of a round is gone.
        turns = replace(
            fight.turns,
            acted=frozenset(),
            reacted=frozenset(),
            disengaged=frozenset(),
            helped=frozenset(),
            dashed=frozenset(),
        )
        return replace(fight, round=event.round, turns=turns), []
    if isinstance(event, Turn):
        # Dodge lasts until the hero's next turn; Disengage only for the turn it is taken.
        turns = fight.turns
        fight = replace(
            fight,
            turns=replace(
                turns,
                dodging=turns.dodging - {event.who},
                disengaged=turns.disengaged - {event.who},
            ),
        )
        fight, notes = _apply_steps(fight, event.steps)
        turns = fight.turns
        return replace(fight, turns=replace(turns, acted=turns.acted | {event.who})), notes
    if isinstance(event, Recorded):
        return _apply_steps(fight, event.steps)
    if isinstance(event, PhaseSet):
        return replace(fight, phase=Phase(PhaseKind(event.kind), event.volley)), []
    return fight, []  # the seed, the plan and the end change nothing on the grid


def _apply_steps(fight: Fight, steps: list[Step]) -> tuple[Fight, list[str]]:
    notes: list[str] = []
    for step in steps:
        fight, more = apply_step(fight, step)
        notes.extend(more)
    return fight, notes


def apply_step(fight: Fight, step: Step) -> tuple[Fight, list[str]]:
    """One step, then C6: a chase pair ends when either side drops."""
    fight, notes = _step(fight, step)
    if fight.chase:
        fight, more = settle(fight, escapers(fight))
        notes += more
    return fight, notes


def _step(fight: Fight, step: Step) -> tuple[Fight, list[str]]:
    if isinstance(step, Moved):
        return _move(fight, step), []
    if isinstance(step, Attacked):
        return _attacked(fight, step)
    if isinstance(step, SpellCast):
        return _spell(fight, step)
    if isinstance(step, DeathSave):
        hero, notes = death_save(fight.hero(step.who), step.face)
        return _tidy(fight.with_combatant(hero)), notes
    if isinstance(step, Healed):
        healed, notes = heal(fight.combatant(step.who), step.amount)
        return fight.with_combatant(healed), notes
    if isinstance(step, Damaged):
        target = fight.combatant(step.who)
        amount, _ = after_defences(target, {_damage_type(step.type): step.amount})
        hurt, notes = take_damage(target, amount, critical=step.critical)
        return _tidy(fight.with_combatant(hurt)), notes
    if isinstance(step, Marked):
        return _mark(fight, step), []
    if isinstance(step, Acted):
        return _acted(fight, step), []
    if isinstance(step, Fled):
        return _fled(fight, step)
    if isinstance(step, Dashed):
        return _dashed(fight, step)
    if isinstance(step, Hid):
        was = escapers(fight)
        lost = set(step.lost())
        kept = tuple(p for p in fight.chase if not (p.escaper == step.who and p.pursuer in lost))
        return settle(replace(fight, chase=kept), was)
    if isinstance(step, Dropped):
        monster = fight.monster(step.who)
        return _tidy(fight.with_combatant(replace(monster, damage=monster.hp))), [
            f"{step.who} is gone (D8)"
        ]
    raise AssertionError(step)


def _damage_type(text: str) -> DamageType | None:
    return DamageType(text) if text else None


def _attacked(fight: Fight, step: Attacked) -> tuple[Fight, list[str]]:
    attacker = fight.combatant(step.attacker)
    if attacker.has(Flag.HIDDEN):  # attacking gives away a hidden attacker
        fight = fight.with_combatant(replace(attacker, flags=attacker.flags - {Flag.HIDDEN}))
    if step.attacker in fight.turns.helped:  # Help is spent on the next attack roll
        fight = replace(
            fight, turns=replace(fight.turns, helped=fight.turns.helped - {step.attacker})
        )
    if step.opportunity:
        fight = replace(
            fight, turns=replace(fight.turns, reacted=fight.turns.reacted | {step.attacker})
        )
    if not step.hit:
        return fight, []
    target = fight.combatant(step.target)
    by_type = {_damage_type(t): n for t, n in step.damage.items()}
    amount, _ = after_defences(target, by_type)
    if step.knock_out and 0 < target.current_hp <= amount:
        hurt, notes = knock_out(target)
    else:
        hurt, notes = take_damage(target, amount, critical=step.critical)
    fight = fight.with_combatant(hurt)
    attacker = fight.combatant(step.attacker)
    if step.big and amount > 0 and isinstance(attacker, Hero) and not attacker.o_dot:
        fight = fight.with_combatant(replace(attacker, o_dot=True))
        notes.append(f"{attacker.name} gets an O dot: {step.big} that dealt damage (T1)")
    return _tidy(fight), notes


def spell_damage(step: SpellCast, target: str) -> dict[DamageType | None, int]:
    """What one target of a save spell takes before its defences: all, half on a save (round
    down, D11) or nothing; nothing for an ally spared by Sculpt Spells."""
    if target in step.spared:
        return {}
    saved = next((s.success for s in step.saves if s.who == target), False)
    out = {}
    for kind, amount in step.damage.items():
        out[_damage_type(kind)] = (amount // 2 if step.half else 0) if saved else amount
    return out


def _spell(fight: Fight, step: SpellCast) -> tuple[Fight, list[str]]:
    notes: list[str] = []
    dealt = 0
    for name in step.targets:
        target = fight.combatant(name)
        if not in_fight(target):
            continue
        amount, _ = after_defences(target, spell_damage(step, name))
        hurt, more = take_damage(target, amount)
        fight = fight.with_combatant(hurt)
        notes += more
        dealt += amount
    caster = fight.combatant(step.caster)
    if step.big and dealt > 0 and isinstance(caster, Hero) and not caster.o_dot:
        fight = fight.with_combatant(replace(caster, o_dot=True))
        notes.append(f"{caster.name} gets an O dot: {step.big} that dealt damage (T1)")
    return _tidy(fight), notes


def _fled(fight: Fight, step: Fled) -> tuple[Fight, list[str]]:
    """C1: the escaper and its pursuers leave their groups; a pool per pair."""
    for name in (step.who, *step.pursuers):
        fight = _without(fight, name)
    fight = replace(fight, chase=start_pools(fight, step.who, step.pursuers))
    fight, notes = settle(_tidy(fight), [step.who])
    return fight, notes


def _dashed(fight: Fight, step: Dashed) -> tuple[Fight, list[str]]:
    """C2: pools move by speed; C3: dashes counted, a failed check is a level of exhaustion."""
    notes = []
    for name, n in step.dashes.items():
        c = fight.combatant(name)
        failed = sum(1 for s in step.checks if s.who == name and not s.success)
        if failed:
            notes.append(f"{name} gains {failed} level(s) of exhaustion (C3)")
        fight = fight.with_combatant(
            replace(c, dashes=c.dashes + n, exhaustion=c.exhaustion + failed)
        )
    dashed = frozenset(n for n, k in step.dashes.items() if k > 0)
    fight = replace(fight, chase=after_speeds(fight, step.dashes))
    return replace(fight, turns=replace(fight.turns, dashed=fight.turns.dashed | dashed)), notes


def _acted(fight: Fight, step: Acted) -> Fight:
    turns = fight.turns
    if step.action == "dodge":
        return replace(fight, turns=replace(turns, dodging=turns.dodging | {step.who}))
    if step.action == "disengage":
        return replace(fight, turns=replace(turns, disengaged=turns.disengaged | {step.who}))
    if step.action == "help" and step.detail:
        return replace(fight, turns=replace(turns, helped=turns.helped | {step.detail}))
    if step.action == "hide" and step.success:
        c = fight.combatant(step.who)
        return fight.with_combatant(replace(c, flags=c.flags | {Flag.HIDDEN}))
    return fight


def _mark(fight: Fight, step: Marked) -> Fight:
    c = fight.combatant(step.who)
    if step.mark in ("C", "C-", "O", "N"):
        assert isinstance(c, Hero)
        if step.mark == "O":
            return fight.with_combatant(replace(c, o_dot=step.on))
        if step.mark == "N":
            return fight.with_combatant(replace(c, n_dot=step.on))
        wanted = CDot.WANTED if step.mark == "C" else CDot.AVOIDED
        c_dot: CDot | None = wanted if step.on else None
        return fight.with_combatant(replace(c, c_dot=c_dot))
    condition = Condition(step.mark)
    conditions = c.conditions | {condition} if step.on else c.conditions - {condition}
    return fight.with_combatant(replace(c, conditions=conditions))


# --- groups (G5, M5, M6) -------------------------------------------------------------------


def _move(fight: Fight, step: Moved) -> Fight:
    c = fight.combatant(step.who)
    if step.rank is not None:
        rank = Rank(step.rank)
        why = BackReason(step.why) if step.why else None
        c = replace(c, rank=rank, why=None if rank is Rank.FRONT else why)
        fight = fight.with_combatant(c)
    if step.leave or step.join is not None:
        fight = _without(fight, step.who)
    if step.join is not None:
        fight = _join(fight, step.who, step.join)
    return _tidy(fight)


def _without(fight: Fight, name: str) -> Fight:
    groups = tuple(Group(g.label, tuple(n for n in g.members if n != name)) for g in fight.groups)
    return replace(fight, groups=groups)


def _join(fight: Fight, name: str, where: str) -> Fight:
    """M5: into a group by label, or with a combatant: its group, or a new group of the two."""
    labels = [g.label for g in fight.groups]
    if where in labels or fight.group_of(where) is not None:
        label = where if where in labels else fight.group_of(where).label  # type: ignore[union-attr]
        groups = tuple(
            Group(g.label, (*g.members, name)) if g.label == label else g for g in fight.groups
        )
        return replace(fight, groups=groups)
    return replace(fight, groups=(*fight.groups, Group(new_label(fight, where), (where, name))))


def new_label(fight: Fight, joined: str) -> str:
    """A new group is named after the combatant joined, if its initial is free (as on paper)."""
    used = {g.label for g in fight.groups}
    candidates: list[str] = [joined[:1].upper(), *string.ascii_uppercase]
    for label in candidates:
        if label and label not in used:
            return label
    return next(f"G{n}" for n in range(1, len(used) + 2) if f"G{n}" not in used)


def _tidy(fight: Fight) -> Fight:
    """G5: the dead leave their groups; a group without a standing hero or a living monster
    is gone. Downed heroes stay where they fell (A4)."""
    standing = {c.name for c in fight.everyone if in_fight(c)}
    groups = []
    for g in fight.groups:
        members = tuple(n for n in g.members if n in standing)
        has_hero = any(isinstance(fight.combatant(n), Hero) for n in members)
        has_monster = any(isinstance(fight.combatant(n), Monster) for n in members)
        if has_hero and has_monster:
            groups.append(Group(g.label, members))
    if tuple(groups) == fight.groups:
        return fight
    return replace(fight, groups=tuple(groups))
