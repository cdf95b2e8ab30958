"""F6: what a hit brings that lasts past the fight — lycanthropy, mummy rot, a disease, the
rakshasa's curse, no regaining hit points, the slain rising, the vampire regaining what it
drains — read from every SRD entry's own text, played (healing barred, the maximum drained,
the drainer healed) and logged as a lasting condition on the hero in the DM's words."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled, turn_edge
from lnf.engine.resolve import roll_attack
from lnf.formats.bestiary import srd
from lnf.formats.event_codec import event_from_json, event_to_json
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.formats.rider_forms import rider_of_doc
from lnf.model import Condition, Fight, TurnEdge
from lnf.model.events import Recorded
from lnf.model.plan import Mode
from lnf.model.steps import Damaged, EffectStarted, Healed
from lnf.views.effects_text import effect_text
from tests.srd import DATA, needs_data

# The kinds `lnf monsters --not-played` named before they were played (formats/riders _KINDS).
PLAYED_KINDS = (
    "lycanthropy",
    "mummy rot",
    "a curse",
    "disease",
    "no healing",
    "the slain rising",
    "regains what it drains",
)


def _srd() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8")
    )
    return data


@needs_data
def test_f6_every_srd_lasting_rider_is_read_from_its_own_text() -> None:
    """Each SRD attack whose hit text curses, diseases, bars healing, raises the slain or
    regains what it drains carries it, as its text says, and lists none of it as unplayed."""
    blocks = {b["name"]: b for b in srd()}
    seen: dict[str, int] = {}
    for entry in _srd():
        for action in entry.get("actions", []):
            desc = action.get("desc", "")
            if "Hit:" not in desc:
                continue
            after = desc.split("Hit:", 1)[1]
            attack = next(
                (a for a in blocks[entry["name"]]["attacks"] if a["name"] == action["name"]), None
            )
            if attack is None:
                continue
            riders = [rider_of_doc(r) for r in attack.get("riders", [])]
            afflicts = " ".join(r.afflicts for r in riders)
            if were := re.search(r"cursed with (\w+) lycanthropy", after):
                seen["lycanthropy"] = seen.get("lycanthropy", 0) + 1
                dc = re.search(r"DC (\d+) Constitution", after)
                assert dc is not None
                cursed = next(r for r in riders if r.afflicts)
                assert cursed.afflicts.startswith(f"cursed with {were[1]} lycanthropy")
                assert cursed.save is not None and cursed.save[1] == int(dc[1])
                assert cursed.only_if == "humanoid" and "If the target is a humanoid" in after
            if "mummy rot" in after:
                seen["mummy rot"] = seen.get("mummy rot", 0) + 1
                assert afflicts.startswith("cursed with mummy rot")
            for dice in re.findall(r"\d+d\d+", afflicts):  # every figure said is the text's
                assert re.search(rf"\b{dice}\b", after), (entry["name"], dice)
            if re.search(r"diseased|contract a disease|against disease", after):
                seen["disease"] = seen.get("disease", 0) + 1
                assert afflicts.startswith("diseased"), entry["name"]
            if "is cursed if it is a creature" in after:
                seen["curse"] = seen.get("curse", 0) + 1
                assert "no benefit from a short or long rest" in afflicts
                assert "gains no benefit from finishing a short or long rest" in after
            barred = {r.no_healing for r in riders} - {""}
            if "can't regain hit points" in after and "unless it is underwater" not in after:
                seen["no healing"] = seen.get("no healing", 0) + 1
                magic = "except by magical means" in after
                assert barred == {"magic" if magic else "all"}, entry["name"]
            else:
                assert not barred, entry["name"]
            slain = [r for r in riders if r.slain]
            absorbed = re.search(r"killed by this damage, it is absorbed into the (\w+)", after)
            if absorbed:  # F6: the gibbering mouther's bites
                seen["absorbed"] = seen.get("absorbed", 0) + 1
                assert [r.afflicts for r in slain] == [f"slain: absorbed into the {absorbed[1]}"]
                slain = []
            assert bool(slain) == bool(re.search(r"\brises\b", after)), entry["name"]
            if slain:
                seen["rises"] = seen.get("rises", 0) + 1
                what = re.search(
                    r"rises (?:[\w ]+? )?as an? ([\w ]+?) under|new (\w+) rises", after
                )
                assert what is not None and (what[1] or what[2]) in slain[0].afflicts
            regains = any(r.regains for r in riders)
            assert regains == ("regains hit points equal to that amount" in after), entry["name"]
            for note in blocks[entry["name"]].get("not_modelled", []):
                if note.startswith(f"{action['name']}: on a hit"):
                    assert not any(k in note for k in PLAYED_KINDS), note
    # ten were-forms, two mummies, four diseases, the rakshasa, four healing bars, four risings
    assert seen == {
        "lycanthropy": 10,
        "mummy rot": 2,
        "disease": 4,
        "curse": 1,
        "no healing": 5,
        "rises": 4,
        "absorbed": 1,  # the gibbering mouther's
    }


FILE = """
heroes:
  - {name: Bo, class: fighter, hp: 40, ac: 10}
  - {name: Ilsa, class: cleric, hp: 30, ac: 10}
