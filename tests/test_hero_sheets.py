"""F2: a hero sheet from class, level and scores, with the SRD's own figures (a level-5 fighter
with Str 16 and a longsword attacks twice at +6 for 1d8+3…), and the armory and class tables
checked against the SRD files they come from."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from lnf.dice import parse
from lnf.dice.abilities import ability_modifier
from lnf.errors import InputError
from lnf.formats.armory import armory, features
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.model import Ability, AltUse, AttackKind, Cost, Hero
from lnf.rules import acl
from lnf.rules.class_features import (
    PLAYED_FEATURES,
    SAVING_THROWS,
    attacks_per_action,
    has_danger_sense,
    has_evasion,
    has_stunning_strike,
    jack_of_all_trades,
    martial_arts_die,
    plays_feature,
    rage_damage,
    sculpts,
    speed_bonus,
)
from lnf.rules.moves import is_fast
from lnf.rules.sheets import FULL_CASTER, PACT, _rage, class_resources, proficiency, sneak_dice
from tests.cli import run
from tests.srd import DATA, needs_data

SCORES = "{str: 16, dex: 14, con: 14, int: 10, wis: 12, cha: 8}"


def _fight(hero: str, seed: int = 1) -> str:
    return f"""
seed: {seed}
heroes:
  - name: Bram
{hero}
monsters:
  - {{name: Orc, hp: 15, attacks: [{{name: Axe, to_hit: 5, damage: 1d12+3 slashing}}]}}
