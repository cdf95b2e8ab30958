"""The house rule: small modules, one job a module. Every Python file of lnf/, tests/, bench/
and scripts/ is under 500 lines; a file that grows past it is split by meaning."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 500


def test_every_python_file_is_under_500_lines() -> None:
    long = {
        str(path.relative_to(ROOT)): lines
        for folder in ("lnf", "tests", "bench", "scripts")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) >= LIMIT
    }
    assert not long, f"at or over {LIMIT} lines: " + ", ".join(
        f"{name} ({lines})" for name, lines in long.items()
    )
