"""The fight log under faults, measured: kills, two writers at once, hand edits.

    .venv/bin/python bench/log_faults.py [--kills 100] [--races 20] [--seed 7]

- **Kills**: `lnf run --record` is killed (SIGKILL) once its log reaches a line picked at
  random, then carried on with the same command; the log it ends with must be the
  uninterrupted run's, byte for byte.
  Counted: events lost (a whole line written before the kill that is gone or changed) and
  continuations that differ.
- **Races**: two `lnf run --record` at once (one fight must be recorded, once), and `lnf undo`
  racing `lnf damage` (the log must replay: each undo names the entry it took back).
- **Edits**: every line of a recorded log changed, removed, repeated, swapped with the next or
  garbled, one edit at a time; `lnf show` must refuse with that line named, never a traceback.

Prints the figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def lnf(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lnf", *args], cwd=cwd, env=ENV, capture_output=True, text=True
    )


def kills(count: int, rng: random.Random, tmp: Path) -> None:
    cases = [
        ("orcs-at-the-ford", "1"),
        ("wight-and-skeletons", "5"),
        ("goblin-ambush", "2"),
        ("raiders-on-the-grassland", "765"),
    ]
    reference = {}
    for name, seed in cases:
        folder = tmp / f"ref-{name}"
        folder.mkdir()
        shutil.copy(EXAMPLES / f"{name}.yaml", folder)
        lnf("run", f"{name}.yaml", "--seed", seed, "--record", cwd=folder)
        reference[name] = (folder / f"{name}.log.jsonl").read_bytes()
    lost = divergent = torn = 0
    when = {"before the first entry": 0, "mid-fight": 0, "after the end": 0}
    for k in range(count):
        name, seed = cases[k % len(cases)]
        folder = tmp / f"kill-{k}"
        folder.mkdir()
        shutil.copy(EXAMPLES / f"{name}.yaml", folder)
        log = folder / f"{name}.log.jsonl"
        proc = subprocess.Popen(
            [sys.executable, "-m", "lnf", "run", f"{name}.yaml", "--seed", seed, "--record"],
            cwd=folder,
            env=ENV,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        # kill it as soon as the log has reached a line picked at random: mid-fight
        target = rng.randint(1, reference[name].count(b"\n") - 1)
        deadline = time.monotonic() + 30
        while proc.poll() is None and time.monotonic() < deadline:
            if log.exists() and log.read_bytes().count(b"\n") >= target:
                break
            time.sleep(0.001)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        written = log.read_bytes() if log.exists() else b""
        whole = written[: written.rfind(b"\n") + 1]
        torn += written != whole
        if not whole:
            when["before the first entry"] += 1
        else:
            when["mid-fight" if whole != reference[name] else "after the end"] += 1
        if not reference[name].startswith(whole):
            lost += 1
        lnf("run", f"{name}.yaml", "--seed", seed, "--record", cwd=folder)
        if log.read_bytes() != reference[name]:
            divergent += 1
    print(f"kills: {count} recorded fights killed with SIGKILL, then carried on")
    print("  killed " + ", ".join(f"{w}: {n}" for w, n in when.items()) + f"; mid-line: {torn}")
    print(f"  events lost: {lost}")
    print(f"  continuations that differ from the uninterrupted run: {divergent}")


def races(count: int, tmp: Path) -> None:
    doubles = wrong_undos = refused = 0
    for k in range(count):
        folder = tmp / f"race-{k}"
        folder.mkdir()
        shutil.copy(EXAMPLES / "orcs-at-the-ford.yaml", folder)
        command = [sys.executable, "-m", "lnf", "run", "orcs-at-the-ford.yaml"]
        command += ["--seed", str(k + 1), "--record"]
        runs = [
            subprocess.Popen(command, cwd=folder, env=ENV, stdout=subprocess.DEVNULL)
            for _ in range(2)
        ]
        for r in runs:
            r.wait()
        events = [
            json.loads(line)["event"]
            for line in (folder / "orcs-at-the-ford.log.jsonl").read_text().splitlines()
        ]
        doubles += events.count("begin") != 1 or events.count("end") != 1
        # undo racing damage, on the recorded fight
        for _ in range(3):
            procs = [
                subprocess.Popen(
                    [sys.executable, "-m", "lnf", *args],
                    cwd=folder,
                    env=ENV,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE,
                    text=True,
                )
                for args in (
                    ["damage", "orcs-at-the-ford.yaml", "Kara", "1"],
                    ["undo", "orcs-at-the-ford.yaml"],
                )
            ]
            for p in procs:
                _, err = p.communicate()
                refused += "being written by another" in err
        check = lnf("log", "orcs-at-the-ford.yaml", "--verify", cwd=folder)
        wrong_undos += check.returncode != 0
    print(f"races: {count} pairs of `lnf run --record` at once; {3 * count} undo/damage races")
    print(f"  fights recorded twice: {doubles}")
    print(f"  logs where an undo took back another entry than it named: {wrong_undos}")
    print(f"  commands that waited and then refused: {refused}")


def edits(tmp: Path) -> None:
    folder = tmp / "edits"
    folder.mkdir()
    shutil.copy(EXAMPLES / "wight-and-skeletons.yaml", folder)
    lnf("run", "wight-and-skeletons.yaml", "--seed", "5", "--record", cwd=folder)
    log = folder / "wight-and-skeletons.log.jsonl"
    good = log.read_text(encoding="utf-8").splitlines(keepends=True)
    tried = reported = tracebacks = 0
    kinds = {"changed": 0, "removed": 0, "repeated": 0, "swapped": 0, "garbled": 0}
    for i in range(len(good) - 1):  # removing the very last line reads as an earlier stop
        for kind in kinds:
            lines = list(good)
            if kind == "changed":
                lines[i] = _changed(lines[i])
            elif kind == "removed":
                del lines[i]
            elif kind == "repeated":
                lines.insert(i + 1, lines[i])
            elif kind == "swapped":
                lines[i], lines[i + 1] = lines[i + 1], lines[i]
            else:
                lines[i] = lines[i][: len(lines[i]) // 2] + "\n"
            log.write_text("".join(lines), encoding="utf-8")
            shown = lnf("show", "wight-and-skeletons.yaml", cwd=folder)
            tried += 1
            tracebacks += "Traceback" in shown.stderr
            said = (
                shown.returncode == 2 and f"wight-and-skeletons.log.jsonl:{i + 1}" in shown.stderr
            )
            said = said or (shown.returncode == 2 and f".jsonl:{i + 2}:" in shown.stderr)
            reported += said
            kinds[kind] += said
    log.write_text("".join(good), encoding="utf-8")
    print(f"edits: {tried} hand edits of a {len(good)}-line log, one at a time:")
    print(
        f"  reported at the edited line (or the one after it): {reported}; tracebacks: {tracebacks}"
    )
    print("  by kind: " + ", ".join(f"{k} {n}" for k, n in kinds.items()))


def _changed(line: str) -> str:
    """One value changed as a hand edit would: the first digit before the entry's number
    goes up by one (a die, an amount, a name such as "Orc 1"), else a letter's case flips."""
    cut = line.rindex(',"n":')
    body, tail = line[:cut], line[cut:]
    for j, ch in enumerate(body):
        if ch.isdigit():
            return body[:j] + str((int(ch) + 1) % 10) + body[j + 1 :] + tail
    j = next(j for j, ch in enumerate(body) if ch.isalpha() and j > 10)
    return body[:j] + body[j].swapcase() + body[j + 1 :] + tail


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--races", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        ENV["XDG_CACHE_HOME"] = str(Path(tmp) / "cache")
        kills(args.kills, rng, Path(tmp))
        races(args.races, Path(tmp))
        edits(Path(tmp))


if __name__ == "__main__":
    main()
