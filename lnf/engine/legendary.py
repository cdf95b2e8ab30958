"""B7 played: a legendary monster's actions at the end of each hero's turn, as
`lnf.rules.legendary` decides them, rolled and logged.

A legendary action is logged as a record of the rules (`Recorded`, by the rules) whose first
step spends the monster's points (`Used`, `LEGENDARY_ACTIONS`): so undo takes it back, and a
fight stopped between a hero's turn and the legendary actions after it carries on with them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lnf.dice.roll import DiceSource
from lnf.engine.begin import start
from lnf.engine.effects import Rolled
from lnf.engine.guards import land, rebuke_hurt
from lnf.engine.monster_actions import SavesTold, SavesWait, save_action
from lnf.engine.resolve import roll_attack, roll_healing
from lnf.engine.table import Table
from lnf.model import (
    LEGENDARY_ACTIONS,
    Attack,
    Fight,
    Guard,
    Hero,
    Lasting,
    Monster,
    TurnEdge,
)
from lnf.model.applied import Applied
from lnf.model.events import Event, Planned, Recorded, RoundStarted, Turn
from lnf.model.steps import Moved, Used
from lnf.rules.legal import can_take_turn
from lnf.rules.legendary import (
    LegendaryPick,
    legendary_choice,
)
from lnf.rules.legendary_moves import legendary_move
from lnf.rules.legendary_self import own_use
from lnf.rules.limited import use_of
from lnf.rules.roster import in_fight
from lnf.rules.wording import and_list

Dice = Callable[[str], DiceSource]  # the dice for one event, by what it is (`Table.dice`)


# --- B7: legendary actions ---------------------------------------------------------------


def legendary_actions(
    table: Table, dice: Dice, side: object, say: Callable[[Applied], None]
) -> SavesWait | None:
    """B7: every legendary action due now, logged and said; or, at the table, the one whose
    saves wait for the players' d20s (B3), nothing of it logged: the table stops there."""
    try:
        while (taken := legendary_action(table.in_force, dice, side)) is not None:
            say(table.add_applied(taken))
    except SavesWait as waits:
        return waits
    return None


def legendary_action(records: Sequence[Applied], dice: Dice, side: object = None) -> Applied | None:
    """B7: the next legendary action due after the hero's turn that ended last, applied (not
    yet recorded), or None. Monsters are asked in strike order (S2, S3) after the last that
    took one since that turn; each takes at most one, so those before it passed already. At
    the table (`side` has `save_faces`) its saves wait for the players' d20s as a turn's do
    (B3: `SavesWait`, raised before anything is applied)."""
    if not records or not any(m.legendary for m in records[-1].after.monsters):
        return None  # nobody has a legendary action (most fights): nothing is due
    due = _due(records)
    if due is None:
        return None
    hero, taken = due
    fight = records[-1].after
    order = [n for n in (*fight.turns.order, *(m.name for m in fight.monsters)) if n in fight]
    names = list(dict.fromkeys(n for n in order if isinstance(fight.combatant(n), Monster)))
    start = names.index(taken[-1]) + 1 if taken and taken[-1] in names else 0
    for name in names[start:]:
        if name in taken:
            continue
        monster = fight.monster(name)
        pick = legendary_choice(fight, monster, _planned(records, name))
        if pick is not None:
            key = f"round {fight.round}: after {hero}'s turn, {name}'s legendary action"
            told = getattr(side, "save_faces", None)
            return _play(fight, monster, hero, pick, dice(key), told)
        if (step := legendary_move(fight, monster, _planned(records, name))) is not None:
            return _move(fight, monster, hero, step)
    return None


def _move(fight: Fight, monster: Monster, hero: str, step: Moved) -> Applied:
    """B7, M6: a legendary Move or Teleport (`rules.legendary_moves`): its points spent, the
    join made, no opportunity attacks."""
    assert monster.escape is not None
    turn = Rolled(fight)
    turn.do(Used(monster.name, LEGENDARY_ACTIONS, monster.escape.cost))
    turn.do(step)
    into = step.join if step.join in fight else f"group {step.join}"
    free = "from no group (M2)" if monster.escape.provokes else "free of opportunity attacks (M6)"
    note = (
        f"At the end of {hero}'s turn, {monster.name} uses a legendary action (B7): "
        f"{monster.escape.name}, joining {into} {free}, where its next legendary action "
        "reaches."
    )
    return turn.finish(Recorded(turn.steps, note=note, by_rules=True))


