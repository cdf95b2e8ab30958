"""Playing rounds: hero choices checked by the rules, opportunity attacks and Disengage (M6,
D10), re-planning (P6), O dots (T1), the end of the fight."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from lnf.dice import DamageType, parse
from lnf.engine.apply import Steps
from lnf.engine.decisions import AttackChoice, SimpleChoice, SpellChoice, TurnChoice
from lnf.engine.resolve import roll_spell
from lnf.engine.runner import Runner
from lnf.engine.steps import apply_step
from lnf.engine.table import Table
from lnf.errors import Refused
from lnf.heroes.policy import PolicyHeroes, policy_choice
from lnf.heroes.words import parse_choice
from lnf.model import (
    Ability,
    Action,
    Area,
    Attack,
    AttackKind,
    Condition,
    Fight,
    Hero,
    Monster,
    Rank,
    Resource,
    Shape,
    Side,
)
from lnf.model.events import Planned, Turn
from lnf.model.plan import Advantage, Mode
from lnf.model.steps import Attacked, Fled, Moved
from lnf.solver import solve_plan
from lnf.values import replace
from lnf.views.transcript import describe, transcript
from tests.builders import BOW, SWORD, fight, hero, monster
from tests.cli import run

SPELL = Attack(
    name="Chromatic Orb",
    kind=AttackKind.RANGED,
    to_hit=5,
    damage=parse("3d8 fire"),
    range=(90, 90),
    spell=True,
    slot=True,
)


class Told:
    """Heroes do what the test says, in order; opportunity attacks as told."""

    at_table = False

    def __init__(self, choices: dict[str, list[str]], opportunity: bool = True) -> None:
        self.choices = choices
        self.opportunity = opportunity

    def choose(self, fight: Fight, hero: Hero) -> TurnChoice | None:
        todo = self.choices.get(hero.name)
        if not todo:
            return TurnChoice(action=SimpleChoice(Action.NOTHING))
        return parse_choice(fight, hero, todo.pop(0))

    def takes_opportunity(self, fight: Fight, hero: Hero, foe: Monster) -> bool:
        return self.opportunity

    def dashes(self, fight: Fight, hero: Hero) -> int:
        return 0

    def pursues(self, fight: Fight, hero: Hero, foe: Monster) -> bool:
        return True

    def tells_to_flee(self, fight: Fight, monster: Monster) -> bool:
        return monster.name in self.choices.get("flee", [])


def play_one_round(f: Fight, heroes: object, faces: list[int] | None = None) -> Table:
    table = Table(f)
    runner = Runner(table, heroes, planner(), lambda _: None)  # type: ignore[arg-type]
    if faces is not None:
        dice = Faces(faces)
        runner.dice = lambda: dice
    runner.begin(1)
    runner.play(rounds=1)
    return table


class Faces:
    """These faces first, then 10 on every die (its top face on smaller dice)."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def about(self, what: str) -> None:

        pass

    def face(self, sides: int) -> int:
        return self.faces.pop(0) if self.faces else min(10, sides)


def planner() -> Callable[[Fight], object]:
    return lambda f: solve_plan(f, explain=False).plan


def steps(table: Table) -> list[object]:
    return [s for e in table.events if isinstance(e, Turn) for s in e.steps]


# --- hero choices (A1–A3, M2, R4, R7) -----------------------------------------------------


def two_groups() -> Fight:
    return fight(
        [hero("Ann", attacks=(SWORD, BOW)), hero("Bo", speed=20)],
        [monster("Orc"), monster("Gob")],
        {"A": ["Ann", "Orc"], "B": ["Bo", "Gob"]},
    )


def test_a1_melee_only_in_ones_own_group_with_the_open_choices_listed() -> None:
    f = two_groups()
    with pytest.raises(Refused) as info:
        parse_choice(f, f.hero("Ann"), "attack Gob with Sword")
    assert info.value.rule == "A1"
    assert "attack Orc with Sword (mêlée)" in info.value.options
    assert "attack Gob with Bow (ranged)" in info.value.options


def test_a3_a_bow_reaches_anyone_and_a_move_comes_first() -> None:
    f = two_groups()
    choice = parse_choice(f, f.hero("Ann"), "attack Gob with Bow")
    assert isinstance(choice.action, AttackChoice) and choice.action.mode is Mode.RANGED
    moved = parse_choice(f, f.hero("Ann"), "join B; attack Gob")
    assert moved.moves == (Moved("Ann", join="B"),)
    assert isinstance(moved.action, AttackChoice) and moved.action.mode is Mode.MELEE


