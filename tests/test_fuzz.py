"""A mutation fuzzer over the example fights and the broken files (tests/fuzzing.py): every
mutant is read, checked, drawn or planned, or refused as input; never a traceback, never a
bug exit. The long runs, with time and memory watched, are bench/fuzz.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli import run
from tests.fuzzing import BESTIARY_NAMES, bestiary_fight, bestiary_mutants, mutants

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


X1 = Path(__file__).resolve().parent.parent / "examples" / "wight-and-skeletons.yaml"
PLAN = b"""Wight: Doris
Skeleton 1: {move: join A, target: Felix}
Skeleton 2: {rank: back, target: Wendy, mode: ranged}
Skeleton 3: {}
"""
SCRIPT = (X1.with_suffix(".actions")).read_bytes()


@pytest.mark.parametrize("k", range(0, 120, 20))
def test_mutated_plans_and_scripts_are_read_or_refused(k: int, folder: Path) -> None:
    import random

    from tests.fuzzing import MUTATORS

    rng = random.Random(k)
    for n in range(k, k + 20):
        mutate = MUTATORS[n % len(MUTATORS)]
        plan, script = folder / f"p{n}.yaml", folder / f"s{n}.actions"
        plan.write_bytes(mutate(PLAN, rng))
        script.write_bytes(mutate(SCRIPT, rng))
        for words in (
            ["check", str(X1), "--plan", str(plan)],
            ["run", str(X1), "--seed", "1", "--rounds", "2", "--script", str(script)],
        ):
            code, out = run(*words)
            assert code in EXPECTED, (mutate.__name__, words[0], code, out[-300:])
            assert "Traceback" not in out and "bug in lnf" not in out, (mutate.__name__, out)


BESTIARIES = bestiary_mutants(300, seed=2026)


@pytest.mark.parametrize("k", range(0, len(BESTIARIES), 50))
def test_mutated_bestiaries_are_read_or_refused_never_a_traceback(k: int, folder: Path) -> None:
    """A user's own bestiary, fuzzed as a fight file is: `lnf monsters --bestiary` (listed and
    shown) and a fight that takes its monsters from it; a refusal names the file."""
    for n, (how, data) in enumerate(BESTIARIES[k : k + 50], start=k):
        own = folder / f"b{n}.json"
        own.write_bytes(data)
        fight = folder / f"b{n}.yaml"
        fight.write_text(bestiary_fight(own), encoding="utf-8")
        for words in (
            ["monsters", "--bestiary", str(own)],
            ["monsters", "--bestiary", str(own), "show", BESTIARY_NAMES[n % 3]],
            ["check", str(fight)],
        ):
            code, out = run(*words)
            assert code in EXPECTED, (how, words[0], code, out[-300:])
            assert "Traceback" not in out and "bug in lnf" not in out, (how, out)
            assert "\x1b" not in out and "\x9b" not in out, (how, out)  # nothing raw
            if code == 2:
                assert out.startswith((str(own), str(fight), "command line")), (how, out[:200])