monsters:
  - {monster: "werewolf, wolf form", name: Werewolf}
  - monster: mummy
  - monster: vampire spawn
  - monster: wight
  - monster: bearded devil
  - monster: giant rat (diseased)
groups:
  A: [Bo, Werewolf, Mummy, Vampire Spawn, Wight, Bearded Devil, Giant Rat (Diseased)]
"""


def _hit(fight: Fight, monster: str, attack: str, faces: list[int], target: str = "Bo") -> Rolled:
    """`monster` hits `target` with `attack` (d20 15), its damage and rider rolled from `faces`."""
    me = fight.monster(monster)
    weapon = next(a for a in me.attacks if a.name == attack)
    dice = ScriptedDice([15, *faces])
    hit = roll_attack(fight, me, fight.hero(target), weapon, Mode.MELEE, dice)
    turn = Rolled.turn(fight, monster).rolling(dice)
    turn.do(hit)
    return turn


def _said(turn: Rolled) -> list[str]:
    """The lines the steps' effects are told in (F6)."""
    fight = turn.fight
    return [effect_text(s, fight, fight) for s in turn.steps if isinstance(s, EffectStarted)]


def test_f6_lycanthropy_is_logged_on_the_hero_in_the_dms_words() -> None:
    fight = parse_fight(FILE, "lasting.yaml")
    failed = _hit(fight, "Werewolf", "Bite", [4, 5])  # 1d8+2; Con save 5 + 2 vs DC 12
    assert _said(failed) == [
        "Bo is cursed with werewolf lycanthropy (by Werewolf): it shows after the fight (F6)."
    ]
    (effect,) = failed.fight.effects
    assert effect.affliction and not effect.no_healing and effect.condition is None
    logged = next(s for s in failed.steps if isinstance(s, EffectStarted))
    record = Recorded((logged,))
    assert event_from_json(event_to_json(record), "log") == record  # the log keeps it
    saved = _hit(fight, "Werewolf", "Bite", [4, 15])
    assert saved.fight.effects == ()


def test_f6_mummy_rot_bars_healing_and_is_begun_once() -> None:
    fight = parse_fight(FILE, "lasting.yaml")
    rot = _hit(fight, "Mummy", "Rotting Fist", [3, 3, 1, 1, 1, 2])  # 2d6+3, 3d6 necrotic; save 2
    assert _said(rot) == [
        "Bo is cursed with mummy rot (by Mummy): 3d6 off its hit-point maximum a day; no "
        "regaining hit points (F6)."
    ]
    again = _hit(rot.fight, "Mummy", "Rotting Fist", [3, 3, 1, 1, 1, 2])
    assert len(again.fight.effects) == 1  # a second curse adds nothing
    before = again.fight.hero("Bo").current_hp
    healing = Rolled.turn(again.fight, "Ilsa")
    done = healing.do(Healed("Bo", 8, by="Cure Wounds", healer="Ilsa"))
    assert healing.fight.hero("Bo").current_hp == before
    assert done.notes == ("Bo regains no hit points: cursed with mummy rot (F6)",)


def test_f6_the_diseased_rat_bars_second_wind_but_not_a_spell() -> None:
    fight = parse_fight(FILE, "lasting.yaml")
    # Pack Tactics: a second d20 (4); 1d4+2; save 3 vs DC 10
    sick = _hit(fight, "Giant Rat (Diseased)", "Bite", [4, 2, 3])
    bo = sick.fight.hero("Bo").current_hp
    wind = Rolled.turn(sick.fight, "Bo")
    wind.do(Healed("Bo", 3, by="Second Wind", healer="Bo"))
    assert wind.fight.hero("Bo").current_hp == bo
    spell = Rolled.turn(sick.fight, "Ilsa")
    spell.do(Healed("Bo", 3, by="Cure Wounds", healer="Ilsa"))
    assert spell.fight.hero("Bo").current_hp == bo + 3 < 40


