"""The state of a fight is the fight file plus its events, applied in order.

`apply` is pure: the same fight and event give the same result, which is what makes undo exact
(the state before an event is kept, not worked out again) and the log trustworthy. It returns
an `Applied` record: the state before and after and, step by step, the damage each target took
after its defences, who dropped, who gained an O dot and what else followed from the rules.
The transcript tells the fight from these records without working anything out again, and the
runner builds a turn with the same `Steps` that `apply` uses, so an event is applied once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from lnf.model import Action, CDot, Condition, Dot, Fight, Flag, Hero, Monster, Phase
from lnf.model.events import (
    Acted,
    Attacked,
    Contested,
    Covered,
    Damage,
    Damaged,
    Dashed,
    DeathSave,
    Dropped,
    Event,
    Fled,
    Healed,
    Hid,
    Initiative,
    Marked,
    Moved,
    PhaseSet,
    Reaction,
    Recorded,
    RoundStarted,
    SpellCast,
    Step,
    Surged,
    Surprised,
    SurpriseRoundSet,
    Turn,
    TurnStarted,
    Used,
    Wounded,
)
from lnf.rules.acl import acl, reactions_at_end, reduced, surge_at_turn_start
from lnf.rules.chase import after_speeds, escapers, settle, start_pools
from lnf.rules.d20 import at_least_one, d20_variant
from lnf.rules.damage import after_defences, death_save, heal, knock_out, take_damage, worth
from lnf.rules.group_changes import moved, tidy, without
from lnf.rules.resources import RAGE, SECOND_WIND, SNEAK_ATTACK, spend
from lnf.rules.roster import in_fight
from lnf.rules.surprise import surprise_over
from lnf.values import value


@value
class Dealt:
    """What one target took from a step, after its defences (D6)."""

    who: str
    amount: int
    defences: str = ""  # "resists slashing", "" when none applied
    reduced: int = 0  # V-ACL3: what Damage Reduction took off first
    floored: bool = False  # V-D20-4: raised to 1


@value
class StepDone:
    """One step and what it did."""

    step: Step
    before: Fight
    after: Fight
    dealt: tuple[Dealt, ...] = ()
    dropped: tuple[str, ...] = ()  # standing before, down, dead or gone after
    o_dot: str | None = None  # the hero who gained an O dot by it (T1)
    notes: tuple[str, ...] = ()  # what else followed from the rules, in words


@value
class Applied:
    """One event and what it did: the state before and after, and each step's record."""

    event: Event
    before: Fight
    after: Fight
    steps: tuple[StepDone, ...] = ()


