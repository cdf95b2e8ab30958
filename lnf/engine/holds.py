"""Holds played (F6, `lnf.rules.holds` decides): a grapple taking hold, a stirge attaching and
drinking as its turns start, an escape, and the holds a step ends."""

from __future__ import annotations

from lnf.dice import parse
from lnf.dice.roll import D20Roll, DiceSource, roll, roll_d20
from lnf.engine.apply import Steps
from lnf.engine.begin import start
from lnf.engine.resolve import roll_save
from lnf.model import (
    Ability,
    Action,
    BackReason,
    Condition,
    Effect,
    Lasting,
    Rank,
    Rider,
    TraitKind,
)
from lnf.model.applied import StepDone
from lnf.model.steps import (
    Acted,
    Attacked,
    Contested,
    Damaged,
    EffectEnded,
    Marked,
    Moved,
    SaveRolled,
    SpellCast,
    Step,
)
from lnf.rules.conditions import checks_worse
from lnf.rules.effects import effect, next_key
from lnf.rules.holds import (
    breath,
    drinking,
    engulfed,
    engulfing,
    hold_to_escape,
    holds_by,
    holds_ending,
    let_go,
    may_attach,
    may_hold,
    regurgitates,
    riders_along,
    sated,
    suffocated,
    swallowed_by,
    swallowing,
    to_swallow,
)
from lnf.rules.pulls import pulled_to, reeled_to, strength_contest
from lnf.rules.roster import in_fight

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_ESCAPE = Action.ESCAPE
_FRONT = Rank.FRONT


def grapple(
    turn: Steps,
    attacker: str,
    target: str,
    attack: str,
    rider: Rider,
    immune: frozenset[Condition],
) -> int | None:
    """F6: a hit's grapple takes hold, when its attack may hold one more: the hold's key, for
    what lasts with it; None when it may not (the hit is damage only)."""
    if not may_hold(turn.fight, attacker, target, attack, rider):
        return None
    hold = next_key(turn.fight)
    what = f"grappled by {attacker}'s {attack} (escape DC {rider.grapple})"
    grappled = Condition.GRAPPLED if Condition.GRAPPLED not in immune else None
    if rider.web:  # F6: webbing restrains (the rider's condition) and grapples not
        what, grappled = f"caught in {attacker}'s webbing (Strength DC {rider.grapple})", None
    hurts = str(rider.held_damage) if rider.held_damage is not None else ""
    start(
        turn,
        target,
        what,
        Lasting(),
        attacker,
        grappled,
        escape=rider.grapple,
        attack=attack,
        held_hurts=hurts,
        web=rider.web,
        suffocates=rider.suffocates,
    )
    return hold


def escaped(turn: Steps, step: Step) -> None:
    """F6: a hero's escape that succeeded ends the hold its check was against."""
    if isinstance(step, Acted) and step.action is _ESCAPE and step.success:
        hold = hold_to_escape(turn.fight, step.who)
        if hold is not None:
            out = engulfed(turn.fight, hold)
            turn.do(EffectEnded(hold.key, f"{step.who} escapes"))
            if out:  # F6: "enters a space of its choice within 5 feet of the cube"
                turn.do(Moved(step.who, rank=_FRONT))


def let_go_now(turn: Steps, done: StepDone) -> None:
    """F6: the holds a step ends: its grappler dropped, was incapacitated or moved away."""
    step = done.step
    if isinstance(step, Moved) and step.changes_group:  # F6: "it moves with the target"
        ride_along(turn, step.who)
        carried(turn, step.who)
    moved = let_go(done.before, turn.fight, step.who) if isinstance(step, Moved) else []
    for e, why in moved + holds_ending(turn.fight):
        if e in turn.fight.effects:
            end_hold(turn, e, why)


def carried(turn: Steps, mover: str) -> None:
    """F6: "If the mound moves, the engulfed target moves with it": into its group, or a new
    group of the two."""
    inside = [e for e in holds_by(turn.fight, mover) if e.escape and engulfed(turn.fight, e)]
    mound = engulfing(turn.fight, mover)
    if not in_fight(turn.fight.combatant(mover)):
        return
    for e in [*([mound] if mound is not None else []), *inside]:  # the cube's: "moves with it"
        group = turn.fight.group_of(mover)
        if group is None or e.who not in group.members:
            turn.do(Moved(e.who, join=group.label if group is not None else mover))


def ride_along(turn: Steps, who: str) -> None:
    """F6: an attachment on `who` that a check pulls off goes where `who` goes."""
    group = turn.fight.group_of(who)
    for e in riders_along(turn.fight, who):
        if group is not None and who in group.members and e.by not in group.members:
            turn.do(Moved(e.by, join=group.label))


