"""F1, T1: a feature the words know by name is taken when said with "use" too ("use Second
Wind" as "second wind"), in the one place a player's words are read (`lnf.heroes.words`)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from lnf.engine.decisions import AttackChoice, HealChoice, SimpleChoice
from lnf.errors import Refused
from lnf.formats.fight_file import parse_fight
from lnf.heroes.spell_words import spell_as_verb
from lnf.heroes.words import SAID_VERBS, parse_choice
from lnf.model import Action, Cost, Fight

FIGHT = """
title: Use
heroes:
  - {name: Bram, class: fighter, level: 5,
     scores: &s {str: 16, dex: 12, con: 14, int: 10, wis: 10, cha: 10},
     weapons: [longsword]}
  - {name: Gus, class: barbarian, level: 1, scores: *s,
     weapons: [greataxe]}
  - {name: Kai, class: monk, level: 5,
     scores: &d {str: 10, dex: 16, con: 14, int: 10, wis: 14, cha: 8},
     weapons: [shortsword]}
  - {name: Nix, class: rogue, level: 3, scores: *d,
     weapons: [shortbow], rank: back, why: guarded}
monsters:
  - {monster: orc, count: 2}
groups:
  A: [Bram, Gus, Kai, Orc 1]
"""


def _fight() -> Fight:
    return parse_fight(FIGHT, "use.yaml")


def _both(who: str, use: str, plain: str) -> None:
    """The words with "use" give the turn the plain words give."""
    fight = _fight()
    hero = fight.hero(who)
    assert parse_choice(fight, hero, use) == parse_choice(fight, hero, plain)


def test_f1_use_names_a_bonus_action_the_words_know() -> None:
    _both("Bram", "attack Orc 1 with longsword; use Second Wind", "attack Orc 1; second wind")
    _both("Gus", "use Rage; attack Orc 1", "rage; attack Orc 1")
    _both("Kai", "attack Orc 1 with shortsword; use Flurry of Blows", "attack Orc 1; flurry")
    _both("Kai", "attack Orc 1; use martial arts at Orc 1", "attack Orc 1; martial arts at Orc 1")
    _both("Nix", "attack Orc 2; use Cunning Action to hide", "attack Orc 2; hide")
    choice = parse_choice(_fight(), _fight().hero("Nix"), "attack Orc 2; use cunning action: hide")
    assert choice.bonus_action == SimpleChoice(Action.HIDE, cost=Cost.BONUS)


def test_t1_use_action_surge_doubles_the_turns_attack() -> None:
    _both("Bram", "use Action Surge; attack Orc 1", "attack Orc 1 surge")
    for said in (
        "action surge: attack Orc 1",
        "use action surge and hit Orc 1",
        "action surge, attack Orc 1",
    ):
        _both("Bram", said, "attack Orc 1 surge")
    fight = _fight()
    choice = parse_choice(fight, fight.hero("Bram"), "attack Orc 1; use action surge")
    assert isinstance(choice.action, AttackChoice) and choice.action.surged == 2
    with pytest.raises(Refused, match="Action Surge is more attacks") as said:
        parse_choice(fight, fight.hero("Bram"), "use Action Surge")
    assert said.value.rule == "T1"


def test_t1_action_surge_said_once_the_action_is_spent_is_a_second_action() -> None:
    """F1, T1: the fighter saw its first swings and surges: the attack again, its own two
    swings (Extra Attack), all Action Surge's, and the turn's action already spent is no
    refusal. Without `surge` the spent action still refuses."""
    from lnf.engine.hero_turn import verify_act
    from lnf.model import Turns

    fight = _fight()
    fight = replace(fight, turns=Turns(current="Bram", used_action=frozenset({"Bram"})))
    choice = parse_choice(fight, fight.hero("Bram"), "use action surge; attack Orc 1")
    assert isinstance(choice.action, AttackChoice)
    assert (choice.action.times, choice.action.surged) == (2, 2)
    assert choice.spend == (("Action Surge", 1),)
    verify_act(fight, choice)  # fits: Action Surge's own action
    plain = parse_choice(fight, fight.hero("Bram"), "attack Orc 1")
    with pytest.raises(Refused, match="Bram's action is spent this turn") as said:
        verify_act(fight, plain)
    assert "(Action Surge gives another: attack Orc 1 surge, T1)" in said.value.message
    fresh = _fight()  # before the action: doubled, as before
    doubled = parse_choice(fresh, fresh.hero("Bram"), "attack Orc 1 surge").action
    assert isinstance(doubled, AttackChoice) and (doubled.times, doubled.surged) == (4, 2)


def test_t1_f2_features_said_in_the_attack_s_own_words() -> None:
    """ "and action surge", "with sneak attack" after the weapon read as `surge` and `sneak`."""
    plain = "attack Orc 1 with longsword surge"
    _both("Bram", "attack Orc 1 with longsword and action surge", plain)
    _both("Bram", "attack Orc 1 with longsword, action surge", plain)
    _both("Nix", "attack Orc 1 with shortbow and sneak attack", "attack Orc 1 with shortbow sneak")
    _both("Nix", "attack Orc 1 with shortbow, sneak attack 2d6", "attack Orc 1 sneak 2d6")
    _both("Nix", "attack Orc 1 with sneak attack", "attack Orc 1 sneak")  # no weapon named
    _both("Bram", "attack Orc 1 with action surge", plain)


def test_other_uses_stay_an_action() -> None:
    fight = _fight()
    choice = parse_choice(fight, fight.hero("Bram"), "use potion of climbing")
    assert choice.action == SimpleChoice(Action.USE, "potion of climbing")


POTION = """
title: Potion
heroes:
  - {name: Bram, class: fighter, level: 5, hp: 40,
     scores: {str: 16, dex: 12, con: 14, int: 10, wis: 10, cha: 10},
     weapons: [longsword], uses: {Potion of Healing: 1},
     heals: {Potion of Healing: {dice: 2d4+2}}}
