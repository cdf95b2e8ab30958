"""F6: a poison that knocks a hero out on a bad failure — the drow's, homunculus's and
pseudodragon's "fails by 5 or more", the sprite's "result is 5 or lower" — and how it wakes
(damage, or another creature's action that shakes it awake, the couatl's too), read from every
SRD entry's own text and played with the save's own total."""

from __future__ import annotations

import json
import re
from typing import Any

from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled
from lnf.engine.resolve import roll_attack
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.formats.rider_forms import rider_of_doc
from lnf.model import Condition, Fight
from lnf.model.plan import Mode
from lnf.model.steps import Damaged, EffectStarted
from lnf.views.effects_text import effect_text
from tests.srd import DATA, needs_data


@needs_data
def test_f6_every_srd_bad_failure_and_waking_is_read_from_its_own_text() -> None:
    monsters: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8")
    )
    blocks = {b["name"]: b for b in srd()}
    seen = []
    for entry in monsters:
        for action in entry.get("actions", []):
            if "Hit:" not in action["desc"]:
                continue  # the ghost's Horrifying Visage is no attack (an action of its own)
            after = action["desc"].split("Hit:", 1)[1]
            attack = next(
                (a for a in blocks[entry["name"]]["attacks"] if a["name"] == action["name"]), None
            )
            riders = [rider_of_doc(r) for r in (attack or {}).get("riders", [])]
            by = re.search(r"fails by (\d+) or more", after)
            at = re.search(r"result is (\d+) or lower", after)
            assert [r.out_by for r in riders if r.out_by] == ([int(by[1])] if by else [])
            assert [r.out_at for r in riders if r.out_at] == ([int(at[1])] if at else [])
            minutes = re.search(r"instead poisoned for (\d+) \(\d+d\d+\) minutes", after)
            assert [r.out_rounds for r in riders if r.out_rounds] == (
                [int(minutes[1]) * 10] if minutes else []
            )
            assert any(r.shake for r in riders) == ("shake" in after), entry["name"]
            assert any(r.wakes for r in riders) == bool(
                re.search(r"takes damage or (?:if )?another creature", after)
            ), entry["name"]
            if by or at or "shake" in after:
                seen.append(entry["name"])
                notes = " ".join(blocks[entry["name"]].get("not_modelled", []))
                assert "unconsciousness on a bad failure" not in notes
                assert "waking by a shake" not in notes
    assert sorted(seen) == ["Couatl", "Drow", "Homunculus", "Pseudodragon", "Sprite"]


FILE = """
heroes:
  - {name: Bo, class: fighter, hp: 40, ac: 10}
monsters:
  - {monster: drow, rank: back}
  - {monster: sprite, rank: back}
  - monster: homunculus
  - monster: couatl
groups:
  A: [Bo, Homunculus, Couatl]
"""


def _hit(fight: Fight, monster: str, attack: str, faces: list[int]) -> Rolled:
    me = fight.monster(monster)
    weapon = next(a for a in me.attacks if a.name == attack)
    mode = Mode.RANGED if weapon.is_ranged and not weapon.is_melee else Mode.MELEE
    dice = ScriptedDice([15, *faces])
    hit = roll_attack(fight, me, fight.hero("Bo"), weapon, mode, dice)
    turn = Rolled.turn(fight, monster).rolling(dice)
    turn.do(hit)
    return turn


def _said(turn: Rolled) -> list[str]:
    f = turn.fight
    return [effect_text(s, f, f) for s in turn.steps if isinstance(s, EffectStarted)]


def test_f6_the_drows_poison_knocks_out_on_a_failure_by_5_and_damage_wakes() -> None:
    fight = parse_fight(FILE, "out.yaml")
    bad = _hit(fight, "Drow", "Hand Crossbow", [3, 7])  # 1d6+2; Con +0: 7 vs DC 13, by 6
    assert bad.fight.hero("Bo").conditions == {Condition.POISONED, Condition.UNCONSCIOUS}
    assert _said(bad)[-1] == (
        "Bo is unconscious (by Drow): 1 hour or until it takes damage; another creature's "
        "action shakes it awake (F4)."
    )
    mild = _hit(fight, "Drow", "Hand Crossbow", [3, 9])  # by 4: poisoned only
    assert mild.fight.hero("Bo").conditions == {Condition.POISONED}
    woken = Rolled(bad.fight).rolling(ScriptedDice([]))
    woken.do(Damaged("Bo", 2))
    assert woken.fight.hero("Bo").conditions == {Condition.POISONED}


def test_f6_the_sprites_total_of_5_or_lower() -> None:
    fight = parse_fight(FILE, "s.yaml")
    low = _hit(fight, "Sprite", "Shortbow", [5])  # 1; Con +0: 5, "5 or lower"
    assert Condition.UNCONSCIOUS in low.fight.hero("Bo").conditions
    six = _hit(fight, "Sprite", "Shortbow", [6])  # fails DC 10, but 6 is not 5 or lower
    assert six.fight.hero("Bo").conditions == {Condition.POISONED}


def test_f6_the_homunculus_poisons_for_5_minutes_instead() -> None:
    fight = parse_fight(FILE, "out.yaml")
    bad = _hit(fight, "Homunculus", "Bite", [4])  # 1; Con +0: 4 vs DC 10, by 6
    assert {e.lasting.rounds for e in bad.fight.effects} == {50}  # both, "instead" (F4)
    assert not any(e.until_hurt for e in bad.fight.effects)  # no waking by damage


def test_f6_the_couatls_sleep_is_shaken_off_by_another_creature() -> None:
    fight = parse_fight(FILE, "out.yaml")
    bitten = _hit(fight, "Couatl", "Bite", [3, 4])  # 1d6+5; Con +0: 4 vs DC 13
    assert _said(bitten)[-1] == (
        "Bo is unconscious (by Couatl): 24 hours; another creature's action shakes it awake (F4)."
    )


def test_f6_a_homebrew_knockout_in_the_fight_file() -> None:
    text = """
heroes:
  - {name: Bo, class: fighter, hp: 30}
monsters:
  - name: Dart Imp
    hp: 10
    attacks:
      - name: Dart
        to_hit: 4
        damage: 1d4 piercing
        riders:
          - {save: con 11, condition: poisoned, lasting: 1 minute, out_by: 5,
             out_lasting: 10 minutes, wakes: true, shake: true}
"""
    fight = parse_fight(text, "imp.yaml")
    (rider,) = fight.monster("Dart Imp").attacks[0].riders
    assert (rider.out_by, rider.out_rounds, rider.wakes, rider.shake) == (5, 100, True, True)
    assert parse_fight(dump_fight(fight), "again.yaml") == fight
