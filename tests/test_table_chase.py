"""A chase at the table and in a script (C2, C5): the hero's speed waits for the table as a
turn does, so a fleeing hero can keep its action and hide."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.cli import run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _sturdy_sly(tmp_path: Path) -> str:
    """The ford with a Sly who lives through a few javelins, so the chase lasts."""
    path = tmp_path / "orcs-at-the-ford.yaml"
    shutil.copy(EXAMPLES / "orcs-at-the-ford.yaml", path)
    path.write_text(path.read_text().replace("hp: 21", "hp: 90"))
    return str(path)


def _to_the_round_end(fight: str) -> str:
    out = ""
    for _ in range(6):
        code, said = run("round", fight)
        assert code == 0, said
        out += said
        if "is over" in said:
            return out
    raise AssertionError(out)


def test_c2_the_table_says_the_heroes_dashes_and_c5_a_hide_ends_the_chase(
    tmp_path: Path,
) -> None:
    fight = _sturdy_sly(tmp_path)
    run("next", fight, "--seed", "3")
    assert run("act", fight, "disengage; flee")[0] == 0
    _to_the_round_end(fight)
    code, out = run("next", fight)  # round 2 starts in the chase: lnf waits for Sly's speed
    assert code == 0, out
    assert "Chase round 2: everyone commits speed first" in out
    assert "lnf speed" in out and "Sly=1" in out
    assert "Orc 2 attacks Quill with" not in out  # no turn is played before the speeds are in
    code, out = run("act", fight, "hide")
    assert code == 2 and "the chase round waits for speeds first" in out
    code, out = run("speed", fight, "Kara=1")
    assert code == 2 and "Kara has no speed to commit in this chase round (C2)" in out
    code, out = run("speed", fight, "Sly=3")
    assert code == 2 and "(C2)" in out
    code, out = run("speed", fight, "sly=1")
    assert code == 0, out
    assert "Sly dashes" in out and "Escape points: Sly–Orc 3 1" in out
    code, out = run("speed", fight, "Sly=1")
    assert code == 2 and "no chase round waits for the heroes' speeds now (C2)" in out
    assert "Sly runs flat out (C2)" in _to_the_round_end(fight)
    run("next", fight)  # round 3: Sly keeps its action this time
    code, out = run("speed", fight, "Sly", "0")
    assert code == 0 and "nobody dashes" in out, out
    out = ""
    while "It is Sly's turn" not in out:
        code, out = run("round", fight)
        assert code == 0 and "is over" not in out, out
    code, out = run("act", fight, "hide", "--dice", "20")
    assert code == 0, out
    assert "Sly tries to hide (C5)" in out and "Orc 3 loses Sly" in out
    assert "Sly gets away (C6)" in out
    code, out = run("next", fight)
    assert code == 0 and "Chase round" not in out


def test_c2_c5_a_script_line_hide_keeps_the_action_for_hiding(tmp_path: Path) -> None:
    fight = _sturdy_sly(tmp_path)
    script = tmp_path / "sly.actions"
    script.write_text("round 1\nSly: disengage; flee\nround 2\nSly: dash\nround 3\nSly: hide\n")
    code, out = run("run", fight, "--seed", "3", "--rounds", "3", "--script", str(script))
    assert code == 0, out
    assert "Speeds in the chase (C2): Sly dashes" in out  # round 2: the line says dash
    assert "Speeds in the chase (C2): nobody dashes" in out  # round 3: hide keeps the action
    assert "Sly tries to hide (C5)" in out
    assert "Sly gets away (C6)" in out


def test_c5_a_hide_with_no_escape_point_is_refused_with_the_script_line(tmp_path: Path) -> None:
    fight = _sturdy_sly(tmp_path)
    script = tmp_path / "early.actions"
    script.write_text("round 1\nSly: disengage; flee\nround 2\nSly: hide\n")
    code, out = run("run", fight, "--seed", "3", "--rounds", "3", "--script", str(script))
    assert code == 2
    assert "early.actions:4: Sly in round 2: Sly has no escape point on any pursuer yet" in out
    assert "(C5)" in out


def test_c5_the_hero_policy_hides_once_its_free_dashes_are_spent(tmp_path: Path) -> None:
    """As monsters do (engine.chasing): dash while the free dashes last, then hide."""
    fight = _sturdy_sly(tmp_path)
    script = tmp_path / "flee.actions"
    script.write_text("round 1\nSly: disengage; flee\n")
    code, out = run("run", fight, "--seed", "3", "--rounds", "6", "--script", str(script))
    assert code == 0, out
    assert out.count("Sly runs flat out (C2)") == 3  # 3 + Con 0 free dashes (C3)
    assert "Sly tries to hide (C5)" in out
