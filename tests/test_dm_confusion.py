"""F7 Confusion cast by a monster (the SRD Glabrezu) and played on the heroes it catches: the
d10 as each of their turns starts, the random mêlée attack, no reactions, the repeated save —
each judged by the spell's own text in the SRD file."""

from __future__ import annotations

import json
import re
from dataclasses import replace

from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import apply
from lnf.engine.confusion import confused_turn
from lnf.engine.effects import Rolled, turn_edge
from lnf.engine.event_check import event_problems
from lnf.engine.runner import Runner
from lnf.engine.table import Table
from lnf.engine.turns import monster_attacks
from lnf.formats.event_codec import event_from_json, event_to_json
from lnf.formats.fight_file import parse_fight
from lnf.heroes.policy import PolicyHeroes
from lnf.model import Condition, Confused, Fight, Rank, TurnEdge
from lnf.model.events import Turn
from lnf.model.plan import Mode, Order
from lnf.model.steps import Attacked, DeathSave, SpellCast
from lnf.rules.conditions import (
    ACTS,
    ATTACKS,
    NOTHING,
    STAYS,
    confused_does,
    confused_reach,
    takes_no_reactions,
)
from lnf.rules.reactions import opportunity_attackers
from lnf.views.transcript import describe
from tests.srd import DATA

SRD = DATA
FILE = """
heroes:
  - name: Ann
    class: fighter
    hp: 40
    ac: 16
    saves: {wis: 0}
    attacks: [{name: Longsword, to_hit: 5, damage: 1d8+3 slashing}]
  - name: Bo
    class: fighter
    hp: 40
    ac: 16
    saves: {wis: 0}
    attacks: [{name: Longsword, to_hit: 5, damage: 1d8+3 slashing}]
monsters:
  - {monster: glabrezu}
groups:
  A: [Ann, Bo, Glabrezu]
"""


def _text() -> list[str]:
    spells = json.loads((SRD / "5e-srd-5.1-spells.json").read_text())
    desc: list[str] = next(s for s in spells if s["name"] == "Confusion")["desc"]
    return desc


def _confused() -> Fight:
    """The glabrezu's Confusion on Ann and Bo: both fail (2 and 3 + 0 vs DC 16); its two
    pincer attacks after the spell (B1: "two attacks with its pincers and casts one spell")
    miss on natural 1s."""
    f = parse_fight(FILE, "confusion.yaml")
    order = Order("Glabrezu", Rank.FRONT, target="Ann", action="Confusion", also=("Bo",))
    order = replace(order, mode=Mode.RANGED)
    dice = ScriptedDice([2, 3, 1, 1])
    turn = Rolled.turn(f, "Glabrezu").rolling(dice)
    monster_attacks(turn, "Glabrezu", order, dice, lambda h, m, g: True)
    (cast,) = [s for s in turn.steps if isinstance(s, SpellCast)]
    assert [s.success for s in cast.saves] == [False, False]
    return turn.finish(Turn("Glabrezu", turn.steps)).after


def test_the_d10_table_is_the_spells_own() -> None:
    """Each row of the SRD's table, read here by the test's own words, is what lnf does."""
    rows = [re.match(r"\| (\d+)(?:-(\d+))? \| (.+) \|$", x) for x in _text()]
    table = [(int(r[1]), int(r[2] or r[1]), r[3]) for r in rows if r is not None]
    assert [(lo, hi) for lo, hi, _ in table] == [(1, 1), (2, 6), (7, 8), (9, 10)]
    for lo, hi, said in table:
        expected = (
            STAYS  # no map: its random move is none, and it takes no action
            if "random direction" in said and "doesn't take an action" in said
            else NOTHING
            if "doesn't move or take actions" in said
            else ATTACKS
            if "melee attack against a randomly determined creature within its reach" in said
            else ACTS
            if "act and move normally" in said
            else "?"
        )
        assert {confused_does(face) for face in range(lo, hi + 1)} == {expected}


def test_the_glabrezus_confusion_is_read_from_its_stat_block_and_the_spell() -> None:
    text = " ".join(_text())
    assert "must succeed on a Wisdom saving throw" in text and "10-foot-radius sphere" in text
    assert "At the end of each of its turns, an affected target can make a Wisdom saving" in text
    glabrezu = parse_fight(FILE, "c.yaml").monster("Glabrezu")
    spell = next(a for a in glabrezu.actions if a.name == "Confusion")
    assert spell.per_day == 1 and spell.concentration and spell.area is not None
    (rider,) = spell.riders
    assert rider.conditions == (Condition.CONFUSED,)
    assert rider.lasting.rounds == 10 and rider.lasting.each is TurnEdge.END  # repeated save
    assert not [n for n in glabrezu.not_modelled if n.endswith("Confusion")]


