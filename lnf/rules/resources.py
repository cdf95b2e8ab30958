"""What a hero's sheet limits (5e): spell slots, Sneak Attack once a turn and only when 5e
allows it, and features with a number of uses (Action Surge, Rage, Lay on Hands…). Each
`verify_…` refuses with what is left and when it comes back. A hero without a sheet (no level,
no slots or uses in the file) is not counted: fight files from before sheets play as they did.
"""

from __future__ import annotations

from lnf.dice import DamageType, DiceExpr
from lnf.errors import Refused
from lnf.model import SLOT, Attack, Combatant, Condition, Fight, Hero, Monster, Resource
from lnf.model.plan import Advantage
from lnf.rules.darts import sure_hit
from lnf.rules.roster import in_fight, incapacitated
from lnf.rules.wording import a_an

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_COLD = DamageType.COLD
_FIRE_SHIELDED = Condition.FIRE_SHIELDED

SNEAK_ATTACK = "Sneak Attack"
ACTION_SURGE = "Action Surge"
SLOTTED_SPELL = "a slotted spell"  # T1: the big resource a spell cast with a slot is
SECOND_WIND = "Second Wind"
RAGE = "Rage"
LAY_ON_HANDS = "Lay on Hands"
BARDIC_INSPIRATION = "Bardic Inspiration"  # F2: `rules.inspiration`
# Raging: resistance to these (5e: Rage), while the effect lasts (this fight).
RAGE_RESISTS = frozenset({DamageType.BLUDGEONING, DamageType.PIERCING, DamageType.SLASHING})
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def swing_resource(big: str, swing: int, swings: int, surged: int) -> str:
    """T1: the big resource that swing `swing` (0: the first) of an attack's `swings` spends,
    for its O dot. Action Surge's are its second action's swings, the last `surged`: the first
    action's (Extra Attack) spend none, since "normal attacks, Extra Attack and cantrips never
    give one". A slotted spell or Sneak Attack is the whole attack's."""
    if big != ACTION_SURGE:
        return big
    return big if swing >= swings - surged else ""


SECOND_ACTION = 0  # `surge_factor`: Action Surge's own action, not the action doubled


def surge_factor(fight: Fight, who: str) -> int:
    """T1, F1: Action Surge is one more action. Said with the turn's attack before the action
    is spent, it doubles that attack's swings (2); said once the action is spent (the fighter
    saw the first swings and wants more), the attack is the second action alone, all its
    swings Action Surge's (`SECOND_ACTION`)."""
    return SECOND_ACTION if who in fight.turns.used_action else 2


def ordinal(n: int) -> str:
    return ORDINAL.get(n, f"{n}th")


def slot_words(resource: str) -> str | None:
    """A spell slot as a DM says it ("a 1st-level spell slot"); None for any other use."""
    if not resource.startswith(SLOT):
        return None
    return f"{a_an(ordinal(int(resource.removeprefix(SLOT))))}-level spell slot"


def tracked(hero: Hero) -> bool:
    """Whether the hero has a sheet whose uses lnf counts."""
    return hero.level is not None or bool(hero.resources) or hero.sneak_attack is not None


def _said(hero: Hero, r: Resource) -> str:
    back = f"; it comes back on a {r.recharge.value} rest"
    return f"{hero.name} has {r.left} of {r.total} {r.name} left{back}"


def slot_for(hero: Hero, level: int) -> str | None:
    """A slotted spell of `level` uses the lowest free slot of that level or higher; None when
    the hero's slots are not counted. Refused when none is free."""
    slots = sorted(
        (int(r.name.removeprefix(SLOT)), r) for r in hero.resources if r.name.startswith(SLOT)
    )
    if not slots and not tracked(hero):
        return None
    for slot_level, r in slots:
        if slot_level >= level and r.left > 0:
            return r.name
    free = ", ".join(f"{ordinal(n)} {r.left}/{r.total}" for n, r in slots) or "none"
    raise Refused(
        f"{hero.name} has no spell slot of the {ordinal(level)} level or higher left "
        f"(slots: {free}); they come back on a long rest"
    )


