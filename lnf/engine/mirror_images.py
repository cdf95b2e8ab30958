"""B6, F7 Mirror Image at a hero's attack: the duplicates' d20 first (`rules.mirror_image`);
moved to a duplicate, the attack roll at its AC, a hit destroying it; else the attack goes on."""

from __future__ import annotations

from lnf.dice.roll import DiceSource, roll_d20
from lnf.engine.apply import Steps
from lnf.engine.decisions import AttackChoice
from lnf.model import Monster
from lnf.model.answer_steps import Mirrored
from lnf.model.plan import Advantage
from lnf.rules.distance import roll_in_fight
from lnf.rules.mirror_image import duplicate_ac, duplicates, fooled, needed


def at_a_duplicate(
    turn: Steps, hero: str, target: Monster, action: AttackChoice, dice: DiceSource
) -> bool:
    """F7: whether the swing at `target` went at one of its duplicates (its `Mirrored` step
    done); False when it has none, the attacker cannot see them, or the d20 leaves the attack
    on it (that d20 said, the attack rolled after as any)."""
    fight, me = turn.fight, turn.fight.hero(hero)
    left = duplicates(fight, target)
    if not left or not fooled(me):
        return False
    need = needed(len(left))
    dice.about(f"{target.name}'s Mirror Image: a d20, {need} or more moves the attack")
    face = dice.face(20)
    if face < need:
        turn.do(Mirrored(target.name, hero, action.attack.name, face, need))
        return False
    how, _ = roll_in_fight(fight, me, target, action.attack, action.mode)
    ac = duplicate_ac(fight, target)
    dice.about(f"{hero} attacks a duplicate of {target.name}: {action.attack.to_hit:+d} vs AC {ac}")
    d20 = roll_d20(
        dice,
        action.attack.to_hit,
        advantage=how is Advantage.ADVANTAGE,
        disadvantage=how is Advantage.DISADVANTAGE,
    )
    hit = not d20.natural_1 and (d20.natural_20 or d20.total >= ac)
    kept = tuple(sorted(d20.faces, key=lambda f: f != d20.kept))  # the kept die first
    key = left[0].key if hit else 0
    turn.do(
        Mirrored(
            target.name, hero, action.attack.name, face, need, kept, action.attack.to_hit, ac, key
        )
    )
    return True