"""


def _hero(hero: str, seed: int = 1) -> Hero:
    return parse_fight(_fight(hero, seed), "f.yaml").heroes[0]


def _fighter(level: int, more: str = "") -> Hero:
    return _hero(
        f"""    class: fighter
    level: {level}
    scores: {SCORES}
    weapons: [longsword, longbow]
    armor: [chain mail, shield]
{more}"""
    )


def test_a_level_5_fighter_attacks_twice_at_plus_6_for_1d8_plus_3() -> None:
    bram = _fighter(5)
    sword, bow = bram.attacks
    assert (sword.name, sword.to_hit, sword.damage, sword.times) == (
        "Longsword",
        6,
        parse("1d8+3 slashing"),
        2,
    )
    # Versatile: 1d10 in two hands; the longbow is two-handed, ranged 150/600, Dexterity.
    assert (sword.alt_damage, sword.alt_when) == (parse("1d10+3 slashing"), AltUse.TWO_HANDS)
    assert (bow.kind, bow.range, bow.two_handed, bow.to_hit, bow.times) == (
        AttackKind.RANGED,
        (150, 600),
        True,
        5,
        2,
    )
    assert bow.damage == parse("1d8+2 piercing")
    assert bram.ac == 18  # chain mail 16 (no Dexterity) + shield 2
    assert bram.hp == 44  # 10 + 2, then 4 levels of 6 + 2
    assert (bram.con, bram.con_score, bram.speed) == (2, 14, 30)
    # Fighter saves: Strength and Constitution proficient (+3 at level 5).
    assert bram.save_bonus(Ability.STR) == 6 and bram.save_bonus(Ability.CON) == 5
    assert bram.save_bonus(Ability.DEX) == 2 and bram.save_bonus(Ability.CHA) == -1
    assert bram.resource("Action Surge") is not None  # what class and level gave before


def test_extra_attack_by_class_and_level() -> None:
    assert [_fighter(n).attacks[0].times for n in (4, 5, 10, 11, 19, 20)] == [1, 2, 2, 3, 3, 4]
    assert _fighter(11).attacks[0].to_hit == 7  # proficiency +4 at 9
    for cls in ("barbarian", "monk", "paladin", "ranger"):
        assert (attacks_per_action(cls, 4), attacks_per_action(cls, 5)) == (1, 2)
        assert attacks_per_action(cls, 20) == 2
    for cls in ("rogue", "wizard", "cleric", "warlock"):
        assert attacks_per_action(cls, 20) == 1


def _monk(level: int, armor: str = "") -> Hero:
    return _hero(
        f"""    class: monk
    level: {level}
    scores: {{str: 10, dex: 16, con: 14, int: 10, wis: 14, cha: 8}}
    weapons: [shortsword]
{armor}"""
    )


def test_a_monks_unarmored_movement_and_martial_arts() -> None:
    assert _monk(1).speed == 30
    sen = _monk(2)
    assert sen.speed == 40 and is_fast(sen)  # M3: fast
    assert sen.ac == 15  # Unarmored Defense: 10 + Dex 3 + Wis 2
    assert _monk(2, "    armor: [leather armor]").speed == 30  # not in armor
    five = {a.name: a for a in _monk(5).attacks}
    strike, bonus, flurry = five["Unarmed Strike"], five["Martial Arts"], five["Flurry of Blows"]
    assert strike.damage == parse("1d6+3 bludgeoning") and strike.times == 2
    assert (bonus.cost, bonus.times, bonus.spends) == (Cost.BONUS, 1, "")
    assert (flurry.cost, flurry.times, flurry.spends) == (Cost.BONUS, 2, "Ki")
    assert flurry.to_hit == 6 and _monk(5).resource("Ki") is not None
    # A monk weapon uses Dexterity and the Martial Arts die when it is bigger (d6 ≥ d6 here).
    assert five["Shortsword"].damage == parse("1d6+3 piercing")
    assert {a.name for a in _monk(1).attacks} == {"Shortsword", "Unarmed Strike", "Martial Arts"}
    assert _monk(11).attacks[1].damage == parse("1d8+3 bludgeoning")


def test_armor_dexterity_caps_and_unarmored_defense() -> None:
    def ac(cls: str, armor: str, scores: str = SCORES) -> int:
        hero = f"    class: {cls}\n    level: 1\n    scores: {scores}\n    armor: {armor}"
        return _hero(hero).ac

    assert ac("rogue", "[leather]") == 13  # 11 + Dex 2
    assert ac("ranger", "[half plate, shield]") == 19  # 15 + Dex 2 (cap 2) + 2
    strong = "{str: 16, dex: 18, con: 16, wis: 10}"
    assert ac("ranger", "[breastplate]", strong) == 16  # 14 + 2 of Dex 4
    assert ac("barbarian", "[]", strong) == 17  # 10 + Dex 4 + Con 3
    assert ac("barbarian", "[shield]", strong) == 19  # a barbarian may carry a shield
    assert ac("wizard", "[]", strong) == 14
    assert ac("wizard", "[]", '{dex: "18"}') == 14  # a number written as text, as elsewhere


def test_fast_movement_and_heavy_armor() -> None:
    def speed(cls: str, level: int, armor: str, st: int = 16) -> int:
        scores = f"{{str: {st}, dex: 14, con: 14}}"
        return _hero(
            f"    class: {cls}\n    level: {level}\n    scores: {scores}\n    armor: {armor}"
        ).speed

    assert speed("barbarian", 5, "[]") == 40 and speed("barbarian", 4, "[]") == 30
    assert speed("barbarian", 5, "[plate]") == 30  # Fast Movement: not in heavy armor
    assert speed("fighter", 1, "[plate]", st=14) == 20  # Str 15 needed: 10 ft slower
    assert speed("fighter", 1, "[plate]", st=15) == 30


def test_hit_points_average_and_rolled() -> None:
    wizard = "    class: wizard\n    level: 5\n    scores: {con: 12}\n"
    assert _hero(wizard).hp == 27  # 6 + 1, then 4 × (4 + 1)
    rolled = [_hero(wizard + "    hp: roll", seed=s).hp for s in (1, 1, 2, 3, 4)]
    assert rolled[0] == rolled[1]  # the same seed, the same hit points
    assert len(set(rolled)) > 1 and all(7 + 4 * 2 <= hp <= 7 + 4 * 7 for hp in rolled)
    # Without scores, hp: roll takes con: as the modifier it has always been.
    plain = _hero("    class: fighter\n    level: 3\n    con: 2\n    hp: roll", seed=9)
    assert 12 + 2 * 3 <= plain.hp <= 12 + 2 * 12 and plain.con == 2


def test_what_the_entry_writes_out_wins() -> None:
    more = """    ac: 20
    hp: 12/50
    con: 4
    saves: {dex: 9}
    attacks:
      - {name: Longsword, to_hit: 9, damage: 1d8+5 slashing}
      - {name: Javelin of Lightning, kind: thrown, to_hit: 6, damage: 4d6 lightning, range: 30/120}
