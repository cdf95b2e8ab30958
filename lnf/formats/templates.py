"""What `lnf init` writes for a table to edit: the starter fight file, every field a table
needs with a comment each; and (`lnf init --hero CLASS --level N`) a commented hero sheet for a
class at a level, ready to paste under `heroes:`. A sheet is a typical build — scores (16 in
the main ability, 18 at level 4, 20 at 8), the class's usual weapons and armor by SRD name, and
for casters SRD spells by name — that lnf works out when the fight is read (F2,
`formats/hero_sheet`); the comments say what comes out (AC, hit points, each attack, what the
level gives), and a table edits the sheet to its characters."""

from __future__ import annotations

from typing import Any

from lnf.dice.abilities import ability_modifier
from lnf.formats.fight_combatants import named_use
from lnf.formats.short_forms import parse_guard
from lnf.model import SLOT
from lnf.rules.class_features import (
    CASTING,
    SMITE_LEVEL,
    expertise_count,
    has_reckless_attack,
    has_stunning_strike,
    has_uncanny_dodge,
    ki_save_dc,
    plays_feature,
    rage_damage,
)
from lnf.rules.fighting_styles import ARCHERY, DEFENSE, DUELING, styles_known
from lnf.rules.invocations import (
    AGONIZING_BLAST,
    ARMOR_OF_SHADOWS,
    ELDRITCH_SPEAR,
    invocations_known,
    invokes,
)
from lnf.rules.resources import ordinal
from lnf.rules.sheets import class_resources, proficiency, sneak_dice
from lnf.rules.subclasses import PLAYED_SUBCLASS_FEATURES, SRD_SUBCLASS, subclass_step
from lnf.values import replace, value


@value
class Build:
    main: str  # the class's main ability: 16, 18 at level 4, 20 at level 8
    scores: tuple[tuple[str, int], ...]  # the other five (the standard array, roughly)
    weapons: tuple[str, ...]
    armor: tuple[str, ...] = ()
    spells: tuple[tuple[int, str], ...] = ()  # (spell level, SRD name), cantrips at 0
    back: bool = False  # a caster that stands guarded in the back rank (R4, R5)


# F2: each class's usual skills among its SRD choices (lnf reads Stealth and Perception: R4's
# Hide and the monsters' search, C5), and the Expertise a rogue or a bard has by then.
SKILLS = {
    "barbarian": ("athletics", "perception"),
    "bard": ("perception", "persuasion", "performance"),
    "cleric": ("insight", "medicine"),
    "druid": ("perception", "nature"),
    "fighter": ("athletics", "perception"),
    "monk": ("acrobatics", "stealth"),
    "paladin": ("athletics", "persuasion"),
    "ranger": ("perception", "stealth", "survival"),
    "rogue": ("stealth", "perception", "acrobatics", "sleight of hand"),
    "sorcerer": ("arcana", "persuasion"),
    "warlock": ("arcana", "deception"),
    "wizard": ("arcana", "investigation"),
}
EXPERTISE = {"rogue": ("stealth", "perception"), "bard": ("perception", "persuasion")}


def _s(**scores: int) -> tuple[tuple[str, int], ...]:
    return tuple(scores.items())


def _sp(*levels: tuple[str, ...]) -> tuple[tuple[int, str], ...]:
    """Spells by level: the first tuple cantrips, then 1st-level spells, …"""
    return tuple((n, name) for n, names in enumerate(levels) for name in names)


