"""Read a fight file into a `Fight`, and write a `Fight` back as a fight file.

Reading collects every problem (file, line, field path, what was expected) before it gives
up; `parse_fight(dump_fight(f)) == f` for every fight.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from lnf.dice import DamageType, DiceExpr
from lnf.errors import InputError, InputProblem, Refused
from lnf.formats import parse_cache
from lnf.formats.fight_spec import (
    ATTACK_DEFAULTS,
    COMBATANT_DEFAULTS,
    FIGHT,
    FIGHT_DEFAULTS,
    HERO_DEFAULTS,
    MONSTER_DEFAULTS,
    ROLL,
)
from lnf.formats.files import read_text
from lnf.formats.spec import INVALID, Checker, did_you_mean
from lnf.formats.yaml_source import Located, load_yaml
from lnf.model import (
    CLASS_FAMILIES,
    SLOT,
    Ability,
    Attack,
    AttackKind,
    CDot,
    Dot,
    Fight,
    Group,
    Healing,
    Hero,
    Monster,
    Pool,
    Rank,
    Recharge,
    Resource,
    Variant,
)
from lnf.rules.acl import ARMOR, armor_dr
from lnf.rules.hyrule import STAMINA
from lnf.rules.sheets import class_resources, recharge_of, sneak_dice

MAX_COMBATANTS = 2_000  # lnf plans up to 50 heroes and 500 monsters; no fight nears this


def load_fight(path: Path) -> Fight:
    """The fight file at `path`; its YAML parse is kept for the next read of the same text
    (`parse_cache`), so showing an unchanged fight needs no YAML parser."""
    text = read_text(path)
    source = str(path)
    located = parse_cache.cached(path, text)
    if located is None:
        located = _locate(text, source)
        parse_cache.remember(path, text, located)
    return _fight(located, source)


def parse_fight(text: str, source: str) -> Fight:
    return _fight(_locate(text, source), source)


def _fight(located: Located, source: str) -> Fight:
    ck = Checker(located, source)
    _stat_blocks(located.data, ck, Path(source).parent)  # `monster: bugbear` from the bestiary
    doc = FIGHT.read(located.data, (), ck)
    if ck.problems:
        _name_checks(doc, ck)  # one pass tells every mistake, these too
        ck.raise_if_any()
    fight = _build(doc, ck)
    ck.raise_if_any()
    assert fight is not None
    return fight


def _locate(text: str, source: str) -> Located:
    if source.endswith(".json"):
        import json

        try:
            json.loads(text)
        except json.JSONDecodeError as exc:
            problem = InputProblem(f"not valid JSON: {exc.msg}", line=exc.lineno)
            raise InputError(source, [problem]) from None
        except RecursionError:  # the YAML reader states the depth limit; JSON's is lower
            pass
    return load_yaml(text, source)  # JSON is YAML too, and YAML keeps the lines


# --- building the model --------------------------------------------------------------------


def _build(doc: dict[str, Any], ck: Checker) -> Fight | None:
    heroes = [_hero(h, i, ck) for i, h in enumerate(doc["heroes"])]
    monsters: list[Monster] = []
    for i, m in enumerate(doc["monsters"]):
        monsters.extend(_monsters(m, i, ck, doc["seed"]))
        if len(heroes) + len(monsters) > MAX_COMBATANTS:
            ck.fail(
                ("monsters", i, "count"), f"more than {MAX_COMBATANTS:,} combatants (the limit)"
            )
            return None
    _check_unique_names(doc, heroes, monsters, ck)
    names = [c.name for c in (*heroes, *monsters)]
    groups = _groups(doc["groups"], names, ck)
    chase = _chase(doc["chase"], names, heroes, groups, ck)
    _variant_fields(doc, names, ck)
    if ck.problems:
        return None
    return Fight(
        heroes=tuple(heroes),
        monsters=tuple(monsters),
        groups=tuple(groups),
        started=doc["started"],
        phase=doc["phase"],
        round=doc["round"],
        title=doc["title"],
        house_rules=frozenset(doc["house_rules"]),
        terrain=doc["terrain"],
        chase=chase,
        variants=frozenset(doc["variants"]),
        surprised=frozenset(doc["surprised"]),
        first=doc["first"],
        surprise_round=tuple(doc["surprise_round"].items()),
        units=tuple(tuple(u) for u in doc["units"]),
    )


def _variant_fields(doc: dict[str, Any], names: list[str], ck: Checker) -> None:
    """D12 and the variants' fields: names that are in the fight, and a variant for each field
    that needs one (stamina without hyrule would never be spent)."""
    on = set(doc["variants"])
    needs: list[tuple[tuple[str | int, ...], Any, Variant, str]] = [
        (("surprise_round",), doc["surprise_round"], Variant.ENCOUNTER, "V-ENC1"),
        (("units",), doc["units"], Variant.ENCOUNTER, "V-ENC2"),
        (("first",), doc["first"], Variant.HYRULE, "V-HYR1"),
    ]
    for side in ("heroes", "monsters"):
        for i, c in enumerate(doc[side]):
            needs.append(((side, i, "favor"), c["favor"], Variant.D20, "V-D20-1"))
            needs.append(((side, i, "bonuses"), c["bonuses"], Variant.D20, "V-D20-3"))
            if side == "heroes":
                needs.append(((side, i, "stamina"), c["stamina"], Variant.HYRULE, "V-HYR2"))
    for path, value, variant, rule in needs:
        if value not in (None, False, [], {}) and variant not in on:
            ck.fail(
                path,
                f"only the {variant.value} variant plays this",
                f"add {variant.value} to variants:",
                rule,
            )
    for j, name in enumerate(doc["surprised"]):
        if name not in names:
            ck.fail(("surprised", j), f"no {name!r} in this fight", did_you_mean(name, names))
    for name in doc["surprise_round"]:
        if name not in names:
            ck.fail(
                ("surprise_round", name), f"no {name!r} in this fight", did_you_mean(name, names)
            )
    seen: set[str] = set()
    for j, unit in enumerate(doc["units"]):
        for k, name in enumerate(unit):
            if name not in names:
                ck.fail(("units", j, k), f"no {name!r} in this fight", did_you_mean(name, names))
            elif name in seen:
                ck.fail(("units", j, k), f"{name} is in two units", rule="V-ENC2")
            seen.add(name)


def _common(d: dict[str, Any], path: tuple[str | int, ...], ck: Checker) -> dict[str, Any]:
    if d["why"] is not None and d["rank"] is Rank.FRONT:
        ck.fail((*path, "why"), "why is only for a combatant off the front rank", "drop it (R4)")
    attacks = tuple(
        _attack(a, d["reach"], (*path, "attacks", j), ck) for j, a in enumerate(d["attacks"])
    )
    return dict(
        rank=d["rank"],
        why=d["why"],
        light=d["light"],
        speed=d["speed"],
        fly=d["fly"],
        reach=d["reach"],
        ac=d["ac"],
        temp_hp=d["temp_hp"],
        con=d["con"],
        perception=d["perception"],
        stealth=d["stealth"],
        saves=tuple((Ability(k), v) for k, v in d["saves"].items() if v),
        conditions=frozenset(d["conditions"]),
        exhaustion=d["exhaustion"],
        dashes=d["dashes"],
        escaped=d["escaped"],
        reached_by=d["reached_by"],
        effects=tuple(d["effects"]),
        flags=frozenset(d["flags"]),
        resist=frozenset(d["resist"]),
        immune=frozenset(d["immune"]),
        vulnerable=frozenset(d["vulnerable"]),
        attacks=attacks,
        size=d["size"],
        dr=d["dr"] if d["dr"] is not None else _armor_dr(d, path, ck),
        typed_dr=tuple(_typed_dr(d, path, ck)),
        cover=d["cover"],
        con_score=d["con_score"],
        favor=d["favor"],
        bonuses=tuple(d["bonuses"]),
    )


def _armor_dr(d: dict[str, Any], path: tuple[str | int, ...], ck: Checker) -> int:
    """V-ACL4: DR from the armor the file names (its bonus to AC; a shield 2)."""
    named = [str(a).lower().replace(" ", "-") for a in d["armor"]]
    for j, item in enumerate(named):
        if item not in ARMOR:
            ck.fail(
                (*path, "armor", j),
                f"{item!r} is no armor lnf knows",
                did_you_mean(item, sorted(ARMOR)) or "give dr: instead",
            )
    return armor_dr([a for a in named if a in ARMOR], 0, 0, natural=False)


def _typed_dr(
    d: dict[str, Any], path: tuple[str | int, ...], ck: Checker
) -> list[tuple[DamageType, int]]:
    out = []
    for kind, amount in d["dr_against"].items():
        try:
            out.append((DamageType(kind), amount))
        except ValueError:
            ck.fail(
                (*path, "dr_against", kind),
                f"{kind!r} is no damage type",
                did_you_mean(kind, [t.value for t in DamageType]),
            )
    return out


def _attack(a: dict[str, Any], reach: int, path: tuple[str | int, ...], ck: Checker) -> Attack:
    if a["kind"] is AttackKind.RANGED and a["reach"] is not None:
        ck.fail((*path, "reach"), "a ranged attack has no mêlée reach", "give range: instead")
    if a["kind"] is AttackKind.RANGED:
        attack_reach = ATTACK_DEFAULTS["reach"]
    else:
        attack_reach = reach if a["reach"] is None else a["reach"]
    return Attack(
        name=a["name"],
        kind=a["kind"],
        to_hit=a["to_hit"],
        damage=a["damage"],
        reach=attack_reach,
        range=a["range"],
        two_handed=a["two_handed"],
        spell=a["spell"],
        slot=a["slot"],
        save=a["save"],
        half=a["half"],
        area=a["area"],
        times=a["times"],
        alt_damage=a["alt_damage"],
        alt_when=a["alt_when"],
        finesse=a["finesse"],
        light=a["light"],
    )


def _name_checks(doc: Any, ck: Checker) -> None:
    """When some fields are wrong, the checks that need only the names and classes still run
    on what could be read, so a file with five mistakes gets five messages at once."""
    if not isinstance(doc, dict):
        return

    def listed(key: str) -> list[Any]:
        value = doc.get(key)
        return value if isinstance(value, list) else []

    heroes = [h for h in listed("heroes") if isinstance(h, dict)]
    for i, h in enumerate(heroes):
        _check_class(h, ("heroes", i), ck)
    names = [h["name"] for h in heroes if isinstance(h.get("name"), str)]
    for m in listed("monsters"):
        if isinstance(m, dict) and isinstance(m.get("name"), str):
            count = m["count"] if isinstance(m.get("count"), int) else 1
            names += (
                [m["name"]] if count == 1 else [f"{m['name']} {n}" for n in range(1, count + 1)]
            )
    if isinstance(doc.get("groups"), dict):
        _groups(doc["groups"], names, ck)


def _check_class(d: dict[str, Any], path: tuple[str | int, ...], ck: Checker) -> None:
    """G2: the row family comes from the class, unless the file gives it."""
    cls = d.get("class")
    if d.get("family") is None and isinstance(cls, str) and cls.lower() not in CLASS_FAMILIES:
        ck.fail(
            (*path, "class"),
            f"{cls!r} is not a class lnf knows, so its row family is unknown (G2)",
            did_you_mean(cls.lower(), list(CLASS_FAMILIES))
            or "add family: fighty, priesty, gishy, casty or sneaky",
        )


def _hero(d: dict[str, Any], i: int, ck: Checker) -> Hero:
    path: tuple[str | int, ...] = ("heroes", i)
    _check_class(d, path, ck)
    dots = d["dots"]
    if Dot.C in dots and Dot.C_AVOIDED in dots:
        ck.fail(
            (*path, "dots"), "a C dot is either wanted (C) or avoided (C-), not both", rule="T1"
        )
    c_dot = next((t.c_dot for t in dots if t is not INVALID and t.c_dot), None)
    maximum, current = d["hp"]
    return Hero(
        name=d["name"],
        cls=d["class"],
        family_override=d["family"],
        ancestry=d["ancestry"],
        hp=maximum,
        hp_now=current,
        c_dot=c_dot,
        o_dot=Dot.O in dots,
        n_dot=Dot.N in dots,
        dead=d["dead"],
        death_saves=d["death_saves"],
        stable=d["stable"],
        level=d["level"],
        resources=_resources(d, path, ck),
        sneak_attack=d["sneak_attack"]
        or (sneak_dice(d["class"], d["level"]) if d["level"] else None),
        heals=tuple(Healing(k, v["dice"], v["slot"]) for k, v in d["heals"].items()),
        **_common(d, path, ck),
    )


def _resources(d: dict[str, Any], path: tuple[str | int, ...], ck: Checker) -> tuple[Resource, ...]:
    """The sheet's limited uses: what class and level give (with a level), then the file's
    `slots` and `uses` over them, then what `used` says is spent."""
    found: dict[str, Resource] = {}
    if d["level"] is not None:
        found = {r.name: r for r in class_resources(d["class"], d["level"])}
    for level, total in d["slots"].items():
        if not level.isdigit() or not 1 <= int(level) <= 9:
            ck.fail((*path, "slots", level), f"{level!r} is not a spell level from 1 to 9")
            continue
        name = f"{SLOT}{int(level)}"
        old = found.get(name)
        found[name] = Resource(name, total, 0, old.recharge if old else Recharge.LONG)
    for key, total in d["uses"].items():
        name, recharge = _named_recharge(key)
        found[name] = Resource(name, total, 0, recharge)
    if d["stamina"] is not None:  # V-HYR2: a pool the target strikes spend
        found[STAMINA] = Resource(STAMINA, d["stamina"], 0, Recharge.SHORT)
    for key, spent in d["used"].items():
        name = f"{SLOT}{key}" if key.isdigit() else key
        match = next((n for n in found if n.lower() == name.lower()), None)
        if match is None:
            ck.fail(
                (*path, "used", key),
                f"{key!r} is none of its slots or uses",
                did_you_mean(key, sorted(found)),
            )
        elif spent > found[match].total:
            ck.fail((*path, "used", key), f"{spent} used of {found[match].total}")
        else:
            found[match] = replace(found[match], used=spent)
    return tuple(found.values())


def _named_recharge(key: str) -> tuple[str, Recharge]:
    """`Superiority Dice (short)`: a feature's name and when it comes back."""
    for r in Recharge:
        suffix = f"({r.value})"
        if key.strip().lower().endswith(suffix):
            return key.strip()[: -len(suffix)].strip(), r
    return key.strip(), recharge_of(key)


