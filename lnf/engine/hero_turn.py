"""A hero's turn (S1, F1, M6, C1): what the hero's choice does, step by step, and whether the
turn still has room for it. The runner plays turns; the hero's part of one is here, so a
hero's act goes from its choice to its steps without coming back through the round engine."""

from __future__ import annotations

from typing import assert_never

from lnf.dice.roll import DiceSource
from lnf.engine.apply import Steps
from lnf.engine.begin import start
from lnf.engine.chasing import hide_from_pursuers
from lnf.engine.decisions import (
    NOTHING,
    ActionChoice,
    AttackChoice,
    ContestChoice,
    HealChoice,
    SimpleChoice,
    SpellChoice,
    TurnChoice,
)
from lnf.engine.effects import cast_effects, fortitude
from lnf.engine.guards import land
from lnf.engine.mirror_images import at_a_duplicate, past_phantasms
from lnf.engine.monster_reactions import countered, resist_cast, spend_resisted
from lnf.engine.resolve import (
    roll_attack,
    roll_contest,
    roll_healing,
    roll_spell,
    roll_surge,
    roll_wound_save,
)
from lnf.engine.sanctuary_saves import globe_stops, past_sanctuary, spell_past_sanctuary
from lnf.engine.sides import HeroSide
from lnf.engine.smiting import smite_ready, with_mark
from lnf.engine.stunning import ki_kept, stunning_strike
from lnf.engine.trait_steps import carapace, grapple_held, rock_caught
from lnf.engine.turning_steps import destroy_undead
from lnf.engine.turns import opportunity, simple_action
from lnf.errors import Refused
from lnf.model import Action, Attack, Cost, Fight, Guard, Hero, Lasting, Monster, Rank, TurnEdge
from lnf.model.events import Event, TurnStarted
from lnf.model.plan import Mode
from lnf.model.steps import Acted, Fled, Moved, SpellCast, Used
from lnf.rules.chase import free_pursuers, in_chase, verify_hide
from lnf.rules.conditions import attacks_on_its_turn, verify_can_act
from lnf.rules.corrosion import in_hand
from lnf.rules.damage import magical, verify_not_dying
from lnf.rules.economy import attack_named, verify_after_attack, verify_costs
from lnf.rules.escapes import escape_by, gone_at_once
from lnf.rules.expected import dice_mean
from lnf.rules.inspiration import TEN_MINUTES, inspiration_die, inspiration_what
from lnf.rules.legal import attack_modes, can_reach_with_spell
from lnf.rules.limited import dart_target
from lnf.rules.reactions import opportunity_attackers
from lnf.rules.reckless import RECKLESS_ATTACK
from lnf.rules.resources import ACTION_SURGE, swing_resource
from lnf.rules.roster import in_fight
from lnf.rules.specials import is_split
from lnf.values import replace


def this_turn(events: list[Event]) -> list[Event]:
    """The events since the hero's turn under way began."""
    starts = [i for i, e in enumerate(events) if isinstance(e, TurnStarted)]
    return events[starts[-1] + 1 :] if starts else []


def action_cost(hero: Hero, action: ActionChoice) -> tuple[Cost, int | None, str] | None:
    """F1: what an action choice spends of the turn, the level of the spell it casts (None:
    no spell), and what it is, for a refusal; None for nothing at all."""
    match action:
        case AttackChoice():
            spell = action.attack.spell or action.attack.save is not None
            level = action.attack.slot if spell else None
            return action.attack.cost, level, action.attack.name
        case SpellChoice():
            return action.spell.cost, action.spell.slot, action.spell.name
        case HealChoice():
            return action.cost, action.slot or None, action.by or "healing"
        case SimpleChoice() if action.action is Action.NOTHING:
            return None
        case SimpleChoice():
            return action.cost, None, f"the {action.action} action"
        case ContestChoice():
            return Cost.ACTION, None, f"a {action.kind}"
        case _:
            assert_never(action)