def test_a_confused_hero_takes_no_reactions() -> None:
    """ "An affected target can't take reactions": no opportunity attack as the glabrezu
    leaves (M6), no guard (F1)."""
    f = _confused()
    assert takes_no_reactions(f.hero("Ann")) and not takes_no_reactions(f.monster("Glabrezu"))
    from lnf.model.steps import Moved

    leaving = Moved("Glabrezu", "A", None)
    assert opportunity_attackers(f, leaving) == []


def _turn(f: Fight, who: str, faces: list[int]) -> tuple[Rolled, str | None]:
    turn = Rolled.turn(f, who)
    note = confused_turn(turn, turn.fight.hero(who), ScriptedDice(faces))
    return turn, note


def test_the_d10_decides_the_turn() -> None:
    """2–6 and 1: no action; 9–10: the hero acts; 7–8: a mêlée attack at a creature in its
    reach picked by a die — here the second of Bo and the glabrezu."""
    f = _confused()
    for face in (1, 4, 6):
        turn, note = _turn(f, "Ann", [face])
        assert turn.steps == (Confused("Ann", face),) and note
    turn, note = _turn(f, "Ann", [10])
    assert turn.steps == (Confused("Ann", 10),) and note is None
    assert confused_reach(f, f.hero("Ann")) == ("Bo", "Glabrezu")
    turn, note = _turn(f, "Ann", [7, 1, 15, 4])  # d2 = 1: Bo; 15 + 5 vs AC 16: 1d8+3 = 7
    assert turn.steps[0] == Confused("Ann", 7, "Bo", 1)
    hit = turn.steps[1]
    assert isinstance(hit, Attacked) and (hit.attacker, hit.target, hit.hit) == ("Ann", "Bo", True)
    assert turn.fight.hero("Bo").current_hp == 40 - 7 and note


def test_alone_in_the_back_rank_a_7_does_nothing() -> None:
    f = _confused()
    f = f.with_combatant(replace(f.hero("Ann"), rank=Rank.BACK))
    turn, note = _turn(f, "Ann", [8])
    assert turn.steps == (Confused("Ann", 8),) and note


def test_the_save_at_the_end_of_its_turn_ends_it() -> None:
    f = _confused()
    turn = Rolled.turn(f, "Ann")
    turn_edge(turn, "Ann", TurnEdge.END, ScriptedDice([16]))  # 16 + 0 vs DC 16
    assert Condition.CONFUSED not in turn.fight.hero("Ann").conditions


def test_the_d10_is_said_logged_and_checked() -> None:
    f = _confused()
    turn, _ = _turn(f, "Ann", [7, 2, 3, 1])
    event = Turn("Ann", turn.steps, "is confused: attacks at random (F7)")
    lines = describe(turn.finish(event))
    assert lines[0].startswith("Ann is confused (F7): d10 = 7: its action is a mêlée attack at")
    again = event_from_json(json.loads(json.dumps(event_to_json(event))), "log")
    assert again == event and apply(f, again).after == turn.finish(event).after
    assert event_problems(f, event) == []
    assert event_problems(f, Turn("Ann", (Confused("Ann", 11),)))


def test_the_runner_rolls_the_d10_as_the_confused_heros_turn_starts() -> None:
    """A whole round played: each confused hero's turn opens with its d10, and the turn does
    what the face says."""
    from lnf.solver import solve_plan

    table = Table(_confused())
    plan = lambda g: solve_plan(g, explain=False).plan  # noqa: E731
    runner = Runner(table, PolicyHeroes(), plan, lambda _: None)  # type: ignore[arg-type]
    runner.begin(5)
    runner.play(rounds=1)
    turns = [e for e in table.events if isinstance(e, Turn) and e.who in ("Ann", "Bo")]
    standing = [t for t in turns if not isinstance(t.steps[0], DeathSave)]  # D9 at 0 hp
    assert standing
    for t in standing:
        first = t.steps[0]
        assert isinstance(first, Confused) and first.who == t.who
        attacks = [s for s in t.steps if isinstance(s, Attacked)]
        if confused_does(first.face) in (STAYS, NOTHING):
            assert not attacks and t.note
        if confused_does(first.face) == ATTACKS:
            assert [s.target for s in attacks] == ([first.target] if first.target else [])