def _stat_blocks(data: Any, ck: Checker, folder: Path) -> None:
    """A monster entry that says `monster: NAME` gets that stat block from the bestiary (the
    fight's own `bestiary:` file first, then the SRD's); what the entry says itself wins. The
    entries are changed in place, before the fight is read, so every field is checked alike."""
    monsters = data.get("monsters") if isinstance(data, dict) else None
    if not isinstance(monsters, list) or not any(
        isinstance(m, dict) and "monster" in m for m in monsters
    ):
        return
    from lnf.formats.bestiary import Bestiary, fight_fields  # only a fight that names stat blocks

    own = data.get("bestiary")
    bestiary = Bestiary.open(folder / own if isinstance(own, str) and own else None)
    for i, entry in enumerate(monsters):
        if not isinstance(entry, dict) or "monster" not in entry:
            continue
        name = entry["monster"]
        if not isinstance(name, str):
            ck.fail(("monsters", i, "monster"), "give a monster's name, such as bugbear")
            continue
        try:
            block = bestiary.find(name)
        except Refused as exc:
            ck.fail(("monsters", i, "monster"), exc.message, "lnf monsters SEARCH lists them")
            continue
        given = {k: v for k, v in entry.items() if k != "monster"}
        monsters[i] = {**fight_fields(block), "kind": block["name"], **given}