def costs_bonus(hero: Hero, action: ActionChoice) -> bool:
    """F1: the choice is what the hero does with its bonus action."""
    cost = action_cost(hero, action)
    return cost is not None and cost[0] is Cost.BONUS


def turn_costs(hero: Hero, choice: TurnChoice) -> list[tuple[Cost, int | None, str]]:
    """F1: what a turn's choice spends, in the order it is done."""
    costs = [(Cost.BONUS, None, choice.bonus.name)] if choice.bonus is not None else []
    action = action_cost(hero, choice.action)
    if isinstance(choice.action, AttackChoice) and choice.action.surged == choice.action.times:
        action = None  # T1, F1: Action Surge's own action, said once the turn's is spent
    bonus = action_cost(hero, choice.bonus_action) if choice.bonus_action is not None else None
    ordered = [bonus, action] if choice.bonus_first else [action, bonus]
    return costs + [c for c in ordered if c is not None]


def verify_granted(
    fight: Fight, who: str, action: ActionChoice, bonus: ActionChoice | None, bonus_first: bool
) -> None:
    """F1: a bonus-action attack that only the Attack action grants (Martial Arts, Flurry of
    Blows) comes after that action: in the same words, or earlier in the turn."""
    if not isinstance(bonus, AttackChoice):
        return
    made = set()
    attack = action.attack if isinstance(action, AttackChoice) else None
    if attack is not None and not bonus_first and not attack.spell and attack.cost is Cost.ACTION:
        made.add(attack.name)
    verify_after_attack(fight, who, bonus.attack, made)


def verify_act(fight: Fight, choice: TurnChoice) -> None:
    """S1, F1: `lnf act` is for the hero whose turn is under way, and what it does must fit
    what the turn has left (an action, a bonus action, the reaction); refused otherwise."""
    hero = fight.turns.current
    if hero is None:
        raise Refused("no hero's turn is under way", rule="S1")
    if choice.action != NOTHING or other_than_action(choice) or choice.bonus or choice.bonus_action:
        verify_not_dying(fight.hero(hero))  # D9
        verify_can_act(fight.hero(hero))  # F3
    hint = "; record anything else with lnf damage, heal, move or mark"
    surge = fight.hero(hero).resource(ACTION_SURGE)
    if isinstance(choice.action, AttackChoice) and surge is not None and surge.left:
        hint = f" (Action Surge gives another: attack {choice.action.target} surge, T1){hint}"
    verify_fits(fight, hero, choice, hint)


def verify_fits(fight: Fight, hero: str, choice: TurnChoice, hint: str = "") -> None:
    """F1, C5: what a hero says it does fits what its turn has left (an action, a bonus action,
    no second spell above a cantrip beside a bonus-action spell), at the table (`lnf act`) and
    solo (`lnf play`); `hint` follows a refusal for want of room."""
    verify_granted(fight, hero, choice.action, choice.bonus_action, choice.bonus_first)
    verify_chase_hide(fight, hero, choice)
    try:
        verify_costs(fight, hero, turn_costs(fight.hero(hero), choice))
    except Refused as refused:
        raise Refused(refused.message + hint, refused.rule) from None


def verify_chase_hide(fight: Fight, hero: str, choice: TurnChoice) -> None:
    """C5: a hero told to hide in a chase is an escaper a point ahead of some pursuer."""
    for action in (choice.action, choice.bonus_action):
        if isinstance(action, SimpleChoice) and action.action is Action.HIDE:
            verify_hide(fight, hero)


