"""A hero's turn (S1, F1, M6, C1): what the hero's choice does, step by step, and whether the
turn still has room for it. The runner plays turns; the hero's part of one is here, so a
hero's act goes from its choice to its steps without coming back through the round engine."""

from __future__ import annotations

from lnf.dice.roll import DiceSource
from lnf.engine.apply import Steps
from lnf.engine.chasing import hide_from_pursuers
from lnf.engine.decisions import (
    NOTHING,
    AttackChoice,
    ContestChoice,
    HealChoice,
    SimpleChoice,
    SpellChoice,
    TurnChoice,
)
from lnf.engine.resolve import (
    roll_attack,
    roll_contest,
    roll_healing,
    roll_spell,
    roll_surge,
    roll_wound_save,
)
from lnf.engine.sides import HeroSide
from lnf.engine.turns import opportunity, simple_action
from lnf.errors import Refused
from lnf.model import Action, Fight, Hero, Monster
from lnf.model.events import (
    Acted,
    Attacked,
    Event,
    Fled,
    Moved,
    Recorded,
    Step,
    Surged,
    TurnStarted,
    Used,
)
from lnf.rules.chase import free_pursuers, in_chase
from lnf.rules.reactions import opportunity_attackers
from lnf.rules.roster import in_fight


def this_turn(events: list[Event]) -> list[Event]:
    """The events since the hero's turn under way began."""
    starts = [i for i, e in enumerate(events) if isinstance(e, TurnStarted)]
    return events[starts[-1] + 1 :] if starts else []


def has_acted(hero: str, turn_so_far: list[Event]) -> bool:
    """S1: the hero whose turn is under way has taken its action (one per turn)."""
    return any(
        isinstance(e, Recorded) and e.actor == hero and any(an_action(s) for s in e.steps)
        for e in turn_so_far
    )


def verify_act(fight: Fight, turn_so_far: list[Event], choice: TurnChoice) -> None:
    """S1: `lnf act` is for the hero whose turn is under way, and a turn holds one action;
    refused otherwise, with what the DM can record instead."""
    hero = fight.turns.current
    if hero is None:
        raise Refused("no hero's turn is under way", rule="S1")
    if choice.action != NOTHING and has_acted(hero, turn_so_far):
        raise Refused(
            f"{hero} has taken an action this turn: one action a turn; record anything else "
            "with lnf damage, heal, move or mark",
            rule="S1",
        )


