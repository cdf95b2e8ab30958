"""examples.md X6 and X7 as a DM meets them: the example files (SRD 5.1 stat blocks by name) run
through `lnf plan`, `lnf next`, `lnf round` and `lnf act`, and the plans the worked examples state.

X6 (B2–B5, E1, E3, A2): round 1 the young green dragon breathes on Dee, Ann and Bo; round 2, the
breath not recharged, it leaves group A and bites Dee with reach. X7 (B1, B3, B5, B6, B10): round
1 the Mage casts Cone of Cold (its one 5th-level slot) on Cy, Ann and Bo and the guards attack
Ann; round 2 Fireball at 3rd level; Shield as its reaction when +5 AC turns a hit into a miss.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.cli import run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
X6 = EXAMPLES / "young-green-dragon.yaml"
X7 = EXAMPLES / "mage-behind-its-guards.yaml"


def plan_of(path: Path) -> dict[str, Any]:
    code, out = run("plan", str(path), "--json")
    assert code == 0, out
    plan: dict[str, Any] = json.loads(out)
    return plan


def order_of(plan: dict[str, Any], name: str) -> dict[str, Any]:
    (order,) = [m for m in plan["monsters"] if m["name"] == name]
    return order


def round_two(path: Path, tmp_path: Path, monster: str, used: str) -> Path:
    """The same grid in round 2, with what round 1 spent (`used:` beside the stat block)."""
    text = path.read_text(encoding="utf-8")
    line = f"  - monster: {monster}\n"
    assert line in text
    text = text.replace(line, f"{line}    used: {used}\n").replace("round: 1\n", "round: 2\n")
    out = tmp_path / path.name
    out.write_text(text, encoding="utf-8")
    return out


# --- X6 ---------------------------------------------------------------------------------------


def test_x6_round_1_the_dragon_breathes_on_dee_ann_and_bo() -> None:
    """B3, B4, E1, E3, B5: a 30 ft cone catches 3; from the front rank it reaches back-rank Dee;
    Dee (a group of one) and the whole of group A (the dragon spares itself); Cy is not caught."""
    plan = plan_of(X6)
    assert plan["target_order"] == ["Dee", "Ann", "Bo", "Cy"]
    dragon = order_of(plan, "Young Green Dragon")
    assert dragon["action"] == "Poison Breath"
    assert dragon["targets"] == ["Dee", "Ann", "Bo"]
    assert (dragon["move"], dragon["rank"]) == ("stay", "front")


def test_x6_round_1_in_words() -> None:
    code, out = run("plan", str(X6))
    assert code == 0, out
    assert "uses Poison Breath (30 ft cone) on Dee, Ann and Bo." in out


def test_x6_the_breath_is_a_dc_14_constitution_save_for_12d6_poison() -> None:
    code, out = run("monsters", "show", "young green dragon")
    assert code == 0, out
    assert (
        "Poison Breath: recharge 5–6; DC 14 Constitution save, half on a success; 12d6 poison; "
        "30 ft cone" in out
    )


def test_x6_round_2_without_its_breath_it_leaves_group_a_and_bites_dee_with_reach(
    tmp_path: Path,
) -> None:
    """B2, A2, M3, M6, P3: unengaged, its 10 ft bite out-reaches Dee's 5 ft dagger; the claws
    reach no one; Ann and Bo may strike as it leaves."""
    path = round_two(X6, tmp_path, "young green dragon", "{Poison Breath: 1}")
    plan = plan_of(path)
    dragon = order_of(plan, "Young Green Dragon")
    assert dragon["action"] is None
    assert (dragon["move"], dragon["mode"], dragon["target"]) == ("leave", "reach", "Dee")
    assert dragon["attack"] == "Bite"
    code, out = run("plan", str(path))
    assert code == 0, out
    assert "Leaves group A, in the front rank; attacks Dee with Bite with reach (A2)" in out
    assert "Young Green Dragon: Poison Breath is not charged (B2)." in out
    assert "Ann may strike Young Green Dragon as it leaves." in out
    assert "Bo may strike Young Green Dragon as it leaves." in out


# --- X7 ---------------------------------------------------------------------------------------


def test_x7_round_1_cone_of_cold_on_cy_ann_and_bo_and_the_guards_on_ann() -> None:
    """B5, E3, B6: the guards are spared, so group A is the one partly hit group, after Cy; of
    the areas that attack the same heroes Cone of Cold has the most expected damage."""
    plan = plan_of(X7)
    assert plan["target_order"] == ["Ann", "Bo", "Cy"]
    mage = order_of(plan, "Mage")
    assert mage["action"] == "Cone of Cold"
    assert sorted(mage["targets"]) == ["Ann", "Bo", "Cy"]
    assert (mage["move"], mage["rank"]) == ("stay", "back")
    for guard in ("Guard 1", "Guard 2"):
        assert order_of(plan, guard)["target"] == "Ann"
    code, out = run("plan", str(X7))
    assert code == 0, out
    assert "casts Cone of Cold (60 ft cone, a 5th-level spell slot)" in out
    # X7's figures: 27.9 a hero for Cone of Cold, 21.7 for Fireball, 17.8 for Ice Storm
    assert (
        "Fireball would attack the same heroes for less expected damage (65.10 against 83.70)"
        in out
    )
    assert (
        "Ice Storm would attack the same heroes for less expected damage (53.48 against 83.70)"
        in out
    )


def test_x7_the_mage_armor_slot_is_spent_and_one_5th_level_slot_is_left() -> None:
    code, out = run("monsters", "show", "mage")
    assert code == 0, out
    assert "Spell slots: 1st 4 (1 spent), 2nd 3, 3rd 3, 4th 3, 5th 1" in out
    assert "Mage Armor: cast before the fight, AC 15 (B6)" in out


def test_x7_round_2_fireball_at_3rd_level(tmp_path: Path) -> None:
    """B6: no upcasting: the 5th-level slot spent, Fireball at its own level beats Ice Storm."""
    path = round_two(X7, tmp_path, "mage", "{slot 1: 1, slot 5: 1}")
    plan = plan_of(path)
    mage = order_of(plan, "Mage")
    assert mage["action"] == "Fireball"
    assert sorted(mage["targets"]) == ["Ann", "Bo", "Cy"]
    code, out = run("plan", str(path))
    assert code == 0, out
    assert "casts Fireball (20 ft sphere, a 3rd-level spell slot) on Ann, Bo and Cy." in out
    assert "Cone of Cold is out of slots of level 5 (B2)." in out


def at_cys_turn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Round 1 at the table up to Cy's turn: Ann and Bo do nothing, the heroes' saves against
    the Cone of Cold are the players' own (Cy saves, so she stays up)."""
    shutil.copy(X7, tmp_path / "x7.yaml")
    monkeypatch.chdir(tmp_path)
    steps = [
        ("next", "x7.yaml", "--seed", "1"),
        ("round", "x7.yaml"),  # on to Ann's turn
        ("round", "x7.yaml"),  # Ann does nothing; on to Bo's
        ("round", "x7.yaml"),  # Bo does nothing; the Mage casts and waits for the saves
        ("round", "x7.yaml", "--saves", "Ann=5,Bo=5,Cy=20"),
    ]
    for step in steps:
        code, out = run(*step)
        assert code == 0, (step, out)
    assert "It is Cy's turn" in out
    return out


