"""B8: the defensive traits that answer heroes' spells and weapons, each read from its SRD
text and played: Limited Magic Immunity (the rakshasa) and its vulnerability to piercing from
magic weapons (D6)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from lnf.dice import DamageType, parse
from lnf.dice.roll import ScriptedDice
from lnf.engine.resolve import roll_spell
from lnf.errors import Refused
from lnf.formats.bestiary import srd
from lnf.formats.not_played import NO_MAP, why
from lnf.formats.spellbook import spellbook
from lnf.formats.trait_forms import parse_trait, trait_form
from lnf.model import Ability, Attack, AttackKind, Condition, Effect, Lasting, Trait, TraitKind
from lnf.rules.berserk import BERSERK, calmed, nearest, rolls_for_berserk
from lnf.rules.damage import after_defences
from lnf.rules.legal import attack_modes, verify_attack, verify_spell_reach
from lnf.rules.spell_answers import ANSWERED, answered, caster_dc
from lnf.values import replace
from tests.builders import fight, hero, monster
from tests.cli import run
from tests.test_srd_each_turn import DATA, needs_data

LMI = Trait(TraitKind.LIMITED_MAGIC_IMMUNITY, hp=6)
FIRE_BOLT = Attack(
    name="Fire Bolt", kind=AttackKind.RANGED, to_hit=8, damage=parse("2d10 fire"), spell=True
)
FINGER = Attack(
    name="Finger of Death",
    kind=AttackKind.RANGED,
    to_hit=0,
    damage=parse("7d8+30 necrotic"),
    spell=True,
    slot=7,
    save=(Ability.CON, 17),
)
FIREBALL = Attack(
    name="Fireball",
    kind=AttackKind.RANGED,
    to_hit=0,
    damage=parse("8d6 fire"),
    spell=True,
    slot=3,
    save=(Ability.DEX, 17),
)


def srd_entries() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8")
    )
    return data


@needs_data
def test_b8_limited_magic_immunity_is_read_from_each_srd_text() -> None:
    says = re.compile(r"can't be affected or detected by spells of (\d)\w\w level or lower")
    blocks = {b["name"]: b for b in srd()}
    found = 0
    for entry in srd_entries():
        for trait in entry.get("special_abilities", []):
            if (m := says.search(trait["desc"])) is None:
                continue
            found += 1
            assert f"limited magic immunity {m[1]}" in blocks[entry["name"]]["traits"]
            assert not any("Limited Magic" in n for n in blocks[entry["name"]]["not_modelled"])
    assert found >= 1  # the rakshasa


@needs_data
def test_d6_a_vulnerability_from_magic_weapons_is_read_as_magic_only() -> None:
    blocks = {b["name"]: b for b in srd()}
    for entry in srd_entries():
        for text in entry.get("damage_vulnerabilities", []):
            if "from magic weapons" not in text:
                continue
            kind = text.split()[0]
            assert f"magic only ({kind})" in blocks[entry["name"]]["traits"]
            assert not any("only from some" in n for n in blocks[entry["name"]]["not_modelled"])


def test_b8_the_trait_forms_read_back() -> None:
    assert parse_trait("limited magic immunity 6") == LMI
    assert trait_form(LMI) == "limited magic immunity 6"
    magic = Trait(TraitKind.MAGIC_ONLY, stopped_by=frozenset({DamageType.PIERCING}))
    assert parse_trait(trait_form(magic)) == magic
    with pytest.raises(ValueError, match="highest spell level"):
        parse_trait("limited magic immunity")


def test_d6_piercing_doubles_only_from_a_magic_weapon() -> None:
    rakshasa = monster(
        "Rakshasa",
        immune=frozenset({DamageType.PIERCING}),
        vulnerable=frozenset({DamageType.PIERCING}),
        traits=(
            Trait(TraitKind.NONMAGICAL_ONLY, stopped_by=frozenset({DamageType.PIERCING})),
            Trait(TraitKind.MAGIC_ONLY, stopped_by=frozenset({DamageType.PIERCING})),
        ),
    )
    assert after_defences(rakshasa, {DamageType.PIERCING: 7}, magic=False) == (
        0,
        "immune to piercing",
    )
    assert after_defences(rakshasa, {DamageType.PIERCING: 7}, magic=True) == (
        14,
        "vulnerable to piercing",
    )


def test_b8_a_spell_of_6th_level_or_lower_cannot_be_aimed_at_it_alone() -> None:
    aria = hero("Aria", "wizard", attacks=(FIRE_BOLT, FIREBALL, FINGER))
    rakshasa = monster("Rakshasa", hp=110, traits=(LMI,))
    f = fight([aria], [rakshasa, monster("Bandit")])
    assert attack_modes(f, aria, rakshasa, FIRE_BOLT) == []  # the policy never weighs it
    with pytest.raises(Refused, match=r"Fire Bolt \(a cantrip\) cannot affect Rakshasa"):
        verify_attack(f, aria, rakshasa, [FIRE_BOLT])
    with pytest.raises(Refused, match=r"Fireball \(a spell of level 3\) cannot affect"):
        verify_spell_reach(f, aria, FIREBALL, ["Rakshasa"])
    verify_spell_reach(f, aria, FIREBALL, ["Rakshasa", "Bandit"])  # the area goes on
    verify_spell_reach(f, aria, FINGER, ["Rakshasa"])  # 7th level: it gets through
    verify_spell_reach(f, aria, FIREBALL.at_slot(7), ["Rakshasa"])  # cast at 7th


def test_b8_an_area_leaves_it_out_and_a_7th_level_spell_is_saved_with_advantage() -> None:
    aria = hero("Aria", "wizard", attacks=(FIREBALL, FINGER))
    f = fight([aria], [monster("Rakshasa", hp=110, traits=(LMI,)), monster("Bandit")])
    cast = roll_spell(f, aria, FIREBALL, ["Rakshasa", "Bandit"], ScriptedDice([3] * 8 + [5]))
    assert cast.targets == ("Bandit",) and cast.unaffected == ("Rakshasa",)
    assert [s.who for s in cast.saves] == ["Bandit"]
    finger = roll_spell(f, aria, FINGER, ["Rakshasa"], ScriptedDice([4] * 7 + [3, 18]))
    assert finger.saves[0].advantage == "Limited Magic Immunity"
    assert finger.saves[0].faces == (3, 18) and finger.saves[0].success


RAKSHASA = """\
title: The rakshasa's parlour
round: 1
heroes:
  - name: Aria
    class: wizard
    level: 13
    hp: 70
    ac: 13
    scores: {int: 18}
    spells: [fire bolt, fireball]
  - name: Bram
    class: fighter
    level: 13
    hp: 110
    ac: 18
    attacks:
      - {name: Spear, to_hit: 9, damage: 1d8+5 piercing, magic: true}
