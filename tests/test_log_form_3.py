"""The fight file's fingerprint across this upgrade (form 3): the same file now fills fields
lnf did not have (a spell's school from the spellbook, a Champion's critical roll, a monk's
Deflect Missiles), so a log noted in form 2 is summed without them: an upgrade alone says no
edit, and an edit of the file still is."""

from __future__ import annotations

from lnf.formats.fight_file import parse_fight
from lnf.formats.log_fingerprint import FORM, FORM_2_LATER, changes, fingerprint
from lnf.values import replace

SHEETS = """
title: Form 3
heroes:
  - {name: Bram, class: fighter, level: 5, scores: {str: 18, con: 16}, weapons: [longsword]}
  - {name: Quill, class: wizard, level: 5, scores: {int: 16}, spells: [fireball]}
monsters:
  - {name: Orc, hp: 15}
"""


def test_a_form_2_log_says_nothing_of_the_upgrade_and_still_sees_an_edit() -> None:
    fight = parse_fight(SHEETS, "form.yaml")
    assert FORM == 3
    noted_by_form_2 = fingerprint(fight, 2, dropped=frozenset(FORM_2_LATER))
    assert noted_by_form_2 != fingerprint(fight, 2)  # the school and the 19s are new sums
    assert changes(noted_by_form_2, fight) == []
    assert changes(fingerprint(fight), fight) == []
    tougher = replace(fight, monsters=(replace(fight.monster("Orc"), hp=30),))
    assert [c.what for c in changes(noted_by_form_2, tougher)] == ["hit point maximum 15 → 30"]
    quill = fight.hero("Quill")
    wider = replace(quill, attacks=(replace(quill.attacks[0], times=2),))
    edited = fight.with_combatant(wider)
    assert [c.what for c in changes(noted_by_form_2, edited)] == ["its stat block changed"]
