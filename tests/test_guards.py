"""F1's reactions that turn a hit: Shield for a hero (at the table lnf waits for `lnf react`;
the hero policy takes it whenever it turns the hit), a stat block's Parry for a monster."""

from __future__ import annotations

from dataclasses import replace
from typing import TypeGuard

from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import Steps
from lnf.engine.guards import Waits, land
from lnf.engine.resolve import roll_attack
from lnf.engine.runner import Runner
from lnf.engine.sides import TABLE_HEROES
from lnf.engine.table import Table
from lnf.heroes.policy import PolicyHeroes
from lnf.model import Fight, Guard, Resource
from lnf.model.events import Reaction, Turn
from lnf.model.plan import Mode
from lnf.model.steps import Attacked, Guarded, Used
from lnf.rules.conditions import takes_no_reactions
from lnf.rules.economy import turning_guard
from lnf.solver import solve_plan
from lnf.views.transcript import describe
from tests.builders import SWORD, fight, hero, monster

SHIELD = Guard("Shield", 5, slot=1, lasts=True)
PARRY = Guard("Parry", 2, melee_only=True)


def _wizard_fight() -> Fight:
    wren = hero(
        "Wren",
        "wizard",
        ac=12,
        hp=30,
        guards=(SHIELD,),
        level=1,
        resources=(Resource("slot 1", 2),),
    )
    ogre = monster("Ogre", hp=60, attacks=(SWORD,))
    return fight(
        [wren],
        [ogre],
        {"A": ["Wren", "Ogre"]},
        started=__import__("lnf.model", fromlist=["Side"]).Side.MONSTERS,
    )


def test_f1_parry_turns_a_melee_hit_that_would_miss_by_two() -> None:
    knight = monster("Knight", ac=16, guards=(PARRY,))
    bram = hero("Bram")
    f = fight([bram], [knight], {"A": ["Bram", "Knight"]})
    hit = roll_attack(f, bram, knight, SWORD, Mode.MELEE, ScriptedDice([13, 5]))  # 17 vs 16
    turn = Steps.turn(f, "Bram")
    done = land(turn, hit)
    kinds = [type(s) for s in turn.steps]
    assert kinds == [Guarded, Attacked]
    assert isinstance(done.step, Attacked) and not done.step.hit and done.step.ac == 18
    assert "Knight" in turn.fight.turns.reacted  # one reaction a round
    again = roll_attack(turn.fight, bram, knight, SWORD, Mode.MELEE, ScriptedDice([13, 5]))
    assert land(turn, again).step.hit  # its reaction is spent


def test_f1_no_guard_against_a_hit_it_cannot_turn_or_a_natural_20() -> None:
    knight = monster("Knight", ac=16, guards=(PARRY,))
    bram = hero("Bram")
    f = fight([bram], [knight], {"A": ["Bram", "Knight"]})
    big = roll_attack(f, bram, knight, SWORD, Mode.MELEE, ScriptedDice([18, 5]))  # 22 ≥ 18
    assert [type(s) for s in _landed(f, big)] == [Attacked]
    natural = roll_attack(f, bram, knight, SWORD, Mode.MELEE, ScriptedDice([20, 5, 5]))
    assert [type(s) for s in _landed(f, natural)] == [Attacked]


def _landed(f: object, hit: Attacked) -> list[object]:
    turn = Steps.turn(f, hit.attacker)  # type: ignore[arg-type]
    land(turn, hit)
    return list(turn.steps)


def _table(at_table: bool) -> tuple[Table, Runner]:
    table = Table(_wizard_fight())  # type: ignore[arg-type]
    heroes = TABLE_HEROES if at_table else PolicyHeroes()
    runner = Runner(table, heroes, lambda f: solve_plan(f, explain=False).plan, lambda _: None)
    return table, runner


def _shielded_seed() -> int:
    """A seed whose round-1 Ogre hit lands on AC 12 but not on 17 (found, not assumed)."""
    for seed in range(1, 200):
        table, runner = _table(at_table=False)
        runner.begin(seed)
        runner.play(rounds=1)
        for applied in table.in_force:
            event = applied.event
            if _ogres(event) and any(isinstance(s, Guarded) for s in event.steps):
                return seed
    raise AssertionError("no seed in 1–199 gives a hit Shield turns")


def test_f1_the_hero_policy_casts_shield_when_it_turns_the_hit() -> None:
    seed = _shielded_seed()
    table, runner = _table(at_table=False)
    runner.begin(seed)
    runner.play(rounds=1)
    ogre = next(
        a.event for a in table.in_force if isinstance(a.event, Turn) and a.event.who == "Ogre"
    )
    assert isinstance(ogre, Turn)
    kinds = [type(s) for s in ogre.steps]
    assert Used in kinds and Guarded in kinds  # the slot, then the reaction
    hit = next(s for s in ogre.steps if isinstance(s, Attacked))
    assert not hit.hit and hit.ac == 17


