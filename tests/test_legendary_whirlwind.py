"""B7, M6: the mummy lord's Whirlwind of Sand (SRD: "The mummy lord magically transforms into a
whirlwind of sand, moves up to 60 feet, and reverts to its normal form. While in whirlwind
form, the mummy lord is immune to all damage") is a legendary Move of 60 feet that an
opportunity attack cannot hurt: taken, as `rules.legendary_moves` decides, when no legendary
attack reaches and the move gives one that does."""

from __future__ import annotations

from pathlib import Path

from tests.cli import stdout_of

SWORD = "attacks: [{name: Longsword, to_hit: 5, damage: 1d8+3 slashing}]"
MUMMY = f"""heroes:
  - {{name: Ann, class: fighter, hp: 90, ac: 15, {SWORD}}}
  - {{name: Bo, class: rogue, hp: 60, ac: 14, {SWORD}}}
monsters:
  - {{monster: mummy lord}}
  - {{monster: zombie}}
groups: {{A: [Ann, Zombie]}}
started: heroes
"""


def test_b7_the_whirlwind_carries_the_mummy_lord_to_its_target_then_it_strikes(
    tmp_path: Path,
) -> None:
    """Unengaged, nothing legendary reaches: after Ann's turn the mummy lord spends 2 points on
    Whirlwind of Sand and joins Bo's group, drawing no opportunity attack; its last point then
    strikes Bo after Bo's turn."""
    path = tmp_path / "mummy.yaml"
    path.write_text(MUMMY, encoding="utf-8")
    said = stdout_of("run", str(path), "--seed", "3", "--rounds", "1")
    went = (
        "At the end of Ann's turn, Mummy Lord uses a legendary action (B7): Whirlwind of Sand, "
        "joining Bo free of opportunity attacks (M6)"
    )
    assert went in said
    assert "Mummy Lord spends 2 legendary action points (1 of 3 left this round) (B7)." in said
    assert "At the end of Bo's turn, Mummy Lord uses a legendary action (B7): Attack at Bo." in said
    assert "opportunity attack" not in said.replace("free of opportunity attacks", "")
