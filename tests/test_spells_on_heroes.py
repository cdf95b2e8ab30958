"""F7, B6, B9: the spells the SRD's monsters cast at heroes that lnf plays whole
(`formats/spells_on_heroes.ON_HEROES`): Power Word Kill (the lich) and Banishment (the
archmage, the sphinxes, the guardian naga), each judged by its own SRD text, planned (B6),
checked by the validator and played from `lnf run`; Conjure Elemental is the DM's (B9)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight
from lnf.formats.spells_on_heroes import ON_HEROES
from lnf.model import Condition, Rank
from lnf.model.plan import Mode, Order, Plan
from lnf.rules.feeble import halved, lessened
from lnf.rules.plan_check import check_plan
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

CASTERS = {
    "Power Word Kill": {"Lich"},
    "Banishment": {"Androsphinx", "Archmage", "Guardian Naga", "Gynosphinx"},
    "Bestow Curse": {"Guardian Naga"},
    "Telekinesis": {"Cloud Giant"},
    "Ray of Enfeeblement": {"Night Hag"},
    "Contagion": {"Mummy Lord"},
}


def _srd_spell(name: str) -> dict[str, Any]:
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-spells.json").read_text(encoding="utf-8")
    )
    return next(s for s in data if s["name"] == name)


@needs_data
def test_power_word_kill_is_what_its_own_srd_text_says() -> None:
    """F7: "If the creature you choose has 100 hit points or fewer, it dies. Otherwise, the
    spell has no effect": no save (the entry has no DC), no attack roll, no concentration."""
    source = _srd_spell("Power Word Kill")
    text = " ".join(source["desc"]).lower()
    table = ON_HEROES["power word kill"]
    assert f"has {table['effect']['word']} hit points or fewer, it dies" in text
    assert table["effect"]["kills"] is True and "riders" not in table
    assert "dc" not in source and source.get("attack_type") is None
    assert not source["concentration"] and source["duration"] == "Instantaneous"


@needs_data
def test_banishment_is_what_its_own_srd_text_says() -> None:
    """F7: "must succeed on a charisma saving throw or be banished … the target is
    incapacitated … until the spell ends" — a Charisma save, nothing on a success, while the
    caster concentrates, up to 1 minute."""
    source = _srd_spell("Banishment")
    text = " ".join(source["desc"]).lower()
    table = ON_HEROES["banishment"]
    (rider,) = table["riders"]
    assert "charisma saving throw or be banished" in text
    assert "the target is incapacitated" in text and "until the spell ends" in text
    assert source["dc"]["dc_type"]["index"] == "cha" and source["dc"]["dc_success"] == "none"
    assert table["half"] is False and rider == {"condition": "banished", "lasting": "1 minute"}
    assert source["concentration"] and source["duration"] == "Up to 1 minute"
    assert Condition.BANISHED in Condition  # played as a condition of lnf's own (F7)


@needs_data
@pytest.mark.parametrize("spell", sorted(CASTERS))
def test_every_stat_block_that_lists_it_casts_it(spell: str) -> None:
    """B1, B2: each SRD stat block that lists the spell has it as an action with its own DC
    (a Charisma save for Banishment), its slot, and lists it as not played no more."""
    found = set()
    for block in srd():
        for action in block.get("actions", []):
            if action["name"] != spell:
                continue
            found.add(block["name"])
            assert "slot" in action or "per_day" in action, block["name"]
            if spell == "Ray of Enfeeblement":  # an attack roll; the DC is the repeat's
                assert action["to_hit"] == 6 and "save" not in action and action["concentration"]
                (rider,) = action["riders"]
                assert rider == {
                    "condition": "enfeebled",
                    "lasting": "1 minute",
                    "repeat": "end",
                    "again": "con 14",
                }
            elif spell == "Contagion":  # a mêlée spell attack; the DC is the saves'
                assert action["to_hit"] == 9 and action["kind"] == "melee" and "save" not in action
                assert action["riders"] == [
                    {"condition": "weakened", "repeat": "end", "again": "con 17", "saves": 3}
                ]
            elif spell == "Telekinesis":
                assert action["effect"] == {"contest": 3, "lasting": "10 minutes"}  # Cha 16
                assert "save" not in action and "area" not in action and action["per_day"] == 3
            elif spell == "Bestow Curse":
                assert action["save"].startswith("wis ") and action["kind"] == "melee"
                assert action["riders"] == [{"condition": "cursed", "lasting": "1 minute"}]
            elif spell == "Banishment":
                dc = int(action["save"].split()[1])
                assert action["save"].startswith("cha ") and action["concentration"]
                assert any(c.get("dc") == dc for c in block["spellcasting"]), block["name"]
            else:
                assert action["effect"] == {"word": 100, "kills": True} and "save" not in action
        assert not [n for n in block.get("not_modelled", []) if n.endswith(f": {spell}")]
    assert found == CASTERS[spell]