def _monsters(d: dict[str, Any], i: int, ck: Checker, seed: int = 1) -> list[Monster]:
    """One entry, or `count` copies named "Name 1".."Name n" of one kind (G3)."""
    path: tuple[str | int, ...] = ("monsters", i)
    common = _common(d, path, ck)
    if d["hp"] != ROLL and d["damage"] > d["hp"]:
        ck.fail((*path, "damage"), f"damage {d['damage']} is more than hp {d['hp']}", rule="G6")
    known = {a.name for a in common["attacks"]}
    for name in d["multiattack"]:
        if name not in known:
            ck.fail(
                (*path, "multiattack", name),
                f"Multiattack names {name!r}, which is not one of its attacks",
                did_you_mean(name, sorted(known)),
            )
    block = dict(
        damage=d["damage"],
        type=d["type"],
        cr=d["cr"],
        xp=d["xp"],
        multiattack=tuple(d["multiattack"].items()),
        condition_immune=frozenset(d["condition_immune"]),
        not_modelled=tuple(d["not_modelled"]),
        **common,
    )
    names = (
        [d["name"]] if d["count"] == 1 else [f"{d['name']} {n}" for n in range(1, d["count"] + 1)]
    )
    kind = d["kind"] if d["count"] == 1 else d["kind"] or d["name"]
    hps = [d["hp"]] * len(names)
    if d["hp"] == ROLL:
        if d["hit_dice"] is None:
            ck.fail((*path, "hp"), "hp: roll needs hit_dice (or monster: NAME, which has them)")
            return []
        hps = [_rolled_hp(d["hit_dice"], seed, name) for name in names]
    return [Monster(name=n, kind=kind, hp=hp, **block) for n, hp in zip(names, hps, strict=True)]


