"""F3, conditions as the SRD has them, where they touch saves, moves and actions (their effects
on attack rolls are D4's reasons in `rules.attacks`; incapacitation and speed 0 are
`rules.roster`). "Within 5 feet" reads as: in the same mêlée group, A1 holding."""

from __future__ import annotations

from lnf.errors import Refused
from lnf.model import HELD, INCAPACITATING, Ability, Attack, Condition, Fight, Hero, Monster, Rank
from lnf.rules.roster import downed, in_fight, incapacitated

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_SLOWED = Condition.SLOWED
_WEAKENED = Condition.WEAKENED

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
    if ability is Ability.STR and c.conditions & {Condition.WEAKENED, Condition.REDUCED}:
        return True  # F7 Reduce: "disadvantage on Strength checks and Strength saving throws"
    if ability is Ability.STR and Condition.HAMPERED in c.conditions:
        return True  # F6: the roper's tendril
    if ability is Ability.WIS and Condition.INTOXICATED in c.conditions:
        return True  # F6: the lamia's Intoxicating Touch
    return (ability is Ability.DEX and Condition.RESTRAINED in c.conditions) or c.exhaustion >= 3


# F6: a condition that is no SRD one, said with what it does when it lands
CONDITION_WORDS = {
    Condition.INTOXICATED: (
        "intoxicated: magically cursed, disadvantage on Wisdom saves and all ability checks"
    ),
    Condition.HAMPERED: "hampered: disadvantage on Strength checks and Strength saves",
}


def checks_worse(c: Hero | Monster) -> bool:
    """F6: "disadvantage on … all ability checks" (the lamia's curse, intoxicated): an escape,
    a hide, a contest, a chase's checks."""
    return Condition.INTOXICATED in c.conditions


def attacks_on_its_turn(c: Hero | Monster, times: int) -> int:
    """F3, slowed: it "can't make more than one attack on its turn": of an Attack action's
    swings (Extra Attack, a Multiattack, a cantrip's beams) one is made."""
    return min(times, 1) if _SLOWED in c.conditions else times


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
    weak = {Condition.WEAKENED, Condition.REDUCED}  # F7 Reduce: as weakened for checks
    theirs: tuple[Ability, ...] = (Ability.STR, Ability.DEX)
    hindering = weak | {Condition.HAMPERED}  # F6: the roper's tendril, as weakened
    if target.conditions & hindering:
        theirs = (Ability.DEX,)
    hindered = attacker.conditions & hindering
    return Ability.STR, theirs, bool(hindered) or checks_worse(attacker)


def strength_based(attack: Attack) -> bool:
    """F3, weakened (docs/riders.md): a Strength-based attack roll is a mêlée or thrown weapon
    attack (an unarmed strike too) that is no spell and no finesse weapon: with a finesse
    weapon the attacker may use its Dexterity, and a ranged weapon is Dexterity's."""
    return attack.is_melee and not attack.spell and not attack.finesse and attack.save is None


def weakened_hinders(c: Hero | Monster, attack: Attack) -> tuple[str, ...]:
    """F3, D4: a weakened creature's Strength-based attack roll has disadvantage (Weakening
    Breath: "disadvantage on Strength-based attack rolls"), the reason in a DM's words."""
    if _WEAKENED not in c.conditions or not strength_based(attack):
        return ()
    return (f"{c.name} is weakened and {attack.name} is Strength-based",)


def verify_can_act(c: Hero | Monster) -> None:
    """F3: an incapacitated creature takes no action (nor bonus action or reaction)."""
    if c.conditions & INCAPACITATING:
        why = ", ".join(sorted(str(x) for x in c.conditions & INCAPACITATING))
        raise Refused(f"{c.name} is {why}: it takes no actions or reactions", "F3")


def verify_can_move(c: Hero | Monster) -> None:
    """F3, C1: a grappled, restrained or incapacitated creature's speed is 0: it cannot run;
    nor can a mired one (B8: a gibbering mouther's Aberrant Ground)."""
    stuck = c.conditions & (HELD | INCAPACITATING | {Condition.MIRED})
    if stuck:
        why = ", ".join(sorted(str(x) for x in stuck))
        raise Refused(f"{c.name} is {why}: its speed is 0, it cannot run (F3, C1)", "F3")


