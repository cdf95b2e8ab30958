"""F2, a bard's Bardic Inspiration (SRD 5.1 bard, level 1): `inspire Bram` with the bonus
action, a use of the sheet spent and the die (d6, d8 at 5…) an effect on the ally; the ally
rolls it on its first attack roll or save that misses or fails without it and that it could
turn, then it is spent; the hero policy gives it; the log's check refuses a monster's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import Steps
from lnf.engine.decisions import BonusChoice
from lnf.engine.event_check import event_problems
from lnf.engine.resolve import roll_attack, roll_save
from lnf.errors import Refused
from lnf.formats.fight_file import parse_fight
from lnf.heroes.policy import policy_choice
from lnf.heroes.words import parse_choice
from lnf.model import Ability, Condition, Effect, Fight, Lasting
from lnf.model.events import Recorded
from lnf.model.plan import Mode
from lnf.model.steps import SaveRolled
from lnf.rules.inspiration import inspiration_die, worth_rolling
from lnf.values import replace
from lnf.views.turn import short_options
from tests.cli import run, to_turn_of
from tests.srd import DATA, needs_data

FIGHT = """
title: Inspiration
heroes:
  - {name: Bram, class: fighter, level: 5, scores: {str: 16, dex: 12, con: 14},
     weapons: [longsword]}
  - {name: Lyra, class: bard, level: 5, scores: {dex: 14, con: 14, cha: 18},
     weapons: [rapier], spells: [vicious mockery]}
monsters:
  - {name: Orc, count: 2, hp: 30, ac: 13,
     attacks: [{name: Greataxe, to_hit: 5, damage: 1d12+3 slashing}]}
groups:
  A: [Bram, Orc 1]
"""


def _fight(text: str = FIGHT) -> Fight:
    return parse_fight(text, "bard.yaml")


def _inspired(fight: Fight, who: str = "Bram", faces: int = 8) -> Fight:
    die = Effect(1, who, f"Bardic Inspiration (d{faces})", Lasting(rounds=100), 1, by="Lyra")
    return replace(fight, effects=(die,), effects_begun=1)


@needs_data
def test_f2_the_die_follows_the_srd_bard_table() -> None:
    levels = json.loads((DATA / "5e-srd-5.1-levels.json").read_text())
    bard = [lv for lv in levels if lv["class"]["index"] == "bard" and "subclass" not in lv]
    assert len(bard) == 20
    for lv in bard:
        assert inspiration_die(lv["level"]) == lv["class_specific"]["bardic_inspiration_die"]


def test_f2_as_many_uses_as_the_charisma_modifier_at_least_one() -> None:
    """SRD: "a number of times equal to your Charisma modifier (a minimum of once)"; back on a
    short rest from level 5 (Font of Inspiration); the file's `uses:` still wins."""
    lyra = _fight().hero("Lyra").resource("Bardic Inspiration")
    assert lyra is not None and (lyra.total, lyra.recharge.value) == (4, "short")  # Cha 18
    shy = _fight(FIGHT.replace("cha: 18", "cha: 8").replace("bard, level: 5", "bard, level: 2"))
    low = shy.hero("Lyra").resource("Bardic Inspiration")
    assert low is not None and (low.total, low.recharge.value) == (1, "long")
    own = _fight(
        FIGHT.replace(
            "spells: [vicious mockery]",
            "spells: [vicious mockery], uses: {Bardic Inspiration (short): 6}",
        )
    )
    assert own.hero("Lyra").resource("Bardic Inspiration").total == 6


def test_f2_inspire_is_the_bonus_action_and_a_use() -> None:
    fight = _fight()
    lyra = fight.hero("Lyra")
    assert "inspire Bram (bonus action: a d8 to add)" in short_options(fight, lyra)
    choice = parse_choice(fight, lyra, "inspire bram; cast vicious mockery at Orc 1")
    assert choice.bonus == BonusChoice("Bardic Inspiration", target="Bram")
    assert parse_choice(fight, lyra, "use bardic inspiration on Bram") == parse_choice(
        fight, lyra, "inspire Bram"
    )
    for said, why in (
        ("inspire Lyra", "another creature, not the bard"),
        ("inspire Orc 1", "Orc 1 is none"),
    ):
        with pytest.raises(Refused, match=why):
            parse_choice(fight, lyra, said)
    with pytest.raises(Refused, match="Bram holds a Bardic Inspiration die already"):
        parse_choice(_inspired(fight), lyra, "inspire Bram")
    deaf = fight.with_combatant(replace(fight.hero("Bram"), conditions={Condition.DEAFENED}))
    with pytest.raises(Refused, match="Bram cannot hear Lyra"):
        parse_choice(deaf, deaf.hero("Lyra"), "inspire Bram")
    with pytest.raises(Refused, match="Bram is no bard"):
        parse_choice(fight, fight.hero("Bram"), "inspire Lyra")
    spent = _fight(
        FIGHT.replace(
            "class: bard, level: 5,", "class: bard, level: 5, used: {Bardic Inspiration: 4},"
        )
    )
    with pytest.raises(Refused, match="0 of 4 Bardic Inspiration left"):
        parse_choice(spent, spent.hero("Lyra"), "inspire Bram")


