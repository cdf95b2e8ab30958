"""F6, holds without a map (docs/riders.md "F6, holds"): a grapple holds as many as its attack
may at once, restrains while it holds, and ends by an escape, its grappler dropping, being
incapacitated or moving away; read from every SRD entry's own words."""

from __future__ import annotations

import json
import re

import pytest

from lnf.dice import DamageType
from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import Steps
from lnf.engine.decisions import SimpleChoice
from lnf.engine.effects import Rolled, ride, turn_edge
from lnf.engine.resolve import roll_attack
from lnf.engine.turns import simple_action
from lnf.errors import Refused
from lnf.formats.bestiary import srd
from lnf.formats.event_codec import _step_from_json, step_to_json
from lnf.formats.fight_file import parse_fight
from lnf.formats.riders import read
from lnf.heroes.policy import policy_choice
from lnf.model import Action, Condition, Fight, TurnEdge
from lnf.model.plan import Advantage, Mode
from lnf.model.steps import Acted, Damaged, EffectStarted, Marked, Moved
from lnf.rules.distance import roll_in_fight
from lnf.rules.holds import holds_by, holds_on, wants_escape
from lnf.views.acted_text import acted_text
from lnf.views.effects_text import effect_text
from tests.test_bestiary import SOURCE

FIGHT = """
heroes:
  - {name: Ann, class: fighter, hp: 30, ac: 15, saves: {str: 5, dex: 1}}
  - {name: Bo, class: rogue, hp: 20, ac: 14, saves: {str: 0, dex: 6}}
  - {name: Cy, class: wizard, hp: 15, ac: 12}
monsters:
  - {monster: constrictor snake}
  - {monster: giant crab}
  - {monster: ankheg}
groups:
  A: [Ann, Bo, Cy, Constrictor Snake, Giant Crab, Ankheg]
  B: []
"""


def _fight() -> Fight:
    return parse_fight(FIGHT.replace("  B: []\n", ""), "holds.yaml")


def _hit(turn: Steps, attacker: str, target: str, attack: str) -> None:
    weapon = next(a for a in turn.fight.monster(attacker).attacks if a.name == attack)
    for rider in weapon.riders:
        ride(turn, attacker, target, attack, rider, ScriptedDice([]))


def test_f6_a_hold_grapples_and_restrains_one_target_at_a_time() -> None:
    turn = Steps(_fight())
    _hit(turn, "Constrictor Snake", "Ann", "Constrict")
    ann = turn.fight.hero("Ann")
    assert {Condition.GRAPPLED, Condition.RESTRAINED} <= ann.conditions
    (hold,) = holds_on(turn.fight, "Ann")
    assert (hold.by, hold.attack, hold.escape) == ("Constrictor Snake", "Constrict", 14)
    restrained = next(e for e in turn.fight.effects if e.condition is Condition.RESTRAINED)
    assert restrained.hold == hold.key
    # "the snake can't constrict another target": Bo's hit is damage only.
    _hit(turn, "Constrictor Snake", "Bo", "Constrict")
    assert not turn.fight.hero("Bo").conditions and len(turn.fight.effects) == 2
    said = [effect_text(s, turn.fight, turn.fight) for s in turn.steps]
    assert said[0] == (
        "Ann is grappled by Constrictor Snake's Constrict (escape DC 14): until it escapes "
        "(its action) or Constrictor Snake lets go (F6)."
    )
    assert said[1] == "Ann is restrained: while held (F6)."


def test_f6_two_claws_hold_two_and_not_the_same_one_twice() -> None:
    turn = Steps(_fight())
    for target in ("Ann", "Ann", "Bo", "Cy"):
        _hit(turn, "Giant Crab", target, "Claw")
    assert [e.who for e in holds_by(turn.fight, "Giant Crab")] == ["Ann", "Bo"]
    assert Condition.GRAPPLED not in turn.fight.hero("Cy").conditions
    assert Condition.RESTRAINED not in turn.fight.hero("Ann").conditions  # the crab's text


def test_f6_d4_the_ankheg_bites_the_one_it_holds_with_advantage() -> None:
    turn = Steps(_fight())
    bite = next(a for a in turn.fight.monster("Ankheg").attacks if a.name == "Bite")
    assert [(r.holds, r.held_advantage) for r in bite.riders] == [(1, True)]
    ankheg = turn.fight.monster("Ankheg")
    assert roll_in_fight(turn.fight, ankheg, turn.fight.hero("Ann"), bite, Mode.MELEE)[0] is (
        Advantage.NORMAL
    )
    _hit(turn, "Ankheg", "Ann", "Bite")
    how, why = roll_in_fight(turn.fight, ankheg, turn.fight.hero("Ann"), bite, Mode.MELEE)
    assert how is Advantage.ADVANTAGE and "Ankheg holds Ann with its Bite (F6)" in why
    how, why = roll_in_fight(turn.fight, ankheg, turn.fight.hero("Bo"), bite, Mode.MELEE)
    assert how is Advantage.NORMAL  # Bo is not held: no advantage, and no grapple (one at a time)
    _hit(turn, "Ankheg", "Bo", "Bite")
    assert [e.who for e in holds_by(turn.fight, "Ankheg")] == ["Ann"]


