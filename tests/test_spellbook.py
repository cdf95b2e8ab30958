"""F7: spells by name. The shipped spellbook checked against every spell of the SRD 5.1 data
file (its own fields, and the numbers only its text holds, read here independently); the SRD's
figures as a hero gets them (Eldritch Blast's beams, Fireball, Cure Wounds); a fight file's
`spells:`, read and played; `lnf spells`."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from lnf.errors import InputError
from lnf.formats.bestiary import shipped
from lnf.formats.fight_file import parse_fight
from lnf.formats.hero_spells import caster_of, expand_spells
from lnf.formats.spec import Checker
from lnf.formats.spellbook import spell_fields, spellbook
from lnf.formats.srd_spells import spell_entry
from lnf.formats.yaml_source import load_yaml
from lnf.model import Ability, Area, AttackKind, Cost, Shape
from lnf.rules.areas import SPELLS, target_count
from lnf.rules.spellcasting import Caster
from tests.cli import run, stdout_of

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [up / "shared" / "data" / "5e-srd-5.1-spells.json" for up in ROOT.parents[:2]]
SOURCE = next((p for p in SOURCES if p.exists()), SOURCES[0])
needs_source = pytest.mark.skipif(not SOURCE.exists(), reason="the SRD data is not beside lnf")
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _source() -> list[dict[str, Any]]:
    return list(json.loads(SOURCE.read_text(encoding="utf-8")))


@needs_source
def test_every_spell_is_what_the_srd_file_says() -> None:
    """F7: each of the 319 spells, against the data file's own fields: level, casting time,
    range, area, concentration, duration, save, attack, damage by slot and by character level,
    healing."""
    book = {s["name"]: s for s in shipped("spellbook.json")}
    source = _source()
    assert len(book) == len(source) == 319
    for raw in source:
        s = book[raw["name"]]
        assert s["level"] == raw["level"]
        assert s["casting_time"] == raw["casting_time"]
        cost = {"1 action": "action", "1 bonus action": "bonus action", "1 reaction": "reaction"}
        assert s["cost"] == cost.get(raw["casting_time"]), raw["name"]
        assert s["range"] == raw["range"]
        feet = re.fullmatch(r"(\d+) feet", raw["range"])
        if feet:
            assert s["feet"] == int(feet[1])
        elif raw["range"] in ("Self", "Touch"):
            assert s["feet"] == (0 if raw["range"] == "Self" else 5)
        area = raw.get("area_of_effect")
        if "area" in s.get("read", []):  # the text's radius (Flame Strike): tested below
            assert s["area"] == {"shape": area["type"], "size": s["area"]["size"]}
        else:
            assert s["area"] == ({"shape": area["type"], "size": area["size"]} if area else None)
        assert s["concentration"] is raw["concentration"]
        assert s["concentration"] is raw["duration"].startswith("Up to")
        minutes = re.fullmatch(r"(?:Up to )?(\d+) minutes?", raw["duration"])
        if minutes:
            assert s["rounds"] == 10 * int(minutes[1])  # F4: a minute is 10 rounds
        damage = raw.get("damage", {})
        assert s["damage"] == damage.get("damage_at_slot_level", {})
        assert s["damage_by_level"] == damage.get("damage_at_character_level", {})
        assert s["heal"] == raw.get("heal_at_slot_level", {})
        dc = raw.get("dc")
        if dc:
            assert (s["save"], s["success"]) == (dc["dc_type"]["index"], dc["dc_success"])
        if raw.get("attack_type"):
            assert s["attack"] == raw["attack_type"]
        assert s["classes"] == [c["index"] for c in raw["classes"]]


@needs_source
def test_the_shipped_spellbook_is_the_script_s_output_and_holds_no_sentence() -> None:
    """The package holds what scripts/make_spellbook.py makes of the file (not a stale copy),
    and figures only: no text of a spell's description (the SRD's terms, README)."""
    source = _source()
    assert [spell_entry(raw) for raw in source] == list(shipped("spellbook.json"))
    text = (ROOT / "lnf" / "spellbook.json").read_text(encoding="utf-8")
    assert "desc" not in json.loads(text)[0]
    strings = re.findall(r'"((?:[^"\\]|\\.)*)"', text)
    assert max(len(s) for s in strings) < 40
    sentences = {d[:40] for raw in source for d in raw["desc"] if len(d) > 40}
    assert not any(d in text for d in sentences)


@needs_source
def test_the_numbers_read_from_the_text_are_the_text_s() -> None:
    """Eldritch Blast's beams by character level, Magic Missile's darts and their dice,
    Scorching Ray's rays: read here from the text by this test's own reading."""
    raw = {s["name"]: " ".join(s["desc"] + s.get("higher_level", [])) for s in _source()}
    book = spellbook()
    beams = re.findall(r"(\w+) beams at (\d+)\w\w level", raw["Eldritch Blast"])
    assert beams  # "two beams at 5th level, three beams at 11th level, …"
    expected = {"1": 1, **{level: WORDS[word] for word, level in beams}}
    assert book.find("eldritch blast")["beams"] == expected == {"1": 1, "5": 2, "11": 3, "17": 4}
    for name, word in (("Magic Missile", "darts"), ("Scorching Ray", "rays")):
        count = re.search(rf"create (\w+) (?:glowing )?{word}", raw[name])
        assert count is not None
        assert book.find(name)["missiles"] == WORDS[count[1]] == 3
        assert book.find(name)["more_per_slot"] == 1
        assert "for each slot level above" in raw[name]
    assert book.find("magic missile")["missile_damage"] == "1d4 + 1"
    assert "A dart deals 1d4 + 1 force damage" in raw["Magic Missile"]
    assert book.find("magic missile")["auto_hit"] is True
    sure = [n for n in raw if book.find(n).get("auto_hit")]
    assert sure == ["Magic Missile"]
    # A cylinder is counted by its radius (E1); Flame Strike's structured size is its height.
    radius = re.search(r"(\d+)-foot-radius, (\d+)-foot-high cylinder", raw["Flame Strike"])
    assert radius is not None and (radius[1], radius[2]) == ("10", "40")
    assert book.find("flame strike")["area"] == {"shape": "cylinder", "size": 10}
    read = sorted(n for n in raw if "area" in book.find(n).get("read", []))
    assert read == ["Flame Strike"]


@needs_source
def test_e1_s_table_of_area_spells_agrees_with_the_srd() -> None:
    """The hand table `lnf area` knows (rules/areas.SPELLS) counts as many targets as the
    SRD's own areas, where the SRD gives one; `lnf area` takes any other SRD area spell."""
    book = spellbook()
    for name, area in SPELLS.items():
        srd = book.find(name)["area"]
        if srd is not None:
            assert target_count(area) == target_count(Area(Shape(srd["shape"]), srd["size"]))
    assert run("area", "moonbeam") == (0, "Moonbeam (5 ft cylinder): 1 target (E1)\n")