def test_m2_a_slow_hero_in_a_group_cannot_change_groups() -> None:
    f = two_groups()
    with pytest.raises(Refused) as info:
        parse_choice(f, f.hero("Bo"), "join A")
    assert info.value.rule == "M2"
    assert parse_choice(f, f.hero("Bo"), "leave").moves == (Moved("Bo", leave=True),)
    with pytest.raises(Refused) as twice:
        parse_choice(f, f.hero("Bo"), "leave; join A")
    assert twice.value.rule == "M2"


def test_r4_r5_a_hero_steps_back_only_with_a_reason_that_holds() -> None:
    f = two_groups()
    with pytest.raises(Refused) as info:
        parse_choice(f, f.hero("Ann"), "back guarded")  # two monsters, two heroes: R5 fails
    assert info.value.rule == "R5"
    with pytest.raises(Refused) as fly:
        parse_choice(f, f.hero("Ann"), "free-air")
    assert "R7" in fly.value.rule


def test_one_action_per_turn_and_unknown_words_are_refused() -> None:
    f = two_groups()
    with pytest.raises(Refused, match="one action per turn"):
        parse_choice(f, f.hero("Ann"), "dodge; attack Orc")
    with pytest.raises(Refused, match="does not know 'fireball'"):
        parse_choice(f, f.hero("Ann"), "fireball Orc")


# --- in the round --------------------------------------------------------------------------


def test_m6_leaving_draws_an_opportunity_attack_and_disengage_prevents_it() -> None:
    f = fight(
        [hero("Ann", light=True, attacks=(SWORD, BOW))],
        [monster("Orc", attacks=(SWORD,))],
        {"A": ["Ann", "Orc"]},
    )
    table = play_one_round(f, Told({"Ann": ["leave; attack Orc with Bow"]}))
    first = steps(table)[0]
    assert isinstance(first, Attacked) and first.opportunity and first.attacker == "Orc"
    assert "Orc" in table.fight.turns.reacted
    calm = play_one_round(f, Told({"Ann": ["disengage; leave"]}))  # Disengage is the action
    assert not any(isinstance(s, Attacked) and s.opportunity for s in steps(calm))


def test_p6_a_hero_who_moves_gets_the_monsters_to_plan_again() -> None:
    f = fight(
        [hero("Ann", light=True, attacks=(SWORD, BOW)), hero("Bo")],
        [monster("Orc", attacks=(SWORD,)), monster("Gob", attacks=(SWORD,))],
        {"A": ["Ann", "Orc"], "B": ["Bo", "Gob"]},
    )
    table = play_one_round(f, Told({"Ann": ["disengage; leave"]}))
    plans = [e for e in table.events if isinstance(e, Planned)]
    assert [p.replan for p in plans] == [False, True]
    orc = next(o for o in plans[1].orders if o.monster == "Orc")
    assert orc.target == "Ann" and str(orc.move) == "joins Ann"  # it follows her


def test_t1_a_slotted_spell_that_deals_damage_gives_an_o_dot() -> None:
    f = fight(
        [hero("Ann", light=True, attacks=(SPELL,))], [monster("Orc", hp=40)], {"A": ["Ann", "Orc"]}
    )
    # From the front rank the spell has disadvantage (R2): two d20s, then the damage dice.
    hit = play_one_round(f, Told({"Ann": ["cast Chromatic Orb at Orc"]}), faces=[15, 15, 4, 4, 4])
    assert hit.fight.hero("Ann").o_dot
    missed = play_one_round(f, Told({"Ann": ["cast Chromatic Orb at Orc"]}), faces=[2, 2])
    assert not missed.fight.hero("Ann").o_dot


def test_the_fight_ends_when_one_side_is_all_down() -> None:
    f = fight([hero("Ann", light=True)], [monster("Orc", hp=1)], {"A": ["Ann", "Orc"]})
    table = Table(f)
    runner = Runner(table, PolicyHeroes(), planner(), lambda _: None)  # type: ignore[arg-type]
    dice = Faces([15])
    runner.dice = lambda: dice
    runner.begin(1)
    assert runner.play() is Side.HEROES
    assert runner.play() is Side.HEROES  # and stays over


