"""F3, conditions as the SRD has them, where they touch saves, moves and actions (their effects
on attack rolls are D4's reasons in `rules.attacks`; incapacitation and speed 0 are
`rules.roster`). "Within 5 feet" reads as: in the same mêlée group, A1 holding."""

from __future__ import annotations

from lnf.errors import Refused
from lnf.model import HELD, INCAPACITATING, Ability, Condition, Fight, Hero, Monster, Rank
from lnf.rules.roster import downed, in_fight, incapacitated

FAILS_STR_DEX = frozenset(
    {Condition.PARALYZED, Condition.PETRIFIED, Condition.STUNNED, Condition.UNCONSCIOUS}
)


def fails_str_dex(c: Hero | Monster) -> bool:
    """F3: a paralysed, petrified, stunned or unconscious creature (or a hero at 0 hit points,
    unconscious) fails Strength and Dexterity saving throws."""
    return bool(c.conditions & FAILS_STR_DEX) or (isinstance(c, Hero) and downed(c))


def save_disadvantage(c: Hero | Monster, ability: Ability) -> bool:
    """F3: a restrained creature has disadvantage on Dexterity saves; exhaustion level 3 or
    more gives disadvantage on every save."""
    return (ability is Ability.DEX and Condition.RESTRAINED in c.conditions) or c.exhaustion >= 3


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


def verify_not_spared(fight: Fight, c: Hero | Monster, target: str) -> None:
    """F3: "A charmed creature can't attack the charmer or target the charmer with harmful
    abilities or magical effects"; F7 Calm Emotions' indifference likewise spares the
    caster's side. What else the hero does is its player's."""
    if why := spared(fight, c).get(target):
        raise Refused(f"{c.name} is {why}: it cannot attack {target} or aim harm at it", "F3")


def takes_no_reactions(c: Hero | Monster) -> bool:
    """F3: an incapacitated creature takes no reactions; F7 Confusion: "an affected target
    can't take reactions"."""
    return incapacitated(c) or Condition.CONFUSED in c.conditions


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