def test_x7_the_cone_of_cold_is_played_with_the_heroes_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = at_cys_turn(tmp_path, monkeypatch)
    assert "Mage spends a 5th-level spell slot (0 of 1 left)." in out
    assert "Cy's CON save 1d20 (20) + 2 = 22 vs DC 14: saves" in out


@pytest.mark.parametrize(
    ("d20", "shield"),
    [(10, True), (7, False), (12, True), (13, False)],  # +7: 17 and 19 hit AC 15, not AC 20
)
def test_x7_the_mage_casts_shield_only_when_plus_5_turns_a_hit_into_a_miss(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, d20: int, shield: bool
) -> None:
    """B10, F1: 7 + 7 = 14 misses AC 15 anyway; 20 hits AC 20 anyway; 17 and 19 are turned."""
    at_cys_turn(tmp_path, monkeypatch)
    code, out = run("act", "x7.yaml", "attack", "Mage", "with", "Shortbow", "--dice", f"{d20},4")
    assert code == 0, out
    assert ("Mage takes a reaction, Shield (+5 AC), against Cy's hit (F1)." in out) is shield
    assert ("Mage spends a 1st-level spell slot (2 of 4 left)." in out) is shield
    total = d20 + 7
    if shield:
        assert f"1d20 ({d20}) + 7 = {total} vs AC 20: miss." in out
    else:
        assert f"1d20 ({d20}) + 7 = {total} vs AC 15: {'hit' if total >= 15 else 'miss'}" in out


def test_x7_used_in_the_file_adds_to_mage_armors_slot(tmp_path: Path) -> None:
    """B2, B6: `used: {slot 5: 1}` beside the Mage keeps the 1st-level slot Mage Armor spent
    before the fight (3 of 4 left), and a use the file names itself is the file's count."""
    from lnf.formats.fight_file import load_fight

    def slots(used: str) -> dict[str, int]:
        path = round_two(X7, tmp_path, "mage", used)
        mage = load_fight(path).monster("Mage")
        return {r.name: r.total - r.used for r in mage.resources}

    assert slots("{slot 5: 1}")["slot 1"] == 3 and slots("{slot 5: 1}")["slot 5"] == 0
    assert slots("{Slot 1: 0}")["slot 1"] == 4  # the DM says Mage Armor was not cast