def test_f6_the_chain_devils_chains_hurt_the_one_held_as_its_turns_start() -> None:
    text = FIGHT.replace("  - {monster: ankheg}\n", "  - {monster: chain devil}\n")
    text = text.replace("  B: []\n", "")
    fight = parse_fight(text.replace(", Ankheg]", ", Chain Devil]"), "chains.yaml")
    turn = Rolled(fight).rolling(ScriptedDice([]))
    chain = next(a for a in fight.monster("Chain Devil").attacks if a.name == "Chain")
    (rider,) = chain.riders
    assert (rider.grapple, rider.holds, str(rider.held_damage)) == (14, 1, "2d6 piercing")
    _hit(turn, "Chain Devil", "Ann", "Chain")
    # B10: its Unnerving Mask first (Ann is in its group): a 20 saves; then the chains
    turn_edge(turn, "Ann", TurnEdge.START, ScriptedDice([20, 2, 5]))
    hurt = [s for s in turn.steps if isinstance(s, Damaged)]
    assert [(s.who, s.amount, s.type) for s in hurt] == [("Ann", 7, DamageType.PIERCING)]
    assert hurt[0].text == "Chain Devil's Chain, held: 2d6 (2, 5) piercing = 7"
    turn_edge(turn, "Bo", TurnEdge.START, ScriptedDice([]))  # not held: nothing to roll
    turn.do(Acted("Ann", Action.ESCAPE, "1d20 (20) + 5 = 25 vs escape DC 14", True))
    turn_edge(turn, "Ann", TurnEdge.START, ScriptedDice([]))  # free: nothing more
    assert len([s for s in turn.steps if isinstance(s, Damaged)]) == 1


def test_f6_the_salamanders_tail_hits_the_one_it_holds_without_fail() -> None:
    text = FIGHT.replace("  - {monster: ankheg}\n", "  - {monster: salamander}\n")
    text = text.replace("  B: []\n", "").replace(", Ankheg]", ", Salamander]")
    turn = Steps(parse_fight(text, "tail.yaml"))
    salamander = turn.fight.monster("Salamander")
    tail = next(a for a in salamander.attacks if a.name == "Tail")
    assert [(r.holds, r.held_hits) for r in tail.riders] == [(1, True)]
    ann = turn.fight.hero("Ann")
    missed = roll_attack(turn.fight, salamander, ann, tail, Mode.MELEE, ScriptedDice([2]))
    assert not missed.hit  # 2 + 6 against AC 15: not held yet, it misses
    _hit(turn, "Salamander", "Ann", "Tail")
    ann = turn.fight.hero("Ann")
    dice = ScriptedDice([2, 3, 4, 5, 6, 1, 1, 1, 1])  # the d20, then the damage
    sure = roll_attack(turn.fight, salamander, ann, tail, Mode.MELEE, dice)
    assert sure.hit and not sure.critical
    assert "Salamander holds Ann: its Tail hits without fail (F6)" in sure.reasons
    bo = turn.fight.hero("Bo")
    assert not roll_attack(turn.fight, salamander, bo, tail, Mode.MELEE, ScriptedDice([2])).hit


def test_f6_the_hold_ends_when_its_grappler_drops_or_is_incapacitated() -> None:
    turn = Rolled(_fight()).rolling(ScriptedDice([]))
    _hit(turn, "Constrictor Snake", "Ann", "Constrict")
    _hit(turn, "Giant Crab", "Bo", "Claw")
    turn.do(Marked("Giant Crab", Condition.STUNNED))
    assert Condition.GRAPPLED not in turn.fight.hero("Bo").conditions
    turn.do(Damaged("Constrictor Snake", 99))
    ann = turn.fight.hero("Ann")
    assert not ann.conditions & {Condition.GRAPPLED, Condition.RESTRAINED}
    assert not turn.fight.effects


def test_f6_a_grappler_that_moves_away_lets_go() -> None:
    text = FIGHT.replace("Cy, Constrictor Snake, Giant Crab, Ankheg]", "Constrictor Snake, Ankheg]")
    text = text.replace("  B: []", "  B: [Cy, Giant Crab]")
    turn = Rolled(parse_fight(text, "holds.yaml")).rolling(ScriptedDice([]))
    _hit(turn, "Constrictor Snake", "Ann", "Constrict")
    turn.do(Moved("Constrictor Snake", join="B"))
    assert not turn.fight.effects and not turn.fight.hero("Ann").conditions


