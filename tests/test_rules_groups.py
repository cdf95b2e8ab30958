"""G5 (groups hold both sides and only those in the fight), V3 (no groups in volley rounds),
and the sanity of attack data."""

from __future__ import annotations

from lnf.dice import parse
from lnf.model import Attack, AttackKind, Phase, PhaseKind
from lnf.rules import check_state
from tests.builders import fight, hero, monster


def test_g5_group_without_a_monster_left_is_gone() -> None:
    f = fight([hero("A")], [monster("Orc", damage=10)], {"X": ["A", "Orc"]})
    found = [(v.rule, v.message) for v in check_state(f)]
    assert ("G5", "Orc is out of the fight but still in group X") in found
    assert ("G5", "group X has no monster left") in found


def test_g5_group_of_monsters_only() -> None:
    f = fight([hero("A")], [monster("Orc"), monster("Gob")], {"X": ["Orc", "Gob"]})
    assert [v.message for v in check_state(f)] == ["group X has no hero left"]


def test_v3_no_groups_during_volley_rounds() -> None:
    f = fight([hero("A")], [monster("Orc")], {"X": ["A", "Orc"]}, phase=Phase(PhaseKind.VOLLEY, 2))
    assert [v.rule for v in check_state(f)] == ["V3"]


def test_attack_data_sanity() -> None:
    bad = (
        Attack(name="Bow", kind=AttackKind.RANGED, damage=parse("1d6")),  # no range
        Attack(name="Axe", damage=parse("1d6"), range=(20, 60)),  # mêlée with a range
        Attack(name="Sling", kind=AttackKind.RANGED, damage=parse("1d4"), range=(120, 30)),
        Attack(name="Whip", damage=parse("1d4"), reach=12),
        Attack(name="Tickle", damage=parse("1d4-5")),
    )
    f = fight([hero("A", attacks=bad)], [monster("Orc")])
    assert [v.rule for v in check_state(f)] == ["A3", "A3", "A3", "A2", "D6"]
