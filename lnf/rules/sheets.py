"""What a hero's class and level give it in a fight (5e, Player's Handbook figures): spell
slots, Sneak Attack dice and the features with a limited number of uses. A fight file may say
otherwise for any of them; a hero without a level counts nothing (fight files from before
sheets play as they did)."""

from __future__ import annotations

from collections.abc import Iterable

from lnf.dice import DiceExpr, parse
from lnf.model import SLOT, Recharge, Resource

# Full casters' slots by character level: slots of the 1st…9th level.
FULL_CASTER = {
    1: (2,),
    2: (3,),
    3: (4, 2),
    4: (4, 3),
    5: (4, 3, 2),
    6: (4, 3, 3),
    7: (4, 3, 3, 1),
    8: (4, 3, 3, 2),
    9: (4, 3, 3, 3, 1),
    10: (4, 3, 3, 3, 2),
    11: (4, 3, 3, 3, 2, 1),
    12: (4, 3, 3, 3, 2, 1),
    13: (4, 3, 3, 3, 2, 1, 1),
    14: (4, 3, 3, 3, 2, 1, 1),
    15: (4, 3, 3, 3, 2, 1, 1, 1),
    16: (4, 3, 3, 3, 2, 1, 1, 1),
    17: (4, 3, 3, 3, 2, 1, 1, 1, 1),
    18: (4, 3, 3, 3, 3, 1, 1, 1, 1),
    19: (4, 3, 3, 3, 3, 2, 1, 1, 1),
    20: (4, 3, 3, 3, 3, 2, 2, 1, 1),
}
FULL = {"bard", "cleric", "druid", "sorcerer", "wizard"}
HALF = {"paladin", "ranger", "artificer"}
# Warlock: Pact Magic, all slots of one level, back on a short rest.
PACT = {1: (1, 1), 2: (2, 1), 3: (2, 2), 5: (2, 3), 7: (2, 4), 9: (2, 5), 11: (3, 5), 17: (4, 5)}
# Features counted per use: (class, from level, name, uses by level, recharge).
SHORT, LONG = Recharge.SHORT, Recharge.LONG


def _rage(level: int) -> int:
    return 2 if level < 3 else 3 if level < 6 else 4 if level < 12 else 5 if level < 17 else 6


def _uses(cls: str, level: int) -> list[tuple[str, int, Recharge]]:
    table: dict[str, list[tuple[str, int, Recharge]]] = {
        "barbarian": [("Rage", _rage(level), LONG)],
        # F2: Charisma modifier uses; a sheet with scores counts them (`hero_sheet`), 3 else
        "bard": [("Bardic Inspiration", 3, SHORT if level >= 5 else LONG)],
        "cleric": [("Channel Divinity", 1 if level < 6 else 2 if level < 18 else 3, SHORT)]
        if level >= 2
        else [],
        "druid": [("Wild Shape", 2, SHORT)] if level >= 2 else [],
        "fighter": [("Second Wind", 1, SHORT)]
        + ([("Action Surge", 1 if level < 17 else 2, SHORT)] if level >= 2 else []),
        "monk": [("Ki", level, SHORT)] if level >= 2 else [],
        "paladin": [("Lay on Hands", 5 * level, LONG)]
        + ([("Channel Divinity", 1, SHORT)] if level >= 3 else []),
        "sorcerer": [("Sorcery Points", level, LONG)] if level >= 2 else [],
    }
    return table.get(cls, [])


def proficiency(level: int) -> int:
    """5e's proficiency bonus for a character level or a challenge rating (CR 0–4: +2)."""
    return 2 + max(0, level - 1) // 4


def class_resources(cls: str, level: int) -> list[Resource]:
    """The slots and limited features a class has at a level (a cleric's Channel Divinity…)."""
    cls = cls.lower()
    out: list[Resource] = []
    slots: tuple[int, ...] = ()
    if cls in FULL:
        slots = FULL_CASTER[level]
    elif cls in HALF and level >= 2:
        slots = FULL_CASTER[(level + 1) // 2]
    for i, n in enumerate(slots, start=1):
        out.append(Resource(f"{SLOT}{i}", n))
    if cls == "warlock":
        count, slot_level = next(v for k, v in sorted(PACT.items(), reverse=True) if level >= k)
        out.append(Resource(f"{SLOT}{slot_level}", count, 0, SHORT))
    out += [Resource(name, n, 0, recharge) for name, n, recharge in _uses(cls, level)]
    return out


def highest_slot(cls: str, level: int, own: dict[int, int]) -> int:
    """F7: the highest level of spell slot a hero has, from its class and level and the file's
    `slots:` (`own`, which wins level by level); 0 for none. A spell above it can never be
    cast by this hero."""
    given = [r for r in class_resources(cls, level) if _slot_level(r) not in own]
    return top_slot([*given, *(Resource(f"{SLOT}{n}", total) for n, total in own.items())])


def top_slot(resources: Iterable[Resource]) -> int:
    """F7: the highest level of spell slot among a sheet's uses (however many are spent: a
    rest brings them back); 0 for none. A slotted spell above it can never be cast."""
    return max((_slot_level(r) for r in resources if r.total > 0), default=0)


def _slot_level(r: Resource) -> int:
    """A spell slot's level ("slot 3": 3); 0 for any other use."""
    return int(r.name.removeprefix(SLOT)) if r.name.startswith(SLOT) else 0


def sneak_dice(cls: str, level: int) -> DiceExpr | None:
    """A rogue's Sneak Attack: 1d6 at level 1, one more die every odd level."""
    return parse(f"{(level + 1) // 2}d6") if cls.lower() == "rogue" else None


def recharge_of(name: str) -> Recharge:
    """When a named feature the file lists comes back, if lnf knows it (else a long rest)."""
    classes = ("barbarian", "bard", "cleric", "druid", "fighter", "monk", "paladin", "sorcerer")
    known = {n.lower(): r for cls in classes for n, _, r in _uses(cls, 20)}
    return known.get(name.lower(), LONG)
