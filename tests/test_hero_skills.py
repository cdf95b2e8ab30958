"""F2: a sheet's skills and Expertise (`skills:`, `expertise:`), the Stealth and passive
Perception they give (R4's Hide and the monsters' Search read them), and what is refused
(moved out of test_hero_sheets)."""

from __future__ import annotations

import pytest

from lnf.errors import InputError
from lnf.formats.fight_file import parse_fight
from lnf.model import Hero
from lnf.rules.class_features import EXPERTISE, expertise_count
from tests.cli import run
from tests.srd import needs_data
from tests.test_hero_sheets import _fight, _hero, _srd, _write


def _rogue(more: str) -> Hero:
    return _hero(
        f"""    class: rogue
    level: 5
    scores: {{dex: 18, con: 14, wis: 12}}
    weapons: [shortbow]
{more}"""
    )


def test_a_rogues_stealth_takes_proficiency_and_expertise() -> None:
    """F2, SRD 5.1 Expertise: a level-5 rogue (proficiency +3) with Stealth among its skills
    and Expertise in it hides at Dex +4 + 2 × 3 = +10; a skill it is proficient in adds +3
    once (passive Perception 10 + 1 + 3); a sheet without skills has the bare modifiers."""
    bex = _rogue("    skills: [stealth, perception, sleight_of_hand]\n    expertise: stealth")
    assert (bex.stealth, bex.perception) == (10, 14)
    bare = _rogue("")
    assert (bare.stealth, bare.perception) == (4, 11)
    sharp = _rogue("    skills: [Stealth, Perception]\n    expertise: [stealth, perception]")
    assert (sharp.stealth, sharp.perception) == (10, 17)


def test_bad_skills_are_refused_at_their_entry() -> None:
    text = _fight(
        """    class: rogue
    level: 5
    scores: {dex: 18}
    skills: [stelth, stealth, perception, athletics]
    expertise: [stealth, perception, athletics]
  - name: Orla
    class: fighter
    level: 5
    skills: athletics
  - {name: Ny, class: rogue, level: 1, scores: {dex: 16}, skills: perception, expertise: stealth}"""
    )
    with pytest.raises(InputError) as err:
        parse_fight(text, "party.yaml")
    said = {f"{p.path}: {p.message} ({p.hint}) line {p.line}" for p in err.value.problems}
    assert "heroes[0].skills[0]: 'stelth' is no skill (did you mean 'stealth'?) line 8" in said
    assert (
        "heroes[0].expertise: a level-5 rogue has Expertise in 2 skills, not 3 (the SRD's "
        "Expertise: the rogue 2 at level 1 and 4 at 6, the bard 2 at 3 and 4 at 10) line 9"
    ) in said
    assert any(s.startswith("heroes[1].skills: skills need scores:") for s in said), said
    assert (
        "heroes[2].expertise: Expertise needs proficiency: stealth is not among skills "
        "(add stealth to skills:) line 14"
    ) in said
    code, out = run("check", _write(text))
    assert code == 2 and "did you mean 'stealth'?" in out and "Traceback" not in out


def test_skills_alone_make_an_entry_a_sheet() -> None:
    """F2: a fight whose only sheet field is `skills:` is read as a sheet too (they need
    scores), not passed over with its skills left unread."""
    text = "heroes:\n  - {name: Bo, class: rogue, hp: 20, skills: [stealth]}\nmonsters:\n"
    with pytest.raises(InputError) as err:
        parse_fight(text + "  - {name: Orc, hp: 15}\n", "bo.yaml")
    (problem,) = err.value.problems
    assert (problem.path, problem.line) == ("heroes[0].skills", 2)
    assert problem.message.startswith("skills need scores")


@needs_data
def test_expertise_comes_at_the_levels_of_the_levels_file() -> None:
    """The rogue's Expertise at 1 and 6, the bard's at 3 and 10, two skills each time."""
    gained = {
        (lv["class"]["index"], lv["level"])
        for lv in _srd("5e-srd-5.1-levels.json")
        for f in lv.get("features", [])
        if "expertise" in f["index"]
    }
    assert gained == {(c, at) for c, at, _ in EXPERTISE}
    assert [expertise_count("rogue", n) for n in (1, 5, 6)] == [2, 2, 4]
    assert [expertise_count("bard", n) for n in (2, 3, 10)] == [0, 2, 4]
    assert expertise_count("fighter", 20) == 0 and expertise_count("hireling", 5) is None
