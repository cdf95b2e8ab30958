"""Issue 23's `dm` items made rules (B6, B8, F3, F4), each judged by the SRD's own text:
Command's word (Grovel) played for the SRD casters that know it."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from lnf.dice.roll import ScriptedDice
from lnf.engine.apply import apply
from lnf.engine.effects import Rolled, recorded, turn_edge
from lnf.engine.turns import monster_attacks
from lnf.errors import Refused
from lnf.formats.event_codec import event_from_json, event_to_json
from lnf.formats.fight_file import parse_fight
from lnf.formats.spellbook import spell_fields
from lnf.model import Condition, Fight, Group, Rank, TurnEdge
from lnf.model.events import Turn
from lnf.model.plan import Advantage, Mode, Order
from lnf.model.steps import Attacked, Damaged, EffectEnded, EffectStarted, SpellCast
from lnf.rules.conditions import spared
from lnf.rules.legal import attack_options, can_take_turn, verify_attack, verify_spell_reach
from lnf.rules.specials import usable
from lnf.rules.spellcasting import Caster
from lnf.views.transcript import describe
from tests.srd import DATA

SRD = DATA
FILE = """
heroes:
  - name: Ann
    class: fighter
    hp: 30
    ac: 16
    saves: {wis: 1}
    attacks: [{name: Longsword, to_hit: 5, damage: 1d8+3 slashing}]
  - name: Bo
    class: fighter
    hp: 30
    ac: 16
    attacks: [{name: Longsword, to_hit: 5, damage: 1d8+3 slashing}]
monsters:
  - {monster: MONSTER, rank: back}
"""


def _fight(name: str) -> Fight:
    return parse_fight(FILE.replace("MONSTER", name), "dm.yaml")


def _cast(f: Fight, caster: str, spell: str, target: str, faces: list[int]) -> Rolled:
    order = Order(caster, Rank.BACK, target=target, action=spell, mode=Mode.RANGED)
    dice = ScriptedDice(faces)
    turn = Rolled.turn(f, caster).rolling(dice)
    monster_attacks(turn, caster, order, dice, lambda h, m, g: True)
    return turn


def _srd_spell(name: str) -> str:
    spells = json.loads((SRD / "5e-srd-5.1-spells.json").read_text())
    return "\n".join(next(s for s in spells if s["name"] == name)["desc"])


# --- Command (F4, B6): the word is Grovel -------------------------------------------------


def test_command_is_grovel_as_the_srd_words_it() -> None:
    """The riders are the SRD's "Grovel": "falls prone and then ends its turn"."""
    text = _srd_spell("Command")
    assert re.search(r"Grovel\.\W+The target falls prone and then ends its turn", text)
    fanatic = _fight("cult fanatic").monster("Cult Fanatic")
    command = next(a for a in fanatic.actions if a.name == "Command")
    assert command.save is not None and command.save[1] == 11  # the stat block's DC
    prone, lost = command.riders
    assert prone.conditions == (Condition.PRONE,) and not prone.lasting.until  # until it stands
    assert lost.conditions == (Condition.INCAPACITATED,)
    assert lost.lasting.until is not None and lost.lasting.until[1] is TurnEdge.END


def test_every_srd_caster_of_command_plays_it_and_lists_it_no_more() -> None:
    """B1, B8: each SRD stat block whose Spellcasting lists Command has it as an action the
    plan may take (B6), and `not_modelled` no longer names it."""
    monsters = json.loads((SRD / "5e-srd-5.1-monsters.json").read_text())
    casters = [
        m["name"]
        for m in monsters
        for x in m.get("special_abilities") or []
        if any(s["name"] == "Command" for s in (x.get("spellcasting") or {}).get("spells", []))
    ]
    assert sorted(casters) == ["Androsphinx", "Cult Fanatic", "Guardian Naga", "Mummy Lord"]
    for name in casters:
        monster = _fight(name).monster(name)
        assert "Command" in [a.name for a in usable(_fight(name), monster)], name
        assert not [n for n in monster.not_modelled if n.endswith(": Command")], name