def hero_steps(
    turn: Steps, hero: Hero, choice: TurnChoice, dice: DiceSource, heroes: HeroSide
) -> None:
    """A hero's turn as `choice` has it, each step rolled against the state it leads to: a
    Disengage before its moves, the opportunity attacks its moves draw (M6), a flight (C1),
    the bonus action, resources, surge dice, then its action."""
    action, paid = choice.action, False  # paid: the bonus action's uses are spent already
    for simple in (action, choice.bonus_action):  # F1: Cunning Action's too
        if isinstance(simple, SimpleChoice) and simple.action is Action.DISENGAGE:
            bonus = simple.cost is Cost.BONUS  # M6: before it moves: nobody swings
            if bonus:  # F2: Step of the Wind's Ki, before the Disengage it pays for
                _spent(turn, hero, choice.bonus_spend)
                paid = True
            turn.do(Acted(hero.name, Action.DISENGAGE, simple.detail, bonus=bonus))
    if not _moved(turn, hero, choice.moves, dice):
        return  # dropped on the way out
    if choice.flee:  # C1: after its moves; the Disengage it took is already in
        flight(turn, turn.fight.hero(hero.name), dice, heroes)
        if turn.fight.hero(hero.name).current_hp == 0:
            return
    if choice.bonus is not None:  # Rage before the blows, Second Wind's healing
        turn.do(Used(hero.name, choice.bonus.name))
        if choice.bonus.target:  # F2: Bardic Inspiration, its die to the ally
            inspire(turn, turn.fight.hero(hero.name), choice.bonus.target)
        if choice.bonus.heal is not None:
            by = choice.bonus.name
            turn.do(roll_healing(hero.name, hero.name, choice.bonus.heal, dice, by))
    first = choice.bonus_action is not None and choice.bonus_first
    if first:  # F1: each spend just before what spends it (a slot, Ki, Action Surge)
        _spent(turn, hero, () if paid else choice.bonus_spend)
    else:
        _spent(turn, hero, choice.spend)
    for effect, count in choice.surges:  # V-ACL6: speed and tenacity before the action
        turn.do(roll_surge(turn.fight.hero(hero.name), effect, count, dice))
    if choice.bonus_action is not None and choice.bonus_first:
        play_action(turn, hero, choice, choice.bonus_action, dice)
        _spent(turn, hero, choice.spend)
    play_action(turn, hero, choice, action, dice)
    if choice.bonus_action is not None and not choice.bonus_first:
        _spent(turn, hero, () if paid else choice.bonus_spend)
        play_action(turn, hero, choice, choice.bonus_action, dice)
    _moved(turn, hero, choice.moves_after, dice)  # M5: moving after acting


def inspire(turn: Steps, bard: Hero, ally: str) -> None:
    """F2: the die the bard's level gives, on the ally for 10 minutes (the fight)."""
    what = inspiration_what(inspiration_die(bard.level or 1))
    start(turn, ally, what, Lasting(rounds=TEN_MINUTES), bard.name)


def _spent(turn: Steps, hero: Hero, spend: tuple[tuple[str, int], ...]) -> None:
    for resource, amount in spend:
        turn.do(Used(hero.name, resource, amount))


def _moved(turn: Steps, hero: Hero, moves: tuple[Moved, ...], dice: DiceSource) -> bool:
    """The hero's moves, each drawing the opportunity attacks of the foes it leaves (M6);
    False when it dropped on the way."""
    for move in moves:
        for foe in opportunity_attackers(turn.fight, move):
            if turn.fight.hero(hero.name).current_hp == 0:
                break
            me = turn.fight.hero(hero.name)
            land(turn, opportunity(turn.fight, turn.fight.monster(foe), me, dice), _taken)
        if turn.fight.hero(hero.name).current_hp == 0:
            return False
        turn.do(move)
    return True


