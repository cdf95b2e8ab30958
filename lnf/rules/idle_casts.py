"""B6: "spells that neither attack a hero nor impose a condition on one are cast only when nothing
else is possible": which such spell a monster casts, when, and the check of an order that casts
it.

**Decision (B6):** nothing else is possible for a monster whose order in the plan attacks no
hero: P3 gives every monster that can attack a hero one (one more attacker on any hero is a
better plan), so a monster left without a target reaches nobody this round, or may attack
nobody the gang-up limits leave (K2). Such a monster casts the first spell of its stat block,
in its order, that does something now (`idle_spell`), wherever its order takes it; the cast
changes no count of P3 or P4, so it is added to the plan the levels chose
(`with_idle_casts`), by the solver and brute force alike, and checked by the validator
(`check_idle_cast`).
"""

from __future__ import annotations

from lnf.errors import Violation
from lnf.model import INCAPACITATING, Attack, Condition, Cost, Fight, Hero, Monster
from lnf.model.enums import GUARDS
from lnf.model.plan import MoveKind, Order, Plan
from lnf.rules.concentration import concentration_of
from lnf.rules.creature_limits import kind_why
from lnf.rules.damage import restorable
from lnf.rules.economy import attack_named
from lnf.rules.legal import can_take_turn
from lnf.rules.mirror_image import duplicates, in_bright_light
from lnf.rules.roster import fly_speed, in_fight
from lnf.rules.specials import action_named, attacks_a_hero, charged, spent_words
from lnf.rules.specters import to_rise
from lnf.rules.surprise import check_surprise_order, held_back
from lnf.values import replace

# B6: an idle cast is the monster's action, or its bonus action (Sanctuary) with its action
# left unused: a bonus-action spell leaves the action only a cantrip, and it attacks nobody.
IDLE_COSTS = (Cost.ACTION, Cost.BONUS)


def self_spell(action: Attack) -> bool:
    """B6: a spell the monster casts on itself when nothing else is possible (Invisibility,
    Greater Invisibility: `effect: {invisible: true}`; Blur: `blurred`); it attacks no hero."""
    effect = action.effect
    if effect is None:
        return False
    on_self = effect.invisible or effect.blurred or effect.heal is not None or effect.dispel
    on_self = on_self or effect.flying or effect.ward is not None or bool(effect.mirror)
    on_self = on_self or effect.darkness  # B6: the darkmantle's Darkness Aura
    on_self = on_self or effect.animates > 0 or effect.raises  # B6: rules.joining
    return on_self and not attacks_a_hero(action)


DISPELLED_AT_MOST = 3  # SRD Dispel Magic: "Any spell of 3rd level or lower on the target ends"


def dispelled(fight: Fight, monster: Monster) -> tuple[str, str, str] | None:
    """B6 Dispel Magic (120 feet: the whole fight, B4): the creature of `monster`'s side
    whose hero's spell it ends, that hero and the spell — a spell the hero concentrates on
    (lnf knows which spell holds it), of the 3rd level or lower on its sheet (a higher one asks
    a check: not cast for it). Itself first, then its allies in the fight's order; one kept
    from acting (incapacitated, F3) before one that is not; None when none is under one."""
    found: list[tuple[bool, int, tuple[str, str, str]]] = []
    for ally in (monster, *(m for m in fight.monsters if m.name != monster.name)):
        if not in_fight(ally):
            continue
        for e in fight.effects:
            hero = fight.combatant(e.by) if e.who == ally.name and e.by in fight else None
            held = concentration_of(fight, hero.name) if isinstance(hero, Hero) else None
            if held is None or e.lasting.concentration != held.who or e.concentration:
                continue
            spell = attack_named(hero, held.what) if isinstance(hero, Hero) else None
            if spell is not None and spell.slot <= DISPELLED_AT_MOST:
                stops = e.condition is not None and e.condition in INCAPACITATING
                found.append((not stops, len(found), (ally.name, held.who, held.what)))
    return min(found)[2] if found else None


CURE_WOUNDS = "Cure Wounds"  # its own words limit whom it heals (`rules.creature_limits`)


def patient(fight: Fight, monster: Monster, others: bool = False) -> Monster | None:
    """B6 Cure Wounds ("A creature you touch"): the most hurt creature of `monster`'s side it
    touches — itself, or a monster of its mêlée group (B4: a touch reaches its own group) —
    by the hit points it has lost (itself, then its group's order, on a tie); none undead or
    a construct ("no effect on undead or constructs"), nor a swarm (B8); None when none is
    hurt. With `others` (Healing Touch: "touches another creature") never itself."""
    group = next((g.members for g in fight.groups if monster.name in g.members), ())
    near = [*([] if others else [monster.name]), *(n for n in group if n != monster.name)]
    hurt = [
        c
        for c in (fight.combatant(n) for n in near)
        if isinstance(c, Monster)
        and in_fight(c)
        and c.damage > 0
        and restorable(c)
        and not kind_why(c, CURE_WOUNDS)  # F7: "no effect on undead or constructs"
    ]
    return max(hurt, key=lambda c: c.damage, default=None)


