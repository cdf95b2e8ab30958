"""What reading heroes written as sheets (F2) costs, against the same heroes written out.

    .venv/bin/python bench/sheets.py [--runs 7]

The party is `lnf init --hero all --level 5` (twelve sheets) against two ogres; the floor is
the same fight as lnf writes it back (every attack, save and figure written out), read in the
same run. Each run reads the fight 30 times; the table gives each median and the median of the
run-by-run ratios (sheets / written out).
"""

from __future__ import annotations

import argparse
import statistics
import time

from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.formats.templates import BUILDS, hero_sheets

READS = 30


def _party() -> str:
    body = "".join(hero_sheets(sorted(BUILDS), 5).splitlines(keepends=True)[1:])
    return f"seed: 4\nheroes:\n{body}monsters:\n  - monster: ogre\n    count: 2\n"


def _read(text: str) -> float:
    started = time.perf_counter()
    for _ in range(READS):
        parse_fight(text, "party.yaml")
    return (time.perf_counter() - started) / READS


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    sheets = _party()
    written = dump_fight(parse_fight(sheets, "party.yaml"))
    pairs = [(_read(sheets), _read(written)) for _ in range(runs)]
    a = statistics.median(p[0] for p in pairs)
    b = statistics.median(p[1] for p in pairs)
    ratio = statistics.median(p[0] / p[1] for p in pairs)
    print(f"{'read':<32} {'ms':>7}")
    print(f"{'12 sheets (scores, weapons)':<32} {a * 1000:7.1f}")
    print(f"{'the same, written out (floor)':<32} {b * 1000:7.1f}")
    print(f"ratio sheets / written out: {ratio:.2f} (median of {runs} runs)")


if __name__ == "__main__":
    main()