def test_f6_the_beards_poison_bars_healing_while_it_lasts() -> None:
    fight = parse_fight(FILE, "lasting.yaml")
    poisoned = _hit(fight, "Bearded Devil", "Beard", [4, 3])  # 1d8+2; save 3 vs DC 12
    (effect,) = poisoned.fight.effects
    assert effect.condition is Condition.POISONED and effect.no_healing == "all"
    assert _said(poisoned) == [
        "Bo is poisoned (by Bearded Devil): 1 minute, a DC 12 Constitution save at the end of "
        "each of its turns ends it; no regaining hit points (F4)."
    ]
    bo = poisoned.fight.hero("Bo").current_hp
    healing = Rolled.turn(poisoned.fight, "Ilsa")
    healing.do(Healed("Bo", 5, by="Cure Wounds", healer="Ilsa"))
    assert healing.fight.hero("Bo").current_hp == bo


def test_f6_the_vampire_spawn_drains_its_necrotic_damage_and_regains_it() -> None:
    fight = parse_fight(FILE, "lasting.yaml")
    hurt = fight.with_combatant(replace(fight.monster("Vampire Spawn"), damage=20))
    bite = _hit(hurt, "Vampire Spawn", "Bite", [4, 3, 5])  # 1d6+3 piercing, 2d6 necrotic: 8
    assert bite.fight.hero("Bo").hp == 40 - 8  # the maximum, by the necrotic taken
    assert bite.fight.monster("Vampire Spawn").damage == 20 - 8
    healed = next(s for s in bite.steps if isinstance(s, Healed))
    assert healed.who == healed.healer == "Vampire Spawn" and healed.by == "Bite"


def test_f6_the_wights_drain_on_a_failed_save_and_the_slain_rising() -> None:
    fight = parse_fight(FILE, "lasting.yaml")
    failed = _hit(fight, "Wight", "Life Drain", [4, 2])  # 1d6+2 = 6; save 2 vs DC 13
    assert failed.fight.hero("Bo").hp == 40 - 6
    saved = _hit(fight, "Wight", "Life Drain", [4, 18])
    assert saved.fight.hero("Bo").hp == 40
    assert not any(e.affliction for e in failed.fight.effects)  # Bo is not slain
    frail = parse_fight(FILE.replace("hp: 40, ac: 10", "hp: 5, ac: 10"), "frail.yaml")
    slain = _hit(frail, "Wight", "Life Drain", [4, 2])  # 6 off a maximum of 5: Bo dies
    assert slain.fight.hero("Bo").dead
    assert _said(slain) == ["Bo is slain (by Wight): it rises as a zombie in 24 hours (F6)."]


def test_f6_a_homebrew_curse_in_the_fight_file() -> None:
    """docs/riders.md: `afflicts`, `no_healing`, `regains` and `slain` in a fight file."""
    text = """
heroes:
  - {name: Bo, class: fighter, hp: 30}
monsters:
  - name: Mire Hag
    hp: 30
    attacks:
      - name: Claw
        to_hit: 4
        damage: 1d6+2 slashing + 1d6 necrotic
        riders:
          - {save: con 12, afflicts: "cursed with bog rot", no_healing: all}
          - {max_hp: necrotic, regains: true}
          - {afflicts: "slain: it rises as a bog wight", slain: true}
"""
    fight = parse_fight(text, "hag.yaml")
    first, second, third = fight.monster("Mire Hag").attacks[0].riders
    assert first.afflicts == "cursed with bog rot" and first.no_healing == "all"
    assert second.regains and third.slain
    assert parse_fight(dump_fight(fight), "again.yaml") == fight


@needs_data
def test_f4_petrified_on_a_failed_repeat_read_from_its_own_text() -> None:
    """The cockatrice: "It must repeat the saving throw at the end of its next turn … On a
    failure, the creature is petrified for 24 hours" — every SRD attack that says so."""
    blocks = {b["name"]: b for b in srd()}
    found = []
    for entry in _srd():
        for action in entry.get("actions", []):
            said = re.search(r"On a failure, the creature is (\w+) for (\d+) hours", action["desc"])
            attack = next(
                (a for a in blocks[entry["name"]]["attacks"] if a["name"] == action["name"]), None
            )
            riders = [rider_of_doc(r) for r in (attack or {}).get("riders", [])]
            then = [(r.then, r.then_rounds) for r in riders if r.then is not None]
            if said is None:
                assert not then, entry["name"]
                continue
            found.append(entry["name"])
            assert then == [(Condition(said[1]), int(said[2]) * 600)]
            assert "petrification" not in " ".join(blocks[entry["name"]].get("not_modelled", []))
    assert found == ["Cockatrice"]


