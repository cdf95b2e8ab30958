"""F2: a hero entry written as a sheet — `class`, `level`, `scores`, `weapons`, `armor`, `skills`,
`expertise` — worked out into the fight file's own fields before the file is checked (as
`monster: NAME` is): to-hit and damage of each weapon, Extra Attack, AC, speed, saves,
Constitution, hit points (average or `hp: roll`), Stealth and passive Perception, the monk's
Martial Arts and Flurry of Blows. What the entry writes out itself wins
(`ac: 18`; an attack of the same name; a save of the same ability). The deciders are in
`rules.class_features`; see docs/sheets.md."""

from __future__ import annotations

from typing import Any

from lnf.dice.abilities import ability_modifier
from lnf.errors import Refused
from lnf.formats.armory import armor, weapon
from lnf.formats.fight_combatants import SHEET_LISTS, class_unknown
from lnf.formats.fighting_style import FIELD, check_styles, style_weapons, styled_ac, styles_of
from lnf.formats.hero_invocations import check_invocations, invoked
from lnf.formats.hero_subclass import check_subclass, natural_armor, with_subclass
from lnf.formats.short_forms import UNCANNY_DODGE, deflect_missiles, guard_form
from lnf.formats.spec import Checker, did_you_mean
from lnf.formats.yaml_source import FieldPath
from lnf.model import Ability
from lnf.rules.class_features import (
    HIT_DIE,
    SAVING_THROWS,
    SKILLS,
    armored_ac,
    attacks_per_action,
    deflects_missiles,
    expertise_count,
    has_uncanny_dodge,
    hit_points,
    jack_of_all_trades,
    martial_arts_die,
    proficient_with,
    skill_bonus,
    speed_bonus,
    unarmored_ac,
)
from lnf.rules.invocations import ARMOR_OF_SHADOWS, MAGE_ARMOR_BASE
from lnf.rules.resources import BARDIC_INSPIRATION
from lnf.rules.sheets import class_resources, proficiency

SHEET = SHEET_LISTS  # worked out (attacks, stealth…), then taken off
ROLL = "roll"
BASE_SPEED = 30  # the SRD's Medium races; a halfling or dwarf writes speed: 25


def expand_sheets(data: Any, ck: Checker) -> None:
    """Every hero entry with `scores:` (or `hp: roll`) gets its worked-out fields, in place."""
    heroes = data.get("heroes") if isinstance(data, dict) else None
    if not isinstance(heroes, list):
        return
    seed = data.get("seed", 1)
    seed = seed if isinstance(seed, int) and not isinstance(seed, bool) else 1
    for i, entry in enumerate(heroes):
        if not isinstance(entry, dict):
            continue
        rolled = str(entry.get("hp", "")).strip().lower() == ROLL
        if "invocations" in entry:  # F2: a warlock's, kept on the entry for its spells
            check_invocations(entry, ("heroes", i), ck)
        if FIELD in entry:  # F2: a Fighting Style, kept on the entry for `lnf check`'s warning
            check_styles(entry, ("heroes", i), ck)
        check_subclass(entry, ("heroes", i), ck)  # F2: kept on the entry, and on the Hero
        if not rolled and not any(k in entry for k in ("scores", FIELD, *SHEET)):
            continue
        worked = _sheet(entry, ("heroes", i), ck, seed)
        given = {k: v for k, v in entry.items() if k not in SHEET}
        if rolled:
            given.pop("hp")
        heroes[i] = _merged(worked, given)


def worked_out(entry: dict[str, Any], seed: int = 1) -> dict[str, Any]:
    """What lnf works out of one hero entry (`lnf init --hero` says it in the comments); a
    problem with the entry is raised as the fight file's would be."""
    from lnf.formats.yaml_source import Located

    ck = Checker(Located({}, {}), "hero sheet")
    sheet = _sheet(entry, (), ck, seed)
    ck.raise_if_any()
    return sheet


