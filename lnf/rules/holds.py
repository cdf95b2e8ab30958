"""F6, holds (grapples, and a stirge attached) without a map (docs/riders.md, "F6, holds"):
who holds whom, how many a grappling attack may hold at once, what lasts with a hold, and what
ends one.

A hold is an effect with an `attack`: `by` holds `who` (grappled, F3) through that attack; an
effect whose `hold` is that effect's key (restrained "until this grapple ends") lasts as long
as it does. A held creature's speed is 0 (F3, M4: no group change); its grappler lets go when
it moves away from the group of the one it holds. A hold ends when the held one escapes (an
action: the better of its Strength and Dexterity against the escape DC, read, as V-ACL8's
contests are, from the save bonuses), when its grappler drops or is incapacitated (SRD,
grappled), when the one held is out of the fight, and when its grappler moves away.

A stirge attached is a hold without a DC (an action detaches it): it attacks no more while
attached; as each of its turns starts the one it holds loses its drain, and it lets go when it
has drunk its fill (the SRD's 10 hit points) or the one it holds dies.
"""

from __future__ import annotations

from lnf.errors import Refused
from lnf.model import (
    INCAPACITATING,
    Ability,
    Attack,
    Condition,
    Effect,
    Fight,
    Hero,
    Monster,
    Rider,
    TraitKind,
)
from lnf.rules.conditions import checks_worse
from lnf.rules.roster import in_fight
from lnf.values import replace


def holds_by(fight: Fight, grappler: str, attack: str | None = None) -> list[Effect]:
    """F6: the holds `grappler` has now (with `attack` only, when named)."""
    return [
        e
        for e in fight.effects
        if e.attack and e.by == grappler and (attack is None or e.attack == attack)
    ]


def holds_on(fight: Fight, who: str) -> list[Effect]:
    """F6: the holds on `who`, the first begun first."""
    if not fight.effects:
        return []  # no effect, no hold (asked on every hero's turn)
    return [e for e in fight.effects if e.attack and e.who == who]


def may_hold(fight: Fight, attacker: str, target: str, attack: str, rider: Rider) -> bool:
    """F6: whether a hit's grapple takes hold: an attack that holds `rider.holds` creatures at
    once ("the snake can't constrict another target"; two claws, one each) holds no more while
    it holds that many; one this attack holds already is not grappled twice."""
    held = holds_by(fight, attacker, attack)
    if any(e.who == target for e in held):
        return False
    held = [e for e in held if swallowing(fight, e) is None]  # the tarrasque's swallowed: no grip
    return not rider.holds or len(held) < rider.holds


def held_advantage(fight: Fight, attacker: Hero | Monster, target: str, attack: Attack) -> str:
    """F6, D4: the reason an attack has advantage on the one its attacker holds with it ("the
    ankheg … has advantage on attack rolls to do so"); "" when it has none."""
    if not attack.riders or not any(r.held_advantage for r in attack.riders):
        return ""  # asked of every attack roll: most attacks have no riders
    if not any(e.who == target for e in holds_by(fight, attacker.name, attack.name)):
        return ""
    return f"{attacker.name} holds {target} with its {attack.name} (F6)"


def sure_hit(fight: Fight, attacker: Hero | Monster, target: str, attack: Attack) -> str:
    """F6: the reason an attack hits without fail ("the marilith can automatically hit the
    target with its tail": the one it holds with that attack); "" when it does not. lnf still
    rolls the d20, and a 20 is still a critical hit."""
    if not any(r.held_hits for r in attack.riders):
        return ""
    if not any(e.who == target for e in holds_by(fight, attacker.name, attack.name)):
        return ""
    return f"{attacker.name} holds {target}: its {attack.name} hits without fail (F6)"