def cast_slot(hero: Hero, name: str, own: int, level: int | None) -> tuple[str | None, int]:
    """F7: the slot a spell of level `own` spends (None: the hero's slots are not counted) and
    the level it is cast at. Unnamed, the lowest free slot of its level or higher, and the spell
    is cast at that slot's level (its 3rd-level dice when only a 3rd is left for a 2nd-level
    spell). Named, that slot: refused for a cantrip, below the spell's level, or none left."""
    if level is None:
        slot = slot_for(hero, own) if own else None
        return slot, int(slot.removeprefix(SLOT)) if slot else own
    if not own:
        raise Refused(f"{name} takes no spell slot (a cantrip, a potion, a feature)", "F7")
    if not own <= level <= 9:
        raise Refused(
            f"{name} is a {ordinal(own)}-level spell: cast it with a slot of the "
            f"{ordinal(own)} level or higher, up to the 9th (not {ordinal(level)})",
            "F7",
        )
    slots = sorted(
        (int(r.name.removeprefix(SLOT)), r) for r in hero.resources if r.name.startswith(SLOT)
    )
    if not slots and not tracked(hero):
        return None, level  # a hero without a sheet: the level said, nothing counted
    r = hero.resource(f"{SLOT}{level}")
    if r is None or r.left == 0:
        free = ", ".join(f"{ordinal(n)} {s.left}/{s.total}" for n, s in slots) or "none"
        raise Refused(
            f"{hero.name} has no {ordinal(level)}-level slot left for {name} (slots: {free}); "
            "they come back on a long rest",
            "F7, F1",
        )
    return r.name, level


def verify_use(hero: Hero, name: str, amount: int = 1) -> str | None:
    """A feature's use (or `amount` points of a pool); its name as the sheet has it, or None
    when the hero's uses are not counted. Refused when it has none left."""
    r = hero.resource(name)
    if r is None:
        if not tracked(hero):
            return None
        has = ", ".join(x.name for x in hero.resources if not x.name.startswith(SLOT))
        raise Refused(f"{hero.name} has no {name}" + (f" (it has {has})" if has else ""))
    if r.left < amount:
        raise Refused(_said(hero, r) + (f", not {amount}" if amount > 1 else ""))
    return r.name


def sneak_attack_dice(hero: Hero, given: DiceExpr | None) -> DiceExpr:
    """The dice of a Sneak Attack: the sheet's (the words may repeat them, not raise them)."""
    if hero.sneak_attack is None:
        if tracked(hero) or given is None:
            raise Refused(f"{hero.name} has no Sneak Attack")
        return given  # no sheet: the player's word, as before sheets
    if given is not None and given != hero.sneak_attack:
        raise Refused(
            f"{hero.name}'s Sneak Attack is {hero.sneak_attack}, not {given}"
            + (f" (level {hero.level})" if hero.level else "")
        )
    return hero.sneak_attack


def verify_sneak(
    fight: Fight, hero: Hero, target: Monster, attack: Attack, roll: Advantage
) -> None:
    """5e: once a turn, with a finesse or a ranged weapon, when the attack has advantage — or
    when an ally of the rogue stands in the target's mêlée group and it has no disadvantage."""
    if hero.name in fight.turns.sneaked:
        raise Refused(f"{hero.name} has dealt Sneak Attack this turn: once a turn")

    if sure_hit(attack):  # F7: no attack roll, so no Sneak Attack
        raise Refused(f"Sneak Attack needs an attack roll: {attack.name} hits without one")
    if attack.spell:  # F2, 5e: "with a finesse or a ranged weapon": a spell is neither
        raise Refused(f"Sneak Attack needs a weapon: {attack.name} is a spell")
    if not (attack.finesse or attack.is_ranged):
        raise Refused(f"Sneak Attack needs a finesse or a ranged weapon: {attack.name} is neither")
    if roll is Advantage.ADVANTAGE:
        return
    group = fight.group_of(target.name)
    allies = (
        [
            h.name
            for h in fight.heroes_in(group)
            if h.name != hero.name and in_fight(h) and h.current_hp > 0 and not incapacitated(h)
        ]
        if group is not None
        else []
    )
    if roll is Advantage.DISADVANTAGE:
        raise Refused("Sneak Attack is not open with disadvantage on the attack roll")
    if not allies:
        raise Refused(
            f"Sneak Attack needs advantage, or an ally of {hero.name}'s in {target.name}'s "
            "mêlée group"
        )


def resists(c: Combatant) -> frozenset[DamageType]:
    """D6: the resistances a combatant has now (its own, and Rage's while it rages; B6, F7: a
    warm Fire Shield's "cold damage resistance")."""
    own = c.resist | RAGE_RESISTS if RAGE in c.effects else c.resist
    shielded = isinstance(c, Monster) and _FIRE_SHIELDED in c.conditions
    return own | {_COLD} if shielded else own
