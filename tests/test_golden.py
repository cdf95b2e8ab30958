"""The golden helper itself: a mismatch fails with a unified diff naming the file and how to
rewrite it, a missing golden fails, LNF_UPDATE_GOLDEN=1 rewrites, and a fixture an older lnf
wrote is never rewritten."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden import MAX_DIFF_LINES, UPDATE, check_fixture, check_golden

Failed = pytest.fail.Exception


@pytest.fixture(autouse=True)
def _not_updating(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(UPDATE, raising=False)


def test_the_same_text_passes(tmp_path: Path) -> None:
    golden = tmp_path / "a.golden.txt"
    golden.write_text("Round 1\nThe heroes win.\n", encoding="utf-8")
    check_golden(golden, "Round 1\nThe heroes win.\n")


def test_a_mismatch_fails_with_a_unified_diff_and_the_way_to_update(tmp_path: Path) -> None:
    golden = tmp_path / "a.golden.txt"
    golden.write_text("Round 1\nOrc hits Ann.\nThe heroes win.\n", encoding="utf-8")
    with pytest.raises(Failed) as failed:
        check_golden(golden, "Round 1\nOrc misses Ann.\nThe heroes win.\n")
    text = str(failed.value)
    assert f"{golden} differs from what the command prints now" in text
    assert f"--- {golden} (golden)\n+++ {golden} (now)\n" in text
    assert "\n-Orc hits Ann.\n+Orc misses Ann.\n" in text
    assert " Round 1\n" in text  # context around the change
    assert "LNF_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py" in text
    assert golden.read_text(encoding="utf-8").startswith("Round 1\nOrc hits")  # untouched


def test_a_missing_last_newline_is_a_difference_and_said(tmp_path: Path) -> None:
    golden = tmp_path / "a.golden.txt"
    golden.write_text("The heroes win.\n", encoding="utf-8")
    with pytest.raises(Failed) as failed:
        check_golden(golden, "The heroes win.")
    assert "No newline at end" in str(failed.value)


def test_a_long_diff_is_cut(tmp_path: Path) -> None:
    golden = tmp_path / "a.golden.txt"
    golden.write_text("".join(f"line {i}\n" for i in range(500)), encoding="utf-8")
    with pytest.raises(Failed) as failed:
        check_golden(golden, "".join(f"LINE {i}\n" for i in range(500)))
    text = str(failed.value)
    assert "more lines of diff" in text
    assert text.count("\n-line ") < MAX_DIFF_LINES


def test_a_missing_golden_fails(tmp_path: Path) -> None:
    golden = tmp_path / "new.golden.txt"
    with pytest.raises(Failed) as failed:
        check_golden(golden, "anything\n")
    assert f"{golden} is missing" in str(failed.value) and "LNF_UPDATE_GOLDEN=1" in str(
        failed.value
    )
    assert not golden.exists()


def test_update_writes_the_golden_and_its_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(UPDATE, "1")
    golden = tmp_path / "odds" / "report.txt"
    check_golden(golden, "Heroes win 9 of 10.\n")
    assert golden.read_text(encoding="utf-8") == "Heroes win 9 of 10.\n"
    check_golden(golden, "Heroes win 8 of 10.\n")
    assert golden.read_text(encoding="utf-8") == "Heroes win 8 of 10.\n"


def test_a_fixture_is_diffed_but_never_rewritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(UPDATE, "1")
    fixture = tmp_path / "old.log.txt"
    fixture.write_text("Round 1: Orc hits Ann.\n", encoding="utf-8")
    with pytest.raises(Failed) as failed:
        check_fixture(fixture, "Round 1: Orc misses Ann.\n")
    assert "-Round 1: Orc hits Ann.\n+Round 1: Orc misses Ann.\n" in str(failed.value)
    assert "never rewritten" in str(failed.value)
    assert fixture.read_text(encoding="utf-8") == "Round 1: Orc hits Ann.\n"
