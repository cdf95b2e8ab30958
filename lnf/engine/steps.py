"""What each step of a turn or a record does to the fight (D6–D12, C1–C6, T1, V-ACL…): one
handler per kind of step, dispatched exhaustively, so a new kind of step is named by mypy
wherever it is not handled yet. The steps of effects are
`lnf.engine.effect_steps`'s."""

from __future__ import annotations

from typing import assert_never

from lnf.engine.acl_steps import contested, surged, wounded
from lnf.engine.chase_steps import dashed, fled
from lnf.engine.effect_steps import (
    concentration_ended,
    counted,
    counts,
    drained,
    effect_ended,
    effect_started,
)
from lnf.engine.inspired import spent_inspirations
from lnf.engine.trait_apply import (
    absorbed,
    after_hurt,
    evaded,
    held_at_one,
    transferred,
)
from lnf.model import Action, CDot, Condition, Cost, Dot, Fight, Flag, Hero, Monster
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
from lnf.model.applied import Dealt, StepDone
from lnf.model.steps import (
    Acted,
    Attacked,
    ConcentrationEnded,
    Contested,
    Covered,
    Damage,
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
    Step,
    Surged,
    Used,
    Wounded,
)
from lnf.rules.acl import acl, reduced
from lnf.rules.amulet import bound_share
from lnf.rules.chase import escapers, settle
from lnf.rules.class_features import raging_damage
from lnf.rules.d20 import at_least_one, d20_variant, rolled_at_least_one
from lnf.rules.damage import (
    after_defences,
    death_save,
    heal,
    knock_out,
    magical,
    stabilized,
    take_damage,
    worth,
)
from lnf.rules.economy import attack_named, spell_cast, step_cost
from lnf.rules.effects import healing_barred
from lnf.rules.group_changes import moved, tidy
from lnf.rules.heads import with_heads
from lnf.rules.hiding import given_away, hidden_again, searched
from lnf.rules.holds import drank
from lnf.rules.joining import joined_fight
from lnf.rules.limited import recharged, spent
from lnf.rules.reactions import after_hit
from lnf.rules.resources import RAGE, SNEAK_ATTACK
from lnf.rules.roster import changed, in_fight
from lnf.rules.spell_effects import sleepers
from lnf.rules.splitting import split_fight
from lnf.rules.traits import scorches
from lnf.values import replace

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_ACTION = Cost.ACTION
_BONUS = Cost.BONUS
_DEFENCE = Action.DEFENCE
_DODGE = Action.DODGE


def apply_step(fight: Fight, step: Step) -> StepDone:
    """One step, then C6: a chase pair ends when either side drops."""
    done = _step(fight, step)
    after, notes = spent_inspirations(_mark_use(done.after, step), step), done.notes  # F2
    if after.chase:
        after, more = settle(after, escapers(after))
        notes += tuple(more)
    dropped = tuple(
        c.name
        for c, now in changed(fight, after)
        if _standing(c) and not _standing(now or after.combatant(c.name))
    )  # only those the step changed (a changed combatant is a new value) can have dropped
    if after is done.after and notes is done.notes and dropped == done.dropped:
        return done  # no F1 book, no C6 and nobody dropped: the record is the step's own
    return replace(done, after=after, notes=notes, dropped=dropped)


def _standing(c: Hero | Monster) -> bool:
    return in_fight(c) and c.current_hp > 0