def test_a_downed_hero_rolls_death_saves_instead_of_acting() -> None:
    f = fight(
        [hero("Ann", hp=20, hp_now=0), hero("Bo", light=True)],
        [monster("Orc", hp=40, attacks=(SWORD,))],
        {"A": ["Bo", "Orc"]},
    )
    table = play_one_round(f, PolicyHeroes(), faces=[])
    saves = [s for e in table.events if isinstance(e, Turn) and e.who == "Ann" for s in e.steps]
    assert [type(s).__name__ for s in saves] == ["DeathSave"]
    # The orc hits her first: a mêlée hit on an unconscious hero is critical, two failures
    # (D9); then her own save, a 10, succeeds.
    assert table.fight.hero("Ann").death_saves == (1, 2)


def test_policy_focuses_the_foe_nearest_to_dropping_in_melee_and_from_the_back() -> None:
    f = fight(
        [hero("Ann"), hero("Wen", cls="wizard", rank=Rank.BACK, why=None, attacks=(BOW,))],
        [monster("Big", hp=30), monster("Small", hp=30, damage=25)],
        {"A": ["Ann", "Big", "Small"]},
    )
    ann = policy_choice(f, f.hero("Ann")).action
    assert isinstance(ann, AttackChoice) and ann.target == "Small" and ann.mode is Mode.MELEE
    wen = policy_choice(f, f.hero("Wen")).action
    assert isinstance(wen, AttackChoice) and wen.target == "Small" and wen.mode is Mode.RANGED


def test_d8_ko_knocks_a_foe_out_instead_of_killing_it() -> None:
    f = fight([hero("Ann", light=True)], [monster("Orc", hp=5)], {"A": ["Ann", "Orc"]})
    table = play_one_round(f, Told({"Ann": ["attack Orc with Sword ko"]}), faces=[15, 8])
    orc = table.fight.monster("Orc")
    assert orc.current_hp == 0 and Condition.UNCONSCIOUS in orc.conditions
    lines = transcript(table.in_force)
    assert any("Orc is knocked out: unconscious and stable (D8)" in line for line in lines)


def test_help_gives_the_ally_advantage_on_its_next_attack_this_round() -> None:
    f = fight(
        [hero("Ann", light=True), hero("Bo", light=True)],
        [monster("Orc", hp=40)],
        {"A": ["Ann", "Bo", "Orc"]},
    )
    table = play_one_round(f, Told({"Ann": ["help Bo"], "Bo": ["attack Orc"]}))
    bo = [s for s in steps(table) if isinstance(s, Attacked) and s.attacker == "Bo"]
    assert bo[0].roll is Advantage.ADVANTAGE and "an ally helps" in bo[0].reasons
    assert "Bo" not in table.fight.turns.helped  # spent


FIREBALL = Attack(
    name="Fireball",
    kind=AttackKind.RANGED,
    damage=parse("8d6 fire"),
    range=(150, 150),
    spell=True,
    slot=True,
    save=(Ability.DEX, 15),
    area=Area(Shape.SPHERE, 20),
)


def area_fight() -> Fight:
    return fight(
        [hero("Ann"), hero("Bo"), hero("Wiz", cls="wizard", attacks=(FIREBALL,))],
        [
            monster("Orc", hp=60, saves=((Ability.DEX, 1),)),
            monster("Imp", hp=60, resist=frozenset({DamageType.FIRE})),
            monster("Gob", hp=60),
        ],
        {"A": ["Ann", "Orc", "Imp"], "B": ["Bo", "Gob"]},
    )


def test_e3_casting_an_area_spell_checks_the_targets_and_names_the_groups() -> None:
    f = area_fight()
    with pytest.raises(Refused) as info:
        parse_choice(f, f.hero("Wiz"), "cast Fireball at Orc, Gob")
    assert info.value.rule == "E3"
    assert "group A (without Ann and Imp) and group B (without Bo)" in info.value.message
    choice = parse_choice(f, f.hero("Wiz"), "cast Fireball at Orc, Imp and Ann sculpt Ann")
    assert isinstance(choice.action, SpellChoice)
    assert choice.action.targets == ("Orc", "Imp", "Ann") and choice.action.spared == ("Ann",)