def grapples_instead(fight: Fight, attacker: str, target: str, attack: Attack) -> bool:
    """F6, B6: whether a hit that may grapple instead of dealing damage (the vampire's claws)
    grapples: when the grapple may take hold and the worth of the target grappled (B6's share
    of its hit points) is more than the hit's damage on average, after its defences."""
    if not attack.riders:
        return False  # asked of every hit: most attacks have no riders
    from lnf.rules.damage import magical
    from lnf.rules.expected import condition_worth, dice_mean

    rider = next((r for r in attack.riders if r.instead), None)
    hero = fight.combatant(target)
    if rider is None or not isinstance(hero, Hero) or Condition.GRAPPLED in hero.conditions:
        return False
    if not may_hold(fight, attacker, target, attack.name, rider):
        return False
    worth = condition_worth((Condition.GRAPPLED, *rider.conditions), hero)
    magic = magical(fight.combatant(attacker), attack)  # D6, as B6 prices the attack
    return worth > dice_mean(attack.damage, hero, magic=magic)[0]


def lasting_with(fight: Fight, keys: set[int]) -> set[int]:
    """F6: the effects that end with the holds `keys`: those keys and the effects that last
    as long as they do (restrained until the grapple ends)."""
    return keys | {e.key for e in fight.effects if e.hold and e.hold in keys}


def holds_ending(fight: Fight) -> list[tuple[Effect, str]]:
    """F6, SRD grappled: the holds that end now because their grappler is out of the fight or
    incapacitated (a creature it holds that is out of the fight is held no more either)."""
    out = []
    for e in fight.effects:
        if not e.attack:
            continue
        grappler = fight.combatant(e.by) if e.by in fight else None
        held = fight.combatant(e.who) if e.who in fight else None
        if e.web:  # webbing holds by itself, whoever spun it
            if held is None or not in_fight(held):
                out.append((e, f"{e.who} is out of the fight"))
        elif grappler is None or not in_fight(grappler):
            out.append((e, f"{e.by} is down and lets go"))
        elif grappler.conditions & INCAPACITATING:
            why = ", ".join(sorted(str(c) for c in grappler.conditions & INCAPACITATING))
            out.append((e, f"{e.by} is {why} and lets go"))
        elif held is None or not in_fight(held):
            out.append((e, f"{e.who} is out of the fight"))
    return out


def let_go(before: Fight, after: Fight, mover: str) -> list[tuple[Effect, str]]:
    """F6, M4: a grappler that moves out of the group it was in lets go of those it holds,
    unless it moves into the group of the one it holds (a hold made with reach, A2, from
    outside the group, ends when the grappler moves too, unless it joins the held one)."""
    was, now = _label(before, mover), _label(after, mover)
    if was == now:
        return []
    out = []
    for e in holds_by(after, mover):
        if e.web or e.held_save or (e.escape and swallowing(after, e) is not None):
            continue  # F6: the webbing stays where it holds; the engulfed goes along
        if now is None or now != _label(after, e.who):
            out.append((e, f"{mover} moves away and lets go"))
    return out


WEBBING_OF = "{}'s webbing"  # F6: what a webbed hero's check is against, in the telling


def escape_check(c: Hero | Monster, web: bool = False) -> tuple[int, bool]:
    """F6: an escape's bonus and whether it rolls with disadvantage. It is Strength (Athletics)
    or Dexterity (Acrobatics), the better; sheets hold no skills but Stealth, so lnf reads the
    check from the save bonuses (as V-ACL8's). Webbing is burst by "a DC 12 Strength check":
    Strength only. Hampered (the roper's tendril), Strength rolls with disadvantage, taken as
    5 less (D4's rule of thumb) to choose between them; intoxicated, any check does."""
    strength, dexterity = c.save_bonus(Ability.STR), c.save_bonus(Ability.DEX)
    hampered = Condition.HAMPERED in c.conditions
    worse = checks_worse(c)
    if web:
        return strength, worse or hampered
    if hampered and strength - 5 > dexterity:
        return strength, True
    if hampered:
        return dexterity, worse
    return max(strength, dexterity), worse


def breath(c: Hero | Monster) -> int:
    """F6, suffocating (5e): the rounds a creature lasts without air — it holds its breath
    1 + its Constitution modifier minutes (30 seconds at least), then survives its modifier in
    rounds (1 at least); at the start of its next turn it drops to 0 hit points."""
    return max(5, 10 * (1 + c.con)) + max(1, c.con)