WIZARD = Caster(cls="wizard", level=5, mod=3, proficiency=3)


def test_eldritch_blast_at_level_5_is_two_attack_rolls_of_1d10() -> None:
    """F7 (the SRD's own figures): two beams at 5th level, each its own roll; three at 11."""
    (blast,) = spell_fields("Eldritch Blast", WIZARD)["attacks"]
    assert (blast["times"], blast["damage"], blast["to_hit"]) == (2, "1d10 force", 6)
    at_11 = Caster(cls="warlock", level=11, mod=4, proficiency=4)
    (blast,) = spell_fields("eldritch blast", at_11)["attacks"]
    assert (blast["times"], blast["to_hit"]) == (3, 8)


def test_a_cantrip_s_dice_grow_at_character_levels_5_11_and_17() -> None:
    dice = [
        spell_fields("fire bolt", Caster(cls="wizard", level=n, mod=3, proficiency=2))["attacks"][
            0
        ]["damage"]
        for n in (1, 4, 5, 10, 11, 17, 20)
    ]
    assert (
        dice
        == ["1d10 fire", "1d10 fire", "2d10 fire", "2d10 fire", "3d10 fire"] + ["4d10 fire"] * 2
    )


FIGHT = """
title: the tower stair
heroes:
  - name: Aria
    class: wizard
    level: 5
    hp: 28
    ac: 12
    spell_mod: 3
    spells: [Fire Bolt, burning hands, shield, fireball, healing word, suggestion]
  - name: Bo
    class: cleric
    level: 5
    hp: 38
    ac: 18
    spell_mod: 3
    attacks:
      - {name: Mace, to_hit: 5, damage: 1d6+3 bludgeoning}
      - {name: Sacred Flame, kind: ranged, range: 60, save: dex 15, damage: 3d8 radiant}
    spells: [cure wounds, sacred flame, eldritch blast]
monsters:
  - name: Goblin
    hp: 7
    ac: 15
    count: 4
    attacks: [{name: Scimitar, to_hit: 4, damage: 1d6+2 slashing}]
"""


