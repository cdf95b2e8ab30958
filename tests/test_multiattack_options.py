"""B1, B6: a Multiattack that offers a choice ("two longsword attacks or two longbow attacks")
is read as every way its text offers, and the monster plays the way with the most expected
damage among those that reach (`rules.attacks.routine`, which the plan's B6 and the table use).
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from lnf.formats.multiattack import stem
from lnf.formats.not_played import listed
from lnf.model import Fight
from lnf.model.plan import Advantage, Mode
from lnf.rules.attacks import routine
from lnf.rules.expected import attack_mean
from tests.test_bestiary_whole import WORDS, _block, _fight, _source, needs_data


def _choices() -> list[dict[str, Any]]:
    """The SRD's Multiattacks that offer a choice, with their stat blocks' names."""
    out = []
    for m in _source("5e-srd-5.1-monsters.json"):
        for a in m.get("actions", []):
            if a["name"] == "Multiattack" and a.get("action_options") and not a.get("actions"):
                out.append({**a, "name": m["name"]})
    return out


def _items(option: dict[str, Any]) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = option.get("items", [option])
    return items


@needs_data
def test_every_way_a_multiattack_offers_is_read_as_its_text_says() -> None:
    """B1, over every SRD stat block whose Multiattack offers a choice (33): each way lnf
    keeps is the SRD's list of that way, its total a number the text says, ranged only when
    every item is a ranged use; a way it leaves out names what lnf does not read as an attack
    or is one the text allows only "while" or "if" something, and it says so."""
    choices = _choices()
    assert len(choices) == 33
    kept = 0
    for multi in choices:
        block = _block(multi["name"])
        attacks = {stem(a["name"]): a["name"] for a in block["attacks"]}
        ways = [(w["attacks"], w["at_range"]) for w in block.get("multiattack_options", [])]
        said = {n for w, n in WORDS.items() if re.search(rf"\b{w}\b", multi["desc"].lower())}
        notes = block.get("not_modelled", [])
        assert "Multiattack: only its first option" not in notes
        for i, option in enumerate(multi["action_options"]["from"]["options"]):
            items = _items(option)
            names = [stem(x["action_name"]) for x in items]
            if any(n not in attacks for n in names):
                unread = next(
                    x["action_name"] for x in items if stem(x["action_name"]) not in attacks
                )
                played = unread in (  # used first (below), or on one it grapples (the chuul)
                    block.get("multiattack_action"),
                    block.get("multiattack_held"),
                ) or (unread.endswith("Spellcasting") and bool(block.get("multiattack_spell")))
                assert played or f"Multiattack: {unread}" in notes, (multi["name"], unread)
                continue
            counts: dict[str, int] = {}
            for n, x in zip(names, items, strict=True):
                counts[attacks[n]] = counts.get(attacks[n], 0) + int(x["count"])
            at_range = all(x["type"] == "ranged" for x in items)
            if not ways:  # one way read at most: the first, as `multiattack` says
                continue
            conditional = i and re.search(r"\b(?:while|if)\b", multi["desc"], re.I)
            flying = re.search(r"\bwhile flying\b", multi["desc"], re.I)  # B1: the wyvern's
            if conditional and flying and any(n not in ways[0][0] for n in counts):
                assert {"attacks": counts, "at_range": at_range, "flying": True} in block[
                    "multiattack_options"
                ], (multi["name"], counts)
                kept += 1
                continue
            if conditional and any(n not in ways[0][0] for n in counts):
                assert any(re.match(r"Multiattack: .+ \((?:while|if) ", x) for x in notes)
                continue
            if i == 0:
                counts = ways[0][0]  # the first way's counts are the text's (B1's read)
            assert (counts, at_range) in ways, (multi["name"], counts, ways)
            assert sum(counts.values()) in said, (multi["name"], counts, multi["desc"])
            kept += 1
    assert kept >= 60


@needs_data
def test_no_stat_block_says_it_plays_only_its_first_option() -> None:
    """B8: `lnf monsters --not-played` no longer lists a Multiattack's choice."""
    assert not [r for r in listed(list(_all())) if "first option" in r["item"]]


def _all() -> list[dict[str, Any]]:
    from lnf.formats.bestiary import srd

    return list(srd())


def _pair(tmp_path: Path, monster: str, resist: str = "") -> Fight:
    fight = _fight(tmp_path, monster)
    if not resist:
        return fight
    from dataclasses import replace

    from lnf.dice import DamageType

    hero = replace(fight.heroes[0], resist=frozenset({DamageType(resist)}))
    return replace(fight, heroes=(hero,))


def _names(fight: Fight, mode: Mode) -> list[str]:
    return [a.name for a in routine(fight.monsters[0], fight.heroes[0], mode)]


def test_the_scout_fights_with_two_swords_in_melee_and_two_arrows_at_range(
    tmp_path: Path,
) -> None:
    """B1: "two melee attacks or two ranged attacks" — each where it reaches."""
    fight = _pair(tmp_path, "Scout")
    assert _names(fight, Mode.MELEE) == ["Shortsword", "Shortsword"]
    assert _names(fight, Mode.RANGED) == ["Longbow", "Longbow"]


def test_thrown_weapons_are_thrown_as_often_as_the_ranged_way_says(tmp_path: Path) -> None:
    """B1: the bandit captain throws two daggers (not one, as its first way's dagger); the
    gladiator throws two spears, not the three it stabs with."""
    captain = _pair(tmp_path, "Bandit Captain")
    assert _names(captain, Mode.MELEE) == ["Scimitar", "Scimitar", "Dagger"]
    assert _names(captain, Mode.RANGED) == ["Dagger", "Dagger"]
    gladiator = _pair(tmp_path, "Gladiator")
    assert _names(gladiator, Mode.RANGED) == ["Spear", "Spear"]
    assert len(_names(gladiator, Mode.MELEE)) == 3


