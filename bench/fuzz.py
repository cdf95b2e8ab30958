"""A long fuzz run: mutants of the example fights and the broken files (tests/fuzzing.py), each
through `lnf check`, `show`, `plan` and `run`, each command in a process of its own with its
time and memory watched.

    .venv/bin/python bench/fuzz.py --fuzz 10000 [--seed 1] [--jobs 2]

Every command must end with an exit code lnf means (0 legal, 1 rules broken, 2 unreadable or
refused, 3 out of time), never a traceback nor a bug exit (70), within the stated bounds:
TIME_BOUND seconds and MEMORY_BOUND of resident memory. The process forks from one that has
lnf (and OR-Tools) loaded, so a command costs its own work, not Python's start-up. Prints the
figures; asserts nothing.
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

from tests.fuzzing import mutants

TIME_BOUND = 20.0  # seconds for one command on one mutant
MEMORY_BOUND = 600 * 2**20  # bytes of resident memory (OR-Tools alone takes about 120 MB)
HARD_MEMORY = 4 * 2**30  # the address space a command may not pass (a runaway is stopped)
COMMANDS = [["check"], ["show"], ["plan"], ["run", "--seed", "1", "--rounds", "3"]]


def one(path: Path, words: list[str], out: Path) -> tuple[str, float, int]:
    """Run `lnf WORDS PATH` in a forked child: (outcome, seconds, peak resident bytes)."""
    started = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # the child: lnf, with its output to a file, bounded in time and memory
        code = 99
        try:
            fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            resource.setrlimit(resource.RLIMIT_AS, (HARD_MEMORY, HARD_MEMORY))
            signal.alarm(int(TIME_BOUND) + 1)
            from lnf.cli import main

            main([words[0], str(path), *words[1:]], prog_name="lnf")
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
    peak = usage.ru_maxrss * 1024  # kilobytes on Linux
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


def batch(job: tuple[int, list[tuple[str, bytes]]]) -> list[tuple[str, str, str, float, int]]:
    number, cases = job
    folder = Path(tempfile.mkdtemp(prefix=f"lnf-fuzz-{number}-"))
    results = []
    os.environ["XDG_CACHE_HOME"] = str(folder / "cache")
    for k, (how, data) in enumerate(cases):
        path = folder / f"m{k}.yaml"
        path.write_bytes(data)
        for words in COMMANDS:
            with contextlib.suppress(FileNotFoundError):
                path.with_name(f"m{k}.log.jsonl").unlink()
            outcome, seconds, peak = one(path, words, folder / "out.txt")
            results.append((how, words[0], outcome, seconds, peak))
    shutil.rmtree(folder, ignore_errors=True)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fuzz", type=int, default=1000, help="how many mutants")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    import lnf.cli.grid_commands
    import lnf.cli.plan_commands
    import lnf.cli.play_commands
    import lnf.solver  # noqa: F401

    cases = mutants(args.fuzz, args.seed)
    size = max(1, len(cases) // (args.jobs * 8))
    jobs = [(i, cases[i : i + size]) for i in range(0, len(cases), size)]
    started = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        results = [r for part in pool.imap(batch, jobs) for r in part]
    outcomes = collections.Counter(r[2] for r in results)
    slowest = max(results, key=lambda r: r[3])
    biggest = max(results, key=lambda r: r[4])
    over_time = sum(1 for r in results if r[3] > TIME_BOUND)
    over_memory = sum(1 for r in results if r[4] > MEMORY_BOUND)
    print(
        f"{len(cases)} mutants × {len(COMMANDS)} commands = {len(results)} runs (seed {args.seed})"
    )
    print(f"took {time.perf_counter() - started:.0f} s with {args.jobs} jobs")
    print("outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))
    print(f"tracebacks (bug exits included): {outcomes.get('traceback', 0)}")
    print(f"hangs past {TIME_BOUND:.0f} s: {outcomes.get('hang', 0) + over_time}")
    print(f"memory past {MEMORY_BOUND // 2**20} MB: {over_memory}")
    print(f"slowest: {slowest[3]:.2f} s ({slowest[1]} on {slowest[0]})")
    print(f"most memory: {biggest[4] / 2**20:.0f} MB ({biggest[1]} on {biggest[0]})")
    bad = [r for r in results if r[2] in ("traceback", "hang", "killed") or r[2].endswith("?")]
    for how, command, outcome, _, _ in bad[:20]:
        print(f"  {outcome}: {command} on {how}")


if __name__ == "__main__":
    main()
