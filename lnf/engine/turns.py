"""The steps the runner rolls for: an opportunity attack, an action without an attack roll, a
monster's attacks of its turn."""

from __future__ import annotations

from lnf.dice import DiceExpr, Part, parse
from lnf.dice.roll import DiceSource, roll, roll_d20
from lnf.engine.apply import Steps
from lnf.engine.decisions import SimpleChoice
from lnf.engine.guards import Ask, land
from lnf.engine.holds import engulf, reel
from lnf.engine.monster_actions import monster_action, multiattack_first
from lnf.engine.resolve import roll_attack
from lnf.engine.riders import ride
from lnf.engine.trait_steps import consume_life, fire_form
from lnf.model import (
    Ability,
    Action,
    Attack,
    Condition,
    Cost,
    Fight,
    Hero,
    Monster,
    Rider,
    Trait,
    TraitKind,
)
from lnf.model.plan import Mode, MoveKind, Order, Plan
from lnf.model.steps import Acted, Attacked, EffectEnded, Searched, Used
from lnf.rules.acl import acl
from lnf.rules.ammunition import pieces_left, within_pieces
from lnf.rules.attacks import UNARMED, check_melee_order, out_reaches, routine
from lnf.rules.chase import in_chase
from lnf.rules.conditions import checks_worse
from lnf.rules.distance import roll_in_fight, volley_attack, volley_planned
from lnf.rules.economy import attack_named
from lnf.rules.group_changes import order_step
from lnf.rules.hiding import search_against, search_bonus
from lnf.rules.holds import (
    WEBBING_OF,
    detaches,
    drinking,
    engulfed,
    escape_check,
    holds_by,
    strength_only,
    verify_escape,
)
from lnf.rules.legal import can_take_turn
from lnf.rules.moves import start_spot
from lnf.rules.multiattack_first import first_use, in_place
from lnf.rules.on_hit import marked_dice
from lnf.rules.reactions import opportunity_attackers, opportunity_mode
from lnf.rules.roster import in_fight, incapacitated
from lnf.rules.specials import action_named, charged
from lnf.rules.strike_order import up_next
from lnf.rules.target_order import target_order
from lnf.rules.trait_damage import rampage_target
from lnf.rules.trait_touch import adhesive_dc
from lnf.rules.traits import charge, extra_damage, pouncing
from lnf.values import replace

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_JOIN = MoveKind.JOIN
_MELEE = Mode.MELEE
_RANGED = Mode.RANGED
_REEL = TraitKind.REEL


def leaving_next(fight: Fight, plan: Plan) -> tuple[Monster, tuple[Hero, ...]] | None:
    """M6: the monster next in strike order, when its order in `plan` takes it out of a
    group, and the heroes there who may attack it as it goes (None when there is none)."""
    who = up_next(fight)
    if who is None or not isinstance(monster := fight.combatant(who), Monster):
        return None
    if incapacitated(monster) or in_chase(fight, who):
        return None
    order = plan.order_for(who)
    fight = Steps.turn(fight, who).fight
    leaving = order_step(fight, order) if order is not None else None
    if leaving is None:
        return None
    heroes = tuple(fight.hero(n) for n in opportunity_attackers(fight, leaving))
    return (fight.monster(who), heroes) if heroes else None


def opportunity(
    fight: Fight, by: Hero | Monster, target: Hero | Monster, dice: DiceSource
) -> Attacked:
    """D10: one mêlée attack with the reaction: the attacker's best mêlée weapon (M6's reach
    clause: the best that out-reaches the target)."""
    attack, mode = opportunity_weapon(fight, by, target)
    mark = (  # F7 Hunter's Mark: "whenever you hit it with a weapon attack", a reaction's too
        marked_dice(fight, by, target, attack)
        if isinstance(by, Hero) and isinstance(target, Monster)
        else None
    )
    return roll_attack(fight, by, target, attack, mode, dice, opportunity=True, extra=mark)


def opportunity_weapon(
    fight: Fight, by: Hero | Monster, target: Hero | Monster
) -> tuple[Attack, Mode]:
    """D10, M6: the weapon an opportunity attack is made with, and how it reaches: a mêlée
    attack the Attack action makes (a weapon, claws, a bite), not a spell's (Vampiric Touch,
    Shocking Grasp: cast with an action) nor a blow of the bonus action (Flurry of Blows)."""
    mode = opportunity_mode(fight, by.name, target.name)
    melee = [
        a
        for a in by.attacks
        if a.is_melee
        and (mode is _MELEE or out_reaches(a.reach, target))
        and not (a.spell or a.slot or a.save or a.area or a.spends or a.cost is not Cost.ACTION)
    ]
    return (max(melee, key=lambda a: a.damage.average) if melee else UNARMED), mode


