"""F7: a spell whose own text limits whom it affects by creature type (Hold Person "Choose a
humanoid", Hold Monster "no effect against the undead", Sleep, Command, Blight …) is refused at
the table at a monster its stat block's `type` rules out, with the spell's own words, left out
of the turn's options and never chosen by the hero policy; a monster of no type stays the DM's
(the spell's note). The words are checked against the SRD's own text (`rules.creature_limits`,
docs/spell-effects.md)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest

from lnf.engine.hero_turn import verify_act
from lnf.errors import Refused
from lnf.formats.fight_file import parse_fight
from lnf.formats.spell_effects import EFFECTS, MONSTER_EFFECTS, effect_fields
from lnf.formats.spellbook import played_as, spellbook
from lnf.heroes.policy import policy_choice
from lnf.heroes.words import parse_choice
from lnf.model import Fight
from lnf.model.steps import SpellCast
from lnf.rules.creature_limits import WORDS, Limit, read_limit
from lnf.rules.legal import options
from tests.srd import DATA, needs_data
from tests.test_spell_effects import _act, replace_current

FILE = """
title: Who the spell takes
round: 1
heroes:
  - name: Maren
    class: cleric
    level: 9
    hp: 60
    ac: 18
    spell_mod: 4
    spells: [hold person, command]
  - name: Sen
    class: wizard
    level: 9
    hp: 40
    ac: 12
    spell_mod: 4
    spells: [hold monster, sleep, blight]
monsters:
  - {name: Ogre, hp: 59, ac: 11, type: giant, saves: {wis: -2}}
  - {name: Ghoul, hp: 22, ac: 12, type: undead, saves: {wis: 0}, condition_immune: [charmed]}
  - {name: Golem, hp: 30, ac: 12, type: construct, saves: {wis: 0, con: 0}}
  - {name: Thug, hp: 32, ac: 11, type: humanoid (any race), saves: {wis: 0}}
  - {name: Blob, hp: 20, ac: 12}
groups:
  A: [Maren, Sen, Ogre, Ghoul, Golem, Thug, Blob]
"""

# Each spell's limit, as its words say it.
READ = {
    "hold person": Limit(only="humanoid"),
    "charm person": Limit(only="humanoid"),
    "dominate person": Limit(only="humanoid"),
    "calm emotions": Limit(only="humanoid"),
    "hold monster": Limit(never=("undead",)),
    "command": Limit(never=("undead",)),
    "sleep": Limit(never=("undead",), charm=True),
    "blight": Limit(never=("undead", "construct")),
    "cure wounds": Limit(never=("undead", "construct")),
}
# Spells lnf plays whose text names a creature type in words that limit nobody they hit.
NO_LIMIT = {"finger of death": "A humanoid killed by this spell rises … as a zombie"}


def _fight() -> Fight:
    return parse_fight(FILE, "limits.yaml")


def _srd_text() -> dict[str, str]:
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-spells.json").read_text(encoding="utf-8")
    )
    return {s["name"].lower(): " ".join(s["desc"]) for s in data}


@needs_data
@pytest.mark.parametrize("name", sorted(WORDS))
def test_f7_each_limit_is_the_spells_own_srd_words(name: str) -> None:
    """Data is judged by its own text: the words are the SRD description's, and the limit is
    what they say (SRD Hold Person: "Choose a humanoid that you can see within range")."""
    assert WORDS[name] in _srd_text()[name]
    assert read_limit(WORDS[name]) == READ[name]


@needs_data
def test_f7_every_spell_lnf_plays_with_such_words_has_its_limit() -> None:
    """Each spell lnf plays (the tables of effects, or a spell of the spellbook played as an
    attack) whose SRD text states a limit by creature type, sentence by sentence, is in
    WORDS; none is left to the DM's note alone."""
    text = _srd_text()
    played = set(EFFECTS) | set(MONSTER_EFFECTS)
    played |= {
        s["name"].lower()
        for s in spellbook().blocks
        if played_as(s, effect_fields(s["name"], monster=True)) == "attack"
    }
    limited = {
        name
        for name in played & set(text)
        if any(read_limit(s) != Limit() for s in re.split(r"(?<=\.) ", text[name]))
    }
    assert limited - set(NO_LIMIT) <= set(WORDS), limited - set(WORDS) - set(NO_LIMIT)
    assert {"hold person", "hold monster", "command", "sleep", "blight"} <= limited