def _step(fight: Fight, step: Step) -> StepDone:
    match step:
        case Moved():
            return StepDone(step, fight, moved(fight, step))
        case Attacked():
            return _attacked(fight, step)
        case SpellCast():
            return _spell(fight, step)
        case DeathSave():
            hero, notes = death_save(fight.hero(step.who), step.face)
            return StepDone(step, fight, tidy(fight.with_combatant(hero)), notes=tuple(notes))
        case Healed() if step.temp:  # D7: temporary hit points do not stack: the larger
            c = fight.combatant(step.who)
            more = replace(c, temp_hp=max(c.temp_hp, step.amount))
            return StepDone(step, fight, fight.with_combatant(more))
        case Healed():
            barred = None if step.revive else healing_barred(fight, step.who, step.by)
            amount = 0 if barred is not None else step.amount
            healed, notes = heal(fight.combatant(step.who), amount, step.revive)
            if barred is not None:  # F6: "can't regain hit points"
                why = barred.what.partition(": ")[0]
                notes = [f"{step.who} regains no hit points: {why} (F6)"]
            return StepDone(step, fight, fight.with_combatant(healed), notes=tuple(notes))
        case Damaged():
            return _damaged(fight, step)
        case Marked():
            return StepDone(step, fight, _marked(fight, step))
        case Acted():
            return StepDone(step, fight, _acted(fight, step))
        case Fled():
            return fled(fight, step)
        case Dashed():
            return dashed(fight, step)
        case Hid():
            return _hid(fight, step)
        case Searched():  # R4: the heroes it finds are hidden no more
            return StepDone(step, fight, searched(fight, step))
        case Used():
            return _used(fight, step)
        case Recharged():  # B2: charged again on its number or more
            m = fight.monster(step.who)
            after = fight.with_combatant(recharged(m, step.action)) if step.charged else fight
            return StepDone(step, fight, after)
        case Wounded():
            return wounded(fight, step)
        case Covered():
            c = fight.combatant(step.who)
            return StepDone(step, fight, fight.with_combatant(replace(c, cover=step.cover)))
        case Surged():
            return surged(fight, step)
        case Contested():
            return contested(fight, step)
        case Dropped():  # the DM takes a monster off the grid
            monster = fight.monster(step.who)
            after = tidy(fight.with_combatant(replace(monster, damage=monster.hp)))
            return StepDone(step, fight, after, notes=(f"{step.who} is gone (D8)",))
        case EffectStarted():
            return effect_started(fight, step)
        case EffectEnded():
            return effect_ended(fight, step)
        case ConcentrationEnded():
            return concentration_ended(fight, step)
        case Drained():
            return drained(fight, step)
        case SaveRolled() if counts(fight, step):
            return counted(fight, step)  # F4, F7 Contagion: its successes and failures
        case SaveRolled() | Confused() | TraitRolled():
            return StepDone(step, fight, fight)  # what follows from it is its own step
        case Heads():  # B8: the hydra's heads
            hydra = with_heads(fight.monster(step.who), step.heads, step.lost, step.burned)
            return StepDone(step, fight, fight.with_combatant(hydra))
        case Split() if step.how:  # B6: a creature joins by an action (Animate Trees)
            return StepDone(step, fight, joined_fight(fight, step.who, step.into, step.how))
        case Split():  # B10: the jelly splits, its reaction spent
            return StepDone(step, fight, split_fight(fight, step.who, step.into))
        case Mirrored() if step.key:  # B6, F7: a duplicate hit is destroyed
            gone = effect_ended(fight, EffectEnded(step.key, "hit"))
            return StepDone(step, fight, gone.after, notes=gone.notes)
        case Mirrored() | Warded():
            return StepDone(step, fight, fight)
        case Guarded() | Countered() | Reacted():  # F1, B10: the reaction is spent
            turns = fight.turns
            after = replace(fight, turns=replace(turns, reacted=turns.reacted | {step.who}))
            return StepDone(step, fight, after)
        case _:
            assert_never(step)


def _hid(fight: Fight, step: Hid) -> StepDone:
    """C5: the pursuers the escaper hid from lose it."""
    was = escapers(fight)
    lost = set(step.lost())
    kept = tuple(p for p in fight.chase if not (p.escaper == step.who and p.pursuer in lost))
    after, notes = settle(replace(fight, chase=kept), was)
    return StepDone(step, fight, after, notes=tuple(notes))


def _hurt(
    fight: Fight,
    who: str,
    damage: Damage,
    *,
    critical: bool = False,
    knock: bool = False,
    attack: bool = False,
    holds: bool = False,
    magic: bool = False,
    spell: bool = False,
) -> tuple[Fight, Dealt, list[str]]:
    """D6–D9: `who` takes `damage` after its defences (`magic`: a magical attack's, D6;
    `spell`: a spell's, which "resistance: damage from spells" halves);
    `knock`: a mêlée attacker that drops it knocks it out instead (D8). Under the AC-less
    variant an attack's damage first goes through Damage Reduction (V-ACL3)."""
    target = fight.combatant(who)
    by_type = dict(damage)
    floored = d20_variant(fight) and sum(by_type.values()) < 1 and bool(by_type)
    if floored:
        by_type = rolled_at_least_one(by_type)  # V-D20-4: the roll itself is at least 1
    reduction = 0
    if attack and acl(fight) and (target.dr or target.typed_dr):
        before = sum(by_type.values())
        by_type = reduced(by_type, target.dr, dict(target.typed_dr), worth(target))
        reduction = before - sum(by_type.values())
    by_type, healed = absorbed(target, by_type)  # B8: Lightning Absorption and the like
    amount, defences = after_defences(target, by_type, magic=magic, spell=spell)
    amount, back = max(0, amount - sum(healed.values())), max(0, sum(healed.values()) - amount)
    amount, fight, moved = transferred(fight, target, amount)  # B8: Damage Transfer
    if d20_variant(fight) and (least := at_least_one(target, by_type, amount)) > amount:
        amount, floored = least, True  # V-D20-4: what gets through is at least 1
    bound: list[str] = []
    if (share := bound_share(fight, who, amount)) is not None:  # B8: a shield guardian's Bound
        guardian, part = share
        amount -= part
        taken, more = take_damage(guardian, part)
        fight = fight.with_combatant(taken)
        bound = [f"{guardian.name} takes {part} of it (Bound, B8)", *more]
    if knock and 0 < target.current_hp <= amount:
        hurt, notes = knock_out(target)
    elif (held := held_at_one(target, amount, holds)) is not None:
        hurt, notes = held  # B8: Undead Fortitude, Relentless
    else:
        hurt, notes = take_damage(target, amount, critical=critical)
    hurt, notes = after_hurt(fight, target, hurt, [*moved, *notes], healed, back)  # B8
    got_through = [k for k, v in by_type.items() if v > 0 and k not in target.immune]
    if amount > 0 and scorches(hurt, got_through):  # B8: no Regeneration next round start
        hurt = replace(hurt, flags=hurt.flags | {Flag.SCORCHED})
    return (
        fight.with_combatant(hurt),
        Dealt(who, amount, defences, reduction, floored),
        notes + bound,
    )