monsters:
  - {monster: orc}
groups:
  A: [Bram, Orc]
"""


def test_f1_a_healing_potion_used_or_drunk_heals_its_drinker() -> None:
    """Used or drunk, the sheet's healing potion heals the hero (its use spent), as "heal Bram
    with Potion of Healing" does; before, "use" spent it for a bare Use action."""
    fight = parse_fight(POTION, "potion.yaml")
    fight = fight.with_combatant(replace(fight.hero("Bram"), hp_now=20))
    bram = fight.hero("Bram")
    healed = parse_choice(fight, bram, "heal Bram with Potion of Healing")
    assert isinstance(healed.action, HealChoice) and healed.action.by == "Potion of Healing"
    for said in ("use Potion of Healing", "drink a potion of healing", "drink a potion"):
        assert parse_choice(fight, bram, said) == healed, said
    other = parse_choice(fight, bram, "drink potion of climbing")  # the Use an Object action
    assert other.action == SimpleChoice(Action.USE, "potion of climbing")


def test_r8_a_step_to_a_rank_said_as_players_say_it() -> None:
    """R8: "step back", "go to the back rank", "move up to the front" are `back` and `front`
    (what follows kept: "fall back hidden")."""
    _both("Nix", "step forward to the front rank", "front")
    _both("Bram", "go to the back rank hidden", "back hidden")
    _both("Gus", "fall back hidden", "back hidden")
    _both("Nix", "step forward", "front")  # R8: the rank ahead, said alone
    _both("Nix", "move up; attack Orc 1", "front; attack Orc 1")


def test_f1_f7_a_spell_s_name_said_as_the_verb_is_cast() -> None:
    """F1, F7: players say "fire bolt the orc": before, "lnf does not know 'fire'"; now a
    spell of the hero's own is cast (`cast NAME at …`, "the" dropped), and a verb the words
    know keeps its meaning ("heal" is never the Heal spell)."""
    wizard = "  - {name: Quill, class: wizard, level: 5, scores: *d, spells: [fire bolt]}\n"
    fight = parse_fight(FIGHT.replace("monsters:", f"{wizard}monsters:"), "use.yaml")
    quill = fight.hero("Quill")
    plain = parse_choice(fight, quill, "cast Fire Bolt at Orc 2")
    for said in ("fire bolt the orc 2", "Fire Bolt Orc 2", "fire bolt at Orc 2"):
        assert parse_choice(fight, quill, said) == plain
    assert spell_as_verb(quill, "heal Bram", SAID_VERBS) == "heal Bram"
    assert spell_as_verb(quill, "attack Orc 1", SAID_VERBS) == "attack Orc 1"


def test_g5_r8_a_move_to_where_it_stands_is_said_so() -> None:
    """G5: joining the group it is in, and R8: stepping to the rank it holds, are refused as
    such, not as moves its speed or its rank's rules forbid."""
    fight = _fight()
    bram = fight.hero("Bram")
    with pytest.raises(Refused, match="Bram is in group A with Orc 1 already") as said:
        parse_choice(fight, bram, "join Orc 1")
    assert said.value.rule == "G5"
    with pytest.raises(Refused, match="Bram is in the front rank already") as said:
        parse_choice(fight, bram, "step up to the front")
    assert said.value.rule == "R8"


def test_f2_then_before_a_foe_alone_names_the_next_blow_s_target() -> None:
    """F1, F2: "then" parts a turn ("join A then attack Orc 1"), but before a foe's name alone
    it goes on naming the swings' targets: "attack Orc 1 then Orc 2" is "… Orc 1 and Orc 2"."""
    fight = parse_fight(FIGHT.replace("Kai, Orc 1]", "Kai, Orc 1, Orc 2]"), "use.yaml")
    bram = fight.hero("Bram")
    plain = parse_choice(fight, bram, "attack Orc 1 and Orc 2")
    assert parse_choice(fight, bram, "attack Orc 1 then Orc 2") == plain
    assert isinstance(plain.action, AttackChoice) and plain.action.then == ("Orc 2",)
    assert parse_choice(fight, bram, "second wind then attack Orc 2").bonus is not None
