"""B8: a hero's weapon corroded by what it hits: Corrode Metal (gray ooze), Rust Metal (rust
monster), Corrosive Form (black pudding): "Any nonmagical weapon made of metal [or wood] that
hits the ooze corrodes. After dealing damage, the weapon takes a permanent and cumulative -1
penalty to damage rolls. If its penalty drops to -5, the weapon is destroyed. Nonmagical
ammunition made of metal that hits the ooze is destroyed after dealing damage."

Decisions (a fight file names a hero's attacks, not what they are made of): a weapon is its
attack's name when that is an SRD weapon's (Longsword, Javelin); the club, greatclub and
quarterstaff are wood, the whip, net, sling and blowgun neither, every other SRD weapon metal;
`magic: true` and spells never corrode. A bow's or crossbow's hit is its ammunition's, which
lnf does not count: nothing changes. The penalty is an effect on the hero ("Longsword
corroded: -2 to its damage rolls"), until the DM takes it off; at -5 the weapon is destroyed
and the hero fights on with its best other mêlée weapon, or its fists."""

from __future__ import annotations

import re

from lnf.model import Attack, AttackKind, Fight, Hero, Monster, TraitKind

WOOD = frozenset({"club", "greatclub", "quarterstaff"})
METAL = frozenset(
    {
        "dagger",
        "handaxe",
        "javelin",
        "light hammer",
        "mace",
        "sickle",
        "spear",
        "dart",
        "battleaxe",
        "flail",
        "glaive",
        "greataxe",
        "greatsword",
        "halberd",
        "lance",
        "longsword",
        "maul",
        "morningstar",
        "pike",
        "rapier",
        "scimitar",
        "shortsword",
        "trident",
        "war pick",
        "warhammer",
    }
)
DESTROYED = 5  # "If its penalty drops to -5, the weapon is destroyed"
_CORRODED = re.compile(r"^(?P<weapon>.+) corroded: -(?P<n>\d) to its damage rolls$")


def weapon_of(attack: Attack) -> str:
    """The SRD weapon an attack is named for, in lower case ("Longsword (two hands)":
    "longsword"), or ""."""
    bare = re.sub(r"\s*\([^)]*\)", "", attack.name).strip().lower()
    return bare if bare in METAL | WOOD else ""


def corrodes(target: Hero | Monster, attacker: Hero | Monster, attack: Attack) -> str:
    """The trait whose hit corrodes `attack` (its title), or "": a hero's nonmagical weapon
    of metal (Corrode Metal, Rust Metal) or of metal or wood (Corrosive Form), that hit it in
    mêlée or thrown (a bow's arrows are ammunition)."""
    if not isinstance(target, Monster) or not isinstance(attacker, Hero):
        return ""
    if attack.spell or attack.magic or attack.kind is AttackKind.RANGED:
        return ""
    weapon = weapon_of(attack)
    for trait in target.traits:
        metal = trait.kind in (TraitKind.CORRODE_METAL, TraitKind.RUST_METAL)
        if metal and weapon in METAL:
            return trait.title
        if trait.kind is TraitKind.CORROSIVE_FORM and weapon:
            return trait.title
    return ""


def corroded(fight: Fight, who: str, weapon: str) -> int:
    """The penalty `who`'s `weapon` (its attack's name) has taken so far (0: none)."""
    if not fight.effects:
        return 0  # no effect, no penalty (asked of every hero's hit)
    for e in fight.effects:
        m = _CORRODED.match(e.what) if e.who == who else None
        if m and m["weapon"] == weapon:
            return int(m["n"])
    return DESTROYED if destroyed(fight, who, weapon) else 0


def corroded_words(weapon: str, penalty: int) -> str:
    """The effect on the hero: "Longsword corroded: -2 to its damage rolls", or destroyed."""
    if penalty >= DESTROYED:
        return f"{weapon} destroyed by corrosion"
    return f"{weapon} corroded: -{penalty} to its damage rolls"


def destroyed(fight: Fight, who: str, weapon: str) -> bool:
    return any(e.who == who and e.what == corroded_words(weapon, DESTROYED) for e in fight.effects)


def stuck(weapon: str, monster: str) -> str:
    """B8 Adhesive: the effect on a hero whose weapon stuck to the mimic it hit."""
    return f"{weapon} stuck to {monster}"


def lost(fight: Fight, who: str, weapon: str) -> bool:
    """A hero's weapon it cannot attack with: destroyed by corrosion, or stuck to a mimic."""
    if not fight.effects:
        return False  # nothing destroyed nor stuck (asked of every hero's swing)
    held = (e.what for e in fight.effects if e.who == who)
    return destroyed(fight, who, weapon) or any(w.startswith(f"{weapon} stuck to ") for w in held)


def in_hand(fight: Fight, hero: Hero, attack: Attack) -> Attack:
    """The attack a hero makes when it means `attack`: itself, or, its weapon destroyed or
    stuck to a mimic, its best other mêlée attack whose weapon it still has (no spell), else an
    unarmed strike."""
    if not lost(fight, hero.name, attack.name):
        return attack
    from lnf.rules.attacks import UNARMED

    others = [
        a
        for a in hero.attacks
        if a.is_melee and not a.spell and a.save is None and not lost(fight, hero.name, a.name)
    ]
    return max(others, key=lambda a: a.damage.average, default=UNARMED)
