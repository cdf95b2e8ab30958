"""F6, swallowed without a map (docs/riders.md "F6, swallowed"): the purple worm's bite
swallows on a failed save; the one inside is blinded and restrained, out of every reach but the
worm's, takes its acid as each of the worm's turns starts, and comes out prone when the worm dies
or fails its save after enough damage from inside; read from every SRD entry's own words."""

from __future__ import annotations

import json

import pytest

from lnf.dice import DamageType
from lnf.dice.roll import ScriptedDice
from lnf.engine.decisions import SimpleChoice
from lnf.engine.effects import Rolled, ride, turn_edge
from lnf.engine.turns import simple_action
from lnf.errors import Refused
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import parse_fight
from lnf.formats.riders import read
from lnf.model import Action, BackReason, Condition, Fight, Rank, TurnEdge
from lnf.model.plan import Advantage, Mode
from lnf.model.steps import Attacked, Damaged, SaveRolled
from lnf.rules.attacks import mode_needs
from lnf.rules.holds import swallowed_by
from lnf.rules.legal import attack_modes, options
from lnf.rules.state_check import check_state
from tests.test_bestiary import SOURCE

FIGHT = """
heroes:
  - name: Ann
    class: fighter
    hp: 90
    ac: 15
    attacks: [{name: Greatsword, to_hit: 7, damage: 2d6+4 slashing}]
  - {name: Bo, class: rogue, hp: 40, ac: 14}
monsters:
  - {monster: purple worm}
  - {monster: goblin}
groups:
  A: [Ann, Bo, Purple Worm, Goblin]
"""


def _swallowed(face: int = 2) -> Rolled:
    turn = Rolled(parse_fight(FIGHT, "worm.yaml")).rolling(ScriptedDice([]))
    bite = next(a for a in turn.fight.monster("Purple Worm").attacks if a.name == "Bite")
    for rider in bite.riders:
        ride(turn, "Purple Worm", "Ann", "Bite", rider, ScriptedDice([face]))
    return turn


def _hero_turn(fight: Fight) -> Rolled:
    return Rolled.turn(fight, "Ann").rolling(ScriptedDice([]))


def test_f6_the_worm_reads_as_its_text_says() -> None:
    fight = parse_fight(FIGHT, "worm.yaml")
    (rider,) = next(a for a in fight.monster("Purple Worm").attacks if a.name == "Bite").riders
    assert rider.swallow and rider.regurgitate == (30, 21) and str(rider.held_damage) == "6d6 acid"
    assert rider.conditions == (Condition.BLINDED, Condition.RESTRAINED)


def test_f6_a_swallowed_hero_is_out_of_every_reach_but_the_worms() -> None:
    saved = _swallowed(face=19)  # 19 + 0 against DC 19: not swallowed
    assert swallowed_by(saved.fight, "Ann") is None
    turn = _swallowed()
    fight = turn.fight
    ann = fight.hero("Ann")
    assert swallowed_by(fight, "Ann") == "Purple Worm"
    assert {Condition.BLINDED, Condition.RESTRAINED} <= ann.conditions
    assert (ann.rank, ann.why) == (Rank.BACK, BackReason.HIDDEN)
    assert not check_state(fight)  # R4: unseen, it may stand there
    for m in fight.monsters:  # nobody targets it
        assert all(mode_needs(fight, m, ann, mode) is None for mode in Mode)
    sword = ann.attacks[0]
    assert attack_modes(fight, ann, fight.monster("Purple Worm"), sword) == [Mode.MELEE]
    assert attack_modes(fight, ann, fight.monster("Goblin"), sword) == []
    assert "attack Purple Worm with Greatsword (mêlée)" in options(fight, ann)
    with pytest.raises(Refused, match="no action gets it out"):
        simple_action(fight, ann, SimpleChoice(Action.ESCAPE), ScriptedDice([]))


def test_f6_the_acid_burns_as_each_of_the_worms_turns_starts() -> None:
    turn = _swallowed()
    turn_edge(turn, "Purple Worm", TurnEdge.START, ScriptedDice([1, 2, 3, 4, 5, 6]))
    (acid,) = [s for s in turn.steps if isinstance(s, Damaged)]
    assert (acid.who, acid.amount, str(acid.type)) == ("Ann", 21, "acid")
    assert acid.text == "Purple Worm's Bite, swallowed: 6d6 (1, 2, 3, 4, 5, 6) acid = 21"


def _hits(turn: Rolled, amount: int) -> None:
    """Ann's sword from inside, as the log has it: a hit of `amount` slashing."""
    turn.do(
        Attacked(attacker="Ann", target="Purple Worm", attack="Greatsword", mode=Mode.MELEE,
                 roll=Advantage.NORMAL, reasons=(), faces=(15,), kept=15, bonus=7, ac=18,
                 hit=True, damage=((DamageType.SLASHING, amount),))
    )  # fmt: skip