def test_fireball_and_cure_wounds_by_name_in_a_fight_file() -> None:
    """F7: Fireball 8d6 fire, a Dex save (DC 8 + 3 + 3) for half, a 20-ft sphere (E1: 4
    targets), a 3rd-level slot, at 4th 9d6; Cure Wounds 1d8 + mod, at 2nd 2d8 + mod; Healing
    Word a bonus action; Shield a guard (F1)."""
    aria, bo = parse_fight(FIGHT, "tower.yaml").heroes
    fireball = next(a for a in aria.attacks if a.name == "Fireball")
    assert (str(fireball.damage), fireball.save, fireball.half) == (
        "8d6 fire",
        (Ability.DEX, 14),
        True,
    )
    assert fireball.area is not None and fireball.area.shape is Shape.SPHERE
    assert target_count(fireball.area) == 4
    assert (fireball.slot, fireball.kind, fireball.range, fireball.spell) == (
        3,
        AttackKind.RANGED,
        (150, 150),
        True,
    )
    assert str(fireball.at_slot(4).damage) == "9d6 fire" and fireball.at_slot(4).slot == 4
    assert str(fireball.at_slot(9).damage) == "14d6 fire"
    hands = next(a for a in aria.attacks if a.name == "Burning Hands")
    assert hands.area is not None and target_count(hands.area) == 2
    cure = next(h for h in bo.heals if h.name == "Cure Wounds")
    # F2: the Life Domain's Disciple of Life, 2 + the slot's level more
    assert (str(cure.dice), str(cure.at_slot(2).dice), cure.cost) == ("1d8+6", "2d8+7", Cost.ACTION)
    word = next(h for h in aria.heals if h.name == "Healing Word")
    assert (str(word.dice), word.cost, word.slot) == ("1d4+3", Cost.BONUS, 1)
    assert [g.name for g in aria.guards] == ["Shield"]
    blast = next(a for a in bo.attacks if a.name == "Eldritch Blast")
    assert (blast.times, str(blast.damage), blast.to_hit) == (2, "1d10 force", 6)
    bolt = next(a for a in aria.attacks if a.name == "Fire Bolt")
    assert (bolt.to_hit, str(bolt.damage), bolt.slot) == (6, "2d10 fire", 0)


def test_an_entry_written_out_under_the_spell_s_name_wins() -> None:
    _, bo = parse_fight(FIGHT, "tower.yaml").heroes
    flames = [a for a in bo.attacks if a.name == "Sacred Flame"]
    assert len(flames) == 1 and str(flames[0].damage) == "3d8 radiant"
    assert flames[0].save == (Ability.DEX, 15)