monsters:
  - monster: Rakshasa
  - {monster: Bandit, name: Bandit 1}
  - {monster: Bandit, name: Bandit 2}
"""


def test_b8_cli_a_fireball_on_the_rakshasa_and_its_bandits(tmp_path: Path) -> None:
    fight_file = tmp_path / "parlour.yaml"
    fight_file.write_text(RAKSHASA, encoding="utf-8")
    script = tmp_path / "parlour.actions"
    words = "Aria: cast Fireball at Rakshasa, Bandit 1 and Bandit 2\nBram: dodge"
    script.write_text(f"round 1\n{words}\n")
    code, out = run("run", str(fight_file), "--seed", "3", "--rounds", "1", "--script", str(script))
    assert code == 0, out
    assert "on Bandit 1 and Bandit 2" in out
    assert "it cannot affect Rakshasa (Limited Magic Immunity, B8)" in out
    assert "Rakshasa's DEX save" not in out


@needs_data
def test_b8_the_shriek_is_a_noise_that_changes_no_roll() -> None:
    shrieker = next(e for e in srd_entries() if e["name"] == "Shrieker")
    shriek = next(r for r in shrieker["reactions"] if r["name"] == "Shriek")
    # its whole effect: a noise that calls others (the fight file's monsters, if they come)
    assert re.fullmatch(
        r"When bright light or a creature is within 30 feet of the shrieker, "
        r"it emits a shriek audible within 300 feet of it\. The shrieker "
        r"continues to shriek [^.]*\.?",
        shriek["desc"].strip(),
    )
    assert why("Shriek (reaction)") == NO_MAP


# --- Immutable Form, Antimagic Susceptibility: a hero's spell the DM rules, answered --------

_ANSWERS = {
    TraitKind.IMMUTABLE_FORM: r"immune to any spell or effect that would alter its form\.$",
    TraitKind.ANTIMAGIC_SUSCEPTIBILITY: r"If targeted by dispel magic, the \w+ must succeed on a "
    r"Constitution saving throw against the caster's spell save DC or fall unconscious for 1 "
    r"minute\.$",
}


@needs_data
def test_b8_immutable_form_and_antimagic_susceptibility_are_read_from_each_srd_text() -> None:
    blocks = {b["name"]: b for b in srd()}
    found: dict[TraitKind, int] = {}
    for entry in srd_entries():
        for trait in entry.get("special_abilities", []):
            kind = next((k for k in _ANSWERS if trait["name"].lower() == k.value), None)
            if kind is None:
                continue
            assert re.search(_ANSWERS[kind], trait["desc"]), entry["name"]
            assert str(kind) in blocks[entry["name"]]["traits"], entry["name"]
            assert f"{trait['name']} (trait)" not in blocks[entry["name"]]["not_modelled"]
            found[kind] = found.get(kind, 0) + 1
    assert found == {TraitKind.IMMUTABLE_FORM: 4, TraitKind.ANTIMAGIC_SUSCEPTIBILITY: 3}


def test_f7_the_answered_spells_levels_are_the_spellbooks() -> None:
    book = spellbook()
    for name, level in ANSWERED.items():
        assert book.find(name)["level"] == level, name
        assert book.find(name)["name"] == name


def test_b8_what_a_trait_answers_and_what_stays_the_dms() -> None:
    aria = hero("Aria", "wizard", attacks=(FIREBALL,))
    golem = monster("Iron Golem", traits=(Trait(TraitKind.IMMUTABLE_FORM),))
    armor = monster("Animated Armor", traits=(Trait(TraitKind.ANTIMAGIC_SUSCEPTIBILITY),))
    polymorph = answered(aria, golem, "Polymorph", 4)
    assert polymorph is not None and polymorph.save is None  # it does nothing at all
    assert answered(aria, monster("Ogre"), "Polymorph", 4) is None  # the DM's
    assert answered(aria, armor, "Polymorph", 4) is None
    dispel = answered(aria, armor, "Dispel Magic", 3)
    assert dispel is not None and dispel.save == (Ability.CON, 17)  # Fireball's DC: hers
    assert dispel.riders[0].conditions == (Condition.UNCONSCIOUS,)
    assert dispel.riders[0].lasting.rounds == 10  # 1 minute
    assert answered(aria, golem, "Dispel Magic", 3) is None
    # Limited Magic Immunity: any answered spell of the 6th level or lower, at its cast level
    rakshasa = monster("Rakshasa", traits=(LMI,))
    assert answered(aria, rakshasa, "Flesh to Stone", 6) is not None
    assert answered(aria, rakshasa, "Flesh to Stone", 7) is None
    # the DC from the sheet's scores when no save spell gives it: 8 + 4 + 4 at level 9
    sage = hero("Sage", "wizard", level=9, scores=((Ability.INT, 18),))
    assert caster_dc(sage) == 16
    assert caster_dc(hero("Bram")) is None


ARMOR = """\
title: Armor in the hall
round: 1
heroes:
  - name: Aria
    class: wizard
    level: 9
    hp: 150
    ac: 13
    scores: {int: 18}
    spells: [fire bolt]
  - name: Bram
    class: wizard
    level: 9
    hp: 80
    ac: 18
    scores: {int: 16}
    attacks:
      - {name: Longsword, to_hit: 8, damage: 1d8+4 slashing}
