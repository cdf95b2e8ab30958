"""B10: the monsters' reactions lnf plays as traits, each read from its SRD text and played:
the chain devil's Unnerving Mask, the stone giant's Rock Catching, the ochre jelly's and black
pudding's Split (a new monster joins the fight)."""

from __future__ import annotations

import re
from pathlib import Path

from lnf.dice import DamageType, parse
from lnf.formats.bestiary import srd
from lnf.model import Attack, AttackKind, Condition, Size, Trait, TraitKind
from lnf.model.plan import Mode
from lnf.rules.rock_catching import catcher, is_rock
from lnf.rules.splitting import split_fight, splitters, twin_name
from lnf.rules.trait_auras import mask_catching
from lnf.values import replace
from tests.builders import fight, hero, monster
from tests.cli import run
from tests.test_srd_each_turn import needs_data
from tests.test_traits_guard import srd_entries

# --- Unnerving Mask (a reaction, B10) ---------------------------------------------------------


@needs_data
def test_b10_unnerving_mask_is_read_from_each_srd_text() -> None:
    blocks = {b["name"]: b for b in srd()}
    found = []
    for entry in srd_entries():
        for reaction in entry.get("reactions", []):
            if reaction["name"] != "Unnerving Mask":
                continue
            dc = re.search(
                r"starts its turn within 30 feet of the \w+, .* must succeed on a DC "
                r"(\d+) Wisdom saving throw or be frightened until the end of its "
                r"turn\.$",
                reaction["desc"],
            )
            assert dc is not None
            assert f"unnerving mask DC {dc[1]}" in blocks[entry["name"]]["traits"]
            assert "Unnerving Mask (reaction)" not in blocks[entry["name"]]["not_modelled"]
            found.append(entry["name"])
    assert found == ["Chain Devil"]


def test_b10_the_mask_once_a_round_on_a_foe_in_its_group_that_sees_it() -> None:
    devil = monster("Chain Devil", traits=(Trait(TraitKind.UNNERVING_MASK, dc=14),))
    bram, cade = hero("Bram"), hero("Cade")
    f = fight([bram, cade], [devil], {"A": ["Bram", "Chain Devil"]})
    assert mask_catching(f, "Bram") == (devil, devil.traits[0])
    assert mask_catching(f, "Cade") is None  # not in its group
    spent = replace(f, turns=replace(f.turns, reacted=frozenset({"Chain Devil"})))
    assert mask_catching(spent, "Bram") is None  # its reaction is spent this round
    blind = f.with_combatant(replace(bram, conditions=frozenset({Condition.BLINDED})))
    assert mask_catching(blind, "Bram") is None  # it cannot see the devil


DEVIL = """\
title: The chain devil's vault
round: 1
heroes:
  - name: Bram
    class: fighter
    level: 9
    hp: 150
    ac: 18
    attacks:
      - {name: Longsword, to_hit: 8, damage: 1d8+4 slashing, magic: true}
  - name: Cade
    class: fighter
    level: 9
    hp: 150
    ac: 18
    attacks:
      - {name: Longsword, to_hit: 8, damage: 1d8+4 slashing, magic: true}
monsters:
  - monster: Chain Devil
"""


def test_b10_cli_the_chain_devils_mask_frightens_a_hero_for_its_turn(tmp_path: Path) -> None:
    fight_file = tmp_path / "vault.yaml"
    fight_file.write_text(DEVIL, encoding="utf-8")
    code, out = run("run", str(fight_file), "--seed", "1", "--rounds", "2")
    assert code == 0, out
    second = out.split("Round 2")[1]
    assert "Chain Devil uses its reaction: Unnerving Mask on Cade (B10)." in second
    assert (
        "Cade's Wisdom save against Chain Devil's Unnerving Mask: 1d20 (8) + 0 = 8 vs DC 14"
        in second
    )
    assert "Cade is frightened (by Chain Devil): until the end of Cade's turn (F4)." in second
    assert "[Cade is frightened]" in second
    assert "Cade is no longer frightened" in second
    assert second.count("Unnerving Mask on") == 1  # once a round


