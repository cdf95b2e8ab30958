"""Read a fight file into a `Fight`: its YAML (or JSON) with lines, stat blocks taken by name
from the bestiary, every field checked by the spec, then what concerns the whole fight: unique
names (G1), the mêlée groups (G5), the chase (C1) and the variants' fields. Reading collects
every problem (file, line, field path, what was expected) before it gives up. The combatants
themselves are read in `fight_combatants`; writing a fight back is `fight_writer`.

What lnf assumed where a fight file is silent on something that matters: said, never
silently filled in (a hero with no `ac` would otherwise be AC 10 without a word)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lnf.errors import InputError, InputProblem, Refused
from lnf.formats import yaml_source as parse_cache
from lnf.formats.fight_combatants import (
    SHEET_LISTS,
    SHEET_WARNED,
    check_class,
    read_hero,
    read_monsters,
)
from lnf.formats.fight_spec import (
    FIGHT,
)
from lnf.formats.files import read_text
from lnf.formats.hero_spells import never_slotted, written_attacks
from lnf.formats.spec import INVALID, Checker, did_you_mean
from lnf.formats.yaml_source import FieldPath, Located, load_yaml
from lnf.model import (
    Fight,
    Group,
    Hero,
    Monster,
    Pool,
    Variant,
)
from lnf.model.enums import VARIANT_BY_RULE
from lnf.rules.wording import copy_names

# V-ACL as `variants:` may spell it: "acl" or its rules' id "V-ACL" (any case)
ACL_WORDS = {
    w.lower()
    for w, v in (*VARIANT_BY_RULE.items(), ("acl", Variant.AC_LESS))
    if v is Variant.AC_LESS
}
MAX_COMBATANTS = 2_000  # lnf plans up to 50 heroes and 500 monsters; no fight nears this


def load_fight(path: Path) -> Fight:
    """The fight file at `path`; its YAML parse is kept for the next read of the same text
    (`parse_cache`), so showing an unchanged fight needs no YAML parser."""
    return _fight(_located(path), str(path))


def load_fight_assumed(path: Path) -> tuple[Fight, list[str]]:
    """`load_fight(path)` and `assumed(path)` from one read of the file and its kept parse
    (`show` and `check` say both: reading the kept parse again cost about 0.3 ms). What is
    assumed is read before `_fight` expands the stat blocks in place, so from the parse as
    `assumed` would read it; whatever `assumed` raises on, it is asked again the slow way
    once the fight has been read, which tells its own problems first, as before."""
    located = _located(path)
    try:
        said: list[str] | None = _assumed(path, located)
    except Exception:  # not a fight `_fight` takes, mostly: it says why below
        said = None
    fight = _fight(located, str(path))
    return fight, assumed(path) if said is None else said


def _located(path: Path) -> Located:
    text = read_text(path)
    located = parse_cache.cached(path, text)
    if located is None:
        located = _locate(text, str(path))
        parse_cache.remember(path, text, located)
    return located


def parse_fight(text: str, source: str) -> Fight:
    return _fight(_locate(text, source), source)


def _fight(located: Located, source: str) -> Fight:
    ck = Checker(located, source)
    written = written_attacks(located.data)  # F7: as the file has them, for their lines
    _stat_blocks(located.data, ck, Path(source).parent)  # `monster: bugbear` from the bestiary
    _one_named(located.data)  # `armor: chain mail` is `armor: [chain mail]` (F2)
    _hero_sheets(located.data, ck)  # `scores:`, `weapons:` worked out (F2)
    _spells(located.data, ck)  # F7: `spells: [fireball]` from the spellbook
    _stored(located.data, ck)  # B6, B8: a shield guardian's stored spell, its wearer's
    doc = FIGHT.read(located.data, (), ck)
    if ck.problems:
        _name_checks(doc, ck)  # one pass tells every mistake, these too
        ck.raise_if_any()
    fight = _build(doc, ck, written)
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


def _build(doc: dict[str, Any], ck: Checker, written: list[list[str]]) -> Fight | None:
    heroes = [read_hero(h, i, ck) for i, h in enumerate(doc["heroes"])]
    for i, hero in enumerate(heroes):
        never_slotted(hero, doc["heroes"][i], i, written[i], ck)  # F7: a slot it never has
    monsters: list[Monster] = []
    for i, m in enumerate(doc["monsters"]):
        monsters.extend(read_monsters(m, i, ck, doc["seed"]))
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
        sunlight=doc["sunlight"],
        underwater=doc["underwater"],
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
        check_class(h, ("heroes", i), ck)
    names = [h["name"] for h in heroes if isinstance(h.get("name"), str)]
    for m in listed("monsters"):
        if isinstance(m, dict) and isinstance(m.get("name"), str):
            count = m["count"] if isinstance(m.get("count"), int) else 1
            names += (
                [m["name"]] if count == 1 else [f"{m['name']} {n}" for n in range(1, count + 1)]
            )
    if isinstance(doc.get("groups"), dict):
        _groups(doc["groups"], names, ck)


def _stat_blocks(data: Any, ck: Checker, folder: Path) -> None:
    """A monster entry that says `monster: NAME` gets that stat block from the bestiary (the
    fight's own `bestiary:` file first, then the SRD's); what the entry says itself wins. The
    entries are changed in place, before the fight is read, so every field is checked alike."""
    monsters = data.get("monsters") if isinstance(data, dict) else None
    if not isinstance(monsters, list) or not any(
        isinstance(m, dict) and "monster" in m for m in monsters
    ):
        return
    from lnf.formats.bestiary import Bestiary, fight_fields, own_form  # only for stat blocks

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
            # the stat block would have given every field, and the name the groups use
            ck.hold(("monsters", i), name="" if "name" in entry else name)
            continue
        given = {k: v for k, v in entry.items() if k != "monster"}
        if "name" not in given and " ".join(name.split()).casefold() != block["name"].casefold():
            given["name"] = own_form(block["name"]) or block["name"]  # "vampire": Vampire
        fields = fight_fields(block)
        if isinstance(given.get("used"), dict) and isinstance(fields.get("used"), dict):
            # B2, B6: what the file says is spent adds to the stat block's (Mage Armor's slot,
            # cast before the fight); a use the file names is the file's count
            named = {str(k).lower() for k in given["used"]}
            kept = {k: v for k, v in fields["used"].items() if k.lower() not in named}
            given["used"] = {**kept, **given["used"]}
        monsters[i] = {**fields, "kind": block["name"], **given}


# A sheet's lists that a DM often gives one name: `armor: chain mail`, `weapons: longsword`.
ONE_NAMED = ("armor", "weapons", "spells")


def _one_named(data: Any) -> None:
    """F2, F7: one name where a sheet takes a list of names is the list of that name (the SRD
    names some things with a comma, "Crossbow, light", so a text is never split)."""
    heroes = data.get("heroes") if isinstance(data, dict) else None
    for hero in heroes if isinstance(heroes, list) else []:
        for key in ONE_NAMED if isinstance(hero, dict) else ():
            if isinstance(hero.get(key), str) and hero[key].strip():
                hero[key] = [hero[key]]


def _hero_sheets(data: Any, ck: Checker) -> None:
    heroes = data.get("heroes") if isinstance(data, dict) else None
    if isinstance(heroes, list) and any(
        isinstance(h, dict)
        and (
            any(k in h for k in ("scores", "invocations", *SHEET_WARNED, *SHEET_LISTS))
            or str(h.get("hp")).strip().lower() == "roll"
        )
        for h in heroes
    ):
        from lnf.formats.hero_sheet import expand_sheets  # only a fight with sheets

        expand_sheets(data, ck)


def _spells(data: Any, ck: Checker) -> None:
    """F7: a hero's `spells:` bring their attacks, heals and guards, in place, before the fight
    is read (so they are checked like any written out)."""
    heroes = data.get("heroes") if isinstance(data, dict) else None
    if isinstance(heroes, list) and any(isinstance(h, dict) and "spells" in h for h in heroes):
        from lnf.formats.hero_spells import expand_spells  # only a fight that names spells

        expand_spells(data, ck)


def _stored(data: Any, ck: Checker) -> None:
    monsters = data.get("monsters") if isinstance(data, dict) else None
    if isinstance(monsters, list) and any(isinstance(m, dict) and "stored" in m for m in monsters):
        from lnf.formats.spell_storing import store_spells  # only a fight that stores one

        store_spells(data, ck)


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
                    follows=ck.name_held(name),  # a stat block not found: said at its entry
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


def assumed(path: Path) -> list[str]:
    """One line per value assumed: a hero without `ac` (A1: AC 10, the unarmored minimum
    without Dexterity), a hero without `dr` or `armor` under the AC-less variant (V-ACL4: DR 0,
    no armor). Monsters from the bestiary bring their own; a monster written out in full is the
    DM's stat block, but its missing AC is said too."""
    text = read_text(path)
    return _assumed(path, parse_cache.cached(path, text) or load_yaml(text, str(path)))


