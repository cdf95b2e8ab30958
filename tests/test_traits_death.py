"""B8: what a monster's death, or a hero's, brings, by its SRD text: Death Burst and Death
Throes (each hero of its group saves against its damage or its condition), Rejuvenation and
Elemental Demise (said), Rampage (a bonus bite after it drops a hero), and Aggressive's
bonus-action dash in a chase."""

from __future__ import annotations

import json
import re

import pytest

from lnf.dice import DamageType, parse
from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import Steps
from lnf.engine.chasing import commit_speeds, speed_policy
from lnf.engine.effects import Rolled
from lnf.engine.steps import apply_step
from lnf.engine.turns import monster_attacks
from lnf.formats.srd import stat_block
from lnf.formats.srd_traits import read_trait
from lnf.formats.trait_forms import parse_trait, trait_form
from lnf.model import (
    Ability,
    Attack,
    Condition,
    Lasting,
    Pool,
    Rank,
    Rider,
    Trait,
    TraitKind,
    TurnEdge,
)
from lnf.model.plan import Mode, Order
from lnf.model.steps import Attacked, Damaged, SaveRolled
from lnf.rules.chase import aggressive
from lnf.values import replace
from tests.builders import fight, hero, monster
from tests.test_bestiary import SOURCE

LAVA = parse_trait("death burst DC 11 dex, 2d6 fire, half")
DUST = parse_trait("death burst DC 10 con, blinded 10 rounds, repeat")


def test_b8_the_death_burst_forms() -> None:
    assert (
        Trait(
            TraitKind.DEATH_BURST,
            dc=11,
            rider=Rider(
                save=(Ability.DEX, 11),
                damage=parse("2d6 fire"),
                damage_type=DamageType.FIRE,
                half=True,
            ),
        )
        == LAVA
    )
    blinded = Lasting(rounds=10, save=(Ability.CON, 10), each=TurnEdge.END)
    assert DUST.rider == Rider(
        save=(Ability.CON, 10), conditions=(Condition.BLINDED,), lasting=blinded
    )
    for form in (
        "death burst DC 11 dex, 2d6 fire, half",
        "death burst DC 10 con, blinded 10 rounds, repeat",
        "death throes DC 20 dex, 20d6 fire, half",
        "death burst DC 10 dex, 1d8 fire",
    ):
        assert trait_form(parse_trait(form)) == form
    for bad in ("death burst", "death burst DC 11 dex", "death burst DC 10 con, sleepy 3 rounds"):
        with pytest.raises(ValueError):
            parse_trait(bad)


def _killed(trait: Trait, faces: list[int]):  # type: ignore[no-untyped-def]
    mephit = monster("Mephit", hp=22, damage=20, traits=(trait,))
    imp = monster("Imp")
    f = fight(
        [hero("Bram", hp=30), hero("Lys", hp=30), hero("Cade", hp=30)],
        [mephit, imp],
        {"A": ["Bram", "Lys", "Mephit", "Imp"], "B": ["Cade"]},
    )
    turn = Rolled.turn(f, "Bram").rolling(ScriptedDice(faces))
    turn.do(Damaged("Mephit", 5, DamageType.SLASHING))
    return turn


def test_b8_a_magma_mephit_explodes_on_the_heroes_of_its_group() -> None:
    turn = _killed(LAVA, [3, 15, 4, 5])  # Bram fails, Lys saves; 2d6 = 9
    saves = [s for s in turn.steps if isinstance(s, SaveRolled)]
    assert [(s.save.who, s.save.success, s.against) for s in saves] == [
        ("Bram", False, "Mephit's Death Burst"),
        ("Lys", True, "Mephit's Death Burst"),
    ]
    burned = {s.who: s.amount for s in turn.steps if isinstance(s, Damaged) and s.who != "Mephit"}
    assert burned == {"Bram": 9, "Lys": 4}  # not Cade (another group), not the Imp (B5)
    assert turn.fight.hero("Bram").current_hp == 21


def test_b8_a_dust_mephit_blinds_for_a_minute_with_a_save_at_each_turns_end() -> None:
    turn = _killed(DUST, [3, 15])
    (blind,) = turn.fight.effects
    assert (blind.who, blind.condition, blind.by) == ("Bram", Condition.BLINDED, "Mephit")
    assert blind.lasting == Lasting(rounds=10, save=(Ability.CON, 10), each=TurnEdge.END)