def apply(fight: Fight, event: Event) -> Applied:
    """The fight after `event`, with a record of everything that happened."""
    if isinstance(event, Turn):
        steps = Steps.turn(fight, event.who)
        for step in event.steps:
            steps.do(step)
        return steps.finish(event)
    if isinstance(event, Recorded):
        steps = Steps(fight)
        for step in event.steps:
            steps.do(step)
        return steps.finish(event)
    if isinstance(event, TurnStarted):
        return Applied(event, fight, Steps.turn(fight, event.who).fight)
    if isinstance(event, Surprised):  # D12
        return Applied(event, fight, replace(fight, surprised=fight.surprised | set(event.who)))
    if isinstance(event, Initiative):  # V-HYR1
        return Applied(event, fight, replace(fight, first=event.first))
    if isinstance(event, SurpriseRoundSet):  # V-ENC1
        return Applied(event, fight, replace(fight, surprise_round=event.actions))
    if isinstance(event, Reaction):
        turns = fight.turns
        answers = turns.answers | {(event.who, event.foe, event.takes)}
        return Applied(event, fight, replace(fight, turns=replace(turns, answers=answers)))
    if isinstance(event, RoundStarted):
        # D10: one reaction per round; Help not used by the end of a round is gone.
        turns = replace(
            fight.turns,
            order=event.order,
            phase=event.phase,
            acted=frozenset(),
            reacted=frozenset(),
            disengaged=frozenset(),
            helped=frozenset(),
            dashed=frozenset(),
            current=None,
            answers=frozenset(),
        )
        surprised = frozenset() if surprise_over(fight) else fight.surprised  # D12
        after = replace(fight, round=event.round, turns=turns, surprised=surprised)
        return Applied(event, fight, after)
    if isinstance(event, PhaseSet):
        return Applied(event, fight, replace(fight, phase=Phase(event.kind, event.volley)))
    return Applied(event, fight, fight)  # the seed, the plan and the end leave the grid as it is


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
    def turn(cls, fight: Fight, who: str) -> Steps:
        """A turn starts: Dodge lasts until the combatant's next turn, Disengage only for the
        turn it is taken in. A hero's turn at the table started already (`TurnStarted`), with
        what the DM recorded of it since: it is not started again."""
        turns = fight.turns
        begun = fight
        if turns.current != who:
            begun = replace(
                fight,
                turns=replace(
                    turns,
                    dodging=turns.dodging - {who},
                    disengaged=turns.disengaged - {who},
                    sneaked=turns.sneaked - {who},
                    current=who if isinstance(fight.combatant(who), Hero) else None,
                    used_action=turns.used_action - {who},
                    used_bonus=turns.used_bonus - {who},
                    defended=turns.defended - {who},
                ),
            )
            if acl(fight):  # V-ACL6: unused reactions become surge dice; the old ones expire
                c = begun.combatant(who)
                begun = begun.with_combatant(surge_at_turn_start(c))
        steps = cls(begun, who)
        steps.before = fight
        return steps

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
            answers = frozenset(a for a in turns.answers if a[1] != event.who)
            turns = replace(turns, acted=turns.acted | {event.who}, current=None, answers=answers)
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


def _mark_use(fight: Fight, step: Step) -> Fight:
    """V-ACL6: who used their action or bonus action (or defended) with this step."""
    turns = fight.turns
    acting = ""
    if isinstance(step, Attacked) and not step.opportunity:
        acting = step.attacker
    elif isinstance(step, SpellCast):
        acting = step.caster
    elif isinstance(step, Healed) and step.healer and step.by != SECOND_WIND:
        acting = step.healer
    elif isinstance(step, Hid | Contested) or (
        isinstance(step, Acted) and step.action is not Action.NOTHING
    ):
        acting = step.who
    if isinstance(step, Used) and step.resource in (RAGE, SECOND_WIND):
        return replace(fight, turns=replace(turns, used_bonus=turns.used_bonus | {step.who}))
    if not acting:
        return fight
    defended = isinstance(step, Acted) and step.action in (Action.DODGE, Action.DEFENCE)
    return replace(
        fight,
        turns=replace(
            turns,
            used_action=turns.used_action | {acting},
            defended=turns.defended | ({acting} if defended else frozenset()),
        ),
    )


def replay(fight: Fight, events: Iterable[Event]) -> Fight:
    for event in events:
        fight = apply(fight, event).after
    return fight


# --- steps ---------------------------------------------------------------------------------


def apply_step(fight: Fight, step: Step) -> StepDone:
    """One step, then C6: a chase pair ends when either side drops."""
    done = _step(fight, step)
    if acl(fight):
        done = replace(done, after=_mark_use(done.after, step))
    after, notes = done.after, done.notes
    if after.chase:
        after, more = settle(after, escapers(after))
        notes += tuple(more)
    dropped = tuple(
        c.name
        for c in fight.everyone
        if (now := after.combatant(c.name)) is not c and _standing(c) and not _standing(now)
    )  # only those the step changed (a changed combatant is a new value) can have dropped
    return replace(done, after=after, notes=notes, dropped=dropped)


def _standing(c: Hero | Monster) -> bool:
    return in_fight(c) and c.current_hp > 0


