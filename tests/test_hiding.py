"""R4 and the 5e text ("Unseen Attackers and Targets": "If you are hidden—both unseen and
unheard—when you make an attack, you give away your location when the attack hits or
misses"): a hero hidden in the back rank gives itself away with its attack, steps into the
front rank as the next round starts unless it hides again, and a rogue hides again with
Cunning Action (F1), at the table and in the hero policy (docs/choices.md, R4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lnf.dice import DamageType
from lnf.dice.roll import ScriptedDice, SeededDice
from lnf.engine.apply import Steps, apply
from lnf.engine.decisions import AttackChoice, SimpleChoice
from lnf.engine.effects import Rolled, ride
from lnf.engine.hero_turn import hero_steps
from lnf.engine.round_start import opening
from lnf.errors import Refused
from lnf.formats.event_codec import event_from_json, event_to_json
from lnf.formats.fight_file import parse_fight
from lnf.heroes.cunning import HIDE_AGAIN
from lnf.heroes.policy import PolicyHeroes, policy_choice
from lnf.heroes.words import parse_choice
from lnf.model import Action, BackReason, Cost, Fight, Rank, Turns
from lnf.model.events import Recorded
from lnf.model.plan import Advantage, Mode
from lnf.model.steps import Acted, Attacked, Moved
from lnf.rules.attacks import unseen
from lnf.rules.economy import step_cost
from lnf.rules.holds import swallowed_by
from lnf.values import replace
from lnf.views.acted_text import acted_text
from tests.builders import BOW, fight, hero, monster
from tests.cli import run
from tests.test_swallow import FIGHT as WORM_FIGHT

HIDDEN = BackReason.HIDDEN


def _den(level: int = 5, cls: str = "rogue") -> Fight:
    """Bex hidden in the back rank with a bow; Orla holds the ogre in group A."""
    bex = hero("Bex", cls, level=level, attacks=(BOW,), rank=Rank.BACK, why=HIDDEN)
    return fight([hero("Orla"), bex], [monster("Ogre", hp=59)], {"A": ["Orla", "Ogre"]})


def _shot(attacker: str, target: str, hit: bool = False) -> Attacked:
    damage = ((DamageType.PIERCING, 5),) if hit else ()
    return Attacked(
        attacker,
        target,
        "Bow",
        Mode.RANGED,
        Advantage.NORMAL,
        (),
        (9,),
        9,
        4,
        11,
        hit,
        False,
        damage,
    )


def _turn_of(f: Fight, who: str, spent: bool = False) -> Fight:
    used = frozenset({who}) if spent else frozenset()
    return replace(f, turns=Turns(order=("Orla", "Bex"), current=who, used_action=used))


def test_r4_a_hero_hidden_in_the_back_rank_gives_itself_away_by_its_attack() -> None:
    """Hit or miss, the reason `hidden` ends with the attack: it stands back until the next
    round starts (monsters that act later this round may shoot it), then the front rank."""
    for hit in (False, True):
        done = apply(_den(), Recorded((_shot("Bex", "Ogre", hit),)))
        bex = done.after.hero("Bex")
        assert (bex.rank, bex.why) == (Rank.BACK, None) and not unseen(bex)
        assert "Bex gave away where it hid (R4): it may be shot now" in done.steps[0].notes
    after = apply(_den(), Recorded((_shot("Bex", "Ogre"),))).after
    (stepped,) = opening(replace(after, turns=Turns()))
    assert isinstance(stepped, Recorded) and stepped.steps == (Moved("Bex", rank=Rank.FRONT),)


def test_r4_a_monster_hidden_in_the_back_rank_stays_hidden_after_its_attack() -> None:
    """R6: the round's plan counted it as hidden; its reason is kept (docs/choices.md R4)."""
    f = fight([hero("Orla")], [monster("Ogre"), monster("Gnoll", rank=Rank.BACK, why=HIDDEN)])
    after = apply(f, Recorded((_shot("Gnoll", "Orla"),))).after
    assert (after.monster("Gnoll").rank, after.monster("Gnoll").why) == (Rank.BACK, HIDDEN)