@needs_data
def test_bestow_curse_is_what_its_own_srd_text_says() -> None:
    """F7: "must succeed on a wisdom saving throw or become cursed for the duration of the
    spell", a touch, concentration up to 1 minute at its own 3rd level; of the curses the
    caster chooses, lnf's is "While cursed, the target has disadvantage on attack rolls
    against you" (docs/choices.md F7)."""
    source = _srd_spell("Bestow Curse")
    text = " ".join(source["desc"]).lower()
    table = ON_HEROES["bestow curse"]
    assert "wisdom saving throw or become cursed for the duration of the spell" in text
    assert "while cursed, the target has disadvantage on attack rolls against you" in text
    assert source["dc"]["dc_type"]["index"] == "wis" and source["dc"]["dc_success"] == "none"
    assert table["riders"] == [{"condition": "cursed", "lasting": "1 minute"}]
    assert source["range"] == "Touch" and source["level"] == 3
    assert source["concentration"] and source["duration"] == "Up to 1 minute"


@needs_data
def test_the_cursed_hero_attacks_its_curser_with_disadvantage(tmp_path: Path) -> None:
    """B6, F7, played: its lower slots spent, the guardian naga curses the hero beside it (a
    Wisdom save failed), concentrating; the hero's attack rolls against it have disadvantage,
    said as D4's reason; a cursed hero is not cursed again (B6: worth nothing more)."""
    path = tmp_path / "naga.yaml"
    path.write_text(
        "heroes: [{name: Ann, class: fighter, hp: 200, ac: 18, attacks: [{name: Longsword, "
        "to_hit: 7, damage: 1d8+4 slashing}]}]\nmonsters: [{monster: guardian naga, used: "
        "{slot 1: 4, slot 2: 3, slot 4: 3, slot 5: 2, slot 6: 1}}]\n"
        "groups: {A: [Ann, Guardian Naga]}\n",
        encoding="utf-8",
    )
    said = stdout_of("run", str(path), "--seed", "1", "--rounds", "2")
    assert "Guardian Naga casts Bestow Curse on Ann." in said
    assert re.search(r"Ann's WIS save .* vs DC 16: fails", said)
    assert "Ann is cursed (by Guardian Naga): 1 minute, while Guardian Naga concentrates" in said
    hindered = "Ann attacks Guardian Naga with Longsword in mêlée [Ann is cursed by Guardian "
    assert said.count(hindered + "Naga (Bestow Curse, F7)]: 2d20") == 2
    assert said.count("casts Bestow Curse on Ann.") == 1


@needs_data
def test_telekinesis_is_what_its_own_srd_text_says() -> None:
    """F7: "an ability check with your spellcasting ability contested by the creature's
    Strength check … Until the end of your next turn, the creature is restrained in your
    telekinetic grip"; one creature (the SRD data's 30-foot sphere is not the text's), no save,
    concentration up to 10 minutes; the move "up to 30 feet" may be none."""
    source = _srd_spell("Telekinesis")
    text = " ".join(source["desc"]).lower()
    table = ON_HEROES["telekinesis"]
    contest = "ability check with your spellcasting ability contested by the creature's strength"
    assert contest in text
    assert "until the end of your next turn, the creature is restrained" in text
    assert "exert your will on one creature or object" in text and "up to 30 feet" in text
    assert table["riders"] == [
        {"condition": "restrained", "lasting": "until the end of the attacker's next turn"}
    ]
    assert table["area"] is None and source.get("area_of_effect") is not None
    assert "dc" not in source and table["effect"] == {"contest": True, "lasting": "10 minutes"}
    assert source["concentration"] and source["duration"] == "Up to 10 minutes"