def _merged(worked: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
    """What the entry says wins: whole fields, an attack by its name, a save by its ability."""
    out = {**worked, **given}
    if "scores" in worked:
        out["scores"] = worked["scores"]  # checked already: the spec need not say it twice
    if "armor" in worked:
        out["armor"] = worked["armor"]  # the same armor, named as the SRD indexes it
    if isinstance(given.get("guards"), list) and "guards" in worked:  # F1: both sheets' guards
        out["guards"] = worked["guards"] + [g for g in given["guards"] if g not in worked["guards"]]
    if isinstance(given.get("uses"), dict) and "uses" in worked:  # the file's own win
        out["uses"] = {**worked["uses"], **given["uses"]}
    if isinstance(given.get("saves"), dict) and "saves" in worked:
        out["saves"] = {**worked["saves"], **given["saves"]}
    if isinstance(given.get("attacks"), list) and "attacks" in worked:
        own = {_named(a): a for a in given["attacks"] if _named(a)}
        placed = {_named(a) for a in worked["attacks"]} & set(own)
        kept = [own.get(_named(a), a) for a in worked["attacks"]]
        out["attacks"] = kept + [a for a in given["attacks"] if _named(a) not in placed]
    return out


def _named(attack: Any) -> str:
    """An attack's name as the merge compares it ("" for one without: the spec tells)."""
    return str(attack.get("name", "")).lower() if isinstance(attack, dict) else ""


def _sheet(entry: dict[str, Any], path: FieldPath, ck: Checker, seed: int) -> dict[str, Any]:
    cls = str(entry.get("class", "")).strip().lower()
    level = entry.get("level", 1)
    if not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= 20:
        ck.hold(path, frozenset({"hp"}))  # the spec says what is wrong with the level
        return {}
    out: dict[str, Any] = {"level": level}
    if "scores" not in entry:
        for key, message in _NEEDS_SCORES.items():
            if key in entry:
                ck.fail(
                    (*path, key),
                    message,
                    "add scores: {str: 16, dex: 14, con: 14, int: 10, wis: 12, cha: 8}",
                    "F2",
                )
        con = entry.get("con", 0)
        con = con if isinstance(con, int) and not isinstance(con, bool) else 0
        return {**out, **_hp(entry, cls, level, con, path, ck, seed)}
    scores = _scores(entry["scores"], (*path, "scores"), ck)
    out["scores"] = {a.value: n for a, n in scores.items()}  # all six; the Hero keeps them
    mods = {a: ability_modifier(s) for a, s in scores.items()}
    prof = proficiency(level)
    body, shield, worn = _armor(entry.get("armor", []), (*path, "armor"), ck)
    if worn:
        out["armor"] = worn  # the SRD's indexes, which V-ACL4's DR reads
    out["con"] = mods[Ability.CON]
    out["con_score"] = scores[Ability.CON]
    natural = MAGE_ARMOR_BASE if ARMOR_OF_SHADOWS in invoked(entry) else None  # F2
    out["ac"] = _ac(cls, body, shield, mods, natural or natural_armor(entry, cls, level))
    out["ac"] = styled_ac(out["ac"], styles_of(entry), body is not None)  # F2: Defense
    out["speed"] = _speed(cls, level, body, shield, scores[Ability.STR])
    proficient = SAVING_THROWS.get(cls, ())
    out["saves"] = {a.value: mods[a] + (prof if a in proficient else 0) for a in Ability}
    skills = _skills(entry, path, ck, cls, level)  # skill: whether Expertise doubles it
    jack = jack_of_all_trades(cls, level)  # a bard's half proficiency on the rest
    check = {
        s: skill_bonus(mods[SKILLS[s]], prof, s in skills, skills.get(s, False), jack)
        for s in SKILLS
    }
    out["perception"] = 10 + check["perception"]  # passive Wisdom (Perception)
    out["stealth"] = check["stealth"]  # the Hide action's, D12's and C5's Stealth
    out.update(_hp(entry, cls, level, mods[Ability.CON], path, ck, seed))
    attacks = _weapons(entry.get("weapons", []), (*path, "weapons"), ck, cls, level, mods)
    style_weapons(attacks, styles_of(entry))  # F2: Archery, Dueling
    if cls == "monk":
        attacks += _martial_arts(level, mods, _monk_weapons(entry.get("weapons", [])))
    if attacks:
        out["attacks"] = attacks
    with_subclass(out, entry, cls, level)  # F2: Improved Critical, Draconic Resilience
    if has_uncanny_dodge(cls, level):
        out["guards"] = [guard_form(UNCANNY_DODGE)]  # F2: a reaction against a hit
    if deflects_missiles(cls, level):  # F2: "1d10 + your Dexterity modifier + your monk level"
        bonus = max(1, mods[Ability.DEX] + level)  # (a monk of Dexterity 5 or less: at least 1)
        out["guards"] = [guard_form(deflect_missiles(bonus))]
    # F2 Bardic Inspiration: "equal to your Charisma modifier (a minimum of once)", back on the
    # rest the class table says (`rules.sheets`)
    for r in class_resources(cls, level):
        if r.name == BARDIC_INSPIRATION:
            out["uses"] = {f"{r.name} ({r.recharge.value})": max(1, mods[Ability.CHA])}
    return out


_NEEDS_SCORES = {
    "weapons": "weapons need scores: (Strength or Dexterity sets to-hit and damage)",
    "skills": "skills need scores: (a skill adds its ability's modifier)",
    "expertise": "expertise needs scores: (a skill adds its ability's modifier)",
    FIELD: "a Fighting Style needs scores: (it is worked into the sheet's to-hit, damage or AC)",
}


def _skills(
    entry: dict[str, Any], path: FieldPath, ck: Checker, cls: str, level: int
) -> dict[str, bool]:
    """F2: the skills the hero is proficient in (`skills:`), each with whether Expertise
    doubles it (`expertise:`, SRD 5.1: "choose two of your skill proficiencies"): a name
    that is no SRD skill, Expertise in a skill not among `skills`, or more of it than the
    class has at its level is refused at its entry (a class lnf does not know is not counted)."""
    out: dict[str, bool] = {}
    names = sorted(SKILLS)
    for key in ("skills", "expertise"):
        raw = entry.get(key, [])
        items = [raw] if isinstance(raw, str) else raw if isinstance(raw, list) else []
        for j, item in enumerate(items):
            name = " ".join(str(item).strip().lower().replace("_", " ").split())
            where = (*path, key) if isinstance(raw, str) else (*path, key, j)
            if name not in SKILLS:
                hint = did_you_mean(name, names) or "the SRD's skills: " + ", ".join(names)
                ck.fail(where, f"{item!r} is no skill", hint, "F2")
            elif key == "skills":
                out[name] = False
            elif name not in out:
                ck.fail(
                    where,
                    f"Expertise needs proficiency: {name} is not among skills",
                    f"add {name} to skills:",
                    "F2",
                )
            else:
                out[name] = True
    allowed = expertise_count(cls, level)
    doubled = sum(out.values())
    if allowed is not None and doubled > allowed:
        has = f"{allowed} skills" if allowed else "none"
        ck.fail(
            (*path, "expertise"),
            f"a level-{level} {cls} has Expertise in {has}, not {doubled}",
            "the SRD's Expertise: the rogue 2 at level 1 and 4 at 6, the bard 2 at 3 and 4 at 10",
            "F2",
        )
    return out


def _scores(raw: Any, path: FieldPath, ck: Checker) -> dict[Ability, int]:
    """The six scores (1–30); one left out is 10, the SRD's average."""
    out = dict.fromkeys(Ability, 10)
    if not isinstance(raw, dict):
        ck.fail(path, "give the ability scores, such as {str: 16, dex: 14, con: 14}", rule="F2")
        return out
    names = [a.value for a in Ability]
    for key, value in raw.items():
        name = str(key).strip().lower()
        if name not in names:
            hint = did_you_mean(name, names) or "the abilities: " + ", ".join(names)
            ck.fail((*path, str(key)), f"{key!r} is no ability", hint, "F2")
        elif isinstance(value, str) and value.strip().isdigit() and 1 <= int(value) <= 30:
            out[Ability(name)] = int(value)  # "16", as the file's other numbers may be written
        elif not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 30:
            ck.fail((*path, str(key)), f"expected a score from 1 to 30, got {value!r}", rule="F2")
        else:
            out[Ability(name)] = value
    return out


def _armor(
    raw: Any, path: FieldPath, ck: Checker
) -> tuple[dict[str, Any] | None, dict[str, Any] | None, list[str]]:
    """The body armor worn (at most one), the shield, and their SRD indexes (all of them, or
    none when a name is wrong)."""
    body: dict[str, Any] | None = None
    shield: dict[str, Any] | None = None
    keys: list[str] = []
    items = raw if isinstance(raw, list) else []
    for j, name in enumerate(items):
        try:
            key, entry = armor(str(name))
        except Refused as exc:
            ck.fail((*path, j), exc.message, "the SRD's armor: leather, chain mail, shield…")
            continue
        if entry["category"] == "shield":
            shield = entry
        elif body is not None:
            ck.fail((*path, j), f"{body['name']} is worn already: one armor at a time", rule="F2")
        else:
            body = entry
        keys.append(key)
    return body, shield, keys if len(keys) == len(items) else []


def _ac(
    cls: str,
    body: dict[str, Any] | None,
    shield: dict[str, Any] | None,
    mods: dict[Ability, int],
    natural: int | None = None,
) -> int:
    """F2: the armor's, else unarmored (Unarmored Defense); a `natural` base + Dexterity
    (Armor of Shadows' Mage Armor, Draconic Resilience: 13) where the hero wears none and it
    gives more."""
    dex = mods[Ability.DEX]
    if body is None:
        ac = unarmored_ac(cls, dex, mods[Ability.CON], mods[Ability.WIS], shield is not None)
        ac = max(ac, natural + dex) if natural is not None else ac
    else:
        ac = armored_ac(body["base"], body["dex_cap"], dex)
    return ac + (shield["base"] if shield is not None else 0)


def _speed(
    cls: str, level: int, body: dict[str, Any] | None, shield: dict[str, Any] | None, st: int
) -> int:
    """The base speed, the class's movement, and 10 ft less in armor too heavy for its wearer
    (the SRD's Strength column)."""
    category = body["category"] if body is not None else None
    heavy = body is not None and st < body["str"]
    return BASE_SPEED + speed_bonus(cls, level, category, shield is not None) - 10 * heavy


def _hp(
    entry: dict[str, Any],
    cls: str,
    level: int,
    con: int,
    path: FieldPath,
    ck: Checker,
    seed: int,
) -> dict[str, int]:
    """Average hit points, or `hp: roll`: the hit dice after the first rolled with the fight's
    seed and the hero's name (the same fight, the same hit points)."""
    given = entry.get("hp")
    rolled = str(given).strip().lower() == ROLL
    if given is not None and not rolled:
        return {}
    if cls not in HIT_DIE:
        ck.hold(path, frozenset({"hp"}))  # said here, or by the spec (no class)
        if cls:
            ck.fail(
                (*path, "hp"),
                f"lnf knows the hit dice of the SRD's classes, not {cls!r}",
                "give hp: from the sheet",
                "F2",
                follows=class_unknown(entry),  # a misspelt class: said at the class (G2)
            )
        return {}
    rolls: tuple[int, ...] = ()
    if rolled and level > 1:
        from lnf.dice.roll import SeededDice

        dice = SeededDice(f"{seed}:{entry.get('name', '')}: hit points")
        rolls = tuple(dice.face(HIT_DIE[cls]) for _ in range(level - 1))
    return {"hp": hit_points(cls, level, con, rolls)}


def _weapons(
    raw: Any, path: FieldPath, ck: Checker, cls: str, level: int, mods: dict[Ability, int]
) -> list[dict[str, Any]]:
    if not isinstance(raw, list):
        ck.fail(path, "give a list of weapons, such as [longsword, longbow]", rule="F2")
        return []
    out = []
    for j, name in enumerate(raw):
        magic, plain = _magic(str(name))
        try:
            key, w = weapon(plain)
        except Refused as exc:
            if (worn := _armor_named(plain)) is not None:  # a shield among the weapons
                ck.fail(
                    (*path, j), f"{worn} is armor, not a weapon: list it under armor", rule="F2"
                )
            else:
                ck.fail((*path, j), exc.message, "the SRD's weapons: dagger, longsword, longbow…")
            continue
        if "damage" not in w:
            ck.fail((*path, j), f"the {w['name']} deals no damage: lnf plays it as the DM rules")
            continue
        attack = _weapon_attack(key, w, cls, level, mods)
        out.append({**attack, "magic": True} if magic else attack)
    return out


def _armor_named(name: str) -> str | None:
    """The SRD armor (or shield) `name` names, if it names one: the weapon it is not."""
    try:
        return str(armor(name)[1]["name"])
    except Refused:
        return None


def _magic(name: str) -> tuple[bool, str]:
    """D6: `magic longsword` is a magic weapon (no bonus: a +1 weapon is written out as an
    attack); the rest is the SRD weapon's name."""
    words = name.strip()
    if words.lower().startswith("magic "):
        return True, words[6:].strip()
    return False, words


def _name(w: dict[str, Any]) -> str:
    """The SRD's "Crossbow, light" as a table says it: Light Crossbow."""
    first, _, rest = str(w["name"]).partition(", ")
    return f"{rest.capitalize()} {first}" if rest else first


def _weapon_attack(
    key: str, w: dict[str, Any], cls: str, level: int, mods: dict[Ability, int]
) -> dict[str, Any]:
    """One weapon's attack: Strength for mêlée, Dexterity for ranged, the better for finesse
    (and a monk's weapons, Martial Arts); proficiency if the class has it (any class lnf does
    not know is taken as proficient); Extra Attack as `times`."""
    props = set(w["properties"])
    monk_weapon = cls == "monk" and "monk" in props
    st, dx = mods[Ability.STR], mods[Ability.DEX]
    mod = max(st, dx) if "finesse" in props or monk_weapon else dx if w["ranged"] else st
    known = cls in HIT_DIE
    prof = proficiency(level) if not known or proficient_with(cls, key, w["category"]) else 0
    dice = str(w["damage"])
    if monk_weapon and dice.startswith("1d") and int(dice[2:]) < martial_arts_die(level):
        dice = f"1d{martial_arts_die(level)}"  # Martial Arts: its die in place of the weapon's
    a: dict[str, Any] = {"name": _name(w)}
    if w["ranged"]:
        a["kind"] = "ranged"
        a["range"] = "/".join(map(str, w["range"]))
    elif "thrown" in props:
        a["kind"] = "thrown"
        a["range"] = "/".join(map(str, w["throw"]))
    a["to_hit"] = mod + prof
    a["damage"] = _damage(dice, mod, w["type"])
    if "versatile" in w:
        a["alt_damage"] = _damage(w["versatile"], mod, w["type"])
        a["alt_when"] = "two hands"
    if "reach" in props:
        a["reach"] = 10
    for prop, field in (("two-handed", "two_handed"), ("finesse", "finesse"), ("light", "light")):
        if prop in props:
            a[field] = True
    times = attacks_per_action(cls, level)
    if times > 1:
        a["times"] = times
    return a


def _damage(dice: str, mod: int, kind: str) -> str:
    return f"{dice}{mod:+d} {kind}" if mod else f"{dice} {kind}"


def _monk_weapons(raw: Any) -> list[str]:
    """F2: the sheet's mêlée monk weapons, whose Attack action opens Martial Arts and Flurry
    (a wrong name was told when the weapons were read)."""
    names = []
    for name in raw if isinstance(raw, list) else []:
        try:
            _, w = weapon(_magic(str(name))[1])
        except Refused:
            continue
        if "monk" in w["properties"] and not w["ranged"]:
            names.append(_name(w))
    return names


def _martial_arts(
    level: int, mods: dict[Ability, int], monk_weapons: list[str]
) -> list[dict[str, Any]]:
    """F2, the monk: the unarmed strike with the Martial Arts die (Dexterity or Strength), its
    bonus-action strike after the Attack action with it or a monk weapon (F1's grant,
    `after_attack`), and from level 2 Flurry of Blows (two strikes for 1 ki point)."""
    mod = max(mods[Ability.STR], mods[Ability.DEX])
    strike = {
        "to_hit": mod + proficiency(level),
        "damage": _damage(f"1d{martial_arts_die(level)}", mod, "bludgeoning"),
    }
    times = attacks_per_action("monk", level)
    out = [{"name": "Unarmed Strike", **strike, **({"times": times} if times > 1 else {})}]
    opened = {"cost": "bonus action", "after_attack": ["Unarmed Strike", *monk_weapons]}
    out.append({"name": "Martial Arts", **strike, **opened})
    if level >= 2:
        out.append(
            {
                "name": "Flurry of Blows",
                **strike,
                **opened,
                "times": 2,
                "spends": "Ki",
            }
        )
    return out