def test_b8_no_burst_while_it_lives() -> None:
    mephit = monster("Mephit", hp=22, traits=(LAVA,))
    f = fight([hero("Bram")], [mephit], {"A": ["Bram", "Mephit"]})
    turn = Rolled.turn(f, "Bram").rolling(ScriptedDice([]))
    turn.do(Damaged("Mephit", 5, DamageType.SLASHING))
    assert not [s for s in turn.steps if isinstance(s, SaveRolled)]
    assert turn.fight.monster("Mephit").current_hp == 17


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_b8_every_srd_death_burst_is_read_with_its_texts_figures() -> None:
    found = []
    for m in json.loads(SOURCE.read_text(encoding="utf-8")):
        block = stat_block(m)
        for x in m.get("special_abilities", []):
            trait = read_trait(x["name"], x["desc"])
            if trait is None or trait.kind not in (TraitKind.DEATH_BURST, TraitKind.DEATH_THROES):
                continue
            rider, desc = trait.rider, x["desc"]
            assert rider is not None and rider.save is not None
            ability, dc = rider.save
            assert re.search(rf"DC {dc} {ability.word} saving throw", desc), m["name"]
            if rider.damage is not None:
                dice = rider.damage.parts[0].terms[0]
                assert f"({dice}) {rider.damage_type} damage" in desc
            assert rider.half == ("half as much damage" in desc)
            for c in rider.conditions:
                assert f"be {c} for 1 minute" in desc and rider.lasting.rounds == 10
            assert (rider.lasting.each is not None) == ("repeat the saving throw" in desc)
            assert trait_form(trait) in block["traits"]
            assert f"{x['name']} (trait)" not in block.get("not_modelled", [])
            found.append(m["name"])
    assert found == ["Balor", "Dust Mephit", "Ice Mephit", "Magma Mephit", "Magmin", "Steam Mephit"]


def test_b8_rejuvenation_and_elemental_demise_are_said_as_it_dies() -> None:
    naga = monster("Naga", hp=75, damage=70, traits=(parse_trait("rejuvenation 1d6 days"),))
    djinni = monster("Djinni", hp=161, damage=160, traits=(parse_trait("elemental demise"),))
    f = fight([hero("Bram")], [naga, djinni], {"A": ["Bram", "Naga", "Djinni"]})
    turn = Rolled.turn(f, "Bram").rolling(ScriptedDice([]))
    hurt = turn.do(Damaged("Naga", 4, DamageType.SLASHING))
    assert hurt.notes == ()  # alive: nothing said
    dead = turn.do(Damaged("Naga", 9, DamageType.SLASHING))
    assert "Naga can rise again in 1d6 days, its hit points whole (Rejuvenation, B8)" in dead.notes
    gone = turn.do(Damaged("Djinni", 9, DamageType.SLASHING))
    said = "Djinni's body disintegrates, leaving only its equipment (Elemental Demise, B8)"
    assert said in gone.notes
    assert trait_form(parse_trait("rejuvenation 24 hours")) == "rejuvenation 24 hours"
    with pytest.raises(ValueError):
        parse_trait("rejuvenation")


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_b8_every_srd_rejuvenation_and_elemental_demise_is_read_by_its_text() -> None:
    found = []
    for m in json.loads(SOURCE.read_text(encoding="utf-8")):
        block = stat_block(m)
        for x in m.get("special_abilities", []):
            trait = read_trait(x["name"], x["desc"])
            kinds = (TraitKind.REJUVENATION, TraitKind.ELEMENTAL_DEMISE)
            if trait is None or trait.kind not in kinds:
                continue
            assert not trait.then or f" in {trait.then}" in x["desc"]  # its time is its text's
            assert trait_form(trait) in block["traits"]
            found.append((m["name"], trait_form(trait)))
    assert found == [
        ("Djinni", "elemental demise"),
        ("Efreeti", "elemental demise"),
        ("Guardian Naga", "rejuvenation 1d6 days"),
        ("Lich", "rejuvenation 1d10 days"),
        ("Mummy Lord", "rejuvenation 24 hours"),
        ("Spirit Naga", "rejuvenation 1d6 days"),
    ]