def simple_action(fight: Fight, hero: Hero, action: SimpleChoice, dice: DiceSource) -> Acted:
    cunning = action.cost is Cost.BONUS  # F1: Cunning Action's
    if action.action is Action.HIDE:
        # PHB: Dexterity (Stealth) against the foes' passive Perception; the best one counts.
        best = max((m.perception for m in fight.monsters if in_fight(m)), default=10)
        dice.about(f"{hero.name} hides: Stealth {hero.stealth:+d} vs passive Perception {best}")
        check = roll_d20(dice, hero.stealth, disadvantage=checks_worse(hero))  # F6: intoxicated
        said = f"{check} vs passive Perception {best}"
        hid = check.total >= best  # R4: a Search contests its total from now on
        return Acted(hero.name, Action.HIDE, said, hid, cunning, check.total if hid else None)
    if action.action is Action.ESCAPE:
        hold = verify_escape(fight, hero.name)  # F6: the lowest escape DC on it
        if not hold.escape:  # F6: "can use its action to detach the stirge": no check
            return Acted(hero.name, Action.ESCAPE, f"detaches {hold.by}", True)
        bonus, worse = escape_check(hero, web=strength_only(fight, hold))
        against = f"escape DC {hold.escape}, {hold.by}'s {hold.attack}"
        if hold.web:  # F6: "a DC 12 Strength check, bursting the webbing on a success"
            against = f"Strength DC {hold.escape}, {WEBBING_OF.format(hold.by)}"
        elif engulfed(fight, hold):  # F6: "taking an action to make a DC 12 Strength check"
            against = f"DC {hold.escape}, {hold.by}'s {hold.attack} (Strength)"
        dice.about(f"{hero.name} tries to escape: {bonus:+d} vs {against}")
        sticky = bool(adhesive_dc(fight.combatant(hold.by)))  # B8 Adhesive: at disadvantage
        check = roll_d20(dice, bonus, disadvantage=worse or sticky)  # F6: intoxicated, hampered
        return Acted(hero.name, Action.ESCAPE, f"{check} vs {against}", check.total >= hold.escape)
    return Acted(hero.name, action.action, action.detail, bonus=cunning)


def monster_search(turn: Steps, name: str, dice: DiceSource) -> None:
    """R4: a monster whose order gives it no attack takes the Search action for the heroes
    hidden from it (`rules.hiding.search_against`): one Wisdom (Perception) check, rolled,
    against the Stealth total each hid with. Nothing when none is hidden."""
    me = turn.fight.monster(name)
    if not (against := search_against(turn.fight)):
        return
    bonus = search_bonus(me)
    stealth = ", ".join(f"{hero}'s Stealth {total}" for hero, total in against)
    dice.about(f"{name} searches (R4): Perception {bonus:+d} vs {stealth}")
    check = roll_d20(dice, bonus, disadvantage=checks_worse(me))  # F6: intoxicated
    turn.do(Searched(name, check.faces, bonus, against))


