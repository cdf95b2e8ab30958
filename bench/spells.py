"""What naming spells costs (F7): reading a fight file whose heroes name their spells, against
the same fight with every spell's fields written out (the same fields to check, without the
spellbook) and against the party without its spells; `lnf spells` as a whole process, against
`lnf monsters` (the same kind of command on the bestiary).

    .venv/bin/python bench/spells.py [--runs 21]

Each pair runs in turn, A B A B …; the table gives each side's median and the median of the
pair-by-pair ratios (a ratio of two runs made a moment apart holds when the machine's speed
drifts). The in-process reads run in one process after a first read, as `lnf odds` or a table
session reads a file again; the first read of the spellbook (its JSON) is timed on its own.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from lnf.formats.bestiary import shipped
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight

LNF = str(Path(sys.executable).with_name("lnf"))
PARTY = """
title: a level-5 party
heroes:
  - {name: Aria, class: wizard, level: 5, hp: 28, ac: 12, spell_mod: 3,
     spells: [fire bolt, ray of frost, burning hands, magic missile, shield, scorching ray,
              misty step, fireball, lightning bolt, counterspell]}
  - {name: Bo, class: cleric, level: 5, hp: 38, ac: 18, spell_mod: 3,
     spells: [sacred flame, cure wounds, healing word, guiding bolt, bless, spiritual weapon,
              hold person, spirit guardians, mass healing word]}
  - {name: Cy, class: warlock, level: 5, hp: 33, ac: 13, spell_mod: 4,
     spells: [eldritch blast, chill touch, shatter, darkness, fly]}
monsters:
  - {name: Orc, hp: 15, ac: 13, count: 6, attacks: [{name: Axe, to_hit: 5, damage: 1d12+3}]}
"""


def timed(run: Callable[[], object]) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def pair(a: Callable[[], object], b: Callable[[], object], runs: int) -> tuple[float, ...]:
    a(), b()  # warm-up
    times_a, times_b = [], []
    for _ in range(runs):
        times_a.append(timed(a))
        times_b.append(timed(b))
    ratios = [x / y for x, y in zip(times_a, times_b, strict=True)]
    return statistics.median(times_a), statistics.median(times_b), statistics.median(ratios)


def process(*args: str) -> Callable[[], object]:
    return lambda: subprocess.run([LNF, *args], stdout=subprocess.DEVNULL, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    runs = parser.parse_args().runs
    first = timed(lambda: shipped("spellbook.json"))
    written = dump_fight(parse_fight(PARTY, "party.yaml"))
    bare = re.sub(r",\s*spells: \[[^\]]*\]", "", PARTY)
    assert parse_fight(written, "written.yaml") == parse_fight(PARTY, "party.yaml")
    rows = [
        (
            "read a party of 3 naming 24 spells",
            lambda: parse_fight(PARTY, "party.yaml"),
            lambda: parse_fight(written, "written.yaml"),
            "the same, written out",
        ),
        (
            "read a party of 3 naming 24 spells",
            lambda: parse_fight(PARTY, "party.yaml"),
            lambda: parse_fight(bare, "bare.yaml"),
            "the party without its spells",
        ),
        (
            "`lnf spells fire`",
            process("spells", "fire"),
            process("monsters", "orc"),
            "`lnf monsters orc`",
        ),
        (
            "`lnf spells show fireball`",
            process("spells", "show", "fireball"),
            process("monsters", "show", "orc"),
            "`lnf monsters show orc`",
        ),
    ]
    print(f"{runs} runs of each, side by side; Python {sys.version.split()[0]}")
    print(f"first read of the spellbook (319 spells, its JSON): {first * 1000:.1f} ms")
    print()
    print("| what | median | against | its median | ratio (median) |")
    print("|---|---|---|---|---|")
    for name, a, b, against in rows:
        t_a, t_b, ratio = pair(a, b, runs)
        print(f"| {name} | {t_a * 1000:.1f} ms | {against} | {t_b * 1000:.1f} ms | {ratio:.2f} × |")


if __name__ == "__main__":
    main()
