"""R4 and the Search action (5e "Hiding": "Until you are discovered or you stop hiding, that
check's total is contested by the Wisdom (Perception) check of any creature that actively
searches for signs of your presence"): a monster whose order gives it no attack searches for
the heroes hidden from it; one it finds loses its hiding as an attack gives it away, and the
monsters still to act plan again (P6). docs/choices.md, R4."""

from __future__ import annotations

from pathlib import Path

from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import apply
from lnf.engine.decisions import SimpleChoice
from lnf.engine.turns import simple_action
from lnf.formats.event_codec import event_from_json, event_to_json
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.model import Action, BackReason, Cost, Fight, Flag, Rank
from lnf.model.events import Recorded
from lnf.model.plan import Advantage
from lnf.model.steps import Acted, Searched
from lnf.rules.attacks import attack_roll
from lnf.rules.economy import step_cost
from lnf.rules.hiding import found, given_away, search_against, search_bonus
from lnf.rules.ranks import hiding_as_placed
from lnf.values import replace
from lnf.views.acted_text import acted_text
from tests.builders import BOW, fight, hero, monster
from tests.cli import run

HIDDEN = BackReason.HIDDEN


def _den() -> Fight:
    """Bex (Stealth +7) hidden in the back rank; Orla holds the ogre (passive Perception 8)."""
    bex = hero("Bex", "rogue", level=5, attacks=(BOW,), rank=Rank.BACK, why=HIDDEN, stealth=7)
    ogre = monster("Ogre", hp=59, perception=8)
    return fight([hero("Orla"), bex], [ogre], {"A": ["Orla", "Ogre"]})


def test_r4_a_hide_that_succeeds_keeps_its_stealth_total_for_a_search() -> None:
    """The total is what a Search contests; a failed Hide keeps none, and an attack that gives
    the hero away ends it with its hiding."""
    f = _den()
    step = simple_action(f, f.hero("Bex"), SimpleChoice(Action.HIDE), ScriptedDice([12]))
    assert (step.success, step.stealth) == (True, 19)
    assert apply(f, Recorded((step,))).after.hero("Bex").hid_with == 19
    keen = f.with_combatant(replace(f.monster("Ogre"), perception=14))
    failed = simple_action(keen, keen.hero("Bex"), SimpleChoice(Action.HIDE), ScriptedDice([1]))
    assert (failed.success, failed.stealth) == (False, None)
    hidden = apply(f, Recorded((step,))).after
    assert given_away(hidden, hidden.hero("Bex")).hid_with is None  # R4: an attack ends it


def test_r4_the_log_keeps_the_stealth_total_and_older_hides_read_as_they_were() -> None:
    hid = Recorded((Acted("Bex", Action.HIDE, "12 + 7 = 19 vs 8", True, stealth=19),))
    line = event_to_json(hid)
    assert line["steps"][0]["stealth"] == 19 and event_from_json(line, "den", 1) == hid
    old = event_to_json(Recorded((Acted("Bex", Action.HIDE, "15 vs 8", True),)))
    assert "stealth" not in old["steps"][0]
    search = Recorded((Searched("Ogre", (15,), -2, (("Bex", 19),)),))
    assert event_from_json(event_to_json(search), "den", 2) == search


def test_r4_who_a_monster_searches_for_and_against_what() -> None:
    """Each hero hidden in the back rank, against the total it hid with; one the fight file
    hid (no Hide rolled) against 10 + its Stealth bonus; none when nobody is hidden."""
    f = _den()
    ogre = f.monster("Ogre")
    assert search_against(f) == (("Bex", 17),)
    hid = f.with_combatant(replace(f.hero("Bex"), hid_with=21))
    assert search_against(hid) == (("Bex", 21),)
    seen = f.with_combatant(replace(f.hero("Bex"), why=None))
    assert search_against(seen) == ()
    assert search_bonus(ogre) == -2  # passive Perception 8: Wisdom -2, no Perception skill


