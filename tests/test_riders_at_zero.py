"""F6, D9: a poison that leaves a hero at 0 hit points stable but poisoned for 1 hour, even
after regaining hit points, and paralyzed while so poisoned (`Rider.at_zero`, docs/riders.md):
the giant spider's bite (by its poison damage), the swarm of centipedes' bites (by the hit);
read from every SRD entry's own words, played, logged, undone and said."""

from __future__ import annotations

import json
import re

import pytest

from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled
from lnf.engine.table import Table
from lnf.engine.turns import monster_attacks
from lnf.errors import InputError
from lnf.formats.bestiary import srd
from lnf.formats.event_codec import event_from_json, event_to_json
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.model import Condition, Fight, Lasting, Rider
from lnf.model.events import Turn
from lnf.model.plan import Mode, Order, Rank
from lnf.model.steps import Damaged
from lnf.rules.damage import heal
from lnf.rules.expected import riders_mean
from lnf.values import replace
from lnf.views.transcript import describe
from tests.test_bestiary_whole import DATA, needs_data

AT_ZERO = re.compile(
    r"(?P<poison>If the poison damage reduces the target to 0 hit points|A creature reduced to 0 "
    r"hit points by)[^.]* is stable but poisoned for (?P<n>\d+) hour, even after regaining hit "
    r"points, and (?:is )?paralyzed while poisoned in this way"
)
DAMAGE = re.compile(r"(?:taking|take) \d+ \((?P<dice>\d+d\d+)\) poison damage")


