"""Damage, healing and dying (core-d20 D6–D9)."""

from __future__ import annotations

from lnf.dice import DamageType
from lnf.model import Hero, Monster
from lnf.rules.damage import after_defences, death_save, heal, take_damage
from tests.builders import hero, monster

FIRE, COLD = DamageType.FIRE, DamageType.COLD


def as_hero(c: Hero | Monster) -> Hero:
    assert isinstance(c, Hero)
    return c


def test_d6_resistance_halves_rounding_down_vulnerability_doubles_immunity_zeroes() -> None:
    m = monster("Imp", resist=frozenset({FIRE}), vulnerable=frozenset({COLD}))
    assert after_defences(m, {FIRE: 7}) == (3, "resists fire")
    assert after_defences(m, {COLD: 4, None: 2})[0] == 10
    ghost = monster("Ghost", immune=frozenset({FIRE}))
    assert after_defences(ghost, {FIRE: 30}) == (0, "immune to fire")


def test_d7_temporary_hit_points_absorb_first() -> None:
    h, notes = take_damage(hero("Ann", temp_hp=5), 8)
    assert (h.temp_hp, h.current_hp) == (0, 17)
    assert "temporary" in notes[0]


def test_d8_a_monster_dies_at_zero() -> None:
    m, notes = take_damage(monster("Orc", hp=10, damage=4), 9)
    assert m.current_hp == 0 and "dies" in notes[0]


def test_d8_a_hero_falls_unconscious_or_dies_outright() -> None:
    down = as_hero(take_damage(hero("Ann", hp=20, hp_now=5), 24)[0])
    assert down.current_hp == 0 and not down.dead
    dead = as_hero(take_damage(hero("Ann", hp=20, hp_now=5), 25)[0])
    assert dead.dead  # 20 left over is the maximum


def test_d9_damage_at_zero_costs_failures_two_on_a_critical() -> None:
    down = hero("Ann", hp=20, hp_now=0, death_saves=(1, 0))
    assert as_hero(take_damage(down, 3)[0]).death_saves == (1, 1)
    assert as_hero(take_damage(down, 3, critical=True)[0]).death_saves == (1, 2)
    assert as_hero(take_damage(hero("Bo", hp=20, hp_now=0, death_saves=(0, 2)), 1)[0]).dead
    assert as_hero(take_damage(down, 20)[0]).dead  # at least its maximum


def test_d9_death_saves() -> None:
    down = hero("Ann", hp=20, hp_now=0)
    assert death_save(down, 10)[0].death_saves == (1, 0)
    assert death_save(down, 9)[0].death_saves == (0, 1)
    assert death_save(down, 1)[0].death_saves == (0, 2)
    back = death_save(down, 20)[0]
    assert back.current_hp == 1 and back.death_saves == (0, 0)
    stable = death_save(hero("Bo", hp=20, hp_now=0, death_saves=(2, 2)), 12)[0]
    assert stable.stable and stable.death_saves == (0, 0) and not stable.dead
    assert death_save(hero("Cy", hp=20, hp_now=0, death_saves=(2, 2)), 3)[0].dead
    assert death_save(hero("Di", hp=20, hp_now=0, death_saves=(0, 1)), 1)[0].dead


def test_d9_healing_wakes_and_resets() -> None:
    healed, notes = heal(hero("Ann", hp=20, hp_now=0, death_saves=(1, 2), stable=False), 4)
    h = as_hero(healed)
    assert h.current_hp == 4 and h.death_saves == (0, 0) and "wakes" in notes[0]
    assert heal(hero("Bo", hp=20, hp_now=18), 10)[0].current_hp == 20
