"""`lnf odds --vary`, drawn and reported (issue 24, goal 5): the chances against the value as a
PNG or SVG with --plot (matplotlib loaded only then, the path checked before any fight), as a
text chart without it, and whole in --json; a Ctrl-C reports the values finished."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import lnf.cli.odds_commands as odds_commands
from lnf.odds.fights import Outcome
from lnf.odds.vary import DEADLY, Step, parse_vary, step_odds
from lnf.views.vary_text import BAR, _bar, chart_lines, field_label, vary_head
from tests.cli import run, stdout_of

OGRE = Path(__file__).parent.parent / "examples" / "ogre-at-the-bridge.yaml"
VARY = ["--vary", "goblin.count=1,3", "--fights", "4", "--seed", "2", "--quiet"]


@pytest.fixture
def ogre(tmp_path: Path) -> Path:
    fight = tmp_path / "ogre.yaml"
    fight.write_text(OGRE.read_text(encoding="utf-8"), encoding="utf-8")
    return fight


@pytest.fixture
def no_fight(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any fight played fails the test: what is refused is refused before the run."""

    def played(*args: object) -> Any:
        raise AssertionError("a fight was played")

    monkeypatch.setattr(odds_commands, "_play", played)


def _png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and data[12:16] == b"IHDR"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_the_chances_against_the_value_are_drawn(ogre: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = ogre.with_name("goblins.png")
    code, out = run("odds", str(ogre), *VARY, "--plot", str(picture))
    assert code == 0, out
    data = picture.read_bytes()
    assert _png_size(data) == (900, 660) and len(data) > 20_000  # lines, bands, words
    assert f"Drawn: {picture}" in out and "| heroes win" in out
    assert "the chances against it" not in out  # the picture replaces the text chart
    code, out = run("odds", str(ogre), *VARY, "--plot", str(picture))
    assert code == 0, out  # its own drawing it draws again
    drawn = json.loads(stdout_of("odds", str(ogre), *VARY, "--json", "--plot", str(picture)))
    assert drawn == json.loads(stdout_of("odds", str(ogre), *VARY, "--json"))  # it only reads


def test_one_value_is_drawn_with_its_intervals(ogre: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = ogre.with_name("one.png")
    args = ["--vary", "Bram.level=3", "--fights", "3", "--quiet", "--plot", str(picture)]
    assert run("odds", str(ogre), *args)[0] == 0
    assert _png_size(picture.read_bytes()) == (900, 660)


def test_the_plot_as_svg_keeps_its_words(ogre: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = ogre.with_name("goblins.svg")
    assert run("odds", str(ogre), *VARY, "--plot", str(picture))[0] == 0
    svg = picture.read_text(encoding="utf-8")
    for words in ("Goblin count", "The ogre at the bridge", "heroes win", "a hero dies"):
        assert words in svg


@pytest.mark.parametrize(
    ("where", "said"),
    [
        ("x.jpg", "give a .png or .svg file"),
        ("nodir/x.png", "there is no folder"),
        ("notes.png", "exists and is not an image lnf drew"),
        ("link.png", "is a link (to ogre.yaml)"),
    ],
)
def test_a_bad_plot_path_is_refused_before_any_fight(
    ogre: Path, no_fight: None, where: str, said: str
) -> None:
    (ogre.parent / "notes.png").write_text("my notes", encoding="utf-8")
    (ogre.parent / "link.png").symlink_to(ogre.name)
    code, out = run("odds", str(ogre), *VARY, "--plot", str(ogre.parent / where))
    assert code == 2 and said in out and "Traceback" not in out
    assert (ogre.parent / "notes.png").read_text(encoding="utf-8") == "my notes"


def test_without_matplotlib_plot_says_how_to_install_it_first(
    ogre: Path, no_fight: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name)
    )
    code, out = run("odds", str(ogre), *VARY, "--plot", str(ogre.with_name("g.png")))
    assert code == 2 and "pip install 'lnf[plot]'" in out


def test_vary_without_plot_does_not_import_matplotlib() -> None:
    code = (
        "import sys; from lnf.cli import main\n"
        f"try: main(['odds', {str(OGRE)!r}, '--vary', 'goblin.count=1,2', '--fights', '2', "
        "'--quiet'])\n"
        "except SystemExit as exit: assert not exit.code, exit.code\n"
        "print('matplotlib' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "the chances against it" in out.stdout
    assert out.stdout.strip().splitlines()[-1] == "False"


def test_the_json_holds_every_value_and_chance_with_its_interval(ogre: Path) -> None:
    out = json.loads(stdout_of("odds", str(ogre), *VARY, "--json"))
    assert out["vary"] == "goblin.count" and out["label"] == "Goblin count"
    assert out["values"] == [1, 3] and [s["value"] for s in out["steps"]] == [1, 3]
    assert (out["fights"], out["first"], out["seed"], out["monsters"]) == (4, 0, 2, "lnf")
    assert out["stopped"] is False and out["fight"] == "The ogre at the bridge"
    for step in out["steps"]:
        report = step["report"]
        for chance in (report["heroes_win"], step["anyone_drops"], step["anyone_dies"]):
            assert chance["n"] == 4 and chance["low"] <= chance["share"] <= chance["high"]
        assert set(report["heroes"]) == {"Bram", "Wren", "Nix"}
        assert report["rounds"]["median"] > 0
    deadly = next((s["value"] for s in out["steps"] if s["anyone_dies"]["low"] > DEADLY), None)
    assert out["deadly"] == {"from": deadly, "a_hero_dies_low_above": DEADLY}


def test_the_text_chart_draws_each_chance_to_scale() -> None:
    assert _bar(0.0) == " " * BAR and _bar(1.0) == "█" * BAR
    assert _bar(0.5) == "█" * (BAR // 2) + " " * (BAR // 2)
    assert _bar(1 / (8 * BAR)) == "▏" + " " * (BAR - 1)  # an eighth of a character shows
    vary = parse_vary("goblin.count=1..3")
    safe = _step(1, drops=1, dies=0)
    deadly = _step(2, drops=20, dies=20)
    lines = chart_lines(vary, [safe, deadly, _step(3, drops=20, dies=20)])
    assert lines[0].startswith("Goblin count: the chances against it")
    assert lines[1].split() == ["heroes", "win", "a", "hero", "drops", "a", "hero", "dies"]
    assert lines[3].endswith("◀ deadly from here") and "◀" not in lines[2] + lines[4]
    assert lines[3].count("│" + "█" * BAR + "│") == 2  # all dropped and all died


def _step(number: int, *, drops: int, dies: int) -> Step:
    """20 fights in which Bram drops in the first `drops` and dies in the first `dies`."""
    outcomes = [
        Outcome(
            number=n,
            winner="monsters" if n < dies else "heroes",
            rounds=3,
            dropped=("Bram",) if n < drops else (),
            died=("Bram",) if n < dies else (),
            hero_damage=0,
            monster_damage=0,
            spent=(),
            fled=False,
        )
        for n in range(20)
    ]
    return step_odds(number, outcomes, ["Bram"])


def test_the_field_names_the_axis_and_the_values_are_said_as_given() -> None:
    assert field_label(parse_vary("goblin.count=2..10")) == "Goblin count"
    assert field_label(parse_vary("Bram.level=1..5")) == "Bram level"
    numbers = range(0, 10)
    said = vary_head("Ford", parse_vary("Ogre.hp=40,60"), numbers, 1, "LNF monsters")
    assert said.startswith("Ford, Ogre.hp at 40, 60: 10 fights for each value (fights 0 to 9")
    assert "Ogre.hp = 40:" in vary_head("F", parse_vary("Ogre.hp=40"), numbers, 1, "x")
    assert "Ogre.hp from 1 to 3:" in vary_head("F", parse_vary("Ogre.hp=1..3"), numbers, 1, "x")


def test_markdown_gives_the_table_for_session_notes(ogre: Path) -> None:
    out = stdout_of("odds", str(ogre), *VARY, "--markdown")
    assert out.startswith("## The ogre at the bridge, goblin.count at 1, 3:")
    assert "| goblin.count | heroes win | a hero drops | a hero dies | rounds |" in out
    assert "| 1 | " in out and "| 3 | " in out and "│" not in out  # no text chart in notes


def test_a_ctrl_c_reports_the_values_finished_and_exits_130(
    ogre: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    play: Callable[..., tuple[list[Any], bool]] = odds_commands._play
    calls = []

    def stopped_in_the_second(*args: Any) -> tuple[list[Any], bool]:
        calls.append(args)
        outcomes, _ = play(*args)
        return (outcomes[:2], True) if len(calls) == 2 else (outcomes, False)

    monkeypatch.setattr(odds_commands, "_play", stopped_in_the_second)
    code, out = run("odds", str(ogre), "--vary", "goblin.count=1..3", *VARY[2:])
    assert code == 130 and len(calls) == 2
    assert "(stopped with Ctrl-C in goblin.count = 2, after 2 of its fights;" in out
    assert "\n               1 | " in out and "\n               3 | " not in out
    calls.clear()
    code, out = run("odds", str(ogre), "--vary", "goblin.count=1..3", *VARY[2:], "--json")
    data = json.loads(out[: out.rindex("}") + 1])
    assert code == 130 and data["stopped"] is True
    assert [(s["value"], s["report"]["fights"]) for s in data["steps"]] == [(1, 4), (2, 2)]
