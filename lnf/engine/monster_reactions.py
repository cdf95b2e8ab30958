"""B7 and B10 played out of a monster's turn: Legendary Resistance on a failed save, and a
monster's Counterspell against a hero's spell. What each monster does is decided in
`lnf.rules.monster_reactions`; here it is rolled and logged. (Shield and Parry: the guards of
`engine.guards.land`.)"""

from __future__ import annotations

from collections.abc import Sequence

from lnf.dice.roll import DiceSource, roll_d20
from lnf.engine.apply import Steps
from lnf.engine.decisions import ActionChoice, AttackChoice, SpellChoice
from lnf.model import LEGENDARY_RESISTANCE, SLOT, Attack, Hero
from lnf.model.answer_steps import Countered
from lnf.model.steps import Saved, SpellCast, Used
from lnf.rules.conditions import condition_immune
from lnf.rules.damage import after_defences
from lnf.rules.monster_reactions import (
    COUNTER_LEVEL,
    COUNTERSPELL,
    counter_bonus,
    counter_dc,
    counterspeller,
    left,
    resists,
)
from lnf.values import replace

# --- B7: Legendary Resistance --------------------------------------------------------------


def resist_cast(turn: Steps, cast: SpellCast, spell: Attack) -> SpellCast:
    """B7: a save spell's failed saves that a monster's Legendary Resistance turns: a failure
    that would impose one of the spell's conditions (F6) or deal half its hit points or more
    (after its defences); each use is spent right after the spell (`spend_resisted`)."""
    saves = []
    for s in cast.saves:
        c = turn.fight.combatant(s.who)
        immune = condition_immune(c)
        imposes = any(k not in immune for r in spell.riders for k in r.conditions)
        damage = (
            after_defences(c, dict(cast.damage), magic=True, spell=True)[0] if cast.damage else 0
        )
        if not s.success and resists(c, damage, imposes):
            s = replace(s, success=True, resisted=True)
        saves.append(s)
    return replace(cast, saves=tuple(saves))


def spend_resisted(turn: Steps, saves: Sequence[Saved]) -> None:
    """B7: a use of Legendary Resistance for each save it turned."""
    for s in saves:
        if s.resisted:
            turn.do(Used(s.who, LEGENDARY_RESISTANCE))


# --- B10: Counterspell ---------------------------------------------------------------------


def countered(turn: Steps, hero: Hero, action: ActionChoice, dice: DiceSource) -> bool:
    """B10: a monster's Counterspell against the hero's spell of the 3rd level or higher aimed
    at a monster, played before the spell: its 3rd-level slot (when its file counts slots), its
    check above the 3rd level (DC 10 + the level), then the spell stopped or not. True when
    stopped: the hero's action and slot are spent, and nothing else happens."""
    if isinstance(action, SpellChoice):
        spell, targets, level = action.spell, action.targets, action.upcast or action.spell.slot
    elif isinstance(action, AttackChoice) and action.attack.spell:
        spell, targets = action.attack, (action.target, *action.then)
        level = action.upcast or action.attack.slot
    else:
        return False
    monster = counterspeller(turn.fight, hero, level, targets)
    if monster is None:
        return False
    if left(monster, f"{SLOT}{COUNTER_LEVEL}") is not None:
        turn.do(Used(monster.name, f"{SLOT}{COUNTER_LEVEL}"))
    step = Countered(monster.name, hero.name, spell.name, level)
    if (dc := counter_dc(level)) is not None:
        bonus = counter_bonus(monster)
        dice.about(
            f"{monster.name}'s {COUNTERSPELL} against a level {level} spell: {bonus:+d} vs DC {dc}"
        )
        check = roll_d20(dice, bonus)
        step = replace(step, faces=check.faces, bonus=bonus, dc=dc)
    turn.do(step)
    return step.stopped
