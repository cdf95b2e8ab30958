"""What a DM reads has no slips: "1 targets", "a O dot", "No monster may not join", "(R5) (R5)",
"DM: The DM heals". Every golden transcript is scanned, and what `lnf show`, `plan` and `check`
say of every example and every broken fight file; the helpers that word counts and articles
(`rules.wording`) are tested on their own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lnf.rules.wording import a_an, and_list, or_list, plural
from tests.cli import run

ROOT = Path(__file__).resolve().parent.parent
GOLDENS = [
    *sorted((ROOT / "examples").glob("*.golden.txt")),
    *sorted((ROOT / "tests" / "fights" / "old-logs").glob("*.log.txt")),
]
FIGHTS = [
    *sorted((ROOT / "examples").glob("*.yaml")),
    *sorted((ROOT / "tests" / "fights" / "broken").glob("*.yaml")),
]

# A count of 1 before a plural ("1 targets"), but not a name's number ("Orc 1 attacks") nor a
# roll of 1 against a DC ("+ 0 = 1 vs DC 10").
ONE = re.compile(
    r"(?:^|[\s:;,(])(?:(\S+) )?(?:(\S+) )?1 (?!is\b|was\b|has\b|does\b|vs\b)[a-z-]*[^s\s]s\b"
)


class _CountOfOne:
    """The ONE pattern, skipping a 1 that follows a capitalised word (a monster's number)."""

    def search(self, line: str) -> bool:
        return any(
            not (_names_a_monster(m[2] or "") or _names_a_monster(m[1] or ""))
            for m in ONE.finditer(line)
        )


def _names_a_monster(word: str) -> bool:
    return word[:1].isupper() and word[-1:].isalpha()


SLIPS = {
    "a plural after 1": _CountOfOne(),
    "'a' before a vowel sound": re.compile(r"\ba (?:[AEFHILMNORSX]\b|[aeio]\w+)"),
    "'an' before a consonant": re.compile(r"\ban (?:[BCDGJKPQTUVWYZ]\b|[bcdgjkpqtvwxyz]\w+)"),
    "a rule said twice": re.compile(r"\((\w+\d)\)\s*\(\1\)"),
    "a double negative": re.compile(r"\bmay not not\b|\bNo \w+ may not\b|\bnot not\b"),
    "the DM named twice": re.compile(r"DM: The DM\b"),
    "brackets in brackets": re.compile(r"\([^()]*\([^()]*\)\)"),
}


def slips(text: str) -> list[str]:
    return [
        f"{name}: {line.strip()!r}"
        for line in text.splitlines()
        for name, pattern in SLIPS.items()
        if pattern.search(line)
    ]


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda p: p.name)
def test_no_slips_in_the_goldens(golden: Path) -> None:
    assert slips(golden.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("fight", FIGHTS, ids=lambda p: p.stem)
def test_no_slips_in_what_show_plan_and_check_say(fight: Path) -> None:
    said = "".join(run(command, str(fight))[1] for command in ("show", "check", "plan"))
    assert slips(said) == []


def test_the_scan_finds_each_slip() -> None:
    """The scan itself can fail: each slip the issue names is caught."""
    for bad in (
        "Fireball: 1 targets",
        "Nix gains a O dot.",
        "No monster may not join group A",
        "needs a guard (R5) (R5)",
        "DM: The DM heals Sly",
        "put it in front (flying low is the front rank (R7))",
    ):
        assert slips(bad), bad
    for good in (
        "Fireball: 1 target",
        "Nix gains an O dot.",
        "a C dot",
        "an orc",
        "a unit",
        "1d20 (1) + 4 = 5",
        "1 is two failures",
    ):
        assert slips(good) == [], good


def test_wording_helpers() -> None:
    assert plural(1, "target") == "1 target" and plural(2, "target") == "2 targets"
    assert plural(1, "hero", "heroes") == "1 hero" and plural(3, "hero", "heroes") == "3 heroes"
    assert [a_an(w) for w in ("O dot", "N dot", "C dot", "orc", "goblin")] == [
        "an O dot",
        "an N dot",
        "a C dot",
        "an orc",
        "a goblin",
    ]
    assert and_list(["A", "B", "C"]) == "A, B and C" and or_list(["A", "B"]) == "A or B"