@pytest.mark.parametrize(
    ("who", "words", "said"),
    [
        ("Maren", "cast hold person at Ogre", "Hold Person: choose a humanoid — Ogre is a giant"),
        (
            "Maren",
            "cast command at Ghoul",
            "Command: the spell has no effect if the target is undead — Ghoul is undead",
        ),
        (
            "Sen",
            "cast hold monster at Ghoul",
            "Hold Monster: this spell has no effect against the undead — Ghoul is undead",
        ),
        (
            "Sen",
            "cast blight at Golem",
            "Blight: the spell has no effect on undead or constructs — Golem is a construct",
        ),
        ("Sen", "cast sleep at Ghoul", "Sleep: undead and creatures immune to being charmed"),
    ],
)
def test_f7_the_table_refuses_a_spell_at_a_creature_it_cannot_affect(
    who: str, words: str, said: str
) -> None:
    f = replace_current(_fight(), who)
    with pytest.raises(Refused) as refused:
        verify_act(f, parse_choice(f, f.hero(who), words))
    assert str(refused.value).startswith(said) and str(refused.value).endswith("(F7)")


def test_f7_a_monster_of_no_type_is_the_dms_and_a_humanoid_is_held() -> None:
    """Blob's fight file gives no type: Hold Person is cast as before (its note says the
    limit); the Thug is "humanoid (any race)"."""
    for target in ("Blob", "Thug"):
        turn = _act(_fight(), "Maren", f"cast hold person at {target}", [2])
        cast = next(s for s in turn.steps if isinstance(s, SpellCast))
        assert cast.targets == (target,) and not cast.unaffected


def test_f7_sleep_passes_over_the_undead_its_area_holds() -> None:
    """SRD Sleep: "Undead and creatures immune to being charmed aren't affected by this
    spell": the area may hold the Ghoul, the spell leaves it out (said in the transcript)."""
    turn = _act(_fight(), "Sen", "cast sleep at Thug and Ghoul", [1, 1, 1, 1, 1])
    cast = next(s for s in turn.steps if isinstance(s, SpellCast))
    assert cast.unaffected == ("Ghoul",) and cast.targets == ("Thug",)


def test_f7_the_options_leave_out_whom_each_spell_cannot_affect() -> None:
    f = _fight()
    maren = " ".join(options(f, f.hero("Maren")))
    assert "cast Hold Person at Thug or Blob (save)" in maren
    assert "cast Command at Ogre, Golem, Thug or Blob (save)" in maren
    sen = " ".join(options(f, f.hero("Sen")))
    assert "cast Hold Monster at Ogre, Golem, Thug or Blob (save)" in sen
    assert "cast Blight at Ogre, Thug or Blob (save)" in sen
    assert "cast Sleep at Ogre, Golem, Thug or Blob (" in sen


def test_f7_the_policy_never_aims_hold_person_or_command_at_whom_they_cannot_affect() -> None:
    """G3: the most dangerous foes first; the policy's Hold Person takes a humanoid only, its
    Command no undead — with nobody else in the fight, neither is cast."""
    f = _fight()
    for spell, foes in (("hold person", ["Ogre", "Golem"]), ("command", ["Ghoul"])):
        keep = [m for m in f.monsters if m.name in foes]
        maren = replace(
            f.hero("Maren"),
            attacks=tuple(a for a in f.hero("Maren").attacks if a.name.lower() in (spell, "mace")),
        )
        g = replace(f, monsters=tuple(keep), heroes=(maren, f.hero("Sen")))
        choice = policy_choice(g, g.hero("Maren"))
        assert spell not in str(choice.action).lower()