def does_something(fight: Fight, monster: Monster, action: Attack) -> str:
    """B6: why casting `action` now would change nothing ("" when it does something): it is
    invisible already, or it would drop a concentration that still holds something."""
    invisible = action.effect is not None and action.effect.invisible
    if invisible and Condition.INVISIBLE in monster.conditions:
        return f"{monster.name} is invisible already"
    blurred = action.effect is not None and action.effect.blurred
    if blurred and Condition.BLURRED in monster.conditions:
        return f"{monster.name} is blurred already"
    others = action.effect is not None and action.effect.others  # Healing Touch: not itself
    heals = action.effect is not None and action.effect.heal is not None
    if heals and patient(fight, monster, others) is None:
        return f"nobody {'else ' if others else ''}{monster.name} touches is hurt"
    if action.effect is not None and action.effect.mirror and duplicates(fight, monster):
        return f"{monster.name} has duplicates already"
    if action.effect is not None and action.effect.mirror and in_bright_light(fight, action):
        return f"{monster.name} makes no duplicates in bright light (sunlight)"
    ward = action.effect.ward if action.effect is not None else None
    if ward is not None and ward in monster.conditions:
        return f"{monster.name} is {ward} already"
    flies = action.effect is not None and action.effect.flying
    if flies and fly_speed(monster) > 0:
        return f"{monster.name} flies already"
    dispels = action.effect is not None and action.effect.dispel
    if dispels and dispelled(fight, monster) is None:
        return f"no hero's spell of the 3rd level or lower holds {monster.name}'s side"
    raises = action.effect is not None and action.effect.raises
    if raises and to_rise(fight) is None:
        return "no hero dead in the fight is left to rise, or seven specters stand"
    held = concentration_of(fight, monster.name) if action.concentration else None
    if held is not None:
        return f"{monster.name} keeps its concentration on {held.what}"
    return ""


def idle_spell(fight: Fight, monster: Monster) -> Attack | None:
    """B6: the spell `monster` casts when it attacks no hero this round: the first of its
    stat block's spells, in order, that it casts on itself (`self_spell`) as its action (or
    bonus action), with a use or slot left (B2), that does something now; None when there is
    none or it cannot act (incapacitated, surprised, F3, D12). A ward (Sanctuary, Freedom of
    Movement) comes after the others: it guards against what may come, where a heal or a
    dispel mends what is (docs/choices.md B6)."""
    if not can_take_turn(monster) or held_back(fight, monster.name) is not None:
        return None
    wards_last = sorted(
        monster.actions, key=lambda a: a.effect is not None and a.effect.ward in GUARDS
    )
    for action in wards_last:
        if action.cost not in IDLE_COSTS or not self_spell(action):
            continue
        if charged(monster, action) and not does_something(fight, monster, action):
            return action
    return None


def _idle(fight: Fight, order: Order) -> Attack | None:
    """The spell an order of the plan casts under B6: one that attacks nobody and uses no
    action of its own, for a monster that may still act after its move (V-ENC1)."""
    if order.targets or order.action or order.monster not in fight:
        return None
    monster = fight.combatant(order.monster)
    if isinstance(monster, Hero) or Condition.TURNED in monster.conditions:
        return None  # F2 Turn Undead: "for its action, it can use only the Dash action"
    moved = order.move.kind is not MoveKind.STAY
    if check_surprise_order(fight, monster.name, moved, True):
        return None
    return idle_spell(fight, monster)


def with_idle_casts(fight: Fight, plan: Plan) -> Plan:
    """B6: the plan with each monster that attacks nobody casting its `idle_spell`."""
    orders = []
    for order in plan.orders:
        spell = _idle(fight, order)
        orders.append(replace(order, action=spell.name) if spell is not None else order)
    return Plan(tuple(orders))


def check_idle_cast(
    fight: Fight, monster: Monster, order: Order, played: bool = False
) -> list[Violation]:
    """B6 for an order with a spell the monster casts on its own side (`self_spell`): it
    names no hero, and it is the one `idle_spell` gives (its first that does something now,
    with a use left). When the order is `played`, what the plan chose is not asked again (an
    ally healed since by another is no reason to refuse the turn): only B1, B2 and no hero."""
    who = (monster.name,)
    action = action_named(monster, order.action)
    assert action is not None and self_spell(action)
    if order.targets:
        return [
            Violation(
                "B6",
                f"{monster.name} casts {action.name} only when it attacks nobody this round",
                who,
            )
        ]
    if action.cost not in IDLE_COSTS:
        return [Violation("B1", f"{action.name} is {monster.name}'s {action.cost}, no action", who)]
    if not charged(monster, action):
        return [Violation("B2", f"{monster.name}'s {action.name} is {spent_words(action)}", who)]
    if played:
        return []
    if why := does_something(fight, monster, action):
        return [Violation("B6", f"{action.name} would do nothing now: {why}", who)]
    first = idle_spell(fight, monster)
    if first is not None and first.name != action.name:
        return [
            Violation(
                "B6", f"{monster.name} casts {first.name} first (its stat block's order)", who
            )
        ]
    return []
