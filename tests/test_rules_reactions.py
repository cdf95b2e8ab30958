"""M6's reach clause: an enemy that last hit you with a reach attack (A2) may take an
opportunity attack when you move away from it — decided in rules.reactions, recorded by the
engine from the hits it applies, checked in a state, kept in a fight file."""

from __future__ import annotations

from dataclasses import replace

from lnf.dice import parse
from lnf.engine.apply import Steps
from lnf.engine.decisions import SimpleChoice, TurnChoice
from lnf.engine.hero_turn import hero_steps
from lnf.engine.resolve import roll_attack
from lnf.engine.steps import apply_step
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.model import Action, Attack, Fight, Hero, Monster, Rank
from lnf.model.plan import Mode
from lnf.model.steps import Attacked, Moved
from lnf.rules.group_changes import moved
from lnf.rules.reactions import moves_away, opportunity_attackers, opportunity_mode
from lnf.rules.state_check import check_state
from tests.builders import SWORD, fight, hero, monster

GREATCLUB = Attack(name="Greatclub", to_hit=6, damage=parse("2d8+4 bludgeoning"), reach=10)


class Faces:
    """Every d20 a 15, every other die its top face: every attack hits."""

    def about(self, what: str) -> None:
        pass

    def face(self, sides: int) -> int:
        return 15 if sides == 20 else sides


class Calm:
    """Heroes who take no opportunity attack and never flee."""

    at_table = False

    def takes_opportunity(self, fight: Fight, hero: Hero, foe: Monster) -> bool:
        return False


def ogre_fight(**ann: object) -> Fight:
    """Ann in group A with a goblin; an unengaged ogre out-reaches her (10 ft against 5)."""
    return fight(
        [hero("Ann", **ann), hero("Bo")],
        [monster("Ogre", attacks=(GREATCLUB,)), monster("Gob", attacks=(SWORD,))],
        {"A": ["Ann", "Gob"]},
    )


def test_m6_a_reach_hit_marks_its_attacker_and_any_other_hit_clears_it() -> None:
    f = ogre_fight()
    hit = roll_attack(f, f.monster("Ogre"), f.hero("Ann"), GREATCLUB, Mode.REACH, Faces())
    assert hit.hit and hit.mode is Mode.REACH
    after = apply_step(f, hit).after
    assert after.hero("Ann").reached_by == "Ogre"
    sword = roll_attack(after, after.monster("Gob"), after.hero("Ann"), SWORD, Mode.MELEE, Faces())
    assert apply_step(after, sword).after.hero("Ann").reached_by is None
    missed = replace(hit, hit=False, damage=())
    assert apply_step(f, missed).after.hero("Ann").reached_by is None  # only a hit counts


def test_m6_moving_away_from_the_reacher_draws_its_opportunity_attack() -> None:
    f = ogre_fight(reached_by="Ogre")
    leave = Moved("Ann", leave=True)
    assert opportunity_attackers(f, leave) == ["Gob", "Ogre"]  # the group, then the reacher
    assert opportunity_mode(f, "Gob", "Ann") is Mode.MELEE
    assert opportunity_mode(f, "Ogre", "Ann") is Mode.REACH
    alone = replace(f, groups=())  # unengaged, she joins Bo: still away from the ogre
    assert opportunity_attackers(alone, Moved("Ann", join="Bo")) == ["Ogre"]


def test_m6_no_reach_opportunity_attack_toward_the_reacher_or_without_a_move() -> None:
    f = replace(ogre_fight(reached_by="Ogre"), groups=())
    assert not moves_away(f, Moved("Ann", join="Ogre"), "Ogre")  # to it, not away (M5)
    assert opportunity_attackers(f, Moved("Ann", join="Ogre")) == []
    assert opportunity_attackers(f, Moved("Ann", rank=Rank.BACK)) == []  # R8: no movement
    disengaged = replace(f, turns=replace(f.turns, disengaged=frozenset({"Ann"})))
    assert opportunity_attackers(disengaged, Moved("Ann", join="Gob")) == []


def test_m6_the_reacher_must_still_reach_and_have_its_reaction() -> None:
    f = ogre_fight(reached_by="Ogre")
    leave = Moved("Ann", leave=True)
    reacted = replace(f, turns=replace(f.turns, reacted=frozenset({"Ogre"})))
    assert opportunity_attackers(reacted, leave) == ["Gob"]  # D10: one reaction a round
    engaged = replace(
        f, groups=(*f.groups, replace(f.groups[0], label="B", members=("Bo", "Ogre")))
    )
    assert opportunity_attackers(engaged, leave) == ["Gob"]  # A2: reach only from no group
    long_arms = f.with_combatant(replace(f.hero("Ann"), reach=10))
    assert opportunity_attackers(long_arms, leave) == ["Gob"]  # A2: no longer out-reached


def test_m6_once_moved_away_the_reacher_has_no_further_claim() -> None:
    f = ogre_fight(reached_by="Ogre")
    assert moved(f, Moved("Ann", leave=True)).hero("Ann").reached_by is None
    toward = moved(replace(f, groups=()), Moved("Ann", join="Ogre"))
    assert toward.hero("Ann").reached_by == "Ogre"  # joined it: not away


def test_m6_a_hero_leaving_is_struck_by_the_reacher_with_reach() -> None:
    f = ogre_fight(reached_by="Ogre")
    turn = Steps.turn(f, "Ann")
    choice = TurnChoice(action=SimpleChoice(Action.NOTHING), moves=(Moved("Ann", leave=True),))
    hero_steps(turn, f.hero("Ann"), choice, Faces(), Calm())  # type: ignore[arg-type]
    swings = [d.step for d in turn.done if isinstance(d.step, Attacked) and d.step.opportunity]
    assert [(s.attacker, s.mode, s.attack) for s in swings] == [
        ("Gob", Mode.MELEE, "Sword"),
        ("Ogre", Mode.REACH, "Greatclub"),
    ]
    disengage = replace(choice, action=SimpleChoice(Action.DISENGAGE))
    turn = Steps.turn(f, "Ann")
    hero_steps(turn, f.hero("Ann"), disengage, Faces(), Calm())  # type: ignore[arg-type]
    assert not any(isinstance(d.step, Attacked) for d in turn.done)  # nobody swings


def test_m6_the_state_check_names_a_reached_by_that_is_no_enemy() -> None:
    f = ogre_fight(reached_by="Bo")
    found = [v for v in check_state(f) if v.rule == "M6"]
    assert [v.who for v in found] == [("Ann",)]
    assert "Bo" in found[0].message
    assert not [v for v in check_state(ogre_fight(reached_by="Ogre")) if v.rule == "M6"]


def test_m6_a_fight_file_keeps_who_last_hit_with_reach() -> None:
    f = ogre_fight(reached_by="Ogre")
    text = dump_fight(f)
    assert "reached_by: Ogre" in text
    assert parse_fight(text, "saved.yaml").hero("Ann").reached_by == "Ogre"
