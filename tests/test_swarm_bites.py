"""B8, B6, D6: a swarm's bites deal their other damage "if the swarm has half of its hit points
or fewer" — read from every SRD swarm's own text, decided once (`rules.attacks.used_damage`),
rolled so by the engine and counted so by the plan's expected damage and its cache."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from lnf.dice import parse
from lnf.dice.roll import ScriptedDice
from lnf.engine.resolve import roll_attack
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.model import AltUse, Monster, Rank
from lnf.model.plan import Mode, Order
from lnf.odds.plan_cache import plan_state
from lnf.rules.attacks import half_hp, used_damage
from lnf.rules.order_damage import expected_damage
from tests.srd import DATA, needs_data

HALF = re.compile(
    r"Hit: \d+ \((?P<full>[\dd +-]+)\) (?P<type>\w+) damage, or \d+ \((?P<half>[\dd +-]+)\) "
    r"(?P=type) damage if the swarm has half of its hit points or fewer"
)

FILE = """
heroes:
  - {name: Bo, class: fighter, hp: 30, ac: 12}
monsters:
  - monster: swarm of rats
groups:
  A: [Bo, Swarm of Rats]
"""


def _srd() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8")
    )
    return data


@needs_data
def test_b8_every_srd_swarm_bite_at_half_hit_points_is_read_from_its_own_text() -> None:
    """Each SRD attack whose text gives other damage at half the swarm's hit points carries it
    (dice and type as written) with `at half hit points`, and lists nothing unplayed of it."""
    blocks = {b["name"]: b for b in srd()}
    seen = 0
    for entry in _srd():
        for action in entry.get("actions", []):
            said = HALF.search(action.get("desc", ""))
            if said is None:
                assert "half of its hit points" not in action.get("desc", "")
                continue
            seen += 1
            block = blocks[entry["name"]]
            attack = next(a for a in block["attacks"] if a["name"] == action["name"])
            assert attack["damage"] == f"{said['full'].replace(' ', '')} {said['type']}"
            assert attack["alt_damage"] == f"{said['half'].replace(' ', '')} {said['type']}"
            assert attack["alt_when"] == AltUse.HALF_HP.value
            assert not [n for n in block.get("not_modelled", ()) if "half of its hit points" in n]
    assert seen == 10  # bats, beetles, centipedes, insects, snakes, quippers, rats, ravens…


def test_b8_half_hit_points_or_fewer_is_at_most_half_the_maximum() -> None:
    rats = parse_fight(FILE, "rats.yaml").monster("Swarm of Rats")
    assert rats.hp == 24
    assert not half_hp(replace(rats, damage=11)) and half_hp(replace(rats, damage=12))
    odd = replace(rats, hp=21)
    assert not half_hp(replace(odd, damage=10)) and half_hp(replace(odd, damage=11))


def test_d6_used_damage_full_then_half_thrown_only_at_range() -> None:
    rats = parse_fight(FILE, "rats.yaml").monster("Swarm of Rats")
    bites = rats.attacks[0]
    assert str(used_damage(bites, Mode.MELEE, rats).damage) == "2d6 piercing"
    low = replace(rats, damage=12)
    assert str(used_damage(bites, Mode.MELEE, low).damage) == "1d6 piercing"
    bugbear = parse_fight(
        "heroes: [{name: Bo, class: fighter, hp: 30}]\nmonsters: [{monster: bugbear}]\n", "b.yaml"
    ).monster("Bugbear")
    javelin = next(a for a in bugbear.attacks if a.name == "Javelin")
    assert used_damage(javelin, Mode.MELEE, bugbear).damage == javelin.damage
    assert used_damage(javelin, Mode.RANGED, bugbear).damage == javelin.alt_damage
    hurt = replace(bugbear, damage=bugbear.hp - 1)  # a thrown weapon does not weaken
    assert used_damage(javelin, Mode.MELEE, hurt).damage == javelin.damage


def test_d6_the_engine_rolls_the_bites_the_swarm_has_now() -> None:
    fight = parse_fight(FILE, "rats.yaml")
    bo, rats = fight.hero("Bo"), fight.monster("Swarm of Rats")
    bites = rats.attacks[0]
    full = roll_attack(fight, rats, bo, bites, Mode.MELEE, ScriptedDice([15, 3, 4]))
    assert full.hit and full.damage_text.startswith("2d6") and sum(v for _, v in full.damage) == 7
    low = replace(rats, damage=12)
    half = roll_attack(fight, low, bo, bites, Mode.MELEE, ScriptedDice([15, 3]))
    assert half.hit and half.damage_text.startswith("1d6") and sum(v for _, v in half.damage) == 3
    assert half.big == (
        "Swarm of Rats has half of its hit points or fewer: Bites 1d6 piercing, not 2d6 piercing"
    )
    assert not full.big


def test_b6_the_plan_counts_the_weaker_bites() -> None:
    """B6 (1): a swarm at half its hit points is expected to deal half as much (2d6 → 1d6)."""
    fight = parse_fight(FILE, "rats.yaml")
    rats = fight.monster("Swarm of Rats")
    order = Order(monster="Swarm of Rats", rank=Rank.FRONT, target="Bo", mode=Mode.MELEE)
    full = expected_damage(fight, rats, order)
    low = expected_damage(fight, replace(rats, damage=12), order)
    # +2 to hit against AC 12: 11 faces of 20 hit (natural 20 doubling the dice)
    assert full == round(100 * (10 * 7 + 1 * 14) / 20)
    assert low == round(100 * (10 * 3.5 + 1 * 7) / 20)


def test_b6_the_plan_cache_keeps_a_swarm_at_half_its_hit_points_apart() -> None:
    fight = parse_fight(FILE, "rats.yaml")
    rats = fight.monster("Swarm of Rats")

    def state(damage: int) -> Monster:
        hurt = replace(fight, monsters=(replace(rats, damage=damage),))
        return plan_state(hurt).monsters[0]

    assert state(0) == state(11) != state(12) == state(20)
    assert state(24) != state(20)
    # a monster whose attacks never weaken keeps only down or up (P3, P4)
    plain = replace(rats, attacks=(replace(rats.attacks[0], alt_damage=None, alt_when=None),))
    planned = {
        plan_state(replace(fight, monsters=(replace(plain, damage=d),))).monsters[0]
        for d in (0, 12, 20)
    }
    assert len(planned) == 1


def test_b8_a_homebrew_swarm_in_the_fight_file() -> None:
    """docs/traits.md "In the fight file": `alt_damage` with `alt_when: at half hit points`."""
    text = """
heroes:
  - {name: Bo, class: fighter, hp: 30}
monsters:
  - name: Swarm of Eels
    hp: 30
    flags: [swarm]
    attacks:
      - {name: Bites, to_hit: 4, damage: 4d6 piercing, alt_damage: 2d6 piercing,
         alt_when: at half hit points}
"""
    eels = parse_fight(text, "eels.yaml")
    bites = eels.monster("Swarm of Eels").attacks[0]
    assert bites.alt_when is AltUse.HALF_HP and bites.alt_damage == parse("2d6 piercing")
    assert parse_fight(dump_fight(eels), "again.yaml") == eels
