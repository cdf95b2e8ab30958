"""V-HYR1: group initiative rolls a Wisdom *check*: the Wisdom modifier, never the bonus of a
Wisdom save a stat block is proficient in."""

from __future__ import annotations

from pathlib import Path

from lnf.dice.roll import ScriptedDice
from lnf.engine.before_fight import roll_initiative
from lnf.formats.fight_file import load_fight
from lnf.formats.fight_writer import dump_fight
from lnf.model import Ability, Side
from lnf.rules.hyrule import wisdom_check

FIGHT = """\
title: Initiative at the pool
variants: [hyrule]
heroes:
  - {name: Link, class: fighter, hp: 20, saves: {wis: 3}}
  - {name: Zelda, class: wizard, hp: 18, saves: {wis: 5}, wis: 2}
monsters:
  - {monster: Aboleth}
"""


def test_v_hyr1_a_stat_block_rolls_its_wisdom_modifier_not_its_save(tmp_path: Path) -> None:
    path = tmp_path / "pool.yaml"
    path.write_text(FIGHT)
    fight = load_fight(path)
    aboleth = fight.monster("Aboleth")
    assert aboleth.save_bonus(Ability.WIS) == 6
    assert wisdom_check(aboleth) == 2  # Wisdom 15: +2; its save is +6 with proficiency
    assert wisdom_check(fight.hero("Zelda")) == 2  # `wis:` given: the modifier
    assert wisdom_check(fight.hero("Link")) == 3  # no `wis:`: the save bonus, as written
    rolled = roll_initiative(fight, ScriptedDice([10, 10, 10]))
    bonuses = [(s.who, s.bonus) for s in rolled.tries[0]]
    assert bonuses == [("Link", 3), ("Zelda", 2), ("Aboleth", 2)]
    assert rolled.first is Side.HEROES  # median 12.5 against 12: the save's +6 would win it


def test_v_hyr1_the_wisdom_modifier_is_written_back_as_read(tmp_path: Path) -> None:
    path = tmp_path / "pool.yaml"
    path.write_text(FIGHT)
    assert "wis: 2" in dump_fight(load_fight(path))


def test_v_hyr1_a_hero_sheet_rolls_its_wisdom_modifier_not_its_save() -> None:
    """F2 sheets: a cleric with Wisdom 18 is proficient in Wisdom saves (+7 at level 5), but
    its Wisdom check is +4."""
    from lnf.formats.fight_file import parse_fight

    text = FIGHT.replace(
        "  - {name: Link, class: fighter, hp: 20, saves: {wis: 3}}",
        "  - {name: Link, class: cleric, level: 5, scores: {wis: 18, con: 14}}",
    )
    link = parse_fight(text, "pool.yaml").hero("Link")
    assert link.save_bonus(Ability.WIS) == 7
    assert wisdom_check(link) == 4
