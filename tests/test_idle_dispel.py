"""B6 Dispel Magic: a monster that attacks nobody this round ends a hero's spell on one of its
side ("Any spell of 3rd level or lower on the target ends"), judged by the spell's SRD text and
the six stat blocks that list it; planned (solver, brute force, validator), played, said."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from lnf.dice.roll import ScriptedDice
from lnf.engine.effects import Rolled
from lnf.engine.turns import monster_attacks
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.formats.spell_effects import SELF_SPELLS
from lnf.model import Ability, Condition, Effect, Fight, Lasting, Rank, TurnEdge
from lnf.model.plan import Order, Plan
from lnf.model.steps import ConcentrationEnded, EffectEnded
from lnf.rules.idle_casts import DISPELLED_AT_MOST, dispelled, idle_spell
from lnf.rules.plan_check import check_plan
from lnf.solver import solve_plan
from tests.brute_force import best_plan
from tests.srd import DATA, needs_data

HOLD = (
    "{name: Hold Person, slot: 2, save: wis 13, half: false, concentration: true, "
    "riders: [{condition: paralyzed, lasting: 1 minute, repeat: end}]}"
)
FILE = f"""
heroes:
  - {{name: Ann, class: rogue, hp: 30, ac: 15, rank: back, why: hidden,
      attacks: [{{name: Dagger, to_hit: 5, damage: 1d4+3 piercing}}]}}
  - {{name: Maren, class: cleric, hp: 30, ac: 16, rank: back, why: hidden, attacks: [{HOLD}]}}
monsters:
  - {{monster: priest}}
  - {{monster: thug}}
"""


def _data(name: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


@needs_data
def test_dispel_magic_is_what_its_own_srd_text_says() -> None:
    """SRD: "Any spell of 3rd level or lower on the target ends" (a higher one asks a check:
    lnf does not cast it for one); 120 feet; six stat blocks list it, none says it unplayed."""
    (spell,) = [s for s in _data("5e-srd-5.1-spells.json") if s["name"] == "Dispel Magic"]
    text = " ".join(spell["desc"]).lower()
    assert f"any spell of {DISPELLED_AT_MOST}rd level or lower on the target ends" in text
    assert spell["range"] == "120 feet" and SELF_SPELLS["dispel magic"]["effect"] == {
        "dispel": True
    }
    found = sorted(
        b["name"]
        for b in srd()
        for a in b.get("actions", [])
        if a["name"] == "Dispel Magic"
        and not any(n.endswith(": Dispel Magic") for n in b["not_modelled"])
    )
    assert found == ["Androsphinx", "Glabrezu", "Gynosphinx", "Lich", "Mummy Lord", "Priest"]


def _held(level: int = 2) -> Fight:
    """Maren holds the thug (Hold Person, concentration); both heroes are hidden (R4)."""
    f = parse_fight(FILE.replace("slot: 2", f"slot: {level}"), "dispel.yaml")
    assert parse_fight(dump_fight(f), "again.yaml") == f  # `dispel: true` written back
    held = Lasting(rounds=10, save=(Ability.WIS, 13), each=TurnEdge.END, concentration="Maren")
    effects = (
        Effect(1, "Maren", "Hold Person", Lasting(rounds=10), 1, by="Maren", concentration=True),
        Effect(2, "Thug", "paralyzed", held, 1, by="Maren", condition=Condition.PARALYZED),
    )
    thug = f.monster("Thug")
    f = f.with_combatant(replace(thug, conditions=thug.conditions | {Condition.PARALYZED}))
    return replace(f, effects=effects, round=1)


@needs_data
def test_the_priest_that_reaches_nobody_ends_hold_person_on_its_thug() -> None:
    """B6: nobody hurt (no Cure Wounds), nobody to reach: the priest casts Dispel Magic (its
    3rd-level slot); the solver, brute force and the validator agree; played, the thug is
    free and Maren's concentration ends with the spell."""
    f = _held()
    priest = f.monster("Priest")
    assert dispelled(f, priest) == ("Thug", "Maren", "Hold Person")
    spell = idle_spell(f, priest)
    assert spell is not None and spell.name == "Dispel Magic" and spell.slot == 3
    plan = solve_plan(f, explain=False).plan
    cast = plan.order_for("Priest")
    assert cast is not None and (cast.action, cast.targets) == ("Dispel Magic", ())
    assert check_plan(f, plan) == [] and best_plan(f) == plan
    dice = ScriptedDice([])
    turn = Rolled.turn(f, "Priest").rolling(dice)
    monster_attacks(turn, "Priest", cast, dice, lambda h, m, g: True)
    ended = [s for s in turn.steps if isinstance(s, EffectEnded | ConcentrationEnded)]
    assert ended[0] == EffectEnded(2, "Priest's Dispel Magic ends Maren's Hold Person on Thug")
    assert isinstance(ended[1], ConcentrationEnded) and ended[1].who == "Maren"
    assert Condition.PARALYZED not in turn.fight.monster("Thug").conditions
    assert not turn.fight.effects


@needs_data
def test_not_for_a_spell_above_the_3rd_level_nor_with_nothing_to_end() -> None:
    """B6: a 4th-level spell asks a check (not cast for it); nothing held: nothing to end,
    and the validator says why."""
    f = _held(level=4)
    assert dispelled(f, f.monster("Priest")) is None
    free = replace(_held(), effects=())
    ward = idle_spell(free, free.monster("Priest"))  # nothing to end: its ward (test_sanctuary)
    assert ward is not None and ward.name == "Sanctuary"
    cast = Order("Priest", Rank.FRONT, action="Dispel Magic")
    thug = Order("Thug", Rank.FRONT)
    (v,) = check_plan(free, Plan((cast, thug)))
    assert v.rule == "B6" and "no hero's spell of the 3rd level or lower" in v.message
