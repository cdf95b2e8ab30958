"""B1: Multiattack ways the text allows on a condition, or with a count it rolls: the wyvern's
claws "while flying", the violet fungus's 1d4 touches; read from the SRD entries' own words,
played from the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled, ride
from lnf.engine.turns import rolled_count
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import parse_fight
from lnf.model import Condition
from lnf.model.plan import Mode
from lnf.rules.attacks import routine
from lnf.rules.holds import swallowed_by
from lnf.rules.multiattack_first import in_place
from lnf.rules.specials import check_usable, usable
from lnf.values import replace
from tests.cli import run
from tests.test_bestiary import SOURCE

WYVERN = """
heroes:
  - {name: Ann, class: fighter, hp: 60, ac: 14}
monsters:
  - {monster: wyvern}
groups:
  A: [Ann, Wyvern]
"""


def test_b1_the_wyvern_uses_its_claws_only_while_it_can_fly() -> None:
    fight = parse_fight(WYVERN, "wyvern.yaml")
    wyvern, ann = fight.monster("Wyvern"), fight.hero("Ann")
    assert [a.name for a in routine(wyvern, ann, Mode.MELEE)] == ["Stinger", "Claws"]
    grounded = replace(wyvern, conditions=frozenset({Condition.PRONE}))
    assert [a.name for a in routine(grounded, ann, Mode.MELEE)] == ["Bite", "Stinger"]


def test_b1_the_wyverns_way_is_told_from_the_cli(tmp_path: Path) -> None:
    fight = tmp_path / "wyvern.yaml"
    fight.write_text(WYVERN, encoding="utf-8")
    code, out = run("plan", str(fight))
    assert code == 0, out
    assert "attacks Ann in mêlée with Stinger and Claws (a way while flying, B1)." in out


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_the_wyverns_multiattack_is_its_own_text() -> None:
    wyvern = next(
        m for m in json.loads(SOURCE.read_text(encoding="utf-8")) if m["name"] == "Wyvern"
    )
    multi = next(a["desc"] for a in wyvern["actions"] if a["name"] == "Multiattack")
    assert "one with its bite and one with its stinger" in multi
    assert "While flying, it can use its claws in place of one other attack" in multi
    block = next(b for b in srd() if b["name"] == "Wyvern")
    assert block["multiattack_options"] == [
        {"attacks": {"Bite": 1, "Stinger": 1}, "at_range": False},
        {"attacks": {"Bite": 1, "Claws": 1}, "at_range": False, "flying": True},
        {"attacks": {"Stinger": 1, "Claws": 1}, "at_range": False, "flying": True},
    ]
    assert not [n for n in block["not_modelled"] if n.startswith("Multiattack")]


FUNGUS = """
heroes:
  - {name: Ann, class: fighter, hp: 60, ac: 10}
monsters:
  - {monster: violet fungus}
groups:
  A: [Ann, Violet Fungus]
"""


def test_b1_the_fungus_rolls_its_count_and_plans_the_average() -> None:
    fight = parse_fight(FUNGUS, "fungus.yaml")
    fungus = fight.monster("Violet Fungus")
    assert fungus.multiattack_rolled == (("Rotting Touch", "1d4"),)
    planned = routine(fungus, fight.hero("Ann"), Mode.MELEE)
    assert [a.name for a in planned] == ["Rotting Touch"] * 2  # 1d4's 2.5, rounded down
    attacks, said = rolled_count(fungus, planned, ScriptedDice([3]))
    assert len(attacks) == 3 and said == "1d4 (3) = 3"
    attacks, said = rolled_count(fungus, planned, ScriptedDice([1]))
    assert len(attacks) == 1


def test_b1_the_fungus_count_is_told_from_the_cli(tmp_path: Path) -> None:
    fight = tmp_path / "fungus.yaml"
    fight.write_text(FUNGUS, encoding="utf-8")
    code, out = run("run", str(fight), "--rounds", "1", "--seed", "1")
    assert code == 0, out
    assert (
        "Violet Fungus rolls 1d4 (4) = 4 Rotting Touch attacks (B1); Violet Fungus attacks" in out
    )
    assert out.count("with Rotting Touch in mêlée") == 4


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_the_fungus_multiattack_is_its_own_text() -> None:
    fungus = next(
        m for m in json.loads(SOURCE.read_text(encoding="utf-8")) if m["name"] == "Violet Fungus"
    )
    multi = next(a["desc"] for a in fungus["actions"] if a["name"] == "Multiattack")
    assert multi == "The fungus makes 1d4 Rotting Touch attacks."
    block = next(b for b in srd() if b["name"] == "Violet Fungus")
    assert block["multiattack_rolled"] == {"Rotting Touch": "1d4"}
    assert not [n for n in block["not_modelled"] if n.startswith("Multiattack")]


CHIMERA = """
heroes:
  - {name: Ann, class: fighter, hp: 80, ac: 14}
  - {name: Bo, class: wizard, hp: 40, ac: 12}