def _step(fight: Fight, step: Step) -> StepDone:
    if isinstance(step, Moved):
        return StepDone(step, fight, moved(fight, step))
    if isinstance(step, Attacked):
        return _attacked(fight, step)
    if isinstance(step, SpellCast):
        return _spell(fight, step)
    if isinstance(step, DeathSave):
        hero, notes = death_save(fight.hero(step.who), step.face)
        return StepDone(step, fight, tidy(fight.with_combatant(hero)), notes=tuple(notes))
    if isinstance(step, Healed):
        healed, notes = heal(fight.combatant(step.who), step.amount, step.revive)
        return StepDone(step, fight, fight.with_combatant(healed), notes=tuple(notes))
    if isinstance(step, Damaged):
        return _damaged(fight, step)
    if isinstance(step, Marked):
        return StepDone(step, fight, _marked(fight, step))
    if isinstance(step, Acted):
        return StepDone(step, fight, _acted(fight, step))
    if isinstance(step, Fled):
        return _fled(fight, step)
    if isinstance(step, Dashed):
        return _dashed(fight, step)
    if isinstance(step, Hid):
        was = escapers(fight)
        lost = set(step.lost())
        kept = tuple(p for p in fight.chase if not (p.escaper == step.who and p.pursuer in lost))
        after, notes = settle(replace(fight, chase=kept), was)
        return StepDone(step, fight, after, notes=tuple(notes))
    if isinstance(step, Used):
        return _used(fight, step)
    if isinstance(step, Wounded):
        return _wounded(fight, step)
    if isinstance(step, Covered):
        c = fight.combatant(step.who)
        return StepDone(step, fight, fight.with_combatant(replace(c, cover=step.cover)))
    if isinstance(step, Surged):
        return _surged(fight, step)
    if isinstance(step, Contested):
        return _contested(fight, step)
    assert isinstance(step, Dropped)  # the DM takes a monster off the grid
    monster = fight.monster(step.who)
    after = tidy(fight.with_combatant(replace(monster, damage=monster.hp)))
    return StepDone(step, fight, after, notes=(f"{step.who} is gone (D8)",))


def _hurt(
    fight: Fight,
    who: str,
    damage: Damage,
    *,
    critical: bool = False,
    knock: bool = False,
    attack: bool = False,
) -> tuple[Fight, Dealt, list[str]]:
    """D6–D9: `who` takes `damage` after its defences; `knock`: a mêlée attacker that drops
    it knocks it out instead (D8). Under the AC-less variant an attack's damage first goes
    through Damage Reduction (V-ACL3)."""
    target = fight.combatant(who)
    by_type = dict(damage)
    reduction = 0
    if attack and acl(fight) and (target.dr or target.typed_dr):
        before = sum(by_type.values())
        by_type = reduced(by_type, target.dr, dict(target.typed_dr), worth(target))
        reduction = before - sum(by_type.values())
    amount, defences = after_defences(target, by_type)
    floored = False
    if d20_variant(fight) and (least := at_least_one(target, by_type, amount)) > amount:
        amount, floored = least, True  # V-D20-4: what gets through is at least 1
    if knock and 0 < target.current_hp <= amount:
        hurt, notes = knock_out(target)
    else:
        hurt, notes = take_damage(target, amount, critical=critical)
    return fight.with_combatant(hurt), Dealt(who, amount, defences, reduction, floored), notes


def _damaged(fight: Fight, step: Damaged) -> StepDone:
    after, dealt, notes = _hurt(
        fight, step.who, ((step.type, step.amount),), critical=step.critical
    )
    return StepDone(step, fight, tidy(after), (dealt,), notes=tuple(notes))


