"""F6 played: what a hit brings besides its damage — the target's save, the rider's damage or
the hit-point maximum drained (and the vampire's regaining it), conditions for their duration,
a grapple, a lasting condition past the fight (lycanthropy, mummy rot, a disease, the slain
rising) — and B7's Legendary Resistance against a failed save."""

from __future__ import annotations

from lnf.dice import DamageType
from lnf.dice.roll import DiceSource, roll
from lnf.engine.apply import Steps
from lnf.engine.begin import named, start
from lnf.engine.holds import attach, grapple, pull, swallow
from lnf.engine.resolve import roll_save
from lnf.engine.score_drain import sap
from lnf.model import LEGENDARY_RESISTANCE, Attack, Condition, Fight, Hero, Lasting, Monster
from lnf.model.applied import StepDone
from lnf.model.effects import NO_HEALING, Rider
from lnf.model.steps import Attacked, Damaged, Drained, Healed, Moved, Saved, SaveRolled, Used
from lnf.rules.conditions import CONDITION_WORDS, condition_immune, pushed_out
from lnf.rules.damage import after_defences
from lnf.rules.effects import knocked_out, next_key
from lnf.rules.monster_reactions import resists
from lnf.rules.roster import in_fight
from lnf.rules.trait_saves import immune_now
from lnf.values import replace


def drained_by(done: StepDone, step: Attacked, rider: Rider) -> int:
    """F6: what of a hit's damage taken lowers the target's maximum when the rider has no
    damage of its own (the wight's Life Drain: all of it; the vampire's bite: its necrotic,
    through the target's defences)."""
    if not rider.max_hp or rider.damage is not None:
        return 0
    taken = sum(d.amount for d in done.dealt if d.who == step.target)
    if rider.damage_type is None:
        return taken
    typed: dict[DamageType | None, int] = {
        kind: amount for kind, amount in step.damage if kind is rider.damage_type
    }
    return min(taken, after_defences(done.before.combatant(step.target), typed)[0])


