"""B8 Undead Fortitude as a DM tells it: the save is rolled before the blow lands (its outcome
decides the hit points), and told after the blow it answers."""

from __future__ import annotations

from tests.test_traits import _zombie_hit


def test_b8_undead_fortitude_s_save_is_told_after_the_blow_it_answers() -> None:
    """The save is rolled before the blow lands (its outcome decides the hit points), but a
    DM tells the blow first, then the save, then what came of it."""
    from lnf.views.transcript import _steps_lines

    told = _steps_lines(_zombie_hit("1d6+3 bludgeoning", [12, 4, 10]).done, "")
    assert told[0].startswith("Bram attacks Zombie with Mace")
    assert told[1].startswith("Zombie's Constitution save against Undead Fortitude (7 damage")
    assert told[2] == "  → Zombie drops to 1 hit point instead (Undead Fortitude, B8)."