def _attacked(fight: Fight, step: Attacked) -> StepDone:
    before = fight
    attacker = fight.combatant(step.attacker)
    if attacker.has(Flag.HIDDEN):  # attacking gives away a hidden attacker
        fight = fight.with_combatant(replace(attacker, flags=attacker.flags - {Flag.HIDDEN}))
    turns = fight.turns
    if step.attacker in turns.helped:  # Help is spent on the next attack roll
        fight = replace(fight, turns=replace(turns, helped=turns.helped - {step.attacker}))
    if step.opportunity:
        turns = fight.turns
        fight = replace(fight, turns=replace(turns, reacted=turns.reacted | {step.attacker}))
        if acl(fight):  # V-ACL6: a reaction spent
            me = fight.combatant(step.attacker)
            fight = fight.with_combatant(replace(me, reactions=max(0, me.reactions - 1)))
    if step.power or step.force:  # V-ACL6: surge dice spent on the roll and the damage
        me = fight.combatant(step.attacker)
        spent = len(step.power) + len(step.force)
        fight = fight.with_combatant(replace(me, surge=max(0, me.surge - spent)))
    if not step.hit:
        return StepDone(step, before, fight)
    if step.big == SNEAK_ATTACK:  # once a turn: a hit that dealt it used it
        turns = fight.turns
        fight = replace(fight, turns=replace(turns, sneaked=turns.sneaked | {step.attacker}))
    fight, dealt, notes = _hurt(
        fight, step.target, step.damage, critical=step.critical, knock=step.knock_out, attack=True
    )
    fight, o_dot = _o_dot(fight, step.attacker, step.big, dealt.amount, notes)
    return StepDone(step, before, tidy(fight), (dealt,), o_dot=o_dot, notes=tuple(notes))


def _wounded(fight: Fight, step: Wounded) -> StepDone:
    """V-ACL5: the part's state (a disabled part stays so); a disabled eye blinds."""
    c = fight.combatant(step.who)
    if not step.state:
        return StepDone(step, fight, fight)
    parts = dict(c.parts)
    if parts.get(step.part) != "disabled":
        parts[step.part] = step.state
    hurt = replace(c, parts=tuple(parts.items()))
    notes: tuple[str, ...] = (f"{step.who}'s {step.part} is {step.state} (V-ACL5)",)
    if step.part == "eye" and step.state == "disabled":
        hurt = replace(hurt, conditions=hurt.conditions | {Condition.BLINDED})
        notes += (f"{step.who} is blinded (V-ACL5)",)
    return StepDone(step, fight, fight.with_combatant(hurt), notes=notes)


def _surged(fight: Fight, step: Surged) -> StepDone:
    """V-ACL6: surge dice spent; tenacity gives temporary hit points (they do not stack, D7)."""
    c = fight.combatant(step.who)
    spent = replace(c, surge=max(0, c.surge - len(step.faces)))
    if step.effect == "tenacity" and sum(step.faces) > spent.temp_hp:  # D7: no stacking
        spent = replace(spent, temp_hp=sum(step.faces), tenacious=True)
    return StepDone(step, fight, fight.with_combatant(spent))


def _contested(fight: Fight, step: Contested) -> StepDone:
    """V-ACL8: the winner grapples or shoves its foe prone; a tie changes nothing."""
    if not step.won:
        return StepDone(step, fight, fight)
    target = fight.combatant(step.target)
    condition = Condition.GRAPPLED if step.kind == "grapple" else Condition.PRONE
    after = fight.with_combatant(replace(target, conditions=target.conditions | {condition}))
    return StepDone(step, fight, after, notes=(f"{step.target} is {condition}",))


def _used(fight: Fight, step: Used) -> StepDone:
    """A resource spent; Rage also starts raging (its resistances, `rules.damage`)."""
    hero = spend(fight.hero(step.who), step.resource, step.amount)
    notes: tuple[str, ...] = ()
    if step.resource.lower() == RAGE.lower() and RAGE not in hero.effects:
        hero = replace(hero, effects=(*hero.effects, RAGE))
        notes = (f"{step.who} rages: resistance to bludgeoning, piercing and slashing",)
    return StepDone(step, fight, fight.with_combatant(hero), notes=notes)