def ride(
    turn: Steps,
    attacker: str,
    target: str,
    attack: str,
    rider: Rider,
    dice: DiceSource,
    drained: int = 0,
    up: bool = True,
    while_: str = "",
    edge: bool = False,
) -> None:
    """F6: a hit's rider: the target's save if it has one, then the damage (half or none on a
    success) or the maximum lowered by `drained` (the hit's damage taken), the conditions for
    their duration (while `while_` concentrates, when it names one: F5), a grapple and a
    lasting condition past the fight; the slain rising only when the hit left the target dead;
    an `at_zero` rider's conditions only when its damage (with none, the hit, which found the
    target `up`) left the hero at 0 hit points; a `head` rider's only when the hit was rolled
    with advantage (`edge`)."""
    victim = turn.fight.combatant(target)
    if rider.slain:
        if isinstance(victim, Hero) and victim.dead:
            start(turn, target, rider.afflicts, Lasting(), attacker, affliction=True)
        return
    if rider.at_zero and rider.damage is None:  # the swarm of centipedes' bites
        if up:
            at_zero(turn, attacker, target, attack, rider)
        return
    if not in_fight(victim):
        return
    hurts = (str(rider.hurts or ""), rider.hurts_at, rider.healed_ends)
    if rider.stacks and _afflicted(turn.fight, target, rider.hurts_what, by=attacker):
        start(turn, target, rider.hurts_what, Lasting(), attacker, hurts=hurts)  # it grows
        return
    what = f"{attacker}'s {attack}"
    success = False
    save: Saved | None = None
    if rider.save is not None:
        ability, dc = rider.save
        poison = rider.damage_type is DamageType.POISON
        against = () if rider.at_zero else rider.conditions  # a save against the poison
        saved = roll_save(
            turn.fight, victim, ability, dc, dice, what, against=against, poison=poison
        )
        save = resisted(victim, saved, rider)
        turn.do(SaveRolled(save, ability, what))
        if save.resisted:  # B7
            turn.do(Used(target, LEGENDARY_RESISTANCE))
        success = save.success
    if rider.damage is not None and (not success or rider.half):
        dice.about(f"{what}: {rider.damage}")
        rolled = roll(rider.damage, dice)
        amount = rolled.total // 2 if success else rolled.total
        done = turn.do(Damaged(target, amount, rider.damage_type, text=f"{what}: {rolled}"))
        taken = sum(d.amount for d in done.dealt)
        if rider.max_hp and taken:
            drain(turn, attacker, target, attack, taken, rider.regains)
        if rider.at_zero:  # F6: "If the poison damage reduces the target to 0 hit points"
            at_zero(turn, attacker, target, attack, rider)
    if rider.at_zero:
        return
    if success:
        return
    if drained:
        drain(turn, attacker, target, attack, drained, rider.regains)
    if rider.drops:  # F6: "or drop to 0 hit points" (the sea hag)
        dropped_to_0(turn, target, what)
        return
    if rider.kills and 0 < victim.current_hp <= rider.kills:  # F6: "or die"
        turn.do(Damaged(target, 0, text=f"the failed save against {what} kills it", kills=True))
        return
    if rider.push:
        pushed(turn, target, attacker, rider.push)
    if rider.pull:
        pull(turn, attacker, target, rider, dice)
    immune = immune_now(turn.fight, victim)  # B8: and what a save made it immune to
    held = rider.grapple and not rider.attach  # an attachment's DC is the check to pull it off
    hold = grapple(turn, attacker, target, attack, rider, immune) if held else 0
    if rider.attach:
        hold = attach(turn, attacker, target, attack, rider, edge)
        if rider.head and not edge:
            return  # F6: attached, not to the head: nothing more
    if rider.swallow:
        hold = swallow(turn, attacker, target, attack, rider)
    if hold is None:
        return  # F6: it holds as many as it can already (or no grapple to swallow): damage only
    lasting = replace(named(rider.lasting, attacker, target), concentration=while_)
    out = knocked_out(save, rider)  # F6: a bad failure knocks it out too
    if out and rider.out_rounds:  # "instead poisoned for 5 minutes and unconscious"
        lasting = Lasting(rounds=rider.out_rounds)
    first = next_key(turn.fight)  # F4: what one failed save begins, one save ends
    for condition in rider.conditions:
        if condition in immune or (not hold and _held(turn.fight, target, condition, rider)):
            continue
        then = (rider.then, rider.then_rounds)
        said = _out_words(rider) if condition is Condition.UNCONSCIOUS else str(condition)
        said = CONDITION_WORDS.get(condition, said)
        its = hurts if not rider.hurts_what else ("", None, False)  # the pit fiend's 6d6 poison
        bars = rider.no_healing
        start(
            turn,
            target,
            said,
            lasting,
            attacker,
            condition,
            bars=bars,
            then=then,
            hurts=its,
            hold=hold,
            together=first,
        )
    corrode_armor(turn, attacker, target, rider)
    if rider.strength is not None:  # F6: the shadow's Strength Drain
        sap(turn, attacker, target, attack, rider.strength, dice)
    # F6: on fire, an infernal wound: until the DM takes it off; a fire is lit once
    lit = any(e.who == target and e.what == rider.hurts_what for e in turn.fight.effects)
    if rider.hurts_what and not lit:
        start(turn, target, rider.hurts_what, Lasting(), attacker, hurts=hurts)
    if out and Condition.UNCONSCIOUS not in condition_immune(victim):
        out_cold = Condition.UNCONSCIOUS
        start(turn, target, _out_words(rider), lasting, attacker, out_cold, hurt=rider.wakes)
    if rider.afflicts:  # F6: past the fight, until the DM takes it off; begun once
        bars = "" if rider.conditions else rider.no_healing
        if not _afflicted(turn.fight, target, rider.afflicts):
            start(turn, target, rider.afflicts, Lasting(), attacker, affliction=True, bars=bars)
    elif rider.no_healing and not rider.conditions:
        start(turn, target, NO_HEALING[rider.no_healing], lasting, attacker, bars=rider.no_healing)


def corrode_armor(turn: Steps, attacker: str, target: str, rider: Rider) -> None:
    """F6: a rider's corroded armor (an ooze's hit, the rust monster's Antennae): its penalty
    to the target's AC until the DM takes it off, to AC 10 at most (destroyed there)."""
    victim = turn.fight.combatant(target)
    if rider.armor and victim.ac > 10:
        penalty = max(rider.armor, 10 - victim.ac)
        said = f"armor corroded ({penalty:+d} AC, {rider.only_if or 'its armor'})"
        start(turn, target, said, Lasting(), attacker, ac=penalty)


