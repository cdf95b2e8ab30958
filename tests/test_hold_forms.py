"""F6 in the fight file: a homebrew monster's holds, attachment, pull and swallow (docs/riders.md's
fields `holds`, `held_advantage`, `held_hits`, `held_damage`, `attach`, `drain`, `sated`,
`pull`, `contest`, `swallow`, `regurgitate`), read, written back, and every wrong one named
with its line, field and rule."""

from __future__ import annotations

import json
import re

import pytest

from lnf.dice import parse
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight, fight_document
from lnf.model import Ability, Condition, Rider
from tests.test_riders_fight_file import CLAW, _problems

HOMEBREW = """\
heroes:
  - {name: Ann, class: fighter, hp: 20}
monsters:
  - name: Bog Horror
    hp: 60
    attacks:
      - name: Tongue
        damage: 1d8+2 bludgeoning
        riders: [{grapple: 12, condition: restrained, holds: 1, held_advantage: true,
                  held_hits: true, held_damage: 1d6 acid}]
      - name: Maw
        damage: 2d6 piercing
        riders: [{save: dex 14, swallow: true, conditions: [blinded, restrained],
                  held_damage: 3d6 acid, regurgitate: 20, regurgitate_dc: 15}]
      - name: Leech
        damage: 1d4 piercing
        riders: [{attach: true, drain: 1d4+1, sated: 8}]
      - name: Hook
        damage: 1d6 piercing
        riders: [{pull: true, contest: true, only_if: Large or smaller}]
"""


def test_f6_a_homebrew_monster_holds_swallows_attaches_and_pulls() -> None:
    fight = parse_fight(HOMEBREW, "bog.yaml")
    tongue, maw, leech, hook = (a.riders[0] for a in fight.monster("Bog Horror").attacks)
    assert tongue == Rider(
        grapple=12, holds=1, held_advantage=True, held_hits=True,
        held_damage=parse("1d6 acid"), conditions=(Condition.RESTRAINED,),
    )  # fmt: skip
    assert maw == Rider(
        save=(Ability.DEX, 14), swallow=True, regurgitate=(20, 15), held_damage=parse("3d6 acid"),
        conditions=(Condition.BLINDED, Condition.RESTRAINED),
    )  # fmt: skip
    assert leech == Rider(attach=True, drain=parse("1d4+1"), sated=8)
    assert hook == Rider(pull=True, contest=True, only_if="Large or smaller")
    assert parse_fight(dump_fight(fight), "again.yaml") == fight
    assert parse_fight(json.dumps(fight_document(fight)), "again.json") == fight


@pytest.mark.parametrize(
    ("rider", "field", "words"),
    [
        ("{damage: 1d4 acid, save: con 10, holds: 1}", "holds", "give grapple F6"),
        ("{condition: prone, held_advantage: true}", "held_advantage", "give grapple F6"),
        ("{condition: prone, held_hits: true}", "held_hits", "give grapple F6"),
        ("{condition: prone, held_damage: 1d6 acid}", "held_damage", "give grapple F6"),
        ("{grapple: 12, holds: 0}", "holds", "from 1 to 20"),
        ("{condition: prone, drain: 1d4}", "drain", "give attach: true F6"),
        ("{attach: true, sated: 0}", "sated", "from 1 to 999"),
        ("{condition: prone, contest: true}", "contest", "give pull: true F6"),
        ("{pull: true}", "pull", "give save, or contest: true F6"),
        ("{save: dex 12, swallow: true, regurgitate: 20}", "regurgitate", "regurgitate_dc F6"),
        ("{condition: prone, regurgitate_dc: 15}", "regurgitate_dc", "give swallow F6"),
    ],
)
def test_every_wrong_hold_is_named_with_its_line_and_field(
    rider: str, field: str, words: str
) -> None:
    """What is wrong, the field, its line and the rule (F6) end the message."""
    where = f"{CLAW}.riders[0].{field}"
    found = _problems(rider)
    *said, rule = words.split(" ")
    if not re.fullmatch(r"F\d", rule):
        said, rule = [*said, rule], ""
    assert any(
        p[0] == 8 and p[1] == where and " ".join(said) in p[2] and p[2].endswith(rule)
        for p in found
    ), found