def _rolled_hp(hit_dice: DiceExpr, seed: int, name: str) -> int:
    """`hp: roll`: the hit dice rolled with the fight file's seed and the monster's name, so the
    same file gives the same hit points (at least 1)."""
    from lnf.dice.roll import SeededDice, roll

    return max(1, roll(hit_dice, SeededDice(f"{seed}:{name}: hit points"), damage=False).total)


def _check_unique_names(
    doc: dict[str, Any], heroes: list[Hero], monsters: list[Monster], ck: Checker
) -> None:
    """G1: names are unique in a fight (after "count" is expanded)."""
    seen: set[str] = set()
    entries = [("heroes", i, h.name) for i, h in enumerate(heroes)]
    index = 0
    for i, m in enumerate(doc["monsters"]):
        for _ in range(m["count"]):
            entries.append(("monsters", i, monsters[index].name))
            index += 1
    for section, i, name in entries:
        if name in seen:
            ck.fail((section, i, "name"), f"the name {name!r} is used twice", rule="G1")
        seen.add(name)


def _chase(
    raw: list[dict[str, Any]],
    names: list[str],
    heroes: list[Hero],
    groups: list[Group],
    ck: Checker,
) -> tuple[Pool, ...]:
    """C1: each pair is a hero and a monster, out of the mêlée groups, listed once."""
    hero_names = {h.name for h in heroes}
    grouped = {n for g in groups for n in g.members}
    pools: list[Pool] = []
    for i, p in enumerate(raw):
        if p is INVALID:
            continue
        path: tuple[str | int, ...] = ("chase", i)
        pair = (p["escaper"], p["pursuer"])
        unknown = [n for n in pair if n not in names]
        if unknown:
            ck.fail(path, f"{unknown[0]!r} is not in this fight", did_you_mean(unknown[0], names))
        elif (pair[0] in hero_names) == (pair[1] in hero_names):
            ck.fail(path, "a chase pair is a hero and a monster", rule="C1")
        elif grouped & set(pair):
            who = sorted(grouped & set(pair))
            ck.fail(path, f"{', '.join(who)} cannot be in a mêlée group and a chase", rule="C1")
        elif any((q.escaper, q.pursuer) == pair for q in pools):
            ck.fail(path, f"the pair {pair[0]}–{pair[1]} is listed twice", rule="C1")
        else:
            pools.append(Pool(pair[0], pair[1], p["points"]))
    return tuple(pools)


