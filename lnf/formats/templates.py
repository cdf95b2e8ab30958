"""What `lnf init` writes for a table to edit: the starter fight file, every field a table
needs with a comment each; and (`lnf init --hero CLASS --level N`) a commented hero sheet for a
class at a level, ready to paste under `heroes:`. A sheet's figures are a typical build (the
class's usual armour and weapons, +3 in its main ability, rising at levels 4 and 8, average hit
points); a table edits them to its characters. What the level gives (slots, uses) is said in a
comment: lnf works it out from `level`, so the sheet need not list it."""

from __future__ import annotations

from typing import Any

from lnf.model import SLOT
from lnf.rules.resources import ordinal
from lnf.rules.sheets import class_resources, proficiency, sneak_dice
from lnf.values import value

# Attack fields may hold {mod} (the main ability), {hit} (attack bonus), {hit2} (a weapon off
# the main ability), {dc} (spell save DC) and {dice} (a cantrip's dice, growing with level).
MELEE = {"kind": "melee"}


def _a(name: str, damage: str, **more: Any) -> dict[str, Any]:
    return {"name": name, **more, "damage": damage}


@value
class Build:
    die: int  # hit die
    ac: int
    con: int  # Constitution modifier
    attacks: tuple[dict[str, Any], ...]
    heals: tuple[tuple[str, str, int], ...] = ()  # (name, dice, slot level)
    back: bool = False  # a caster that stands guarded in the back rank (R4, R5)


BONUS_ACTION_HEALS = ("Healing Word",)  # F1: SRD healing cast as a bonus action


