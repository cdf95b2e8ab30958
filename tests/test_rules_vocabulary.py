"""The typed vocabulary (P1, P7): a move and a wish read back what they print, their repr is
code, the monsters' kind in odds is an enum, and `lnf rules` lists the rules by family."""

from __future__ import annotations

import json

import pytest

from lnf.model import MonsterKind, Rank, RuleFamily
from lnf.model.plan import LEAVE, STAY, Mode, Move, MoveKind, Order, Wish
from tests.cli import run

GROUPS = ("A", "B")
HEROES = ("Felix", "Doris")
MOVES = [
    STAY,
    LEAVE,
    Move(MoveKind.JOIN, group="A"),
    Move(MoveKind.JOIN, hero="Felix"),
]


@pytest.mark.parametrize("move", MOVES, ids=repr)
def test_p7_a_move_reads_back_what_it_writes(move: Move) -> None:
    assert Move.parse(move.words, GROUPS, HEROES) == move


@pytest.mark.parametrize("move", MOVES, ids=repr)
def test_a_moves_repr_is_code(move: Move) -> None:
    assert eval(repr(move)) == move  # the point: the repr is code


def test_an_orders_repr_is_code() -> None:
    order = Order("Wight", Rank.BACK, Move(MoveKind.JOIN, group="A"), "Felix", Mode.REACH)
    assert eval(repr(order)) == order


def test_p7_a_label_wins_over_a_hero_and_bad_moves_say_what_is_wrong() -> None:
    assert Move.parse("join A", ("A",), ("A",)) == Move(MoveKind.JOIN, group="A")
    assert Move.parse(" Leave ", GROUPS, HEROES) == LEAVE
    with pytest.raises(ValueError, match="no group or hero called 'Zed'"):
        Move.parse("join Zed", GROUPS, HEROES)
    with pytest.raises(ValueError, match="bad move 'dance'"):
        Move.parse("dance", GROUPS, HEROES)


def test_a_wish_reads_back_what_it_prints() -> None:
    wish = Wish("Skeleton 2", "Doris", fixed=False)
    assert Wish.split(str(wish)) == ("Skeleton 2", "Doris", "")
    assert Wish.split("  Wight ->  Felix ") == ("Wight", "Felix", "")
    assert eval(repr(wish)) == wish
    # B9: a wish may name the action as well as the hero
    breath = Wish("Young Green Dragon", "Bram", fixed=True, action="Poison Breath")
    assert str(breath) == "Young Green Dragon->Bram:Poison Breath"
    assert Wish.split(str(breath)) == ("Young Green Dragon", "Bram", "Poison Breath")
    with pytest.raises(ValueError, match="is not MONSTER->HERO"):
        Wish.split("Wight attacks Felix")


def test_the_monsters_kinds_are_the_odds_choices() -> None:
    assert [k.value for k in MonsterKind] == ["lnf", "greedy"]
    code, out = run("odds", "--help")
    assert code == 0 and "[lnf|greedy]" in out


def test_lnf_rules_lists_the_rules_under_their_families() -> None:
    code, out = run("rules")
    assert code == 0
    lines = out.splitlines()
    heading = lines.index("K — Gang-up limits")
    assert lines[heading + 1].strip().startswith("K1")
    entries = json.loads(run("rules", "M6", "--json")[1])
    assert entries[0]["family"] == RuleFamily.MOVEMENT == "M"


def test_m5_a_spot_is_a_place_in_a_group_with_the_move_that_goes_there() -> None:
    from lnf.rules.moves import Place, final_spot, hero_spot
    from tests.builders import fight, hero, monster

    f = fight([hero("Felix"), hero("Doris")], [monster("Wight")], {"A": ["Felix", "Wight"]})
    assert hero_spot(f, f.hero("Felix")) == Place(group="A")
    assert hero_spot(f, f.hero("Doris")) == Place(hero="Doris")  # a new group around her
    for place in (Place(group="A"), Place(hero="Doris")):
        assert final_spot(f, "Wight", place.move) == place  # M5: the move that goes there
        assert eval(repr(place)) == place
    assert str(Place(group="A")) == "group A" and str(Place(hero="Doris")) == "Doris"
    assert final_spot(f, "Wight", LEAVE) is None  # unengaged