@needs_data
def test_every_srd_entry_that_says_so_is_read_as_at_zero() -> None:
    """Judged by its own text: each SRD attack whose words say "stable but poisoned for 1 hour
    … paralyzed while poisoned in this way" has one rider `at_zero` bringing poisoned and
    paralyzed for the text's hours: on the rider with the text's poison damage (and save) when
    the poison damage does it, a rider of its own when the hit does; no other rider has it."""
    data = json.loads((DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8"))
    said = {}
    for m in data:
        for a in m.get("actions") or []:
            if found := AT_ZERO.search(a["desc"]):
                poison = DAMAGE.search(a["desc"]) if found["poison"].startswith("If") else None
                dice = f"{poison['dice']} poison" if poison else None
                said[m["name"], a["name"]] = (dice, f"{found['n']} hour")
    assert len(said) == 6
    having = {}
    for b in srd():
        for a in b.get("attacks", []):
            for r in a.get("riders", []):
                if r.get("at_zero"):
                    assert r["conditions"] == ["poisoned", "paralyzed"], (b["name"], a["name"])
                    assert ("save" in r) == ("damage" in r), (b["name"], a["name"])
                    having[b["name"], a["name"]] = (r.get("damage"), r["lasting"])
    assert having == said


FIGHT = """
heroes:
  - {name: Ann, class: fighter, hp: 20, ac: 12}
monsters:
  - {monster: giant spider}
  - {monster: swarm of centipedes}
groups:
  A: [Ann, Giant Spider, Swarm of Centipedes]
"""


def _fight(hp: int) -> Fight:
    f = parse_fight(FIGHT, "spider.yaml")
    return f.with_combatant(replace(f.hero("Ann"), hp_now=hp))


def _bite(f: Fight, who: str, faces: list[int]) -> Rolled:
    dice = ScriptedDice(faces)
    turn = Rolled.turn(f, who).rolling(dice)
    monster_attacks(
        turn, who, Order(who, Rank.FRONT, target="Ann", mode=Mode.MELEE), dice, lambda h, m, g: True
    )
    return turn


def _effects(f: Fight) -> list[tuple[str, Condition | None, Lasting]]:
    return [(e.what, e.condition, e.lasting) for e in f.effects if e.who == "Ann"]


HOUR = Lasting(rounds=600)
POISONED = "poisoned: stable at 0 hit points, 1 hour, even when healed"
BOTH = [
    (POISONED, Condition.POISONED, HOUR),
    ("paralyzed while so poisoned", Condition.PARALYZED, HOUR),
]


def test_the_spiders_poison_at_0_hit_points_leaves_ann_stable_poisoned_and_paralyzed() -> None:
    """F6, D9: the bite hits (15 + 5 ≥ 12) for 1d8+3 = 7 (Ann at 10 has 3 left); she fails the
    DC 11 save (4) and the 2d8 poison (5, 4 = 9) takes her to 0: stable (no death saves),
    poisoned for 1 hour and paralyzed while so poisoned; logged, said, undone."""
    f = _fight(10)
    turn = _bite(f, "Giant Spider", [15, 4, 4, 5, 4])
    ann = turn.fight.hero("Ann")
    assert ann.current_hp == 0 and ann.stable and not ann.dead
    assert _effects(turn.fight) == BOTH
    applied = turn.finish(Turn("Giant Spider", turn.steps))
    lines = describe(applied)
    said = "Giant Spider's Bite left it at 0 hit points"
    assert f"Ann is stable at 0 hit points: {said} (D9, F6)." in lines
    assert event_from_json(json.loads(json.dumps(event_to_json(applied.event))), "log") == (
        applied.event
    )
    table = Table(f)
    table.add_applied(applied)
    assert table.fight.hero("Ann").stable
    table.undo()
    assert table.fight == f


def test_healing_wakes_her_but_the_poison_and_paralysis_last() -> None:
    """F6: "even after regaining hit points": healed, Ann is no longer at 0 nor stable, and
    is still poisoned and paralyzed for the hour."""
    turn = _bite(_fight(10), "Giant Spider", [15, 4, 4, 5, 4])
    healed, _ = heal(turn.fight.hero("Ann"), 5)
    assert healed.current_hp == 5 and not healed.stable
    assert _effects(turn.fight.with_combatant(healed)) == BOTH


def test_poison_that_leaves_hit_points_or_a_made_save_at_0_brings_nothing_or_all() -> None:
    """F6: poison that leaves Ann hit points brings nothing; half the poison on a made save
    (15) that still takes her to 0 brings it all (the poison damage did it)."""
    turn = _bite(_fight(20), "Giant Spider", [15, 4, 4, 5, 4])
    assert turn.fight.hero("Ann").current_hp == 4 and _effects(turn.fight) == []
    assert not [s for s in turn.steps if isinstance(s, Damaged) and s.stable]
    turn = _bite(_fight(10), "Giant Spider", [15, 4, 15, 5, 4])  # 7, then 9 // 2 = 4 ≥ 3
    assert turn.fight.hero("Ann").stable and _effects(turn.fight) == BOTH


def test_the_swarms_bites_bring_it_when_the_hit_takes_her_to_0() -> None:
    """F6: the swarm's 4d4 (4 × 3 = 12) takes Ann from 10 to 0: stable, poisoned, paralyzed;
    from 20 it brings nothing."""
    turn = _bite(_fight(10), "Swarm of Centipedes", [15, 3, 3, 3, 3])
    assert turn.fight.hero("Ann").stable and _effects(turn.fight) == BOTH
    turn = _bite(_fight(20), "Swarm of Centipedes", [15, 3, 3, 3, 3])
    assert not turn.fight.hero("Ann").stable and _effects(turn.fight) == []


def test_a_fight_file_rider_may_say_at_zero(tmp_path: object) -> None:
    """F6 in the fight file: `at_zero: true` with its conditions and lasting, written back as
    read; `at_zero` without a condition is refused, naming the line and F6."""
    text = (
        "heroes: [{name: Ann, class: fighter, hp: 20}]\n"
        "monsters:\n"
        "  - name: Widow\n"
        "    hp: 20\n"
        "    attacks:\n"
        "      - {name: Bite, to_hit: 4, damage: 1d6 piercing, riders: [{save: con 12, "
        "damage: 2d6 poison, conditions: [poisoned, paralyzed], lasting: 1 hour, at_zero: true}]}\n"
    )
    f = parse_fight(text, "widow.yaml")
    (bite,) = f.monster("Widow").attacks
    (rider,) = bite.riders
    assert rider.at_zero and rider.conditions == (Condition.POISONED, Condition.PARALYZED)
    assert rider.lasting == HOUR
    assert parse_fight(dump_fight(f), "again.yaml") == f
    assert isinstance(rider, Rider)
    bad = text.replace("conditions: [poisoned, paralyzed], lasting: 1 hour, ", "")
    with pytest.raises(InputError, match=r"widow.yaml:6: .*at_zero.*F6"):
        parse_fight(bad, "widow.yaml")


def test_the_plan_counts_the_poison_not_the_paralysis_at_0() -> None:
    """B6, F6: the plan's worth of the bite is its poison through the save; the paralysis at 0
    hit points adds nothing (a hero at 0 is down already), where a failed save's would."""
    f = _fight(20)
    bite = f.monster("Giant Spider").attacks[0]
    (rider,) = bite.riders
    ann = f.hero("Ann")
    bare = replace(bite, riders=(replace(rider, at_zero=False, conditions=()),))
    on_failure = replace(bite, riders=(replace(rider, at_zero=False),))
    assert riders_mean(bite, ann) == riders_mean(bare, ann) > 0
    assert riders_mean(on_failure, ann) > riders_mean(bite, ann)