monsters:
  - {monster: chimera}
groups:
  A: [Ann, Bo, Chimera]
"""


def test_b1_b6_the_chimeras_breath_replaces_its_weaker_of_bite_and_horns() -> None:
    fight = parse_fight(CHIMERA, "chimera.yaml")
    chimera, bo = fight.monster("Chimera"), fight.hero("Bo")
    assert chimera.multiattack_action == "Fire Breath"
    assert chimera.multiattack_in_place == ("Bite", "Horns")
    full = routine(chimera, bo, Mode.MELEE)
    assert [a.name for a in full] == ["Bite", "Horns", "Claws"]
    kept = in_place(fight, chimera, full, bo, Mode.MELEE)  # horns 1d12+4 < bite 2d6+4
    assert [a.name for a in kept] == ["Bite", "Claws"]


def test_b1_the_chimera_breathes_in_place_of_its_horns_from_the_cli(tmp_path: Path) -> None:
    fight = tmp_path / "chimera.yaml"
    fight.write_text(CHIMERA, encoding="utf-8")
    code, out = run("plan", str(fight))
    assert code == 0, out
    assert "uses Fire Breath in place of its Horns on Ann and Bo, then attacks Bo in mêlée" in out
    code, out = run("run", str(fight), "--rounds", "1", "--seed", "1")
    assert "Chimera uses Fire Breath (15 ft cone, 2 targets) on Ann and Bo" in out
    assert "with Bite in mêlée" in out and "with Horns" not in out


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_the_chimeras_multiattack_is_its_own_text() -> None:
    chimera = next(
        m for m in json.loads(SOURCE.read_text(encoding="utf-8")) if m["name"] == "Chimera"
    )
    multi = next(a["desc"] for a in chimera["actions"] if a["name"] == "Multiattack")
    assert "it can use the breath in place of its bite or horns" in multi
    block = next(b for b in srd() if b["name"] == "Chimera")
    assert block["multiattack_action"] == "Fire Breath"
    assert block["multiattack_in_place"] == ["Bite", "Horns"]
    assert not [n for n in block["not_modelled"] if n.startswith("Multiattack")]


CHUUL = """
heroes:
  - {name: Ann, class: fighter, hp: 80, ac: 12}
  - {name: Bo, class: wizard, hp: 40, ac: 12}
monsters:
  - {monster: chuul}
groups:
  A: [Ann, Bo, Chuul]
"""


def test_b1_the_chuuls_tentacles_only_on_one_it_grapples_after_its_pincers() -> None:
    fight = parse_fight(CHUUL, "chuul.yaml")
    chuul = fight.monster("Chuul")
    assert chuul.multiattack_held == "Tentacles"
    assert not usable(fight, chuul)  # no action of its own
    assert check_usable(chuul, "Tentacles")[0].rule == "B1"


def test_b1_the_chuul_uses_its_tentacles_on_the_one_it_grapples_from_the_cli(
    tmp_path: Path,
) -> None:
    fight = tmp_path / "chuul.yaml"
    fight.write_text(CHUUL, encoding="utf-8")
    code, out = run("run", str(fight), "--rounds", "1", "--seed", "2")
    assert code == 0, out
    grappled = out.index("Ann is grappled by Chuul's Pincer (escape DC 14)")
    assert out.index("Chuul uses Tentacles on Ann. Ann's CON save 1d20 (11)") > grappled


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_the_chuuls_multiattack_is_its_own_text() -> None:
    chuul = next(m for m in json.loads(SOURCE.read_text(encoding="utf-8")) if m["name"] == "Chuul")
    said = {a["name"]: a["desc"] for a in chuul["actions"]}
    assert (
        "If the chuul is grappling a creature, the chuul can also use its tentacles once"
        in (said["Multiattack"])
    )
    assert said["Tentacles"].startswith("One creature grappled by the chuul must succeed")
    block = next(b for b in srd() if b["name"] == "Chuul")
    assert block["multiattack_held"] == "Tentacles"
    assert not [n for n in block["not_modelled"] if n.startswith("Multiattack")]


TARRASQUE = """
heroes:
  - {name: Ann, class: fighter, hp: 400, ac: 12}