def _groups(raw: dict[str, list[str]], names: list[str], ck: Checker) -> list[Group]:
    """G5: every member is a known combatant and in at most one group."""
    groups: list[Group] = []
    placed: dict[str, str] = {}
    for label, members in raw.items():
        if members is INVALID:
            continue
        if not members:
            ck.fail(("groups", label), f"group {label} has no members", rule="G5")
        for j, name in enumerate(members):
            if name is INVALID:
                continue
            if name not in names:
                ck.fail(
                    ("groups", label, j),
                    f"{name!r} is neither a hero nor a monster of this fight",
                    did_you_mean(name, names),
                )
            elif name in placed:
                ck.fail(
                    ("groups", label, j),
                    f"{name} is already in group {placed[name]}; a combatant is in at most one "
                    "group",
                    rule="G5",
                )
            else:
                placed[name] = label
        groups.append(Group(label, tuple(m for m in members if m is not INVALID)))
    return groups


# --- writing -------------------------------------------------------------------------------


def fight_document(fight: Fight) -> dict[str, Any]:
    """The fight as plain data in the file format, leaving out what equals the default."""
    doc: dict[str, Any] = {}
    if fight.title != FIGHT_DEFAULTS["title"]:
        doc["title"] = fight.title
    if fight.round != FIGHT_DEFAULTS["round"]:
        doc["round"] = fight.round
    if fight.phase != FIGHT_DEFAULTS["phase"]:
        doc["phase"] = str(fight.phase)
    doc["started"] = fight.started.value
    if fight.terrain is not None:
        doc["terrain"] = fight.terrain.value
    if fight.house_rules:
        doc["house_rules"] = sorted(r.value for r in fight.house_rules)
    if fight.variants:
        doc["variants"] = sorted(v.value for v in fight.variants)
    doc["heroes"] = [_hero_doc(h) for h in fight.heroes]
    doc["monsters"] = [_monster_doc(m) for m in fight.monsters]
    if fight.groups:
        doc["groups"] = {g.label: list(g.members) for g in fight.groups}
    if fight.chase:
        doc["chase"] = [
            {"escaper": p.escaper, "pursuer": p.pursuer, "points": p.points} for p in fight.chase
        ]
    if fight.surprised:
        doc["surprised"] = [c.name for c in fight.everyone if c.name in fight.surprised]
    if fight.first is not None:
        doc["first"] = fight.first.value
    if fight.surprise_round:
        doc["surprise_round"] = dict(fight.surprise_round)
    if fight.units:
        doc["units"] = [list(u) for u in fight.units]
    return doc


