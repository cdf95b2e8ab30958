"""F6 riders read in: from the SRD's own attack sentences (formats/riders) and through the
bestiary; the fight file's riders are tests/test_riders_fight_file.py."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.dice import DamageType, parse
from lnf.formats.bestiary import srd
from lnf.formats.rider_forms import rider_doc, rider_of_doc
from lnf.formats.riders import (
    ATTACKER,
    BEARERS,
    TARGET,
    UNREAD,
    own_damage,
    read,
    riders,
)
from lnf.formats.srd import ATTACK
from lnf.formats.touch_traits import SUBJECTED
from lnf.model import Ability, Condition, Lasting, Rider, TurnEdge
from tests.test_bestiary import SOURCE

CON, STR = Ability.CON, Ability.STR
END, START = TurnEdge.END, TurnEdge.START

# --- the SRD's own sentences ----------------------------------------------------------------

GHOUL = (
    "Melee Weapon Attack: +4 to hit, reach 5 ft., one creature. Hit: 7 (2d4 + 2) slashing damage."
    " If the target is a creature other than an elf or undead, it must succeed on a DC 10 "
    "Constitution saving throw or be paralyzed for 1 minute. The target can repeat the saving "
    "throw at the end of each of its turns, ending the effect on itself on a success."
)
GHAST = GHOUL.replace("+4", "+5").replace("an elf or undead", "an undead")
WOLF = (
    "Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 7 (2d4 + 2) piercing damage. "
    "If the target is a creature, it must succeed on a DC 11 Strength saving throw or be knocked "
    "prone."
)
GIANT_SPIDER = (
    "Melee Weapon Attack: +5 to hit, reach 5 ft., one creature. Hit: 7 (1d8 + 3) piercing damage, "
    "and the target must make a DC 11 Constitution saving throw, taking 9 (2d8) poison damage on a"
    " failed save, or half as much damage on a successful one. If the poison damage reduces the "
    "target to 0 hit points, the target is stable but poisoned for 1 hour, even after regaining "
    "hit points, and is paralyzed while poisoned in this way."
)
CONSTRICTOR = (
    "Melee Weapon Attack: +6 to hit, reach 5 ft., one creature. Hit: 13 (2d8 + 4) bludgeoning "
    "damage, and the target is grappled (escape DC 16). Until this grapple ends, the creature is "
    "restrained, and the snake can't constrict another target."
)
WIGHT = (
    "Melee Weapon Attack: +4 to hit, reach 5 ft., one creature. Hit: 5 (1d6 + 2) necrotic damage. "
    "The target must succeed on a DC 13 Constitution saving throw or its hit point maximum is "
    "reduced by an amount equal to the damage taken. This reduction lasts until the target "
    "finishes a long rest. The target dies if this effect reduces its hit point maximum to 0.\n"
    "A humanoid slain by this attack rises 24 hours later as a zombie under the wight's control, "
    "unless the humanoid is restored to life or its body is destroyed. The wight can have no more"
    " than twelve zombies under its control at one time."
)
CENTIPEDE = (
    "Melee Weapon Attack: +4 to hit, reach 5 ft., one creature. Hit: 4 (1d4 + 2) piercing damage,"
    " and the target must succeed on a DC 11 Constitution saving throw or take 10 (3d6) poison "
    "damage. If the poison damage reduces the target to 0 hit points, the target is stable but "
    "poisoned for 1 hour, even after regaining hit points, and is paralyzed while poisoned in "
    "this way."
)
QUASIT = (
    "Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 5 (1d4 + 3) piercing damage, "
    "and the target must succeed on a DC 10 Constitution saving throw or take 5 (2d4) poison "
    "damage and become poisoned for 1 minute. The target can repeat the saving throw at the end "
    "of each of its turns, ending the effect on itself on a success."
)
CHUUL = (
    "Melee Weapon Attack: +6 to hit, reach 10 ft., one target. Hit: 11 (2d6 + 4) bludgeoning "
    "damage. The target is grappled (escape DC 14) if it is a Large or smaller creature and the "
    "chuul doesn't have two other creatures grappled."
)
OTYUGH = (
    "Melee Weapon Attack: +6 to hit, reach 10 ft., one target. Hit: 7 (1d8 + 3) bludgeoning damage"
    " plus 4 (1d8) piercing damage. If the target is Medium or smaller, it is grappled (escape DC "
    "13) and restrained until the grapple ends. The otyugh has two tentacles, each of which can "
    "grapple one target."
)
VAMPIRE_SPAWN = (
    "Melee Weapon Attack: +6 to hit, reach 5 ft., one willing creature, or a creature that is "
    "grappled by the vampire, incapacitated, or restrained. Hit: 6 (1d6 + 3) piercing damage plus "
    "7 (2d6) necrotic damage. The target's hit point maximum is reduced by an amount equal to the "
    "necrotic damage taken, and the vampire regains hit points equal to that amount. The reduction"
    " lasts until the target finishes a long rest. The target dies if this effect reduces its hit "
    "point maximum to 0."
)
COCKATRICE = (
    "Melee Weapon Attack: +3 to hit, reach 5 ft., one creature. Hit: 3 (1d4 + 1) piercing damage, "
    "and the target must succeed on a DC 11 Constitution saving throw against being magically "
    "petrified. On a failed save, the creature begins to turn to stone and is restrained. It must "
    "repeat the saving throw at the end of its next turn. On a success, the effect ends. On a "
    "failure, the creature is petrified for 24 hours."
)
WEREWOLF = (
    "Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 6 (1d8 + 2) piercing damage. "
    "If the target is a humanoid, it must succeed on a DC 12 Constitution saving throw or be "
    "cursed with werewolf lycanthropy."
)


def test_the_ghoul_and_the_ghast_paralyze_for_a_minute_a_save_at_each_turns_end() -> None:
    paralyzed = Rider(
        save=(CON, 10),
        conditions=(Condition.PARALYZED,),
        lasting=Lasting(rounds=10, save=(CON, 10), each=END),
        only_if="not an elf or undead",
    )
    assert read(GHOUL).riders == (paralyzed,)
    assert read(GHOUL).unread == ()
    assert riders(GHAST) == (replace(paralyzed, only_if="not an undead"),)


def test_the_wolf_knocks_prone_on_a_failed_strength_save() -> None:
    assert read(WOLF).riders == (Rider(save=(STR, 11), conditions=(Condition.PRONE,)),)
    assert read(WOLF).unread == ()


def test_poison_on_a_failed_save_half_on_a_success_or_none() -> None:
    spider = read(GIANT_SPIDER)
    three_d6 = parse("3d6")
    poison = DamageType.POISON
    both = (Condition.POISONED, Condition.PARALYZED)  # F6, D9: stable, and these, at 0 hp
    at_zero = Rider(at_zero=True, conditions=both, lasting=Lasting(rounds=600))
    bite = replace(at_zero, save=(CON, 11), damage=parse("2d8"), damage_type=poison, half=True)
    assert spider.riders == (bite,)
    assert spider.unread == ()
    centipede = riders(CENTIPEDE)
    assert centipede == (replace(at_zero, save=(CON, 11), damage=three_d6, damage_type=poison),)


def test_damage_and_a_condition_from_one_failed_save() -> None:
    assert riders(QUASIT) == (
        Rider(
            save=(CON, 10),
            damage=parse("2d4"),
            damage_type=DamageType.POISON,
            conditions=(Condition.POISONED,),
            lasting=Lasting(rounds=10, save=(CON, 10), each=END),
        ),
    )


def test_a_grapple_restrains_while_it_holds() -> None:
    snake = read(CONSTRICTOR)
    assert snake.riders == (Rider(grapple=16, holds=1, conditions=(Condition.RESTRAINED,)),)
    assert snake.unread == ()  # F6: "the snake can't constrict another target": one at a time
    otyugh = read(OTYUGH)
    assert otyugh.riders == (
        Rider(grapple=13, holds=2, conditions=(Condition.RESTRAINED,), only_if="Medium or smaller"),
    )
    assert otyugh.unread == ()  # two tentacles, each of which can grapple one target
    chuul = read(CHUUL)
    assert chuul.riders == (Rider(grapple=14, holds=2, only_if="Large or smaller"),)
    assert chuul.unread == ()  # "doesn't have two other creatures grappled"


def test_life_drain_lowers_the_hit_point_maximum() -> None:
    wight = read(WIGHT)
    risen = "slain: it rises as a zombie in 24 hours"
    assert wight.riders == (
        Rider(save=(CON, 13), max_hp=True),
        Rider(afflicts=risen, slain=True, only_if="humanoid"),  # F6: the slain rising
    )
    assert wight.unread == ()  # the long rest, death at 0 and the twelve zombies are read
    spawn = read(VAMPIRE_SPAWN)
    # No save, only the necrotic damage counts, and the vampire regains it (docs/riders.md).
    assert spawn.riders == (Rider(max_hp=True, damage_type=DamageType.NECROTIC, regains=True),)
    assert spawn.unread == ()


def test_a_save_repeated_once_at_the_end_of_the_next_turn() -> None:
    cockatrice = read(COCKATRICE)
    assert cockatrice.riders == (
        Rider(
            save=(CON, 11),
            conditions=(Condition.RESTRAINED,),
            lasting=Lasting(until=(TARGET, END), save=(CON, 11), each=END),
            then=Condition.PETRIFIED,  # F4: on a failed repeat, for 24 hours
            then_rounds=14_400,
        ),
    )
    assert cockatrice.unread == ()


def test_what_lnf_does_not_play_is_named_not_dropped() -> None:
    werewolf = read(WEREWOLF)
    cursed = "cursed with werewolf lycanthropy: it shows after the fight"  # F6: past the fight
    assert werewolf.riders == (Rider(save=(CON, 12), afflicts=cursed, only_if="humanoid"),)
    assert werewolf.unread == ()
    odd = GHOUL + " The target glows a faint green."
    assert read(odd).unread == (UNREAD,)
    assert read("Melee Weapon Attack: +4 to hit, reach 5 ft. Hit: 5 (1d6 + 2) slashing damage.")
    assert riders("Multiattack. The ghoul makes two attacks.") == ()


@pytest.mark.parametrize(
    ("words", "lasting"),
    [
        ("until the end of its next turn", Lasting(until=(TARGET, END))),
        ("until the start of the target's next turn", Lasting(until=(TARGET, START))),
        ("until the end of the ghoul's next turn", Lasting(until=(ATTACKER, END))),
        ("for 1 hour", Lasting(rounds=600)),
        ("for 3 rounds", Lasting(rounds=3)),
        ("for 24 hours", Lasting(rounds=14_400)),
    ],
)
def test_how_long_a_condition_lasts_f4(words: str, lasting: Lasting) -> None:
    desc = WOLF.replace("be knocked prone.", f"be frightened {words}.")
    assert riders(desc) == (
        Rider(save=(STR, 11), conditions=(Condition.FRIGHTENED,), lasting=lasting),
    )
    assert all(r.lasting.until is None or r.lasting.until[0] in BEARERS for r in riders(desc))


SENTENCES = [
    sentence + "."
    for desc in (GHOUL, WOLF, GIANT_SPIDER, CONSTRICTOR, WIGHT, QUASIT, OTYUGH, COCKATRICE)
    for sentence in desc.split("Hit:", 1)[1].split(". ")
]


@settings(max_examples=300)
@given(st.lists(st.sampled_from(SENTENCES) | st.text(max_size=40), max_size=6))
def test_any_words_after_a_hit_give_riders_or_notes_never_an_error(words: list[str]) -> None:
    """A user's own bestiary may say anything after "Hit:": the reader takes what it knows."""
    reading = read("Melee Weapon Attack: +4 to hit, reach 5 ft. Hit:" + " ".join(words))
    for r in reading.riders:
        assert r.conditions or r.damage or r.grapple or r.max_hp or r.afflicts or r.no_healing
        assert rider_of_doc(rider_doc(r)) == r