def test_r4_a_search_that_beats_the_stealth_finds_the_hero_a_tie_does_not() -> None:
    f = _den().with_combatant(replace(_den().hero("Bex"), hid_with=17, flags={Flag.HIDDEN}))
    tie = Searched("Ogre", (19,), -2, (("Bex", 17),))
    assert found(tie) == ()
    assert apply(f, Recorded((tie,))).after.hero("Bex").why is HIDDEN
    beats = Searched("Ogre", (20,), -2, (("Bex", 17),))
    assert found(beats) == ("Bex",)
    bex = apply(f, Recorded((beats,))).after.hero("Bex")
    assert (bex.rank, bex.why, bex.hid_with, bex.has(Flag.HIDDEN)) == (Rank.BACK, None, None, False)
    assert step_cost(f, beats) == ("Ogre", Cost.ACTION)
    assert acted_text(beats) == (
        "Ogre searches for Bex (R4): Perception 1d20 (20) - 2 = 18 against Stealth 17: "
        "found: it may be shot now."
    )
    assert acted_text(tie).endswith("against Stealth 17: not found.")


FILE = """
heroes:
  - {name: Bex, class: rogue, level: 5, scores: {dex: 10, con: 14}, weapons: [shortbow, rapier],
     armor: [leather], rank: back, why: hidden}
monsters:
  - {monster: ogre, count: 2}
"""


def test_r4_p6_monsters_with_no_target_search_and_the_rest_plan_again(tmp_path: Path) -> None:
    """Bex is the only hero, hidden: no ogre may pick it (R4). Before, both ogres did nothing
    round after round; now each searches, and once Ogre 2 finds Bex, Ogre 1 plans again and
    throws its javelin (seed 5)."""
    path = tmp_path / "lone.yaml"
    path.write_text(FILE, encoding="utf-8")
    code, out = run("run", str(path), "--seed", "5", "--rounds", "1")
    assert code == 0, out
    assert "does nothing" not in out
    assert (
        "Ogre 2 searches for Bex (R4): Perception 1d20 (15) - 2 = 13 against Stealth 10: "
        "found: it may be shot now.\nNew plan (P6), the grid has changed: Ogre 1 attacks Bex "
        "at range, in the back rank."
    ) in out
    assert "Ogre 1 attacks Bex with Javelin at range" in out


def test_r4_at_the_table_lnf_next_tells_the_monsters_search(tmp_path: Path) -> None:
    path = tmp_path / "lone.yaml"
    path.write_text(FILE, encoding="utf-8")
    code, out = run("next", str(path), "--seed", "2")
    assert code == 0, out
    assert "Ogre 2 searches for Bex (R4): Perception 1d20 (2) - 2 = 0 against Stealth 10: " in out
    assert "not found." in out


def test_r4_a_hero_the_file_places_hidden_shoots_its_first_shot_unseen() -> None:
    """R4, 5e "Hiding": `why: hidden` in the fight file is a hero that hid before the fight.
    Before, it could not be picked (R4) yet its first shot was a plain roll; now the shot is
    unseen (advantage) and gives it away, and a second shot is a plain roll again."""
    f = parse_fight(FILE, "lone.yaml")
    bex, ogre = f.hero("Bex"), f.monster("Ogre 1")
    assert bex.has(Flag.HIDDEN) and bex.hid_with is None  # a Search contests 10 + its Stealth
    assert attack_roll(bex, ogre, close=False, from_front=False) == (
        Advantage.ADVANTAGE,
        ("Bex is unseen",),
    )
    shown = given_away(f, bex)
    assert attack_roll(shown, ogre, close=False, from_front=False) == (Advantage.NORMAL, ())
    assert hiding_as_placed(Rank.FRONT, None, frozenset()) == frozenset()
    written = parse_fight(dump_fight(f), "again.yaml")
    assert written.hero("Bex") == bex  # the flag the file implies is written, and read the same
