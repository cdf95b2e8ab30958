"""`lnf rules`: every rule id lnf cites has an entry a DM can read (the glossary shipped in the
package), and the command finds ids, families and words."""

from __future__ import annotations

import re
from pathlib import Path

from lnf.views.glossary import glossary
from tests.cli import run

LNF = Path(__file__).resolve().parent.parent / "lnf"
# An id as the code cites it: "K2", "(R6)", rule="M6", "V-ACL" variants aside.
CITED = re.compile(r"(?<![\w-])([GRMAKTPSVCED]\d{1,2})(?![\w-])")


def test_every_cited_rule_has_an_entry() -> None:
    known = {e.rule for e in glossary()}
    cited = set()
    for path in LNF.rglob("*.py"):
        for match in CITED.finditer(path.read_text(encoding="utf-8")):
            cited.add(match[1])
    cited -= {"D20"}  # "1d20"-style words, not rule ids
    assert cited - known == set()
    assert len(known) == len(glossary())  # each id once


def test_lnf_rules_tells_an_id_a_family_and_a_word() -> None:
    code, out = run("rules", "k2")
    assert code == 0 and out.startswith("K2  Gang-up tiers\n") and "1, 3 and 8" in out
    code, out = run("rules", "K")
    assert code == 0 and all(f"K{i}  " in out for i in range(1, 5))
    code, out = run("rules", "guarded")
    assert code == 0 and "R5  Guarded" in out
    code, out = run("rules")
    assert code == 0 and "  K2  Gang-up tiers" in out and "D12  Surprise" in out
    code, out = run("rules", "K9")
    assert code == 2 and "no rule 'K9'" in out