"""
    bram = _fighter(5, more)
    assert (bram.ac, bram.hp, bram.current_hp, bram.con) == (20, 50, 12, 4)
    assert bram.save_bonus(Ability.DEX) == 9 and bram.save_bonus(Ability.STR) == 6
    names = [a.name for a in bram.attacks]
    assert names == ["Longsword", "Longbow", "Javelin of Lightning"]
    assert bram.attacks[0].to_hit == 9 and bram.attacks[0].times == 1  # as written
    nameless = _fight(
        f"    class: fighter\n    scores: {SCORES}\n    weapons: [club]\n"
        "    attacks: [{to_hit: 3, damage: 1d4}]"
    )
    with pytest.raises(InputError, match="name"):  # told, not dropped
        parse_fight(nameless, "f.yaml")


def test_bad_names_are_refused_at_their_field() -> None:
    text = _fight(
        """    class: fighter
    level: 5
    scores: {str: 16, dx: 14, wis: 40}
    weapons: [longswrd, net]
    armor: [chain mial, plate]"""
    )
    with pytest.raises(InputError) as err:
        parse_fight(text, "party.yaml")
    said = {(p.path, p.message, p.hint, p.line) for p in err.value.problems}
    messages = " | ".join(f"{p.path}: {p.message} ({p.hint})" for p in err.value.problems)
    assert "heroes[0].weapons[0]: no weapon 'longswrd' in the SRD; did you mean 'longsword'?" in (
        messages
    )
    assert "heroes[0].armor[0]: no armor 'chain mial' in the SRD; did you mean 'chain mail'?" in (
        messages
    )
    assert "heroes[0].scores.dx: 'dx' is no ability (did you mean 'dex'?)" in messages
    assert "heroes[0].scores.wis: expected a score from 1 to 30, got 40" in messages
    assert "heroes[0].weapons[1]: the Net deals no damage" in messages
    assert all(line is not None for *_, line in said)
    code, out = run("check", _write(text))
    assert code == 2 and "longsword" in out and "Traceback" not in out


def test_one_name_is_a_list_of_one_and_a_shield_is_armor() -> None:
    """F2, F7: `armor: chain mail`, `weapons: longsword`, `spells: fire bolt` as a DM writes
    one of each; a shield among the weapons is told where it goes, at its line."""
    one = _hero(
        f"""    class: fighter
    level: 5
    scores: {SCORES}
    weapons: longsword
    armor: chain mail"""
    )
    assert one.ac == 16 and [a.name for a in one.attacks] == ["Longsword"]
    caster = _hero(f"    class: wizard\n    level: 1\n    scores: {SCORES}\n    spells: fire bolt")
    assert [a.name for a in caster.attacks] == ["Fire Bolt"]
    text = _fight(
        f"    class: fighter\n    level: 5\n    scores: {SCORES}\n    weapons: [longsword, shield]"
    )
    with pytest.raises(InputError) as err:
        parse_fight(text, "party.yaml")
    [problem] = err.value.problems
    assert problem.path == "heroes[0].weapons[1]" and problem.line == 8
    assert problem.message == "Shield is armor, not a weapon: list it under armor"
    assert problem.rule == "F2" and not problem.hint


def _write(text: str) -> str:
    import tempfile

    path = Path(tempfile.mkdtemp()) / "party.yaml"
    path.write_text(text)
    return str(path)


def test_a_sheet_round_trips_and_keeps_acl_dr() -> None:
    text = _fight(
        f"""    class: paladin
    level: 5
    scores: {SCORES}
    weapons: [glaive, javelin]
    armor: [splint, shield]"""
    )
    fight = parse_fight("variants: [acl]\n" + text, "f.yaml")
    assert parse_fight(dump_fight(fight), "f.yaml") == fight
    kara = fight.heroes[0]
    assert kara.dr == acl.ARMOR["splint-armor"][0] + acl.ARMOR["shield"][0]  # V-ACL4: 7 + 2
    glaive, javelin = kara.attacks
    assert (glaive.reach, glaive.two_handed, glaive.kind) == (10, True, AttackKind.MELEE)
    assert (javelin.kind, javelin.range) == (AttackKind.THROWN, (30, 120))


def test_a_sheet_with_overrides_round_trips_and_keeps_its_scores() -> None:
    """What is written back is the sheet as it stands: a default that the scores would work out
    otherwise (speed 30 in plate, where Fast Movement would give 40) is written too."""
    text = _fight(
        """    class: barbarian
    level: 5
    scores: {str: 16, dex: 14, con: 14, int: 12, wis: 10, cha: 8}
    weapons: [greataxe]
    armor: [plate]
    con: 0
    saves: {int: 0}
    hp: 20/55"""
    )
    fight = parse_fight(text, "f.yaml")
    grak = fight.heroes[0]
    assert (grak.speed, grak.con, grak.save_bonus(Ability.INT), grak.ac) == (30, 0, 0, 18)
    assert dict(grak.scores)[Ability.INT] == 12 and dict(grak.scores)[Ability.CON] == 14
    again = parse_fight(dump_fight(fight), "f.yaml")
    assert again == fight


def test_init_hero_all_at_5_reads_as_a_fight(tmp_path: Path) -> None:
    """Every class's sheet, pasted under `heroes:`, is read without a problem (its `spells:`
    names are played once the spellbook reads them)."""
    code, out = run("init", "--hero", "all", "--level", "5")
    assert code == 0
    body = "".join(out.splitlines(keepends=True)[1:])
    path = tmp_path / "party.yaml"
    path.write_text(f"seed: 2\nheroes:\n{body}monsters:\n  - monster: ogre\n")
    assert run("check", str(path))[0] == 0
    fight = parse_fight(path.read_text(), str(path))
    by = {h.cls: h for h in fight.heroes}
    assert by["fighter"].attacks[0].times == 2 and by["monk"].speed == 40
    assert {a.name for a in by["monk"].attacks} >= {"Martial Arts", "Flurry of Blows"}
    # F2: the usual skills, a rogue's Expertise: R4's Hide and the monsters' search read them
    assert (by["rogue"].stealth, by["rogue"].perception) == (10, 17)
    # F2 Jack of All Trades: the bard adds half its +3, rounded down, to the Stealth it lacks
    dex = (dict(by["bard"].scores)[Ability.DEX] - 10) // 2
    assert by["bard"].stealth == dex + 1
    assert "#   Stealth +10, passive Perception 17" in out
    doc = yaml.safe_load(path.read_text())
    assert "fireball" in next(h for h in doc["heroes"] if h["class"] == "wizard")["spells"]
    for n in (1, 11, 20):
        assert run("init", "--hero", "all", "--level", str(n))[0] == 0
    import jsonschema

    schema = json.loads(run("schema")[1])
    jsonschema.validate(doc, schema)  # an editor's completion takes the sheets too
    doc["heroes"][0]["scores"]["dx"] = 14
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(doc, schema)


def test_f2_each_class_is_proficient_in_the_srd_s_two_saving_throws() -> None:
    """F2, SRD 5.1, each class's "Proficiencies — Saving Throws" (the levels file does not
    carry them). Before, a wizard was proficient in Dexterity and Intelligence: its Dexterity
    save against a breath had +3 too many, its Wisdom save against Frightful Presence +3 too
    few."""
    srd = {
        "barbarian": "Strength, Constitution",
        "bard": "Dexterity, Charisma",
        "cleric": "Wisdom, Charisma",
        "druid": "Intelligence, Wisdom",
        "fighter": "Strength, Constitution",
        "monk": "Strength, Dexterity",
        "paladin": "Wisdom, Charisma",
        "ranger": "Strength, Dexterity",
        "rogue": "Dexterity, Intelligence",
        "sorcerer": "Constitution, Charisma",
        "warlock": "Wisdom, Charisma",
        "wizard": "Intelligence, Wisdom",
    }
    words = {a: a.word.capitalize() for a in Ability}
    assert {c: ", ".join(words[a] for a in t) for c, t in SAVING_THROWS.items()} == srd


# --- the tables against the SRD files -------------------------------------------------------


def _srd(name: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


@needs_data
def test_the_armory_matches_the_equipment_file() -> None:
    equipment = {e["index"]: e for e in _srd("5e-srd-5.1-equipment.json")}
    weapons, armors = armory()["weapons"], armory()["armor"]
    srd_weapons = [k for k, e in equipment.items() if e["equipment_category"]["index"] == "weapon"]
    assert sorted(weapons) == sorted(srd_weapons) and len(weapons) == 37
    for key, w in weapons.items():
        e = equipment[key]
        assert w.get("damage") == e.get("damage", {}).get("damage_dice")
        assert w.get("type") == e.get("damage", {}).get("damage_type", {}).get("index")
        if e["weapon_range"] == "Ranged":
            assert w["range"] == [e["range"]["normal"], e["range"]["long"]]
        assert set(w["properties"]) == {p["index"] for p in e["properties"]}
        assert w["category"] == e["weapon_category"].lower()
        if "two_handed_damage" in e:
            assert w["versatile"] == e["two_handed_damage"]["damage_dice"]
        if "throw_range" in e:
            assert w["throw"] == [e["throw_range"]["normal"], e["throw_range"]["long"]]
    for key, a in armors.items():
        e = equipment[key]
        assert a["base"] == e["armor_class"]["base"] and a["str"] == e["str_minimum"]
        cap = e["armor_class"].get("max_bonus") if e["armor_class"]["dex_bonus"] else 0
        assert a["dex_cap"] == cap
        # V-ACL4's table: the armor's bonus over 10 (a shield 2) and the same Dexterity cap.
        bonus = a["base"] - 10 if a["category"] != "shield" else a["base"]
        assert acl.ARMOR[key] == (bonus, None if a["category"] == "shield" else cap)


@needs_data
def test_the_class_tables_match_the_levels_file() -> None:
    rows = {
        (lv["class"]["index"], lv["level"]): lv
        for lv in _srd("5e-srd-5.1-levels.json")
        if "subclass" not in lv
    }
    assert len(rows) == 240
    for (cls, level), lv in rows.items():
        spec = lv.get("class_specific", {})
        assert (
            proficiency(level) == lv["prof_bonus"] == armory()["classes"][cls][str(level)]["prof"]
        )
        if "extra_attacks" in spec:  # the fighter's table counts the attacks beyond the first
            assert attacks_per_action(cls, level) == 1 + spec["extra_attacks"]
        elif cls in ("barbarian", "monk", "paladin", "ranger"):
            assert attacks_per_action(cls, level) == (
                2 if "Extra Attack" in features(cls, level) else 1
            )
        gained = {f["index"] for n in range(1, level + 1) for f in rows[(cls, n)]["features"]}
        assert jack_of_all_trades(cls, level) == ("jack-of-all-trades" in gained)  # F2
        assert has_stunning_strike(cls, level) == ("stunning-strike" in gained)  # F2
        assert has_danger_sense(cls, level) == ("danger-sense" in gained)  # F2
        assert has_evasion(cls, level) == any(g.endswith("evasion") for g in gained)  # F2
        if "martial_arts" in spec:
            assert martial_arts_die(level) == spec["martial_arts"]["dice_value"]
            assert speed_bonus("monk", level, None, False) == spec["unarmored_movement"]
            assert (
                dict((r.name, r.total) for r in class_resources(cls, level)).get("Ki", 0)
                == spec["ki_points"]
            )
        if "rage_count" in spec:
            assert rage_damage(level) == spec["rage_damage_bonus"]
            if spec["rage_count"] < 99:  # the SRD's "unlimited" at 20
                assert _rage(level) == spec["rage_count"]
        if "sneak_attack" in spec:
            assert str(sneak_dice(cls, level)) == f"{spec['sneak_attack']['dice_count']}d6"
        slots = tuple(
            lv.get("spellcasting", {}).get(f"spell_slots_level_{n}", 0) for n in range(1, 10)
        )
        ours = {r.name: r.total for r in class_resources(cls, level) if r.name.startswith("slot ")}
        assert tuple(ours.get(f"slot {n}", 0) for n in range(1, 10)) == slots, (cls, level)
    assert FULL_CASTER[20] == (4, 3, 3, 3, 3, 2, 2, 1, 1) and PACT[17] == (4, 5)
    # F2: Sculpt Spells, the SRD's School of Evocation's (the one wizard tradition it has)
    evoker = [
        lv["level"]
        for lv in _srd("5e-srd-5.1-levels.json")
        if lv.get("subclass") and any(f["name"] == "Sculpt Spells" for f in lv["features"])
    ]
    assert evoker == [2] and [sculpts("wizard", n) for n in (1, 2)] == [False, True]
    assert not sculpts("sorcerer", 20)
    # F2: every feature lnf says it plays is one the levels file names for that class
    for cls, played in PLAYED_FEATURES.items():
        named = {
            f["name"].split(" (")[0]
            for (c, _), lv in rows.items()
            if c == cls
            for f in lv["features"]
        }
        assert played <= named, (cls, played - named)


def test_the_sheet_says_which_features_lnf_plays_and_which_the_dm_rules() -> None:
    """F2: `lnf init --hero` splits the features by `plays_feature`."""
    code, out = run("init", "--hero", "rogue", "--level", "7")
    assert code == 0, out
    played = "# features lnf plays (F2): Expertise, Sneak Attack, Cunning Action, Ability Score"
    assert played in out and "#   Uncanny Dodge, Evasion\n" in out
    assert "# the DM rules: Thieves' Cant\n    subclass: thief\n" in out  # F2: its own line
    assert "# Uncanny Dodge (F2): when a foe hits, the reaction that halves the damage" in out
    assert plays_feature("cleric", "Destroy Undead (CR 1 or below)")
    assert plays_feature("paladin", "Channel Divinity")  # Turn the Unholy (Oath of Devotion)


@needs_data
def test_the_init_spells_are_the_classes_own() -> None:
    from lnf.formats.templates import BUILDS, spells_for

    spells = {s["name"].lower(): s for s in _srd("5e-srd-5.1-spells.json")}
    for cls, build in BUILDS.items():
        for level, name in build.spells:
            s = spells[name]
            assert s["level"] == level and cls in {c["index"] for c in s["classes"]}, name
        for n in range(1, 21):
            top = max(
                (int(r.name[5:]) for r in class_resources(cls, n) if r.name.startswith("slot ")),
                default=0,
            )
            assert all(spells[name]["level"] <= top for name in spells_for(cls, n)), (cls, n)
    assert "fireball" in spells_for("wizard", 5) and "fireball" not in spells_for("wizard", 4)
    assert (
        spells_for("paladin", 1) == [] and ability_modifier(8) == -1 and ability_modifier(15) == 2
    )


def test_rage_adds_its_damage_to_melee_weapon_hits_only(tmp_path: Path) -> None:
    """F2, the SRD's Rage: a bonus to the damage of mêlée weapon attacks using Strength while
    raging (+2 at level 5); the hero policy rages as the barbarian fights."""
    path = tmp_path / "rage.yaml"
    path.write_text(
        "title: Rage\nheroes:\n  - name: Ulf\n    class: barbarian\n    level: 5\n"
        "    scores: {str: 18, dex: 14, con: 16, int: 8, wis: 12, cha: 10}\n"
        "    weapons: [greataxe, handaxe]\nmonsters:\n  - monster: ogre\n"
        "groups:\n  A: [Ulf, Ogre]\n",
        encoding="utf-8",
    )
    code, out = run("run", str(path), "--seed", "2")
    assert code == 0, out
    raged = out[out.index("Ulf uses Rage") :]
    hits = [line for line in raged.splitlines() if "Ulf attacks Ogre with Greataxe" in line]
    assert hits and all(" + 4 slashing + 2 slashing = " in h for h in hits if ": hit" in h)
    before = out[: out.index("Ulf uses Rage")]
    assert "+ 2 slashing" not in before