def end_hold(turn: Steps, e: Effect, why: str) -> None:
    """F6: a hold ends; one swallowed comes out prone, back in the front rank of its group
    ("exiting prone", "which fall prone")."""
    out = swallowing(turn.fight, e) is not None
    prone = out and not engulfed(turn.fight, e)  # F6: the cube's says no fall
    turn.do(EffectEnded(e.key, why))
    who = turn.fight.combatant(e.who)
    if out and in_fight(who):
        turn.do(Moved(e.who, rank=Rank.FRONT))
        if prone and Condition.PRONE not in who.conditions:
            turn.do(Marked(e.who, Condition.PRONE))


def swallow(turn: Steps, attacker: str, target: str, attack: str, rider: Rider) -> int | None:
    """F6: the target is swallowed: a hold no check ends, out of every reach but its
    swallower's (in the back rank, unseen: R4 — nobody targets it), hurt as each of the
    swallower's turns starts; the hold's key, for what lasts with it (None: not swallowed,
    the kraken grapples it not)."""
    found = to_swallow(turn.fight, attacker, target, rider)
    if found is None:
        return None
    if isinstance(found, Effect):
        turn.do(EffectEnded(found.key, f"{target} is swallowed"))
    hold = next_key(turn.fight)
    hurts = str(rider.held_damage) if rider.held_damage is not None else ""
    what = f"swallowed by {attacker}"
    if rider.engulf:  # F6, the cube: "can't breathe", out by an action's Strength check
        what = f"engulfed by {attacker} (Strength DC {rider.engulf} to get out)"
    start(
        turn,
        target,
        what,
        Lasting(),
        attacker,
        attack=attack,
        held_hurts=hurts,
        held_hurts_on=attacker,
        escape=rider.engulf,
        suffocates=rider.engulf > 0,
    )
    turn.do(Moved(target, rank=Rank.BACK, why=BackReason.HIDDEN))
    return hold


def regurgitation(turn: Steps, who: str, dice: DiceSource) -> None:
    """F6: at the end of `who`'s turn inside a swallower, the damage it dealt it this turn;
    enough of it, and the swallower's Constitution save, failed, spits out all it holds."""
    inside = swallowed_by(turn.fight, who)
    if inside is None:
        return
    dealt = sum(
        d.amount
        for done in turn.done
        if isinstance(done.step, Attacked | SpellCast | Damaged)
        for d in done.dealt
        if d.who == inside
    )
    dc = regurgitates(turn.fight, inside, dealt)
    if dc is None:
        return
    worm = turn.fight.combatant(inside)
    what = f"{who}'s {dealt} damage from inside"
    save = roll_save(turn.fight, worm, Ability.CON, dc, dice, what)
    turn.do(SaveRolled(save, Ability.CON, what))
    if save.success:
        return
    for e in holds_by(turn.fight, inside):
        if swallowing(turn.fight, e) is not None:
            end_hold(turn, e, f"{inside} regurgitates it")


def attach(
    turn: Steps, attacker: str, target: str, attack: str, rider: Rider, head: bool
) -> int | None:
    """F6: the stirge attaches to the one it hit (unless attached already): a hold that drains
    as the stirge's turns start, an action ends it; the cloaker and the darkmantle, a hold a
    Strength check pulls off, to the head (`head`: a hit with advantage) one that smothers.
    The hold's key, for what lasts with it; None when it attaches not."""
    if not may_attach(turn.fight, attacker):
        return None
    hold = next_key(turn.fight)
    what = f"{attacker} attached by its {attack}"
    if rider.grapple:  # F6: the cloaker's, the darkmantle's
        where = "its head" if head and rider.head else "it"
        what = f"held by {attacker}'s {attack}, attached to {where} (Strength DC {rider.grapple})"
    drain = str(rider.drain) if rider.drain is not None else ""
    smothers = rider.suffocates and (head or not rider.head)
    start(
        turn,
        target,
        what,
        Lasting(),
        attacker,
        attack=attack,
        drain=drain,
        sated=rider.sated,
        escape=rider.grapple,
        suffocates=smothers,
    )
    return hold


def pull(turn: Steps, attacker: str, target: str, rider: Rider, dice: DiceSource) -> None:
    """F6: a failed save's pull, or a Strength contest's when the rider has one: the target
    joins its attacker's group (`rules.pulls` says where, and when nothing moves)."""
    if pulled_to(turn.fight, attacker, target) is None:
        return
    if rider.contest:
        a, t = turn.fight.combatant(attacker), turn.fight.combatant(target)
        mine, theirs = strength_contest(a), strength_contest(t)
        dice.about(f"{attacker} pulls {target}: Strength {mine:+d} against {theirs:+d}")
        worse, held = checks_worse(a), checks_worse(t)  # F6: intoxicated
        me, them = (
            roll_d20(dice, mine, disadvantage=worse),
            roll_d20(dice, theirs, disadvantage=held),
        )
        done = Contested(
            attacker,
            target,
            "pull",
            _kept_first(me),
            mine,
            _kept_first(them),
            theirs,
            worse=worse,
            target_worse=held,
        )
        turn.do(done)
        if not done.won:
            return
    where = pulled_to(turn.fight, attacker, target)
    if where is not None:
        turn.do(Moved(target, join=where))