monsters:
  - monster: Animated Armor
  - monster: Iron Golem
"""


def test_b8_cli_dispel_magic_fells_the_armor_and_polymorph_misses_the_golem(
    tmp_path: Path,
) -> None:
    fight_file = tmp_path / "hall.yaml"
    fight_file.write_text(ARMOR, encoding="utf-8")
    script = tmp_path / "hall.actions"
    words = "Aria: cast Dispel Magic at Animated Armor\nBram: cast Polymorph at Iron Golem"
    script.write_text(f"round 1\n{words}\n")
    code, out = run("run", str(fight_file), "--seed", "6", "--rounds", "1", "--script", str(script))
    assert code == 0, out
    assert "Aria spends a 3rd-level spell slot" in out
    assert "Animated Armor's CON save 1d20 (11) + 1 = 12 vs DC 16: fails" in out
    assert "Animated Armor is unconscious (by Aria): 1 minute" in out
    assert "Bram spends a 4th-level spell slot" in out
    assert "it cannot affect Iron Golem (Immutable Form, B8)" in out
    script.write_text("round 1\nAria: cast Dispel Magic at Iron Golem\n")
    code, out = run("run", str(fight_file), "--seed", "6", "--rounds", "1", "--script", str(script))
    assert code != 0 and "lnf does not play Dispel Magic at Iron Golem" in out


# --- Aversion of Fire ------------------------------------------------------------------------


@needs_data
def test_b8_aversion_of_fire_is_read_from_each_srd_text() -> None:
    blocks = {b["name"]: b for b in srd()}
    found = []
    for entry in srd_entries():
        for trait in entry.get("special_abilities", []):
            if trait["name"] != "Aversion of Fire":
                continue
            assert re.search(
                r"takes fire damage, it has disadvantage on attack rolls and "
                r"ability checks until the end of its next turn",
                trait["desc"],
            )
            assert "aversion of fire" in blocks[entry["name"]]["traits"]
            assert "Aversion of Fire (trait)" not in blocks[entry["name"]]["not_modelled"]
            found.append(entry["name"])
    assert found == ["Flesh Golem"]


GOLEM = """\
title: The flesh golem's lab
round: 1
heroes:
  - name: Aria
    class: wizard
    level: 9
    hp: 150
    ac: 13
    scores: {int: 18}
    spells: [fire bolt]
  - name: Bram
    class: fighter
    level: 9
    hp: 150
    ac: 18
    attacks:
      - {name: Longsword, to_hit: 8, damage: 1d8+4 slashing, magic: true}