# --- Rock Catching (a reaction, B10) ----------------------------------------------------------


@needs_data
def test_b10_rock_catching_is_read_from_each_srd_text() -> None:
    blocks = {b["name"]: b for b in srd()}
    found = []
    for entry in srd_entries():
        for reaction in entry.get("reactions", []):
            if reaction["name"] != "Rock Catching":
                continue
            dc = re.search(
                r"rock or similar object is hurled at the \w+, the \w+ can, with a "
                r"successful DC (\d+) Dexterity saving throw, catch the missile and "
                r"take no bludgeoning damage from it",
                reaction["desc"],
            )
            assert dc is not None
            assert f"rock catching DC {dc[1]}" in blocks[entry["name"]]["traits"]
            assert "Rock Catching (reaction)" not in blocks[entry["name"]]["not_modelled"]
            found.append(entry["name"])
    assert found == ["Stone Giant"]


def test_b10_what_counts_as_a_rock_hurled() -> None:
    rock = Attack(name="Rock", kind=AttackKind.THROWN, to_hit=8, damage=parse("1d6+5 bludgeoning"))
    assert is_rock(rock, Mode.RANGED)
    assert not is_rock(rock, Mode.MELEE)  # swung, not hurled
    javelin = replace(rock, name="Javelin", damage=parse("1d6+5 piercing"))
    assert not is_rock(javelin, Mode.RANGED)
    hot = replace(rock, damage=parse("1d6+5 bludgeoning + 1d6 fire"))
    assert not is_rock(hot, Mode.RANGED)  # more than bludgeoning: not caught whole
    giant = monster("Stone Giant", traits=(Trait(TraitKind.ROCK_CATCHING, dc=10),))
    f = fight([hero("Goliath")], [giant])
    assert catcher(f, giant, rock, Mode.RANGED) == giant.traits[0]
    spent = replace(f, turns=replace(f.turns, reacted=frozenset({"Stone Giant"})))
    assert catcher(spent, giant, rock, Mode.RANGED) is None


GIANT = """\
title: Stones on the pass
round: 1
heroes:
  - name: Goliath
    class: barbarian
    level: 9
    hp: 150
    ac: 16
    attacks:
      - {name: Rock, kind: thrown, to_hit: 8, damage: 1d6+5 bludgeoning, range: 20/60}
monsters:
  - monster: Stone Giant
"""


def test_b10_cli_the_stone_giant_catches_a_rock(tmp_path: Path) -> None:
    fight_file = tmp_path / "pass.yaml"
    fight_file.write_text(GIANT, encoding="utf-8")
    script = tmp_path / "pass.actions"
    script.write_text("round 1\nGoliath: throw Stone Giant with Rock\n")
    code, out = run("run", str(fight_file), "--seed", "1", "--rounds", "1", "--script", str(script))
    assert code == 0, out
    assert "Stone Giant uses its reaction: Rock Catching on Goliath (B10)." in out
    assert "vs DC 10: success" in out
    assert "Goliath attacks Stone Giant with Rock" not in out  # caught: no attack roll
    code, out = run("run", str(fight_file), "--seed", "7", "--rounds", "1", "--script", str(script))
    assert "vs DC 10: failure" in out and "Goliath attacks Stone Giant with Rock" in out


# --- Split (a reaction, B10) ------------------------------------------------------------------


@needs_data
def test_b10_split_is_read_from_each_srd_text() -> None:
    blocks = {b["name"]: b for b in srd()}
    found = []
    for entry in srd_entries():
        for reaction in entry.get("reactions", []):
            if reaction["name"] != "Split":
                continue
            least = re.search(
                r"Medium or larger is subjected to lightning or slashing damage, it "
                r"splits into two new \w+ if it has at least (\d+) hit points\. Each "
                r"new \w+ has hit points equal to half the original",
                reaction["desc"],
            )
            assert least is not None and "one size smaller" in reaction["desc"]
            assert f"split {least[1]}" in blocks[entry["name"]]["traits"]
            assert "Split (reaction)" not in blocks[entry["name"]]["not_modelled"]
            found.append(entry["name"])
    assert found == ["Black Pudding", "Ochre Jelly"]