def test_f4_the_cockatrice_restrains_then_petrifies_on_a_failed_repeat() -> None:
    text = FILE.replace("  - monster: mummy\n", "  - monster: mummy\n  - monster: cockatrice\n")
    fight = parse_fight(text.replace("Mummy,", "Mummy, Cockatrice,"), "stone.yaml")
    bitten = _hit(fight, "Cockatrice", "Bite", [2, 4])  # 1d4+1; save 4 vs DC 11
    (restrained,) = bitten.fight.effects
    assert restrained.condition is Condition.RESTRAINED and restrained.then is Condition.PETRIFIED
    failed = Rolled.turn(bitten.fight, "Bo")
    turn_edge(failed, "Bo", TurnEdge.END, ScriptedDice([6]))
    (stone,) = failed.fight.effects
    assert stone.condition is Condition.PETRIFIED and stone.lasting.rounds == 14_400
    assert failed.fight.hero("Bo").conditions == {Condition.PETRIFIED}
    said = [effect_text(s, failed.fight, failed.fight) for s in failed.steps]
    assert said[-1] == "Bo is petrified (by Cockatrice): 24 hours (F4)."
    saved = Rolled.turn(bitten.fight, "Bo")
    turn_edge(saved, "Bo", TurnEdge.END, ScriptedDice([16]))
    assert saved.fight.effects == () and not saved.fight.hero("Bo").conditions


def test_f6_the_hero_policy_wastes_no_healing_on_a_hero_who_regains_none() -> None:
    from lnf.heroes.policy import _heal_the_dying

    text = FILE.replace(
        "{name: Ilsa, class: cleric, hp: 30, ac: 10}",
        "{name: Ilsa, class: cleric, hp: 30, ac: 10, heals: {Cure Wounds: {dice: 1d8+3, slot: 1}},"
        " slots: {1: 2}}",
    )
    fight = parse_fight(text.replace("A: [Bo,", "A: [Bo, Ilsa,"), "rot.yaml")
    downed = fight.with_combatant(replace(fight.hero("Bo"), hp_now=0))
    choice = _heal_the_dying(downed, downed.hero("Ilsa"))
    assert choice is not None and choice[0].target == "Bo"  # as any dying ally
    rot = _hit(fight, "Mummy", "Rotting Fist", [3, 3, 1, 1, 1, 2])
    cursed = rot.fight.with_combatant(replace(rot.fight.hero("Bo"), hp_now=0))
    assert _heal_the_dying(cursed, cursed.hero("Ilsa")) is None


@needs_data
def test_f6_a_save_or_die_is_read_from_its_own_text() -> None:
    blocks = {b["name"]: b for b in srd()}
    found = []
    for entry in _srd():
        for action in entry.get("actions", []):
            said = re.search(
                r"has (\d+) hit points or fewer, it must succeed .* or die", action["desc"]
            )
            attack = next(
                (a for a in blocks[entry["name"]]["attacks"] if a["name"] == action["name"]), None
            )
            kills = [rider_of_doc(r).kills for r in (attack or {}).get("riders", [])]
            assert [k for k in kills if k] == ([int(said[1])] if said else []), entry["name"]
            if said:
                found.append(entry["name"])
                assert "death on a failed save" not in " ".join(
                    blocks[entry["name"]]["not_modelled"]
                )
    assert found == ["Solar"]


def test_f6_the_solars_slaying_longbow_kills_on_a_failed_save() -> None:
    text = FILE.replace(
        "  - monster: mummy\n", "  - {monster: solar, rank: back}\n  - monster: mummy\n"
    )
    fight = parse_fight(text, "solar.yaml")
    solar = fight.monster("Solar")
    bow = next(a for a in solar.attacks if a.name == "Slaying Longbow")

    def shot(hp: int, save: int) -> Rolled:
        f = fight.with_combatant(replace(fight.hero("Bo"), hp=hp))
        dice = ScriptedDice([15, 1, 1, 1, 1, 1, 1, 1, 1, save])  # 2d8+6, 6d8; the save
        turn = Rolled.turn(f, "Solar").rolling(dice)
        turn.do(roll_attack(f, solar, f.hero("Bo"), bow, Mode.RANGED, dice))
        return turn

    slain = shot(200, 9)  # 200 - 20 = 180 hit points left: 190 or fewer
    assert slain.fight.hero("Bo").dead
    (death,) = [s for s in slain.steps if isinstance(s, Damaged) and s.kills]
    assert death.text == "the failed save against Solar's Slaying Longbow kills it"
    record = Recorded((death,))
    assert event_from_json(event_to_json(record), "log") == record
    assert not shot(200, 16).fight.hero("Bo").dead  # the save succeeds
    assert not shot(300, 9).fight.hero("Bo").dead  # 280 left: more than 190