def entry_lines(path: Path) -> dict[str, int]:
    """The line of each combatant's entry in the fight file, by name in lower case: a hero's
    own and every copy of a monster's (G3: `count: 3` writes Gnoll 1, 2 and 3 at one entry),
    so that `lnf check` says where a broken rule's combatant is written, as the file's own
    errors do. Read from the file's kept parse; a name not found (renamed mid-fight) has none."""
    located = _located(path)
    doc = located.data
    out: dict[str, int] = {}
    if not isinstance(doc, dict):
        return out
    for side in ("heroes", "monsters"):
        entries = doc.get(side)
        for i, c in enumerate(entries if isinstance(entries, list) else []):
            line = located.line((side, i))
            name = c.get("name") or c.get("monster") if isinstance(c, dict) else None
            if line is None or not isinstance(name, str):
                continue
            count = c.get("count", 1) if side == "monsters" else 1
            n = count if isinstance(count, int) and 1 <= count <= MAX_COMBATANTS else 1
            for copy in copy_names(name.strip(), n):
                out.setdefault(copy.lower(), line)
    return out


def _assumed(path: Path, located: Located) -> list[str]:
    doc = located.data
    if not isinstance(doc, dict):
        return []
    variants = doc.get("variants") or []
    acl = isinstance(variants, list) and any(str(v).strip().lower() in ACL_WORDS for v in variants)
    out: list[str] = []
    no_ac: list[tuple[str, FieldPath]] = []
    for side in ("heroes", "monsters"):
        for i, c in enumerate(doc.get(side) or []):
            if not isinstance(c, dict) or "monster" in c:
                continue
            if "scores" in c:  # a sheet: AC and armor worked out (F2)
                continue
            name = c.get("name", f"{side} {i + 1}")
            where = _where(path, located, (side, i))
            if "ac" not in c and not acl:
                no_ac.append((str(name), (side, i)))
            if acl and side == "heroes" and "dr" not in c and "armor" not in c:
                said = f", though its AC is {c['ac']}" if "ac" in c else ""
                out.append(
                    f"{where}{name} has no dr or armor: DR 0 assumed (V-ACL4){said}; give "
                    "armor: (such as [chain-mail, shield]) or dr:"
                )
    out[:0] = _no_ac(path, located, no_ac)
    heroes = doc.get("heroes")
    if isinstance(heroes, list) and any(
        isinstance(h, dict) and any(k in h for k in ("spells", "invocations", *SHEET_WARNED))
        for h in heroes
    ):
        from lnf.formats.hero_spells import spell_warnings

        out += [f"{_where(path, located, at)}{said}" for at, said in spell_warnings(doc)]
    out += [f"{_where(path, located, at)}{said}" for at, said in _storing(doc)]
    return out