def test_f6_a_swallowed_hero_that_attacks_from_inside_stays_inside() -> None:
    turn = Rolled(parse_fight(WORM_FIGHT, "worm.yaml")).rolling(ScriptedDice([]))
    bite = next(a for a in turn.fight.monster("Purple Worm").attacks if a.name == "Bite")
    for rider in bite.riders:
        ride(turn, "Purple Worm", "Ann", "Bite", rider, ScriptedDice([2]))
    assert swallowed_by(turn.fight, "Ann") == "Purple Worm"
    swing = _shot("Ann", "Purple Worm")
    after = apply(turn.fight, Recorded((swing,))).after
    assert (after.hero("Ann").rank, after.hero("Ann").why) == (Rank.BACK, HIDDEN)


def test_r4_hiding_again_keeps_the_back_rank() -> None:
    """The Hide action that succeeds gives a back-rank hero whose reason is gone `hidden`
    again; one that fails leaves it to step forward; a guarded hero keeps `guarded`."""
    seen = apply(_den(), Recorded((_shot("Bex", "Ogre"),))).after
    hid = apply(seen, Recorded((Acted("Bex", Action.HIDE, "15 vs 8", True, bonus=True),))).after
    assert (hid.hero("Bex").rank, hid.hero("Bex").why) == (Rank.BACK, HIDDEN)
    failed = apply(seen, Recorded((Acted("Bex", Action.HIDE, "5 vs 8", False),))).after
    assert failed.hero("Bex").why is None
    guarded = seen.with_combatant(replace(seen.hero("Bex"), why=BackReason.GUARDED))
    kept = apply(guarded, Recorded((Acted("Bex", Action.HIDE, "15 vs 8", True),))).after
    assert kept.hero("Bex").why is BackReason.GUARDED


def test_f1_cunning_action_hides_with_the_bonus_action_at_the_table() -> None:
    """5e SRD rogue, level 2: Dash, Disengage or Hide as a bonus action; said after the
    action ("attack Ogre with Bow; hide") or before it ("hide; attack Ogre")."""
    f = _turn_of(_den(), "Bex")
    bex = f.hero("Bex")
    after = parse_choice(f, bex, "attack Ogre with Bow; hide")
    assert isinstance(after.action, AttackChoice)
    assert after.bonus_action == SimpleChoice(Action.HIDE, cost=Cost.BONUS)
    assert not after.bonus_first
    before = parse_choice(f, bex, "disengage; attack Ogre with Bow")
    assert before.bonus_action == SimpleChoice(Action.DISENGAGE, cost=Cost.BONUS)
    assert before.bonus_first and isinstance(before.action, AttackChoice)
    for level, cls in ((1, "rogue"), (5, "fighter")):  # no Cunning Action
        other = _turn_of(_den(level, cls), "Bex")
        with pytest.raises(Refused, match="one action per turn"):
            parse_choice(other, other.hero("Bex"), "attack Ogre with Bow; hide")


def test_f1_a_hide_said_once_the_action_is_spent_is_the_bonus_actions() -> None:
    f = _turn_of(_den(), "Bex")
    spent = _turn_of(_den(), "Bex", spent=True)
    alone = parse_choice(spent, spent.hero("Bex"), "hide")
    assert alone.bonus_action == SimpleChoice(Action.HIDE, cost=Cost.BONUS)
    assert parse_choice(f, f.hero("Bex"), "hide").action == SimpleChoice(Action.HIDE)
    step = Acted("Bex", Action.HIDE, "1d20 (11) + 4 = 15 vs passive Perception 8", True, True)
    assert step_cost(f, step) == ("Bex", Cost.BONUS)
    assert acted_text(step) == (
        "Bex tries to hide (Cunning Action, F1): 1d20 (11) + 4 = 15 vs passive Perception 8: "
        "hidden."
    )