def _kept_first(d20: D20Roll) -> tuple[int, ...]:
    """A d20 roll's faces, the one kept first (`Contested` reads the first)."""
    return tuple(sorted(d20.faces, key=lambda f: f != d20.kept))


def engulf(turn: Steps, monster: str, target: str, hits: int) -> None:
    """F6, the shambling mound: "If both attacks hit a Medium or smaller target, the target is
    grappled (escape DC 14), and the shambling mound uses its Engulf on it": blinded and
    restrained while held, without air, its dice on a failed Constitution save as each of the
    mound's turns starts; one at a time (`rules.holds.engulfing`)."""
    trait = turn.fight.monster(monster).trait(TraitKind.ENGULF)
    if trait is None or hits < 2 or trait.dice is None or not in_fight(turn.fight.hero(target)):
        return
    if engulfing(turn.fight, monster) is not None:
        return
    hold = next_key(turn.fight)
    what = f"engulfed by {monster} (escape DC {trait.dc})"
    start(
        turn,
        target,
        what,
        Lasting(),
        monster,
        Condition.GRAPPLED,
        escape=trait.dc,
        attack="Engulf",
        held_hurts=str(trait.dice),
        held_hurts_on=monster,
        suffocates=True,
        held_save=trait.dc,
    )
    for condition in (Condition.BLINDED, Condition.RESTRAINED):
        start(turn, target, str(condition), Lasting(), monster, condition, hold=hold)


def engulf_failed(turn: Steps, caster: str, target: str, action: str, rider: Rider) -> None:
    """F6, the gelatinous cube's Engulf: a failed save engulfs (`swallow`), its conditions
    lasting while it holds; none when it holds as many as it can."""
    hold = swallow(turn, caster, target, action, rider)
    if hold is None:
        return
    for condition in rider.conditions:
        start(turn, target, str(condition), Lasting(), caster, condition, hold=hold)


def reel(turn: Steps, monster: str) -> None:
    """F6, the roper's Reel: "pulls each creature grappled by it up to 25 ft. straight toward
    it": each one it holds (no webbing, no swallow) joins its group (`rules.pulls.reeled_to`),
    still held."""
    for e in holds_by(turn.fight, monster):
        if not e.web and swallowing(turn.fight, e) is None:
            where = reeled_to(turn.fight, monster, e.who)
            if where is not None:
                turn.do(Moved(e.who, join=where))


def held_hurts(turn: Steps, who: str, dice: DiceSource) -> None:
    """F6: as `who`'s turn starts, each hold on it that hurts deals its damage ("takes 7
    (2d6) piercing damage at the start of each of its turns")."""
    for e in [e for e in turn.fight.effects if e.who == who and suffocated(turn.fight, e)]:
        c = turn.fight.combatant(who)
        said = f"{e.by}'s {e.attack}: out of air for {breath(c)} rounds, it suffocates (F6)"
        turn.do(Damaged(who, c.current_hp + c.temp_hp, text=said))
    for e in [e for e in turn.fight.effects if e.held_hurts and (e.held_hurts_on or e.who) == who]:
        if e not in turn.fight.effects:
            continue
        what = f"{e.by}'s {e.attack}"
        if e.held_save:  # F6: engulfed, "must succeed on a DC 14 Constitution saving throw"
            victim = turn.fight.combatant(e.who)
            saved = roll_save(turn.fight, victim, Ability.CON, e.held_save, dice, what)
            turn.do(SaveRolled(saved, Ability.CON, what))
            if saved.success:
                continue
        dice.about(f"{what}: {e.held_hurts} on {e.who} as {who}'s turn starts, held")
        hurts = parse(e.held_hurts)
        rolled = roll(hurts, dice)
        kind = hurts.parts[0].damage_type if hurts.parts else None
        held = "engulfed" if e.held_save or (e.escape and e.held_hurts_on) else "held"
        held = "swallowed" if held == "held" and e.held_hurts_on else held
        turn.do(Damaged(e.who, rolled.total, kind, text=f"{what}, {held}: {rolled}"))


def drains(turn: Steps, who: str, dice: DiceSource) -> None:
    """F6: as `who`'s turn starts, the one it is attached to loses its drain; sated, it lets go
    ("It does so after it drains 10 hit points of blood from the target")."""
    e = drinking(turn.fight, who)
    if e is None:
        return
    what = f"{who}'s {e.attack}"
    dice.about(f"{what}: {e.drain} hit points lost")
    rolled = roll(parse(e.drain), dice)
    turn.do(Damaged(e.who, rolled.total, text=f"{what}: {rolled} hit points lost", key=e.key))
    now = effect(turn.fight, e.key)
    if now is not None and sated(now):
        turn.do(EffectEnded(e.key, f"{who} has drunk {now.drained} hit points and lets go"))