def _mean(fight: Fight, names: list[str], mode: Mode) -> Fraction:
    named = {a.name: a for a in fight.monsters[0].attacks}
    hero = fight.heroes[0]
    return sum((attack_mean(named[n], hero, Advantage.NORMAL, mode) for n in names), Fraction(0))


def test_the_way_with_the_most_expected_damage_at_this_hero_is_played(tmp_path: Path) -> None:
    """B6: the iron golem swings its sword twice (3d10+7 slashing), but at a hero who resists
    slashing it slams twice (3d8+7 bludgeoning); each the most of its three ways."""
    plain = _pair(tmp_path, "Iron Golem")
    assert _names(plain, Mode.MELEE) == ["Sword", "Sword"]
    tough = _pair(tmp_path, "Iron Golem", resist="slashing")
    assert _names(tough, Mode.MELEE) == ["Slam", "Slam"]
    for fight in (plain, tough):
        best = _mean(fight, _names(fight, Mode.MELEE), Mode.MELEE)
        for way in fight.monsters[0].multiattack_options:
            names = [n for n, k in way.attacks for _ in range(k)]
            assert _mean(fight, names, Mode.MELEE) <= best


def test_a_way_allowed_only_while_flying_is_played_while_it_can_fly(tmp_path: Path) -> None:
    """B1: the wyvern's claws replace an attack only "while flying": while it can fly (R7)
    it stings and claws, the better way (tests/test_multiattack_ways.py: grounded, it bites)."""
    fight = _pair(tmp_path, "Wyvern")
    assert _names(fight, Mode.MELEE) == ["Stinger", "Claws"]
    assert not [n for n in fight.monsters[0].not_modelled if n.startswith("Multiattack")]


# --- B1: the special action a Multiattack uses first (Frightful Presence) ----------------------

_DRAGON = """\
title: An adult red dragon
round: 2
phase: melee
heroes:
  - {name: Ann, class: fighter, hp: 160, ac: 18, saves: {wis: 1}}
  - {name: Bo, class: cleric, hp: 150, ac: 18, saves: {wis: 7}%s}
monsters:
  - {monster: Adult Red Dragon, used: {Fire Breath: 1}}
groups:
  A: [Ann, Bo, Adult Red Dragon]
"""


def _dragon_turn(bo: str = "") -> tuple[Fight, list[Any]]:
    from lnf.dice.roll import ScriptedDice
    from lnf.engine.apply import Steps
    from lnf.engine.turns import monster_attacks
    from lnf.formats.fight_file import parse_fight
    from lnf.model import Rank
    from lnf.model.plan import Order

    f = parse_fight(_DRAGON % bo, "dragon.yaml")
    turn = Steps.turn(f, "Adult Red Dragon")
    order = Order("Adult Red Dragon", Rank.FRONT, target="Ann", mode=Mode.MELEE)
    # Ann's Wisdom save 2 (fails), Bo's 20 (saves); then bite, claw, claw: natural 1s, misses
    faces = [2, 20, 1, 1, 1]
    monster_attacks(turn, "Adult Red Dragon", order, ScriptedDice(faces), lambda *_: True)
    return turn.fight, list(turn.steps)


def test_the_dragon_uses_its_frightful_presence_then_makes_its_three_attacks() -> None:
    """B1: "The dragon can use its Frightful Presence. It then makes three attacks": the
    heroes it catches save first (Ann fails and is frightened, Bo saves), then the bite and
    the two claws at its target."""
    _, steps = _dragon_turn()
    cast = steps[0]
    assert (cast.spell, cast.targets) == ("Frightful Presence", ("Ann", "Bo"))
    assert [(x.who, x.success) for x in cast.saves] == [("Ann", False), ("Bo", True)]
    swung = [s.attack for s in steps if type(s).__name__ == "Attacked"]
    assert swung == ["Bite", "Claw", "Claw"]


def test_a_hero_already_frightened_is_not_aimed_at_again() -> None:
    """B1, B3: Frightful Presence is aimed only at heroes it can still frighten."""
    from lnf.formats.fight_file import parse_fight
    from lnf.model import Rank
    from lnf.rules.moves import start_spot
    from lnf.rules.multiattack_first import first_use

    f = parse_fight(_DRAGON % ", conditions: [frightened]", "dragon.yaml")
    dragon = f.monster("Adult Red Dragon")
    used = first_use(f, dragon, start_spot(f, dragon.name), Rank.FRONT)
    assert used is not None and used[0].name == "Frightful Presence"
    assert used[1] == ("Ann",)


@needs_data
def test_every_action_a_multiattack_uses_first_is_read() -> None:
    """B1, over the SRD: the 20 adult and ancient dragons and the tarrasque (Frightful
    Presence), the mummies (Dreadful Glare) and the nalfeshnee (Horror Nimbus, "if it can")."""
    found = {}
    for m in _source("5e-srd-5.1-monsters.json"):
        for a in m.get("actions", []):
            said = re.search(
                r"(?:can use its|uses) ([A-Z][\w ]+?)(?: if it can)?\. It then", a["desc"]
            )
            said = said or re.search(r"can use its ([A-Z][\w ]+?) and makes", a["desc"])
            if a["name"] == "Multiattack" and said:
                found[m["name"]] = said[1]
    assert len(found) == 24
    for name, action in found.items():
        block = _block(name)
        assert block.get("multiattack_action") == action, name
        assert f"Multiattack: {action}" not in block.get("not_modelled", [])