def test_the_casting_modifier_comes_from_the_class_s_ability_score() -> None:
    """F7: a wizard casts with Intelligence, a cleric with Wisdom: `scores: {int: 16}` is +3,
    so a level-5 wizard's DC is 14 and its spell attack +6; spell_dc and spell_attack as
    written win."""
    wizard = {"name": "A", "class": "wizard", "level": 5, "scores": {"int": 16, "wis": 8}}
    caster = caster_of(wizard, ("heroes", 0), None)
    assert caster is not None and (caster.mod, caster.dc, caster.attack) == (3, 14, 6)
    cleric = {**wizard, "class": "cleric"}
    caster = caster_of(cleric, ("heroes", 0), None)
    assert caster is not None and (caster.mod, caster.dc) == (-1, 10)
    written = {**wizard, "spell_dc": 17, "spell_attack": "+9"}
    caster = caster_of(written, ("heroes", 0), None)
    assert caster is not None and (caster.dc, caster.attack) == (17, 9)
    data = {"heroes": [{**wizard, "spells": ["fireball"]}]}
    located = load_yaml(json.dumps(data), "x.json")
    ck = Checker(located, "x.json")
    expand_spells(located.data, ck)
    assert not ck.problems
    assert located.data["heroes"][0]["attacks"][0]["save"] == "dex 14"


def test_an_unknown_spell_is_named_at_its_line_with_the_nearest_name(tmp_path: Path) -> None:
    path = tmp_path / "typo.yaml"
    path.write_text(FIGHT.replace("fireball,", "firebal,"))
    code, out = run("check", str(path))
    assert code == 2
    assert "typo.yaml:10: heroes[0].spells[3]: no spell 'firebal'" in out
    assert "did you mean 'Fireball'?" in out and "(F7)" in out


def test_a_caster_without_a_modifier_is_told_what_to_give() -> None:
    text = FIGHT.replace("    spell_mod: 3\n    spells: [Fire", "    spells: [Fire")
    with pytest.raises(InputError, match=r"spells: a wizard's spells are cast with Intelligence"):
        parse_fight(text, "tower.yaml")
    with pytest.raises(InputError, match=r"give scores: \{int: 16\}"):
        parse_fight(text, "tower.yaml")


def test_check_says_what_lnf_does_not_play_and_spells_off_the_class_list(tmp_path: Path) -> None:
    """F7: Suggestion is the DM's; Healing Word is no wizard spell in the SRD: played, and
    said (a feat or a second class may give it)."""
    path = tmp_path / "tower.yaml"
    path.write_text(FIGHT)
    code, out = run("check", str(path))
    assert code == 0, out
    assert "Aria's Suggestion: lnf does not play it; the DM rules the effect (F7)" in out
    assert "Healing Word is not on the SRD's wizard list: played all the same" in out
    assert "Eldritch Blast is not on the SRD's cleric list" in out


def test_every_spell_a_hero_may_know_reads_in_a_fight_file() -> None:
    """Each of the 319 spells, known by a level-20 wizard, gives fields the spec takes (or
    says why lnf does not play it): nothing dropped in silence."""
    names = [s["name"] for s in spellbook().blocks]
    hero = {"name": "Mordo", "class": "wizard", "level": 20, "hp": 90, "ac": 12}
    data = {
        "heroes": [{**hero, "spell_mod": 5, "spells": names}],
        "monsters": [{"name": "Ogre", "hp": 59, "attacks": [{"name": "Club", "damage": "2d8+4"}]}],
    }
    fight = parse_fight(json.dumps(data), "all.json")
    mordo = fight.heroes[0]
    caster = Caster(cls="wizard", level=20, mod=5, proficiency=6)
    for name in names:
        got = spell_fields(name, caster)
        assert got["attacks"] or got["heals"] or got["guards"] or got["notes"], name
        for a in got["attacks"]:
            assert any(x.name == a["name"] for x in mordo.attacks)
    assert len(mordo.attacks) == sum(len(spell_fields(n, caster)["attacks"]) for n in names)