def test_f1_the_hero_policy_hides_again_after_a_shot_from_hiding() -> None:
    """A rogue in the back rank whose shot gives it away hides with Cunning Action, as one
    whose hiding is already gone does; not a level-1 rogue, nor a front-rank one."""
    f = _turn_of(_den(), "Bex")
    choice = policy_choice(f, f.hero("Bex"))
    assert isinstance(choice.action, AttackChoice) and choice.bonus_action == HIDE_AGAIN
    seen = apply(f, Recorded((_shot("Bex", "Ogre"),))).after
    assert policy_choice(seen, seen.hero("Bex")).bonus_action is None  # its action is spent
    low = _turn_of(_den(level=1), "Bex")
    assert policy_choice(low, low.hero("Bex")).bonus_action is None


FILE = """
heroes:
  - {name: Bex, class: rogue, level: 5, scores: {dex: 18, con: 14}, weapons: [shortbow, rapier],
     armor: [leather], rank: back, why: hidden}
  - {name: Orla, class: fighter, level: 5, scores: {str: 16, con: 16}, weapons: [longsword],
     armor: [chain mail, shield]}
monsters:
  - monster: ogre
groups:
  A: [Orla, Ogre]
"""


def test_f1_r4_at_the_table_a_shot_then_cunning_actions_hide(tmp_path: Path) -> None:
    path = tmp_path / "den.yaml"
    path.write_text(FILE, encoding="utf-8")
    assert run("next", str(path), "--seed", "2")[0] == 0  # the ogre, then Orla's turn
    code, out = run("next", str(path))  # Bex's turn
    assert code == 0 and "It is Bex's turn" in out and "an action and a bonus action" in out
    code, out = run("act", str(path), "attack Ogre with Shortbow; hide")
    assert code == 0, out
    assert "Bex gave away where it hid (R4): it may be shot now." in out
    assert "Bex tries to hide (Cunning Action, F1): " in out


def test_f1_m6_cunning_actions_disengage_comes_before_the_rogue_leaves() -> None:
    """ "leave; attack Ogre with Bow; disengage": the Disengage is the bonus action's and is
    taken before the rogue moves, so the ogre it leaves takes no opportunity attack (M6)."""
    bex = hero("Bex", "rogue", level=5, attacks=(BOW,))
    f = fight([bex, hero("Orla")], [monster("Ogre", hp=59)], {"A": ["Bex", "Orla", "Ogre"]})
    f = replace(f, turns=Turns(order=("Bex", "Orla"), current="Bex"))
    choice = parse_choice(f, f.hero("Bex"), "leave; attack Ogre with Bow; disengage")
    assert choice.bonus_action == SimpleChoice(Action.DISENGAGE, cost=Cost.BONUS)
    turn = Steps.turn(f, "Bex")
    hero_steps(turn, turn.fight.hero("Bex"), choice, SeededDice(1), PolicyHeroes())
    steps = [d.step for d in turn.done]
    assert steps[0] == Acted("Bex", Action.DISENGAGE, bonus=True)
    assert not [s for s in steps if isinstance(s, Attacked) and s.opportunity]
    assert acted_text(steps[0]) == (
        "Bex disengages (Cunning Action, F1; no opportunity attacks, M6)."
    )


def test_f1_the_log_keeps_cunning_action_and_older_lines_read_as_they_were() -> None:
    """An Acted line carries `bonus` only when set: the lines lnf wrote before read the same."""
    cunning = Recorded((Acted("Bex", Action.HIDE, "15 vs 8", True, bonus=True),))
    line = event_to_json(cunning)
    assert line["steps"][0]["bonus"] is True
    assert event_from_json(line, "den.log.jsonl", 1) == cunning
    plain = event_to_json(Recorded((Acted("Bex", Action.DODGE),)))
    assert "bonus" not in plain["steps"][0]