def play_action(
    turn: Steps, hero: Hero, choice: TurnChoice, action: ActionChoice, dice: DiceSource
) -> None:
    """One action choice (the action, or what the bonus action does), rolled step by step."""
    if countered(turn, turn.fight.hero(hero.name), action, dice):  # B10
        return
    if isinstance(action, AttackChoice):
        extra = action.extra  # Sneak Attack: once per turn, on the first hit
        smite = action.smite  # F2 Divine Smite: the first (critical) hit's, then spent
        power, force = action.power, action.force  # V-ACL6: on the first swing
        strike = action.strike  # V-HYR2: the first swing
        swings = attacks_on_its_turn(turn.fight.hero(hero.name), action.times)  # F3
        named = action
        if action.reckless:  # F2: decided with the first attack, lasting to its next turn
            lasting = Lasting(until=(hero.name, TurnEdge.START))
            start(turn, hero.name, RECKLESS_ATTACK, lasting, hero.name)
        for swing in range(swings):
            target = swing_target(turn.fight, turn.fight.hero(hero.name), named, swing)
            if target is None:
                break  # F2: no foe left in reach; the other swings are lost
            # F2: this swing's weapon: a sword drawn at a foe beside the hero after a kill
            action = swing_weapon(turn.fight, turn.fight.hero(hero.name), named, target)
            if globe_stops(turn, hero.name, target.name, action.attack):
                continue  # B6, F7: a spell's attack roll the globe keeps out
            target = past_sanctuary(turn, hero.name, target, action, dice)  # B6, F7
            if target is None:
                continue  # F7 Sanctuary: "lose the attack"
            if at_a_duplicate(turn, hero.name, target, action, dice):
                continue  # B6, F7 Mirror Image: the swing went at a duplicate
            me = turn.fight.hero(hero.name)
            if rock_caught(turn, hero.name, target, action.attack, action.mode, dice):
                continue  # B10 Rock Catching: the rock is caught, the throw spent
            face = carapace(turn, hero.name, target, action.attack, action.mode, dice)
            if face is not None:  # B8 Reflective Carapace: unaffected; a 6 turns it back
                if face == 6:
                    back = roll_attack(turn.fight, me, me, action.attack, Mode.RANGED, dice)
                    land(turn, back, None, dice)
                continue
            ready = smite_ready(me, action, smite, target)
            sneak = extra if action.extra is not None else None  # not with a club drawn
            marked = with_mark(turn.fight, me, target, action.attack, sneak)  # F7, every hit
            extras = ready.extras(marked) if ready is not None else (marked, None)
            hit = roll_attack(
                turn.fight,
                me,
                target,
                in_hand(turn.fight, me, action.attack),  # B8: not a weapon corroded away
                action.mode,
                dice,
                extra=extras[0],
                critical_extra=extras[1],
                big=swing_resource(action.big, swing, swings, action.surged),  # T1
                knock_out=action.knock_out,
                part=action.part if target.name == action.target else "",
                power=power,
                force=force,
                strike=strike,
            )
            hit = ready.said(hit) if ready is not None else hit
            done = land(
                turn, replace(hit, slot=action.upcast) if action.upcast else hit, None, dice
            )
            if ready is not None and ready.smote(done.step):  # F2, F7: spent on the hit only
                turn.do(Used(hero.name, ready.slot))
                smite = 0
            if hit.hit:  # F2 Stunning Strike: tried on the hit, when said
                stunning_strike(turn, hero.name, target.name, action, ki_kept(choice, named), dice)
            extra = None if hit.hit else extra
            power, force, strike = 0, force if not hit.hit else 0, ""
            hurt = turn.fight.monster(target.name)
            if hit.hit and hit.part and in_fight(hurt):  # V-ACL5: the Wound Save
                taken = sum(d.amount for d in done.dealt)
                turn.do(roll_wound_save(hurt, hit.part, taken, dice))
    elif isinstance(action, ContestChoice):
        me, them = turn.fight.hero(hero.name), turn.fight.monster(action.target)
        contest = roll_contest(me, them, action.kind, dice)
        turn.do(contest)
        grapple_held(turn, contest)  # B8: who grapples a barbed devil
    elif isinstance(action, SpellChoice):
        aimed = spell_aim(turn.fight, turn.fight.hero(hero.name), action)
        if aimed is None:
            return  # F2: no foe left that the spell reaches
        action = aimed
        targets = spell_past_sanctuary(turn, hero.name, action, dice)  # B6, F7
        targets = past_phantasms(turn, hero.name, action, targets, dice)  # B6 Phantasms
        if action.targets and not targets:
            return  # F7 Sanctuary: "lose the … spell" (an aura names nobody: it is cast)
        me = turn.fight.hero(hero.name)
        cast = roll_spell(
            turn.fight,
            me,
            action.spell,
            reflected(turn, hero.name, action.spell, targets, dice),  # B8
            dice,
            spared=action.spared,
            big=action.big,
            area=action.area,
        )
        cast = replace(cast, slot=action.upcast) if action.upcast else cast
        cast = resist_cast(turn, cast, action.spell)  # B7: Legendary Resistance
        done = turn.do(fortitude(turn, cast, dice))  # B8: Undead Fortitude first
        spend_resisted(turn, cast.saves)
        if isinstance(done.step, SpellCast) and attack_named(me, action.spell.name) is None:
            cast_effects(turn, done.step, action.spell, dice)  # B8: answered by a trait
        if isinstance(done.step, SpellCast):
            destroy_undead(turn, me, done.step)  # F2: after Turn Undead
    elif isinstance(action, HealChoice):
        healed = roll_healing(hero.name, action.target, action.amount, dice, action.by)
        turn.do(replace(healed, slot=action.upcast) if action.upcast else healed)
    elif action.action is Action.HIDE and in_chase(turn.fight, hero.name):
        hid = hide_from_pursuers(turn.fight, turn.fight.hero(hero.name), dice)
        turn.do(hid if hid is not None else Acted(hero.name, Action.NOTHING))
    elif action.action is Action.NOTHING and turn.who is None and _alone(choice):
        pass  # at the table (`lnf act join A`) a move is recorded alone: the action is open
    elif action.action is not Action.DISENGAGE:
        turn.do(simple_action(turn.fight, turn.fight.hero(hero.name), action, dice))