def dump_fight(fight: Fight) -> str:
    import yaml  # only writing a fight file needs the dumper

    return yaml.safe_dump(fight_document(fight), sort_keys=False, allow_unicode=True, width=100)


def _hero_doc(h: Hero) -> dict[str, Any]:
    d: dict[str, Any] = {"name": h.name, "class": h.cls}
    if h.family_override is not None:
        d["family"] = h.family_override.value
    if h.ancestry != HERO_DEFAULTS["ancestry"]:
        d["ancestry"] = h.ancestry
    d["hp"] = h.hp if h.hp_now is None else f"{h.hp_now}/{h.hp}"
    dots = []
    if h.c_dot is not None:
        dots.append(Dot.C.value if h.c_dot is CDot.WANTED else Dot.C_AVOIDED.value)
    if h.o_dot:
        dots.append(Dot.O.value)
    if h.n_dot:
        dots.append(Dot.N.value)
    if dots:
        d["dots"] = dots
    for key in ("dead", "stable"):
        if getattr(h, key) != HERO_DEFAULTS[key]:
            d[key] = getattr(h, key)
    if h.death_saves != HERO_DEFAULTS["death_saves"]:
        d["death_saves"] = "{}/{}".format(*h.death_saves)
    return {**d, **_sheet_doc(h), **_common_doc(h)}


def _sheet_doc(h: Hero) -> dict[str, Any]:
    """Level, and what of the sheet differs from what class and level give."""
    d: dict[str, Any] = {}
    given = {r.name: r for r in class_resources(h.cls, h.level)} if h.level else {}
    if h.level is not None:
        d["level"] = h.level
    slots, uses, used = {}, {}, {}
    for r in h.resources:
        if r.name == STAMINA:  # V-HYR2: its own field
            d["stamina"] = r.total
            if r.used:
                used[r.name] = r.used
            continue
        default = given.get(r.name)
        slot = r.name.startswith(SLOT)
        key = r.name.removeprefix(SLOT) if slot else r.name
        if default is None or default.total != r.total or default.recharge != r.recharge:
            if slot:
                slots[key] = r.total
            else:
                same = r.recharge == recharge_of(r.name)
                uses[key if same else f"{key} ({r.recharge.value})"] = r.total
        if r.used:
            used[key] = r.used
    for key, part in (("slots", slots), ("uses", uses), ("used", used)):
        if part:
            d[key] = part
    if h.heals:
        d["heals"] = {
            x.name: {"dice": str(x.dice), **({"slot": x.slot} if x.slot else {})} for x in h.heals
        }
    default_sneak = sneak_dice(h.cls, h.level) if h.level else None
    if h.sneak_attack is not None and h.sneak_attack != default_sneak:
        d["sneak_attack"] = str(h.sneak_attack)
    return d