def test_b10_a_jelly_splits_in_two_halves_one_size_smaller() -> None:
    jelly = monster(
        "Jelly", hp=45, damage=10, size=Size.LARGE, traits=(Trait(TraitKind.SPLIT, hp=10),)
    )
    f = fight([hero("Bram")], [jelly, monster("Orc")], {"A": ["Bram", "Jelly"]})
    assert splitters(f, [DamageType.BLUDGEONING], ["Jelly"]) == []
    assert splitters(f, [DamageType.SLASHING], ["Jelly"]) == ["Jelly"]
    after = split_fight(f, "Jelly", twin_name(f, "Jelly"))
    assert [m.name for m in after.monsters] == ["Jelly", "Jelly (2)", "Orc"]  # G3: after it
    for name in ("Jelly", "Jelly (2)"):
        m = after.monster(name)
        assert (m.hp, m.current_hp, m.size) == (17, 17, Size.MEDIUM)  # 35 // 2
    assert after.group("A").members == ("Bram", "Jelly", "Jelly (2)")
    assert "Jelly" in after.turns.reacted  # its reaction: once a round
    assert splitters(after, [DamageType.SLASHING], ["Jelly"]) == []
    assert twin_name(after, "Jelly (2)") == "Jelly (3)"
    small = after.with_combatant(replace(after.monster("Jelly (2)"), size=Size.SMALL))
    assert splitters(small, [DamageType.LIGHTNING], ["Jelly (2)"]) == []  # Medium or larger
    low = f.with_combatant(replace(jelly, damage=36))
    assert splitters(low, [DamageType.SLASHING], ["Jelly"]) == []  # 9 hit points left


JELLY = """\
title: The jelly in the well
round: 1
heroes:
  - name: Bram
    class: fighter
    level: 5
    hp: 60
    ac: 18
    attacks:
      - {name: Longsword, to_hit: 7, damage: 1d8+4 slashing}
  - name: Cade
    class: fighter
    level: 5
    hp: 60
    ac: 18
    attacks:
      - {name: Warhammer, to_hit: 7, damage: 1d8+4 bludgeoning}
monsters:
  - monster: Ochre Jelly
"""


def test_b10_cli_the_ochre_jelly_splits_under_a_sword(tmp_path: Path) -> None:
    fight_file = tmp_path / "well.yaml"
    fight_file.write_text(JELLY, encoding="utf-8")
    # Bram's player swings the sword though the jelly shrugs off slashing (the hero policy no
    # longer would, docs/policy.md D6): the swings that split it
    script = tmp_path / "well.actions"
    script.write_text(
        "round 1\nBram: attack Ochre Jelly with Longsword\n"
        "round 2\nBram: attack Ochre Jelly (2) with Longsword\n",
        encoding="utf-8",
    )
    code, out = run(
        "run", str(fight_file), "--seed", "1", "--rounds", "3", "--record", "--script", str(script)
    )
    assert code == 0, out
    assert (
        "Ochre Jelly splits in two (Split, its reaction, B10): Ochre Jelly and Ochre Jelly (2), "
        "22 hit points each, now Medium." in out
    )
    assert "Ochre Jelly (2) and Ochre Jelly (3), 11 hit points each, now Small." in out
    assert "Strike order (S2, S3): Ochre Jelly (2), Bram, Cade." in out  # it acts next round
    code, out = run("log", str(fight_file), "--verify")
    assert code == 0, out
    code, out = run("show", str(fight_file), "--json")
    assert "Ochre Jelly (3)" in out


# --- Reactive (D10, B10) -------------------------------------------------------------------


@needs_data
def test_b10_reactive_is_read_from_each_srd_text() -> None:
    blocks = {b["name"]: b for b in srd()}
    found = []
    for entry in srd_entries():
        for trait in entry.get("special_abilities", []):
            if trait["name"] != "Reactive":
                continue
            assert re.search(r"can take one reaction on every turn in (?:a )?combat", trait["desc"])
            assert "reactive" in blocks[entry["name"]]["traits"]
            assert "Reactive (trait)" not in blocks[entry["name"]]["not_modelled"]
            found.append(entry["name"])
    assert found == ["Marilith"]


