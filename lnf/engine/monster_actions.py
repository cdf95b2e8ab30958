"""A monster's order with a special action or a spell, played (B1–B3, B6, F4–F7): its use spent
first (a recharge action's charge, a per-day use, the slot of the spell's own level), then
what it does: a save action or save spell on every hero it catches, the damage rolled once and
each saving on its own (half or none on a success, the conditions of a failed save for their
duration, concentration as a hero's spell has it); an attack-roll spell as attack rolls; the
darts of Magic Missile as sure hits, each rolled; rays and darts split among the heroes named;
a spell it casts on itself when it attacks nobody (B6: Invisibility).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from lnf.dice import DiceExpr
from lnf.dice.roll import DiceSource, PlayerDie, roll
from lnf.engine.apply import Steps
from lnf.engine.guards import Ask, Waits, land, rebuke_hurt
from lnf.engine.resolve import imposed, poisons, roll_attack, roll_spell
from lnf.model import Ability, Attack, Fight
from lnf.model.answer_steps import Split
from lnf.model.applied import StepDone
from lnf.model.plan import Mode, Order
from lnf.model.steps import ConcentrationEnded, Damaged, EffectEnded, Healed, SpellCast, Used
from lnf.rules.areas import area_said, target_count
from lnf.rules.concentration import lasting_on
from lnf.rules.conditions import fails_str_dex
from lnf.rules.darts import shield_stops, sure_hit
from lnf.rules.idle_casts import dispelled, patient, self_spell
from lnf.rules.joining import tree_names
from lnf.rules.legal import can_take_turn
from lnf.rules.limited import split_targets, use_of, verify_action_order
from lnf.rules.roster import in_fight
from lnf.rules.save_edges import save_edge_of
from lnf.rules.specters import risen_name, to_rise
from lnf.rules.wording import and_list

# B3: the table's d20s for the heroes a save catches (`TableHeroes.save_faces`), or the heroes
# it still waits for
SavesTold = Callable[[tuple[str, ...]], dict[str, int] | tuple[str, ...]]


class SavesWait(Waits):
    """B3: a monster's action waits for the players' own d20s for their heroes' saves (the
    table's side says them: `TableHeroes.save_faces`); `edges`: the heroes whose players roll
    two d20s and keep one, with why (D4, `rules.save_edges`)."""

    def __init__(
        self,
        foe: str,
        action: Attack,
        heroes: tuple[str, ...],
        edges: tuple[tuple[str, str], ...] = (),
    ) -> None:
        Exception.__init__(self, f"{and_list(heroes)} save against {foe}'s {action.name}")
        self.foe, self.action, self.heroes, self.edges = foe, action, heroes, edges


def monster_action(
    turn: Steps, order: Order, dice: DiceSource, ask: Ask, side: object = None
) -> None:
    """B1–B3: the order's action, checked first (it is the monster's, a use is left, it names
    heroes in the fight), its use spent, then played on the heroes it names that still stand
    in the fight. At the table (`side` has `save_faces`) the heroes' saves wait for their
    players' d20s (`SavesWait`)."""
    action = verify_action_order(turn.fight, order)
    me = turn.fight.monster(order.monster)
    if (use := use_of(me, action)) is not None:
        turn.do(Used(me.name, use))
    if self_spell(action):  # B6: cast on itself (Invisibility); `effects.follow` plays it
        turn.do(SpellCast(me.name, action.name, (), (), (), ""))
        if action.effect is not None and action.effect.heal is not None:
            _heal(turn, me.name, action, action.effect.heal, dice)
        if action.effect is not None and action.effect.dispel:
            _dispel(turn, me.name, action)
        for into in tree_names(turn.fight, action.effect.animates if action.effect else 0):
            turn.do(Split(me.name, into, action.name))  # B6: the trees join (rules.joining)
        if action.effect is not None and action.effect.raises and (dead := to_rise(turn.fight)):
            turn.do(Split(me.name, risen_name(dead.name), action.name))  # B6: rules.specters
        return
    targets = tuple(t for t in order.targets if in_fight(turn.fight.hero(t)))
    if not targets or not can_take_turn(turn.fight.monster(me.name)):
        return
    if action.save is not None or (action.damage.maximum == 0 and action.to_hit == 0):
        done = save_action(turn, me.name, action, targets, dice, getattr(side, "save_faces", None))
        rebuke_hurt(turn, done, me.name, ask, dice)  # F1: a hero its breath or spell hurt
    elif sure_hit(action):
        for dart in _darts(turn, me.name, action, targets, dice):
            rebuke_hurt(turn, dart, me.name, ask, dice)
    else:
        _attack_rolls(turn, me.name, action, order, targets, dice, ask)


def multiattack_first(
    turn: Steps,
    name: str,
    action: Attack,
    targets: tuple[str, ...],
    dice: DiceSource,
    side: object = None,
    ask: Ask | None = None,
) -> None:
    """B1: the special action a Multiattack uses before its attacks (rules.multiattack_first
    says at whom), its use spent as any (B2), then played as its own order would be."""
    me = turn.fight.monster(name)
    dice.about(f"{name} uses {action.name} as part of its Multiattack: {and_list(targets)}")
    if (use := use_of(me, action)) is not None:
        turn.do(Used(name, use))
    if action.save is not None or (action.damage.maximum == 0 and action.to_hit == 0):
        done = save_action(turn, name, action, targets, dice, getattr(side, "save_faces", None))
        if ask is not None:  # F1: a hero it hurt may rebuke it
            rebuke_hurt(turn, done, name, ask, dice)
    elif sure_hit(action):
        for dart in _darts(turn, name, action, targets, dice):
            if ask is not None:
                rebuke_hurt(turn, dart, name, ask, dice)