def _monster_doc(m: Monster) -> dict[str, Any]:
    d: dict[str, Any] = {"name": m.name}
    if m.kind != MONSTER_DEFAULTS["kind"]:
        d["kind"] = m.kind
    d["hp"] = m.hp
    if m.damage != MONSTER_DEFAULTS["damage"]:
        d["damage"] = m.damage
    for key in ("type", "cr", "xp"):
        if getattr(m, key) != MONSTER_DEFAULTS[key]:
            d[key] = getattr(m, key)
    if m.multiattack:
        d["multiattack"] = dict(m.multiattack)
    if m.condition_immune:
        d["condition_immune"] = sorted(c.value for c in m.condition_immune)
    if m.not_modelled:
        d["not_modelled"] = list(m.not_modelled)
    return {**d, **_common_doc(m)}


# Plain numbers and switches every combatant has, written only where they differ.
SCALARS = (
    "light",
    "speed",
    "fly",
    "reach",
    "ac",
    "temp_hp",
    "con",
    "perception",
    "stealth",
    "exhaustion",
    "dashes",
    "escaped",
    "reached_by",
)


def _common_doc(c: Hero | Monster) -> dict[str, Any]:
    d: dict[str, Any] = {}
    if c.rank is not COMBATANT_DEFAULTS["rank"]:
        d["rank"] = c.rank.value
    if c.why is not None:
        d["why"] = c.why.value
    for key in SCALARS:
        if getattr(c, key) != COMBATANT_DEFAULTS[key]:
            d[key] = getattr(c, key)
    for key, values in (
        ("conditions", c.conditions),
        ("flags", c.flags),
        ("resist", c.resist),
        ("immune", c.immune),
        ("vulnerable", c.vulnerable),
    ):
        if values:
            d[key] = sorted(v.value for v in values)
    if c.saves:
        d["saves"] = {a.value: bonus for a, bonus in c.saves}
    if c.effects:
        d["effects"] = list(c.effects)
    if c.attacks:
        d["attacks"] = [_attack_doc(a, c.reach) for a in c.attacks]
    if c.size is not None:
        d["size"] = c.size.value
    if c.dr:
        d["dr"] = c.dr
    if c.typed_dr:
        d["dr_against"] = {k.value: v for k, v in c.typed_dr}
    if c.cover is not None:
        cover = "total" if c.cover.total else f"+{c.cover.bonus}"
        d["cover"] = cover + (" ranged" if c.cover.ranged_only else "")
    if c.con_score is not None:
        d["con_score"] = c.con_score
    if c.favor:
        d["favor"] = True
    if c.bonuses:
        d["bonuses"] = [f"{kind} {n:+d}" for kind, n in c.bonuses]
    return d


def _attack_doc(a: Attack, reach: int) -> dict[str, Any]:
    d: dict[str, Any] = {"name": a.name}
    if a.kind is not ATTACK_DEFAULTS["kind"]:
        d["kind"] = a.kind.value
    d["to_hit"] = a.to_hit
    d["damage"] = str(a.damage)
    if a.kind is not AttackKind.RANGED and a.reach != reach:
        d["reach"] = a.reach
    if a.range is not None:
        normal, long = a.range
        d["range"] = normal if normal == long else f"{normal}/{long}"
    for key in ("two_handed", "spell", "half", "times", "finesse", "light"):
        if getattr(a, key) != ATTACK_DEFAULTS[key]:
            d[key] = getattr(a, key)
    if a.slot:
        d["slot"] = True if a.slot == 1 else a.slot
    if a.alt_damage is not None:
        d["alt_damage"] = str(a.alt_damage)
    if a.alt_when is not None:
        d["alt_when"] = a.alt_when.value
    if a.save is not None:
        d["save"] = f"{a.save[0]} {a.save[1]}"
    if a.area is not None:
        d["area"] = f"{a.area.shape} {a.area.size}"
    return d