def test_a_failed_save_against_command_costs_the_hero_its_next_turn() -> None:
    """F4: prone and incapacitated at the failed save; the hero's turn is lost ("cannot act");
    its end ends the incapacitation, prone stays until the hero stands up."""
    turn = _cast(_fight("cult fanatic"), "Cult Fanatic", "Command", "Ann", [3])  # 3 + 1 < 11
    (cast,) = [s for s in turn.steps if isinstance(s, SpellCast)]
    assert not cast.saves[0].success
    ann = turn.fight.hero("Ann")
    assert {Condition.PRONE, Condition.INCAPACITATED} <= ann.conditions
    assert not can_take_turn(ann)
    hers = Rolled.turn(turn.fight, "Ann")
    turn_edge(hers, "Ann", TurnEdge.START, ScriptedDice([]))
    assert not can_take_turn(hers.fight.hero("Ann"))
    turn_edge(hers, "Ann", TurnEdge.END, ScriptedDice([]))
    assert hers.fight.hero("Ann").conditions == {Condition.PRONE}
    assert can_take_turn(hers.fight.hero("Ann"))


def test_a_saved_command_does_nothing_and_the_words_say_the_command() -> None:
    f = _fight("cult fanatic")
    saved = _cast(f, "Cult Fanatic", "Command", "Ann", [15])
    assert not [s for s in saved.steps if isinstance(s, EffectStarted)]
    assert saved.fight.hero("Ann").conditions == frozenset()
    failed = _cast(f, "Cult Fanatic", "Command", "Ann", [3])
    lines = describe(failed.finish(Turn("Cult Fanatic", failed.steps)))
    cast = "Cult Fanatic casts Command on Ann. Ann's WIS save 1d20 (3) + 1 = 4 vs DC 11: fails."
    assert cast in lines
    assert "Ann is prone (by Cult Fanatic) (F4)." in lines
    assert "Ann is incapacitated (by Cult Fanatic): until the end of Ann's turn (F4)." in lines
    assert any("Grovel" in x for x in lines)


def test_the_command_is_logged_and_replayed_as_it_was_played() -> None:
    """The log holds the turn; replaying it gives the same fight, and the fight before it is
    untouched (undo is the log without it)."""
    f = _fight("cult fanatic")
    turn = _cast(f, "Cult Fanatic", "Command", "Ann", [3])
    event = Turn("Cult Fanatic", turn.steps)
    again = event_from_json(json.loads(json.dumps(event_to_json(event))), "log")
    assert again == event
    assert apply(f, again).after == turn.finish(event).after
    assert f.hero("Ann").conditions == frozenset()


# --- B8: forms, a mind read, a disguise: what the entry's own text proves -----------------


def _bestiary() -> dict[str, dict[str, object]]:
    from lnf.formats.bestiary import srd

    return {b["name"]: b for b in srd()}


def _own_reading(entry: str, desc: str) -> bool:
    """The test's own reading of a shape change's text: its one sentence about statistics
    leaves out nothing but size and speed, and no sentence changes anything else."""
    sentences = [x.strip() for x in re.split(r"(?<=\.)\s+", desc)]
    about = [x for x in sentences if "statistics" in x.lower()]
    if entry.endswith(", Mist Form"):
        return "can't take any actions" in desc and "use its action to polymorph" in desc
    if len(about) != 1 or ("each form" not in about[0] and "unchanged" not in about[0]):
        return False
    words = re.findall(r"other than (?:its|her) (.*?),|except for the (\w+) changes", about[0])
    left = {w for pair in words for part in pair for w in part.split() if w not in ("and",)}
    others = " ".join(x for x in sentences if x not in about)
    changes_more = any(w in others for w in ("AC", "replaced", "can't take", "advantage", "immune"))
    return left <= {"size", "speed"} and not changes_more


def test_every_srd_shape_change_is_classed_by_its_own_text() -> None:
    """B8: each SRD Shapechanger and Change Shape is `no map` exactly when its own text says
    the forms differ in nothing lnf reads (the test's own reading), and `dm` otherwise."""
    from lnf.formats.not_played import DM, NO_MAP, why

    monsters = json.loads((SRD / "5e-srd-5.1-monsters.json").read_text())
    blocks = _bestiary()
    seen: dict[str, list[str]] = {NO_MAP: [], DM: []}
    for m in monsters:
        for x in [*(m.get("special_abilities") or []), *(m.get("actions") or [])]:
            if x["name"] not in ("Shapechanger", "Change Shape"):
                continue
            (item,) = [n for n in blocks[m["name"]]["not_modelled"] if n.startswith(x["name"])]
            cleared = _own_reading(m["name"], x["desc"])
            assert why(item) == (NO_MAP if cleared else DM), (m["name"], item)
            seen[why(item)].append(m["name"])
    assert "Werewolf, Hybrid Form" in seen[DM] and "Werebear, Bear Form" in seen[DM]  # AC
    assert "Vampire, Bat Form" in seen[DM] and "Ancient Gold Dragon" in seen[DM]  # mist, replaced
    assert {"Imp", "Quasit", "Mimic", "Doppelganger", "Oni", "Night Hag"} <= set(seen[NO_MAP])


