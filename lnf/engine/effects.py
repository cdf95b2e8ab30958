"""Effects played (F4–F6): the steps that end what lasts at a turn's edges and as a round
starts, repeat saves, concentration saves after damage, and riders after a hit.

`Rolled` is the turn builder the runner and the DM's records use: after each step it does,
it adds what the rules make follow from it (a concentration save, a rider), rolled with its
dice. Replaying a log uses plain `Steps`: what followed is in the log already.

F1's reactions that turn a hit: before a hit lands, its target may spend its reaction on a
guard (the Shield spell, a stat block's Parry) that raises its AC past the roll. Monsters take
theirs whenever it turns the hit (lnf's stated rule); heroes as their side decides: the hero
policy as monsters do, the table by `lnf react HERO` (lnf waits for the answer)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from lnf.dice import parse
from lnf.dice.roll import DiceSource, roll
from lnf.engine.apply import Steps
from lnf.engine.begin import died, named, start
from lnf.engine.grips import concentrate, gripped
from lnf.engine.holds import (
    drains,
    engulf_failed,
    escaped,
    held_hurts,
    let_go_now,
    regurgitation,
)
from lnf.engine.joined import take_root
from lnf.engine.quiet import no_effects, no_traits
from lnf.engine.repeat_saves import repeat_save
from lnf.engine.resolve import roll_save
from lnf.engine.riders import corrode_armor, drained_by, dropped_to_0, pushed, ride
from lnf.engine.self_spells import fire_shield, landed, seen
from lnf.engine.spell_auras import auras
from lnf.engine.steps import apply_step
from lnf.engine.trait_edges import traits_at_start
from lnf.engine.trait_steps import (
    adheres,
    averse,
    berserk_roll,
    burned,
    burst,
    corrode,
    freeze,
    heads_follow,
    regrow,
    slimed,
    split,
    unstuck,
)
from lnf.model import (
    SLOT,
    Ability,
    Attack,
    Condition,
    Effect,
    Fight,
    Hero,
    Lasting,
    Monster,
    TraitKind,
    TurnEdge,
)
from lnf.model.applied import Applied, StepDone
from lnf.model.effects import NO_HEALING
from lnf.model.events import Recorded
from lnf.model.plan import Advantage
from lnf.model.steps import (
    Attacked,
    ConcentrationEnded,
    Damaged,
    EffectEnded,
    Healed,
    Marked,
    SaveRolled,
    SpellCast,
    Step,
    Used,
)
from lnf.rules.action_immunity import immunity, immunity_lasting, made_immune
from lnf.rules.banishment import left_group
from lnf.rules.concentration import broken, concentrating, concentration_of, save_dc
from lnf.rules.economy import attack_named
from lnf.rules.effects import (
    closed_by_healing,
    ending_as_round_starts,
    ending_at,
    next_key,
    saves_due,
)
from lnf.rules.mirror_image import duplicate
from lnf.rules.roster import changed, in_fight, trait_kinds
from lnf.rules.spell_effects import calm_ends, overwhelmed, sleepers, weapon_up, woken
from lnf.rules.subclasses import DARK_ONES_BLESSING, blessing
from lnf.rules.trait_saves import immune_now
from lnf.rules.traits import UNDEAD_FORTITUDE, fortitude_dc
from lnf.values import replace

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_ADVANTAGE = Advantage.ADVANTAGE
_CON = Ability.CON
_END = TurnEdge.END
_START = TurnEdge.START
_UNCONSCIOUS = Condition.UNCONSCIOUS
_UNDEAD_FORTITUDE = TraitKind.UNDEAD_FORTITUDE

StrikeStep = TypeVar("StrikeStep", Attacked, SpellCast)  # a step whose damage may drop


class Rolled(Steps):
    """Steps that roll what follows from each one (F5, F6) with `dice`."""

    dice: DiceSource | None = None

    def rolling(self, dice: DiceSource) -> Rolled:
        self.dice = dice
        return self

    def do(self, step: Step) -> StepDone:
        done = super().do(step)
        if self.dice is not None:
            dice, self.dice = self.dice, None  # what follows does not follow again
            try:
                follow(self, done, dice)
            finally:
                self.dice = dice
        return done


def blessed(turn: Steps, done: StepDone) -> None:
    """F2 Dark One's Blessing: the Fiend warlock whose hit or spell (`done`) dropped a monster
    gains its temporary hit points (D7: the larger kept)."""
    step = done.step
    who = step.attacker if isinstance(step, Attacked) else ""
    who = step.caster if isinstance(step, SpellCast) else who
    hero = turn.fight.combatant(who) if who in turn.fight else None
    if not isinstance(hero, Hero) or not any(
        isinstance(done.before.combatant(n), Monster) for n in done.dropped
    ):
        return
    amount = blessing(hero)
    if amount > hero.temp_hp:
        turn.do(Healed(who, amount, by=DARK_ONES_BLESSING, temp=True))


def follow(turn: Steps, done: StepDone, dice: DiceSource) -> None:
    """What a step brings (in this order): riders of a hit (F6), concentration broken by 0
    hit points or incapacitation, then a concentration save for each damage taken (F5)."""
    step = done.step
    if not no_effects(turn.fight):  # F7 Calm Emotions: an effect's end
        attacked = step.target if isinstance(step, Attacked) else ""
        failed = [s.who for s in step.saves if not s.success] if isinstance(step, SpellCast) else []
        hurt = [d.who for d in done.dealt if d.amount > 0]
        for e, why in calm_ends(turn.fight, attacked, failed, hurt):
            turn.do(EffectEnded(e.key, why))
    escaped(turn, step)  # F6
    if isinstance(step, Attacked) and step.hit:
        attack = attack_named(turn.fight.combatant(step.attacker), step.attack)
        up = done.before.combatant(step.target).current_hp > 0  # F6: at 0 by the hit
        while_ = concentrate(turn, step, attack)  # F5, F7: Ray of Enfeeblement's
        for rider in attack.riders if attack is not None else ():
            if rider.instead != step.instead:
                continue  # F6: a grapple instead of the damage, or the damage alone
            drained = drained_by(done, step, rider)
            edge = step.roll is _ADVANTAGE  # F6: the cloaker's, to the head
            ride(
                turn,
                step.attacker,
                step.target,
                step.attack,
                rider,
                dice,
                drained,
                up,
                while_,
                edge,
            )
    if isinstance(step, Attacked) and step.hit:
        if not no_traits(done.before):  # each reads the target's trait in `done.before`
            burned(turn, done, step, dice)  # B8: Heated Body, Fire Aura
            slimed(turn, done, step, dice)  # B8: Mucous Cloud
            corrode(turn, done, step)  # B8: Corrode Metal, Rust Metal, Corrosive Form
            adheres(turn, done, step)  # B8: a mimic's Adhesive
        fire_shield(turn, done, step, dice)  # B6, F7
    if done.dealt and not no_traits(turn.fight):
        freeze(turn, done)  # B8: a water elemental's Freeze
    if done.dropped:
        burst(turn, done, dice)  # B8: Death Burst
        unstuck(turn, done)  # B8: a mimic's Adhesive
    if isinstance(step, Attacked):
        weapon = attack_named(turn.fight.combatant(step.attacker), step.attack)
        if weapon is not None and weapon.effect is not None and weapon.effect.weapon:
            spell_weapon(turn, step.attacker, weapon)
    if isinstance(step, Attacked | SpellCast) and not no_effects(turn.fight):  # B6, F7
        who = step.attacker if isinstance(step, Attacked) else step.caster
        seen(turn, who, isinstance(step, Attacked) or _at_foes(turn.fight, step))
    if isinstance(step, SpellCast):
        spell = attack_named(turn.fight.combatant(step.caster), step.spell)
        if spell is not None:
            cast_effects(turn, step, spell, dice)
    if not no_effects(turn.fight):
        let_go_now(turn, done)  # F6: a hold's end (what a move carries along is held too)
    # only one the step, or what followed it, changed can have: a Hold Person's paralysis
    # comes after the cast's saves (`cast_effects`), its target untouched by the cast itself
    for c, _ in changed(done.before, turn.fight):
        if (why := broken(turn.fight, turn.fight.combatant(c.name))) and not broken(done.before, c):
            turn.do(ConcentrationEnded(c.name, why))
        died(turn, c)  # F4: nothing lasts on the dead
    if done.dropped:
        blessed(turn, done)  # F2: Dark One's Blessing
    if isinstance(step, Healed) and step.amount > 0 and not step.temp:
        for e in closed_by_healing(turn.fight, step.who, step.by):
            turn.do(EffectEnded(e.key, "magical healing closes it"))
    landed(turn, done)
    if not no_traits(turn.fight):  # each asks `trait_kinds` of the fight as it is then
        averse(turn, done)  # B8: Aversion of Fire
        split(turn, done)  # B10: a jelly splits
    take_root(turn, done)  # B6: a dead treant's trees
    if not no_traits(turn.fight):
        heads_follow(turn, done)  # B8: the hydra's heads
    for dealt in done.dealt:
        woke = dealt.amount > 0 and not no_effects(turn.fight)  # F7 Sleep, Charm Person
        for e in woken(turn.fight, dealt.who) if woke else ():
            if e in done.after.effects:  # not what the hit's own rider began (the drow's)
                turn.do(EffectEnded(e.key, _woken_why(turn.fight, dealt.who, e)))
        c = turn.fight.combatant(dealt.who)
        if dealt.amount > 0 and concentrating(turn.fight, c):
            dc = save_dc(dealt.amount)
            save = roll_save(turn.fight, c, _CON, dc, dice, "concentration")
            turn.do(SaveRolled(save, _CON, "concentration", damage=dealt.amount))
            if not save.success:
                turn.do(ConcentrationEnded(c.name, "the Constitution save failed"))


def _woken_why(fight: Fight, who: str, e: Effect) -> str:
    """F4, F7 Sleep ("until the sleeper takes damage"): why the effect ends — and the sleeper
    wakes up, unless the damage killed it or dropped it to 0 hit points (D8)."""
    c = fight.combatant(who)
    if not in_fight(c):
        return "it is dead"
    awake = e.condition is _UNCONSCIOUS and c.current_hp > 0  # F7 Sleep; Charm Person's too
    return "it takes damage" + (" and wakes up" if awake else "")


def _at_foes(fight: Fight, step: SpellCast) -> bool:
    """F7 Sanctuary: a cast "that affects an enemy creature" (one of its targets is a foe)."""
    side = fight.combatant(step.caster).side if step.caster in fight else None
    return any(t in fight and fight.combatant(t).side is not side for t in step.targets)


def cast_effects(turn: Steps, step: SpellCast, spell: Attack, dice: DiceSource) -> None:
    """F5, F6, F7: a spell's conditions on the targets that failed its save, lasting while the
    caster concentrates when the spell needs it (its earlier concentration ends first); then
    what its `effect:` does: an ally spell's bonus on its targets, Sleep, an aura. A hero that
    saved against a monster's Frightful Presence is immune to it from then on (B1, F4)."""
    failed = [s.who for s in step.saves if not s.success]
    effect = spell.effect
    if effect is not None and effect.word:  # F7 Power Word Stun: no save, by hit points
        failed = overwhelmed(turn.fight, spell, step.targets)
    if effect is not None and effect.contest is not None:  # F7 Telekinesis: its grip
        failed = gripped(turn, step, effect.contest, dice)
    level = cast_level(turn, step.caster, spell)
    if spell.concentration:
        if concentration_of(turn.fight, step.caster) is not None:
            turn.do(ConcentrationEnded(step.caster, f"it begins concentrating on {step.spell}"))
        if effect is None and not (failed and spell.riders):
            return  # F5: every target saved, nothing lasts on it (Hold Person resisted)
        aura = level if effect is not None and effect.aura else 0
        start(
            turn, step.caster, step.spell, _span(spell), step.caster, concentration=True, aura=aura
        )
    while_ = step.caster if spell.concentration else ""
    for rider in spell.riders:
        for name in failed if rider.push else ():
            pushed(turn, name, step.caster, rider.push)
        for name in failed if rider.drops else ():  # F6: the sea hag's Death Glare
            dropped_to_0(turn, name, f"{step.caster}'s {step.spell}")
        for name in failed if rider.armor else ():  # F6: the rust monster's Antennae
            corrode_armor(turn, step.caster, name, rider)
        for name in failed if rider.swallow else ():  # F6: the cube's Engulf
            engulf_failed(turn, step.caster, name, step.spell, rider)
        for name in failed if not rider.swallow else ():
            first = next_key(turn.fight)  # F4: what one failed save begins, one save ends
            for condition in rider.conditions:
                if condition in immune_now(turn.fight, turn.fight.combatant(name)):
                    continue
                lasting = replace(named(rider.lasting, step.caster, name), concentration=while_)
                left = left_group(turn.fight, name, condition)  # F7 Banishment
                by = step.caster
                start(
                    turn, name, str(condition), lasting, by, condition, group=left, together=first
                )
        if rider.no_healing and not rider.conditions and spell.save is None:  # F6: no save
            for name in step.targets:
                lasting = named(rider.lasting, step.caster, name)
                said = NO_HEALING[rider.no_healing]
                start(turn, name, said, lasting, step.caster, bars=rider.no_healing)
    caster = turn.fight.combatant(step.caster)
    for name in made_immune(caster, spell, tuple(s.who for s in step.saves)):  # B1, F4
        start(turn, name, immunity(step.caster, spell.name), immunity_lasting(), step.caster)
    if effect is None:
        return
    for name in failed if effect.kills else ():  # F7 Power Word Kill: it dies
        hp = turn.fight.combatant(name).current_hp
        said = f"{spell.name}, {hp} hit points ({effect.word} or fewer)"
        turn.do(Damaged(name, 0, text=said, kills=True))
    lasting = replace(effect.lasting, concentration=while_)
    if effect.invisible:  # B6: on the caster itself
        what, kept = "invisible", effect.ends_on_attack
        start(turn, step.caster, what, lasting, step.caster, Condition.INVISIBLE, attacks=kept)
    on_self = ((effect.blurred, Condition.BLURRED), (effect.flying, Condition.FLYING))
    ward = ((True, effect.ward),) if effect.ward is not None else ()
    for on, condition in (*on_self, *ward):
        if on:  # B6: on the caster itself (Blur, Fly, Freedom of Movement, Sanctuary)
            ends = condition is Condition.SANCTUARY  # F7: "If the warded creature … attacks"
            ac = 2 if condition is Condition.HASTED else 0  # B6: "a +2 bonus to its AC"
            what = str(condition)
            start(turn, step.caster, what, lasting, step.caster, condition, attacks=ends, ac=ac)
    for _ in range(3 if effect.mirror else 0):  # B6, F7 Mirror Image: three duplicates
        start(turn, step.caster, duplicate(spell.name), lasting, step.caster, Condition.MIRRORED)
    if effect.allies or effect.mark is not None:  # no save, on each creature named (F7)
        gives = "; ".join(p for p in (_ac(effect.ac), _d4(effect.d4)) if p)  # Bless, not a mark
        what = f"{spell.name} ({gives})" if gives else spell.name  # Hunter's Mark: its name
        for name in step.targets:
            start(turn, name, what, lasting, step.caster, ac=effect.ac, d4=effect.d4)
    for name in sleepers(turn.fight, step.targets, step.pool) if effect.sleep else ():
        start(turn, name, "unconscious", lasting, step.caster, Condition.UNCONSCIOUS, hurt=True)


