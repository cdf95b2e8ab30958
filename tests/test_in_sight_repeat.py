"""B8: a repeated save "with disadvantage if the quasit is within line of sight" (the quasit's
Scare, the tarrasque's Frightful Presence; the sea hag's Horrific Appearance, a trait): read
from the text into `Lasting.in_sight`, and rolled at disadvantage while its causer is in the
fight and the bearer is not blinded (`rules.trait_auras.in_sight_repeat`, asked by
`rules.save_edges`, as lnf's roll and the table's wait both ask)."""

from __future__ import annotations

import json

from lnf.dice.roll import ScriptedDice
from lnf.engine.begin import start
from lnf.engine.effects import Rolled, turn_edge
from lnf.formats.bestiary import Bestiary
from lnf.model import Ability, Condition, Lasting, TurnEdge
from lnf.model.steps import SaveRolled
from lnf.rules.save_edges import save_edge_of
from lnf.values import replace
from lnf.views.effects_text import span_words
from tests.builders import fight, hero, monster
from tests.srd import DATA, needs_data

SCARED = Lasting(rounds=10, save=(Ability.WIS, 10), each=TurnEdge.END, in_sight=True)


@needs_data
def test_every_srd_action_that_says_so_is_read_so_and_no_other() -> None:
    """Data judged by its own text: the actions whose repeated save the text puts at
    disadvantage while the monster is within line of sight, and only those."""
    raw = json.loads((DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8"))
    said = {
        (m["name"], a["name"])
        for m in raw
        for a in m.get("actions") or []
        if "repeat the saving throw" in a["desc"] and "is within line of sight" in a["desc"]
    }
    read = {
        (block["name"], action["name"])
        for block in Bestiary.open().blocks
        for action in block.get("actions", [])
        if any(r.get("in_sight") for r in action.get("riders", []))
    }
    assert read == said == {("Quasit", "Scare"), ("Tarrasque", "Frightful Presence")}


def _scared(causer_in_fight: bool = True, blinded: bool = False) -> Rolled:
    bo = hero("Bo", conditions=frozenset({Condition.BLINDED}) if blinded else frozenset())
    quasit = monster("Quasit", hp=7)
    f = fight([bo, hero("Cy")], [quasit], {"A": ["Bo", "Quasit"]})
    if not causer_in_fight:
        f = f.with_combatant(replace(quasit, damage=7))
    turn = Rolled.turn(f, "Bo")
    start(turn, "Bo", "frightened", SCARED, "Quasit", Condition.FRIGHTENED)
    return turn


def test_the_repeat_is_at_disadvantage_while_the_quasit_is_in_sight() -> None:
    turn = _scared()
    edge = save_edge_of(turn.fight, turn.fight.hero("Bo"), Ability.WIS, "frightened")
    assert edge.worse and edge.words == "disadvantage: Quasit is in sight"
    (e,) = turn.fight.effects
    assert "at disadvantage while Quasit is in sight" in span_words(e)
    turn_edge(turn, "Bo", TurnEdge.END, ScriptedDice([15, 3]))
    (save,) = [s.save for s in turn.steps if isinstance(s, SaveRolled)]
    assert save.faces == (15, 3) and not save.success  # the lower kept: 3 + 0 < 10


def test_gone_or_unseen_the_repeat_is_a_plain_d20() -> None:
    for turn in (_scared(causer_in_fight=False), _scared(blinded=True)):
        edge = save_edge_of(turn.fight, turn.fight.hero("Bo"), Ability.WIS, "frightened")
        assert not edge.worse and edge.words == ""
    plain = _scared()
    (e,) = plain.fight.effects
    f = plain.fight
    f = replace(f, effects=(replace(e, lasting=replace(SCARED, in_sight=False)),))
    assert save_edge_of(f, f.hero("Bo"), Ability.WIS, "frightened").words == ""