@pytest.mark.parametrize(
    "words",
    [
        ", and the target must make a DC 11 Constitution saving throw, taking 7 (0d6) poison damage"
        " on a failed save",
        ", and the target is grappled (escape DC 99999999999999999999)",
        ". The target must succeed on a DC 999999 Strength saving throw or be knocked prone",
    ],
)
def test_figures_lnf_cannot_play_are_named_not_read(words: str) -> None:
    reading = read(
        f"Melee Weapon Attack: +4 to hit, reach 5 ft. Hit: 5 (1d6) slashing damage{words}."
    )
    assert reading.riders == () and reading.unread


# --- every SRD attack, against its own words ------------------------------------------------

# A save, not a check ("a successful DC 12 Wisdom (Medicine) check" stanches a wound).
SAVE_WORDS = re.compile(
    r"DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma)(?! \()"
)
ABILITY = {
    "Strength": STR,
    "Dexterity": Ability.DEX,
    "Constitution": CON,
    "Intelligence": Ability.INT,
    "Wisdom": Ability.WIS,
    "Charisma": Ability.CHA,
}


OWN_WORDS = {
    Condition.INTOXICATED: "magically cursed",
    Condition.HAMPERED: "disadvantage on Strength checks and Strength saving throws",
}


@pytest.mark.skipif(not SOURCE.exists(), reason="the SRD source file sits beside the project")
def test_every_srd_attack_rider_agrees_with_its_own_description() -> None:
    """For every attack of the 334 entries: each save, DC, grapple, condition and damage die lnf
    took is printed in the description; each save or grapple the description prints after the
    hit is taken or named as not read; the bestiary holds what the reader reads. The counts are
    the measure (docs/riders.md)."""
    monsters = json.loads(SOURCE.read_text(encoding="utf-8"))
    blocks = {b["name"]: b for b in srd()}
    with_save, with_hold, read_save, read_hold, unread = set(), set(), set(), set(), set()
    for m in monsters:
        played = {a["name"]: a for a in blocks[m["name"]]["attacks"]}
        for action in m.get("actions", []):
            desc = action["desc"].strip()
            if not ATTACK.match(desc):
                continue
            reading = read(desc)
            after = desc.split("Hit:", 1)[1]
            saves = {
                (ABILITY[a], int(dc)) for dc, a in SAVE_WORDS.findall(after) if "saving" in after
            }
            escapes = {int(n) for n in re.findall(r"escape DC (\d+)", after)}
            escapes |= {int(n) for n in re.findall(r"DC (\d+) Strength check", after)}  # F6
            for r in reading.riders:
                assert r.save is None or r.save in saves, (m["name"], r)
                assert not r.grapple or r.grapple in escapes, (m["name"], r)
                for c in r.conditions:
                    said = OWN_WORDS.get(c, c.value)  # F6: lnf's own conditions
                    assert re.search(rf"\b{said}\b", after), (m["name"], c)
                assert r.damage is None or f"({r.damage}" in after.replace(" ", ""), m["name"]
                assert r.lasting.until is None or r.lasting.until[0] in BEARERS
            taken = {r.save for r in reading.riders} | {r.grapple for r in reading.riders}
            taken |= {(CON, r.regurgitate[1]) for r in reading.riders if r.regurgitate}  # F6
            if (saves - taken or escapes - taken) and "saving throw" in after:
                assert reading.unread, (m["name"], action["name"])
            if "saving throw" in desc:
                with_save.add(m["name"])
            if re.search("grappl|restrain", desc):
                with_hold.add(m["name"])
            if any(r.save for r in reading.riders):
                read_save.add(m["name"])
            if any(
                (r.grapple and not r.attach) or Condition.RESTRAINED in r.conditions
                for r in reading.riders
            ):  # F6: an attachment's DC is a check's, no grapple
                read_hold.add(m["name"])
            if reading.unread:
                unread.add(m["name"])
            name = action["name"].strip()
            notes = blocks[m["name"]].get("not_modelled", [])
            if name in played and not own_damage(desc):  # F6: the naga's: the save's damage
                assert "damage" not in played[name] or not reading.riders, (m["name"], name)
            if name in played:
                docs = [rider_doc(r) for r in reading.riders]
                if m["name"] == "Roper":  # F6: its Grasping Tendrils trait's six at a time
                    docs = [d | {"holds": 6} for d in docs]
                adhered = SUBJECTED in desc  # B8: the mimic's Adhesive, its DC the trait's
                traits = " ".join(x["desc"] for x in m.get("special_abilities", []))
                docs += [{"grapple": int(x)} for x in re.findall(r"escape DC (\d+)", traits)][
                    : int(adhered)
                ]
                got = played[name].get("riders", [])
                if m["name"] == "Tarrasque":  # F6: its Swallow read as its bite's (first)
                    got = [d for d in got if not d.get("swallow")]
                assert got == docs, (m["name"], name)
                left = [u for u in reading.unread if not (adhered and "Adhesive" in u)]
                said = f"{name}: on a hit, {', '.join(left)}"
                assert (said in notes) == bool(left), (m["name"], name)
    # The counts: 70 monsters with a save on a hit, 33 with a grapple or restraint.
    assert (len(with_save), len(with_hold)) == (70, 33)
    # F6: curses, wounds, pulls, swallows; every hold but the bat form's (its bite's target)
    assert (len(read_save), len(read_hold)) == (67, 32)


def test_no_description_sentence_goes_into_the_bestiary() -> None:
    """The SRD's terms: figures and lnf's own words only (the notes are lnf's few words)."""
    for block in srd():
        for a in block["attacks"]:
            for r in a.get("riders", []):
                assert rider_of_doc(r) is not None
                assert len(r.get("only_if", "")) <= 30, r
        for note in block.get("not_modelled", []):
            assert "saving throw" not in note and "must succeed" not in note, note
