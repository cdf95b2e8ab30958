"""F7: a sheet's spell note is said as the spell is used, but not the parts of it that the use
made moot: a rider of the effect ("what its text says of disadvantage") where the effect
reached nobody still standing — a miss, a save that leaves nothing, a target killed — and
what a higher slot adds ("one more creature a slot above 1st") at the spell's own level, and
a limit by creature type ("a humanoid only") that lnf judged itself. A note in other words
(the DM's own) is said as written."""

from __future__ import annotations

from lnf.formats.fight_file import parse_fight
from lnf.model import Ability, Fight
from lnf.model.applied import StepDone
from lnf.model.plan import Advantage, Mode
from lnf.model.steps import Attacked, Saved, SpellCast
from lnf.views.spell_notes import spell_note

FIGHT = """
title: Moot notes
heroes:
  - name: Lyra
    class: bard
    level: 5
    scores: {str: 8, dex: 14, con: 14, int: 10, wis: 12, cha: 18}
    weapons: [rapier]
    spells: [vicious mockery, thunderwave, hold person]
  - name: Ilsa
    class: cleric
    level: 5
    scores: {str: 14, dex: 10, con: 14, int: 8, wis: 18, cha: 12}
    weapons: [mace]
    spells: [bless]
  - name: Kara
    class: wizard
    level: 5
    scores: {str: 8, dex: 14, con: 14, int: 18, wis: 12, cha: 10}
    spells: [ray of frost]
  - {name: Wren, class: warlock, level: 5, hp: 33,
     attacks: [{name: Eldritch Blast, kind: ranged, to_hit: 6, damage: 1d10 force,
                range: 120, spell: true, note: "each beam may push the target 10 feet"}]}
monsters:
  - {monster: goblin, count: 2}
  - {name: Thing, hp: 20, attacks: [{name: Claw, to_hit: 3, damage: 1d6 slashing}]}
"""


def _fight() -> Fight:
    return parse_fight(FIGHT, "moot.yaml")


def _save(who: str, success: bool) -> Saved:
    return Saved(who, (15 if success else 3,), 0, 15, success)


def _cast(spell: str, saves: tuple[Saved, ...], slot: int = 0, half: bool = False) -> SpellCast:
    targets = tuple(s.who for s in saves) or ("Goblin 1",)
    return SpellCast("Lyra", spell, targets, saves, (), "", half, Ability.WIS, slot=slot)


def _shot(attacker: str, attack: str, hit: bool) -> Attacked:
    return Attacked(
        attacker, "Goblin 1", attack, Mode.RANGED, Advantage.NORMAL, (), (12,), 12, 6, 13, hit
    )


def _said(step: SpellCast | Attacked, dropped: tuple[str, ...] = ()) -> str:
    fight = _fight()
    return spell_note(StepDone(step, fight, fight, dropped=dropped))


def test_f7_a_rider_is_said_where_the_effect_reached_a_standing_creature() -> None:
    failed = _said(_cast("Vicious Mockery", (_save("Goblin 1", False),)))
    assert failed == "Vicious Mockery, for the DM to rule: what its text says of disadvantage (F7)"
    # a save that leaves nothing (no half on a success): nothing to rule
    assert _said(_cast("Vicious Mockery", (_save("Goblin 1", True),))) == ""
    # the mockery killed it: nothing to rule either
    assert _said(_cast("Vicious Mockery", (_save("Goblin 1", False),)), ("Goblin 1",)) == ""


def test_f7_a_rider_of_a_half_on_success_spell_stays_for_a_standing_target() -> None:
    # Thunderwave halves on a success, and its text may say what a success still brings
    two = (_save("Goblin 1", True), _save("Goblin 2", True))
    pushed = "Thunderwave, for the DM to rule: what its text says of pushed (F7)"
    assert _said(_cast("Thunderwave", two, half=True)) == pushed
    assert _said(_cast("Thunderwave", two, half=True), ("Goblin 1",)) == pushed
    assert _said(_cast("Thunderwave", two, half=True), ("Goblin 1", "Goblin 2")) == ""


def test_f7_an_attack_spells_rider_only_on_a_hit() -> None:
    hit = "Ray of Frost, for the DM to rule: what its text says of speed (F7)"
    assert _said(_shot("Kara", "Ray of Frost", True)) == hit
    assert _said(_shot("Kara", "Ray of Frost", False)) == ""


def test_f7_what_a_higher_slot_adds_only_when_cast_with_one() -> None:
    bless = SpellCast("Ilsa", "Bless", ("Ilsa", "Lyra", "Kara"), (), (), "")
    assert _said(bless) == ""
    upcast = "Bless, for the DM to rule: one more creature a slot above 1st (F7)"
    assert _said(SpellCast("Ilsa", "Bless", ("Ilsa", "Lyra", "Kara"), (), (), "", slot=2)) == upcast


def test_f7_a_note_the_dm_wrote_is_said_as_written() -> None:
    said = "Eldritch Blast, for the DM to rule: each beam may push the target 10 feet (F7)"
    assert _said(_shot("Wren", "Eldritch Blast", True)) == said
    assert _said(_shot("Wren", "Eldritch Blast", False)) == said  # not lnf's clauses: kept


def test_f7_a_limit_by_creature_type_only_where_lnf_could_not_judge_it() -> None:
    """F7 (`rules.creature_limits`): at a goblin, a humanoid by its stat block, lnf played
    Hold Person's limit; at a hand-made monster with no type the DM judges it."""
    held = (_save("Goblin 1", False),)
    upcast = "Hold Person, for the DM to rule: one more humanoid a slot above 2nd (F7)"
    assert _said(_cast("Hold Person", held)) == ""
    assert _said(_cast("Hold Person", held, slot=3)) == upcast
    thing = "Hold Person, for the DM to rule: a humanoid only (F7)"
    assert _said(_cast("Hold Person", (_save("Thing", False),))) == thing
