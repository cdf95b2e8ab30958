"""B7 Legendary Resistance and B10 monsters' reactions (Shield, Counterspell), played through a
hero's turn as the engine plays it, logged, said and taken back by undo. Monsters are built as
objects, as a stat block gives them (the SRD Adult Red Dragon's Wisdom save +7 here +4; the
SRD Mage: 9th level, Int +3, spell attack +6, slots 4/3/3/3/1)."""

from __future__ import annotations

from dataclasses import replace

from lnf.dice import parse
from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import Steps
from lnf.engine.effects import Rolled, turn_edge
from lnf.engine.guards import land
from lnf.engine.hero_turn import hero_steps
from lnf.engine.resolve import roll_attack
from lnf.engine.sides import TABLE_HEROES
from lnf.engine.table import Table
from lnf.formats.event_codec import event_from_json, event_to_json
from lnf.heroes.words import parse_choice
from lnf.model import (
    LEGENDARY_RESISTANCE,
    Ability,
    Area,
    Attack,
    AttackKind,
    Condition,
    Fight,
    Guard,
    Lasting,
    Monster,
    Resource,
    Rider,
    Shape,
    SpellEffect,
    TurnEdge,
)
from lnf.model.answer_steps import Countered
from lnf.model.events import Recorded
from lnf.model.plan import Mode
from lnf.model.steps import Attacked, Damaged, EffectStarted, Guarded, SaveRolled, SpellCast, Used
from lnf.rules.monster_reactions import counter_bonus, counter_dc, resists
from lnf.views.transcript import describe
from tests.builders import SWORD, fight, hero, monster

HOLD = Attack(
    name="Hold Person",
    slot=2,
    save=(Ability.WIS, 14),
    half=False,
    concentration=True,
    damage=parse("0"),
    riders=(
        Rider(
            conditions=(Condition.PARALYZED,),
            lasting=Lasting(rounds=10, save=(Ability.WIS, 14), each=TurnEdge.END),
        ),
    ),
)
FIREBALL = Attack(
    name="Fireball",
    kind=AttackKind.RANGED,
    slot=3,
    spell=True,
    save=(Ability.DEX, 14),
    damage=parse("8d6 fire"),
    area=Area(Shape.SPHERE, 20),
    range=(150, 150),
    upcast=((4, parse("9d6 fire")), (5, parse("10d6 fire"))),
)
SHIELD = Guard("Shield", 5, slot=1, lasts=True)
COUNTERSPELL = Attack(name="Counterspell", slot=3, spell=True, damage=parse("0"))
CONE = Attack(
    name="Cone of Cold",
    slot=5,
    spell=True,
    save=(Ability.CON, 14),
    damage=parse("8d8 cold"),
    area=Area(Shape.CONE, 60),
)
SLOTS = tuple(Resource(f"slot {n}", k) for n, k in ((1, 4), (2, 3), (3, 3), (4, 3), (5, 1)))


def _dragon(resistance: int = 3, used: int = 0) -> Monster:
    return monster(
        "Adult Red Dragon",
        hp=256,
        ac=19,
        saves=((Ability.WIS, 4), (Ability.DEX, 6)),
        resources=(Resource(LEGENDARY_RESISTANCE, resistance, used),),
    )


def _mage(slots: tuple[Resource, ...] = SLOTS) -> Monster:
    return monster(
        "Mage",
        hp=40,
        ac=12,
        cr="6",
        guards=(SHIELD,),
        actions=(COUNTERSPELL, CONE),
        resources=slots,
    )


def _caster(*spells: Attack) -> Fight:
    """Kara (wizard 9) in group A with a dragon and a mage behind them."""
    kara = hero(
        "Kara",
        "wizard",
        level=9,
        hp=50,
        attacks=spells,
        resources=tuple(Resource(f"slot {n}", 3) for n in range(1, 6)),
    )
    return fight([kara], [_dragon(), _mage()], {"A": ["Kara", "Adult Red Dragon"]})


def _cast(f: Fight, words: str, faces: list[int]) -> Rolled:
    """Kara's turn as the player says it, rolled with `faces`."""
    turn = Rolled.turn(f, "Kara")
    dice = ScriptedDice(faces)
    choice = parse_choice(turn.fight, turn.fight.hero("Kara"), words)
    hero_steps(turn.rolling(dice), turn.fight.hero("Kara"), choice, dice, TABLE_HEROES)
    return turn