def test_f6_thirty_damage_from_inside_and_a_failed_save_spit_it_out_prone() -> None:
    fight = _swallowed().fight
    turn = _hero_turn(fight)
    _hits(turn, 29)
    turn_edge(turn, "Ann", TurnEdge.END, ScriptedDice([]))  # 29: too little, no save
    assert swallowed_by(turn.fight, "Ann") == "Purple Worm"
    turn = _hero_turn(turn.fight)
    _hits(turn, 18)
    _hits(turn, 12)
    turn_edge(turn, "Ann", TurnEdge.END, ScriptedDice([20]))  # a 20 (+11) against DC 21: kept
    assert swallowed_by(turn.fight, "Ann") == "Purple Worm"
    turn = _hero_turn(turn.fight)
    _hits(turn, 30)
    turn_edge(turn, "Ann", TurnEdge.END, ScriptedDice([3]))
    saves = [s for s in turn.steps if isinstance(s, SaveRolled)]
    assert [(s.against, s.save.success) for s in saves] == [("Ann's 30 damage from inside", False)]
    ann = turn.fight.hero("Ann")
    assert swallowed_by(turn.fight, "Ann") is None and not turn.fight.effects
    assert ann.rank is Rank.FRONT and ann.conditions == {Condition.PRONE}


def test_f6_the_worm_dies_and_the_one_inside_crawls_out_prone() -> None:
    turn = _swallowed()
    turn.do(Damaged("Purple Worm", 999))
    ann = turn.fight.hero("Ann")
    assert not turn.fight.effects and ann.conditions == {Condition.PRONE}
    assert ann.rank is Rank.FRONT


def test_f6_the_kraken_swallows_only_the_one_it_grapples() -> None:
    text = FIGHT.replace("{monster: purple worm}", "{monster: kraken}").replace(
        "Purple Worm", "Kraken"
    )
    turn = Rolled(parse_fight(text, "kraken.yaml")).rolling(ScriptedDice([]))
    kraken = turn.fight.monster("Kraken")
    bite, tentacle = (next(a for a in kraken.attacks if a.name == n) for n in ("Bite", "Tentacle"))
    for rider in bite.riders:
        ride(turn, "Kraken", "Ann", "Bite", rider, ScriptedDice([]))
    assert not turn.fight.effects  # not grappled: the bite is damage only
    for rider in tentacle.riders:
        ride(turn, "Kraken", "Ann", "Tentacle", rider, ScriptedDice([]))
    assert Condition.GRAPPLED in turn.fight.hero("Ann").conditions
    for rider in bite.riders:
        ride(turn, "Kraken", "Ann", "Bite", rider, ScriptedDice([]))
    ann = turn.fight.hero("Ann")
    assert swallowed_by(turn.fight, "Ann") == "Kraken"
    assert ann.conditions == {Condition.BLINDED, Condition.RESTRAINED}  # the grapple ended


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_every_srd_swallow_is_its_own_descriptions() -> None:
    """F6: every rider that swallows prints its save (or the grapple it swallows from), its
    acid's dice, the damage from inside and the save that spit it out in its own words; the
    bestiary keeps it."""
    monsters = json.loads(SOURCE.read_text(encoding="utf-8"))
    blocks = {b["name"]: b for b in srd()}
    played, listed = [], []
    for m in monsters:
        for action in m.get("actions", []):
            desc = action["desc"]
            after = desc.split("Hit:", 1)[1] if "Hit:" in desc else ""
            if "swallow" not in after:
                continue
            reading = read(desc)
            swallows = [r for r in reading.riders if r.swallow]
            if not swallows:
                assert "swallowing" in reading.unread, m["name"]
                listed.append(m["name"])
                continue
            (r,) = swallows
            assert r.regurgitate is not None and r.held_damage
            if r.save is not None:
                ability, dc = r.save
                assert f"DC {dc} {ability.word} saving throw or be swallowed" in after
            else:
                assert "creature grappled by the kraken, that creature is swallowed" in after
            damage, con = r.regurgitate
            dice = str(r.held_damage).split()[0]
            assert f"({dice}) acid damage at the start of each of the" in after
            assert f"takes {damage} damage or more" in after and f"DC {con} Constitution" in after
            docs = next(a for a in blocks[m["name"]]["attacks"] if a["name"] == action["name"])
            assert any(d.get("swallow") for d in docs["riders"])
            played.append(m["name"])
    assert (played, listed) == (["Kraken", "Purple Worm"], [])
