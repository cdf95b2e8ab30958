"""F2: the monk's Stunning Strike (SRD 5.1, monk, 5th level), decided here only.

"When you hit another creature with a melee weapon attack, you can spend 1 ki point to attempt
a stunning strike. The target must succeed on a Constitution saving throw or be stunned until
the end of your next turn." The monk's Ki save DC is "8 + your proficiency bonus + your Wisdom
modifier". An Unarmed Strike is a mêlée weapon attack (Martial Arts, Flurry of Blows too).

Decision (choices.md, F2): said with the blows (`attack Orc with Shortsword; stun`), it is tried
on each hit of that turn's mêlée weapon attacks, the action's and a Flurry's, until the foe is
stunned or the Ki the turn still needs for its bonus action is all that is left; a hit on a
foe already stunned, or immune to it, spends nothing.
"""

from __future__ import annotations

from lnf.dice import parse
from lnf.errors import Refused
from lnf.model import (
    Ability,
    Attack,
    AttackKind,
    Condition,
    Fight,
    Hero,
    Lasting,
    Monster,
    Rider,
    TurnEdge,
)
from lnf.model.plan import Mode
from lnf.rules.class_features import has_stunning_strike, ki_save_dc
from lnf.rules.trait_saves import immune_now

STUNNING_STRIKE = "Stunning Strike"
KI = "Ki"  # the monk's pool, as its sheet counts it (`rules.sheets.class_resources`)
_ZERO = parse("0")


def stuns(hero: Hero) -> bool:
    """F2: whether the hero has Stunning Strike (`has_stunning_strike`)."""
    return has_stunning_strike(hero.cls, hero.level or 0)


def ki_dc(hero: Hero) -> int:
    """F2: "Ki save DC = 8 + your proficiency bonus + your Wisdom modifier"."""
    wis = dict(hero.scores).get(Ability.WIS)
    if wis is None or not hero.level:
        raise Refused(f"{hero.name} has no Ki save DC: give the monk its level and scores", "F2")
    return ki_save_dc(hero.level, wis)


def stun_attack(hero: Hero) -> Attack:
    """Stunning Strike as an action without an attack roll on the foe just hit: a Constitution
    save against the Ki DC, no damage, stunned on a failure until the end of the monk's next
    turn (F4: imposed during the monk's turn, its end does not end it)."""
    stunned = Rider(
        conditions=(Condition.STUNNED,), lasting=Lasting(until=(hero.name, TurnEdge.END))
    )
    return Attack(
        name=STUNNING_STRIKE,
        kind=AttackKind.MELEE,
        damage=_ZERO,
        save=(Ability.CON, ki_dc(hero)),
        half=False,
        riders=(stunned,),
    )


def verify_stun(hero: Hero, attack: Attack | None, mode: Mode | None) -> None:
    """F2: what saying `stun` needs: a monk of the 5th level with Ki left and its Ki DC, and
    a mêlée weapon attack said before it."""
    if not stuns(hero):
        why = f"level {hero.level}" if hero.cls.lower() == "monk" else "not a monk"
        raise Refused(f"{hero.name} has no {STUNNING_STRIKE} ({why}; a monk's from 5th)", "F2")
    if attack is None or mode is None:
        raise Refused(
            f"{STUNNING_STRIKE} rides on a mêlée weapon hit: say it after the attack "
            "(attack Orc 1 with Unarmed Strike; stun)",
            "F2",
        )
    if attack.spell or mode is not Mode.MELEE or not attack.is_melee:
        raise Refused(
            f"{STUNNING_STRIKE} needs a mêlée weapon attack: {hero.name}'s {attack.name} "
            "is not one",
            "F2",
        )
    if not ki_left(hero):
        raise Refused(f"{hero.name} has no {KI} left for {STUNNING_STRIKE}", "F2")
    ki_dc(hero)


def ki_left(hero: Hero) -> int:
    resource = hero.resource(KI)
    return resource.left if resource is not None else 0


def stun_tried(
    fight: Fight, hero: Hero, target: Monster, attack: Attack, mode: Mode, kept: int
) -> bool:
    """F2: whether this hit brings a try (1 Ki): a mêlée weapon's hit by a monk who has it, on
    a foe standing, not yet stunned nor immune to it, with more Ki left than the `kept` the
    turn's bonus action still needs (its Flurry)."""
    if not stuns(hero) or attack.spell or mode is not Mode.MELEE or not attack.is_melee:
        return False
    if target.current_hp == 0 or Condition.STUNNED in target.conditions:
        return False
    if Condition.STUNNED in immune_now(fight, target):
        return False
    return ki_left(hero) > kept
