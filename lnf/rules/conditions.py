"""F3, conditions as the SRD has them, where they touch saves, moves and actions (their effects
on attack rolls are D4's reasons in `rules.attacks`; incapacitation and speed 0 are
`rules.roster`). "Within 5 feet" reads as: in the same mêlée group, A1 holding."""

from __future__ import annotations

from lnf.errors import Refused
from lnf.model import HELD, INCAPACITATING, Ability, Attack, Condition, Fight, Hero, Monster
from lnf.rules.roster import downed

FAILS_STR_DEX = frozenset(
    {Condition.PARALYZED, Condition.PETRIFIED, Condition.STUNNED, Condition.UNCONSCIOUS}
)


def fails_str_dex(c: Hero | Monster) -> bool:
    """F3: a paralysed, petrified, stunned or unconscious creature (or a hero at 0 hit points,
    unconscious) fails Strength and Dexterity saving throws."""
    return bool(c.conditions & FAILS_STR_DEX) or (isinstance(c, Hero) and downed(c))


def save_disadvantage(c: Hero | Monster, ability: Ability) -> bool:
    """F3: a restrained creature has disadvantage on Dexterity saves, a weakened one on
    Strength saves (Weakening Breath); exhaustion level 3 or more gives disadvantage on every
    save."""
    if ability is Ability.STR and Condition.WEAKENED in c.conditions:
        return True
    return (ability is Ability.DEX and Condition.RESTRAINED in c.conditions) or c.exhaustion >= 3


def can_react(c: Hero | Monster) -> bool:
    """F3, slowed (Slowing Breath, Slow): it "can't use reactions": no opportunity attack
    (M6), no Shield or Parry (F1), no Counterspell (B10). Incapacitation is `roster`'s."""
    return Condition.SLOWED not in c.conditions


def attacks_on_its_turn(c: Hero | Monster, times: int) -> int:
    """F3, slowed: it "can't make more than one attack on its turn": of an Attack action's
    swings (Extra Attack, a Multiattack, a cantrip's beams) one is made."""
    return min(times, 1) if Condition.SLOWED in c.conditions else times


def action_or_bonus(c: Hero | Monster) -> bool:
    """F3, slowed: it "can use either an action or a bonus action on its turn, but not both"
    (`rules.economy` keeps the turn's books)."""
    return Condition.SLOWED in c.conditions


PUSHED_OUT = 10  # F6: a push of this many feet or more takes a creature out of its group


def pushed_out(fight: Fight, c: Hero | Monster, feet: int) -> bool:
    """F6 (docs/riders.md): pushed 10 ft or more away from its user (Repulsion Breath: 30 to
    60 ft), a creature in a mêlée group leaves it, alone and unengaged; one held (grappled,
    restrained) stays, as M4 keeps it; one in no group is already apart; 5 ft is within the
    group's 5 feet still."""
    if feet < PUSHED_OUT or c.conditions & HELD:
        return False
    return fight.group_of(c.name) is not None


def contest_abilities(
    attacker: Hero | Monster, target: Hero | Monster
) -> tuple[Ability, tuple[Ability, ...], bool]:
    """F3, V-ACL8: the abilities a grapple or shove is rolled with: the attacker's Strength
    (Athletics), with disadvantage when it is weakened ("disadvantage on … Strength checks");
    the target's better of Strength and Dexterity, its Dexterity alone when it is weakened
    (Acrobatics, which the weakness leaves alone)."""
    theirs: tuple[Ability, ...] = (Ability.STR, Ability.DEX)
    if Condition.WEAKENED in target.conditions:
        theirs = (Ability.DEX,)
    return Ability.STR, theirs, Condition.WEAKENED in attacker.conditions


def strength_based(attack: Attack) -> bool:
    """F3, weakened (docs/riders.md): a Strength-based attack roll is a mêlée or thrown weapon
    attack (an unarmed strike too) that is no spell and no finesse weapon: with a finesse
    weapon the attacker may use its Dexterity, and a ranged weapon is Dexterity's."""
    return attack.is_melee and not attack.spell and not attack.finesse and attack.save is None


def weakened_hinders(c: Hero | Monster, attack: Attack) -> tuple[str, ...]:
    """F3, D4: a weakened creature's Strength-based attack roll has disadvantage (Weakening
    Breath: "disadvantage on Strength-based attack rolls"), the reason in a DM's words."""
    if Condition.WEAKENED not in c.conditions or not strength_based(attack):
        return ()
    return (f"{c.name} is weakened and {attack.name} is Strength-based",)


def verify_can_act(c: Hero | Monster) -> None:
    """F3: an incapacitated creature takes no action (nor bonus action or reaction)."""
    if c.conditions & INCAPACITATING:
        why = ", ".join(sorted(str(x) for x in c.conditions & INCAPACITATING))
        raise Refused(f"{c.name} is {why}: it takes no actions or reactions", "F3")


def verify_can_move(c: Hero | Monster) -> None:
    """F3, C1: a grappled, restrained or incapacitated creature's speed is 0: it cannot run."""
    if c.conditions & (HELD | INCAPACITATING):
        why = ", ".join(sorted(str(x) for x in c.conditions & (HELD | INCAPACITATING)))
        raise Refused(f"{c.name} is {why}: its speed is 0, it cannot run (F3, C1)", "F3")