def _said(f: Fight, turn: Steps) -> str:
    table = Table(f)
    return "\n".join(describe(table.add(Recorded(turn.steps, actor="Kara"))))


# --- B7: Legendary Resistance ------------------------------------------------------------


def test_b7_legendary_resistance_turns_a_failed_hold_person() -> None:
    f = replace(_caster(HOLD), monsters=(_dragon(), _mage((Resource("slot 3", 0),))))
    turn = _cast(f, "cast hold person at Adult Red Dragon", [5])  # 5 + 4 = 9 < 14
    cast = next(s for s in turn.steps if isinstance(s, SpellCast))
    assert cast.saves[0].faces == (5,) and cast.saves[0].success and cast.saves[0].resisted
    used = [s for s in turn.steps if isinstance(s, Used) and s.who == "Adult Red Dragon"]
    assert used == [Used("Adult Red Dragon", LEGENDARY_RESISTANCE)]
    dragon = turn.fight.monster("Adult Red Dragon")
    assert Condition.PARALYZED not in dragon.conditions
    assert next(r for r in dragon.resources if r.name == LEGENDARY_RESISTANCE).left == 2
    said = _said(f, turn)
    assert "a failure turned by Legendary Resistance (B7)" in said
    assert "Adult Red Dragon uses Legendary Resistance: the save succeeds (2 left) (B7)." in said


def test_b7_without_uses_left_the_failed_save_stands() -> None:
    f = replace(_caster(HOLD), monsters=(_dragon(used=3), _mage()))
    turn = _cast(f, "cast hold person at Adult Red Dragon", [5])
    assert Condition.PARALYZED in turn.fight.monster("Adult Red Dragon").conditions
    assert not any(isinstance(s, Used) and s.who == "Adult Red Dragon" for s in turn.steps)


def test_b7_a_passed_save_spends_nothing() -> None:
    f = _caster(HOLD)
    turn = _cast(f, "cast hold person at Adult Red Dragon", [12])  # 16 ≥ 14
    assert not any(isinstance(s, Used) and s.who == "Adult Red Dragon" for s in turn.steps)


def test_b7_damage_counts_only_from_half_its_current_hit_points() -> None:
    """B7: "…or deal half its hit points or more": the dragon at 256 hp keeps its uses
    against 28 fire damage; at 50 hp it spends one on 28 (half on the save: 14)."""
    dragon = _dragon()
    assert not resists(dragon, 28, imposes=False)
    assert resists(replace(dragon, damage=206), 28, imposes=False)  # 50 hp left
    assert resists(replace(dragon, damage=200), 28, imposes=False)  # 56: exactly half
    assert not resists(replace(dragon, damage=199), 28, imposes=False)
    assert resists(dragon, 0, imposes=True)
    assert not resists(hero("Kara"), 100, imposes=True)  # a hero has no Legendary Resistance


def test_b7_legendary_resistance_on_a_fireball_that_would_deal_half() -> None:
    hurt = replace(_dragon(), damage=206)  # 50 hp left
    f = replace(_caster(FIREBALL), monsters=(hurt, _mage((Resource("slot 3", 0),))))
    faces = [4] * 8 + [2]  # 8d6 = 32 fire; the dragon's Dex save 2 + 6 = 8 < 14
    turn = _cast(f, "cast fireball at Adult Red Dragon", faces)
    dragon = turn.fight.monster("Adult Red Dragon")
    assert dragon.current_hp == 50 - 16  # half, as a success
    assert any(isinstance(s, Used) and s.resource == LEGENDARY_RESISTANCE for s in turn.steps)


def test_b7_the_resisted_save_is_logged_and_read_back() -> None:
    f = replace(_caster(HOLD), monsters=(_dragon(), _mage((Resource("slot 3", 0),))))
    turn = _cast(f, "cast hold person at Adult Red Dragon", [5])
    event = Recorded(turn.steps, actor="Kara")
    assert event_from_json(event_to_json(event), "log") == event
    table = Table(f)
    table.add(event)
    table.undo()
    assert table.fight == f