def suffocated(fight: Fight, e: Effect) -> bool:
    """F6: whether the one `e` smothers has gone without air too long, as its turn starts."""
    return e.suffocates and fight.round - e.round >= breath(fight.combatant(e.who))


def swallowing(fight: Fight, e: Effect) -> Rider | None:
    """F6: the swallow rider of the attack whose hold `e` is; None when it is no swallow (a
    grapple by the same bite, the tarrasque's, is none: a swallow hurts as its swallower's
    turns start, `held_hurts_on`)."""
    if not e.attack or e.by not in fight or e.held_hurts_on != e.by or e.held_save:
        return None
    by = fight.combatant(e.by)
    own = (*by.attacks, *(by.actions if isinstance(by, Monster) else ()))  # the cube's Engulf
    attack = next((a for a in own if a.name == e.attack), None)
    return next((r for r in attack.riders if r.swallow), None) if attack is not None else None


ENGULFED_AT_MOST = 4  # the gelatinous cube: "up to four Medium or smaller creatures"


def to_swallow(fight: Fight, attacker: str, target: str, rider: Rider) -> Effect | bool | None:
    """F6: whether a hit's swallow takes `target`: a failed save's does (True); one without a
    save swallows only a creature its attacker grapples ("If the target is … grappled by the
    kraken, that creature is swallowed, and the grapple ends"): that grapple, which ends, or
    None when it grapples none."""
    if rider.engulf:  # F6, the cube: "up to four Medium or smaller creatures inside it"
        inside = [e for e in holds_by(fight, attacker) if swallowing(fight, e) is not None]
        return len(inside) < ENGULFED_AT_MOST or None
    if rider.save is not None:
        return True
    return next(
        (e for e in holds_by(fight, attacker) if e.who == target and not swallowing(fight, e)),
        None,
    )


def swallowed_by(fight: Fight, who: str) -> str | None:
    """F6: the creature that has swallowed `who` ("total cover against attacks and other
    effects outside the worm"): `who` reaches it alone, and is reached by nobody; None."""
    return next((e.by for e in holds_on(fight, who) if swallowing(fight, e)), None)


def verify_from_inside(fight: Fight, who: str, target: str) -> None:
    """F6: a swallowed creature attacks and casts at its swallower only (total cover)."""
    inside = swallowed_by(fight, who)
    if inside is not None and target != inside:
        raise Refused(f"{who} is inside {inside}: it reaches {inside} alone", rule="F6")


def regurgitates(fight: Fight, swallower: str, dealt: int) -> int | None:
    """F6: the Constitution save's DC the swallower makes at the end of a turn in which the
    one inside dealt it `dealt` damage ("30 damage or more on a single turn from a creature
    inside it"); None when that is too little."""
    for e in holds_by(fight, swallower):
        rider = swallowing(fight, e)
        if rider is not None and rider.regurgitate is not None and dealt >= rider.regurgitate[0]:
            return rider.regurgitate[1]
    return None


def hold_to_escape(fight: Fight, who: str) -> Effect | None:
    """F6: the hold `who` tries to escape with its action: the one with the lowest escape DC
    (the first begun on a tie); None when nothing holds it that an action ends (a swallow:
    only the swallower's death or its regurgitation ends it)."""
    held = [e for e in holds_on(fight, who) if swallowing(fight, e) is None or e.escape]
    return min(held, key=lambda e: (e.escape, e.key)) if held else None


def attaching(fight: Fight, e: Effect) -> Rider | None:
    """F6: the attach rider of the attack whose hold `e` is (the stirge's, the cloaker's, the
    darkmantle's); None when `e` is no attachment."""
    if not e.attack or e.by not in fight:
        return None
    attack = next((a for a in fight.combatant(e.by).attacks if a.name == e.attack), None)
    return next((r for r in attack.riders if r.attach), None) if attack is not None else None


def may_attach(fight: Fight, attacker: str) -> bool:
    """F6: a creature attached to one attaches to no other (the stirge does not attack while
    attached: `drinking`; the cloaker detaches first to attack another, `detaches`)."""
    return not any(attaching(fight, e) for e in holds_by(fight, attacker))


