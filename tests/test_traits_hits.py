"""B8: the traits that deal damage beside a monster's attacks or change its rolls, each by its
SRD text: Heated Body and Fire Aura (burning who hits it in mêlée; Fire Aura its group as its
turn starts), Surprise Attack, Assassinate, Reckless (advantage both ways, in the plan's B6
too), and Brute and Heated Weapons, whose damage the stat block's attacks already hold."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from lnf.dice import DamageType, parse
from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import apply
from lnf.engine.effects import Rolled, turn_edge
from lnf.engine.resolve import roll_attack
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.formats.srd import stat_block
from lnf.formats.srd_traits import block_traits, included, read_trait
from lnf.formats.trait_forms import parse_trait, trait_form
from lnf.model import Condition, Flag, Lasting, Rank, Trait, TraitKind, TurnEdge
from lnf.model.events import Recorded
from lnf.model.plan import Advantage, Mode, Order
from lnf.model.steps import Attacked, Damaged, SaveRolled
from lnf.rules.attacks import roll_for
from lnf.rules.distance import roll_in_fight
from lnf.rules.expected import first_hit_mean
from lnf.rules.order_damage import expected_damage
from lnf.rules.traits import extra_damage
from lnf.values import replace
from lnf.views.effects_text import span_words
from tests.builders import SWORD, fight, hero, monster
from tests.test_bestiary import SOURCE
from tests.test_fight_file import MINIMAL

HEATED = Trait(TraitKind.HEATED_BODY, dice=parse("1d10 fire"))
AURA = Trait(TraitKind.FIRE_AURA, dice=parse("3d6 fire"))
RECKLESS = Trait(TraitKind.RECKLESS)


def test_b8_heated_body_burns_a_hero_that_hits_it_in_melee() -> None:
    azer = monster("Azer", hp=39, ac=5, traits=(HEATED,))
    f = fight([hero("Bram", hp=30)], [azer], {"A": ["Bram", "Azer"]})
    turn = Rolled.turn(f, "Bram").rolling(ScriptedDice([7]))
    hit = roll_attack(f, f.hero("Bram"), azer, SWORD, Mode.MELEE, ScriptedDice([15, 5]))
    turn.do(hit)
    (burn,) = [s for s in turn.steps if isinstance(s, Damaged)]
    assert (burn.who, burn.amount, burn.type) == ("Bram", 7, DamageType.FIRE)
    assert burn.text.startswith("Azer's Heated Body: ")
    assert turn.fight.hero("Bram").current_hp == 23
    # a miss, or a reach attack from outside its group, burns nobody
    missed = Rolled.turn(f, "Bram").rolling(ScriptedDice([7]))
    missed.do(roll_attack(f, f.hero("Bram"), azer, SWORD, Mode.MELEE, ScriptedDice([1])))
    assert not [s for s in missed.steps if isinstance(s, Damaged)]
    reach = Rolled.turn(f, "Bram").rolling(ScriptedDice([7]))
    reach.do(roll_attack(f, f.hero("Bram"), azer, SWORD, Mode.REACH, ScriptedDice([15, 5])))
    assert not [s for s in reach.steps if isinstance(s, Damaged)]


def test_b8_fire_aura_burns_each_creature_in_its_group_as_its_turn_starts() -> None:
    balor = monster("Balor", hp=262, traits=(AURA,))
    f = fight(
        [hero("Bram", hp=60), hero("Lys", hp=60), hero("Cade", hp=60)],
        [balor, monster("Imp")],
        {"A": ["Bram", "Lys", "Balor", "Imp"], "B": ["Cade"]},
    )
    turn = Rolled.turn(f, "Balor")
    turn_edge(turn, "Balor", TurnEdge.START, ScriptedDice([3, 4, 5]))
    burned = {s.who: s.amount for s in turn.steps if isinstance(s, Damaged)}
    assert burned == {"Bram": 12, "Lys": 12, "Imp": 12}  # rolled once; not Cade, not itself
    # a hero's mêlée hit on it burns that hero too (its second sentence)
    hit = Rolled.turn(f, "Bram").rolling(ScriptedDice([2, 2, 2]))
    hit.do(roll_attack(f, f.hero("Bram"), balor, SWORD, Mode.MELEE, ScriptedDice([20, 5, 5])))
    assert [s.amount for s in hit.steps if isinstance(s, Damaged) and s.who == "Bram"] == [6]


def test_b8_reckless_advantage_on_its_melee_attacks_and_on_attacks_against_it() -> None:
    berserker = monster("Berserker", traits=(RECKLESS,))
    bram = hero("Bram")
    f = fight([bram], [berserker], {"A": ["Bram", "Berserker"]})
    roll, why = roll_in_fight(f, berserker, bram, SWORD, Mode.MELEE)
    assert roll is Advantage.ADVANTAGE and why == ("Berserker attacks recklessly (Reckless, B8)",)
    roll, why = roll_in_fight(f, bram, berserker, SWORD, Mode.MELEE)
    assert roll is Advantage.ADVANTAGE and why == ("Berserker fights recklessly (Reckless, B8)",)
    bow = berserker.attacks[1]
    assert roll_in_fight(f, berserker, bram, bow, Mode.RANGED)[0] is not Advantage.ADVANTAGE
    # the plan reads it too: a reach attack is a mêlée weapon attack; B6's expected damage
    assert roll_for(berserker, bram, Mode.REACH, Rank.FRONT)[0] is Advantage.ADVANTAGE
    plain = replace(berserker, traits=())
    order = Order("Berserker", Rank.FRONT, target="Bram", mode=Mode.MELEE)
    calm = expected_damage(replace(f, monsters=(plain,)), plain, order)
    assert expected_damage(f, berserker, order) > calm


def test_b8_surprise_attack_adds_its_dice_against_a_surprised_hero() -> None:
    bugbear = monster("Bugbear", traits=(Trait(TraitKind.SURPRISE_ATTACK, dice=parse("2d6")),))
    bram = hero("Bram")
    f = fight([bram], [bugbear], {"A": ["Bram", "Bugbear"]})
    assert extra_damage(f, bugbear, bram, SWORD, Advantage.NORMAL) is None
    surprised = replace(f, surprised=frozenset({"Bram"}))
    found = extra_damage(surprised, bugbear, bram, SWORD, Advantage.NORMAL)
    assert found is not None and str(found[0]) == "2d6"
    assert found[1] == "Surprise Attack +2d6: Bram is surprised"


def test_b8_assassinate_advantage_in_round_1_and_a_critical_hit_on_the_surprised() -> None:
    assassin = monster("Assassin", traits=(Trait(TraitKind.ASSASSINATE),))
    bram, lys = hero("Bram"), hero("Lys")
    f = fight([bram, lys], [assassin], {"A": ["Bram", "Lys", "Assassin"]}, round=1)
    f = replace(f, turns=replace(f.turns, acted=frozenset({"Lys"})))
    roll, why = roll_in_fight(f, assassin, bram, SWORD, Mode.MELEE)
    assert roll is Advantage.ADVANTAGE and why == (
        "Assassinate: Bram has not taken a turn yet (B8)",
    )
    assert roll_in_fight(f, assassin, lys, SWORD, Mode.MELEE)[0] is Advantage.NORMAL  # Lys acted
    later = replace(f, round=2)
    assert roll_in_fight(later, assassin, bram, SWORD, Mode.MELEE)[0] is Advantage.NORMAL
    surprised = replace(f, surprised=frozenset({"Bram"}))
    hit = roll_attack(surprised, assassin, bram, SWORD, Mode.MELEE, ScriptedDice([3, 12, 4, 4]))
    assert isinstance(hit, Attacked) and hit.hit and hit.critical
    assert "Assassinate: Bram is surprised, a hit is critical (B8)" in hit.reasons


def test_b8_the_new_forms_round_trip_in_a_fight_file() -> None:
    forms = ["heated body 1d10 fire", "fire aura 3d6 fire", "surprise attack 2d6", "assassinate"]
    forms.append("reckless")
    for form in forms:
        assert trait_form(parse_trait(form)) == form
    text = MINIMAL.replace(
        "monsters:\n", f"monsters:\n  - {{name: Imp, hp: 9, traits: [{', '.join(forms)}]}}\n", 1
    )
    f = parse_fight(text, "f.yaml")
    assert len(f.monster("Imp").traits) == len(forms)
    assert parse_fight(dump_fight(f), "again.yaml").monster("Imp").traits == f.monster("Imp").traits
    for bad in ("heated body", "fire aura 3d6", "reckless 2"):
        with pytest.raises(ValueError):
            parse_trait(bad)


COUNTS = {
    TraitKind.HEATED_BODY: 3,
    TraitKind.FIRE_AURA: 1,
    TraitKind.SURPRISE_ATTACK: 2,
    TraitKind.ASSASSINATE: 1,
    TraitKind.RECKLESS: 2,
}


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_b8_every_srd_entry_with_these_traits_is_read_by_its_own_text() -> None:
    counts = dict.fromkeys(COUNTS, 0)
    held = {"brute": 0, "heated weapons": 0}
    for m in json.loads(SOURCE.read_text(encoding="utf-8")):
        block = stat_block(m)
        read = [parse_trait(f) for f in block.get("traits", [])]
        texts = [a["desc"] for a in m.get("actions", [])]
        for x in m.get("special_abilities", []):
            name, desc = x["name"], x["desc"]
            trait = read_trait(name, desc)
            if name.lower() in held:
                assert included(name, desc, texts), (m["name"], name)
                assert name in block_traits(m).names
                assert f"{name} (trait)" not in block.get("not_modelled", [])
                held[name.lower()] += 1
            if trait is None or trait.kind not in COUNTS:
                continue
            counts[trait.kind] += 1
            assert trait in read and f"{name} (trait)" not in block.get("not_modelled", [])
            if trait.dice is not None:  # its dice are its text's (both of Fire Aura's)
                assert desc.count(f"({trait.dice.parts[0].terms[0]})") == (
                    2 if trait.kind is TraitKind.FIRE_AURA else 1
                )
                kind = trait.dice.parts[0].damage_type
                assert kind is None or f") {kind} damage" in desc
    assert counts == COUNTS
    assert held == {"brute": 2, "heated weapons": 2}


def test_b8_brute_is_read_only_when_the_attacks_hold_its_extra_die() -> None:
    brute = (
        "A melee weapon deals one extra die of its damage when the bugbear hits with it "
        "(included in the attack)."
    )
    two = "Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 11 (2d8 + 2) piercing"
    two += " damage."
    one = two.replace("11 (2d8 + 2)", "6 (1d8 + 2)")
    assert included("Brute", brute, [two])
    assert not included("Brute", brute, [two, one])  # a mêlée weapon without its extra die
    heated = (
        "When the azer hits with a metal melee weapon, it deals an extra 3 (1d6) fire damage "
        "(included in the attack)."
    )
    assert included(
        "Heated Weapons", heated, [two.replace("damage.", "damage, plus 3 (1d6) fire damage.")]
    )
    assert not included("Heated Weapons", heated, [two])


def test_b8_stench_poisons_a_creature_that_starts_its_turn_in_the_ghasts_group() -> None:
    ghast = monster("Ghast", traits=(Trait(TraitKind.STENCH, dc=10),))
    ghoul = monster("Ghoul", condition_immune=frozenset({Condition.POISONED}))
    f = fight([hero("Bram"), hero("Cade")], [ghast, ghoul], {"A": ["Bram", "Ghast", "Ghoul"]})
    failed = Rolled.turn(f, "Bram")
    turn_edge(failed, "Bram", TurnEdge.START, ScriptedDice([4]))
    (save,) = [s for s in failed.steps if isinstance(s, SaveRolled)]
    assert save.against == "Ghast's Stench" and save.save.dc == 10 and not save.save.success
    (poisoned,) = [e for e in failed.fight.effects if e.who == "Bram"]
    assert poisoned.condition is Condition.POISONED
    assert poisoned.lasting == Lasting(until=("Bram", TurnEdge.START))
    saved = Rolled.turn(f, "Bram")
    turn_edge(saved, "Bram", TurnEdge.START, ScriptedDice([15]))
    (immune,) = [e for e in saved.fight.effects if e.who == "Bram"]
    assert immune.what == "immune to Ghast's Stench" and immune.lasting == Lasting(rounds=14_400)
    again = Rolled.turn(saved.fight, "Bram")
    turn_edge(again, "Bram", TurnEdge.START, ScriptedDice([]))  # immune: no save
    assert not [s for s in again.steps if isinstance(s, SaveRolled)]
    for who in ("Cade", "Ghoul"):  # not in its group; immune to poisoned
        other = Rolled.turn(f, who)
        turn_edge(other, who, TurnEdge.START, ScriptedDice([]))
        assert not [s for s in other.steps if isinstance(s, SaveRolled)]


def test_b8_fear_aura_frightens_only_foes_and_not_while_it_is_incapacitated() -> None:
    fiend = monster("Pit Fiend", traits=(Trait(TraitKind.FEAR_AURA, dc=21),))
    imp = monster("Imp")
    f = fight([hero("Bram")], [fiend, imp], {"A": ["Bram", "Pit Fiend", "Imp"]})
    turn = Rolled.turn(f, "Bram")
    turn_edge(turn, "Bram", TurnEdge.START, ScriptedDice([9]))
    assert [e.condition for e in turn.fight.effects] == [Condition.FRIGHTENED]
    ally = Rolled.turn(f, "Imp")
    turn_edge(ally, "Imp", TurnEdge.START, ScriptedDice([]))  # an ally is not hostile
    assert not ally.steps
    stunned = f.with_combatant(replace(fiend, conditions=frozenset({Condition.STUNNED})))
    held = Rolled.turn(stunned, "Bram")
    turn_edge(held, "Bram", TurnEdge.START, ScriptedDice([]))
    assert not held.steps
    assert parse_trait("fear aura DC 21") == Trait(TraitKind.FEAR_AURA, dc=21)
    assert trait_form(Trait(TraitKind.STENCH, dc=10)) == "stench DC 10"
    with pytest.raises(ValueError):
        parse_trait("stench")


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_b8_every_srd_stench_and_fear_aura_is_read_with_its_dc() -> None:
    found = []
    for m in json.loads(SOURCE.read_text(encoding="utf-8")):
        block = stat_block(m)
        for x in m.get("special_abilities", []):
            trait = read_trait(x["name"], x["desc"])
            if trait is not None and trait.kind in (TraitKind.STENCH, TraitKind.FEAR_AURA):
                assert f"DC {trait.dc} " in x["desc"]
                assert trait_form(trait) in block["traits"]
                found.append((m["name"], trait_form(trait)))
    assert found == [
        ("Ghast", "stench DC 10"),
        ("Hezrou", "stench DC 14"),
        ("Pit Fiend", "fear aura DC 21"),
    ]


SUNLIGHT = Trait(TraitKind.SUNLIGHT_HYPERSENSITIVITY, hp=20)
MIST = Trait(TraitKind.MISTY_ESCAPE)
REGEN = Trait(TraitKind.REGENERATION, hp=20, stopped_by=frozenset({DamageType.RADIANT}))


def test_b8_a_vampire_burns_as_its_turn_starts_in_sunlight_and_attacks_at_disadvantage() -> None:
    vampire = monster("Vampire", hp=144, traits=(SUNLIGHT, MIST, REGEN))
    bram = hero("Bram")
    f = fight([bram], [vampire], {"A": ["Bram", "Vampire"]}, sunlight=True)
    turn = Rolled.turn(f, "Vampire")
    turn_edge(turn, "Vampire", TurnEdge.START, ScriptedDice([]))
    (burn,) = [s for s in turn.steps if isinstance(s, Damaged)]
    assert (burn.who, burn.amount, burn.type) == ("Vampire", 20, DamageType.RADIANT)
    assert turn.fight.monster("Vampire").current_hp == 124
    assert turn.fight.monster("Vampire").has(Flag.SCORCHED)  # radiant: no regeneration next
    roll, why = roll_in_fight(f, vampire, bram, SWORD, Mode.MELEE)
    assert roll is Advantage.DISADVANTAGE
    assert why == ("Sunlight Hypersensitivity: Vampire is in sunlight (B8)",)
    shade = replace(f, sunlight=False)
    dark = Rolled.turn(shade, "Vampire")
    turn_edge(dark, "Vampire", TurnEdge.START, ScriptedDice([]))
    assert not dark.steps
    assert roll_in_fight(shade, vampire, bram, SWORD, Mode.MELEE)[0] is Advantage.NORMAL


def test_b8_misty_escape_a_vampire_dropped_leaves_as_mist_unless_in_sunlight() -> None:
    vampire = monster("Vampire", hp=144, damage=140, traits=(SUNLIGHT, MIST))
    f = fight([hero("Bram")], [vampire], {"A": ["Bram", "Vampire"]})
    done = apply(f, Recorded((Damaged("Vampire", 9, DamageType.SLASHING),)))
    after = done.after.monster("Vampire")
    assert after.escaped and after.current_hp == 0
    assert "turns to mist: it leaves the fight, not destroyed (Misty Escape, B8)" in _said(done)
    assert done.after.group_of("Vampire") is None
    sunny = apply(
        replace(f, sunlight=True), Recorded((Damaged("Vampire", 9, DamageType.SLASHING),))
    )
    assert not sunny.after.monster("Vampire").escaped  # it cannot turn to mist: destroyed
    assert "drops and dies" in _said(sunny)


def _said(done) -> str:  # type: ignore[no-untyped-def]
    return " ".join(n for s in done.steps for n in s.notes)


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_b8_every_srd_vampire_weakness_and_misty_escape_is_read_by_its_text() -> None:
    found = []
    for m in json.loads(SOURCE.read_text(encoding="utf-8")):
        block = stat_block(m)
        for x in m.get("special_abilities", []):
            trait = read_trait(x["name"], x["desc"])
            kinds = (TraitKind.SUNLIGHT_HYPERSENSITIVITY, TraitKind.MISTY_ESCAPE)
            if trait is not None and trait.kind in kinds:
                if trait.hp:
                    assert (
                        f"takes {trait.hp} radiant damage when it starts its turn in sunlight"
                        in (x["desc"])
                    )
                assert trait_form(trait) in block["traits"]
                found.append((m["name"], trait_form(trait)))
    assert sorted(found) == sorted(
        [
            (f"Vampire, {f} Form", w)
            for f in ("Vampire", "Bat", "Mist")
            for w in ("sunlight hypersensitivity 20", "misty escape")
        ]
        + [("Vampire Spawn", "sunlight hypersensitivity 20")]
    )
    assert parse_trait("sunlight hypersensitivity 20") == SUNLIGHT
    assert parse_trait("misty escape") == MIST


def test_b8_petrifying_gaze_restrains_then_petrifies_when_the_save_fails_again() -> None:
    basilisk = monster("Basilisk", traits=(parse_trait("petrifying gaze DC 12"),))
    bram = hero("Bram")
    f = fight([bram, hero("Cade")], [basilisk], {"A": ["Bram", "Basilisk"]})
    turn = Rolled.turn(f, "Bram")
    turn_edge(turn, "Bram", TurnEdge.START, ScriptedDice([5]))
    (stone,) = turn.fight.effects
    assert stone.what == "turning to stone (Basilisk's Petrifying Gaze)"
    assert stone.condition is Condition.RESTRAINED
    assert span_words(stone) == (  # its one save decides, said so (not "each of its turns")
        "turning to stone, a DC 12 Constitution save at the end of its next turn: a success "
        "ends it, a failure petrifies it"
    )
    turn_edge(turn, "Bram", TurnEdge.END, ScriptedDice([6]))  # the save again: it fails
    (petrified,) = turn.fight.effects
    assert petrified.condition is Condition.PETRIFIED and petrified.lasting == Lasting()
    freed = Rolled.turn(f, "Bram")
    turn_edge(freed, "Bram", TurnEdge.START, ScriptedDice([5]))
    turn_edge(freed, "Bram", TurnEdge.END, ScriptedDice([15]))
    assert not freed.fight.effects  # the second save ends it
    apart = Rolled.turn(f, "Cade")
    turn_edge(apart, "Cade", TurnEdge.START, ScriptedDice([]))  # not in its group
    assert not apart.steps


def test_b8_a_medusas_gaze_petrifies_at_once_on_a_failure_by_5() -> None:
    medusa = monster("Medusa", traits=(parse_trait("petrifying gaze DC 14, at once by 5"),))
    f = fight([hero("Bram")], [medusa], {"A": ["Bram", "Medusa"]})
    turn = Rolled.turn(f, "Bram")
    turn_edge(turn, "Bram", TurnEdge.START, ScriptedDice([9]))  # 9 + 0 fails by 5
    assert [e.condition for e in turn.fight.effects] == [Condition.PETRIFIED]
    close = Rolled.turn(f, "Bram")
    turn_edge(close, "Bram", TurnEdge.START, ScriptedDice([10]))  # fails by 4: turning
    assert [e.condition for e in close.fight.effects] == [Condition.RESTRAINED]
    blind = f.with_combatant(replace(f.hero("Bram"), conditions=frozenset({Condition.BLINDED})))
    unseeing = Rolled.turn(blind, "Bram")
    turn_edge(unseeing, "Bram", TurnEdge.START, ScriptedDice([]))
    assert not unseeing.steps  # a blinded hero cannot see its eyes
    down = f.with_combatant(replace(f.hero("Bram"), hp_now=0))
    dying = Rolled.turn(down, "Bram")
    turn_edge(dying, "Bram", TurnEdge.START, ScriptedDice([]))
    assert not dying.steps  # D8: unconscious at 0 hit points, it sees nothing
    assert trait_form(parse_trait("petrifying gaze DC 12")) == "petrifying gaze DC 12"


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_b8_every_srd_petrifying_gaze_is_read_with_its_dc() -> None:
    found = []
    for m in json.loads(SOURCE.read_text(encoding="utf-8")):
        for x in m.get("special_abilities", []):
            trait = read_trait(x["name"], x["desc"])
            if trait is not None and trait.kind is TraitKind.PETRIFYING_GAZE:
                assert f"DC {trait.dc} Constitution" in x["desc"]
                assert not trait.hp or f"fails by {trait.hp} or more" in x["desc"]
                assert trait_form(trait) in stat_block(m)["traits"]
                found.append((m["name"], trait_form(trait)))
    assert found == [
        ("Basilisk", "petrifying gaze DC 12"),
        ("Medusa", "petrifying gaze DC 14, at once by 5"),
    ]


def test_b6_surprise_attack_and_assassinate_in_the_plans_expected_damage() -> None:
    hero_ = hero("Bram", ac=10)
    one = (SWORD,)  # +4: a hit on 6–19 (14 faces), a critical hit on 20
    extra = parse("2d6")
    assert first_hit_mean(one, extra, hero_, Advantage.NORMAL, Mode.MELEE) == Fraction(56, 10)
    # the second attack adds its chance only when the first missed (a quarter of the time)
    assert first_hit_mean(one * 2, extra, hero_, Advantage.NORMAL, Mode.MELEE) == 7
    bugbear = monster(
        "Bugbear", attacks=(SWORD,), traits=(Trait(TraitKind.SURPRISE_ATTACK, dice=extra),)
    )
    f = fight([hero_], [bugbear], {"A": ["Bram", "Bugbear"]}, round=1)
    order = Order("Bugbear", Rank.FRONT, target="Bram", mode=Mode.MELEE)
    plain = expected_damage(f, bugbear, order)
    surprised = replace(f, surprised=frozenset({"Bram"}))
    assert expected_damage(surprised, bugbear, order) == plain + 560
    assassin = replace(bugbear, name="Assassin", traits=(Trait(TraitKind.ASSASSINATE),))
    g = fight([hero_], [assassin], {"A": ["Bram", "Assassin"]}, round=1)
    killer = Order("Assassin", Rank.FRONT, target="Bram", mode=Mode.MELEE)
    later = expected_damage(replace(g, round=2), assassin, killer)
    first = expected_damage(g, assassin, killer)  # advantage: Bram has not had his turn
    crits = expected_damage(replace(g, surprised=frozenset({"Bram"})), assassin, killer)
    assert later < first < crits
