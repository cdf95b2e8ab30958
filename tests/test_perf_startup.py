"""Start-up (bench/startup.py measures it): `lnf show` and `lnf check` of a fight without a log
read the fight file alone; the log's machinery and the engine (the event and step classes, the
table, the steps of play) stay unloaded, and so do fractions and decimal, and (once the parse is
kept) PyYAML, json, zlib, unicodedata and the utf-8-sig codec. What lnf loads to
start is frozen out of the collector's sight as lnf.cli and the first command are loaded, and
the collector stays on. Timing is the bench's job; this checks what is loaded."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.cli import loaded_by

# the engine and the log's machinery; fractions and decimal (a monster's CR, asked in play)
UNUSED = (
    "lnf.engine.table",
    "lnf.model.events",
    "lnf.model.steps",
    "lnf.model.answer_steps",
    "lnf.formats.bestiary",  # X1's monsters are written out: no stat block is looked up
    "lnf.formats.fight_log",
    "fractions",
    "decimal",
    # stop 36: the parse cache's entries are marshal's, named by FNV-1a; a file's byte-order
    # mark is taken off by hand; names are looked up in unicodedata only when not printable
    "json",
    "zlib",
    "encodings.utf_8_sig",
    "unicodedata",
    "lnf.formats.trait_forms",  # X1 has no `traits:` (B8)
    "lnf.formats.spell_storing",  # nor a monster naming its stat block (B8's Spell Storing)
    "lnf.views.report",  # JSON only (`--json`)
)


def _loaded(args: list[str], unused: tuple[str, ...] = UNUSED) -> set[str]:
    return loaded_by(args, unused)


def test_show_and_check_without_a_log_load_neither_the_log_nor_the_engine(
    x1_path: Path, tmp_path: Path
) -> None:
    fight = tmp_path / "x1.yaml"
    fight.write_text(x1_path.read_text())
    parsed = _loaded(["show", str(fight)], (*UNUSED, "yaml"))  # the parse, then kept
    assert "yaml" in parsed and parsed <= {"yaml", "json", "zlib"}  # PyYAML loads zlib
    assert _loaded(["show", str(fight)], (*UNUSED, "yaml")) == set()  # read from the cache
    assert _loaded(["check", str(fight)], (*UNUSED, "yaml")) == set()


def test_show_with_a_log_still_reads_it(x1_path: Path, tmp_path: Path) -> None:
    fight = tmp_path / "x1.yaml"
    fight.write_text(x1_path.read_text())
    subprocess.run(
        [sys.executable, "-m", "lnf", "damage", str(fight), "Wight", "3"],
        capture_output=True,
        check=True,
    )
    assert {"lnf.engine.table", "lnf.model.events"} <= _loaded(["show", str(fight)])


def test_start_up_is_frozen_as_lnf_loads_and_the_collector_stays_on(x1_path: Path) -> None:
    """What lnf.cli and the first command load is frozen out of the collector's sight (it
    lives as long as the process); the collector is on, before and after the command."""
    code = (
        "import gc, sys; import lnf.cli\n"
        "loaded = gc.get_freeze_count()\n"
        "print(gc.isenabled(), loaded > 1000)\n"
        "try: lnf.cli.main(sys.argv[1:])\n"
        "except SystemExit as exit: assert not exit.code, exit.code\n"
        "print(gc.isenabled(), gc.get_freeze_count() > loaded + 1000)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, "show", str(x1_path)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.splitlines()[0] == "True True"
    assert out.stdout.splitlines()[-1] == "True True"
