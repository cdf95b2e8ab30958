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
from lnf.formats.trait_forms import parse_trait, trait_form
from lnf.model import Ability, Attack, AttackKind, Trait, TraitKind
from lnf.rules.damage import after_defences
from lnf.rules.legal import attack_modes, verify_attack, verify_spell_reach
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


def _entries() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8")
    )
    return data


@needs_data
def test_b8_limited_magic_immunity_is_read_from_each_srd_text() -> None:
    says = re.compile(r"can't be affected or detected by spells of (\d)\w\w level or lower")
    blocks = {b["name"]: b for b in srd()}
    found = 0
    for entry in _entries():
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
    for entry in _entries():
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
    shrieker = next(e for e in _entries() if e["name"] == "Shrieker")
    shriek = next(r for r in shrieker["reactions"] if r["name"] == "Shriek")
    # its whole effect: a noise that calls others (the fight file's monsters, if they come)
    assert re.fullmatch(
        r"When bright light or a creature is within 30 feet of the shrieker, "
        r"it emits a shriek audible within 300 feet of it\. The shrieker "
        r"continues to shriek [^.]*\.?",
        shriek["desc"].strip(),
    )
    assert why("Shriek (reaction)") == NO_MAP