def _ac(ac: int) -> str:
    return f"+{ac} AC" if ac else ""


def _d4(d4: int) -> str:
    return f"{'+' if d4 > 0 else '−'}1d4 to attack rolls and saves" if d4 else ""


def _span(spell: Attack) -> Lasting:
    """F4, F5: how long a concentration lasts at most: the spell's `effect:` duration, or its
    riders' longest (Hold Person's 1 minute); without either, until it is broken."""
    if spell.effect is not None and spell.effect.lasting.rounds:
        return Lasting(rounds=spell.effect.lasting.rounds)
    rounds = max((r.lasting.rounds for r in spell.riders), default=0)
    return Lasting(rounds=rounds)


def cast_level(turn: Steps, caster: str, spell: Attack) -> int:
    """F7: the slot level `spell` is cast with this turn: the slot its caster spent for it
    (the turn's last), or the spell's own level."""
    spent = [
        int(s.resource.removeprefix(SLOT))
        for s in turn.steps
        if isinstance(s, Used) and s.who == caster and s.resource.startswith(SLOT)
    ]
    return max(spent[-1], spell.slot) if spent else spell.slot


def spell_weapon(turn: Steps, caster: str, weapon: Attack) -> None:
    """F7 Spiritual Weapon: the attack that casts it leaves the weapon for its duration (not
    concentration); the attacks it makes later find it up and start nothing."""
    if weapon_up(turn.fight, caster, weapon) is not None or weapon.effect is None:
        return
    level = cast_level(turn, caster, weapon)
    what, lasting = weapon.name, weapon.effect.lasting
    start(turn, caster, what, lasting, caster, weapon=level)