def monster_attacks(
    turn: Steps, name: str, order: Order, dice: DiceSource, ask: Ask, side: object = None
) -> None:
    """P2: a monster's attacks of its turn, all at its one target, in volley rounds its shot
    (V4); it stops when the target drops or the monster cannot act. A hero's reaction may
    turn a hit first (F1: `ask`, which raises `Waits` when the table has not said). An order
    with a special action or a spell plays that instead (B1–B3; the heroes' `side` may say
    its players' own d20s for their saves)."""
    if order.action:
        monster_action(turn, order, dice, ask, side)
        _spell_way(turn, name, order, dice, ask)  # B1: the glabrezu's pincers beside its spell
        return
    me = turn.fight.monster(name)
    assert order.target is not None and order.mode is not None
    if drinking(turn.fight, name) is not None:
        return  # F6: "While attached, the stirge doesn't attack" (it drank as its turn began)
    for e in detaches(turn.fight, name, order.target):  # F6: the cloaker attacks another
        turn.do(EffectEnded(e.key, f"{name} detaches itself (5 feet of its movement)"))
    if volley_planned(turn.fight):  # V4: the volley plan's shot
        shot = volley_attack(me, turn.fight.phase.volley)
        attacks = within_pieces(me, (shot,) * shot.times) if shot is not None else ()
    else:
        used = first_use(turn.fight, me, start_spot(turn.fight, name), me.rank)
        if used is not None:  # B1: "can use its Frightful Presence. It then makes …"
            multiattack_first(turn, name, *used, dice, side, ask)
            if not can_take_turn(turn.fight.monster(name)):
                return
            me = turn.fight.monster(name)
        attacks = routine(me, turn.fight.hero(order.target), order.mode)
        if used is not None:  # B1: the chimera's breath in place of its bite or horns
            attacks = in_place(turn.fight, me, attacks, turn.fight.hero(order.target), order.mode)
        attacks = attacks or (() if me.attacks else (UNARMED,))
    attacks, count = rolled_count(me, attacks, dice)  # B1: "1d4 Rotting Touch attacks"
    joined = order.move.kind is _JOIN and order.mode is not _RANGED  # M5
    attacks = pouncing(me, attacks, joined)
    fire_form(turn, name, order.target, order.mode is _MELEE and bool(attacks), dice)  # B8
    extra_used, charged, dropped = False, None, False  # B8: each once a turn, on a hit
    hits = 0  # F6: the shambling mound engulfs when both its slams hit
    for attack in attacks:
        target = turn.fight.hero(order.target)
        if not in_fight(target) or not can_take_turn(turn.fight.monster(name)):
            break
        me = turn.fight.monster(name)
        # V-ACL6: lnf's monsters spend their surge dice on their first hit's damage.
        force = me.surge if acl(turn.fight) else 0
        # D4 once: the fight and the combatants are the very ones `roll_attack` is given
        rolled = roll_in_fight(turn.fight, me, target, attack, order.mode)
        how = rolled[0]
        extra = None if extra_used else extra_damage(turn.fight, me, target, attack, how)
        rush = None if charged is not None else charge(me, attack, joined)
        more, words = _extra(extra, rush)
        hit = roll_attack(
            turn.fight,
            me,
            target,
            attack,
            order.mode,
            dice,
            force=force,
            extra=more,
            big=words,
            roll_now=rolled,
        )
        hit, count = (replace(hit, count=count) if count else hit), ""
        if pieces_left(me, attack) is not None:  # B2: one piece an attack roll
            turn.do(Used(name, attack.name))
        extra_used = extra_used or (hit.hit and extra is not None)
        hits += hit.hit
        up = _standing(turn, order.target)
        land(turn, hit, ask, dice)
        dropped = dropped or (
            up and order.mode is not _RANGED and not _standing(turn, order.target)
        )
        if hit.hit and rush is not None:
            charged = rush
            _knock_down(turn, name, order.target, rush, dice)
    if charged is not None and charged.then:
        _pounce(turn, name, order, charged, dice, ask)
    elif dropped:
        _rampage(turn, name, order, dice, ask)
    engulf(turn, name, order.target, hits)  # F6: the shambling mound's
    _held_action(turn, name, dice, side)  # B1: the chuul's tentacles
    if turn.fight.monster(name).trait(_REEL) is not None and attacks:
        reel(turn, name)  # F6: its Multiattack's Reel, after its attacks (docs/choices.md)
    consume_life(turn, name, dice)  # B8, B10: a will-o'-wisp's bonus action


def _spell_way(turn: Steps, name: str, order: Order, dice: DiceSource, ask: Ask) -> None:
    """B1: "Alternatively, it makes two attacks with its pincers and casts one spell": after a
    spell it casts as its action, those attacks at the first hero in target order it can
    strike in mêlée from where it stands (A1, R3), if any."""
    me = turn.fight.monster(name)
    spell = action_named(me, order.action or "")
    if not me.multiattack_spell or spell is None or not spell.spell or not can_take_turn(me):
        return
    spot = start_spot(turn.fight, name)
    close = [h for h in target_order(turn.fight) if in_fight(h)]
    target = next(
        (h for h in close if not check_melee_order(turn.fight, me, h, spot, me.rank)), None
    )
    named = {a.name: a for a in me.attacks}
    for attack in (named[n] for n, k in me.multiattack_spell if n in named for _ in range(k)):
        me = turn.fight.monster(name)
        if target is None or not in_fight(turn.fight.hero(target.name)) or not can_take_turn(me):
            return
        hero = turn.fight.hero(target.name)
        land(turn, roll_attack(turn.fight, me, hero, attack, Mode.MELEE, dice), ask, dice)