RAPIER = _a("Rapier", "1d8+{mod} piercing", to_hit="{hit}", finesse=True)
DAGGER = _a("Dagger", "1d4+2 piercing", kind="thrown", to_hit="{hit2}", range="20/60", finesse=True)
FIRE_BOLT = _a("Fire Bolt", "{dice}d10 fire", kind="ranged", to_hit="{hit}", range=120, spell=True)
BURNING_HANDS = _a(
    "Burning Hands",
    "3d6 fire",
    kind="ranged",
    range=15,
    spell=True,
    save="dex {dc}",
    area="cone 15",
    slot=1,
)
BUILDS = {
    "barbarian": Build(
        12,
        14,
        3,
        (
            _a("Greataxe", "1d12+{mod} slashing", to_hit="{hit}"),
            _a("Handaxe", "1d6+{mod} slashing", kind="thrown", to_hit="{hit}", range="20/60"),
        ),
    ),
    "bard": Build(
        8,
        13,
        1,
        (
            RAPIER,
            _a(
                "Vicious Mockery",
                "{dice}d4 psychic",
                kind="ranged",
                range=60,
                spell=True,
                save="wis {dc}",
                half=False,
            ),
            _a(
                "Dissonant Whispers",
                "3d6 psychic",
                kind="ranged",
                range=60,
                spell=True,
                save="wis {dc}",
                slot=1,
            ),
        ),
        heals=(("Healing Word", "1d4+{mod}", 1),),
    ),
    "cleric": Build(
        8,
        18,
        2,
        (
            _a("Mace", "1d6+{mod} bludgeoning", to_hit="{hit}"),
            _a(
                "Sacred Flame",
                "{dice}d8 radiant",
                kind="ranged",
                range=60,
                spell=True,
                save="dex {dc}",
                half=False,
            ),
            _a(
                "Guiding Bolt",
                "4d6 radiant",
                kind="ranged",
                to_hit="{hit}",
                range=120,
                spell=True,
                slot=1,
            ),
        ),
        heals=(("Healing Word", "1d4+{mod}", 1), ("Cure Wounds", "1d8+{mod}", 1)),
    ),
    "druid": Build(
        8,
        16,
        2,
        (
            _a("Scimitar", "1d6+{mod} slashing", to_hit="{hit}", finesse=True),
            _a(
                "Produce Flame",
                "{dice}d8 fire",
                kind="ranged",
                to_hit="{hit}",
                range=30,
                spell=True,
            ),
            _a(
                "Thunderwave",
                "2d8 thunder",
                kind="ranged",
                range=15,
                spell=True,
                save="con {dc}",
                area="cube 15",
                slot=1,
            ),
        ),
        heals=(("Healing Word", "1d4+{mod}", 1),),
        back=True,
    ),
    "fighter": Build(
        10,
        18,
        2,
        (
            _a("Longsword", "1d8+{mod} slashing", to_hit="{hit}"),
            _a(
                "Longbow",
                "1d8+1 piercing",
                kind="ranged",
                to_hit="{hit2}",
                range="150/600",
                two_handed=True,
            ),
        ),
    ),
    "monk": Build(
        8,
        16,
        2,
        (
            _a("Shortsword", "1d6+{mod} piercing", to_hit="{hit}", finesse=True),
            _a(
                "Dart",
                "1d4+{mod} piercing",
                kind="thrown",
                to_hit="{hit}",
                range="20/60",
                finesse=True,
            ),
        ),
    ),
    "paladin": Build(
        10,
        18,
        2,
        (
            _a("Longsword", "1d8+{mod} slashing", to_hit="{hit}"),
            _a("Divine Smite", "1d8+{mod} slashing + 2d8 radiant", to_hit="{hit}", slot=1),
        ),
    ),
    "ranger": Build(
        10,
        15,
        2,
        (
            _a(
                "Longbow",
                "1d8+{mod} piercing",
                kind="ranged",
                to_hit="{hit}",
                range="150/600",
                two_handed=True,
            ),
            _a("Shortsword", "1d6+{mod} piercing", to_hit="{hit}", finesse=True),
        ),
        heals=(("Cure Wounds", "1d8+{mod}", 1),),
    ),
    "rogue": Build(
        8,
        14,
        1,
        (
            RAPIER,
            _a(
                "Shortbow",
                "1d6+{mod} piercing",
                kind="ranged",
                to_hit="{hit}",
                range="80/320",
                two_handed=True,
            ),
        ),
    ),
    "sorcerer": Build(6, 12, 2, (FIRE_BOLT, BURNING_HANDS, DAGGER), back=True),
    "warlock": Build(
        8,
        13,
        2,
        (
            _a(
                "Eldritch Blast",
                "{dice}d10 force",
                kind="ranged",
                to_hit="{hit}",
                range=120,
                spell=True,
            ),
            DAGGER,
        ),
    ),
    "wizard": Build(6, 12, 2, (FIRE_BOLT, BURNING_HANDS, DAGGER), back=True),
}
NAMES = {
    "barbarian": "Grak",
    "bard": "Lyra",
    "cleric": "Ilsa",
    "druid": "Fern",
    "fighter": "Bram",
    "monk": "Sen",
    "paladin": "Kara",
    "ranger": "Ash",
    "rogue": "Nix",
    "sorcerer": "Vex",
    "warlock": "Mor",
    "wizard": "Quill",
}
POTION = ("Potion of Healing", "2d4+2")


def _flow(d: dict[str, Any], fill: dict[str, int]) -> str:
    """A YAML flow mapping, with the placeholders filled in."""
    parts = []
    for key, v in d.items():
        text = str(v).format(**fill) if isinstance(v, str) else v
        parts.append(f"{key}: {str(text).lower() if isinstance(text, bool) else text}")
    return "{" + ", ".join(parts) + "}"


