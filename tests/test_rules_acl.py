"""The AC-less defence variant's rules (core-d20 V-ACL1–V-ACL8), with the source text's own
numbers where it gives them."""

from __future__ import annotations

import pytest

from lnf.dice import DamageType
from lnf.errors import Refused
from lnf.model import Cover, Size
from lnf.rules.acl import armor_dr, cover_from, hit_dc, part_dc, reduced, wound, wound_save_dc
from lnf.rules.damage import worth
from tests.builders import monster

P, COLD, FORCE = DamageType.PIERCING, DamageType.COLD, DamageType.FORCE
S, FIRE = DamageType.SLASHING, DamageType.FIRE


def test_v_acl1_hit_dc_by_size() -> None:
    assert hit_dc(monster("Goblin", size=Size.SMALL)) == 12
    assert hit_dc(monster("Orc", size=Size.MEDIUM)) == 10
    assert hit_dc(monster("Ogre", size=Size.LARGE)) == 8
    assert hit_dc(monster("Cyclops", size=Size.HUGE)) == 6
    assert hit_dc(monster("Dragon", size=Size.GARGANTUAN)) == 4
    assert hit_dc(monster("Rat", size=Size.TINY)) == 14
    assert hit_dc(monster("Nobody")) == 10  # no size written: medium


def test_v_acl2_cover_raises_the_hit_dc_or_stops_the_attack() -> None:
    orc = monster("Orc", size=Size.MEDIUM, cover=Cover(4))
    assert hit_dc(orc) == 14
    behind_wall = monster("Orc", size=Size.MEDIUM, cover=Cover(0, True))
    assert hit_dc(behind_wall) is None
    arrow_slit = monster("Orc", size=Size.MEDIUM, cover=Cover(4, ranged_only=True))
    assert hit_dc(arrow_slit) == 10 and hit_dc(arrow_slit, ranged=True) == 14


def test_v_acl2_cover_of_a_size_against_targets_of_a_size() -> None:
    assert cover_from("small", Size.SMALL) == Cover(4)
    assert cover_from("small", Size.MEDIUM) == Cover(2)
    assert cover_from("small", Size.TINY) == Cover(0, True)
    assert cover_from("+2 ranged", Size.MEDIUM) == Cover(2, ranged_only=True)
    assert cover_from("total", Size.HUGE) == Cover(0, True)
    with pytest.raises(Refused, match="V-ACL2"):
        cover_from("tiny", Size.LARGE)  # smaller cover protects only smaller targets
    with pytest.raises(Refused, match="V-ACL2"):
        cover_from("a barrel", Size.MEDIUM)


def test_v_acl3_the_texts_example_dr_3_against_three_types() -> None:
    # 2 piercing, 2 cold, 2 force against DR 3: piercing first, then cold, force last.
    assert reduced({P: 2, COLD: 2, FORCE: 2}, 3, {}) == {P: 0, COLD: 1, FORCE: 2}


def test_v_acl3_typed_dr_first_then_general_dr() -> None:
    out = reduced({FIRE: 5, S: 3}, 2, {FIRE: 4})
    assert out == {FIRE: 1, S: 1}


def test_v_acl3_within_a_class_the_target_saves_the_most() -> None:
    # A creature vulnerable to cold and resisting fire takes DR off the cold first.
    m = monster("Thing", resist=frozenset({FIRE}), vulnerable=frozenset({COLD}))
    assert reduced({FIRE: 4, COLD: 4}, 3, {}, worth(m)) == {FIRE: 4, COLD: 1}


def test_v_acl4_armor_to_dr() -> None:
    assert armor_dr(["chain-shirt"], 15, 2, False) == 3  # AC 13 + Dex → DR 3
    assert armor_dr(["chain-mail"], 16, 0, False) == 6
    assert armor_dr(["chain-mail", "shield"], 18, 0, False) == 8
    assert armor_dr([], 15, 2, True) == 3  # natural armor: AC − 10 − Dex
    assert armor_dr([], 12, 2, False) == 0


def test_v_acl5_the_cyclops_eye_and_its_wound_saves() -> None:
    assert part_dc(Size.MEDIUM, "eye") == 22
    assert part_dc(Size.HUGE, "eye") == 18  # Hit DC 6: a huge creature's eye
    assert wound_save_dc(38) == 19
    assert wound_save_dc(46) == 23
    assert wound_save_dc(9) == 10
    with pytest.raises(Refused, match="V-ACL5"):
        part_dc(Size.MEDIUM, "tail")


def test_v_acl5_wounded_or_disabled() -> None:
    # Light damage: failing wounds, saving spares the part.
    assert wound(8, saved=False, con_score=14, hp=40) == "wounded"
    assert wound(8, saved=True, con_score=14, hp=40) == ""
    # Over the lower of twice Con (28) and half the hit points (20): a save still wounds.
    assert wound(21, saved=True, con_score=14, hp=40) == "wounded"
    assert wound(21, saved=False, con_score=14, hp=40) == "disabled"
