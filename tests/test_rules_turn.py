"""Core-d20 F1–F5 with the SRD's own numbers: a turn's economy (F1), conditions (F3), durations
(F4) and concentration (F5), decided in lnf/rules/economy, conditions, effects, concentration."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from lnf.dice import parse
from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import Steps
from lnf.engine.decisions import AttackChoice, HealChoice, TurnChoice
from lnf.engine.effects import Rolled, turn_edge
from lnf.engine.hero_turn import verify_act
from lnf.engine.marks import mark_effect
from lnf.engine.resolve import roll_attack, roll_save
from lnf.errors import Refused
from lnf.model import (
    Ability,
    Attack,
    AttackKind,
    CDot,
    Condition,
    Cost,
    Fight,
    Healing,
    Hero,
    Lasting,
    TurnEdge,
)
from lnf.model.events import TurnStarted
from lnf.model.plan import Mode
from lnf.model.steps import Healed
from lnf.rules.concentration import broken, concentrating, save_dc
from lnf.rules.conditions import fails_str_dex, save_disadvantage
from lnf.rules.economy import left_this_turn, verify_costs
from lnf.rules.effects import ending_as_round_starts, ending_at, read_lasting, saves_due
from tests.builders import SWORD, fight, hero, monster

FIRE_BOLT = Attack(
    name="Fire Bolt",
    kind=AttackKind.RANGED,
    to_hit=5,
    damage=parse("1d10 fire"),
    range=(120, 120),
    spell=True,
)
FIREBALL = Attack(
    name="Fireball",
    kind=AttackKind.RANGED,
    damage=parse("8d6 fire"),
    range=(150, 150),
    spell=True,
    slot=3,
    save=(Ability.DEX, 15),
)
HEALING_WORD = Healing("Healing Word", parse("1d4+3"), slot=1, cost=Cost.BONUS)


def _cleric_turn() -> tuple[Fight, Hero]:
    cleric = hero("Ilsa", "cleric", attacks=(SWORD, FIRE_BOLT, FIREBALL), heals=(HEALING_WORD,))
    bram = hero("Bram", hp_now=3)
    f = fight([cleric, bram], [monster("Troll")], {"A": ["Ilsa", "Bram", "Troll"]})
    started = Steps.turn(f, "Ilsa").fight  # as TurnStarted makes it at the table
    started = replace(started, turns=replace(started.turns, current="Ilsa"))
    return started, cleric


def _healing_word_then(choice_action: AttackChoice) -> TurnChoice:
    heal = HealChoice("Bram", HEALING_WORD.dice, "Healing Word", Cost.BONUS, 1)
    return TurnChoice(action=choice_action, bonus_action=heal, bonus_first=True)


def test_f1_healing_word_and_fire_bolt_in_one_turn() -> None:
    started, _ = _cleric_turn()
    bolt = AttackChoice("Troll", FIRE_BOLT, Mode.RANGED)
    verify_act(started, _healing_word_then(bolt))  # a bonus-action spell, then a cantrip


def test_f1_healing_word_and_fireball_refused() -> None:
    started, _ = _cleric_turn()
    fireball = AttackChoice("Troll", FIREBALL, Mode.RANGED)
    with pytest.raises(Refused) as refused:
        verify_act(started, _healing_word_then(fireball))
    assert refused.value.rule == "F1" and "cantrip" in refused.value.message


def test_f1_fireball_first_then_healing_word_refused_whichever_comes_first() -> None:
    with pytest.raises(Refused, match="cannot follow it") as refused:
        verify_costs(
            fight([hero("Ilsa")], []),
            "Ilsa",
            [(Cost.ACTION, 3, "Fireball"), (Cost.BONUS, 1, "Healing Word")],
        )
    assert refused.value.rule == "F1"


def test_f1_a_spent_bonus_action_is_refused_and_the_turn_says_what_is_left() -> None:
    started, _ = _cleric_turn()
    steps = Steps(started)
    steps.do(Healed("Bram", 5, by="Healing Word", healer="Ilsa"))
    after = steps.fight
    assert left_this_turn(after, "Ilsa") == (Cost.ACTION, Cost.REACTION)
    with pytest.raises(Refused, match="bonus action is spent") as refused:
        verify_act(after, _healing_word_then(AttackChoice("Troll", FIRE_BOLT, Mode.RANGED)))
    assert refused.value.rule == "F1"


def test_f1_no_bonus_action_without_something_that_grants_one() -> None:
    plain = fight([hero("Bram")], [])
    assert left_this_turn(plain, "Bram") == (Cost.ACTION, Cost.REACTION)


def test_f3_a_paralysed_hero_hit_in_its_group_takes_a_critical() -> None:
    wren = hero("Wren", conditions=frozenset({Condition.PARALYZED}), ac=12)
    ghoul = monster("Ghoul")
    f = fight([wren], [ghoul], {"A": ["Wren", "Ghoul"]})
    hit = roll_attack(f, ghoul, wren, SWORD, Mode.MELEE, ScriptedDice([5, 10, 4, 4]))
    assert hit.roll.value == "advantage" and hit.kept == 10  # paralysed: advantage
    assert hit.hit and hit.critical  # 10 + 4 hits AC 12, and within 5 ft it is critical


def test_f3_a_reach_attack_from_10_ft_is_not_critical() -> None:
    wren = hero("Wren", conditions=frozenset({Condition.PARALYZED}), ac=10)
    pike = Attack(name="Pike", to_hit=4, damage=parse("1d10+2 piercing"), reach=10)
    ogre = monster("Ogre", attacks=(pike,), reach=10)
    f = fight([wren], [ogre])
    hit = roll_attack(f, ogre, wren, pike, Mode.REACH, ScriptedDice([15, 12, 6]))
    assert hit.hit and not hit.critical


def test_f3_saves_failed_and_at_disadvantage() -> None:
    stunned = hero("A", conditions=frozenset({Condition.STUNNED}))
    restrained = hero("B", conditions=frozenset({Condition.RESTRAINED}))
    assert fails_str_dex(stunned) and not fails_str_dex(restrained)
    assert save_disadvantage(restrained, Ability.DEX)
    assert not save_disadvantage(restrained, Ability.CON)
    assert save_disadvantage(hero("C", exhaustion=3), Ability.WIS)
    f = fight([stunned], [])
    assert not roll_save(f, stunned, Ability.DEX, 5, ScriptedDice([]), "Fireball").success


def test_f5_the_concentration_dc_is_10_or_half_the_damage() -> None:
    assert save_dc(22) == 11 and save_dc(9) == 10 and save_dc(21) == 10 and save_dc(40) == 20


def test_f5_a_wanted_c_dot_is_concentration_and_0_hp_breaks_it() -> None:
    wren = hero("Wren", c_dot=CDot.WANTED)
    f = fight([wren], [])
    assert concentrating(f, wren) and broken(f, wren) == ""
    assert broken(f, replace(wren, hp_now=0)) == "it dropped to 0 hit points"
    paralysed = replace(wren, conditions=frozenset({Condition.PARALYZED}))
    assert broken(f, paralysed) == "it is incapacitated"


def test_f4_durations_in_a_dms_words() -> None:
    names = ["Wren", "Ghoul 1"]
    assert read_lasting("1 minute", names).rounds == 10
    assert read_lasting("3 rounds", names).rounds == 3
    assert read_lasting("until the end of wren's turn", names).until == ("Wren", TurnEdge.END)
    save = read_lasting("", names, save="con 12", each="end")
    assert save.save == (Ability.CON, 12) and save.each is TurnEdge.END
    with pytest.raises(Refused) as refused:
        read_lasting("a while", names)
    assert refused.value.rule == "F4"


def _effect_fight() -> Fight:
    wren, ghoul = hero("Wren", hp=30), monster("Ghoul 1")
    return fight([wren], [ghoul], {"A": ["Wren", "Ghoul 1"]}, round=2)


def test_f4_rounds_end_at_the_start_of_the_turn_they_began_in() -> None:
    f = _effect_fight()
    turn = Steps.turn(f, "Ghoul 1")
    mark_effect(turn, "Wren", "poisoned", Lasting(rounds=2), Condition.POISONED)
    marked = turn.fight
    assert Condition.POISONED in marked.hero("Wren").conditions
    assert ending_at(replace(marked, round=3), "Ghoul 1", TurnEdge.START) == []
    ends = ending_at(replace(marked, round=4), "Ghoul 1", TurnEdge.START)
    assert [why for _, why in ends] == ["2 rounds is over"]
    between = Steps(f)  # marked between turns: it ends as round 2 + 2 starts
    mark_effect(between, "Wren", "poisoned", Lasting(rounds=2), Condition.POISONED)
    assert ending_as_round_starts(between.fight, 3) == []
    assert len(ending_as_round_starts(between.fight, 4)) == 1


def test_f4_an_effect_until_a_dead_creatures_turn_ends_as_the_next_round_starts() -> None:
    """F4, decided: "it ends by itself". An effect lasting to the end of Ghoul 1's turn, or
    one Ghoul 1 imposed in its turn "until the end of its next turn", would never end once
    the ghoul is dead (no more turns): the first ends as the next round starts, the second
    a round later. While the ghoul lives, neither ends as a round starts."""
    f = _effect_fight()
    marking = Steps(f)
    until = Lasting(until=("Ghoul 1", TurnEdge.END))
    mark_effect(marking, "Wren", "dazzled", until)
    own = Steps.turn(marking.fight, "Ghoul 1")
    mark_effect(own, "Wren", "frightened", until, Condition.FRIGHTENED, by="Ghoul 1")
    living = own.fight
    assert ending_as_round_starts(living, 3) == ending_as_round_starts(living, 4) == []
    dead = living.with_combatant(replace(living.monster("Ghoul 1"), damage=99))
    why = "Ghoul 1, whose turn would end it, has no turn"
    assert [(e.what, w) for e, w in ending_as_round_starts(dead, 3)] == [("dazzled", why)]
    assert [e.what for e, _ in ending_as_round_starts(dead, 4)] == ["dazzled", "frightened"]


def test_f4_a_repeat_save_at_the_end_of_the_bearers_turn_ends_it() -> None:
    f = _effect_fight()
    marking = Steps(f)
    lasting = Lasting(rounds=10, save=(Ability.CON, 10), each=TurnEdge.END)
    mark_effect(marking, "Wren", "paralyzed", lasting, Condition.PARALYZED, by="Ghoul 1")
    marked = marking.fight
    assert [e.what for e in saves_due(marked, "Wren", TurnEdge.END)] == ["paralyzed"]
    failed = Rolled.turn(marked, "Wren").rolling(ScriptedDice([3]))
    turn_edge(failed, "Wren", TurnEdge.END, ScriptedDice([3]))
    assert Condition.PARALYZED in failed.fight.hero("Wren").conditions
    saved = Rolled.turn(marked, "Wren")
    turn_edge(saved, "Wren", TurnEdge.END, ScriptedDice([15]))
    assert Condition.PARALYZED not in saved.fight.hero("Wren").conditions
    assert saved.fight.effects == ()


def test_f5_damage_asks_the_concentration_save_and_a_failure_ends_what_lasts_on_it() -> None:
    f = _effect_fight()
    marking = Steps(f)
    mark_effect(marking, "Wren", "Hold Person", Lasting(), concentration=True)
    on_it = Lasting(concentration="Wren")
    mark_effect(marking, "Ghoul 1", "paralyzed", on_it, Condition.PARALYZED, by="Wren")
    marked = marking.fight
    assert marked.hero("Wren").c_dot is CDot.WANTED
    from lnf.model.steps import ConcentrationEnded, Damaged, SaveRolled

    hit = Rolled(marked).rolling(ScriptedDice([9]))  # Con +0: 9 against DC 11 fails
    hit.do(Damaged("Wren", 22))
    kinds = [type(s) for s in hit.steps]
    assert kinds == [Damaged, SaveRolled, ConcentrationEnded]
    saved = hit.steps[1]
    assert isinstance(saved, SaveRolled) and saved.save.dc == 11
    after = hit.fight
    assert after.effects == () and after.hero("Wren").c_dot is None
    assert Condition.PARALYZED not in after.monster("Ghoul 1").conditions


def test_f5_replaying_a_turn_rolls_nothing_again() -> None:
    """What followed a step is in the log: plain Steps (replay) add nothing of their own."""
    f = _effect_fight()
    marking = Steps(f)
    mark_effect(marking, "Wren", "Bless", Lasting(), concentration=True)
    from lnf.model.steps import Damaged

    plain = Steps(marking.fight)
    plain.do(Damaged("Wren", 5))
    assert len(plain.steps) == 1


def test_f1_turn_started_resets_the_books() -> None:
    started, _ = _cleric_turn()
    steps = Steps(started)
    steps.do(Healed("Bram", 5, by="Healing Word", healer="Ilsa"))
    from lnf.engine.apply import apply

    again = apply(
        replace(steps.fight, turns=replace(steps.fight.turns, current=None)), TurnStarted("Ilsa")
    ).after
    assert left_this_turn(again, "Ilsa") == (Cost.ACTION, Cost.BONUS, Cost.REACTION)


# --- the plan's validator and the words of a turn know the new rules -----------------------


def test_p1_m4_a_paralysed_monster_gets_no_order_a_grappled_one_no_group_change() -> None:
    from lnf.model.plan import Move, MoveKind, Order, Plan
    from lnf.rules.plan_check import check_plan
    from lnf.solver import solve_plan

    f = _effect_fight()
    f = replace(f, heroes=(*f.heroes, hero("Cy")), groups=f.groups)
    marking = Steps(f)
    lasting = Lasting(rounds=10, save=(Ability.CON, 10), each=TurnEdge.END)
    mark_effect(marking, "Ghoul 1", "paralyzed", lasting, Condition.PARALYZED, by="Wren")
    paralysed = marking.fight
    assert solve_plan(paralysed, explain=False).plan.order_for("Ghoul 1") is None  # P1
    attack = Plan((Order("Ghoul 1", paralysed.monster("Ghoul 1").rank, target="Wren"),))
    assert [v.rule for v in check_plan(paralysed, attack)] == ["P1"]
    grappling = Steps(f)
    mark_effect(grappling, "Ghoul 1", "grappled", Lasting(), Condition.GRAPPLED, by="Wren")
    held = grappling.fight
    away = Order("Ghoul 1", held.monster("Ghoul 1").rank, Move(MoveKind.JOIN, hero="Cy"))
    assert "M4" in {v.rule for v in check_plan(held, Plan((away,)))}


def test_f1_lnf_act_takes_a_bonus_action_and_an_action_in_one_line() -> None:
    from lnf.engine.decisions import SpellChoice
    from lnf.formats.fight_file import load_fight
    from lnf.heroes.words import parse_choice

    cave = load_fight(Path(__file__).resolve().parent.parent / "examples" / "cave-ambush.yaml")
    cave = cave.with_combatant(replace(cave.hero("Bram"), hp_now=9))  # hurt: worth healing
    ilsa = cave.hero("Ilsa")
    words = "heal Bram with healing word; cast sacred flame at Bugbear"
    choice = parse_choice(cave, ilsa, words)
    assert isinstance(choice.bonus_action, HealChoice) and choice.bonus_action.cost is Cost.BONUS
    assert isinstance(choice.action, SpellChoice) and choice.bonus_first
    with pytest.raises(Refused) as refused:
        parse_choice(cave, ilsa, "cast sacred flame at Bugbear; dodge")
    assert refused.value.rule == "F1"