def detaches(fight: Fight, monster: str, target: str) -> list[Effect]:
    """F6: the attachments `monster` ends to attack `target` ("can attack no other creature
    except the target"; "can detach itself by using 5 feet of movement"): those on another."""
    return [
        e
        for e in holds_by(fight, monster)
        if e.who != target and not e.drain and attaching(fight, e) is not None
    ]


def engulfing(fight: Fight, monster: str) -> Effect | None:
    """F6: the one `monster` has engulfed ("only one creature engulfed at a time"); None."""
    return next((e for e in holds_by(fight, monster) if e.held_save), None)


def riders_along(fight: Fight, who: str) -> list[Effect]:
    """F6: the attachments with a check to pull them off on `who` (the cloaker, the darkmantle:
    "it moves with the target"): where `who` goes, they go."""
    return [e for e in holds_on(fight, who) if e.escape and attaching(fight, e) is not None]


def drinking(fight: Fight, monster: str) -> Effect | None:
    """F6: the stirge's attachment, when it has one: "While attached, the stirge doesn't
    attack" — its turn is the drain as it starts."""
    return next((e for e in holds_by(fight, monster) if e.drain), None)


def drank(fight: Fight, key: int, amount: int) -> Fight:
    """F6: the drain `key` has drunk `amount` more hit points."""
    effects = tuple(
        replace(e, drained=e.drained + amount) if e.key == key else e for e in fight.effects
    )
    return replace(fight, effects=effects)


def sated(e: Effect) -> bool:
    """F6: "It does so [detaches] after it drains 10 hit points of blood from the target"."""
    return bool(e.sated) and e.drained >= e.sated


def verify_escape(fight: Fight, who: str) -> Effect:
    """F6: the hold an escape is from; Refused when nothing holds `who`."""
    hold = hold_to_escape(fight, who)
    if hold is None and (inside := swallowed_by(fight, who)) is not None:
        raise Refused(
            f"{who} is inside {inside}: no action gets it out; enough damage from inside may",
            rule="F6",
        )
    if hold is None:
        raise Refused(f"nothing holds {who}: there is no grapple to escape", rule="F6")
    return hold


def strength_only(fight: Fight, hold: Effect) -> bool:
    """F6: an escape by a Strength check alone: webbing, or an attachment pulled off ("a DC
    16 Strength check")."""
    return hold.web or attaching(fight, hold) is not None or engulfed(fight, hold)


def engulfed(fight: Fight, hold: Effect) -> bool:
    """F6, the gelatinous cube: a swallow an action's Strength check ends ("An engulfed
    creature can try to escape by taking an action to make a DC 12 Strength check")."""
    rider = swallowing(fight, hold)
    return rider is not None and rider.engulf > 0


def wants_escape(fight: Fight, hero: Hero) -> bool:
    """F6, the hero policy: a hero a hold restrains (attacks on it with advantage, its own at
    disadvantage) uses its action to escape when its check meets the escape DC on a 10 or
    better (an even chance or more); a hold that only grapples it, it fights on in."""
    if Condition.RESTRAINED not in hero.conditions:
        return False  # asked first: the hero policy asks on every turn
    hold = hold_to_escape(fight, hero.name)
    if hold is None:
        return False
    restrains = any(
        e.hold == hold.key and e.condition is Condition.RESTRAINED for e in fight.effects
    )
    bonus, worse = escape_check(hero, strength_only(fight, hold))
    return restrains and 10 + bonus - (5 if worse else 0) >= hold.escape


def _label(fight: Fight, name: str) -> str | None:
    group = fight.group_of(name)
    return group.label if group is not None else None


def transfers_to(fight: Fight, c: Hero | Monster) -> str | None:
    """B8 Damage Transfer (SRD, the cloaker: "While attached to a creature, the cloaker takes
    only half the damage dealt to it (rounded down), and that creature takes the other half";
    the rug of smothering's while grappling): the creature it holds now (attached or
    grappled, not swallowed: its first hold), or None."""
    if not isinstance(c, Monster) or c.trait(TraitKind.DAMAGE_TRANSFER) is None:
        return None
    held = [e.who for e in holds_by(fight, c.name) if swallowing(fight, e) is None]
    return next((n for n in held if n in fight and in_fight(fight.combatant(n))), None)
