"""Start-up, stop 37 (goal 4): V3's and M6's state checks live in modules of their own
(`rules.volley_state`, `rules.reach_state`), so that
`lnf show` and `lnf check` do not load `rules.distance`, `rules.reactions` and the attack rules
they import for play; `rules.hyrule`'s pattern is compiled at first use. Timing is the bench's
job (bench/startup.py); this checks what is loaded and that the moved code says the same."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from lnf.rules import distance, reach_state, reactions, volley_state
from lnf.rules.hyrule import heart_points
from tests.cli import loaded_by

# loaded by play, not by a state's checks: `rules.attacks` and what it imports
FOR_PLAY = (
    "lnf.rules.distance",
    "lnf.rules.reactions",
    "lnf.rules.attacks",
    "lnf.rules.ammunition",
    "lnf.rules.traits",
    "lnf.rules.heads",
    "lnf.rules.conditions",
    "lnf.rules.holds",
    "lnf.rules.curses",
)


def _loaded(args: list[str]) -> set[str]:
    return loaded_by(args, FOR_PLAY)


def test_show_and_check_load_no_rules_of_play(x1_path: Path) -> None:
    assert _loaded(["show", str(x1_path)]) == set()
    assert _loaded(["check", str(x1_path)]) == set()
    # nor with --json: the report imports `rules.distance` for a volley round's reach (V3)
    assert _loaded(["show", "--json", str(x1_path)]) == set()
    assert _loaded(["check", "--json", str(x1_path)]) == set()


def test_the_moved_checks_keep_their_names() -> None:
    """V3 and M6: `rules.distance` and `rules.reactions` still give the checks by name."""
    assert distance.check_no_groups_apart is volley_state.check_no_groups_apart
    assert reactions.check_reached_by is reach_state.check_reached_by


_COMPILED = re.compile(r"\b(hit points?|hp)\b")  # V-HYR4's pattern as it was compiled at import


def _heart_points_before(text: str) -> str:
    return _COMPILED.sub(
        lambda m: {"hp": "heart points", "hit point": "heart point"}.get(m[1], "heart points"), text
    )


@given(st.lists(st.sampled_from(["hit", "point", "points", "hp", "HP", " ", "s", "_", "é", "3"])))
def test_heart_points_as_compiled_at_import(words: list[str]) -> None:
    """V-HYR4: the pattern compiled at first use says what the one compiled at import said."""
    text = "".join(words)
    assert heart_points(text) == _heart_points_before(text)


def test_heart_points_words() -> None:
    assert heart_points("12 hit points, 1 hit point, 3 hp; hpx") == (
        "12 heart points, 1 heart point, 3 heart points; hpx"
    )


# --- `show`'s grid: the DM's items and who is next, loaded where used (B8, B9, S1) -----------

ITEMS = [
    "Spellcasting: Fly",
    "Spellcasting: Blur",
    "Innate Spellcasting (Psionics): Suggestion",
    "Charm (trait)",
    "Parry (reaction)",
    "Web Walker",
    "Change Shape",
]


def _not_modelled_before(monsters: list[SimpleNamespace]) -> dict[str, list[Any]]:
    """`views.grid._not_modelled` as it was, `dm_items` loaded with the grid."""
    from lnf.views.dm_items import HEADS, by_reason, compact

    seen: set[str] = set()
    out: dict[str, list[Any]] = {}
    for m in monsters:
        if m.not_modelled and m.stat_block not in seen:
            seen.add(m.stat_block)
            for reason, items in by_reason(m.not_modelled).items():
                out.setdefault(HEADS[reason], []).append((m.stat_block, compact(items)))
    return {head: out[head] for head in HEADS.values() if head in out}


@given(
    st.lists(
        st.builds(
            SimpleNamespace,
            not_modelled=st.lists(st.sampled_from(ITEMS), max_size=4).map(tuple),
            stat_block=st.sampled_from(["mage", "vampire", "drider", ""]),
        ),
        max_size=4,
    )
)
def test_the_dm_items_as_before(monsters: list[SimpleNamespace]) -> None:
    """B8, B9: the items `show` lists under each reason's head, `dm_items` loaded only for a
    stat block that has any: the same heads, in the same order."""
    from lnf.views.grid import _not_modelled

    fight = SimpleNamespace(monsters=monsters)
    assert _not_modelled(fight) == _not_modelled_before(monsters)  # type: ignore[arg-type]


def test_show_of_a_fight_without_such_items_loads_neither(x1_path: Path) -> None:
    names = ("lnf.views.dm_items", "lnf.rules.strike_order")
    assert loaded_by(["show", str(x1_path)], names) == set()


VOLLEY = """\
phase: volley 2
heroes:
  - name: Ann
    class: fighter
    hp: 12
    ac: 16
    attacks: [{name: Longbow, kind: ranged, to_hit: 5, damage: 1d8+3, range: 150/600 ft.}]
monsters:
  - {monster: goblin}
  - {name: Rat, hp: 3, ac: 10, attacks: [{name: Bite, to_hit: 2, damage: 1d3}]}
"""


def test_a_volley_rounds_report_says_who_reaches() -> None:
    """V3: `show --json` of a volley round gives each one's reaching attacks, last, as it did
    with `rules.distance` imported with the report."""
    from lnf.formats.fight_file import parse_fight
    from lnf.rules.distance import who_reaches
    from lnf.views.report import show_data

    fight = parse_fight(VOLLEY, "volley.yaml")
    data = show_data(fight, [])
    assert list(data)[-1] == "reach"
    assert data["reach"] == {
        name: [{"attack": a, "roll": r.value} for a, r in attacks]
        for name, attacks in who_reaches(fight)
    }
    assert data["reach"]["Ann"] and data["reach"]["Rat"] == []