def hero_steps(
    turn: Steps, hero: Hero, choice: TurnChoice, dice: DiceSource, heroes: HeroSide
) -> None:
    """A hero's turn as `choice` has it, each step rolled against the state it leads to: a
    Disengage before its moves, the opportunity attacks its moves draw (M6), a flight (C1),
    the bonus action, resources, surge dice, then its action."""
    action = choice.action
    if isinstance(action, SimpleChoice) and action.action is Action.DISENGAGE:
        turn.do(Acted(hero.name, Action.DISENGAGE))  # M6: before it moves: nobody swings
    for move in choice.moves:
        for foe in opportunity_attackers(turn.fight, move):
            if turn.fight.hero(hero.name).current_hp == 0:
                break
            me = turn.fight.hero(hero.name)
            turn.do(opportunity(turn.fight, turn.fight.monster(foe), me, dice))
        if turn.fight.hero(hero.name).current_hp == 0:
            return  # dropped on the way out
        turn.do(move)
    if choice.flee:  # C1: after its moves; the Disengage it took is already in
        flight(turn, turn.fight.hero(hero.name), dice, heroes)
        if turn.fight.hero(hero.name).current_hp == 0:
            return
    if choice.bonus is not None:  # Rage before the blows, Second Wind's healing
        turn.do(Used(hero.name, choice.bonus.name))
        if choice.bonus.heal is not None:
            by = choice.bonus.name
            turn.do(roll_healing(hero.name, hero.name, choice.bonus.heal, dice, by))
    for resource, amount in choice.spend:  # the slot, the use the action takes
        turn.do(Used(hero.name, resource, amount))
    for effect, count in choice.surges:  # V-ACL6: speed and tenacity before the action
        turn.do(roll_surge(turn.fight.hero(hero.name), effect, count, dice))
    if isinstance(action, AttackChoice):
        extra = action.extra  # Sneak Attack: once per turn, on the first hit
        power, force = action.power, action.force  # V-ACL6: on the first swing
        strike = action.strike  # V-HYR2: the first swing
        for _ in range(action.times):
            target = turn.fight.monster(action.target)
            if not in_fight(target):
                break
            me = turn.fight.hero(hero.name)
            hit = roll_attack(
                turn.fight,
                me,
                target,
                action.attack,
                action.mode,
                dice,
                extra=extra,
                big=action.big,
                knock_out=action.knock_out,
                part=action.part,
                power=power,
                force=force,
                strike=strike,
            )
            done = turn.do(hit)
            extra = None if hit.hit else extra
            power, force, strike = 0, force if not hit.hit else 0, ""
            hurt = turn.fight.monster(action.target)
            if hit.hit and action.part and in_fight(hurt):  # V-ACL5: the Wound Save
                taken = sum(d.amount for d in done.dealt)
                turn.do(roll_wound_save(hurt, action.part, taken, dice))
    elif isinstance(action, ContestChoice):
        me, them = turn.fight.hero(hero.name), turn.fight.monster(action.target)
        turn.do(roll_contest(me, them, action.kind, dice))
    elif isinstance(action, SpellChoice):
        me = turn.fight.hero(hero.name)
        turn.do(
            roll_spell(
                turn.fight,
                me,
                action.spell,
                action.targets,
                dice,
                spared=action.spared,
                big=action.big,
                area=action.area,
            )
        )
    elif isinstance(action, HealChoice):
        turn.do(roll_healing(hero.name, action.target, action.amount, dice, action.by))
    elif action.action is Action.HIDE and in_chase(turn.fight, hero.name):
        hid = hide_from_pursuers(turn.fight, turn.fight.hero(hero.name), dice)
        turn.do(hid if hid is not None else Acted(hero.name, Action.NOTHING))
    elif action.action is Action.NOTHING and turn.who is None and other_than_action(choice):
        pass  # at the table (`lnf act join A`) a move is recorded alone: the action is open
    elif action.action is not Action.DISENGAGE:
        turn.do(simple_action(turn.fight, turn.fight.hero(hero.name), action, dice))


def flight(turn: Steps, who: Hero | Monster, dice: DiceSource, heroes: HeroSide) -> None:
    """C1: leaving its group draws opportunity attacks (M6, unless it disengaged); then
    those free to give chase do (heroes as their side decides)."""
    for foe in opportunity_attackers(turn.fight, Moved(who.name, leave=True)):
        me = turn.fight.combatant(who.name)
        attacker = turn.fight.combatant(foe)
        if me.current_hp == 0 or not in_fight(me):
            break
        if (
            isinstance(attacker, Hero)
            and isinstance(me, Monster)
            and not heroes.takes_opportunity(turn.fight, attacker, me)
        ):
            continue
        turn.do(opportunity(turn.fight, attacker, me, dice))
    me = turn.fight.combatant(who.name)
    if me.current_hp == 0 or not in_fight(me):
        return
    chasers = [
        name
        for name in free_pursuers(turn.fight, me)
        if not isinstance(c := turn.fight.combatant(name), Hero)
        or (isinstance(me, Monster) and heroes.pursues(turn.fight, c, me))
    ]
    turn.do(Fled(who.name, tuple(chasers)))


def other_than_action(choice: TurnChoice) -> bool:
    """At the table a move, a flight or surge dice spent are recorded alone: the action is
    still open."""
    return bool(choice.moves or choice.flee or choice.surges)


def an_action(step: Step) -> bool:
    """A step of a hero's own action (not its moves, not a foe's opportunity attack on it, not
    surge dice spent outside an attack: V-ACL6's Surge Reaction is free, and the action stays
    unused for the surge dice too)."""
    return not isinstance(step, Moved | Fled | Surged) and not (
        isinstance(step, Attacked) and step.opportunity
    )