def test_read_thoughts_and_illusory_appearance_change_no_roll_by_their_text() -> None:
    """B8: Read Thoughts gives advantage on Insight and Charisma checks only; Illusory
    Appearance is a disguise: neither text names a save, an attack, damage or AC."""
    from lnf.formats.not_played import NO_MAP, why

    monsters = json.loads((SRD / "5e-srd-5.1-monsters.json").read_text())
    blocks = _bestiary()
    found = 0
    for m in monsters:
        for x in m.get("actions") or []:
            if x["name"] not in ("Read Thoughts", "Illusory Appearance"):
                continue
            found += 1
            rolls = re.search(r"saving throw|attack|damage|\bAC\b", x["desc"])
            checks = re.findall(r"\((\w+)(?:, (\w+), and (\w+))?\) checks", x["desc"])
            (item,) = [n for n in blocks[m["name"]]["not_modelled"] if n.startswith(x["name"])]
            assert why(item) == NO_MAP and not rolls, (m["name"], item)
            assert all(
                w in ("Insight", "Deception", "Intimidation", "Persuasion", "")
                for c in checks
                for w in c
            )
    assert found == 3  # the Doppelganger's Read Thoughts, the Green and Sea Hags' disguises


# --- Charm Person (F3, F4, F7): the charmed hero spares its charmer -----------------------


def _charmed() -> Rolled:
    """The oni charms Ann: her save with advantage, 4 and 6 (+1 = 7 vs DC 13), fails."""
    f = _fight("oni")
    f = f.with_combatant(replace(f.monster("Oni"), rank=Rank.FRONT))
    f = replace(f, groups=(Group("A", ("Ann", "Oni")),))
    return _cast(f, "Oni", "Charm Person", "Ann", [4, 6])


def test_charm_person_as_the_srd_words_it() -> None:
    """F7, F4: "a Wisdom saving throw, and does so with advantage if you or your companions
    are fighting it"; charmed 1 hour, or until harmed by the caster's side."""
    text = _srd_spell("Charm Person")
    said = "wisdom saving throw, and does so with advantage if you or your companions are fighting"
    assert said in text.lower()
    assert re.search(
        r"charmed by you until the spell ends or until you or your companions do "
        r"anything harmful to it",
        text,
    )
    spell = next(a for a in _fight("oni").monster("Oni").actions if a.name == "Charm Person")
    (rider,) = spell.riders
    assert rider.conditions == (Condition.CHARMED,)
    assert (rider.lasting.rounds, rider.lasting.hurt) == (600, True)
    assert spell.per_day == 1 and spell.save is not None and spell.save[1] == 13


def test_the_charmed_hero_saves_with_advantage_and_cannot_attack_its_charmer() -> None:
    """F3: Ann, charmed by the oni, may attack anyone else but not the oni, nor aim a spell
    at it; the words say why."""
    turn = _charmed()
    (cast,) = [s for s in turn.steps if isinstance(s, SpellCast)]
    assert cast.saves[0].faces == (4, 6) and cast.saves[0].advantage and not cast.saves[0].success
    f = turn.fight
    ann = f.hero("Ann")
    assert spared(f, ann) == {"Oni": "charmed by Oni"}
    assert not [o for o in attack_options(f, ann) if o[0].name == "Oni"]
    with pytest.raises(Refused) as refused:
        verify_attack(f, ann, f.monster("Oni"), ann.attacks)
    assert refused.value.rule == "F3" and "charmed by Oni" in str(refused.value)
    with pytest.raises(Refused):
        verify_spell_reach(f, ann, ann.attacks[0], ["Oni"])
    assert attack_options(_fight("oni"), _fight("oni").hero("Bo")) == attack_options(
        f, f.hero("Bo")
    )