monsters:
  - {monster: tarrasque}
groups:
  A: [Ann, Tarrasque]
"""


def test_f6_the_tarrasques_bite_grapples_then_swallows_from_the_cli(tmp_path: Path) -> None:
    fight = tmp_path / "tarrasque.yaml"
    fight.write_text(TARRASQUE, encoding="utf-8")
    code, out = run("run", str(fight), "--rounds", "1", "--seed", "2")
    assert code == 0, out
    grappled = out.index("Ann is grappled by Tarrasque's Bite (escape DC 20)")
    assert out.index("Ann is no longer grappled: Ann is swallowed (F4).") > grappled
    assert "Ann is swallowed by Tarrasque: out of every reach but Tarrasque's" in out


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_the_tarrasques_swallow_is_its_own_text() -> None:
    tarrasque = next(
        m for m in json.loads(SOURCE.read_text(encoding="utf-8")) if m["name"] == "Tarrasque"
    )
    said = {a["name"]: a["desc"] for a in tarrasque["actions"]}
    assert "It can use its Swallow instead of its bite" in said["Multiattack"]
    assert "56 (16d6) acid damage" in said["Swallow"] and "60 damage or more" in said["Swallow"]
    assert "DC 20 Constitution saving throw" in said["Swallow"]
    block = next(b for b in srd() if b["name"] == "Tarrasque")
    bite = next(a for a in block["attacks"] if a["name"] == "Bite")
    assert bite["riders"][0] == {
        "conditions": ["blinded", "restrained"],
        "swallow": True,
        "regurgitate": 60,
        "regurgitate_dc": 20,
        "held_damage": "16d6 acid",
        "only_if": "Large or smaller",
    }
    assert bite["riders"][1] == {"condition": "restrained", "grapple": 20, "holds": 1}
    assert "Swallow" not in [a["name"] for a in block.get("actions", [])]
    assert not [n for n in block["not_modelled"] if "Swallow" in n]


MOUTHER = """
heroes:
  - {name: Ann, class: fighter, hp: 40, ac: 10}
  - {name: Bo, class: wizard, hp: 20, ac: 10}
monsters:
  - {monster: gibbering mouther}
groups:
  A: [Ann, Bo, Gibbering Mouther]
"""


def test_b1_f6_the_mouther_spits_with_its_bite_and_absorbs_the_slain(tmp_path: Path) -> None:
    mouther = parse_fight(MOUTHER, "mouther.yaml").monster("Gibbering Mouther")
    assert mouther.multiattack_action == "Blinding Spittle"
    (bites,) = mouther.attacks
    absorbs = [r for r in bites.riders if r.slain]
    assert [r.afflicts for r in absorbs] == ["slain: absorbed into the mouther"]
    fight = tmp_path / "mouther.yaml"
    fight.write_text(MOUTHER, encoding="utf-8")
    code, out = run("plan", str(fight))
    assert code == 0, out
    assert "uses Blinding Spittle on Ann, then attacks Bo in mêlée with Bites." in out


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_the_mouthers_multiattack_and_bites_are_their_own_text() -> None:
    mouther = next(
        m
        for m in json.loads(SOURCE.read_text(encoding="utf-8"))
        if m["name"] == "Gibbering Mouther"
    )
    said = {a["name"]: a["desc"] for a in mouther["actions"]}
    assert "and, if it can, uses its Blinding Spittle" in said["Multiattack"]
    assert (
        "If the target is killed by this damage, it is absorbed into the mouther" in (said["Bites"])
    )
    block = next(b for b in srd() if b["name"] == "Gibbering Mouther")
    assert block["multiattack_action"] == "Blinding Spittle"
    left = [n for n in block["not_modelled"] if n.startswith(("Multiattack", "Bites"))]
    assert not left


GLABREZU = """
heroes:
  - {name: Ann, class: fighter, hp: 120, ac: 14}
  - {name: Bo, class: wizard, hp: 40, ac: 12}
  - {name: Cy, class: cleric, hp: 40, ac: 12}
monsters:
  - {monster: glabrezu}
groups:
  A: [Ann, Bo, Cy, Glabrezu]