def test_f1_at_the_table_shield_waits_for_lnf_react() -> None:
    seed = _shielded_seed()
    table, runner = _table(at_table=True)
    runner.begin(seed)
    waits = _to_the_ogres_hit(runner)
    assert waits is not None and waits.hero == "Wren" and waits.guard.name == "Shield"
    assert not any(isinstance(a.event, Turn) and a.event.who == "Ogre" for a in table.in_force)
    table.add(Reaction("Wren", "Ogre", True, guard="Shield"))
    runner.on_at_table(monster_turns=None)
    ogre = next(
        a.event for a in table.in_force if isinstance(a.event, Turn) and a.event.who == "Ogre"
    )
    assert isinstance(ogre, Turn) and any(isinstance(s, Guarded) for s in ogre.steps)


def test_f1_the_tables_answer_to_a_shield_is_said_as_a_shield_not_an_opportunity_attack() -> None:
    """F1: `lnf react Wren` at a Shield lnf waits for says the Shield (it said "Wren will
    strike at Ogre as it leaves (opportunity attack, M6)", and undo took that back)."""
    seed = _shielded_seed()
    table, runner = _table(at_table=True)
    runner.begin(seed)
    assert _to_the_ogres_hit(runner) is not None
    took = describe(table.add(Reaction("Wren", "Ogre", True, guard="Shield")))
    assert took == ["Wren will take Shield against Ogre's hit (a reaction, F1)."]
    table.undo()
    passed = describe(table.add(Reaction("Wren", "Ogre", False, guard="Shield")))
    assert passed == ["Wren does not take Shield against Ogre's hit (a reaction, F1)."]


def test_f1_at_the_table_a_passed_shield_lets_the_hit_land() -> None:
    seed = _shielded_seed()
    table, runner = _table(at_table=True)
    runner.begin(seed)
    assert _to_the_ogres_hit(runner) is not None
    table.add(Reaction("Wren", "Ogre", False, guard="Shield"))
    runner.on_at_table(monster_turns=None)
    ogre = next(
        a.event for a in table.in_force if isinstance(a.event, Turn) and a.event.who == "Ogre"
    )
    assert isinstance(ogre, Turn) and not any(isinstance(s, Guarded) for s in ogre.steps)
    assert any(isinstance(s, Attacked) and s.hit for s in ogre.steps)


def _to_the_ogres_hit(runner: Runner) -> Waits | None:
    """`lnf next` until lnf waits for the table's answer to the Ogre's hit."""
    for _ in range(4):
        runner.on_at_table(monster_turns=None)
        if (waits := runner.waiting_guard()) is not None:
            return waits
    return None


def _ogres(event: object) -> TypeGuard[Turn]:
    return isinstance(event, Turn) and event.who == "Ogre"


def test_f1_guards_in_the_fight_file_and_the_srd_parry() -> None:
    """`guards: [shield]` on a sheet, `parry N` read from a stat block's reaction (the SRD
    Knight: +2), a bad one named at its line; written back as read."""
    from lnf.errors import InputError
    from lnf.formats.bestiary import srd
    from lnf.formats.fight_file import parse_fight
    from lnf.formats.fight_writer import dump_fight

    text = (
        "heroes:\n  - {name: Wren, class: wizard, hp: 12, guards: [shield]}\n"
        "monsters:\n  - monster: knight\n"
    )
    f = parse_fight(text, "k.yaml")
    assert f.hero("Wren").guards == (SHIELD,)
    assert f.monster("Knight").guards == (Guard("Parry", 2, melee_only=True),)
    assert parse_fight(dump_fight(f), "again.yaml") == f
    knight = next(m for m in srd() if m["name"] == "Knight")
    assert knight["guards"] == ["parry 2"]
    assert not any("Parry" in n for n in knight.get("not_modelled", []))
    try:
        parse_fight(text.replace("[shield]", "[sheild]"), "k.yaml")
    except InputError as exc:
        said = (
            "'sheild' is no reaction lnf plays: say shield, parry 2, amulet 2, uncanny dodge, "
            "deflect missiles 8 (1d10 + 8 off a ranged weapon hit) or hellish rebuke"
        )
        assert "guards[0]" in str(exc) and said in str(exc) and ":2" in str(exc)
        assert "did you mean 'shield'?" in str(exc)
    else:
        raise AssertionError("a reaction lnf does not play is refused")


def test_f1_a_hero_down_at_0_hit_points_takes_no_shield() -> None:
    """D8, F3: a hero at 0 hit points is unconscious, so incapacitated: no reaction turns a hit
    (solo play asked a downed wizard whether Shield turned a ghoul's claws)."""
    up = _wizard_fight()
    down = up.with_combatant(replace(up.hero("Wren"), hp_now=0))
    # 10 + 4 hits AC 12 but not Shield's 17; at 0 hit points: advantage and a critical hit
    for f, faces, turned in ((up, [10, 5], True), (down, [10, 10, 5, 5], False)):
        wren, ogre = f.hero("Wren"), f.monster("Ogre")
        hit = roll_attack(f, ogre, wren, SWORD, Mode.MELEE, ScriptedDice(faces))
        assert hit.hit and hit.kept == 10
        assert (turning_guard(f, hit) is not None) is turned
        assert bool(takes_no_reactions(wren)) is not turned