def test_a_fight_with_spells_by_name_is_played(tmp_path: Path) -> None:
    """A hero whose only attack is Fire Bolt by name casts it, with its level-5 dice."""
    path = tmp_path / "bolt.yaml"
    path.write_text(
        "heroes:\n"
        "  - {name: Aria, class: wizard, level: 5, hp: 28, ac: 12, spell_mod: 3,"
        " spells: [fire bolt]}\n"
        "monsters:\n"
        "  - {name: Goblin, hp: 7, ac: 15, attacks: [{name: Scimitar, to_hit: 4,"
        " damage: 1d6+2 slashing}]}\n"
    )
    code, out = run("run", str(path), "--seed", "1")
    assert code == 0, out
    assert "Aria attacks Goblin with Fire Bolt" in out
    assert re.search(r"Fire Bolt.*\+ 6 = \d+ vs AC 15.*", out)
    assert "hit; 2d10 (9, 2) fire = 11" in out  # a level-5 caster's Fire Bolt


def test_lnf_spells_lists_filters_and_shows_with_the_attribution() -> None:
    code, out = run("spells", "fire")
    assert code == 0 and "Fireball" in out and "Fire Bolt" in out and "CC-BY-4.0" in out
    listed = json.loads(stdout_of("spells", "--class", "wizard", "--level", "3", "--json"))
    assert "Fireball" in [s["name"] for s in listed]
    assert {s["level"] for s in listed} == {3}
    assert all("wizard" in s["classes"] for s in listed)
    code, out = run("spells", "show", "FIREBALL")
    assert code == 0
    assert "Dex save DC 14, half on a success; 8d6 fire; in a 20 ft sphere (E1: 4 targets)" in out
    assert "System Reference Document 5.1" in out
    code, out = run("spells", "show", "suggestion")
    assert "the DM rules the effect (F7)" in out
    shown = json.loads(
        stdout_of("spells", "show", "eldritch blast", "--caster-level", "5", "--json")
    )
    assert shown["as_played"]["attacks"][0]["times"] == 2 and "SRD 5.1" in shown["attribution"]
    code, out = run("spells", "show", "firebal")
    assert code == 2 and "did you mean 'Fireball'?" in out