def turn_edge(turn: Steps, who: str, edge: TurnEdge, dice: DiceSource) -> None:
    """F4: at the start or end of `who`'s turn, what lasted until then ends, and the saves
    repeated then are rolled (a success ends the effect; a failure brings what the effect
    says comes `then`). A save repeated once, at the edge its effect lasts until (the
    cockatrice's "at the end of its next turn"), is rolled before the effect ends."""
    if quiet_edges(turn.fight):
        return  # no step below could act: each acts through an effect or a monster's trait
    due = saves_due(turn.fight, who, edge)
    ending = ending_at(turn.fight, who, edge)
    if edge is _END:
        regurgitation(turn, who, dice)  # F6: enough damage from inside a swallower
        if trait_kinds(turn.fight):  # B8: no trait acts in a fight whose monsters have none
            regrow(turn, who)  # B8: the hydra's heads
    last = [e for e in due if any(e == x for x, _ in ending)]
    for e in last:
        repeat_save(turn, who, e, dice)
    for e, why in ending:
        if e in turn.fight.effects:
            turn.do(EffectEnded(e.key, why))
    if edge is _START:
        auras(turn, who, dice)
        if trait_kinds(turn.fight):
            traits_at_start(turn, who, dice)
        berserk_roll(turn, who, dice)  # B8: a golem's d6
        drains(turn, who, dice)  # F6: a stirge drinks
        held_hurts(turn, who, dice)  # F6: the chain devil's chains
    for e in [e for e in turn.fight.effects if e.who == who and e.hurts_at is edge]:
        _hurts(turn, e, dice)
    for e in due:
        if e not in last:
            repeat_save(turn, who, e, dice)