def test_f2_rolled_only_on_a_miss_it_could_turn() -> None:
    assert worth_rolling(9, 13, 8) and not worth_rolling(4, 13, 8)  # 4 + 8 < 13: no use
    assert not worth_rolling(13, 13, 8)  # a hit already
    fight = _inspired(_fight())
    bram, orc = fight.hero("Bram"), fight.monster("Orc 1")
    sword = bram.attacks[0]  # +6 to hit
    hit = roll_attack(fight, bram, orc, sword, Mode.MELEE, ScriptedDice([2, 5, 3]))  # 8 + 5
    assert (hit.inspired, hit.total, hit.hit) == (5, 13, True)
    plain = roll_attack(fight, bram, orc, sword, Mode.MELEE, ScriptedDice([12, 3]))  # 18: hits
    assert plain.inspired == 0 and plain.hit
    one = roll_attack(fight, bram, orc, sword, Mode.MELEE, ScriptedDice([1]))  # D3: a natural 1
    assert one.inspired == 0 and not one.hit
    save = roll_save(fight, bram, Ability.WIS, 12, ScriptedDice([9, 2]), "fear")  # 9 + 0
    assert (save.inspired, save.success) == (2, False)  # rolled, and still failed
    turn = Steps(fight)
    turn.do(SaveRolled(save, Ability.WIS, "fear"))
    assert not turn.fight.effects  # spent, whatever came of it
    again = roll_save(turn.fight, bram, Ability.WIS, 12, ScriptedDice([9]), "x")  # no die left
    assert again.inspired == 0 and not again.success


def test_f2_at_the_table_given_then_rolled_and_spent(tmp_path: Path) -> None:
    path = to_turn_of("Lyra", tmp_path / "bard.yaml", FIGHT, seed=2)
    code, out = run("act", path, "inspire Bram; cast vicious mockery at Orc 1")
    assert code == 0, out
    assert "Lyra uses Bardic Inspiration (3 of 4 left)." in out
    assert "Bram: Bardic Inspiration (d8) (by Lyra), 10 minutes (F4)." in out
    assert "Bram: Bardic Inspiration (d8)" in run("show", path)[1]
    code, out = run("round", path)
    while code == 0 and "It is Bram's turn" not in out:
        code, out = run("round", path)
    code, out = run("act", path, "attack Orc 1 with longsword", "--dice", "2,5,3,15,4")
    assert code == 0, out
    assert "1d20 (2) + 6 + Bardic Inspiration (5) = 13 vs AC 13: hit" in out
    assert "Bardic Inspiration (d8)" not in run("show", path)[1]  # spent
    run("undo", path)
    assert "Bram: Bardic Inspiration (d8)" in run("show", path)[1]  # undo gives it back


def test_f2_the_policy_inspires_an_ally_in_a_melee_group_first() -> None:
    fight = _fight(FIGHT.replace("heroes:\n", "heroes:\n  - {name: Ann, class: rogue, hp: 20}\n"))
    choice = policy_choice(fight, fight.hero("Lyra"))
    assert choice.bonus == BonusChoice("Bardic Inspiration", target="Bram")  # engaged, not Ann
    held = _inspired(fight)
    assert policy_choice(held, held.hero("Lyra")).bonus == BonusChoice(
        "Bardic Inspiration", target="Ann"
    )


def test_f2_a_log_with_a_monster_inspired_is_refused() -> None:
    fight = _fight()
    orc = fight.monster("Orc 1")
    save = roll_save(fight, orc, Ability.WIS, 12, ScriptedDice([9]), "fear")
    forged = Recorded((SaveRolled(replace(save, inspired=4), Ability.WIS, "fear"),))
    assert "Orc 1 is no hero: no Bardic Inspiration" in event_problems(fight, forged)
