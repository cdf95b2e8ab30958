"""A mutation fuzzer over the example fights and the broken files (tests/fuzzing.py): every
mutant is read, checked, drawn or planned, or refused as input; never a traceback, never a
bug exit. The long runs, with time and memory watched, are bench/fuzz.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli import run
from tests.fuzzing import mutants

MUTANTS = mutants(300, seed=2026)
EXPECTED = {0, 1, 2}  # legal; rules broken; unreadable or refused


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("mutants")


@pytest.mark.parametrize("k", range(0, len(MUTANTS), 25))
def test_mutants_are_read_or_refused_never_a_traceback(k: int, folder: Path) -> None:
    for how, data in MUTANTS[k : k + 25]:
        path = folder / f"m{k}.yaml"
        path.write_bytes(data)
        commands = [["check", str(path)], ["show", "--json", str(path)]]
        if "broken" not in how and len(data) < 20_000:
            commands.append(["plan", str(path)])
        for words in commands:
            code, out = run(*words)
            assert code in EXPECTED, (how, words[0], code, out[-300:])
            assert "Traceback" not in out and "bug in lnf" not in out, (how, words[0], out)
            if code == 2:
                assert out.startswith(str(path)) or out.startswith("lnf:"), (how, out[:200])
