"""AC-less defence (core-d20 V-ACL), a switch a fight file turns on (`variants: [acl]`): an attack
hits on the target's Hit DC by size (V-ACL1), raised by cover (V-ACL2); damage goes through
Damage Reduction once per attack before resistance (V-ACL3); armor gives DR (V-ACL4); a hero may
aim at a body part, and a hit asks for a Wound Save (V-ACL5); unused reactions become surge dice
(V-ACL6, V-ACL7). Each rule is decided here once; play and the grid ask these functions.
"""

from __future__ import annotations

from collections.abc import Mapping

from lnf.dice import DamageType
from lnf.errors import Refused
from lnf.model import Combatant, Cover, Fight, Hero, Monster, Size, Variant
from lnf.rules.roster import incapacitated
from lnf.rules.sheets import proficiency
from lnf.rules.wording import plural
from lnf.values import replace

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_AC_LESS = Variant.AC_LESS

# V-ACL1: the Hit DC by size (smaller sizes than tiny, the text's minuscule and co, are not
# among the SRD's sizes).
HIT_DC = {
    Size.TINY: 14,
    Size.SMALL: 12,
    Size.MEDIUM: 10,
    Size.LARGE: 8,
    Size.HUGE: 6,
    Size.GARGANTUAN: 4,
}
SIZES = list(HIT_DC)  # smallest first
# V-ACL5: a medium humanoid's body parts; other sizes shift by their size step.
PARTS = {
    "head": 16,
    "eye": 22,
    "neck": 16,
    "arm": 14,
    "hand": 16,
    "torso": 12,
    "crotch": 18,
    "leg": 14,
    "foot": 16,
}
# V-ACL3: general DR goes to these first, to force and psychic last, the rest between.
FIRST = (DamageType.BLUDGEONING, DamageType.PIERCING, DamageType.SLASHING)
LAST = (DamageType.FORCE, DamageType.PSYCHIC)
# V-ACL4: armor's bonus to AC (other than Dexterity), and how much Dexterity it lets count.
ARMOR = {
    "padded-armor": (1, None),
    "leather-armor": (1, None),
    "studded-leather-armor": (2, None),
    "hide-armor": (2, 2),
    "chain-shirt": (3, 2),
    "scale-mail": (4, 2),
    "breastplate": (4, 2),
    "half-plate-armor": (5, 2),
    "ring-mail": (4, 0),
    "chain-mail": (6, 0),
    "splint-armor": (7, 0),
    "plate-armor": (8, 0),
    "shield": (2, None),
}


# V-ACL6: what a surge die can buy: an attack roll or check, damage, 10 ft, temporary hp.
SURGE_EFFECTS = ("power", "force", "speed", "tenacity")
DEFENCE_SURGE = 3  # V-ACL6: Defence or Dodge's extra reactions give at most three surge dice


def acl(fight: Fight) -> bool:
    return _AC_LESS in fight.variants


def verify_acl(fight: Fight, what: str) -> None:
    """Refuse what only the AC-less variant has, in a fight that does not play it."""
    if not acl(fight):
        raise Refused(f"{what} belongs to the AC-less variant: add `variants: [acl]`", "V-ACL")


def verify_surge(fight: Fight, c: Combatant, dice: int, effect: str) -> None:
    """V-ACL6: spend only the surge dice held."""
    verify_acl(fight, "surge dice")
    if dice < 1:
        raise Refused(f"say how many surge dice to spend on {effect}", "V-ACL6")
    if dice > c.surge:
        held = plural(c.surge, "surge die", "surge dice")
        raise Refused(f"{c.name} holds {held}, not {dice}", "V-ACL6")


def proficiency_of(c: Hero | Monster) -> int:
    """The proficiency bonus: by a hero's level, by a monster's challenge rating."""
    if isinstance(c, Hero):
        return proficiency(c.level or 1)
    from fractions import Fraction  # here, not at the top: `lnf show` never asks (start-up)

    try:
        return proficiency(int(Fraction(c.cr))) if c.cr else proficiency(1)
    except ValueError:
        return proficiency(1)


def reactions_at_end(c: Hero | Monster, used_action: bool, used_bonus: bool, defended: bool) -> int:
    """V-ACL6, V-ACL7: the reactions a creature holds at the end of its turn: each unused action
    and bonus action becomes one; Defence (or Dodge) adds its proficiency bonus, of which at
    most three will become surge dice (lnf does not play defensive reactions, so only those
    count)."""
    if incapacitated(c) or (isinstance(c, Hero) and c.current_hp == 0):
        return c.reactions  # not unused: it could not act
    more = (not used_action) + (not used_bonus)
    if defended:
        more += min(DEFENCE_SURGE, proficiency_of(c))
    return c.reactions + more


def surge_at_turn_start(c: Hero | Monster) -> Hero | Monster:
    """V-ACL6: at the start of its turn unused reactions become surge dice (the old dice
    expire), it has its reaction and free reaction again, and a tenacity's temporary hit
    points are gone."""
    temp = 0 if c.tenacious else c.temp_hp
    return replace(c, surge=c.reactions, reactions=2, temp_hp=temp, tenacious=False)