def _held_action(turn: Steps, name: str, dice: DiceSource, side: object) -> None:
    """B1: "If the chuul is grappling a creature, the chuul can also use its tentacles once":
    after its attacks, on the first one it grapples still in the fight, when it has a use."""
    me = turn.fight.monster(name)
    action = action_named(me, me.multiattack_held) if me.multiattack_held else None
    if action is None or not charged(me, action) or not can_take_turn(me):
        return
    held = [e.who for e in holds_by(turn.fight, name) if in_fight(turn.fight.combatant(e.who))]
    if held:
        multiattack_first(turn, name, action, (held[0],), dice, side)


def rolled_count(
    me: Monster, attacks: tuple[Attack, ...], dice: DiceSource
) -> tuple[tuple[Attack, ...], str]:
    """B1: a Multiattack count rolled each turn ("The fungus makes 1d4 Rotting Touch
    attacks"): the planned run of that attack (its average) becomes the roll's, and the roll
    in words for the first attack's step ("" when it rolls none)."""
    for name, expr in me.multiattack_rolled:
        run = [a for a in attacks if a.name == name]
        if not run:
            continue
        dice.about(f"{me.name}'s Multiattack: {expr} {name} attacks")
        rolled = roll(parse(expr), dice)
        at = attacks.index(run[0])
        rest = tuple(a for a in attacks[at:] if a.name != name)
        return (*attacks[:at], *(run[0],) * rolled.total, *rest), f"{rolled}"
    return attacks, ""


def _standing(turn: Steps, name: str) -> bool:
    hero = turn.fight.hero(name)
    return in_fight(hero) and hero.current_hp > 0


def _rampage(turn: Steps, name: str, order: Order, dice: DiceSource, ask: Ask) -> None:
    """B8 Rampage, B10: once it dropped a creature with a mêlée attack this turn, its bonus
    action's bite at the next hero it may bite where it stands (`rampage_target`)."""
    me = turn.fight.monster(name)
    found = rampage_target(turn.fight, me) if can_take_turn(me) else None
    if found is None:
        return
    bite, hero = found
    dice.about(f"{name}'s Rampage: {bite.name} as a bonus action at {hero.name}")
    words = "Rampage: a bonus action after it dropped a creature (B8)"
    how = order.mode if order.mode is not None else Mode.MELEE
    land(turn, roll_attack(turn.fight, me, hero, bite, how, dice, big=words), ask, dice)


def _extra(extra: tuple[DiceExpr, str] | None, rush: Trait | None) -> tuple[DiceExpr | None, str]:
    """The extra dice of a hit (Martial Advantage, Sneak Attack, a Charge's) and their words."""
    parts: list[Part] = []
    words: list[str] = []
    if extra is not None:
        parts += extra[0].parts
        words.append(extra[1])
    if rush is not None and rush.dice is not None:
        parts += rush.dice.parts
        words.append(f"{rush.title} +{rush.dice}: it joined the group this round")
    return (DiceExpr(tuple(parts)) if parts else None), "; ".join(words)


def _knock_down(turn: Steps, name: str, target: str, rush: Trait, dice: DiceSource) -> None:
    """Charge, Pounce: the Strength save against prone, as a rider of the hit (F6)."""
    if rush.dc and in_fight(turn.fight.hero(target)):
        prone = Rider(save=(Ability.STR, rush.dc), conditions=(Condition.PRONE,))
        ride(turn, name, target, rush.title, prone, dice)


def _pounce(turn: Steps, name: str, order: Order, rush: Trait, dice: DiceSource, ask: Ask) -> None:
    """Pounce (SRD: "If the target is prone, the lion can make one bite attack against it as a
    bonus action")."""
    assert order.target is not None and order.mode is not None
    target, me = turn.fight.hero(order.target), turn.fight.monster(name)
    bite = attack_named(me, rush.then)
    if bite is None or Condition.PRONE not in target.conditions or not in_fight(target):
        return
    if not can_take_turn(me):
        return
    dice.about(f"{name}'s {rush.title}: {rush.then} as a bonus action at prone {target.name}")
    words = f"{rush.title}: a bonus action against a prone target"
    land(turn, roll_attack(turn.fight, me, target, bite, order.mode, dice, big=words), ask, dice)
