"""A fight file's monster with its whole stat block (B1, B2, B7, B10): `actions:`, `legendary:`,
`slots:`, `uses:` and `used:` read into the model, written back the same, described by `lnf
schema`, and every mistake named with its file, line, field and rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lnf.errors import InputError
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight, fight_schema
from lnf.model import (
    LEGENDARY_ACTIONS,
    LEGENDARY_RESISTANCE,
    Ability,
    Area,
    Condition,
    Cost,
    Legendary,
    Recharge,
    Resource,
    Shape,
    TurnEdge,
)
from tests.cli import stdout_of

DRAKE = """\
heroes: [{name: Ann, class: fighter, hp: 30}]
monsters:
  - name: Marsh Drake
    hp: 90
    ac: 16
    attacks: [{name: Bite, to_hit: 7, damage: 2d10+4 piercing, reach: 10},
              {name: Tail, to_hit: 7, damage: 2d8+4 bludgeoning, reach: 15}]
    actions:
      - {name: Poison Breath, recharge: 5, save: con 14, half: true,
         damage: 12d6 poison, area: cone 30}
      - {name: Fearsome Roar, per_day: 1, save: wis 13, area: radius 30,
         riders: [{condition: frightened, lasting: 1 minute, repeat: end}]}
      - {name: Fireball, spell: true, slot: 3, save: dex 14, damage: 8d6 fire,
         area: sphere 20, range: 150, kind: ranged}
    slots: {3: 2}
    legendary:
      - {name: Tail Attack, attack: Tail}
      - {name: Wing Attack, cost: 2, action: {save: dex 15, half: false,
         damage: 2d6+4 bludgeoning, area: radius 10, riders: [{condition: prone}]}}
    uses: {Legendary Resistance: 3}
    used: {slot 3: 1}