@needs_data
def test_the_cloud_giant_grips_a_hero_and_strikes_it_restrained(tmp_path: Path) -> None:
    """B6, F7, played: the plan casts Telekinesis at the lone hero (a 3/day use); the giant's
    Charisma check (+3) against the hero's Strength (its save bonus, as F6's contests); won,
    the hero is restrained until the end of the giant's next turn (F4: not the turn it began
    in), so the giant's next attacks have advantage and the grip ends after them."""
    path = tmp_path / "giant.yaml"
    path.write_text(
        "heroes: [{name: Ann, class: wizard, hp: 200, ac: 12, attacks: [{name: Fire Bolt, "
        "kind: ranged, spell: true, to_hit: 7, damage: 2d10 fire, range: 120}]}]\n"
        "monsters: [{monster: cloud giant}]\n",
        encoding="utf-8",
    )
    f = load_fight(path)
    order = Order("Cloud Giant", Rank.FRONT, target="Ann", mode=Mode.RANGED, action="Telekinesis")
    assert check_plan(f, Plan((order,))) == []
    said = stdout_of("run", str(path), "--seed", "1", "--rounds", "2")
    assert "Cloud Giant casts Telekinesis at Ann." in said  # the plan
    assert "Cloud Giant spends a daily use of Telekinesis (2 of 3 left)." in said
    assert "Cloud Giant tries to grip Ann: 1d20 (16) + 3 = 19 against 1d20 (6) + 0 = 6" in said
    assert "Ann is prone" not in said  # a grip is no shove
    assert "Ann is restrained (by Cloud Giant): until the end of Cloud Giant's next turn" in said
    round_2 = said[said.index("Round 2") :]
    assert round_2.count("with reach [Ann is restrained]: 2d20") == 2
    assert round_2.index("Ann is no longer restrained") > round_2.index("Morningstar")


@needs_data
def test_ray_of_enfeeblement_and_reduce_are_what_their_own_srd_text_says() -> None:
    """F7: the ray, "a ranged spell attack … the target deals only half damage with weapon
    attacks that use Strength … a constitution saving throw … On a success, the spell ends";
    Reduce, "disadvantage on Strength checks and Strength saving throws … the target's attacks
    with them deal 1d4 less damage (this can't reduce the damage below 1)", after a failed
    Constitution save; both concentration, up to 1 minute."""
    ray = _srd_spell("Ray of Enfeeblement")
    text = " ".join(ray["desc"]).lower()
    assert ray["attack_type"] == "ranged" and ray["dc"]["dc_type"]["index"] == "con"
    assert "deals only half damage with weapon attacks that use strength" in text
    assert "constitution saving throw against the spell. on a success, the spell ends" in text
    table = ON_HEROES["ray of enfeeblement"]
    assert table["save"] is None and table["riders"][0]["again"] == "con"
    size = _srd_spell("Enlarge/Reduce")
    text = " ".join(size["desc"]).lower()
    assert "disadvantage on strength checks and strength saving throws" in text
    assert "deal 1d4 less damage (this can't reduce the damage below 1)" in text
    assert size["dc"]["dc_type"]["index"] == "con" and size["dc"]["dc_success"] == "none"
    for source in (ray, size):
        assert source["concentration"] and source["duration"] == "Up to 1 minute"


def test_f7_half_and_less_damage_as_the_texts_say() -> None:
    """F7 (`rules.feeble`): halved each type, rounded down; 1d4 less, never below 1."""
    assert halved((("slashing", 11), ("fire", 3))) == (("slashing", 5), ("fire", 1))
    assert lessened((("slashing", 11),), 4) == (("slashing", 7),)
    assert lessened((("slashing", 3),), 4) == (("slashing", 1),)
    assert lessened((("slashing", 1), ("fire", 2)), 4) == (("slashing", 0), ("fire", 2))


@needs_data
def test_the_night_hags_ray_halves_the_heros_greatsword(tmp_path: Path) -> None:
    """B6, F5, F7, played: from the back rank behind its ogre the hag casts the ray (a 2/day
    use), an attack roll with no damage; on a hit it concentrates and the hero is enfeebled,
    a Constitution save at the end of each of its turns; the hero's greatsword deals half."""
    path = tmp_path / "hag.yaml"
    path.write_text(
        "heroes: [{name: Ann, class: fighter, hp: 200, ac: 18, attacks: [{name: Greatsword, "
        "to_hit: 7, damage: 2d6+4 slashing}]}]\nmonsters: [{monster: night hag, rank: back, "
        "why: guarded}, {monster: ogre}]\ngroups: {A: [Ann, Ogre, Night Hag]}\n",
        encoding="utf-8",
    )
    said = stdout_of("run", str(path), "--seed", "2", "--rounds", "2")
    assert "Night Hag casts Ray of Enfeeblement at Ann, in the back rank" in said
    assert "Enfeeblement at range: 1d20 (14) + 6 = 20 vs AC 18: hit; no damage of its" in said
    assert "Night Hag concentrates on Ray of Enfeeblement (1 minute) (F5)." in said
    assert (
        "Ann is enfeebled (by Night Hag): 1 minute, a DC 14 Constitution save at the end of "
        "each of its turns ends it, while Night Hag concentrates (F4)." in said
    )
    assert "2d6 (5, 2) + 4 slashing = 11, halved: 5 (Ann is enfeebled, F7); Ogre 40/59" in said
    assert "Ann's Constitution save against enfeebled: 1d20 (7) + 0 = 7 vs DC 14" in said