def swing_target(fight: Fight, hero: Hero, action: AttackChoice, swing: int) -> Monster | None:
    """F2: whom swing `swing` (0: the first) of an Attack action, a Flurry or a spell's darts,
    rays or beams goes at: the target the words named for it (a weapon's swings after: the last
    named; a spell's: round and round in the order named, as a monster's, B3), or, when
    that one is down, the first foe standing that the same attack reaches the same way, those
    named first, then in the order of danger (G3), one its damage gets through to before one
    immune to all of it (D6: a player swings at the rat, not the wererat); None when there
    is none."""
    named = (action.target, *action.then)
    spread = action.attack.spell and is_split(action.attack)  # B3, F7: Magic Missile's darts
    meant = fight.monster(
        dart_target(named, swing) if spread else named[min(swing, len(named) - 1)]
    )
    if in_fight(meant):
        return meant
    others = [fight.monster(n) for n in named] + list(fight.monsters)
    reached = [
        m
        for m in others
        if in_fight(m) and action.mode in attack_modes(fight, hero, m, action.attack)
    ]
    magic = magical(hero, action.attack)
    hurt = (m for m in reached if dice_mean(action.attack.damage, m, magic=magic)[0] > 0)
    return next(hurt, reached[0] if reached else None)


def swing_weapon(fight: Fight, hero: Hero, action: AttackChoice, target: Monster) -> AttackChoice:
    """F2 (decision): a swing at a foe the words did not name (the one named is down,
    `swing_target`) is made as a player makes it. A shot from the front rank rolls at
    disadvantage (R2); at a foe in the hero's own group the hero drops the bow and swings its
    first mêlée weapon instead (5e: drawing a weapon is free once a turn), Sneak Attack kept
    only with a finesse one. Any other swing keeps the attack and the way named."""
    if target.name in (action.target, *action.then) or action.mode is not Mode.RANGED:
        return action
    if action.attack.spell or hero.rank is not Rank.FRONT:
        return action
    weapons = [a for a in hero.attacks if a.is_melee and not a.spell and a.save is None]
    for a in weapons:
        if Mode.MELEE in attack_modes(fight, hero, target, a):
            extra = action.extra if a.finesse else None
            return replace(action, attack=a, mode=Mode.MELEE, extra=extra)
    return action