def test_lnf_spells_does_not_import_ortools() -> None:
    code = (
        "import sys; from lnf.cli import main\n"
        "for cmd in (['spells', 'fire'], ['spells', 'show', 'fireball']):\n"
        "    try: main(cmd)\n"
        "    except SystemExit as exit: assert not exit.code, (cmd, exit.code)\n"
        "print('ortools' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "False"


def test_a_fight_with_spells_by_name_is_written_back_as_it_plays() -> None:
    """The writer writes the spells' attacks, heals and guards out in full: read again, the
    same fight (the file's own `spells:` stays the DM's)."""
    from lnf.formats.fight_writer import dump_fight

    fight = parse_fight(FIGHT, "tower.yaml")
    assert parse_fight(dump_fight(fight), "again.yaml") == fight


def test_a_list_of_spells_past_any_spellbook_is_refused() -> None:
    text = FIGHT.replace("suggestion]", "suggestion" + ", x" * 400 + "]")
    with pytest.raises(InputError, match=r"more than 400 spells \(the limit; the SRD has 319\)"):
        parse_fight(text, "tower.yaml")


ROGUE = """\
heroes:
  - {name: Nix, class: rogue, level: 5, scores: {dex: 18, int: 12}, weapons: [rapier],
     spells: [fire bolt, fireball]}
monsters:
  - {monster: goblin, count: 2}
"""


WRITTEN = """\
heroes:
  - {name: Nix, class: rogue, level: 5, scores: {dex: 18}, weapons: [rapier],
     attacks: [{name: Fireball, kind: ranged, range: 150, damage: 8d6 fire, save: dex 13,
                half: true, spell: true, slot: 3, area: sphere 20}],
     heals: {Cure Wounds: {dice: 1d8+3, slot: 1}}}
monsters:
  - {monster: goblin, count: 2}
"""


def test_f7_a_written_spell_with_a_slot_the_hero_never_has_is_refused_at_its_slot() -> None:
    """F7, as for `spells:` above: a spell written out under `attacks:` or `heals:` whose
    `slot:` is above every slot of the sheet would be offered to the hero policy and listed at
    every turn, and refused every time: refused at its `slot:`. The file's `slots:` make it
    castable; a hero without a sheet (no level, no uses) casts as the file says."""
    with pytest.raises(InputError) as info:
        parse_fight(WRITTEN, "written.yaml")
    found = [(p.path, p.line, p.rule) for p in info.value.problems]
    assert found == [
        ("heroes[0].attacks[0].slot", 4, "F7"),
        ("heroes[0].heals.Cure Wounds.slot", 5, "F7"),
    ]
    assert info.value.problems[0].message == (
        "Nix can never cast Fireball (slot: 3): the sheet has no spell slot of the 3rd level "
        "or higher (it has none)"
    )
    assert "give slots: {3: 1} if the sheet has one" in info.value.problems[0].hint
    low = WRITTEN.replace("level: 5,", "level: 5, slots: {1: 2, 2: 1},")
    with pytest.raises(InputError, match=r"\(its highest is 2nd-level\)") as info:
        parse_fight(low, "written.yaml")
    assert [p.path for p in info.value.problems] == ["heroes[0].attacks[0].slot"]
    fight = parse_fight(WRITTEN.replace("level: 5,", "level: 5, slots: {3: 1},"), "w.yaml")
    assert any(a.name == "Fireball" for a in fight.heroes[0].attacks)
    sheetless = WRITTEN.replace("level: 5, scores: {dex: 18}, weapons: [rapier]", "hp: 30, ac: 14")
    assert parse_fight(sheetless, "w.yaml").heroes[0].attacks[0].slot == 3


def test_a_spell_the_hero_can_never_cast_is_refused_at_its_name(tmp_path: Path) -> None:
    """F7: a level-5 rogue has no 3rd-level slot: Fireball would be offered at every turn and
    refused every time, so the file is refused at the spell (a cantrip is fine); the file's
    own `slots:` make it castable. Off the class's list alone is a warning, said by `check`
    before and after the fight begins."""
    with pytest.raises(InputError) as info:
        parse_fight(ROGUE, "rg.yaml")
    [problem] = info.value.problems
    assert (problem.path, problem.line, problem.rule) == ("heroes[0].spells[1]", 3, "F7")
    assert problem.message == (
        "Nix can never cast Fireball: a level-5 rogue has no spell slot of the 3rd level or "
        "higher (nor is it on the SRD's rogue list)"
    )
    assert "give slots: {3: 1} if the sheet has one" in problem.hint
    slotted = parse_fight(ROGUE.replace("level: 5,", "level: 5, slots: {3: 1},"), "rg.yaml")
    assert any(a.name == "Fireball" for a in slotted.heroes[0].attacks)
    path = tmp_path / "trickster.yaml"  # no Intelligence score written: said all the same
    path.write_text(ROGUE.replace("level: 5,", "level: 5, slots: {3: 1},").replace(", int: 12", ""))
    assert "Fireball are not on the SRD's rogue list" in run("check", str(path))[1]
    path = tmp_path / "cleric.yaml"
    path.write_text(ROGUE.replace("rogue", "cleric").replace("int: 12", "wis: 16"))
    warned = "Nix is a cleric, and Fire Bolt and Fireball are not on the SRD's cleric list"
    for _ in range(2):  # the second after the fight has begun (its log has lines)
        code, out = run("check", str(path))
        assert code == 0 and warned in out, out
        assert run("next", str(path))[0] == 0


def test_a_reaction_spell_that_deals_damage_is_a_guard_and_its_spell() -> None:
    """F1: Hellish Rebuke is cast "in response to being damaged by a creature": its spell (a
    reaction, so never offered on the warlock's own turn) and the guard that casts it as a hit
    hurts (`tests/test_hellish_rebuke.py` plays it)."""
    fields = spell_fields("hellish rebuke", Caster(cls="warlock", level=5, mod=4, proficiency=3))
    (spell,) = fields["attacks"]
    assert (spell["cost"], spell["save"], spell["damage"]) == ("reaction", "dex 15", "2d10 fire")
    assert fields["guards"] == ["hellish rebuke"] and fields["notes"] == []
