"""F2 Stunning Strike in a monk's turn: after a mêlée weapon hit, 1 Ki spent and the foe's
Constitution save, stunned on a failure until the end of the monk's next turn
(`rules.stunning` decides when a hit brings a try; B7: a Legendary Resistance may turn it)."""

from __future__ import annotations

from lnf.dice.roll import DiceSource
from lnf.engine.apply import Steps
from lnf.engine.decisions import AttackChoice, TurnChoice
from lnf.engine.effects import cast_effects
from lnf.engine.monster_reactions import resist_cast, spend_resisted
from lnf.engine.resolve import roll_spell
from lnf.model.steps import SpellCast, Used
from lnf.rules.stunning import KI, stun_attack, stun_tried


def ki_kept(choice: TurnChoice, action: AttackChoice) -> int:
    """The Ki the turn's bonus action still needs while its action is played (a Flurry of
    Blows after the Attack action): a stun may not spend it."""
    if action is not choice.action or choice.bonus_action is None or choice.bonus_first:
        return 0
    return sum(n for name, n in choice.bonus_spend if name.lower() == KI.lower())


def stunning_strike(
    turn: Steps, hero: str, target: str, action: AttackChoice, kept: int, dice: DiceSource
) -> None:
    """F2: the try a hit of `action` brings on `target`, when `rules.stunning` says it does."""
    me, foe = turn.fight.hero(hero), turn.fight.monster(target)
    if not action.stun or not stun_tried(turn.fight, me, foe, action.attack, action.mode, kept):
        return
    turn.do(Used(hero, KI))
    strike = stun_attack(me)
    rolled = roll_spell(turn.fight, me, strike, [target], dice, magical=False)  # ki, no spell
    cast = resist_cast(turn, rolled, strike)
    done = turn.do(cast)
    spend_resisted(turn, cast.saves)
    if isinstance(done.step, SpellCast):
        cast_effects(turn, done.step, strike, dice)
