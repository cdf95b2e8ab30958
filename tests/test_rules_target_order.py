"""T1–T3 and A4: the target order, read off the G2 hero rows."""

from __future__ import annotations

from pathlib import Path

from lnf.formats.fight_file import load_fight
from lnf.model import CDot, Condition, Family, HouseRule
from lnf.rules import rows, target_order
from tests.builders import fight, hero, monster


def names(heroes: object) -> list[str]:
    return [h.name for h in heroes]  # type: ignore[attr-defined]


def test_g2_rows_by_family_then_halflings_ties_keep_written_order() -> None:
    f = fight(
        [
            hero("Pip", "rogue", ancestry="Lightfoot halfling"),
            hero("Wendy", "wizard"),
            hero("Bert", "bard"),
            hero("Cora", "cleric"),
            hero("Hob", "fighter", ancestry="halfling"),
            hero("Fay", "fighter"),
            hero("Gus", "fighter"),
            hero("Sly", "hireling", family_override=Family.SNEAKY),
        ],
        [monster("Orc")],
    )
    assert names(rows(f)) == ["Fay", "Gus", "Cora", "Bert", "Wendy", "Sly", "Hob", "Pip"]


def test_t3_the_seeds_example(x1_path: Path) -> None:
    assert names(target_order(load_fight(x1_path))) == [
        "Wendy",
        "Doris",
        "Mike",
        "Felix",
        "Cecilia",
        "Terry",
    ]


def test_t2_o_dots_read_bottom_up_and_c_dots_top_down() -> None:
    f = fight(
        [
            hero("A", o_dot=True),
            hero("B", c_dot=CDot.WANTED),
            hero("C", o_dot=True),
            hero("D", c_dot=CDot.WANTED),
            hero("E"),
        ],
        [monster("Orc")],
    )
    assert names(target_order(f)) == ["B", "D", "C", "A", "E"]


def test_t2_avoided_c_dot_comes_last_and_first_match_wins() -> None:
    f = fight(
        [
            hero("A", c_dot=CDot.AVOIDED),
            hero("B"),
            hero("C", c_dot=CDot.AVOIDED, o_dot=True),  # listed at its first step: O
            hero("D", conditions=frozenset({Condition.PRONE})),  # T1: prone gives an N dot
        ],
        [monster("Orc")],
    )
    assert names(target_order(f)) == ["C", "D", "B", "A"]


def test_t1_downed_hero_has_an_n_dot_and_dead_heroes_are_no_targets() -> None:
    f = fight([hero("A"), hero("B", hp_now=0), hero("C", dead=True)], [monster("Orc")])
    assert names(target_order(f)) == ["B", "A"]


def test_a4_downed_last_moves_downed_heroes_to_the_bottom() -> None:
    heroes = [hero("A"), hero("B", hp_now=0), hero("C", o_dot=True)]
    plain = fight(heroes, [monster("Orc")])
    assert names(target_order(plain)) == ["C", "B", "A"]
    for switch in (HouseRule.DOWNED_LAST, HouseRule.DOWNED_IGNORED):
        ruled = fight(heroes, [monster("Orc")], house_rules=frozenset({switch}))
        assert names(target_order(ruled)) == ["C", "A", "B"]