GNOLL_BITE = Attack(name="Bite", to_hit=4, damage=parse("1d4+2 piercing"))
SPEAR = Attack(name="Spear", to_hit=4, damage=parse("1d6+2 piercing"))


def _gnoll(bram_hp: int, faces: list[int]):  # type: ignore[no-untyped-def]
    gnoll = monster(
        "Gnoll", attacks=(GNOLL_BITE, SPEAR), traits=(Trait(TraitKind.RAMPAGE, attack="Bite"),)
    )
    bram = hero("Bram", hp=20, hp_now=bram_hp, ac=10)
    f = fight([bram, hero("Lys", ac=10)], [gnoll], {"A": ["Bram", "Lys", "Gnoll"]})
    turn = Steps.turn(f, "Gnoll")
    order = Order("Gnoll", Rank.FRONT, target="Bram", mode=Mode.MELEE)
    monster_attacks(turn, "Gnoll", order, ScriptedDice(faces), lambda *_: True)
    return turn


def test_b8_rampage_a_gnoll_that_drops_a_hero_bites_the_next_as_a_bonus_action() -> None:
    turn = _gnoll(3, [15, 4, 15, 3])  # the spear drops Bram (6 damage); the bite at Lys: 5
    spear, *_, bite = [s for s in turn.steps if isinstance(s, Attacked)]
    assert spear.attack == "Spear" and turn.fight.hero("Bram").current_hp == 0
    assert (bite.attack, bite.target) == ("Bite", "Lys")
    assert bite.big == "Rampage: a bonus action after it dropped a creature (B8)"
    assert turn.fight.hero("Lys").current_hp == 15
    unhurt = _gnoll(20, [15, 4])  # Bram stands: no bonus bite
    assert [s.attack for s in unhurt.steps if isinstance(s, Attacked)] == ["Spear"]
    assert trait_form(parse_trait("rampage Bite")) == "rampage Bite"


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_b8_every_srd_rampage_names_its_bite() -> None:
    found = []
    for m in json.loads(SOURCE.read_text(encoding="utf-8")):
        block = stat_block(m)
        for x in m.get("special_abilities", []):
            if x["name"] != "Rampage":
                continue
            trait = read_trait(x["name"], x["desc"], [a["name"] for a in m["actions"]])
            assert trait is not None and f"make a {trait.attack.lower()} attack" in x["desc"]
            assert trait_form(trait) in block["traits"]
            found.append(m["name"])
    assert found == ["Giant Hyena", "Gnoll"]


def test_b8_aggressive_an_orc_pursuer_dashes_with_its_bonus_action_and_keeps_its_action() -> None:
    orc = monster("Orc", hp=15, attacks=(SPEAR,), traits=(Trait(TraitKind.AGGRESSIVE),))
    plain = monster("Goblin", hp=7, attacks=(SPEAR,))
    bram = hero("Bram")
    f = fight([bram], [orc, plain], chase=(Pool("Bram", "Orc", 0), Pool("Bram", "Goblin", 0)))
    assert speed_policy(f, orc) == 1  # at 0 points it reaches Bram: its bonus action only
    assert speed_policy(f, plain) == 0
    far = replace(f, chase=(Pool("Bram", "Orc", 3),))
    assert speed_policy(far, orc) == 2  # nobody in reach: its action dashes too
    done = apply_step(f, commit_speeds(f, lambda c: 1, ScriptedDice([])))
    assert "Orc" not in done.after.turns.dashed  # its action is left to attack (C4)
    assert "Goblin" in done.after.turns.dashed
    said = "Orc dashes with its bonus action (Aggressive, B8): its action is left"
    assert said in done.notes
    twice = apply_step(f, commit_speeds(f, lambda c: 2, ScriptedDice([])))
    assert "Orc" in twice.after.turns.dashed
    escaping = replace(f, chase=(Pool("Orc", "Bram", 0),))  # fleeing: no foe to move toward
    assert not aggressive(escaping, orc)
    assert trait_form(parse_trait("aggressive")) == "aggressive"
    srd = read_trait(
        "Aggressive",
        "As a bonus action, the orc can move up to its speed toward a hostile creature that it "
        "can see.",
    )
    assert srd == Trait(TraitKind.AGGRESSIVE)