@needs_data
def test_contagion_is_what_its_own_srd_text_says() -> None:
    """F7: "Make a melee spell attack … On a hit, you afflict the creature with a disease …
    After failing three of these saving throws, the disease's effects last for the duration,
    and the creature stops making these saves. After succeeding on three of these saving
    throws, the creature recovers"; lnf's disease, Filth Fever, is weakened word for word
    ("disadvantage on strength checks, strength saving throws, and attack rolls that use
    Strength"); 7 days, no concentration: past the fight, the DM's."""
    source = _srd_spell("Contagion")
    text = " ".join(source["desc"]).lower()
    table = ON_HEROES["contagion"]
    assert source["attack_type"] == "melee" and source["dc"]["dc_type"]["index"] == "con"
    assert "at the end of each of the target's turns, it must make a constitution saving" in text
    assert "after failing three of these saving throws" in text
    assert "after succeeding on three of these saving throws, the creature recovers" in text
    filth = "disadvantage on strength checks, strength saving throws, and attack rolls that use"
    assert (
        f"filth fever.*** a raging fever sweeps through the creature's body. the creature "
        f"has {filth}" in text
    )
    (rider,) = table["riders"]
    assert rider == {"condition": "weakened", "repeat": "end", "again": "con", "saves": 3}
    assert table["save"] is None and "lasting" not in rider  # 7 days: past the fight
    assert not source["concentration"] and source["duration"] == "7 days"


@needs_data
def test_the_mummy_lords_contagion_counts_three_saves(tmp_path: Path) -> None:
    """B6, F4, F7, played: its slots for better spells spent, the mummy lord touches the hero
    with Contagion (an attack roll, no damage); weakened, the hero's Strength attacks have
    disadvantage; each Constitution save at its turn's end is counted, and the third success
    ends it (the first does not)."""
    path = tmp_path / "mummy.yaml"
    path.write_text(
        "heroes: [{name: Ann, class: fighter, hp: 300, ac: 22, saves: {wis: 15, con: 9}, "
        "attacks: [{name: Greatsword, to_hit: 7, damage: 2d6+4 slashing, magic: true}]}]\n"
        "monsters: "
        "[{monster: mummy lord, used: {slot 1: 4, slot 2: 3, slot 3: 3, slot 4: 3, slot 6: 1}}]"
        "\ngroups: {A: [Ann, Mummy Lord]}\n",
        encoding="utf-8",
    )
    said = stdout_of("run", str(path), "--seed", "1", "--rounds", "5")
    assert (
        "Mummy Lord attacks Ann with Contagion in mêlée: 1d20 (13) + 9 = 22 vs AC 22: hit" in said
    )
    assert (
        "Ann is weakened (by Mummy Lord): a DC 17 Constitution save at the end of each of its "
        "turns: 3 successes end it, 3 failures fix it (F4)." in said
    )
    assert "[Ann is weakened and Greatsword is Strength-based]: 2d20" in said
    for n in (1, 2, 3):
        assert f"{n} of 3 successes against weakened (F4)." in said
    assert "2 of 3 failures against weakened (F4)." in said
    assert said.count("Ann is no longer weakened: 3 saves succeeded (F4).") == 1
    assert said.index("3 of 3 successes") < said.index("Ann is no longer weakened")


@needs_data
def test_the_stat_blocks_say_what_lnf_plays() -> None:
    """B1: `lnf monsters show` says each in a DM's words."""
    lich = stdout_of("monsters", "show", "lich")
    assert "Power Word Kill: a 9th-level slot; range 60 ft; no save when cast: only on a" in lich
    assert "points or fewer; it dies (F7)" in lich
    giant = " ".join(stdout_of("monsters", "show", "cloud giant").split())
    assert "restrained (until the end of the cloud giant's next turn); if its check at +3" in giant
    naga = " ".join(stdout_of("monsters", "show", "guardian naga").split())
    assert "Bestow Curse: a 3rd-level slot; DC 16 Wisdom save; on a failure: cursed" in naga
    assert "Banishment: a 4th-level slot; DC 16 Charisma save; range 60 ft; on a failure: " in naga