def spared(fight: Fight, c: Hero | Monster) -> dict[str, str]:
    """F3, F7: whom `c` may not attack nor aim harm at, each with why: the creatures that have
    it charmed (a charm the DM marks without a cause names nobody) and, while it is
    indifferent (Calm Emotions), every creature on its caster's side."""
    out: dict[str, str] = {}
    for e in fight.effects:
        if e.who != c.name or not e.by or e.by == c.name or e.by not in fight:
            continue
        if e.condition is Condition.CHARMED:
            out.setdefault(e.by, f"charmed by {e.by}")
        elif e.condition is Condition.INDIFFERENT:
            side = fight.combatant(e.by).side
            for o in fight.everyone:
                if o.side is side:
                    out.setdefault(o.name, f"indifferent to {e.by}'s side (Calm Emotions)")
    return out


def feared(fight: Fight, c: Hero | Monster) -> tuple[str, ...]:
    """F3: the sources of `c`'s fear still in the fight ("can't willingly move closer to the
    source of its fear"; under LNF joining a group, or an unengaged foe, is moving toward
    whoever stands there, M5). A fear the DM marks without a cause names nobody."""
    return tuple(
        dict.fromkeys(
            e.by
            for e in fight.effects
            if e.who == c.name
            and e.condition is Condition.FRIGHTENED
            and e.by
            and e.by != c.name
            and e.by in fight
            and in_fight(fight.combatant(e.by))
        )
    )


def fear_bars(fight: Fight, c: Hero | Monster, into: str) -> str:
    """F3: the source of `c`'s fear that `into` (a group's label, or an unengaged foe's name)
    holds, or "": `c` may not join it."""
    for source in feared(fight, c):
        group = fight.group_of(source)
        if (group.label if group is not None else source) == into:
            return source
    return ""


def verify_not_spared(fight: Fight, c: Hero | Monster, target: str) -> None:
    """F3: "A charmed creature can't attack the charmer or target the charmer with harmful
    abilities or magical effects"; F7 Calm Emotions' indifference likewise spares the
    caster's side. What else the hero does is its player's."""
    if why := spared(fight, c).get(target):
        raise Refused(f"{c.name} is {why}: it cannot attack {target} or aim harm at it", "F3")


def takes_no_reactions(c: Hero | Monster) -> str:
    """F3: why `c` takes no reactions now, or "": incapacitated; F7 Confusion ("an affected
    target can't take reactions"); turned (F2 Turn Undead); slowed (Slowing Breath, Slow:
    "can't use reactions"): no opportunity attack (M6), no Shield or Parry (F1), no
    Counterspell (B10)."""
    if incapacitated(c):
        return "incapacitated"
    if isinstance(c, Hero) and downed(c):  # D8: unconscious at 0 hit points, so incapacitated
        return "unconscious at 0 hit points"
    no_reactions = (Condition.CONFUSED, Condition.SLOWED, Condition.GIBBERING, Condition.TURNED)
    found = [x for x in no_reactions if x in c.conditions]
    return str(found[0]) if found else ""


# F7 Confusion's d10, by face: what the confused creature does this turn.
STAYS, NOTHING, ATTACKS, ACTS = "stays", "nothing", "attacks", "acts"


def confused_does(face: int) -> str:
    """F7 Confusion's table for the d10 rolled as a confused creature's turn starts: 1 "moves
    in a random direction" and uses no action — without a map lnf has no direction, so it
    stays (`STAYS`); 2–6 no move, no action (`NOTHING`); 7–8 its action is a mêlée attack at a
    creature in its reach, rolled (`ATTACKS`; nothing without one); 9–10 it acts (`ACTS`)."""
    if not 1 <= face <= 10:
        raise Refused(f"a d10 shows 1 to 10, not {face}", "F7")
    return STAYS if face == 1 else NOTHING if face <= 6 else ATTACKS if face <= 8 else ACTS


def confused_reach(fight: Fight, c: Hero | Monster) -> tuple[str, ...]:
    """F7 Confusion: the creatures "within its reach", friend or foe: those in its mêlée group
    in its own rank, front with front or free air with free air (A1, R7), standing, in the
    group's order."""
    group = fight.group_of(c.name)
    if group is None or c.rank is Rank.BACK:  # R3: the back rank is out of mêlée
        return ()
    return tuple(
        n
        for n in group.members
        if n != c.name
        and (o := fight.combatant(n)).rank is c.rank
        and in_fight(o)
        and o.current_hp > 0
    )


def condition_immune(c: Hero | Monster) -> frozenset[Condition]:
    """F3: the conditions a creature can never be given: its stat block's condition immunities
    (a hero's sheet lists none)."""
    return c.condition_immune if isinstance(c, Monster) else frozenset()