def _damaged(fight: Fight, step: Damaged) -> StepDone:
    if step.kills:  # F6: "or die" (the Solar's Slaying Longbow)
        c = fight.combatant(step.who)
        slain = replace(c, hp_now=0, dead=True) if isinstance(c, Hero) else replace(c, damage=c.hp)
        return StepDone(step, fight, tidy(fight.with_combatant(slain)))
    if step.stable:  # F6, D9: the giant spider's poison leaves it stable at 0 hit points
        hero = fight.hero(step.who)
        return StepDone(step, fight, fight.with_combatant(stabilized(hero)))
    after, dealt, notes = _hurt(
        fight, step.who, ((step.type, step.amount),), critical=step.critical, spell=step.spell
    )
    after = drank(after, step.key, dealt.amount) if step.key else after  # F6: a stirge drinks
    return StepDone(step, fight, tidy(after), (dealt,), notes=tuple(notes))


def _attacked(fight: Fight, step: Attacked) -> StepDone:
    before = fight
    attacker = fight.combatant(step.attacker)
    seen = given_away(fight, attacker)  # R4: attacking gives away a hidden attacker
    gave_away: tuple[str, ...] = ()
    if seen is not attacker:
        fight = fight.with_combatant(seen)
        if seen.why is not attacker.why:
            gave_away = (f"{seen.name} gave away where it hid (R4): it may be shot now",)
    turns = fight.turns
    if step.attacker in turns.helped:  # Help is spent on the next attack roll
        fight = replace(fight, turns=replace(turns, helped=turns.helped - {step.attacker}))
    if step.opportunity:
        turns = fight.turns
        made = (*turns.opportunities, step.attacker)  # B8: Reactive Heads counts them
        fight = replace(
            fight,
            turns=replace(turns, reacted=turns.reacted | {step.attacker}, opportunities=made),
        )
        if acl(fight):  # V-ACL6: a reaction spent
            me = fight.combatant(step.attacker)
            fight = fight.with_combatant(replace(me, reactions=max(0, me.reactions - 1)))
    if step.power or step.force:  # V-ACL6: surge dice spent on the roll and the damage
        me = fight.combatant(step.attacker)
        spent = len(step.power) + len(step.force)
        fight = fight.with_combatant(replace(me, surge=max(0, me.surge - spent)))
    if not step.hit:
        return StepDone(step, before, fight, notes=gave_away)
    if step.big == SNEAK_ATTACK:  # once a turn: a hit that dealt it used it
        turns = fight.turns
        fight = replace(fight, turns=replace(turns, sneaked=turns.sneaked | {step.attacker}))
    target = fight.combatant(step.target)
    hit = after_hit(target, step.attacker, step.mode)  # M6's reach clause
    fight, dealt, notes = _hurt(
        fight if hit is target else fight.with_combatant(hit),
        step.target,
        step.damage,
        critical=step.critical,
        knock=step.knock_out,
        attack=True,
        holds=step.target in step.holds,
        magic=_magic(fight, step),
        spell=_spell_attack(fight, step),
    )
    fight, o_dot = _o_dot(fight, step.attacker, step.big, dealt.amount, notes)
    return StepDone(step, before, tidy(fight), (dealt,), o_dot=o_dot, notes=(*gave_away, *notes))