"""


def test_b1_the_glabrezu_pinches_beside_the_spell_it_casts(tmp_path: Path) -> None:
    glabrezu = parse_fight(GLABREZU, "glabrezu.yaml").monster("Glabrezu")
    assert glabrezu.multiattack_spell == (("Pincer", 2),)
    fight = tmp_path / "glabrezu.yaml"
    fight.write_text(GLABREZU, encoding="utf-8")
    code, out = run("run", str(fight), "--rounds", "1", "--seed", "1")
    assert code == 0, out
    cast = out.index("Glabrezu casts Confusion (10 ft sphere, 2 targets) on Ann and Cy.")
    pinched = out.index("Glabrezu attacks Ann with Pincer in mêlée: 1d20 (6) + 9 = 15")
    assert pinched > cast and out.count("with Pincer in mêlée") == 2


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_the_glabrezus_multiattack_is_its_own_text() -> None:
    glabrezu = next(
        m for m in json.loads(SOURCE.read_text(encoding="utf-8")) if m["name"] == "Glabrezu"
    )
    multi = next(a["desc"] for a in glabrezu["actions"] if a["name"] == "Multiattack")
    assert "Alternatively, it makes two attacks with its pincers and casts one spell." in multi
    block = next(b for b in srd() if b["name"] == "Glabrezu")
    assert block["multiattack_spell"] == {"Pincer": 2}
    assert not [n for n in block["not_modelled"] if n.startswith("Multiattack")]


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Rug of Smothering", "no damage of its own; on a hit: grappled (escape DC 13"),
        ("Giant Spider", "Web: recharge 5–6; +5 to hit; range 30/60 ft; webbing (burst by a DC"),
        ("Sea Hag", "a frightened creature only; on a failure: drops to 0"),
        ("Violet Fungus", "Multiattack also: Rotting Touch × 1d4, rolled each turn"),
        ("Chimera", "Multiattack also: its first action in place of its Bite or Horns (B1)"),
        ("Chuul", "Multiattack also: then Tentacles on one it grapples (B1)"),
        ("Glabrezu", "Multiattack also: or one spell and 2 × Pincer (B1)"),
        ("Djinni", "(lightning or thunder, the worse for its target)"),
        ("Cloaker", "attaches itself (a DC 16 Strength check pulls it off)"),
    ],
)
def test_b1_f6_monsters_show_says_what_is_played(name: str, said: str) -> None:
    code, out = run("monsters", "show", name)
    assert code == 0, out
    assert said in " ".join(out.split()), out


def test_f6_the_tarrasque_bites_another_once_one_is_swallowed() -> None:
    text = TARRASQUE.replace(
        "  - {name: Ann, class: fighter, hp: 400, ac: 12}",
        "  - {name: Ann, class: fighter, hp: 400, ac: 12}\n  - {name: Bo, class: wizard, hp: 300}",
    ).replace("[Ann, Tarrasque]", "[Ann, Bo, Tarrasque]")
    turn = Rolled(parse_fight(text, "tarrasque.yaml")).rolling(ScriptedDice([]))
    bite = next(a for a in turn.fight.monster("Tarrasque").attacks if a.name == "Bite")
    for target in ("Ann", "Ann", "Bo"):  # grapples, swallows, then grapples another
        for rider in bite.riders:
            ride(turn, "Tarrasque", target, "Bite", rider, ScriptedDice([]))
    assert swallowed_by(turn.fight, "Ann") == "Tarrasque"
    assert Condition.GRAPPLED in turn.fight.hero("Bo").conditions


def test_f4_f6_blinded_until_the_end_of_the_mouthers_next_turn_lasts_through_it(
    tmp_path: Path,
) -> None:
    """F4: "blinded until the end of the mouther's next turn": imposed during its own turn, it
    is not ended by that turn's end, and so said."""
    fight = tmp_path / "mouther.yaml"
    # Deafened, the heroes hear no Gibbering (B8), so Ann's own turn is hers to dodge.
    deaf = MOUTHER.replace("ac: 10}", "ac: 10, conditions: [deafened]}")
    fight.write_text(deaf, encoding="utf-8")
    code, out = run("run", str(fight), "--rounds", "2", "--seed", "1")
    assert code == 0, out
    assert (
        "Ann is blinded (by Gibbering Mouther): until the end of Gibbering Mouther's next turn"
        in out
    )
    round_two = out.split("Round 2")[1]
    assert "[Ann is blinded; Ann is dodging]" in round_two
