"""Start-up, stop 36 (goal 4): `show` and `check` read the fight file and its kept parse once
for the fight and what it assumes (A1's AC 10, V-ACL4's DR 0, F7's spells, B8's Spell
Storing): `fight_file.load_fight_assumed` against `load_fight` then `assumed`, the slow path,
on fights made up of the pieces those warnings read, broken ones among them, each read twice
(a fresh parse, then the parse cache)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.errors import LnfError
from lnf.formats.fight_file import assumed, load_fight, load_fight_assumed

SWORD = "attacks: [{name: Sword, to_hit: 5, damage: 1d8+3}]"
HEROES = [
    f"{{name: Ann, class: fighter, hp: 12, {SWORD}}}",  # no ac (A1)
    f"{{name: Bo, class: fighter, hp: 12, ac: 16, {SWORD}}}",  # no dr or armor (V-ACL4)
    f"{{name: Cy, class: fighter, hp: 12, armor: [chain-mail], {SWORD}}}",
    f"{{name: Di, class: fighter, hp: 12, ac: 15, dr: 2, {SWORD}}}",
    "{name: Ed, class: wizard, hp: 9, ac: 12, spells: [fire bolt, fireball, wish]}",  # F7
    "{name: Fi, class: cleric, hp: 9, spells: [sacred flame, fireball]}",
    "{name: Gu, class: fighter, hp: 12, ac: [16]}",  # broken: said by the spec
    "7",  # broken: not a hero
]
MONSTERS = [
    "{monster: goblin}",
    "{monster: shield guardian}",  # stores nothing (B8's Spell Storing)
    "{monster: shield guardian, stored: fireball}",
    "{name: Rat, hp: 3, attacks: [{name: Bite, to_hit: 2, damage: 1d3}]}",  # no ac, said too
    "{name: Wolf, hp: 11, ac: 13, attacks: [{name: Bite, to_hit: 4, damage: 2d4+2}]}",
    "{monster: no such thing}",  # broken
]


def fight_text(variants: str, heroes: list[str], monsters: list[str]) -> str:
    lines = [variants] if variants else []
    lines += ["heroes:", *(f"  - {h}" for h in heroes)]
    lines += ["monsters:", *(f"  - {m}" for m in monsters)] if monsters else ["monsters: []"]
    return "\n".join(lines) + "\n"


def outcome(read: Any, path: Path) -> tuple[Any, ...]:
    try:
        return ("read", *read(path))
    except LnfError as error:
        return ("refused", type(error).__name__, str(error))


def slow(path: Path) -> tuple[Any, list[str]]:
    return load_fight(path), assumed(path)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["", "variants: [acl]", "variants: acl", "title: T"]),
    st.lists(st.sampled_from(HEROES), min_size=1, max_size=3, unique=True),
    st.lists(st.sampled_from(MONSTERS), max_size=3, unique=True),
)
def test_one_read_says_what_two_reads_said(
    variants: str, heroes: list[str], monsters: list[str]
) -> None:
    text = fight_text(variants, heroes, monsters)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fight.yaml"
        path.write_text(text)
        old = os.environ.get("XDG_CACHE_HOME")
        try:
            for _ in range(2):  # a fresh parse, then the kept one
                os.environ["XDG_CACHE_HOME"] = str(Path(tmp) / "one")
                fast = outcome(load_fight_assumed, path)
                os.environ["XDG_CACHE_HOME"] = str(Path(tmp) / "two")
                assert fast == outcome(slow, path)
        finally:
            if old is None:
                del os.environ["XDG_CACHE_HOME"]
            else:
                os.environ["XDG_CACHE_HOME"] = old


EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.yaml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_the_examples_read_once(path: Path) -> None:
    assert outcome(load_fight_assumed, path) == outcome(slow, path)


def test_what_the_quick_read_cannot_say_is_asked_the_slow_way(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Should the warnings fail on the kept parse of a fight `_fight` takes, `assumed` reads
    the file again (and raises or says what it says, as before)."""
    from lnf.formats import fight_file

    path = tmp_path / "fight.yaml"
    path.write_text(fight_text("", [HEROES[0]], [MONSTERS[1]]))
    expected = slow(path)
    calls: list[int] = []

    def failing_once(at: Path, located: Any) -> list[str]:
        calls.append(1)
        if len(calls) == 1:
            raise ValueError("not said this way")
        return list(quick(at, located))

    quick = fight_file._assumed
    monkeypatch.setattr(fight_file, "_assumed", failing_once)
    assert load_fight_assumed(path) == expected and len(calls) == 2
    assert len(expected[1]) == 2  # A1's AC 10 and B8's Spell Storing