def spell_aim(fight: Fight, hero: Hero, action: SpellChoice) -> SpellChoice | None:
    """F2, as for a swing (`swing_target`): a spell goes at the foes it was aimed at that are
    still in the fight; when none is (the bonus action's Spiritual Weapon dropped the one a
    Sacred Flame was meant for), at the first foe standing that the spell reaches, in the order
    of danger (G3); None when there is none. Heroes caught stay caught."""
    if not action.targets:
        return action  # an aura (Spirit Guardians) names nobody
    kept = tuple(
        t for t in action.targets if isinstance(c := fight.combatant(t), Hero) or in_fight(c)
    )
    if kept:
        return action if kept == action.targets else replace(action, targets=kept)
    foe = next(
        (
            m
            for m in fight.monsters
            if in_fight(m) and can_reach_with_spell(fight, hero, action.spell, m)
        ),
        None,
    )
    return None if foe is None else replace(action, targets=(foe.name,), spared=())


def flight(turn: Steps, who: Hero | Monster, dice: DiceSource, heroes: HeroSide) -> None:
    """C1: leaving its group draws opportunity attacks (M6, unless it disengaged); then
    those free to give chase do (heroes as their side decides). A monster with a way of
    leaving by magic left uses it (`rules.escapes`): no opportunity attacks, and beyond
    pursuit nobody gives chase."""
    by = escape_by(who)
    leaving = [] if by else opportunity_attackers(turn.fight, Moved(who.name, leave=True))
    for foe in leaving:
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
        land(turn, opportunity(turn.fight, attacker, me, dice), _taken)
    me = turn.fight.combatant(who.name)
    if me.current_hp == 0 or not in_fight(me):
        return
    chasers = [
        name
        for name in free_pursuers(turn.fight, me)
        if not gone_at_once(me, by)
        and (
            not isinstance(c := turn.fight.combatant(name), Hero)
            or (isinstance(me, Monster) and heroes.pursues(turn.fight, c, me))
        )
    ]
    turn.do(Fled(who.name, tuple(chasers), by))


def other_than_action(choice: TurnChoice) -> bool:
    """At the table a move, a flight or surge dice spent are recorded alone: the action is
    still open."""
    return bool(choice.moves or choice.moves_after or choice.flee or choice.surges)


def _alone(choice: TurnChoice) -> bool:
    """At the table a move or a bonus action recorded without the action says nothing of it
    (the action is open, or spent by an earlier `lnf act`)."""
    return other_than_action(choice) or choice.bonus is not None or choice.bonus_action is not None


def _taken(hero: Hero, foe: Monster, guard: Guard) -> bool:
    """F1: in the hero's own turn (its move, its flight) a reaction that turns a foe's hit is
    taken, as the hero policy takes it: lnf cannot stop mid-act to ask (undo if it should not
    have been)."""
    return True


def reflected(
    turn: Steps, caster: str, spell: Attack, targets: tuple[str, ...], dice: DiceSource
) -> tuple[str, ...]:
    """B8 Reflective Carapace against a line spell: the tarrasque's d6 leaves it out of the
    targets, and on a 6 the caster is among them."""
    out = list(targets)
    for name in targets:
        if (face := carapace(turn, caster, turn.fight.combatant(name), spell, None, dice)) is None:
            continue
        out.remove(name)
        if face == 6 and caster not in out:
            out.append(caster)
    return tuple(out)