def _heal(turn: Steps, name: str, action: Attack, dice_: DiceExpr, dice: DiceSource) -> None:
    """B6 Cure Wounds: the most hurt of its side it touches regains the dice (nobody hurt by
    now: it heals nobody)."""
    others = action.effect is not None and action.effect.others  # B6: Healing Touch
    who = patient(turn.fight, turn.fight.monster(name), others)
    if who is None:
        return
    dice.about(f"{name}'s {action.name} on {who.name}: {dice_}")
    rolled = roll(dice_, dice)
    turn.do(Healed(who.name, rolled.total, str(rolled), by=action.name, healer=name))


def _dispel(turn: Steps, name: str, action: Attack) -> None:
    """B6 Dispel Magic: the hero's spell on one of its side ends there (`dispelled`); with
    nothing else of it left, the hero's concentration on it ends too (F5)."""
    found = dispelled(turn.fight, turn.fight.monster(name))
    if found is None:
        return
    ally, hero, spell = found
    why = f"{name}'s {action.name} ends {hero}'s {spell} on {ally}"
    for e in [e for e in turn.fight.effects if e.who == ally and e.lasting.concentration == hero]:
        if not e.concentration:
            turn.do(EffectEnded(e.key, why))
    if len(lasting_on(turn.fight, hero)) <= 1:
        turn.do(ConcentrationEnded(hero, why))


def save_action(
    turn: Steps,
    name: str,
    action: Attack,
    targets: tuple[str, ...],
    dice: DiceSource,
    told: SavesTold | None,
) -> StepDone:
    """E1–E4, F6, F7: the damage rolled once, each hero caught saving on its own (a player's
    own d20 when `told` gives them; 0: lnf rolls it); what a failed save imposes and a
    concentration follow the step (`effects.follow`). B3: the one place a save waits for the
    players' d20s, on a monster's turn or in a legendary action (B7, `engine.legendary`)."""
    faces: dict[str, int] = {}
    if (
        told is not None
        and action.save is not None
        and (rolling := _rolling(turn, action, targets))
    ):
        got = told(rolling)
        if isinstance(got, tuple):
            raise SavesWait(name, action, got, _edges(turn.fight, action, got))
        faces = got

    def save_dice(target: str) -> DiceSource:
        return PlayerDie(faces[target], dice) if faces.get(target) else dice

    area = area_said(action.area, target_count(action.area)) if action.area is not None else ""
    me = turn.fight.monster(name)
    return turn.do(
        roll_spell(turn.fight, me, action, targets, dice, area=area, save_dice=save_dice)
    )


def _edges(fight: Fight, action: Attack, heroes: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """B3, D4: how each hero's player rolls the save `roll_spell` would roll, where it is not
    one plain d20 (`rules.save_edges`, as the roll itself asks)."""
    assert action.save is not None
    edges = (
        (
            h,
            save_edge_of(
                fight,
                fight.hero(h),
                action.save[0],
                action.name,
                spell=True,
                against=imposed(action),
                poison=poisons(action),
            ).words,
        )
        for h in heroes
    )
    return tuple((h, words) for h, words in edges if words)


def _rolling(turn: Steps, action: Attack, targets: tuple[str, ...]) -> tuple[str, ...]:
    """B3, F3: the heroes whose players roll a save against `action`: not one that fails a
    Strength or Dexterity save without a roll (unconscious, paralysed…)."""
    assert action.save is not None
    if action.save[0] not in (Ability.STR, Ability.DEX):
        return targets
    return tuple(t for t in targets if not fails_str_dex(turn.fight.hero(t)))


def _darts(
    turn: Steps, name: str, action: Attack, targets: tuple[str, ...], dice: DiceSource
) -> Iterator[StepDone]:
    """B3, F7: Magic Missile: each dart hits without a roll, its dice rolled on their own,
    at the heroes named in turn; each dart's step as it lands (what answers it comes first)."""
    kind = action.damage.parts[0].damage_type if action.damage.parts else None
    darts = split_targets(action, targets)
    for number, target in enumerate(darts, start=1):
        if not in_fight(turn.fight.hero(target)):
            continue
        if shield_stops(turn.fight, target, action):  # F1, F7: a hit for nothing, said so
            me, hero = turn.fight.monster(name), turn.fight.hero(target)
            turn.do(roll_attack(turn.fight, me, hero, action, Mode.RANGED, dice))
            continue
        what = f"{name}'s {action.name}" + (f", dart {number}" if len(darts) > 1 else "")
        dice.about(f"{what} at {target}: {action.damage} (a sure hit)")
        rolled = roll(action.damage, dice)
        yield turn.do(Damaged(target, rolled.total, kind, text=f"{what}: {rolled}"))


def _attack_rolls(
    turn: Steps,
    name: str,
    action: Attack,
    order: Order,
    targets: tuple[str, ...],
    dice: DiceSource,
    ask: Ask,
) -> None:
    """An attack-roll spell or action (Fire Bolt, Scorching Ray's rays): one roll a swing, at
    the heroes named in turn; riders follow a hit (`effects.follow`)."""
    mode = order.mode or (Mode.RANGED if action.is_ranged else Mode.MELEE)
    for target in split_targets(action, targets):
        hero = turn.fight.hero(target)
        if not in_fight(hero) or not can_take_turn(turn.fight.monster(name)):
            continue
        me = turn.fight.monster(name)
        land(turn, roll_attack(turn.fight, me, hero, action, mode, dice), ask, dice)