def spell_damage(step: SpellCast, target: str) -> Damage:
    """What one target of a save spell takes before its defences: all, half on a save (round
    down, D11) or nothing; nothing for an ally spared by Sculpt Spells."""
    if target in step.spared:
        return ()
    saved = next((s.success for s in step.saves if s.who == target), False)
    if not saved:
        return step.damage
    return tuple((kind, amount // 2 if step.half else 0) for kind, amount in step.damage)


def _spell(fight: Fight, step: SpellCast) -> StepDone:
    before = fight
    notes: list[str] = []
    dealt: list[Dealt] = []
    for name in step.targets:
        if not in_fight(fight.combatant(name)):
            continue
        fight, took, more = _hurt(fight, name, spell_damage(step, name))
        notes += more
        dealt.append(took)
    fight, o_dot = _o_dot(fight, step.caster, step.big, sum(d.amount for d in dealt), notes)
    return StepDone(step, before, tidy(fight), tuple(dealt), o_dot=o_dot, notes=tuple(notes))


def _o_dot(
    fight: Fight, who: str, big: str, dealt: int, notes: list[str]
) -> tuple[Fight, str | None]:
    """T1: a hero that deals damage with a big resource (a slotted spell, Sneak Attack,
    Action Surge) gets an O dot."""
    c = fight.combatant(who)
    if not big or dealt <= 0 or not isinstance(c, Hero) or c.o_dot:
        return fight, None
    notes.append(f"{who} gets an O dot: {big} that dealt damage (T1)")
    return fight.with_combatant(replace(c, o_dot=True)), who


def _fled(fight: Fight, step: Fled) -> StepDone:
    """C1: the escaper and its pursuers leave their groups; a pool per pair."""
    after = fight
    for name in (step.who, *step.pursuers):
        after = without(after, name)
    after = replace(after, chase=start_pools(after, step.who, list(step.pursuers)))
    after, notes = settle(tidy(after), [step.who])
    return StepDone(step, fight, after, notes=tuple(notes))


def _dashed(fight: Fight, step: Dashed) -> StepDone:
    """C2: pools move by speed; C3: dashes counted, a failed check is a level of exhaustion."""
    notes = []
    after = fight
    for name, n in step.dashes:
        c = after.combatant(name)
        failed = sum(1 for s in step.checks if s.who == name and not s.success)
        if failed:
            notes.append(f"{name} gains {failed} level(s) of exhaustion (C3)")
        after = after.with_combatant(
            replace(c, dashes=c.dashes + n, exhaustion=c.exhaustion + failed)
        )
    dashed = frozenset(n for n, k in step.dashes if k > 0)
    after = replace(after, chase=after_speeds(after, dict(step.dashes)))
    turns = after.turns
    after = replace(after, turns=replace(turns, dashed=turns.dashed | dashed))
    return StepDone(step, fight, after, notes=tuple(notes))


def _acted(fight: Fight, step: Acted) -> Fight:
    turns = fight.turns
    if step.action is Action.DODGE:
        return replace(fight, turns=replace(turns, dodging=turns.dodging | {step.who}))
    if step.action is Action.DISENGAGE:
        return replace(fight, turns=replace(turns, disengaged=turns.disengaged | {step.who}))
    if step.action is Action.HELP and step.detail:
        return replace(fight, turns=replace(turns, helped=turns.helped | {step.detail}))
    if step.action is Action.HIDE and step.success:
        c = fight.combatant(step.who)
        return fight.with_combatant(replace(c, flags=c.flags | {Flag.HIDDEN}))
    return fight


def _marked(fight: Fight, step: Marked) -> Fight:
    c = fight.combatant(step.who)
    if isinstance(step.mark, Dot):
        assert isinstance(c, Hero), "dots are for heroes (T1); the log was checked for it"
        if step.mark is Dot.O:
            return fight.with_combatant(replace(c, o_dot=step.on))
        if step.mark is Dot.N:
            return fight.with_combatant(replace(c, n_dot=step.on))
        c_dot: CDot | None = step.mark.c_dot if step.on else None
        return fight.with_combatant(replace(c, c_dot=c_dot))
    condition: Condition = step.mark
    conditions = c.conditions | {condition} if step.on else c.conditions - {condition}
    return fight.with_combatant(replace(c, conditions=conditions))