def test_f2_sculpt_spells_is_a_wizard_s_and_spares_1_plus_the_spell_s_level() -> None:
    """F2, E3: the SRD's School of Evocation, wizard level 2: "a number of them equal to 1 +
    the spell's level"; a sorcerer's Fireball catches its allies."""
    f = area_fight()
    sorcerer = replace(f.hero("Wiz"), cls="sorcerer")
    with pytest.raises(Refused, match=r"Wiz has no Sculpt Spells \(a wizard's from the 2nd"):
        parse_choice(
            f.with_combatant(sorcerer), sorcerer, "cast Fireball at Orc, Imp and Ann sculpt Ann"
        )
    apprentice = replace(f.hero("Wiz"), level=1, resources=(Resource("slot 3", 1),))
    with pytest.raises(Refused) as info:
        parse_choice(
            f.with_combatant(apprentice), apprentice, "cast Fireball at Orc, Imp and Ann sculpt Ann"
        )
    assert info.value.rule == "F2"
    hands = replace(FIREBALL, name="Burning Hands", slot=1)  # a 1st-level spell spares 2
    crowd = fight(
        [hero(n) for n in ("Ann", "Bo", "Cy")] + [hero("Wiz", cls="wizard", attacks=(hands,))],
        [monster("Orc", hp=60)],
        {"A": ["Ann", "Bo", "Cy", "Orc"]},
    )
    said = "cast Burning Hands at Orc, Ann, Bo and Cy sculpt Ann, Bo and Cy"
    with pytest.raises(Refused, match="spares 1 \\+ the spell's level: 2 at a 1-level"):
        parse_choice(crowd, crowd.hero("Wiz"), said)


def test_area_damage_is_rolled_once_and_each_target_saves() -> None:
    f = area_fight()
    # 8d6 all 3s = 24 fire; Orc saves (15 + 1 = 16 vs DC 15): 12; Imp fails (4): 24, resisted: 12.
    dice = Faces([3] * 8 + [15, 4])
    cast = roll_spell(
        f,
        f.hero("Wiz"),
        FIREBALL,
        ("Orc", "Imp", "Ann"),
        dice,
        spared=("Ann",),
        big="a slotted spell",
        area="20 ft sphere, 4 targets",
    )
    assert [(s.who, s.success) for s in cast.saves] == [("Orc", True), ("Imp", False)]
    done = apply_step(f, cast)
    after = done.after
    assert after.monster("Orc").damage == 12 and after.monster("Imp").damage == 12
    assert [(d.who, d.amount, d.defences) for d in done.dealt] == [
        ("Orc", 12, ""),
        ("Imp", 12, "resists fire"),
        ("Ann", 0, ""),  # spared
    ]
    assert after.hero("Ann").current_hp == 20  # spared (Sculpt Spells)
    assert after.hero("Wiz").o_dot and done.o_dot == "Wiz"  # a slotted spell that hurt (T1)
    turn = Steps.turn(f, "Wiz")
    turn.do(cast)
    told = "\n".join(describe(turn.finish(Turn("Wiz", (cast,)))))
    assert "Wiz casts Fireball (20 ft sphere, up to 4 targets) on Orc, Imp and Ann" in told
    assert "sparing Ann (Sculpt Spells)" in told
    assert "Imp's DEX save 1d20 (4) + 0 = 4 vs DC 15: fails, takes 12, resists fire (D6)" in told


def test_c1_a_hero_who_flees_is_pursued_by_the_monsters_nothing_holds() -> None:
    f = fight(
        [hero("Ann", light=True), hero("Bo")],
        [monster("Orc", hp=40, attacks=(SWORD,)), monster("Gob", hp=40, attacks=(SWORD,))],
        {"A": ["Ann", "Orc"], "B": ["Bo", "Gob"]},
    )
    table = play_one_round(f, Told({"Ann": ["disengage; flee"]}))
    fled = [s for s in steps(table) if isinstance(s, Fled)]
    assert [(s.who, s.pursuers) for s in fled] == [("Ann", ("Orc",))]  # Gob is held by Bo
    assert [(p.escaper, p.pursuer) for p in table.fight.chase] == [("Ann", "Orc")]
    assert table.fight.group_of("Ann") is None


def test_a_fight_apart_without_terrain_says_what_to_do(tmp_path: Path) -> None:
    path = tmp_path / "apart.yaml"
    path.write_text(
        "phase: apart\nheroes:\n  - {name: Ann, class: fighter, hp: 10}\n"
        "monsters:\n  - {name: Orc, hp: 7}\n"
    )
    code, out = run("run", str(path), "--seed", "1")
    assert code == 2 and "names no terrain" in out and "lnf start" in out


def test_attack_extras_come_in_any_order() -> None:
    f = fight([hero("Ann", light=True)], [monster("Orc")], {"A": ["Ann", "Orc"]})
    for text in ("attack Orc surge sneak 2d6 ko", "attack Orc with Sword ko sneak 2d6 surge"):
        action = parse_choice(f, f.hero("Ann"), text).action
        assert isinstance(action, AttackChoice)
        assert (str(action.extra), action.times, action.knock_out) == ("2d6", 2, True)
