"""A long fuzz run: mutants of the example fights and the broken files (tests/fuzzing.py), each
through `lnf check`, `show`, `plan` and `run`, and mutants of a user's own bestiary (5e-database
JSON) through `lnf monsters --bestiary` and a fight that takes its monsters from it; each command
in a process of its own with its time and memory watched.

    .venv/bin/python bench/fuzz.py --fuzz 10000 [--bestiary 2000] [--seed 1] [--jobs 2]

Every command must end with an exit code lnf means (0 legal, 1 rules broken, 2 unreadable or
refused, 3 out of time), never a traceback nor a bug exit (70), within the stated bounds:
TIME_BOUND seconds, and at most MEMORY_BOUND of resident memory added to a process that has lnf
and OR-Tools loaded already (each command forks from one, so it costs its own work, not
Python's start-up). Prints the figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import multiprocessing
import os
import resource
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.fuzzing import BESTIARY_NAMES, bestiary_fight, bestiary_mutants, mutants

TIME_BOUND = 20.0  # seconds for one command on one mutant
MEMORY_BOUND = (
    300 * 2**20
)  # bytes of resident memory a command may add (to lnf and OR-Tools loaded)
HARD_MEMORY = 4 * 2**30  # the address space a command may not pass (a runaway is stopped)
COMMANDS = [
    ["check"],
    ["show"],
    ["plan"],
    ["next", "--seed", "1"],
    ["run", "--seed", "1", "--rounds", "3"],
]


def one(words: list[str], out: Path) -> tuple[str, float, int]:
    """Run `lnf WORDS` in a forked child: (outcome, seconds, the resident memory the command
    added to the process it forked from)."""
    started = time.perf_counter()
    base = out.with_suffix(".base")
    pid = os.fork()
    if pid == 0:  # the child: lnf, with its output to a file, bounded in time and memory
        code = 99
        try:
            base.write_text(_resident_kb())  # what it inherited: not the command's
            fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            resource.setrlimit(resource.RLIMIT_AS, (HARD_MEMORY, HARD_MEMORY))
            signal.alarm(int(TIME_BOUND) + 1)
            from lnf.cli import main

            main(words, prog_name="lnf")
            code = 0
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 1
        except BaseException:  # what lnf let through: the traceback goes to the output
            import traceback

            traceback.print_exc()
            code = 98
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    _, status, usage = os.wait4(pid, 0)
    seconds = time.perf_counter() - started
    inherited = int(base.read_text() or 0) if base.exists() else 0
    peak = max(0, usage.ru_maxrss - inherited) * 1024  # kilobytes on Linux
    if os.WIFSIGNALED(status):
        outcome = "hang" if os.WTERMSIG(status) == signal.SIGALRM else "killed"
    else:
        code = os.WEXITSTATUS(status)
        text = out.read_text(errors="replace")
        if code in (98, 70) or "Traceback" in text:
            outcome = "traceback"
        elif code in (0, 1, 2, 3):
            outcome = f"exit {code}"
        else:
            outcome = f"exit {code}?"
    return outcome, seconds, peak


def _resident_kb() -> str:
    """This process's resident memory now, in kilobytes (Linux's /proc)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return line.split()[1]
    return "0"


def batch(job: tuple[str, int, int, int]) -> list[tuple[str, str, str, float, int]]:
    """One worker's share: its own mutants (made here, so no process holds them all)."""
    kind, number, count, seed = job
    made = mutants if kind == "fight" else bestiary_mutants
    cases = made(count, seed * 1_000_003 + number)
    folder = Path(tempfile.mkdtemp(prefix=f"lnf-fuzz-{number}-"))
    results = []
    os.environ["XDG_CACHE_HOME"] = str(folder / "cache")
    for k, (how, data) in enumerate(cases):
        for words in _commands(kind, k, data, folder):
            with contextlib.suppress(FileNotFoundError):
                (folder / f"m{k}.log.jsonl").unlink()
            outcome, seconds, peak = one(words, folder / "out.txt")
            label = words[0] if kind == "fight" else " ".join(w for w in words[:4] if "/" not in w)
            results.append((how, label, outcome, seconds, peak))
    shutil.rmtree(folder, ignore_errors=True)
    return results


def _commands(kind: str, k: int, data: bytes, folder: Path) -> list[list[str]]:
    """The command lines one mutant goes through, its file written where they look for it."""
    path = folder / f"m{k}.yaml"
    if kind == "fight":
        path.write_bytes(data)
        return [[words[0], str(path), *words[1:]] for words in COMMANDS]
    own = folder / f"m{k}.json"
    own.write_bytes(data)
    path.write_text(bestiary_fight(own), encoding="utf-8")
    name = BESTIARY_NAMES[k % len(BESTIARY_NAMES)]
    return [
        ["monsters", "--bestiary", str(own)],
        ["monsters", "--bestiary", str(own), "show", name],
        ["check", str(path)],
        ["run", str(path), "--seed", "1", "--rounds", "3"],
    ]


def _report(what: str, count: int, results: list[tuple[str, str, str, float, int]]) -> None:
    outcomes = collections.Counter(r[2] for r in results)
    slowest = max(results, key=lambda r: r[3])
    biggest = max(results, key=lambda r: r[4])
    over_time = sum(1 for r in results if r[3] > TIME_BOUND)
    over_memory = sum(1 for r in results if r[4] > MEMORY_BOUND)
    commands = len({r[1] for r in results})
    print(f"{count} {what} × {commands} commands = {len(results)} runs")
    print("outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))
    print(f"tracebacks (bug exits included): {outcomes.get('traceback', 0)}")
    print(f"hangs past {TIME_BOUND:.0f} s: {outcomes.get('hang', 0) + over_time}")
    print(f"memory past {MEMORY_BOUND // 2**20} MB: {over_memory}")
    print(f"slowest: {slowest[3]:.2f} s ({slowest[1]} on {slowest[0]})")
    print(f"most memory: {biggest[4] / 2**20:.0f} MB ({biggest[1]} on {biggest[0]})")
    bad = [r for r in results if r[2] in ("traceback", "hang", "killed") or r[2].endswith("?")]
    for how, command, outcome, _, _ in bad[:20]:
        print(f"  {outcome}: {command} on {how}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fuzz", type=int, default=1000, help="how many fight-file mutants")
    parser.add_argument("--bestiary", type=int, default=0, help="how many bestiary mutants")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    import lnf.cli.grid_commands
    import lnf.cli.monster_commands
    import lnf.cli.plan_commands
    import lnf.cli.play_commands
    import lnf.formats.bestiary
    import lnf.solver

    lnf.formats.bestiary.srd()  # loaded once, before the forks, as OR-Tools is
    for kind, count, what in (
        ("fight", args.fuzz, "mutants"),
        ("bestiary", args.bestiary, "bestiary mutants"),
    ):
        if count <= 0:
            continue
        size = max(1, count // (args.jobs * 8))
        jobs = [(kind, i, min(size, count - i), args.seed) for i in range(0, count, size)]
        started = time.perf_counter()
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            results = [r for part in pool.imap(batch, jobs) for r in part]
        took = time.perf_counter() - started
        print(f"{what} (seed {args.seed}), took {took:.0f} s with {args.jobs} jobs")
        _report(what, count, results)
        print()


if __name__ == "__main__":
    main()
