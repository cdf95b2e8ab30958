"""B8: monsters' traits played, each by its SRD text: Pack Tactics, Blood Frenzy, Martial
Advantage, Sneak Attack, Magic Resistance, Regeneration, Undead Fortitude; read from the SRD's
stat blocks only where the description says what lnf plays, and from a fight file's `traits:`."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from lnf.dice import DamageType, parse
from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import Steps, apply
from lnf.engine.guards import land
from lnf.engine.resolve import roll_attack, roll_save, roll_spell
from lnf.engine.round_start import opening
from lnf.engine.turns import monster_attacks
from lnf.errors import InputError
from lnf.formats import free_movement
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.formats.srd import stat_block
from lnf.formats.srd_standing import standing
from lnf.formats.srd_traits import block_flags, block_traits, read_trait
from lnf.formats.touch_traits import counted_pieces
from lnf.formats.trait_forms import parse_trait, trait_form
from lnf.model import Ability, Attack, AttackKind, Condition, Flag, Trait, TraitKind
from lnf.model.enums import Rank
from lnf.model.events import Recorded, RoundStarted
from lnf.model.plan import Advantage, Mode, Move, MoveKind, Order
from lnf.model.steps import Damaged, Healed, Moved, SaveRolled
from lnf.rules.distance import roll_in_fight
from lnf.rules.reactions import opportunity_attackers
from lnf.rules.traits import slips_away
from lnf.views.effects_text import save_roll
from tests.builders import SWORD, fight, hero, monster
from tests.cli import run
from tests.test_bestiary import SOURCE
from tests.test_fight_file import MINIMAL

PACK = Trait(TraitKind.PACK_TACTICS)
MARTIAL = Trait(TraitKind.MARTIAL_ADVANTAGE, dice=parse("2d6"))
SNEAK = Trait(TraitKind.SNEAK_ATTACK, dice=parse("2d6"))
TROLL = Trait(
    TraitKind.REGENERATION, hp=10, stopped_by=frozenset({DamageType.FIRE, DamageType.ACID})
)
FORTITUDE = Trait(TraitKind.UNDEAD_FORTITUDE)
BITE = Attack(name="Bite", to_hit=4, damage=parse("2d4+2 piercing"))


def _wolves(ally_state: frozenset[Condition] = frozenset(), grouped: bool = True):  # type: ignore[no-untyped-def]
    bram = hero("Bram", ac=12, hp=30)
    wolf1 = monster("Wolf 1", traits=(PACK,), attacks=(BITE,))
    wolf2 = monster("Wolf 2", traits=(PACK,), attacks=(BITE,), conditions=ally_state)
    members = ["Bram", "Wolf 1", "Wolf 2"] if grouped else ["Bram", "Wolf 1"]
    return fight([bram], [wolf1, wolf2], {"A": members})


# --- Pack Tactics, Blood Frenzy ---------------------------------------------------------------


def test_b8_pack_tactics_advantage_only_with_an_ally_in_the_group() -> None:
    f = _wolves()
    how, why = roll_in_fight(f, f.monster("Wolf 1"), f.hero("Bram"), BITE, Mode.MELEE)
    assert how is Advantage.ADVANTAGE
    assert why == ("Pack Tactics: Wolf 2 is in the group (B8)",)
    alone = _wolves(grouped=False)
    assert roll_in_fight(alone, alone.monster("Wolf 1"), alone.hero("Bram"), BITE, Mode.MELEE) == (
        Advantage.NORMAL,
        (),
    )
    # "and the ally isn't incapacitated"
    stunned = _wolves(frozenset({Condition.STUNNED}))
    how, _ = roll_in_fight(
        stunned, stunned.monster("Wolf 1"), stunned.hero("Bram"), BITE, Mode.MELEE
    )
    assert how is Advantage.NORMAL


def test_b8_pack_tactics_cancels_with_disadvantage() -> None:
    f = _wolves()
    blinded = f.with_combatant(
        replace(f.monster("Wolf 1"), conditions=frozenset({Condition.BLINDED}))
    )
    how, why = roll_in_fight(blinded, blinded.monster("Wolf 1"), f.hero("Bram"), BITE, Mode.MELEE)
    assert how is Advantage.NORMAL and any("Pack Tactics" in r for r in why)  # D4: both cancel


def test_b8_blood_frenzy_against_a_creature_below_its_maximum_in_melee_only() -> None:
    shark = monster("Shark", traits=(Trait(TraitKind.BLOOD_FRENZY),), attacks=(BITE,))
    bram = hero("Bram", hp=30)
    f = fight([bram], [shark], {"A": ["Bram", "Shark"]})
    assert roll_in_fight(f, shark, bram, BITE, Mode.MELEE)[0] is Advantage.NORMAL
    hurt = replace(bram, hp_now=20)
    how, why = roll_in_fight(f.with_combatant(hurt), shark, hurt, BITE, Mode.MELEE)
    assert how is Advantage.ADVANTAGE and why[0].startswith("Blood Frenzy")
    spit = Attack(
        name="Spit",
        to_hit=4,
        damage=parse("1d6 acid"),
        kind=AttackKind.RANGED,
        range="30/60",
    )
    assert (
        roll_in_fight(f.with_combatant(hurt), shark, hurt, spit, Mode.RANGED)[0]
        is not Advantage.ADVANTAGE
    )


# --- Martial Advantage, Sneak Attack ----------------------------------------------------------


def _hobgoblins(trait: Trait, ally: bool = True):  # type: ignore[no-untyped-def]
    bram = hero("Bram", ac=10, hp=60)
    hob = monster("Hobgoblin 1", traits=(trait,), attacks=(SWORD,), multiattack=(("Sword", 2),))
    other = monster("Hobgoblin 2", attacks=(SWORD,))
    members = ["Bram", "Hobgoblin 1"] + (["Hobgoblin 2"] if ally else [])
    return fight([bram], [hob, other], {"A": members})


def _attacks(f, faces: list[int]) -> list:  # type: ignore[no-untyped-def]
    turn = Steps.turn(f, "Hobgoblin 1")
    order = Order("Hobgoblin 1", Rank.FRONT, target="Bram", mode=Mode.MELEE)
    monster_attacks(turn, "Hobgoblin 1", order, ScriptedDice(faces), lambda *_: True)
    return list(turn.steps)


def test_b8_martial_advantage_2d6_once_a_turn_with_an_ally_in_the_group() -> None:
    # two hits: the first carries 1d8+2 and 2d6, the second only 1d8+2
    first, second = _attacks(_hobgoblins(MARTIAL), [15, 3, 4, 5, 15, 6])
    assert first.big == "Martial Advantage +2d6: Hobgoblin 2 is in the group"
    assert sum(n for _, n in first.damage) == 3 + 2 + 4 + 5
    assert second.hit and sum(n for _, n in second.damage) == 6 + 2
    # a miss first: the extra dice go to the next hit
    miss, hit = _attacks(_hobgoblins(MARTIAL), [1, 15, 3, 4, 5])
    assert not miss.hit and sum(n for _, n in hit.damage) == 3 + 2 + 4 + 5
    alone = _attacks(_hobgoblins(MARTIAL, ally=False), [15, 3, 15, 6])
    assert [sum(n for _, n in s.damage) for s in alone] == [5, 8]


def test_b8_a_monsters_sneak_attack_with_an_ally_or_with_advantage() -> None:
    first, _ = _attacks(_hobgoblins(SNEAK), [15, 3, 4, 5, 15, 6])
    assert first.big == "Sneak Attack +2d6: Hobgoblin 2 is in the group"
    lone = _hobgoblins(SNEAK, ally=False)
    assert all(not s.big for s in _attacks(lone, [15, 3, 15, 6]))
    prone = lone.with_combatant(replace(lone.hero("Bram"), conditions=frozenset({Condition.PRONE})))
    first, _ = _attacks(prone, [15, 2, 3, 4, 5, 15, 1, 6])  # advantage: two d20s each
    assert first.big == "Sneak Attack +2d6: with advantage"


# --- Magic Resistance ------------------------------------------------------------------------


def test_b8_magic_resistance_advantage_on_a_save_against_a_heros_fireball() -> None:
    fireball = Attack(
        name="Fireball", to_hit=0, damage=parse("8d6 fire"), save=(Ability.DEX, 15), spell=True
    )
    lys = hero("Lys", "wizard", attacks=(fireball,))
    devil = monster("Imp", saves=((Ability.DEX, 3),), traits=(Trait(TraitKind.MAGIC_RESISTANCE),))
    plain = monster("Rat", saves=((Ability.DEX, 3),))
    f = fight([lys], [devil, plain])
    cast = roll_spell(f, lys, fireball, ["Imp", "Rat"], ScriptedDice([3] * 8 + [4, 14, 4]))
    imp, rat = cast.saves
    assert imp.faces == (4, 14) and imp.success and imp.advantage == "Magic Resistance"
    assert rat.faces == (4,) and not rat.success
    assert save_roll(imp) == "2d20 (4, 14, advantage, Magic Resistance: keeps 14) + 3 = 17 vs DC 15"
    # a save against a monster's weapon rider is no spell: no advantage
    assert roll_save(f, devil, Ability.DEX, 15, ScriptedDice([4]), "a bite").faces == (4,)


# --- Regeneration ----------------------------------------------------------------------------


def _troll(damage: int = 30):  # type: ignore[no-untyped-def]
    troll = monster("Troll", hp=84, damage=damage, traits=(TROLL,))
    return fight([hero("Garm")], [troll], {"A": ["Garm", "Troll"]})


def _regenerated(f) -> int:  # type: ignore[no-untyped-def]
    healed = [
        s for e in opening(f) if isinstance(e, Recorded) for s in e.steps if isinstance(s, Healed)
    ]
    return sum(h.amount for h in healed)


def test_b8_a_troll_regenerates_10_until_burned_and_fire_stops_it_for_one_round() -> None:
    f = _troll()
    event = opening(f)[0]
    assert isinstance(event, Recorded) and event.by_rules
    assert event.steps == (Healed("Troll", 10, by="Regeneration", healer="Troll"),)
    assert apply(f, event).after.monster("Troll").damage == 20
    assert _regenerated(_troll(damage=4)) == 4  # never above its maximum
    assert _regenerated(_troll(damage=0)) == 0
    burned = apply(f, Recorded((Damaged("Troll", 7, DamageType.FIRE),))).after
    assert burned.monster("Troll").has(Flag.SCORCHED)
    assert _regenerated(burned) == 0  # "doesn't function at the start of the troll's next turn"
    next_round = apply(burned, RoundStarted(2, ("Troll", "Garm"), burned.phase)).after
    assert not next_round.monster("Troll").has(Flag.SCORCHED)
    assert _regenerated(next_round) == 10  # burned once, it heals again a round later
    cut = apply(f, Recorded((Damaged("Troll", 7, DamageType.SLASHING),))).after
    assert _regenerated(cut) == 10


def test_b8_a_troll_immune_to_fire_is_not_scorched() -> None:
    f = _troll()
    f = f.with_combatant(replace(f.monster("Troll"), immune=frozenset({DamageType.FIRE})))
    after = apply(f, Recorded((Damaged("Troll", 7, DamageType.FIRE),))).after
    assert not after.monster("Troll").has(Flag.SCORCHED)


def test_b8_a_dead_troll_does_not_regenerate() -> None:
    assert _regenerated(_troll(damage=84)) == 0


# --- Undead Fortitude ------------------------------------------------------------------------


def _zombie_hit(damage: str, faces: list[int]):  # type: ignore[no-untyped-def]
    zombie = monster(
        "Zombie", hp=22, damage=18, ac=8, saves=((Ability.CON, 3),), traits=(FORTITUDE,)
    )
    bram = hero("Bram")
    f = fight([bram], [zombie], {"A": ["Bram", "Zombie"]})
    blow = Attack(name="Mace", to_hit=5, damage=parse(damage))
    dice = ScriptedDice(faces)
    hit = roll_attack(f, bram, zombie, blow, Mode.MELEE, dice)
    turn = Steps.turn(f, "Bram")
    land(turn, hit, None, dice)
    return turn


def test_b8_undead_fortitude_con_save_dc_5_plus_damage_to_stay_at_1_hp() -> None:
    turn = _zombie_hit("1d6+3 bludgeoning", [12, 4, 10])  # 7 damage: DC 12; 10 + 3 = 13
    save, hit = turn.steps
    assert isinstance(save, SaveRolled) and save.save.dc == 12 and save.save.success
    assert hit.holds == ("Zombie",)
    assert turn.fight.monster("Zombie").current_hp == 1
    assert turn.fight.group_of("Zombie") is not None  # still standing in its group
    failed = _zombie_hit("1d6+3 bludgeoning", [12, 4, 5])
    assert failed.fight.monster("Zombie").current_hp == 0


def test_b8_undead_fortitude_not_against_radiant_or_a_critical_hit() -> None:
    radiant = _zombie_hit("1d6+3 radiant", [12, 4, 20])
    assert [type(s).__name__ for s in radiant.steps] == ["Attacked"]
    assert radiant.fight.monster("Zombie").current_hp == 0
    critical = _zombie_hit("1d6+3 bludgeoning", [20, 4, 4, 20])
    assert [type(s).__name__ for s in critical.steps] == ["Attacked"]
    assert critical.fight.monster("Zombie").current_hp == 0
    unhurt = _zombie_hit("1 bludgeoning", [12])  # not dropped: no save
    assert [type(s).__name__ for s in unhurt.steps] == ["Attacked"]


# --- Charge, Pounce -------------------------------------------------------------------------

TUSK = Attack(name="Tusk", to_hit=3, damage=parse("1d6+1 slashing"))
CLAW = Attack(name="Claw", to_hit=5, damage=parse("1d6+3 slashing"))
LION_BITE = Attack(name="Bite", to_hit=5, damage=parse("1d8+3 piercing"))


def _charging(beast, joined: bool, faces: list[int]):  # type: ignore[no-untyped-def]
    bram = hero("Bram", ac=10, hp=60)
    f = fight([bram], [beast], {"A": ["Bram", beast.name]})
    turn = Steps.turn(f, beast.name)
    move = Move(MoveKind.JOIN, hero="Bram") if joined else Move()
    order = Order(beast.name, Rank.FRONT, move=move, target="Bram", mode=Mode.MELEE)
    monster_attacks(turn, beast.name, order, ScriptedDice(faces), lambda *_: True)
    return turn


def test_b8_charge_extra_dice_and_a_prone_save_when_it_joined_the_targets_group() -> None:
    boar = monster(
        "Boar", attacks=(TUSK,), traits=(parse_trait("charge Tusk +1d6 slashing, DC 11"),)
    )
    turn = _charging(boar, True, [15, 3, 4, 5])  # hit; 1d6 3 + 1 + charge 4; save 5 + 0 < 11
    hit, save = turn.steps[0], turn.steps[1]
    assert hit.big == "Charge +1d6 slashing: it joined the group this round"
    assert sum(n for _, n in hit.damage) == 3 + 1 + 4
    assert isinstance(save, SaveRolled) and save.save.dc == 11 and not save.save.success
    assert Condition.PRONE in turn.fight.hero("Bram").conditions
    stayed = _charging(boar, False, [15, 3])  # already in the group: no charge
    assert [type(s).__name__ for s in stayed.steps] == ["Attacked"] and not stayed.steps[0].big


def test_b8_pounce_uses_the_claw_then_bites_a_prone_target_as_a_bonus_action() -> None:
    pounce = parse_trait("pounce Claw, DC 13, then Bite")
    lion = monster("Lion", attacks=(LION_BITE, CLAW), traits=(pounce,))
    turn = _charging(lion, True, [15, 2, 4, 9, 4, 5])  # claw hits; save 4 fails; bite 9/4
    claw, save = turn.steps[0], turn.steps[1]
    assert claw.attack == "Claw" and isinstance(save, SaveRolled) and not save.save.success
    bite = turn.steps[-1]
    assert bite.attack == "Bite" and bite.faces == (9, 4)  # advantage: the target is prone
    assert bite.big == "Pounce: a bonus action against a prone target"
    saved = _charging(lion, True, [15, 2, 18])  # the save succeeds: no bite
    assert [getattr(s, "attack", "") for s in saved.steps] == ["Claw", ""]


# --- read from the SRD and from fight files ----------------------------------------------------

_NAMES = {k: k.value.title() for k in TraitKind}
# Other names the SRD gives a trait lnf plays
_SAID = {
    TraitKind.POUNCE: ("trampling charge",),
    TraitKind.MAGIC_WEAPONS: ("angelic weapons", "hellish weapons"),
    TraitKind.TWO_HEADS: ("two-headed",),
    TraitKind.SUNLIGHT_HYPERSENSITIVITY: ("vampire weaknesses",),
    TraitKind.ABSORPTION: ("lightning absorption", "fire absorption", "acid absorption"),
}


def _names_the_trait(note: str, name: str) -> bool:
    """A `not_modelled` line of the trait: "Keen Smell (trait)", or a part of it not played
    ("Innate Spellcasting: Detect Magic"), or the trait with why it is not read (B8:
    "Shapechanger (trait): its forms differ in size only")."""
    return note == f"{name} (trait)" or note.startswith((f"{name}: ", f"{name} (trait): "))


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_b8_every_srd_trait_lnf_reads_is_named_and_its_figures_are_its_texts() -> None:
    entries = json.loads(SOURCE.read_text(encoding="utf-8"))
    counts: dict[TraitKind, int] = {}
    for m in entries:
        block = stat_block(m)
        abilities = {a["name"]: a["desc"] for a in m.get("special_abilities", [])}
        for form in block.get("traits", []):
            trait = parse_trait(form)
            counts[trait.kind] = counts.get(trait.kind, 0) + 1
            if trait.kind is TraitKind.NONMAGICAL_ONLY:  # D6: judged by the entry's defences
                said = [
                    t
                    for t in m.get("damage_resistances", []) + m.get("damage_immunities", [])
                    if "from nonmagical" in t
                ]
                assert said and all(any(k in t for t in said) for k in trait.stopped_by), form
                continue
            if trait.kind is TraitKind.MAGIC_ONLY:  # D6: judged by the entry's vulnerabilities
                said = [t for t in m.get("damage_vulnerabilities", []) if "from magic" in t]
                assert said and all(any(k in t for t in said) for k in trait.stopped_by), form
                continue
            if trait.kind is TraitKind.EXHAUSTION_IMMUNE:  # C3: by its condition immunities
                assert "exhaustion" in [c["index"] for c in m.get("condition_immunities", [])]
                continue
            if trait.kind is TraitKind.ENGULF:  # F6: the mound's Multiattack and Engulf
                engulf = next(a["desc"] for a in m["actions"] if a["name"] == "Engulf")
                assert f"DC {trait.dc} Constitution" in engulf and trait.dice is not None
                continue
            if trait.kind is TraitKind.REEL:  # F6: the roper's action its Multiattack uses
                reel = next(a["desc"] for a in m["actions"] if a["name"] == "Reel")
                assert "pulls each creature grappled by it" in reel
                continue
            said = _SAID.get(trait.kind, (trait.kind.value,))
            # B10: a reaction lnf plays as a trait (Unnerving Mask, Rock Catching)
            reacts = {a["name"]: a["desc"] for a in m.get("reactions", [])}
            named = abilities | reacts
            name = next(n for n in named if n.lower().startswith((trait.kind.value, *said)))
            desc = named[name]
            assert f"{name} (trait)" not in block.get("not_modelled", [])
            assert f"{name} (reaction)" not in block.get("not_modelled", [])
            if trait.kind is TraitKind.MULTIPLE_HEADS:
                continue  # its figures are words ("five heads"): tests/test_traits_heads.py
            if trait.dice is not None:
                assert f"({trait.dice.parts[0].terms[0]})" in desc, (m["name"], form)
            if trait.dc:  # Charge's prone save; an aura's save (test_traits_hits); an escape
                assert re.search(rf"DC {trait.dc}\b", desc), (m["name"], form)
            for attack in (trait.attack, trait.then):
                assert not attack or attack.lower() in desc.lower(), (m["name"], attack)
            if trait.kind is TraitKind.REGENERATION:
                assert f"regains {trait.hp} hit points" in desc
                for t in trait.stopped_by:
                    assert re.search(rf"takes (\w+ or )?{t}", desc), (m["name"], t)
        for name in abilities:
            attacks = [a["name"] for a in m.get("actions", [])]
            played = read_trait(name, abilities[name], attacks) is not None
            # B1, B7: played as the model's actions and uses, not as a trait (each spell is
            # checked in test_bestiary_whole)
            if name in {c["name"] for c in block.get("spellcasting", [])}:
                continue
            played = played or name.startswith("Legendary Resistance")
            # R5: Swarm, Incorporeal Movement; held by its attacks: Brute
            played = played or name in block_flags(m).names | block_traits(m).names
            played = played or block.get("escape", {}).get("name") == name  # C1: a jaunt
            played = played or name in standing(m)[1]  # S3's light, F3's invisible
            played = played or (name == "Grasping Tendrils" and m["name"] == "Roper")  # F6: holds
            played = played or name in counted_pieces(m, attacks)[1]  # B2: tail spikes
            unfettered = bool(free_movement.unfettered(m, []))  # the kraken's: immunities
            played = played or (name == free_movement.TRAIT and unfettered)
            eminent = any(
                a["name"].endswith(" with Divine Eminence") for a in block.get("actions", [])
            )
            played = played or (name == "Divine Eminence" and eminent)  # an action (B1)
            bound = "amulet-bound" in block.get("flags", [])  # B8: test_amulet
            played = played or (name == "Bound" and bound)
            stores = bool(block.get("stores"))  # B6, B8: test_spell_storing
            played = played or (name == "Spell Storing" and stores)
            listed = [n for n in block.get("not_modelled", []) if _names_the_trait(n, name)]
            assert played == (not listed), name
    assert counts[TraitKind.PACK_TACTICS] == 17  # as issue 23 counts them
    assert counts[TraitKind.MAGIC_RESISTANCE] == 31
    # Charge or Pounce: the 23, and the wereboar's boar and hybrid forms, whose trait is
    # named "Charge (Boar or Hybrid Form Only)" and hits "with its tusks"
    assert counts[TraitKind.CHARGE] + counts[TraitKind.POUNCE] == 25
    # D6: "weapon attacks are magical" (Magic Weapons 12, Angelic and Hellish Weapons 4);
    # every entry with a defence "from nonmagical weapons (attacks)"; C3: exhaustion immunity
    assert (
        counts[TraitKind.MAGIC_WEAPONS]
        == sum(
            any(
                "weapon attacks are magical" in d
                for d in [a["desc"] for a in m.get("special_abilities", [])]
            )
            for m in entries
        )
        == 16
    )
    assert counts[TraitKind.NONMAGICAL_ONLY] == sum(
        any(
            "from nonmagical" in t
            for t in m.get("damage_resistances", []) + m.get("damage_immunities", [])
        )
        for m in entries
    )
    assert counts[TraitKind.EXHAUSTION_IMMUNE] == 34
    troll = stat_block(next(m for m in entries if m["name"] == "Troll"))
    assert troll["traits"] == ["regeneration 10 (acid, fire)"]


SPY = (
    "The spy deals an extra 7 (2d6) damage when it hits a target with a weapon attack and has "
    "advantage on the attack roll, or when the target is within 5 ft. of an ally of the spy that "
    "isn't incapacitated and the spy doesn't have disadvantage on the attack roll."
)


def test_b8_a_trait_whose_text_says_something_else_is_not_played() -> None:
    assert read_trait("Pack Tactics", "The wolf howls at the moon.") is None
    assert read_trait("Sneak Attack (1/Turn)", SPY) == SNEAK
    assert read_trait("Sneak Attack (1/Turn)", SPY.replace("(2d6)", "(3d6)")) == replace(
        SNEAK, dice=parse("3d6")
    )


def test_b8_a_fight_file_takes_traits_for_a_homebrew_monster_and_writes_them_back() -> None:
    text = MINIMAL.replace(
        "monsters:\n",
        "monsters:\n  - {name: Dire Rat, hp: 9, traits: [pack tactics, 'regeneration 5 (fire)']}\n",
        1,
    )
    f = parse_fight(text, "f.yaml")
    rat = f.monster("Dire Rat")
    assert rat.traits == (
        PACK,
        Trait(TraitKind.REGENERATION, hp=5, stopped_by=frozenset({DamageType.FIRE})),
    )
    assert parse_fight(dump_fight(f), "again.yaml").monster("Dire Rat").traits == rat.traits
    for t in (PACK, MARTIAL, SNEAK, TROLL, FORTITUDE, parse_trait("pounce Claw, DC 13, then Bite")):
        assert parse_trait(trait_form(t)) == t


def test_b8_a_bad_trait_is_named_with_its_field() -> None:
    text = MINIMAL.replace(
        "monsters:\n", "monsters:\n  - {name: Dire Rat, hp: 9, traits: [pack tactic]}\n", 1
    )
    with pytest.raises(InputError) as caught:
        parse_fight(text, "f.yaml")
    message = str(caught.value)
    assert "traits" in message and "no trait lnf plays (B8)" in message


def test_b8_the_bestiary_brings_the_traits() -> None:
    text = MINIMAL.replace("monsters:\n", "monsters:\n  - {monster: wolf, count: 2}\n", 1)
    f = parse_fight(text, "f.yaml")
    assert f.monster("Wolf 1").traits == (PACK,)


def test_b8_lnf_monsters_show_says_the_traits_played() -> None:
    code, out = run("monsters", "show", "troll")
    assert code == 0
    assert "Traits, as lnf plays them (B8): regeneration 10 (acid, fire)" in out
    assert "Regeneration (trait)" not in out and "Keen Smell (trait)" in out


# --- Nimble Escape, Flyby ---------------------------------------------------------------------


def _leaving(traits: tuple[Trait, ...], fly: int = 0) -> list[str]:
    goblin = monster("Goblin", traits=traits, fly=fly)
    f = fight([hero("Bram")], [goblin], {"A": ["Bram", "Goblin"]})
    return opportunity_attackers(f, Moved("Goblin", leave=True))


def test_b8_nimble_escape_and_flyby_leave_without_opportunity_attacks() -> None:
    assert _leaving(()) == ["Bram"]  # M6
    assert _leaving((Trait(TraitKind.NIMBLE_ESCAPE),)) == []
    assert _leaving((Trait(TraitKind.FLYBY),), fly=60) == []
    assert _leaving((Trait(TraitKind.FLYBY),)) == ["Bram"]  # it cannot fly: it walks out
    goblin = monster("Goblin", traits=(Trait(TraitKind.NIMBLE_ESCAPE),))
    assert slips_away(goblin).startswith("Nimble Escape: it disengages as a bonus action")