def wounded_eye(c: Combatant) -> bool:
    """V-ACL5: a wounded eye gives disadvantage on what relies on sight (attack rolls)."""
    return bool(c.parts) and dict(c.parts).get("eye") == "wounded"  # asked of every attack roll


def size_of(c: Combatant) -> Size:
    """A combatant's size: as written, else medium (most heroes)."""
    return c.size or Size.MEDIUM


def cover_from(text: str, target_size: Size) -> Cover:
    """`+4`, `total`, or the cover's size (`small`: +4 for a small target, +2 for a medium
    one, total for a tiny one; smaller cover protects only smaller targets), `ranged` after it
    for cover against ranged attacks only."""
    words = text.lower().split()
    ranged = "ranged" in words
    words = [w for w in words if w != "ranged"]
    if not words:
        raise Refused("say how much cover: +2, +4, total, or its size (small…)", "V-ACL2")
    word = words[0].lstrip("+")
    if word == "total":
        return Cover(0, True, ranged)
    if word.isdigit():
        return Cover(int(word), False, ranged)
    try:
        size = Size(word)
    except ValueError:
        raise Refused(f"{text!r} is no cover: +2, +4, total, or a size", "V-ACL2") from None
    step = SIZES.index(size) - SIZES.index(target_size)
    if step > 0:
        return Cover(0, True, ranged)
    if step == 0:
        return Cover(4, False, ranged)
    if step == -1:
        return Cover(2, False, ranged)
    raise Refused(f"{size} cover protects only smaller targets than a {target_size} one", "V-ACL2")


def hit_dc(target: Combatant, part: str = "", ranged: bool = False) -> int | None:
    """V-ACL1, V-ACL2, V-ACL5: the number an attack roll must reach, or None under total
    cover (no attack)."""
    size = size_of(target)
    dc = HIT_DC[size] if not part else part_dc(size, part)
    cover = target.cover
    if cover is not None and (ranged or not cover.ranged_only):
        if cover.total:
            return None
        dc += cover.bonus
    return dc


def to_beat(fight: Fight, target: Combatant, ranged: bool) -> int | None:
    """What an attack roll must reach: AC, or under the variant the Hit DC (None: total cover)."""
    return hit_dc(target, ranged=ranged) if acl(fight) else target.ac


def through_dr(fight: Fight, target: Combatant, damage: float) -> float:
    """An attack's damage after general DR (V-ACL3), for weighing attacks ahead of the roll."""
    return max(0.0, damage - target.dr) if acl(fight) else damage


def part_dc(size: Size, part: str) -> int:
    """V-ACL5: a body part's Hit DC, shifted by the size's step from medium (a huge creature's
    eye: 22 − 4 = 18)."""
    if part not in PARTS:
        raise Refused(f"no body part {part!r}: {', '.join(PARTS)}", "V-ACL5")
    return PARTS[part] + HIT_DC[size] - HIT_DC[Size.MEDIUM]


def reduced(
    by_type: Mapping[DamageType | None, int],
    dr: int,
    typed: Mapping[DamageType, int],
    worth: Mapping[DamageType | None, float] | None = None,
) -> dict[DamageType | None, int]:
    """V-ACL3: one attack's damage per type after Damage Reduction, before resistance. Typed DR
    first, to its type; then general DR to bludgeoning, piercing and slashing, then the other
    types, then force and psychic, what is left carried on. Within a class the target takes
    the order that leaves it the least damage after its defences: a point off a type it is
    vulnerable to first, off one it resists last (`worth`: what a point of each type costs it,
    2, 1, ½ or 0); a tie keeps the order written."""
    out = {k: max(0, v - typed.get(k, 0)) if k is not None else v for k, v in by_type.items()}
    left = dr
    cost = worth or {}

    def rank(kind: DamageType | None) -> int:
        if kind in FIRST:
            return 0
        if kind in LAST:
            return 2
        return 1

    for kind in sorted(out, key=lambda k: (rank(k), -cost.get(k, 1.0))):
        taken = min(left, out[kind])
        out[kind] -= taken
        left -= taken
    return out


def armor_dr(items: list[str], ac: int, dex: int, natural: bool) -> int:
    """V-ACL4: DR from what makes the AC: named armor and a shield by their bonus; natural
    armor (or an AC with nothing named) AC − 10 − Dexterity, counting Dexterity only as far
    as the armor lets it."""
    if natural or not items:
        return max(0, ac - 10 - dex)
    return sum(ARMOR.get(item, (0, None))[0] for item in items)


def wound_save_dc(damage: int) -> int:
    """V-ACL5: a Constitution save, DC max(10, half the damage)."""
    return max(10, damage // 2)


def wound(damage: int, saved: bool, con_score: int, hp: int) -> str:
    """V-ACL5: the part's state after the save: "wounded", "disabled" or "" (none). Damage over
    the lower of twice the Constitution score and half the hit points makes a success wound
    and a failure disable."""
    heavy = damage > min(2 * con_score, hp // 2)
    if heavy:
        return "wounded" if saved else "disabled"
    return "" if saved else "wounded"
