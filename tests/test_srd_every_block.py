"""Every SRD stat block plays (B1–B10): each of the 334 against a level-5 party made from sheets,
two rounds of `lnf run` with its seed, ends with no error; the not-played items aside, a whole
stat block is played as read (a crash in a rare action, rider or trait shows here first)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lnf.formats.bestiary import srd
from tests.cli import run

PARTY = """\
heroes:
  - {name: Bram, class: fighter, level: 5, weapons: [longsword, longbow],
     armor: [chain mail, shield], scores: {str: 18, dex: 14, con: 14, int: 10, wis: 12, cha: 8}}
  - {name: Ilsa, class: cleric, level: 5, weapons: [mace], armor: [chain mail, shield],
     scores: {str: 14, dex: 10, con: 14, int: 8, wis: 18, cha: 12},
     spells: [sacred flame, guiding bolt, healing word, bless, hold person, spirit guardians]}
  - {name: Quill, class: wizard, level: 5, weapons: [dagger], rank: back, why: guarded,
     scores: {str: 8, dex: 14, con: 14, int: 18, wis: 12, cha: 10},
     spells: [fire bolt, magic missile, shield, scorching ray, fireball]}
  - {name: Nix, class: rogue, level: 5, weapons: [rapier, shortbow], armor: [leather armor],
     scores: {str: 10, dex: 18, con: 14, int: 12, wis: 12, cha: 8}}
"""
NAMES = sorted(b["name"] for b in srd())


@pytest.mark.parametrize("name", NAMES)
def test_every_srd_stat_block_plays_two_rounds(name: str, tmp_path: Path) -> None:
    fight = tmp_path / "every.yaml"
    quoted = name.replace('"', '\\"')
    fight.write_text(f'{PARTY}monsters:\n  - monster: "{quoted}"\n', encoding="utf-8")
    code, out = run("run", str(fight), "--seed", "3", "--rounds", "2")
    assert code == 0, out[-2000:]
    assert "Round 1" in out and ("Round 2" in out or " win." in out), out[-2000:]