def _magic(fight: Fight, step: Attacked) -> bool:
    """D6: whether the attack this step made is magical (a spell, a magic weapon)."""
    me = fight.combatant(step.attacker)
    known = (*me.attacks, *(me.actions if isinstance(me, Monster) else ()))
    used = next((a for a in known if a.name == step.attack), None)
    return used is not None and magical(me, used)


def _spell_attack(fight: Fight, step: Attacked) -> bool:
    """D6: whether the attack this step made is a spell's (Fire Bolt, Spiritual Weapon)."""
    used = attack_named(fight.combatant(step.attacker), step.attack)
    return used is not None and used.spell


def _used(fight: Fight, step: Used) -> StepDone:
    """A resource spent (a monster's too: its slot, its breath's charge, B2); Rage also starts
    raging (its damage, `rules.class_features`, and resistances, `rules.damage`)."""
    hero = spent(fight.combatant(step.who), step.resource, step.amount)
    notes: tuple[str, ...] = ()
    if step.resource.lower() == RAGE.lower() and RAGE not in hero.effects:
        hero = replace(hero, effects=(*hero.effects, RAGE))
        more = f"+{bonus} damage on Strength mêlée hits, " if (bonus := raging_damage(hero)) else ""
        notes = (f"{step.who} rages: {more}resistance to bludgeoning, piercing and slashing",)
    return StepDone(step, fight, fight.with_combatant(hero), notes=notes)


def spell_damage(step: SpellCast, target: str, *, evasion: bool = False) -> Damage:
    """What one target of a save spell takes before its defences: all, half on a save (round
    down, D11) or nothing (B8 Evasion: half on a failure, nothing on a save); nothing for an
    ally spared by Sculpt Spells."""
    if target in step.spared:
        return ()
    saved = next((s.success for s in step.saves if s.who == target), False)
    if not saved and not evasion:
        return step.damage
    half = step.half and saved != evasion
    return tuple((kind, amount // 2 if half else 0) for kind, amount in step.damage)


def _spell(fight: Fight, step: SpellCast) -> StepDone:
    before = fight
    notes: list[str] = []
    dealt: list[Dealt] = []
    for name in step.targets:
        if not in_fight(fight.combatant(name)):
            continue
        evasion = evaded(fight, step, name, notes)  # B8
        taken = spell_damage(step, name, evasion=evasion)
        hold = name in step.holds
        fight, took, more = _hurt(fight, name, taken, holds=hold, magic=True, spell=True)
        notes += more
        dealt.append(took)
    if step.pool and not sleepers(fight, step.targets, step.pool):  # F7 Sleep
        notes.append(f"nobody falls asleep: {step.pool} hit points cover none of them")
    to_foes = sum(d.amount for d in dealt if d.who != step.caster)  # B8: not a turned-back one
    fight, o_dot = _o_dot(fight, step.caster, step.big, to_foes, notes)
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


def _acted(fight: Fight, step: Acted) -> Fight:
    turns = fight.turns
    if step.action is Action.DODGE:
        return replace(fight, turns=replace(turns, dodging=turns.dodging | {step.who}))
    if step.action is Action.DISENGAGE:
        return replace(fight, turns=replace(turns, disengaged=turns.disengaged | {step.who}))
    if step.action is Action.HELP and step.detail:
        return replace(fight, turns=replace(turns, helped=turns.helped | {step.detail}))
    if step.action is Action.HIDE and step.success:  # R4: hiding again keeps its place
        return fight.with_combatant(hidden_again(fight.combatant(step.who), step.stealth))
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


def _mark_use(fight: Fight, step: Step) -> Fight:
    """F1 (and V-ACL6): who used its action, bonus action or reaction, which spells it cast,
    and who defended, with this step."""
    turns = fight.turns
    books: dict[str, object] = {}  # what the step adds to them: most steps add nothing new
    spent = step_cost(fight, step)
    if spent is not None:
        who, cost = spent
        defended = isinstance(step, Acted) and step.action in (_DODGE, _DEFENCE)
        for name, marked, adds in (
            ("used_action", turns.used_action, cost is _ACTION),
            ("used_bonus", turns.used_bonus, cost is _BONUS),
            ("defended", turns.defended, defended),
        ):
            if adds and who not in marked:
                books[name] = marked | {who}
    if (spell := spell_cast(fight, step)) is not None:
        books["cast"] = (*turns.cast, spell)
    elif spent is not None and spent[1] is _ACTION and isinstance(step, Attacked):
        made = (step.attacker, step.attack)  # F1: what Martial Arts and Flurry follow
        if made not in turns.attack_action:
            books["attack_action"] = turns.attack_action | {made}
    return replace(fight, turns=replace(turns, **books)) if books else fight