def dropped_to_0(turn: Steps, who: str, what: str) -> None:
    """F6: "or drop to 0 hit points": a failed save takes every hit point it has now (its
    temporary ones too), no defence between."""
    victim = turn.fight.combatant(who)
    if victim.current_hp:
        said = f"the failed save against {what} drops it to 0 hit points"
        turn.do(Damaged(who, victim.current_hp + victim.temp_hp, text=said))


def at_zero(turn: Steps, attacker: str, target: str, attack: str, rider: Rider) -> None:
    """F6, D9: a hero left at 0 hit points (alive) by a rider's poison is stable but poisoned
    for the rider's duration, even after regaining hit points, and paralyzed while so poisoned
    (the two end together). Heroes have no condition immunities to spare them."""
    hero = turn.fight.combatant(target)
    if not isinstance(hero, Hero) or hero.dead or hero.current_hp:
        return
    said = f"{attacker}'s {attack} left it at 0 hit points"
    turn.do(Damaged(target, 0, text=said, stable=True))
    hour = str(rider.lasting) if rider.lasting.rounds else "until the DM takes it off"
    words = {
        Condition.POISONED: f"poisoned: stable at 0 hit points, {hour}, even when healed",
        Condition.PARALYZED: "paralyzed while so poisoned",
    }
    for condition in rider.conditions:
        said = words.get(condition, f"{condition} while so poisoned")
        start(turn, target, said, rider.lasting, attacker, condition)


def pushed(turn: Steps, who: str, by: str, feet: int) -> None:
    """F6: a creature pushed `feet` away from `by` leaves its group, forced (no opportunity
    attack, M6); `rules.conditions.pushed_out` says when it does."""
    if pushed_out(turn.fight, turn.fight.combatant(who), feet):
        turn.do(Moved(who, leave=True, pushed=by))


def drain(turn: Steps, attacker: str, target: str, attack: str, amount: int, regains: bool) -> None:
    """F6: `target`'s hit-point maximum drops by `amount`; the vampire regains as much."""
    turn.do(Drained(target, amount))
    if regains and in_fight(turn.fight.combatant(attacker)):
        text = f"drained from {target}, F6"
        turn.do(Healed(attacker, amount, text=text, by=attack, healer=attacker))


def resisted(victim: Hero | Monster, save: Saved, rider: Rider | Attack) -> Saved:
    """B7: a rider's or an aura's failed save, turned by Legendary Resistance when the failure
    would impose a condition or deal half the monster's hit points or more (its damage, rolled
    after the save, at its average through the monster's defences)."""
    conditions = rider.conditions if isinstance(rider, Rider) else ()
    imposes = any(k not in condition_immune(victim) for k in conditions)
    dice = rider.damage
    kind = rider.damage_type if isinstance(rider, Rider) else None
    kind = kind or (dice.parts[0].damage_type if dice is not None and dice.parts else None)
    mean = {kind: int(dice.average)} if dice is not None else {}
    if save.success or not resists(victim, after_defences(victim, mean)[0], imposes):
        return save
    return replace(save, success=True, resisted=True)


def _afflicted(fight: Fight, who: str, what: str, by: str = "") -> bool:
    """Whether `who` bears `what` already (by `by`, when named): a lasting condition (mummy
    rot) is not begun twice; a wound that grows with each hit (an infernal wound) is."""
    return bool(what) and any(
        e.who == who and e.what == what and (e.affliction or e.by == by) for e in fight.effects
    )


def _out_words(rider: Rider) -> str:
    """F6: an unconsciousness a rider brings, with how it ends besides its duration."""
    return (
        "unconscious: another creature's action shakes it awake" if rider.shake else "unconscious"
    )


def _held(fight: Fight, who: str, condition: Condition, rider: Rider) -> bool:
    """A condition that lasts until taken off (knocked prone) is not begun twice."""
    return rider.lasting == Lasting() and condition in fight.combatant(who).conditions
