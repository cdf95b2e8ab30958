"""B8: the gibbering mouther's Aberrant Ground (a Strength save or mired: speed 0) and
Gibbering (a Wisdom save or no reactions and a turn picked by a d8), judged by their own SRD
texts, caught as a hero's turn starts in its group, logged, said and checked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import apply
from lnf.engine.confusion import confused_turn
from lnf.engine.effects import Rolled, turn_edge
from lnf.engine.event_check import event_problems
from lnf.errors import Refused
from lnf.formats.bestiary import srd
from lnf.formats.event_codec import event_from_json, event_to_json
from lnf.formats.fight_file import parse_fight
from lnf.formats.srd_traits import read_trait
from lnf.formats.trait_forms import parse_trait, trait_form
from lnf.model import Condition, Confused, Fight, TraitKind, TurnEdge
from lnf.model.events import Turn
from lnf.rules.conditions import ATTACKS, NOTHING, STAYS, takes_no_reactions, verify_can_move
from lnf.rules.mouther import gibbering_does, mouthers_catching
from lnf.rules.moves import can_leave
from lnf.rules.ranks import rank_choices
from lnf.rules.roster import speed_now
from lnf.values import replace
from lnf.views.transcript import describe
from tests.cli import run, stdout_of
from tests.srd import DATA, needs_data

SWORD = "attacks: [{name: Longsword, to_hit: 5, damage: 1d8+3 slashing}]"
FIGHT = (
    f"heroes:\n  - {{name: Ann, class: fighter, hp: 45, ac: 16, {SWORD}}}\n"
    f"  - {{name: Bo, class: rogue, hp: 30, ac: 14, {SWORD}}}\n"
    "monsters:\n  - {monster: gibbering mouther}\n  - {monster: goblin}\n"
    "groups:\n  A: [Ann, Bo, Gibbering Mouther, Goblin]\n"
)


@needs_data
def test_both_traits_are_read_from_their_own_text() -> None:
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8")
    )
    read = {}
    for m in data:
        for t in m.get("special_abilities") or []:
            trait = read_trait(t["name"].lower(), t["desc"])
            if trait is not None and trait.kind in (TraitKind.GIBBERING, TraitKind.ABERRANT_GROUND):
                read[(m["name"], t["name"])] = trait.dc
                assert f"DC {trait.dc} " in t["desc"]
    assert read == {
        ("Gibbering Mouther", "Aberrant Ground"): 10,
        ("Gibbering Mouther", "Gibbering"): 10,
    }
    shipped = next(m for m in srd() if m["name"] == "Gibbering Mouther")
    assert {"aberrant ground DC 10", "gibbering DC 10"} <= set(shipped["traits"])
    said = json.loads(stdout_of("monsters", "--not-played", "--json"))
    assert not [x for x in said if x["name"] == "Gibbering Mouther" and x["why"] != "no map"]
    for form in ("aberrant ground DC 10", "gibbering DC 12"):
        assert trait_form(parse_trait(form)) == form
    with pytest.raises(ValueError, match="gibbering DC 10"):
        parse_trait("gibbering")


def test_the_d8_table() -> None:
    """1–4 nothing; 5–6 a random move, no move without a map; 7–8 an attack at random."""
    assert [gibbering_does(f) for f in range(1, 9)] == [NOTHING] * 4 + [STAYS] * 2 + [ATTACKS] * 2


def _fight() -> Fight:
    return parse_fight(FIGHT, "mouther.yaml")


@needs_data
def test_a_hero_in_its_group_is_caught_not_a_monster_nor_the_deaf() -> None:
    """B8: both auras catch Ann and Bo; the goblin beside it is lnf's plan's (not caught); a
    deafened hero does not hear the gibbering; a blinded mouther does not babble."""
    f = _fight()
    kinds = [t.kind for _, t in mouthers_catching(f, "Ann")]
    assert kinds == [TraitKind.ABERRANT_GROUND, TraitKind.GIBBERING]
    assert mouthers_catching(f, "Goblin") == []
    deaf = f.with_combatant(replace(f.hero("Ann"), conditions=frozenset({Condition.DEAFENED})))
    assert [t.kind for _, t in mouthers_catching(deaf, "Ann")] == [TraitKind.ABERRANT_GROUND]
    me = f.monster("Gibbering Mouther")
    blind = f.with_combatant(replace(me, conditions=frozenset({Condition.BLINDED})))
    assert [t.kind for _, t in mouthers_catching(blind, "Ann")] == [TraitKind.ABERRANT_GROUND]


@needs_data
def test_failed_saves_mire_and_gibber_until_its_next_turn_and_the_d8_plays_the_turn() -> None:
    """Ann fails both (Strength 3 + 0 vs 10, Wisdom 2 + 0 vs 10): mired (speed 0), gibbering
    (no reactions); her d8 = 7 picks Bo (d3 = 1 among Bo, the mouther and the goblin) and her
    sword swings at him. Both end as her next turn starts."""
    f = _fight()
    turn = Rolled.turn(f, "Ann")
    turn_edge(turn, "Ann", TurnEdge.START, ScriptedDice([3, 2]))
    ann = turn.fight.hero("Ann")
    assert {Condition.MIRED, Condition.GIBBERING} <= ann.conditions
    assert speed_now(ann) == 0 and takes_no_reactions(ann) == "gibbering"
    mired = turn.fight  # M4, R7, C1: speed 0: no leaving, no rank change, no running
    assert not can_leave(mired, ann) and rank_choices(mired, ann) == []
    with pytest.raises(Refused, match="mired"):
        verify_can_move(ann)
    note = confused_turn(turn, ann, ScriptedDice([7, 1, 15, 4]))
    confused = next(s for s in turn.steps if isinstance(s, Confused))
    assert confused == Confused("Ann", 7, "Bo", 1, 8) and note == "gibbers: attacks at random (B8)"
    event = Turn("Ann", turn.steps, note)
    lines = describe(turn.finish(event))
    said = "Ann gibbers (B8 Gibbering): d8 = 7: its action is a mêlée attack at Bo"
    assert any(line.startswith(said) for line in lines)
    again = event_from_json(json.loads(json.dumps(event_to_json(event))), "log")
    assert again == event and apply(f, again).after == turn.finish(event).after
    assert event_problems(f, event) == []
    assert event_problems(f, Turn("Ann", (Confused("Ann", 9, die=8),)))
    later = Rolled.turn(turn.finish(event).after, "Ann")
    turn_edge(later, "Ann", TurnEdge.START, ScriptedDice([19, 19]))
    assert not {Condition.MIRED, Condition.GIBBERING} & later.fight.hero("Ann").conditions


@needs_data
def test_a_fight_says_it(tmp_path: Path) -> None:
    path = tmp_path / "mouther.yaml"
    path.write_text(FIGHT, encoding="utf-8")
    code, out = run("run", str(path), "--rounds", "3", "--seed", "2")
    assert code == 0, out
    assert "Wisdom save against Gibbering Mouther's Gibbering" in out
    assert "Strength save against Gibbering Mouther's Aberrant Ground" in out