# --- B10: Shield -------------------------------------------------------------------------


def _mage_attacked(mage: Monster, faces: list[int]) -> Steps:
    bram = hero("Bram")
    f = fight([bram], [mage], {"A": ["Bram", "Mage"]})
    hit = roll_attack(f, bram, mage, SWORD, Mode.MELEE, ScriptedDice(faces))
    turn = Steps.turn(f, "Bram")
    land(turn, hit)
    return turn


def test_b10_a_mages_shield_turns_a_hit_and_spends_its_1st_level_slot() -> None:
    turn = _mage_attacked(_mage(), [10, 5])  # 10 + 4 = 14 vs AC 12: a hit; vs 17 a miss
    kinds = [type(s) for s in turn.steps]
    assert kinds[:2] == [Used, Guarded] and Attacked in kinds
    assert turn.steps[0] == Used("Mage", "slot 1")
    attack = next(s for s in turn.steps if isinstance(s, Attacked))
    assert not attack.hit
    mage = turn.fight.monster("Mage")
    assert next(r for r in mage.resources if r.name == "slot 1").left == 3
    assert mage.ac == 17 and "Mage" in turn.fight.turns.reacted  # +5 until its next turn


def test_b10_no_shield_when_plus_5_would_not_turn_the_hit() -> None:
    turn = _mage_attacked(_mage(), [15, 5])  # 19 ≥ 17: still a hit
    assert [type(s) for s in turn.steps] == [Attacked]
    assert next(r for r in turn.fight.monster("Mage").resources if r.name == "slot 1").left == 4


def test_b10_no_shield_without_a_slot_left() -> None:
    spent = tuple(replace(r, used=r.total) if r.name == "slot 1" else r for r in SLOTS)
    no_first = tuple(r for r in spent if r.name in ("slot 1",))  # only 1st-level slots, spent
    turn = _mage_attacked(_mage(no_first), [10, 5])
    assert [type(s) for s in turn.steps] == [Attacked]


def test_b10_a_mage_without_counted_slots_shields_for_free() -> None:
    """A monster whose file lists no slots spends none (fight files before B1)."""
    turn = _mage_attacked(_mage(()), [10, 5])
    assert [type(s) for s in turn.steps] == [Guarded, EffectStarted, Attacked]


# --- B10: Counterspell -------------------------------------------------------------------


def test_b10_counterspell_stops_a_fireball_aimed_at_a_monster() -> None:
    f = _caster(FIREBALL)
    turn = _cast(f, "cast fireball at Adult Red Dragon", [6] * 8 + [2])
    steps = turn.steps
    assert Used("Kara", "slot 3") in steps  # the caster's slot is spent all the same
    assert Used("Mage", "slot 3") in steps
    countered = next(s for s in steps if isinstance(s, Countered))
    assert countered == Countered("Mage", "Kara", "Fireball", 3) and countered.stopped
    assert not any(isinstance(s, SpellCast) for s in steps)
    assert turn.fight.monster("Adult Red Dragon").damage == 0
    assert "Mage" in turn.fight.turns.reacted and "Kara" in turn.fight.turns.used_action
    said = _said(f, turn)
    assert (
        "Mage casts Counterspell with its reaction against Kara's Fireball (3rd level, B10): "
        "the spell fails." in said
    )


def test_b10_above_3rd_level_the_check_decides() -> None:
    """5e: against a spell of the 4th level or higher, a spellcasting check of DC 10 + its
    level: the SRD Mage (CR 6: proficiency +3, spell attack +6) checks with +3."""
    mage = _mage()
    assert counter_dc(3) is None and counter_dc(5) == 15
    fire_at_5 = replace(_mage(), actions=(COUNTERSPELL, replace(CONE, to_hit=6)))
    assert counter_bonus(fire_at_5) == 3
    assert counter_bonus(mage) == 3  # from Cone of Cold's DC 14: 14 - 8 - 3
    assert counter_bonus(replace(mage, actions=(COUNTERSPELL,))) == 0  # nothing to read: +0
    f = replace(_caster(FIREBALL), monsters=(_dragon(), fire_at_5))
    failed = _cast(f, "cast fireball at 5th at Adult Red Dragon", [11] + [3] * 10 + [15])
    check = next(s for s in failed.steps if isinstance(s, Countered))
    assert check.faces == (11,) and check.dc == 15 and not check.stopped  # 14 < 15
    assert any(isinstance(s, SpellCast) for s in failed.steps)  # the Fireball goes on
    stopped = _cast(f, "cast fireball at 5th at Adult Red Dragon", [12])
    assert next(s for s in stopped.steps if isinstance(s, Countered)).stopped  # 15
    assert not any(isinstance(s, SpellCast) for s in stopped.steps)