# Typical SRD builds; every spell is one the class may cast (the SRD spell list's `classes`),
# written only when the level gives a slot of its level (tests/test_hero_sheets.py checks it).
BUILDS = {
    "barbarian": Build("str", _s(dex=14, con=14, int=8, wis=12, cha=10), ("greataxe", "handaxe")),
    "bard": Build(
        "cha",
        _s(str=8, dex=14, con=14, int=10, wis=12),
        ("rapier", "dagger"),
        ("leather armor",),
        _sp(
            ("vicious mockery",),
            ("healing word", "thunderwave", "sleep"),
            ("shatter", "hold person"),
            ("hypnotic pattern",),
            ("greater invisibility",),
            ("mass cure wounds",),
        ),
    ),
    "cleric": Build(
        "wis",
        _s(str=14, dex=10, con=14, int=8, cha=12),
        ("mace",),
        ("chain mail", "shield"),
        _sp(
            ("sacred flame",),
            ("guiding bolt", "healing word", "bless", "cure wounds"),
            ("spiritual weapon", "hold person"),
            ("spirit guardians", "mass healing word"),
            ("guardian of faith",),
            ("flame strike",),
            ("harm",),
            ("fire storm",),
        ),
    ),
    "druid": Build(
        "wis",
        _s(str=10, dex=14, con=14, int=12, cha=8),
        ("scimitar",),
        ("hide armor", "shield"),
        _sp(
            ("produce flame",),
            ("thunderwave", "healing word", "faerie fire", "entangle"),
            ("moonbeam", "flaming sphere"),
            ("call lightning",),
            ("ice storm",),
            ("mass cure wounds",),
            ("sunbeam",),
            ("fire storm",),
        ),
        back=True,
    ),
    "fighter": Build(
        "str",
        _s(dex=14, con=14, int=10, wis=12, cha=8),
        ("longsword", "longbow"),
        ("chain mail", "shield"),
    ),
    "monk": Build("dex", _s(str=10, con=14, int=10, wis=14, cha=8), ("shortsword", "dart")),
    "paladin": Build(
        "str",
        _s(dex=10, con=14, int=8, wis=10, cha=14),
        ("longsword", "javelin"),
        ("chain mail", "shield"),
        _sp(
            (), ("bless", "cure wounds", "shield of faith"), ("magic weapon", "aid"), ("revivify",)
        ),
    ),
    "ranger": Build(
        "dex",
        _s(str=10, con=14, int=10, wis=14, cha=8),
        ("longbow", "shortsword"),
        ("studded leather armor",),
        _sp((), ("hunter's mark", "cure wounds"), ("spike growth",), ("conjure animals",)),
    ),
    "rogue": Build(
        "dex", _s(str=10, con=14, int=12, wis=12, cha=8), ("rapier", "shortbow"), ("leather armor",)
    ),
    "sorcerer": Build(
        "cha",
        _s(str=8, dex=14, con=14, int=10, wis=12),
        ("dagger",),
        (),
        _sp(
            ("fire bolt", "ray of frost"),
            ("burning hands", "magic missile", "shield"),
            ("scorching ray",),
            ("fireball",),
            ("ice storm",),
            ("cone of cold",),
            ("chain lightning",),
            ("finger of death",),
        ),
        back=True,
    ),
    "warlock": Build(
        "cha",
        _s(str=8, dex=14, con=14, int=10, wis=12),
        ("dagger",),
        ("leather armor",),
        _sp(
            ("eldritch blast",),
            ("hellish rebuke",),
            ("hold person", "shatter"),
            ("vampiric touch", "counterspell"),
            ("blight",),
            ("hold monster",),
        ),
        back=True,  # Eldritch Blast from the back rank, without R2's disadvantage
    ),
    "wizard": Build(
        "int",
        _s(str=8, dex=14, con=14, wis=12, cha=10),
        ("dagger",),
        (),
        _sp(
            ("fire bolt", "ray of frost"),
            ("magic missile", "shield", "burning hands"),
            ("scorching ray", "misty step"),
            ("fireball", "counterspell"),
            ("ice storm",),
            ("cone of cold",),
            ("chain lightning",),
            ("finger of death",),
        ),
        back=True,
    ),
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
# F2: the Fighting Styles a sheet takes, first first (a Champion's second at level 10), and
# what each does to the numbers worked out
STYLE_PICKS = {"fighter": (DEFENSE, DUELING), "paladin": (DUELING,), "ranger": (ARCHERY,)}
STYLE_DOES = {
    ARCHERY: "+2 to hit with ranged weapons",
    DEFENSE: "+1 AC in armor",
    DUELING: "+2 damage with a one-handed mêlée weapon",
}
# F2: a warlock's Eldritch Invocations, as many as its level knows: the three lnf plays
INVOCATIONS = (AGONIZING_BLAST, ARMOR_OF_SHADOWS, ELDRITCH_SPEAR)
# F2: Divine Smite is a feature of the sheet, said with the attack (rules.on_hit), so it is
# no attack of its own any more: the comment says how it is played.
STUN = (
    "    # Stunning Strike (F2): say it with the blows, `attack Orc 1 with Shortsword; stun`:\n"
    "    #   each mêlée weapon hit spends 1 Ki until the foe fails a Constitution save (Ki DC\n"
    "    #   {dc}) and is stunned to the end of the monk's next turn"
)
SMITE = (
    "    # Divine Smite (F2): say it with the attack, `attack Gnoll 1 with Longsword; smite`\n"
    "    #   (`smite 2`: a 2nd-level slot; `smite on a crit`): its first mêlée weapon hit\n"
    "    #   deals 2d8 radiant more (+1d8 a slot level, +1d8 on an undead or a fiend); a miss\n"
    "    #   spends no slot"
)


def main_score(level: int) -> int:
    """The main ability: 16 at level 1, raised at levels 4 and 8 (Ability Score Improvement)."""
    return 16 + 2 * (level >= 4) + 2 * (level >= 8)


def spells_for(cls: str, level: int) -> list[str]:
    """The build's spells a hero of `level` has a slot for (cantrips always)."""
    slots = [
        int(r.name.removeprefix(SLOT))
        for r in class_resources(cls, level)
        if r.name.startswith(SLOT)
    ]
    top = max(slots, default=0)
    if not slots and not any(n == 0 for n, _ in BUILDS[cls].spells):
        return []
    return [name for n, name in BUILDS[cls].spells if n <= top]


def _flow(items: tuple[str, ...] | list[str]) -> str:
    return "[" + ", ".join(items) + "]"


def _gives(cls: str, level: int, worked: dict[str, int] | None = None) -> list[str]:
    """What class and level give, the uses the sheet works out (`worked`: a bard's Bardic
    Inspiration by Charisma) in place of the class's."""
    counted = {named_use(k)[0]: n for k, n in (worked or {}).items()}
    resources = [
        replace(r, total=counted.get(r.name, r.total)) for r in class_resources(cls, level)
    ]
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
    return gives


def hero_sheet(cls: str, level: int) -> str:
    """One hero entry, commented, for `cls` at `level`: the sheet lnf works out (F2), with
    what it works out said in the comments."""
    from lnf.formats.armory import features
    from lnf.formats.hero_sheet import worked_out

    build = BUILDS[cls]
    scores = dict(build.scores) | {build.main: main_score(level)}
    order = ("str", "dex", "con", "int", "wis", "cha")
    entry: dict[str, Any] = {
        "name": NAMES[cls],
        "class": cls,
        "level": level,
        "scores": {k: scores[k] for k in order},
        "weapons": list(build.weapons),
        "armor": list(build.armor),
        "skills": list(SKILLS[cls]),
    }
    expert = EXPERTISE.get(cls, ())[: expertise_count(cls, level) or 0]
    if expert:
        entry["expertise"] = list(expert)
    styles = STYLE_PICKS.get(cls, ())[: styles_known(cls, level)]
    if styles:
        entry["fighting_style"] = styles[0] if len(styles) == 1 else list(styles)
    invocations = INVOCATIONS[: invocations_known(level)] if invokes(cls) else ()
    armor = () if ARMOR_OF_SHADOWS in invocations else build.armor  # F2: Mage Armor at will
    if invocations:
        entry["invocations"], entry["armor"] = list(invocations), list(armor)
    sheet = worked_out(entry)
    lines = [
        f"  - name: {NAMES[cls]}",
        f"    class: {cls}",
        f"    level: {level}        # gives "
        + (", ".join(_gives(cls, level, sheet.get("uses"))) or "no limited uses"),
        "    scores: {" + ", ".join(f"{k}: {scores[k]}" for k in order) + "}",
        f"    weapons: {_flow(build.weapons)}",
        f"    armor: {_flow(armor)}" + ("" if armor else "   # unarmored"),
        f"    skills: {_flow(SKILLS[cls])}",
        *([f"    expertise: {_flow(expert)}   # twice the proficiency bonus"] if expert else []),
        *(_style_lines(styles) if styles else []),
        f"    # works out (F2): AC {sheet['ac']}, speed {sheet['speed']} ft, hp {sheet['hp']} "
        f"(average; or hp: roll), proficiency +{proficiency(level)}",
        f"    #   Stealth {sheet['stealth']:+d}, passive Perception {sheet['perception']}",
    ]
    for a in sheet.get("attacks", []):
        times = f" ×{a['times']}" if a.get("times", 1) > 1 else ""
        how = f", {a['cost']}" if "cost" in a else ""
        spend = f", spends {a['spends']}" if "spends" in a else ""
        reach = f" ({a['kind']} {a['range']} ft)" if "range" in a else ""
        lines.append(
            f"    #   {a['name']}{times}{reach}: {a['to_hit']:+d} to hit, {a['damage']}{how}{spend}"
        )
    gained = [f for f in features(cls, level) if not subclass_step(cls, f)]  # its own line
    played = [f for f in gained if plays_feature(cls, f)]
    lines += _wrapped("features lnf plays (F2): " + (", ".join(played) or "none"))
    if rest := [f for f in gained if not plays_feature(cls, f)]:
        lines += _wrapped("the DM rules: " + ", ".join(rest))
    lines += _subclass_lines(cls, level)
    if cls == "paladin" and level >= SMITE_LEVEL:
        lines.append(SMITE)
    if cls == "monk" and has_stunning_strike(cls, level):
        lines.append(STUN.format(dc=ki_save_dc(level, scores["wis"])))
    if has_uncanny_dodge(cls, level):
        lines += _wrapped(
            "Uncanny Dodge (F2): when a foe hits, the reaction that halves the damage (lnf asks "
            "the table, as for a Shield; the hero policy takes it on the first hit of a round)"
        )
    for guard in map(parse_guard, sheet.get("guards", [])):
        if guard.deflects:
            lines += _wrapped(
                f"Deflect Missiles (F2): when a ranged weapon hits, the reaction that takes 1d10 "
                f"+ {guard.deflects} off its damage (lnf asks the table, as for a Shield)"
            )
    if cls == "barbarian":
        lines += _wrapped(
            f"raging (a bonus action: `rage`): +{rage_damage(level)} damage on Strength "
            "mêlée hits, resistance to bludgeoning, piercing and slashing"
        )
        if has_reckless_attack(cls, level):
            lines += _wrapped(
                "Reckless Attack (F2): `attack Orc 1 with Greataxe; reckless`, with the turn's "
                "first attack: advantage on Strength mêlée attacks this turn, and on attacks "
                "against the barbarian until its next turn"
            )
    if cls in CASTING:
        ability = CASTING[cls]
        cast = ability_modifier(scores[ability.value]) + proficiency(level)
        spells = spells_for(cls, level)
        if spells:
            lines.append(
                f"    spells: {_flow(spells)}   # {ability.value}: DC {8 + cast}, {cast:+d} to hit"
            )
        if invocations:
            mod = ability_modifier(scores[ability.value])
            lines.append(f"    invocations: {_flow(invocations)}")
            lines += _wrapped(
                f"Eldritch Invocations (F2): Eldritch Blast {mod:+d} damage a beam and 300 ft; "
                "Armor of Shadows: Mage Armor at will, AC 13 + Dexterity without armor"
            )
    if build.back:
        lines += [
            "    rank: back",
            "    why: guarded      # R4, R5: two front-rank heroes guard it",
        ]
    lines.append(
        f"    uses: {{{POTION[0]}: 1}}   # a potion; used: {{slot 1: 1}} says what is spent"
    )
    lines.append(f"    heals: {{{POTION[0]}: {{dice: {POTION[1]}}}}}")
    return "\n".join(lines) + "\n"


def _wrapped(text: str) -> list[str]:
    import textwrap

    return [f"    # {line}" for line in textwrap.wrap(text, 92, subsequent_indent="  ")]


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
variants: []               # core-d20 variants: acl, hyrule, encounter, d20 (or V-ACL, V-HYR…)

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


def _style_lines(styles: tuple[str, ...]) -> list[str]:
    """F2: the sheet's Fighting Style, with what it does ("dueling   # F2: +2 damage…")."""
    said = styles[0] if len(styles) == 1 else _flow(styles)
    does = "; ".join(STYLE_DOES[s] for s in styles)
    if len(styles) == 1:
        return [f"    fighting_style: {said}   # F2: {does}"]
    return [f"    fighting_style: {said}", *_wrapped(f"Fighting Styles (F2): {does}")]


def _subclass_lines(cls: str, level: int) -> list[str]:
    """F2: the SRD subclass a sheet plays once the class has chosen one, and which of its
    features lnf plays (`rules.subclasses`)."""
    from lnf.formats.armory import subclass_features

    srd = SRD_SUBCLASS.get(cls)
    if srd is None or level < srd[2]:
        return []  # none chosen yet at this level
    index, name = srd[:2]
    gained = subclass_features(cls, level)
    played = [f for f in gained if f in PLAYED_SUBCLASS_FEATURES.get(index, ())]
    rest = [f for f in gained if f not in played]
    said = [f"the SRD's {name} (F2; another's name: the DM rules its features)"]
    said += [f"lnf plays {', '.join(played)}"] if played else []
    said += [f"the DM rules {', '.join(rest)}"] if rest else []
    return [f"    subclass: {index}", *_wrapped("; ".join(said))]
