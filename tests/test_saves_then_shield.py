"""B3, F1 at the table: a monster's turn whose saves wait for the players' d20s and then a
hit that Shield would turn. The turn is recorded only once both are answered; before, the
d20s said with `lnf next --saves` were used up by the turn played to the Shield question, so
`lnf next` asked for the saves again and `lnf react` found no Shield to answer: the table was
stuck unless lnf rolled the saves."""

from __future__ import annotations

from pathlib import Path

from tests.cli import run

FIGHT = """
heroes:
  - {name: Bram, class: fighter, level: 5, weapons: [longsword],
     scores: {str: 18, dex: 14, con: 14, int: 10, wis: 12, cha: 8}, armor: [chain mail, shield]}
  - {name: Ilsa, class: cleric, level: 5, weapons: [mace], spells: [sacred flame],
     scores: {str: 14, dex: 10, con: 14, int: 8, wis: 18, cha: 12}, armor: [chain mail, shield]}
  - {name: Quill, class: wizard, level: 5, spells: [fire bolt, shield],
     scores: {str: 8, dex: 14, con: 14, int: 18, wis: 12, cha: 10}}
  - {name: Nix, class: rogue, level: 5, weapons: [rapier],
     scores: {str: 10, dex: 18, con: 14, int: 12, wis: 12, cha: 8}, armor: [leather armor]}
monsters:
  - {monster: adult black dragon}
"""
SAID = "Bram=12,Ilsa=15,Quill=8,Nix=17"


def test_b3_f1_the_saves_said_carry_through_a_shield_question(tmp_path: Path) -> None:
    path = tmp_path / "marsh.yaml"
    path.write_text(FIGHT, encoding="utf-8")
    code, out = run("next", str(path), "--seed", "1")
    assert code == 0 and "Frightful Presence on Bram, Ilsa, Quill and Nix" in out
    code, out = run("next", str(path), "--saves", SAID)
    assert code == 0 and "Shield (+5 AC) would turn it into a miss" in out
    assert f"lnf react {path} Quill --saves {SAID} (it does)" in out
    assert "Say the d20s" not in out
    code, out = run("react", str(path), "Quill", "--saves", SAID)
    assert code == 0 and "Quill will take Shield against Adult Black Dragon's hit" in out
    again = f"lnf next {path} --saves {SAID} plays its turn"  # the d20s said again (B3)
    assert f"Next: Adult Black Dragon. {again}" in out
    code, out = run("next", str(path), "--saves", SAID)
    assert code == 0
    assert "Bram's WIS save 1d20 (12) + 1 = 13 vs DC 16: fails" in out  # the players' d20s
    assert "Quill takes a reaction, Shield (+5 AC), against Adult Black Dragon's hit" in out