def quiet_edges(fight: Fight) -> bool:
    """Whether no turn's edge can do anything (most of a plain fight): every step of
    `turn_edge` acts through an effect (F4's ends and saves, F6's holds, F7's auras, B8's
    Berserk) or a monster's trait (B8), so a fight with neither takes no step and rolls no die."""
    return no_effects(fight) and no_traits(fight)


def _hurts(turn: Steps, e: Effect, dice: DiceSource) -> None:
    """F6: what `e` deals its bearer at this edge of its turn (the fire elemental's fire, an
    infernal wound's hit points lost), rolled now."""
    if e not in turn.fight.effects or not in_fight(turn.fight.combatant(e.who)):
        return
    expr = parse(e.hurts)
    dice.about(f"{e.what.partition(': ')[0]} on {e.who}: {expr}")
    rolled = roll(expr, dice)
    kind = expr.parts[0].damage_type if expr.parts else None
    words = f"{e.what.partition(': ')[0]}: {rolled}"
    turn.do(Damaged(e.who, rolled.total, kind, text=words))


def round_start_ends(fight: Fight, number: int) -> tuple[Step, ...]:
    """F4: what counted in rounds ends as round `number` starts."""
    return tuple(EffectEnded(e.key, why) for e, why in ending_as_round_starts(fight, number))


