"""F6 riders in fight files (formats/rider_forms, fight_spec), with F1 costs and F5
concentration: read, each wrong one named with its line and field, written back the same, in
the schema, and told by `lnf monsters show`."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lnf.dice import DamageType, parse
from lnf.errors import InputError
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight, fight_document, fight_schema
from lnf.formats.rider_forms import rider_doc, rider_of_doc
from lnf.formats.riders import ATTACKER, BEARERS, read
from lnf.model import Ability, Attack, Condition, Cost, Healing, Lasting, Rider, TurnEdge
from tests.cli import run
from tests.test_fight_file import MINIMAL
from tests.test_riders import GHOUL

CON = Ability.CON
END = TurnEdge.END

RIDERS = """\
heroes:
  - name: Ann
    class: cleric
    hp: 20
    heals:
      Healing Word: {dice: 1d4+3, slot: 1, cost: bonus action}
    attacks:
      - {name: Ray of Sickness, to_hit: 5, spell: true, damage: 2d8 poison, slot: 1,
         riders: [{save: con 13, condition: poisoned, lasting: until end of attacker's turn}]}
      - {name: Hold Person, save: wis 13, damage: '0', slot: 2, concentration: true, half: false,
         riders: [{condition: paralyzed, lasting: 1 minute, repeat: end}]}
monsters:
  - name: Ghoul
    hp: 22
    attacks:
      - name: Claws
        to_hit: 4
        damage: 2d4+2 slashing
        riders:
          - {save: con 10, condition: paralyzed, lasting: 1 minute, repeat: end,
             only_if: not an elf or undead}
      - {name: Bite, to_hit: 2, damage: 2d6+2 piercing, cost: bonus action}
  - name: Snake
    hp: 60
    attacks:
      - name: Constrict
        damage: 2d8+4 bludgeoning
        riders: [{grapple: 16, condition: restrained}, {save: con 11, damage: 2d8 poison,
                  half: true}, {max_hp: necrotic}, {save: con 13, max_hp: true}]
"""


def test_a_fight_file_gives_riders_costs_and_concentration() -> None:
    fight = parse_fight(RIDERS, "f.yaml")
    ann, ghoul, snake = fight.heroes[0], fight.monster("Ghoul"), fight.monster("Snake")
    ray, hold = ann.attacks
    assert ray.riders == (
        Rider(save=(Ability.CON, 13), conditions=(Condition.POISONED,),
              lasting=Lasting(until=(ATTACKER, END))),
    )  # fmt: skip
    # A rider on a save spell comes with the failed save and repeats the spell's save (F4).
    assert hold.riders == (
        Rider(conditions=(Condition.PARALYZED,),
              lasting=Lasting(rounds=10, save=(Ability.WIS, 13), each=END)),
    )  # fmt: skip
    assert hold.concentration and not ray.concentration
    assert ann.heals == (Healing("Healing Word", parse("1d4+3"), 1, Cost.BONUS),)
    assert ghoul.attacks[0].riders[0] == read(GHOUL).riders[0]
    assert [a.cost for a in ghoul.attacks] == [Cost.ACTION, Cost.BONUS]
    assert snake.attacks[0].riders == (
        Rider(grapple=16, conditions=(Condition.RESTRAINED,)),
        Rider(save=(CON, 11), damage=parse("2d8"), damage_type=DamageType.POISON, half=True),
        Rider(max_hp=True, damage_type=DamageType.NECROTIC),
        Rider(save=(CON, 13), max_hp=True),
    )
    assert parse_fight(dump_fight(fight), "again.yaml") == fight
    assert parse_fight(json.dumps(fight_document(fight)), "again.json") == fight


def test_a_stat_block_by_name_brings_its_riders() -> None:
    text = MINIMAL + "  - monster: ghoul\n  - monster: giant constrictor snake\n"
    fight = parse_fight(text, "f.yaml")
    claws = next(a for a in fight.monster("Ghoul").attacks if a.name == "Claws")
    assert claws.riders == read(GHOUL).riders
    constrict = fight.monster("Giant Constrictor Snake").attacks[1]
    assert constrict.riders == (Rider(grapple=16, holds=1, conditions=(Condition.RESTRAINED,)),)
    assert not any("what follows the hit" in n for n in fight.monster("Ghoul").not_modelled)


def _problems(rider: str, attack: str = "") -> list[tuple[int | None, str, str]]:
    text = (
        "heroes:\n  - {name: Ann, class: fighter, hp: 20}\nmonsters:\n  - name: Orc\n"
        f"    hp: 15\n    attacks:\n      - {{name: Claw, damage: 1d4 slashing{attack},\n"
        f"         riders: [{rider}]}}\n"
    )
    with pytest.raises(InputError) as info:
        parse_fight(text, "f.yaml")
    return [(p.line, p.path, f"{p.message} {p.hint} {p.rule}") for p in info.value.problems]


CLAW = "monsters[0].attacks[0]"


@pytest.mark.parametrize(
    ("rider", "field", "words"),
    [
        ("{save: con 10, condition: paralysed}", "condition", "did you mean 'paralyzed'"),
        ("{save: con 10, condition: prone, lasting: 1 minit}", "lasting", "bad lasting '1 minit'"),
        ("{save: con 10, condition: prone, lasting: 0 rounds}", "lasting", "from 1 to 100,000"),
        ("{save: con 10, damage: 1d6 poison + 1d4 fire}", "damage", "a rider deals one kind"),
        ("{save: con 10, damage: 3d}", "damage", "bad dice text"),
        ("{save: luck 10, condition: prone}", "save", "bad save"),
        ("{condition: prone, repeat: end}", "repeat", "the save it repeats: give save F4"),
        ("{condition: prone, repeat: sometimes}", "repeat", "one of start, end"),
        ("{save: con 10, half: true, condition: prone}", "half", "half of what? F6"),
        ("{damage: 1d6 poison}", "damage", "the attack's own damage F6"),
        ("{lasting: 1 minute, save: con 10, damage: 1d6 poison}", "lasting", "give a condition"),
        ("{grapple: 13, condition: restrained, lasting: 1 minute}", "lasting", "as long as it"),
        ("{grapple: 13, condition: grappled}", "condition", "grappled already F6"),
        ("{grapple: 0, condition: prone}", "grapple", "from 1 to 40"),
        ("{condition: prone, conditions: [blinded]}", "condition", "not both"),
        ("{max_hp: maybe}", "max_hp", "true, false or a damage type"),
        ("{save: con 10, damage: 1d6 poison, max_hp: necrotic}", "max_hp", "max_hp: true F6"),
        ("{save: con 10}", "", "a rider brings conditions, damage, a grapple, max_hp, afflicts F6"),
        ("{sav: con 10, condition: prone}", "sav", "did you mean 'save'"),
        ("7", "", "expected a rider"),
    ],
)
def test_every_wrong_rider_is_named_with_its_line_and_field(
    rider: str, field: str, words: str
) -> None:
    """What is wrong, the field, its line and the rule, if one is broken, ends the message."""
    where = f"{CLAW}.riders[0]" + (f".{field}" if field else "")
    found = _problems(rider)
    *said, rule = words.split(" ")
    if not re.fullmatch(r"F\d", rule):
        said, rule = [*said, rule], ""
    assert any(
        p[0] == 8 and p[1] == where and " ".join(said) in p[2] and p[2].endswith(rule)
        for p in found
    ), found


def test_cost_and_concentration_are_checked() -> None:
    found = _problems("{save: con 10, condition: prone}", ", cost: bonus, concentration: true")
    assert any(p[1] == f"{CLAW}.cost" and "bonus action" in p[2] for p in found), found
    found = _problems("{save: con 10, condition: prone}", ", concentration: true")
    assert any(p[1] == f"{CLAW}.concentration" and "F5" in p[2] for p in found), found
    text = MINIMAL.replace("hp: 20}", "hp: 20, heals: {Cure Wounds: {dice: 1d8, cost: free}}}")
    with pytest.raises(InputError, match=r"heals\.Cure Wounds\.cost: expected one of action"):
        parse_fight(text, "f.yaml")


CONDITIONS = st.lists(st.sampled_from(list(Condition)), max_size=2, unique=True)


@st.composite
def fight_riders(draw: st.DrawFn) -> Rider:
    """A rider a fight file can say: a save with conditions or damage, a grapple, max_hp."""
    save = (draw(st.sampled_from(list(Ability))), draw(st.integers(1, 30)))
    kind = draw(st.sampled_from(["conditions", "damage", "grapple", "max_hp"]))
    if kind == "grapple":
        held = [c for c in draw(CONDITIONS) if c is not Condition.GRAPPLED]
        return Rider(grapple=draw(st.integers(1, 40)), conditions=tuple(held))
    if kind == "max_hp":
        typed = draw(st.none() | st.sampled_from(list(DamageType)))
        return Rider(save=draw(st.none() | st.just(save)), max_hp=True, damage_type=typed)
    rounds = draw(st.sampled_from([0, 1, 3, 10, 20, 600, 14_400]))
    until = draw(
        st.none() | st.tuples(st.sampled_from(sorted(BEARERS)), st.sampled_from(list(TurnEdge)))
    )
    each = draw(st.none() | st.sampled_from(list(TurnEdge)))
    some = st.lists(st.sampled_from(list(Condition)), min_size=1, max_size=2, unique=True)
    conditions = tuple(draw(some if kind == "conditions" else CONDITIONS))
    lasting = Lasting(rounds, until, save if each else None, each) if conditions else Lasting()
    dice, typed = draw(st.sampled_from([("2d8", "poison"), ("3d6", None), ("1d10+2", "necrotic")]))
    return Rider(
        save=save,
        conditions=conditions,
        lasting=lasting,
        damage=parse(dice) if kind == "damage" else None,
        damage_type=DamageType(typed) if kind == "damage" and typed else None,
        half=kind == "damage" and draw(st.booleans()),
        only_if=draw(st.sampled_from(["", "Large or smaller", "not an undead"])),
    )


@settings(max_examples=150)
@given(st.lists(fight_riders(), max_size=3), st.sampled_from(list(Cost)), st.booleans())
def test_riders_costs_and_concentration_written_then_read_are_the_same(
    found: list[Rider], cost: Cost, concentration: bool
) -> None:
    fight = parse_fight(MINIMAL, "f.yaml")
    spell = Attack(
        name="Ray",
        damage=parse("2d6 cold"),
        spell=True,
        riders=tuple(found),
        cost=cost,
        concentration=concentration,
    )
    ann = replace(
        fight.heroes[0], attacks=(spell,), heals=(Healing("Word", parse("1d4"), 1, cost),)
    )
    fight = replace(fight, heroes=(ann,))
    assert parse_fight(dump_fight(fight), "dumped.yaml") == fight
    assert all(rider_of_doc(rider_doc(r)) == r for r in found)


def test_the_schema_knows_riders_and_costs() -> None:
    schema = fight_schema()
    import yaml

    jsonschema.validate(yaml.safe_load(RIDERS), schema)
    wrong = yaml.safe_load(RIDERS.replace("condition: restrained", "conditon: restrained"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(wrong, schema)
    wrong = yaml.safe_load(RIDERS.replace("cost: bonus action}", "cost: bonus}"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(wrong, schema)


def test_cave_ambush_heals_with_a_bonus_action() -> None:
    from lnf.formats.fight_file import load_fight

    root = Path(__file__).resolve().parent.parent
    fight = load_fight(root / "examples" / "cave-ambush.yaml")
    costs = {h.name: h.cost for hero in fight.heroes for h in hero.heals}
    assert costs["Healing Word"] is Cost.BONUS and costs["Cure Wounds"] is Cost.ACTION


def test_lnf_monsters_show_tells_the_riders() -> None:
    code, out = run("monsters", "show", "ghoul")
    assert code == 0, out
    said = " ".join(out.split())  # as wrapped to the terminal
    assert (
        "Claws: mêlée, +4 to hit, reach 5 ft; 2d4+2 slashing; on a hit if the target is not an elf"
        in said
    )
    assert "not an elf or undead: DC 10 Constitution save; paralyzed (1 minute," in said
    assert "what follows the hit" not in said