def hero_sheet(cls: str, level: int) -> str:
    """One hero entry, commented, for `cls` at `level`."""
    build = BUILDS[cls]
    mod = 3 + (level >= 4) + (level >= 8)
    hit = proficiency(level) + mod
    fill = {
        "mod": mod,
        "hit": hit,
        "hit2": proficiency(level) + 1,
        "dc": 8 + hit,
        "dice": 1 + (level >= 5) + (level >= 11) + (level >= 17),  # cantrips grow
    }
    hp = build.die + build.con + (level - 1) * (build.die // 2 + 1 + build.con)
    resources = class_resources(cls, level)
    slots = [
        f"{ordinal(int(r.name.removeprefix(SLOT)))} {r.total}"
        for r in resources
        if r.name.startswith(SLOT)
    ]
    gives = [f"spell slots {', '.join(slots)}"] if slots else []
    gives += [
        f"{r.name} {r.total}" + (" (short rest)" if r.recharge.value == "short" else "")
        for r in resources
        if not r.name.startswith(SLOT)
    ]
    sneak = sneak_dice(cls, level)
    if sneak is not None:
        gives.append(f"Sneak Attack {sneak}")
    lines = [
        f"  - name: {NAMES[cls]}",
        f"    class: {cls}",
        f"    level: {level}        # gives {', '.join(gives) or 'no limited uses'}",
        f"    hp: {hp}           # average, with Constitution {build.con:+d}",
        f"    ac: {build.ac}",
        f"    con: {build.con}",
    ]
    if build.back:
        lines += [
            "    rank: back",
            "    why: guarded      # R4, R5: two front-rank heroes guard it",
        ]
    lines.append(
        f"    uses: {{{POTION[0]}: 1}}   # a potion; used: {{slot 1: 1}} says what is spent"
    )
    heals = [(POTION[0], POTION[1], 0), *build.heals]
    lines.append("    heals:")
    for name, dice, slot in heals:
        entry = {"dice": dice.format(**fill), **({"slot": slot} if slot else {})}
        if name in BONUS_ACTION_HEALS:  # F1: its casting time is a bonus action
            entry["cost"] = "bonus action"
        lines.append(f"      {name}: {_flow(entry, fill)}")
    lines.append("    attacks:")
    lines += [f"      - {_flow(a, fill)}" for a in build.attacks]
    return "\n".join(lines) + "\n"


def hero_sheets(classes: list[str], level: int) -> str:
    head = f"# Heroes of level {level}: paste under `heroes:` and make them yours.\n"
    return head + "".join(hero_sheet(c, level) for c in classes)


# --- the starter fight ---------------------------------------------------------------------

STARTER = """\
# A Late Night Fighting fight file. `lnf show` draws it, `lnf check` checks it.
# Rule ids in the comments (G2, R4, …) are those of the LNF rules; lnf cites them too.
title: Goblins at the ford
round: 1
phase: melee               # melee, chase, or volley N (rounds before the sides meet, V2)
started: heroes            # who started the fight (G7): heroes or monsters
house_rules: []            # A4: downed-last, downed-ignored
variants: []               # core-d20 variants: V-ACL, V-HYR, V-ENC, V-D20

heroes:                    # write them in any order; rows follow class order (G2)
  - name: Brunhild
    class: fighter         # sets the row family; unknown classes need family:
    hp: 28                 # or current/maximum: 17/28
    ac: 18
    light: true            # holds a light (S3: its side strikes first in its group)
    attacks:
      - {name: Longsword, to_hit: 5, damage: 1d8+3 slashing}
      - {name: Longbow, kind: ranged, to_hit: 3, damage: 1d8+1 piercing,
         range: 150/600, two_handed: true}
  - name: Pip
    class: rogue
    ancestry: halfling     # halflings come last in the rows (G2)
    hp: 18
    ac: 14
    rank: back             # front (default), back or free-air (R1)
    why: hidden            # off the front rank: guarded, levitating, hidden, out-of-reach (R4)
    dots: [O]              # C (wanted), C- (avoided), O, N (T1)
    attacks:
      - {name: Shortbow, kind: ranged, to_hit: 5, damage: 1d6+3 piercing,
         range: 80/320, two_handed: true}

monsters:                  # most dangerous first (G3)
  - name: Goblin boss
    hp: 21
    ac: 17
    attacks:
      - {name: Scimitar, to_hit: 4, damage: 1d6+2 slashing, times: 2}
  - name: Goblin
    count: 3               # Goblin 1, Goblin 2, Goblin 3
    hp: 7
    ac: 15
    damage: 0              # damage taken so far (G6)
    attacks:
      - {name: Scimitar, to_hit: 4, damage: 1d6+2 slashing}
      - {name: Shortbow, kind: ranged, to_hit: 4, damage: 1d6+2 piercing,
         range: 80/320, two_handed: true}

groups:                    # mêlée groups, the Xs (G5): label: [members]
  A: [Brunhild, Goblin boss]
"""


def starter_fight() -> str:
    return STARTER