def test_b10_no_counterspell_against_a_2nd_level_spell_or_a_spent_reaction() -> None:
    f = _caster(HOLD, FIREBALL)
    hold = _cast(f, "cast hold person at Adult Red Dragon", [5])
    assert not any(isinstance(s, Countered) for s in hold.steps)
    reacted = replace(f, turns=replace(f.turns, reacted=frozenset({"Mage"})))
    fire = _cast(reacted, "cast fireball at Adult Red Dragon", [3] * 8 + [15])
    assert not any(isinstance(s, Countered) for s in fire.steps)
    no_slot = replace(f, monsters=(_dragon(), _mage((Resource("slot 3", 3, 3),))))
    fire = _cast(no_slot, "cast fireball at Adult Red Dragon", [3] * 8 + [15])
    assert not any(isinstance(s, Countered) for s in fire.steps)


def test_b10_the_counterspell_is_logged_read_back_and_undone() -> None:
    f = _caster(FIREBALL)
    turn = _cast(f, "cast fireball at Adult Red Dragon", [6] * 8 + [2])
    event = Recorded(turn.steps, actor="Kara")
    assert event_from_json(event_to_json(event), "log") == event
    table = Table(f)
    table.add(event)
    assert "Mage" in table.fight.turns.reacted
    table.undo()
    assert table.fight == f


def test_b7_a_riders_failed_save_is_resisted_too() -> None:
    """F6: a hit's rider that would impose a condition (a save or be paralyzed)."""
    claw = replace(
        SWORD, riders=(Rider(save=(Ability.CON, 10), conditions=(Condition.PARALYZED,)),)
    )
    ghast = hero("Ghast", attacks=(claw,))
    f = fight([ghast], [_dragon()], {"A": ["Ghast", "Adult Red Dragon"]})
    dice = ScriptedDice([19, 3, 2])  # a hit; 1d8+2; the Con save 2 + 0 < 10
    hit = roll_attack(f, ghast, f.monster("Adult Red Dragon"), claw, Mode.MELEE, dice)
    turn = Rolled.turn(f, "Ghast").rolling(dice)
    land(turn, hit)
    save = next(s for s in turn.steps if isinstance(s, SaveRolled))
    assert save.save.resisted and save.save.success
    assert Condition.PARALYZED not in turn.fight.monster("Adult Red Dragon").conditions
    assert Used("Adult Red Dragon", LEGENDARY_RESISTANCE) in turn.steps


GUARDIANS = Attack(
    name="Spirit Guardians",
    slot=3,
    save=(Ability.WIS, 14),
    damage=parse("3d8 radiant"),
    concentration=True,
    effect=SpellEffect(aura=True, lasting=Lasting(rounds=100)),
)


def test_b7_an_auras_failed_save_is_resisted_when_it_would_deal_half() -> None:
    """F7 Spirit Guardians' 3d8 (13 on average) against a dragon at 20 hit points: a failed
    save would deal half its hit points or more (B7); at 256 it would not."""
    for hp_left, spent in ((20, True), (256, False)):
        dragon = replace(_dragon(), damage=256 - hp_left)
        f = replace(_caster(GUARDIANS), monsters=(dragon, _mage((Resource("slot 3", 0),))))
        cast = _cast(f, "cast spirit guardians", [])
        start = Rolled.turn(cast.fight, "Adult Red Dragon")
        turn_edge(start, "Adult Red Dragon", TurnEdge.START, ScriptedDice([3, 4, 4, 4]))
        save = next(s for s in start.steps if isinstance(s, SaveRolled))
        assert save.save.resisted is spent and save.save.success is spent
        hurt = next(s for s in start.steps if isinstance(s, Damaged))
        assert hurt.amount == (6 if spent else 12)