def test_f6_escape_is_the_heros_action_against_the_escape_dc() -> None:
    fight = _fight()
    with pytest.raises(Refused, match="nothing holds Ann"):
        simple_action(fight, fight.hero("Ann"), SimpleChoice(Action.ESCAPE), ScriptedDice([]))
    turn = Rolled(fight).rolling(ScriptedDice([]))
    _hit(turn, "Constrictor Snake", "Ann", "Constrict")
    ann = turn.fight.hero("Ann")
    failed = simple_action(turn.fight, ann, SimpleChoice(Action.ESCAPE), ScriptedDice([8]))
    assert failed == Acted(
        "Ann", Action.ESCAPE, "1d20 (8) + 5 = 13 vs escape DC 14, Constrictor Snake's Constrict",
        False,
    )  # fmt: skip
    turn.do(failed)
    assert holds_on(turn.fight, "Ann")
    freed = simple_action(turn.fight, ann, SimpleChoice(Action.ESCAPE), ScriptedDice([9]))
    assert freed.success and acted_text(freed).endswith(": free (F6).")
    turn.do(freed)
    assert not turn.fight.effects and not turn.fight.hero("Ann").conditions


def test_f6_the_policy_escapes_a_hold_that_restrains_it_when_its_odds_are_even() -> None:
    turn = Steps(_fight())
    _hit(turn, "Constrictor Snake", "Ann", "Constrict")  # +5 against 14: escapes
    _hit(turn, "Giant Crab", "Bo", "Claw")  # grappled, not restrained: fights on
    assert wants_escape(turn.fight, turn.fight.hero("Ann"))
    assert policy_choice(turn.fight, turn.fight.hero("Ann")).action == SimpleChoice(Action.ESCAPE)
    assert not wants_escape(turn.fight, turn.fight.hero("Bo"))


def test_f6_a_hold_and_an_escape_are_logged_and_read_back() -> None:
    turn = Steps(_fight())
    _hit(turn, "Constrictor Snake", "Ann", "Constrict")
    steps = [*turn.steps, Acted("Ann", Action.ESCAPE, "1d20 (9) + 5 = 14 vs DC 14", True)]
    for step in steps:
        assert _step_from_json(json.loads(json.dumps(step_to_json(step)))) == step
    started = [s for s in turn.steps if isinstance(s, EffectStarted)]
    assert [s.effect.escape for s in started] == [14, 0]


_ONE = re.compile(
    r"can't (?:\w+|use its \w+ on|make \w+ attacks against) (?:another|other) target"
    r"|can \w+ only the grappled creature"
)
_ONE_MORE = re.compile(r"isn't already (?:constricting|grappling) a creature")
_MANY = re.compile(r"(\w+) other creatures grappled|has (\w+) \w+, each of which can grapple")
_COUNT = {"two": 2, "six": 6, "ten": 10}


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_every_srd_hold_limit_is_its_own_descriptions() -> None:
    """F6: for every attack of the 334 entries, the limit read is the one its words state
    (one: "can't bite another target", "isn't already constricting"; more: "two claws, each of
    which…", "two other creatures grappled"); a grapple whose words state none has none; the
    bestiary keeps it, and no played stat block lists a hold limit as not played."""
    monsters = json.loads(SOURCE.read_text(encoding="utf-8"))
    blocks = {b["name"]: b for b in srd()}
    limited = 0
    for m in monsters:
        played = {a["name"]: a for a in blocks[m["name"]]["attacks"]}
        for action in m.get("actions", []):
            desc = action["desc"]
            after = desc.split("Hit:", 1)[1] if "Hit:" in desc else ""
            for r in read(desc).riders:
                if not r.grapple or r.attach:  # an attachment (tests/test_holds_attach.py)
                    assert not r.holds
                    continue
                many = _MANY.search(after)
                if many:
                    want = _COUNT[(many[1] or many[2]).lower()]
                elif _ONE.search(after) or _ONE_MORE.search(after):
                    want = 1
                else:
                    want = 0
                assert r.holds == want, (m["name"], action["name"], r)
                hurts = re.search(
                    r"\((\d+d\d+)\) (\w+) damage at the start of each of its turns", after
                ) or re.search(  # F6: the rug's "the target takes 10 (2d6 + 3) bludgeoning"
                    r"start of each of the target's turns, the target takes \d+ \((\d+d\d+ \+ "
                    r"\d+)\) (\w+) damage",
                    after,
                )
                want_hurts = f"{hurts[1].replace(' ', '')} {hurts[2]}" if hurts else ""
                assert str(r.held_damage or "") == want_hurts, (m["name"], r)
                sure = "can automatically hit the target" in after
                assert r.held_hits == sure, (m["name"], action["name"], r)
                said = "has advantage on attack rolls to do so" in after
                assert r.held_advantage == said, (m["name"], action["name"], r)
                limited += bool(want)
                if action["name"] in played:
                    docs = played[action["name"]]["riders"]
                    traits = " ".join(t["desc"] for t in m.get("special_abilities", []))
                    limbs = re.search(r"can have up to (\w+) (\w+)s at a time", traits)
                    if limbs and limbs[2] == action["name"].lower():  # F6: the roper's six
                        want = _COUNT[limbs[1]]
                    assert any(d.get("holds", 0) == want for d in docs if "grapple" in d)
        for item in blocks[m["name"]].get("not_modelled", []):
            assert "one grapple per limb" not in item and "holds one target" not in item, item
    assert limited == 25  # 19 one at a time (the ankheg, the Rug of Smothering), 5 two, 1 ten
