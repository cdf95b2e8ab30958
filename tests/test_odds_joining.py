"""Odds of a fight in which creatures join mid-fight (B10 Split, B6 Animate Trees): each
fight plays to its end, and a jelly's twin brings no hit points of its own — the monsters'
hit points lost are the damage dealt, so a fight the heroes win took exactly the jelly's."""

from __future__ import annotations

from lnf.formats.fight_file import parse_fight
from lnf.odds.fights import play_fights

JELLY = """
title: The jelly in the well
heroes:
  - {name: Bram, class: fighter, level: 5, scores: {str: 16, con: 14}, weapons: [longsword],
     armor: [chain mail, shield]}
  - {name: Nix, class: rogue, level: 5, scores: {dex: 18, con: 12}, weapons: [shortsword],
     armor: [leather]}
monsters:
  - monster: ochre jelly
"""


def test_a_jelly_that_splits_is_played_to_the_end_and_its_twin_brings_no_hit_points() -> None:
    start = parse_fight(JELLY, "jelly.yaml")
    jelly = start.monster("Ochre Jelly").hp
    outcomes = sorted(play_fights(start, range(8), 1), key=lambda o: o.number)
    assert len(outcomes) == 8 and any(o.winner == "heroes" for o in outcomes)
    for o in outcomes:
        assert 0 <= o.monster_damage <= jelly, o
        if o.winner == "heroes":
            assert o.monster_damage == jelly, o  # every jelly at 0: the 45 it started with