monsters:
  - monster: Flesh Golem
"""


def test_b8_cli_fire_makes_the_flesh_golem_attack_with_disadvantage(tmp_path: Path) -> None:
    fight_file = tmp_path / "lab.yaml"
    fight_file.write_text(GOLEM, encoding="utf-8")
    script = tmp_path / "lab.actions"
    script.write_text("round 1\nAria: cast Fire Bolt at Flesh Golem\n")
    code, out = run("run", str(fight_file), "--seed", "4", "--rounds", "2", "--script", str(script))
    assert code == 0, out
    first, second = out.split("Round 2")
    assert "Aversion of Fire" not in first.split("Fire Bolt")[0]  # not before the fire
    assert "Flesh Golem: Aversion of Fire (disadvantage on attack rolls)" in first
    assert "[Aversion of Fire: Flesh Golem took fire damage (B8)]: 2d20" in second
    assert "disadvantage: keeps" in second.split("Flesh Golem attacks Bram with")[1]
    assert "Flesh Golem: Aversion of Fire (disadvantage on attack rolls) ends" in second


# --- Berserk ---------------------------------------------------------------------------------


@needs_data
def test_b8_berserk_is_read_from_each_srd_text() -> None:
    blocks = {b["name"]: b for b in srd()}
    found = {}
    for entry in srd_entries():
        for trait in entry.get("special_abilities", []):
            if trait["name"] != "Berserk":
                continue
            hp = re.match(
                r"Whenever the golem starts its turn with (\d+) hit points or fewer, "
                r"roll a d6\. On a 6, the golem goes berserk\. On each of its turns "
                r"while berserk, the golem attacks the nearest creature",
                trait["desc"],
            )
            assert (
                hp is not None
                and "until it is destroyed or regains all its hit points" in (trait["desc"])
            )
            assert f"berserk {hp[1]}" in blocks[entry["name"]]["traits"]
            assert "Berserk (trait)" not in blocks[entry["name"]]["not_modelled"]
            found[entry["name"]] = int(hp[1])
    assert found == {"Clay Golem": 60, "Flesh Golem": 40}


def test_b8_who_rolls_for_berserk_and_whom_it_attacks() -> None:
    golem = monster("Golem", hp=93, damage=53, traits=(Trait(TraitKind.BERSERK, hp=40),))
    f = fight(
        [hero("Bram"), hero("Cade")], [golem, monster("Zombie")], {"A": ["Bram", "Golem", "Zombie"]}
    )
    assert rolls_for_berserk(f, golem)  # 40 hit points left
    assert not rolls_for_berserk(f, replace(golem, damage=52))  # 41
    assert nearest(f, golem) == ["Bram", "Zombie"]  # its group, ally or foe; not Cade
    assert nearest(fight([hero("Bram")], [golem]), golem) == []  # in no group: the plan's
    raging = Effect(key=1, who="Golem", what=BERSERK, lasting=Lasting(), round=1)
    mad = replace(f, effects=(raging,))
    assert not rolls_for_berserk(mad, golem) and not calmed(mad, golem)
    healed = replace(golem, damage=0)
    assert calmed(mad.with_combatant(healed), healed)  # all its hit points back


BERSERK_FIGHT = """\
title: The golem's rage
round: 1
heroes:
  - name: Bram
    class: fighter
    level: 9
    hp: 150
    ac: 18
    attacks:
      - {name: Longsword, to_hit: 8, damage: 1d8+4 slashing, magic: true}
monsters:
  - monster: Flesh Golem
    damage: 60
  - monster: Zombie
groups:
  A: [Bram, Flesh Golem, Zombie]
"""


def test_b8_cli_the_berserk_flesh_golem_strikes_its_ally(tmp_path: Path) -> None:
    fight_file = tmp_path / "rage.yaml"
    fight_file.write_text(BERSERK_FIGHT, encoding="utf-8")
    code, out = run("run", str(fight_file), "--seed", "1", "--rounds", "2")
    assert code == 0, out
    assert "Flesh Golem rolls for Berserk as its turn starts: 1d6 (6): it goes berserk (B8)." in out
    assert "Flesh Golem attacks Zombie with Slam in mêlée" in out
    assert "(Berserk: it attacks the nearest creature (B8)); Zombie" in out
