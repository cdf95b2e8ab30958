"""Broken fight files under tests/fights/broken: each says in its first line what must be found.

`# expect: R6` — `lnf check` exits 1 and names exactly these rules.
`# expect-input: heroes[0].speed line 4` — `lnf check` exits 2 and names that field and line
(`-` for a problem of the whole file, such as a YAML tag or too deep a nesting).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lnf.cli import main

BROKEN = sorted((Path(__file__).parent / "fights" / "broken").glob("*.yaml"))


def expectation(path: Path) -> tuple[str, list[str]]:
    first = path.read_text().splitlines()[0]
    kind, _, rest = first.lstrip("# ").partition(":")
    return kind, rest.split()


def test_there_are_broken_files() -> None:
    assert len(BROKEN) >= 10


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.stem)
def test_broken_file_as_text(path: Path) -> None:
    kind, expected = expectation(path)
    result = CliRunner().invoke(main, ["check", str(path)])
    assert "Traceback" not in result.output
    if kind == "expect":
        assert result.exit_code == 1, result.output
        for rule in expected:
            assert f"  {rule}  " in result.output
    else:
        assert kind == "expect-input"
        field, _, line = expected
        assert result.exit_code == 2, result.output
        where = f"{path}:{line}: " + ("" if field == "-" else f"{field}: ")
        assert where in result.output, result.output


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.stem)
def test_broken_file_as_json(path: Path) -> None:
    kind, expected = expectation(path)
    result = CliRunner().invoke(main, ["check", "--json", str(path)])
    data = json.loads(result.stdout)  # stderr may say what was assumed
    assert data["legal"] is False
    if kind == "expect":
        assert sorted(p["rule"] for p in data["problems"]) == sorted(expected)
    else:
        field, _, line = expected
        field = "" if field == "-" else field
        assert {"field": field, "line": int(line)}.items() <= data["errors"][0].items()


def test_a_broken_rule_is_said_at_its_combatant_s_entry(tmp_path: Path) -> None:
    """R4, R6: `lnf check` says the line of the entry of the combatant a broken rule involves,
    as the file's own errors say theirs; a copy of a counted entry (G3: Goblin 1 of `count: 2`)
    at that entry. The text and --json alike."""
    r4 = next(p for p in BROKEN if p.stem == "r4-back-rank-without-reason")
    said = CliRunner().invoke(main, ["check", str(r4)]).output
    assert f"  R4  {r4.name}:4: Rue is in the back rank without a reason" in said
    path = tmp_path / "archers.yaml"
    text = (BROKEN[0].parent / "r6-monster-in-back-rank.yaml").read_text()
    path.write_text(text.replace("  - name: Goblin archer\n", "  - name: Goblin\n    count: 2\n"))
    said = CliRunner().invoke(main, ["check", str(path)]).output
    assert "  R6  archers.yaml:8: Goblin 1 and Goblin 2 in the back rank" in said
    data = json.loads(CliRunner().invoke(main, ["check", "--json", str(path)]).stdout)
    assert [(p["rule"], p["line"]) for p in data["problems"]] == [("R6", 8)]


def test_r6_counts_its_ranks_in_words() -> None:
    """R6: "only 1 front-rank monster faces 2 front-rank heroes", never "1 … monsters face"."""
    r6 = next(p for p in BROKEN if p.stem == "r6-monster-in-back-rank")
    said = CliRunner().invoke(main, ["check", str(r6)]).output
    assert "but only 1 front-rank monster faces 2 front-rank heroes" in said
    r7 = next(p for p in BROKEN if p.stem == "r7-free-air-without-wings")
    said = CliRunner().invoke(main, ["check", str(r7)]).output
    assert "but only 0 front-rank monsters face 1 front-rank hero\n" in said