def test_damage_ends_the_charm() -> None:
    """F4: "until you or your companions do anything harmful to it": any damage ends it."""
    turn = _charmed()
    hurt = recorded(turn.fight, ScriptedDice([]), lambda r: r.do(Damaged("Ann", 5)))
    assert Condition.CHARMED not in hurt.after.hero("Ann").conditions
    assert spared(hurt.after, hurt.after.hero("Ann")) == {}
    ended = [s for s in hurt.event.steps if isinstance(s, EffectEnded)]
    assert [e.why for e in ended] == ["it takes damage"]


def test_a_heros_charm_person_stays_the_dms() -> None:
    """A charmed monster's plan does not read the charm yet: a hero's Charm Person is a note."""
    caster = Caster(cls="wizard", level=5, mod=3, proficiency=3)
    got = spell_fields("charm person", caster)
    assert got["attacks"] == [] and got["notes"]


# --- Calm Emotions (F7): indifferent to the caster's side ----------------------------------

CALM = FILE.replace(
    "  - {monster: MONSTER, rank: back}",
    "  - {monster: unicorn}\n  - {monster: wolf}\ngroups:\n  A: [Ann, Bo, Unicorn, Wolf]",
)


def _calmed() -> Fight:
    """The unicorn's Calm Emotions on Ann and Bo: both fail (2 and 3 vs DC 14)."""
    f = parse_fight(CALM, "calm.yaml")
    order = Order("Unicorn", Rank.FRONT, target="Ann", action="Calm Emotions", also=("Bo",))
    dice = ScriptedDice([2, 3])
    turn = Rolled.turn(f, "Unicorn").rolling(dice)
    monster_attacks(turn, "Unicorn", replace(order, mode=Mode.RANGED), dice, lambda h, m, g: True)
    return turn.finish(Turn("Unicorn", turn.steps)).after


def test_calm_emotions_as_the_srd_words_it() -> None:
    text = _srd_spell("Calm Emotions")
    assert "make a target indifferent about creatures of your choice" in text
    ends = "ends if the target is attacked or harmed by a spell or if it witnesses any of its "
    assert ends + "friends being harmed" in text
    spell = next(
        a for a in _fight("unicorn").monster("Unicorn").actions if a.name == "Calm Emotions"
    )
    assert spell.save is not None and spell.save[0].value == "cha" and spell.concentration
    (rider,) = spell.riders
    assert rider.conditions == (Condition.INDIFFERENT,) and rider.lasting.rounds == 10


def test_an_indifferent_hero_spares_the_casters_whole_side() -> None:
    f = _calmed()
    ann = f.hero("Ann")
    assert set(spared(f, ann)) == {"Unicorn", "Wolf"}
    assert attack_options(f, ann) == []
    with pytest.raises(Refused) as refused:
        verify_attack(f, ann, f.monster("Wolf"), ann.attacks)
    assert refused.value.rule == "F3" and "indifferent" in str(refused.value)


def _attack(attacker: str, target: str) -> Attacked:
    return Attacked(
        attacker=attacker,
        target=target,
        attack="Bite",
        mode=Mode.MELEE,
        roll=Advantage.NORMAL,
        reasons=(),
        faces=(2,),
        kept=2,
        bonus=4,
        ac=16,
        hit=False,
    )


def test_an_attack_ends_its_targets_indifference_and_harm_ends_its_friends() -> None:
    """F7: attacked (even missed), Ann's ends and Bo's stays; Bo harmed, Ann's ends too, as
    she sees it."""
    f = _calmed()
    missed = recorded(f, ScriptedDice([]), lambda r: r.do(_attack("Wolf", "Ann")))
    assert Condition.INDIFFERENT not in missed.after.hero("Ann").conditions
    assert Condition.INDIFFERENT in missed.after.hero("Bo").conditions
    hurt = recorded(f, ScriptedDice([]), lambda r: r.do(Damaged("Bo", 4)))
    whys = sorted(s.why for s in hurt.event.steps if isinstance(s, EffectEnded))
    assert whys == ["it is harmed", "it sees Bo harmed"]
    assert not hurt.after.hero("Ann").conditions & {Condition.INDIFFERENT}