def _storing(doc: dict[str, Any]) -> list[tuple[FieldPath, str]]:
    """B8: a guardian storing nothing (`spell_storing.storing_warnings`), which looks only at a
    monster that names its stat block: for a fight without one, spell_storing stays unloaded."""
    if not any(
        isinstance(c, dict) and isinstance(c.get("monster"), str) for c in doc.get("monsters") or []
    ):
        return []
    from lnf.formats.spell_storing import storing_warnings

    return storing_warnings(doc)


FOLDED = 3  # past this many entries without ac, one warning names them all


def _no_ac(path: Path, located: Located, entries: list[tuple[str, FieldPath]]) -> list[str]:
    """A1: AC 10 assumed for each entry without ac; a line each for a few, one line for many
    (a generated battle of 170 stat lines is one warning, not a screenful)."""
    if len(entries) <= FOLDED:
        return [
            f"{_where(path, located, at)}{name} has no ac: AC 10 assumed (A1); "
            "give ac: from the sheet"
            for name, at in entries
        ]
    named = [f"{name} (line {located.line(at)})" for name, at in entries[:FOLDED]]
    more = len(entries) - FOLDED
    return [
        f"{path.name}: {len(entries)} combatants have no ac: AC 10 assumed for each (A1): "
        f"{', '.join(named)} and {more} more; give ac: from their sheets"
    ]


def _where(path: Path, located: Located, at: tuple[Any, ...]) -> str:
    line = located.line(at)
    return f"{path.name}, line {line}: " if line is not None else f"{path.name}: "