def recorded(fight: Fight, dice: DiceSource, build: Callable[[Rolled], None]) -> Applied:
    """The DM's record, built by `build`, with what the rules make follow from it (a
    concentration save after damage, F5) rolled with `dice`."""
    steps = Rolled(fight).rolling(dice)
    build(steps)
    return steps.finish(Recorded(steps.steps))


def unmark(turn: Steps, who: str, condition: Condition, why: str = "the DM takes it off") -> None:
    """A condition is taken off (by the DM, or a prone creature stands up): the effects that
    impose it end with it (F4)."""
    for e in turn.fight.effects:
        if e.who == who and e.condition is condition:
            turn.do(EffectEnded(e.key, why))
    if condition in turn.fight.combatant(who).conditions:
        turn.do(Marked(who, condition, on=False))


def fortitude(turn: Steps, step: StrikeStep, dice: DiceSource) -> StrikeStep:
    """B8 Undead Fortitude: each monster the step would drop rolls its Constitution save
    (DC 5 + the damage) first; those that pass are named in the step's `holds`."""
    if _UNDEAD_FORTITUDE not in trait_kinds(turn.fight):  # the kinds: once per state
        return step  # nobody has it (most fights): the step is not played twice to find out
    would = apply_step(turn.fight, step)
    critical = isinstance(step, Attacked) and step.critical
    holds = []
    for dealt in would.dealt:
        c = turn.fight.combatant(dealt.who)
        types = [k for k, _ in step.damage]
        dc = fortitude_dc(
            c, types, dealt.amount, critical=critical, drops=dealt.who in would.dropped
        )
        if dc is None:
            continue
        what = f"{UNDEAD_FORTITUDE} ({dealt.amount} damage would drop it, B8)"
        save = roll_save(turn.fight, c, _CON, dc, dice, what)
        turn.do(SaveRolled(save, _CON, what))
        if save.success:
            holds.append(dealt.who)
    return replace(step, holds=tuple(holds)) if holds else step


def stand_up(turn: Steps) -> Fight:
    """5e: a prone creature the runner plays stands up first (half its movement)."""
    assert turn.who is not None
    if Condition.PRONE in turn.fight.combatant(turn.who).conditions:
        unmark(turn, turn.who, Condition.PRONE, "it stands up (half its movement)")
    return turn.fight