"""


def test_a_homebrew_monster_writes_its_actions_legendary_and_uses() -> None:
    fight = parse_fight(DRAKE, "drake.yaml")
    drake = fight.monster("Marsh Drake")
    breath, roar, fireball = drake.actions
    assert (breath.recharge, breath.save, breath.area) == (
        5,
        (Ability.CON, 14),
        Area(Shape.CONE, 30),
    )
    assert roar.per_day == 1 and str(roar.damage) == "0"  # its rider is all it does
    (rider,) = roar.riders
    assert rider.conditions == (Condition.FRIGHTENED,) and rider.lasting.rounds == 10
    assert rider.lasting.save == (Ability.WIS, 13) and rider.lasting.each is TurnEdge.END
    assert (fireball.slot, fireball.range, fireball.spell) == (3, (150, 150), True)
    tail, wing = drake.legendary
    assert tail == Legendary(name="Tail Attack", attack="Tail")
    assert wing.cost == 2 and wing.action is not None and wing.action.name == "Wing Attack"
    assert wing.action.area == Area(Shape.RADIUS, 10)
    assert set(drake.resources) == {
        Resource("Poison Breath", 1, 0, Recharge.ROLL),
        Resource("Fearsome Roar", 1, 0, Recharge.LONG),
        Resource("slot 3", 2, 1, Recharge.LONG),
        Resource(LEGENDARY_ACTIONS, 3, 0, Recharge.ROUND),
        Resource(LEGENDARY_RESISTANCE, 3, 0, Recharge.LONG),
    }
    assert parse_fight(dump_fight(fight), "again.yaml") == fight


def test_uses_change_what_the_actions_give() -> None:
    text = DRAKE.replace(
        "uses: {Legendary Resistance: 3}", "uses: {Legendary Actions: 2, Poison Breath: 1}"
    ).replace("used: {slot 3: 1}", "used: {Poison Breath: 1}")
    drake = parse_fight(text, "drake.yaml").monster("Marsh Drake")
    found = {r.name: r for r in drake.resources}
    assert found[LEGENDARY_ACTIONS] == Resource(LEGENDARY_ACTIONS, 2, 0, Recharge.ROUND)
    assert found["Poison Breath"] == Resource("Poison Breath", 1, 1, Recharge.ROLL)  # spent
    assert LEGENDARY_RESISTANCE not in found


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (("recharge: 5", "recharge: 9"), "actions[0].recharge: expected a whole number from 1"),
        (("recharge: 5,", "recharge: 5, per_day: 2,"), "give recharge or per_day, not both"),
        (("attack: Tail}", "attack: Claw}"), "'Claw' is none of its attacks"),
        (("used: {slot 3: 1}", "used: {Frost Breath: 1}"), "'Frost Breath' is none of its limited"),
        (("used: {slot 3: 1}", "used: {slot 3: 5}"), "5 used of 2"),
        (("name: Fireball", "name: Poison Breath"), "two actions are called 'Poison Breath'"),
        (("cost: 2, action", "cost: 4, action"), "legendary[1].cost: expected a whole number"),
        (("area: cone 30", "area: blob 30"), "bad area 'blob 30'"),
        (("half: true,\n", "hlaf: true,\n"), "unknown field 'hlaf'"),
    ],
)
def test_a_mistake_is_named_with_its_line_field_and_rule(
    change: tuple[str, str], said: str
) -> None:
    old, new = change
    assert old in DRAKE
    with pytest.raises(InputError) as caught:
        parse_fight(DRAKE.replace(old, new, 1), "drake.yaml")
    text = str(caught.value)
    assert said in text and "drake.yaml:" in text and "monsters[0]" in text, text


def test_the_rules_are_named_in_the_messages() -> None:
    with pytest.raises(InputError) as caught:
        parse_fight(DRAKE.replace("attack: Tail}", "attack: Claw}"), "drake.yaml")
    assert "B7" in str(caught.value)
    with pytest.raises(InputError) as caught:
        parse_fight(DRAKE.replace("used: {slot 3: 1}", "used: {Frost: 1}"), "drake.yaml")
    assert "B2" in str(caught.value)


def test_lnf_schema_describes_actions_and_legendary_actions() -> None:
    monster = fight_schema()["properties"]["monsters"]["items"]["properties"]
    action = monster["actions"]["items"]["properties"]
    assert {"recharge", "per_day", "save", "area", "riders", "spends", "slot"} <= set(action)
    option = monster["legendary"]["items"]["properties"]
    assert set(option) == {"name", "cost", "attack", "action", "spells"}
    assert "recharge" in option["action"]["properties"]
    assert {"slots", "uses", "used"} <= set(monster)
    assert json.loads(stdout_of("schema")) == json.loads(json.dumps(fight_schema()))


def test_monsters_show_json_prints_the_fight_files_fields(tmp_path: Path) -> None:
    """What `lnf monsters show --json` prints of actions and legendary actions is what a fight
    file writes: copied into a homebrew entry, it reads as the SRD monster does."""
    shown = json.loads(stdout_of("monsters", "show", "adult red dragon", "--json"))
    assert [a["name"] for a in shown["actions"]] == ["Frightful Presence", "Fire Breath"]
    entry = {
        k: shown[k]
        for k in (
            "name",
            "hp",
            "ac",
            "reach",
            "attacks",
            "multiattack",
            "actions",
            "legendary",
            "uses",
        )
    }
    path = tmp_path / "own.yaml"
    fight = {"heroes": [{"name": "Ann", "class": "fighter", "hp": 30}], "monsters": [entry]}
    path.write_text(json.dumps(fight), encoding="utf-8")
    own = parse_fight(path.read_text(encoding="utf-8"), str(path)).monster("Adult Red Dragon")
    srd = parse_fight(
        "heroes: [{name: Ann, class: fighter, hp: 30}]\nmonsters: [{monster: adult red dragon}]\n",
        "srd.yaml",
    ).monster("Adult Red Dragon")
    assert (own.actions, own.legendary, own.resources) == (
        srd.actions,
        srd.legendary,
        srd.resources,
    )
    text = stdout_of("monsters", "show", "adult red dragon")
    assert "Wing Attack (costs 2): DC 22 Dexterity save; 2d6+8 bludgeoning; 10 ft radius" in text
    assert "Legendary Resistance: 3/day (B7)" in text


def test_a_monsters_counterspell_is_a_reaction_the_plan_never_takes() -> None:
    """B10: the Mage's Counterspell is an action of its stat block with its 3rd-level slot, a
    reaction (F1), so the engine finds it when a hero casts; the plan takes actions only."""
    mage = parse_fight(
        "heroes: [{name: Ann, class: fighter, hp: 30}]\nmonsters: [{monster: mage}]\n", "m.yaml"
    ).monster("Mage")
    counter = next(a for a in mage.actions if a.name == "Counterspell")
    assert (counter.cost, counter.slot, counter.spell, counter.range) == (
        Cost.REACTION,
        3,
        True,
        (60, 60),
    )


def test_creatures_of_its_choice_are_read_from_the_text() -> None:
    """B3: an action that affects "each creature of the dragon's choice" (Frightful Presence,
    the solar's Searing Burst) is marked `choice`, judged by every SRD stat block's own text;
    the stone golem's Slow "targets one or more creatures it can see within 10 ft." (each it
    chooses there); "one creature of the quasit's choice" (a single target) and "a space of the
    creature's choice" (the bulette) are not; a fight file may write it and reads it back."""
    from lnf.formats.bestiary import srd

    chosen = {
        (b["name"], a["name"]) for b in srd() for a in b.get("actions", []) if a.get("choice")
    }
    fearsome = {
        b["name"] for b in srd() for a in b.get("actions", []) if a["name"] == "Frightful Presence"
    }
    assert {n for n, a in chosen if a == "Frightful Presence"} == fearsome
    assert len(fearsome) == 21 and {"Adult Red Dragon", "Tarrasque"} <= fearsome
    assert {a for _, a in chosen} - {"Frightful Presence"} == {"Slow"}  # Scare: one creature
    assert ("Stone Golem", "Slow") in chosen  # "targets one or more creatures it can see"
    text = DRAKE.replace("area: radius 30,", "area: radius 30, choice: true,")
    roar = parse_fight(text, "drake.yaml").monster("Marsh Drake").actions[1]
    assert roar.choice and "choice: true" in dump_fight(parse_fight(text, "drake.yaml"))
