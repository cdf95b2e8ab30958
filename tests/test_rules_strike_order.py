"""Strike order within a round (S1–S4), `lnf.rules.strike_order`, on small hand-built fights.

S1 everyone standing gets a turn every round; S2 groups right to left by their rightmost monster
column, the unengaged last; S3 light first, else the side that did not start (G7), heroes
top-down (G2 rows), monsters right to left; S4 the seed's example (examples.md X1)."""

from __future__ import annotations

from dataclasses import replace

from lnf.model import Fight, Side, Turns
from lnf.rules.strike_order import strike_blocks, strike_order, tie_goes_to, up_next
from tests.builders import BACK, fight, hero, monster


def x1_by_hand() -> Fight:
    """S4 / X1: six heroes (written out of class order), a wight and three skeletons; the heroes
    started the fight; Cecilia and Doris hold light."""
    return fight(
        [
            hero("Terry", "rogue"),
            hero("Wendy", "wizard", rank=BACK),
            hero("Mike", "bard", rank=BACK),
            hero("Doris", "druid", light=True),
            hero("Cecilia", "cleric", light=True),
            hero("Felix", "fighter"),
        ],
        [monster("Wight"), monster("Skeleton 1"), monster("Skeleton 2"), monster("Skeleton 3")],
        {
            "A": ["Felix", "Doris", "Wight", "Skeleton 2"],
            "C": ["Cecilia", "Skeleton 1"],
            "T": ["Terry", "Skeleton 3"],
        },
        started=Side.HEROES,
    )


def test_s4_the_seeds_example() -> None:
    """S4: skeleton 3 hits Terry, Terry acts; then Felix and Doris (light), then their skeleton
    and the wight; then Cecilia (light), then her skeleton; then Mike and Wendy."""
    assert strike_blocks(x1_by_hand()) == [
        ("T", ["Skeleton 3", "Terry"]),
        ("A", ["Felix", "Doris", "Skeleton 2", "Wight"]),
        ("C", ["Cecilia", "Skeleton 1"]),
        (None, ["Mike", "Wendy"]),
    ]


def test_s1_everyone_standing_has_one_turn_and_the_dead_none() -> None:
    f = x1_by_hand()
    f = f.with_combatant(replace(f.monster("Skeleton 1"), damage=10))  # dead (10 hp)
    f = f.with_combatant(replace(f.hero("Felix"), hp_now=0))  # downed: rolls death saves (D9)
    f = f.with_combatant(replace(f.hero("Mike"), dead=True))
    order = strike_order(f)
    assert sorted(order) == sorted(
        ["Terry", "Wendy", "Doris", "Cecilia", "Felix", "Wight", "Skeleton 2", "Skeleton 3"]
    )
    assert len(order) == len(set(order))


def test_s2_the_group_with_the_rightmost_column_goes_first() -> None:
    """Group A holds columns 1 and 4, group B column 3: A's rightmost column is further
    right, so all of A acts before B, although A's leftmost monster is the leftmost of all."""
    f = fight(
        [hero("Ann"), hero("Bo"), hero("Cy")],
        [monster("M1"), monster("M2"), monster("M3"), monster("M4")],
        {"B": ["Bo", "M3"], "A": ["Ann", "M1", "M4"]},
    )
    assert strike_blocks(f) == [
        ("A", ["M4", "M1", "Ann"]),  # no light, the heroes started: monsters first (S3)
        ("B", ["M3", "Bo"]),
        (None, ["M2", "Cy"]),  # the unengaged of both sides act last
    ]


def test_s3_light_lets_a_side_strike_first() -> None:
    """The side whose member holds light strikes first, whoever started; light on both sides
    falls back on who started."""
    lit_hero = fight([hero("Ann", light=True)], [monster("Orc")], {"A": ["Ann", "Orc"]})
    assert strike_order(lit_hero) == ["Ann", "Orc"]
    f = fight(
        [hero("Ann")], [monster("Orc", light=True)], {"A": ["Ann", "Orc"]}, started=Side.MONSTERS
    )
    assert strike_order(f) == ["Orc", "Ann"]
    both = fight(
        [hero("Ann", light=True)], [monster("Orc", light=True)], {"A": ["Ann", "Orc"]}
    )  # G7: the heroes started
    assert strike_order(both) == ["Orc", "Ann"]


def test_s3_without_light_the_side_that_did_not_start_strikes_first() -> None:
    for started, first in ((Side.HEROES, "Orc"), (Side.MONSTERS, "Ann")):
        f = fight([hero("Ann")], [monster("Orc")], {"A": ["Ann", "Orc"]}, started=started)
        assert tie_goes_to(f) is started.other
        assert strike_order(f)[0] == first


def test_s3_light_counts_only_in_its_own_group() -> None:
    """Cy's light in group B does not bring the heroes of group A forward."""
    f = fight(
        [hero("Ann"), hero("Cy", light=True)],
        [monster("Orc"), monster("Gob")],
        {"A": ["Ann", "Orc"], "B": ["Cy", "Gob"]},
    )
    assert strike_blocks(f) == [("B", ["Cy", "Gob"]), ("A", ["Orc", "Ann"])]


def test_s3_heroes_go_top_down_by_the_rows_and_monsters_right_to_left() -> None:
    """Top-down is the G2 row order (fighty before casty, halflings last), not the order the
    file lists them; right to left is the column order read backwards."""
    f = fight(
        [
            hero("Pip", "rogue", ancestry="halfling", light=True),
            hero("Wren", "wizard"),
            hero("Gus", "fighter"),
        ],
        [monster("Ogre"), monster("Orc 1"), monster("Orc 2")],
        {"A": ["Pip", "Wren", "Gus", "Ogre", "Orc 1", "Orc 2"]},
    )
    assert strike_order(f) == ["Gus", "Wren", "Pip", "Orc 2", "Orc 1", "Ogre"]


def test_s3_the_unengaged_follow_the_same_rule_among_themselves() -> None:
    f = fight(
        [hero("Wren", "wizard"), hero("Gus", "fighter")],
        [monster("Ogre"), monster("Imp", light=True), monster("Orc")],
        {"A": ["Gus", "Orc"]},
    )
    assert strike_blocks(f) == [("A", ["Orc", "Gus"]), (None, ["Imp", "Ogre", "Wren"])]


def test_s1_up_next_is_the_first_of_the_order_who_has_not_acted_and_stands() -> None:
    f = x1_by_hand()
    order = tuple(strike_order(f))
    assert up_next(f) is None  # before the round starts, nobody is up
    f = replace(f, turns=Turns(order=order, acted=frozenset({"Skeleton 3"})))
    assert up_next(f) == "Terry"
    f = f.with_combatant(replace(f.hero("Terry"), dead=True))  # dropped before its turn
    assert up_next(f) == "Felix"
    f = replace(f, turns=Turns(order=order, acted=frozenset(order)))
    assert up_next(f) is None  # the round is over