def legendary_taker(event: Event) -> str | None:
    """The monster a record of a legendary action is of (None: not such a record)."""
    if not isinstance(event, Recorded) or not event.by_rules or not event.steps:
        return None
    first = event.steps[0]
    return first.who if isinstance(first, Used) and first.resource == LEGENDARY_ACTIONS else None


def _due(records: Sequence[Applied]) -> tuple[str, list[str]] | None:
    """The hero whose turn ended last, when nothing but legendary actions came since, and the
    monsters that took one since (in order); None when none is due."""
    taken: list[str] = []
    for applied in reversed(records):
        event = applied.event
        if (who := legendary_taker(event)) is not None:
            taken.insert(0, who)
            continue
        if isinstance(event, Turn) and isinstance(applied.before.combatant(event.who), Hero):
            return event.who, taken
        return None
    return None


def _planned(records: Sequence[Applied], monster: str) -> str | None:
    """B7: the monster's planned target this round: its order's in the latest plan logged this
    round that gives it one."""
    for applied in reversed(records):
        event = applied.event
        if isinstance(event, RoundStarted):
            return None
        if isinstance(event, Planned):
            order = next((o for o in event.orders if o.monster == monster), None)
            if order is not None:
                return order.target
    return None


def _play(
    fight: Fight,
    monster: Monster,
    hero: str,
    pick: LegendaryPick,
    dice: DiceSource,
    told: SavesTold | None = None,
) -> Applied:
    """The legendary action rolled: its points spent, then its attack (B7: one roll) or its
    action (a save or an area: as a spell is cast, E1–E4), with what follows (F5, F6)."""
    turn = Rolled(fight).rolling(dice)
    turn.do(Used(monster.name, LEGENDARY_ACTIONS, pick.option.cost))
    use, targets = pick.use, pick.targets
    if pick.option.spells and (slot := use_of(monster, use)) is not None:
        turn.do(Used(monster.name, slot))  # B7: "using a spell slot as normal"
    me = turn.fight.monster(monster.name)
    if own_use(use):  # B7: Heal Self, Shimmering Shield, on itself
        on_itself(turn, me.name, pick.option.name, use, dice)
        note = f"At the end of {hero}'s turn, {me.name} uses a legendary action (B7): "
        return turn.finish(Recorded(turn.steps, note=note + f"{pick.option.name}.", by_rules=True))
    if pick.mode is not None:  # an attack roll at each hero aimed at (B3: a ray each)
        for target in targets:
            hero_now = turn.fight.hero(target)
            if in_fight(hero_now) and can_take_turn(turn.fight.monster(monster.name)):
                hit = roll_attack(turn.fight, me, hero_now, use, pick.mode, dice)
                land(turn, hit, _guards_taken, dice)
    else:  # B3: its saves rolled, or waited for, as a monster's turn's are
        done = save_action(turn, me.name, use, targets, dice, told)
        rebuke_hurt(turn, done, me.name, _guards_taken, dice)  # F1: each hero it hurt
    at = and_list(targets)
    note = (
        f"At the end of {hero}'s turn, {monster.name} uses a legendary action (B7): "
        f"{pick.option.name}{f' ({use.name})' if pick.option.spells else ''} at {at}."
    )
    return turn.finish(Recorded(turn.steps, note=note, by_rules=True))


def _guards_taken(hero: Hero, foe: Monster, guard: Guard) -> bool:
    """F1: a hero's reaction to a legendary action is taken, as the hero policy takes it: one
    that turns its hit, a Hellish Rebuke once it has hurt (lnf does not stop between turns to
    ask; undo if it should not have been)."""
    return True


def on_itself(turn: Rolled, name: str, option: str, use: Attack, dice: DiceSource) -> None:
    """B7: a legendary option on its user: Heal Self's hit points (`roll_healing`), or
    Shimmering Shield's AC bonus until the end of its next turn (it is not its turn now)."""
    effect = use.effect
    assert effect is not None
    if effect.heal is not None:
        turn.do(roll_healing(name, name, effect.heal, dice, option))
    elif effect.ac:
        lasting = Lasting(until=(name, TurnEdge.END))
        start(turn, name, f"{option} (+{effect.ac} AC)", lasting, name, ac=effect.ac)