REACTIVE = """\
title: The reactive demon
round: 1
heroes:
  - name: Bram
    class: fighter
    level: 9
    hp: 150
    ac: 12
    attacks:
      - {name: Longsword, to_hit: 8, damage: 1d8+4 slashing}
  - name: Cade
    class: fighter
    level: 9
    hp: 150
    ac: 12
    attacks:
      - {name: Longsword, to_hit: 8, damage: 1d8+4 slashing}
monsters:
  - name: Demon
    hp: 200
    ac: 15
    attacks:
      - {name: Claw, to_hit: 5, damage: 1d6+3 slashing}
    traits: [reactive]
groups:
  A: [Bram, Cade, Demon]
"""


def test_b10_cli_a_reactive_demon_strikes_at_each_hero_that_leaves(tmp_path: Path) -> None:
    script = tmp_path / "leave.actions"
    script.write_text("round 1\nBram: leave\nCade: leave\n")
    said = {}
    for name, text in (
        ("reactive", REACTIVE),
        ("plain", REACTIVE.replace("    traits: [reactive]\n", "")),
    ):
        fight_file = tmp_path / f"{name}.yaml"
        fight_file.write_text(text, encoding="utf-8")
        code, out = run(
            "run", str(fight_file), "--seed", "1", "--rounds", "1", "--script", str(script)
        )
        assert code == 0, out
        said[name] = out
    assert said["reactive"].count("who makes an opportunity attack (M6)") == 2  # a turn each
    assert said["plain"].count("who makes an opportunity attack (M6)") == 1  # one a round


# --- Damage Transfer (B8) --------------------------------------------------------------------


@needs_data
def test_b8_damage_transfer_is_read_from_each_srd_text() -> None:
    blocks = {b["name"]: b for b in srd()}
    found = []
    for entry in srd_entries():
        for trait in entry.get("special_abilities", []):
            if trait["name"] != "Damage Transfer":
                continue
            assert re.search(
                r"^While (?:attached to|it is grappling) a creature, the [\w ]+ takes "
                r"only half the damage dealt to it.*takes the other half\.$",
                trait["desc"],
            )
            assert "damage transfer" in blocks[entry["name"]]["traits"]
            assert "Damage Transfer (trait)" not in blocks[entry["name"]]["not_modelled"]
            found.append(entry["name"])
    assert found == ["Cloaker", "Rug of Smothering"]


RUG = """\
title: The rug in the study
round: 1
heroes:
  - name: Bram
    class: fighter
    level: 5
    hp: 60
    ac: 12
    attacks:
      - {name: Longsword, to_hit: 9, damage: 1d8+4 slashing}
  - name: Cade
    class: fighter
    level: 5
    hp: 60
    ac: 12
    attacks:
      - {name: Longsword, to_hit: 9, damage: 1d8+4 slashing}
monsters:
  - name: Rug
    hp: 60
    ac: 12
    attacks:
      - {name: Smother, to_hit: 5, damage: 2d6+3 bludgeoning, riders: [{grapple: 13, holds: 1}]}
    traits: [damage transfer]
groups:
  A: [Bram, Cade, Rug]
"""


def test_b8_cli_the_one_it_grapples_takes_half_of_its_damage(tmp_path: Path) -> None:
    fight_file = tmp_path / "study.yaml"
    fight_file.write_text(RUG, encoding="utf-8")
    code, out = run("run", str(fight_file), "--seed", "1", "--rounds", "1")
    assert code == 0, out
    assert "Bram is grappled by Rug's Smother" in out
    # 5 slashing: the rug keeps 2 (rounded down), Bram takes 3
    assert "1d8 (1) + 4 slashing = 5; Rug 58/60 hp (2 damage)." in out  # T1: the first action
    assert "Damage Transfer: Bram takes the other half, 3 (Bram 48/60 hp, B8)." in out
    before = out.split("is grappled")[0]
    assert "Damage Transfer" not in before  # only while it holds a creature
