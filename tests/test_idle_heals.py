"""B6 Cure Wounds: a monster that attacks nobody this round heals the most hurt creature of its
side it touches (itself, or its mêlée group), judged by the spell's own SRD text and the four
stat blocks that list it (acolyte, couatl, guardian naga, priest); planned, checked, played."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from lnf.dice.abilities import ability_modifier
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight, parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.model import Fight, Rank
from lnf.model.plan import Order, Plan
from lnf.odds.plan_cache import PlanCache, plan_state
from lnf.rules.creature_limits import WORDS
from lnf.rules.idle_casts import check_idle_cast, idle_spell, patient
from lnf.rules.limited import verify_action_order
from lnf.rules.plan_check import check_plan
from lnf.solver import solve_plan
from tests.brute_force import best_plan
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

HIDDEN_ANN = (
    "{name: Ann, class: rogue, hp: 30, ac: 15, rank: back, why: hidden, "
    "attacks: [{name: Dagger, to_hit: 5, damage: 1d4+3 piercing}]}"
)


def _data(name: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


@needs_data
def test_cure_wounds_is_what_its_own_srd_text_says() -> None:
    """SRD: "A creature you touch regains a number of hit points equal to 1d8 + your
    spellcasting ability modifier. This spell has no effect on undead or constructs." Each
    stat block that lists it heals 1d8 + the modifier of its own spellcasting ability."""
    (spell,) = [s for s in _data("5e-srd-5.1-spells.json") if s["name"] == "Cure Wounds"]
    text = " ".join(spell["desc"]).lower()
    assert "a creature you touch regains" in text and "1d8 + your spellcasting ability" in text
    assert WORDS["cure wounds"].lower() in text  # F7: the limit `patient` reads
    monsters = {m["name"]: m for m in _data("5e-srd-5.1-monsters.json")}
    found = []
    for block in srd():
        for action in block.get("actions", []):
            if action["name"] != "Cure Wounds":
                continue
            m = monsters[block["name"]]
            trait = next(t for t in m["special_abilities"] if "spellcasting" in t)
            ability = trait["spellcasting"]["ability"]["name"].lower()  # "wis", "cha"
            score = next(v for k, v in m.items() if k.startswith(ability) and isinstance(v, int))
            assert action["effect"] == {"heal": f"1d8{ability_modifier(score):+d}"}
            assert not [n for n in block["not_modelled"] if n.endswith(": Cure Wounds")]
            found.append(block["name"])
    assert sorted(found) == ["Acolyte", "Couatl", "Guardian Naga", "Priest"]


def _fight(text: str) -> Fight:
    fight = parse_fight(text, "heal.yaml")
    assert parse_fight(dump_fight(fight), "again.yaml") == fight  # `heal:` written back
    return fight


@needs_data
def test_the_most_hurt_it_touches_not_the_undead_nor_one_far_off() -> None:
    """B4, B6: itself or its mêlée group (a touch); the most hit points lost; a zombie is
    undead; a thug outside its group is out of touch; nobody hurt: no patient, no cast."""
    f = _fight(
        "heroes: [{name: Bram, class: fighter, hp: 30, ac: 16}]\n"
        "monsters: [{monster: acolyte, damage: 2}, {monster: thug, damage: 20},"
        " {monster: zombie, damage: 21}, {name: Far Thug, monster: thug, damage: 30}]\n"
        "groups: {A: [Bram, Acolyte, Thug, Zombie]}\n"
    )
    acolyte = f.monster("Acolyte")
    found = patient(f, acolyte)
    assert found is not None and found.name == "Thug"
    healed = f.with_combatant(replace(f.monster("Thug"), damage=0))
    found = patient(healed, healed.monster("Acolyte"))
    assert found is not None and found.name == "Acolyte"
    whole = healed.with_combatant(replace(acolyte, damage=0))
    assert patient(whole, whole.monster("Acolyte")) is None
    ward = idle_spell(whole, whole.monster("Acolyte"))  # nobody hurt: its ward (test_sanctuary)
    assert ward is not None and ward.name == "Sanctuary"


@needs_data
def test_an_acolyte_that_reaches_nobody_heals_itself(tmp_path: Path) -> None:
    """B6: Ann is hidden (R4): the acolyte reaches nobody and casts Cure Wounds on itself,
    its 1st-level slot spent; solver, brute force and the validator agree; then played."""
    path = tmp_path / "acolyte.yaml"
    path.write_text(f"heroes: [{HIDDEN_ANN}]\nmonsters: [{{monster: acolyte, damage: 6}}]\n")
    f = load_fight(path)
    plan = solve_plan(f, explain=False).plan
    (order,) = plan.orders
    assert (order.action, order.targets) == ("Cure Wounds", ())
    assert check_plan(f, plan) == [] and best_plan(f) == plan
    said = stdout_of("run", str(path), "--seed", "1", "--rounds", "1")
    assert "Acolyte casts Cure Wounds (a 1st-level spell slot): nothing it can reach" in said
    assert (
        "Acolyte spends a 1st-level spell slot (2 of 3 left).\nAcolyte casts Cure Wounds." in said
    )
    assert "Acolyte heals with Cure Wounds: 5 hit points (1d8 (3) + 2 = 5); Acolyte 8/9 hp" in said


@needs_data
def test_nobody_hurt_the_plan_may_not_cast_it_but_a_turn_already_planned_plays(
    tmp_path: Path,
) -> None:
    """B6: the validator refuses Cure Wounds when nobody it touches is hurt; a turn planned
    when someone was hurt (healed since) is still played, and heals nobody."""
    path = tmp_path / "acolyte.yaml"
    path.write_text(f"heroes: [{HIDDEN_ANN}]\nmonsters: [{{monster: acolyte}}]\n")
    f = load_fight(path)
    cast = Order("Acolyte", Rank.FRONT, action="Cure Wounds")
    (v,) = check_plan(f, Plan((cast,)))
    assert v.rule == "B6" and "nobody Acolyte touches is hurt" in v.message
    assert check_idle_cast(f, f.monster("Acolyte"), cast, played=True) == []
    assert verify_action_order(f, cast).name == "Cure Wounds"


@needs_data
def test_odds_plan_cache_keeps_who_is_hurt_when_a_monster_heals(tmp_path: Path) -> None:
    """B6, odds: Cure Wounds reads who is hurt, so the plan cache keeps the monsters' damage
    in its key when one of them can heal: each state gets the solver's own plan."""
    path = tmp_path / "acolyte.yaml"
    path.write_text(f"heroes: [{HIDDEN_ANN}]\nmonsters: [{{monster: acolyte, damage: 6}}]\n")
    hurt = load_fight(path)
    whole = hurt.with_combatant(replace(hurt.monster("Acolyte"), damage=0))
    cache = PlanCache(lambda f: solve_plan(f, explain=False).plan)
    assert cache.key(hurt) != cache.key(whole) and plan_state(hurt) != plan_state(whole)
    assert cache(hurt).orders[0].action == "Cure Wounds"
    assert cache(whole) == solve_plan(whole, explain=False).plan
    assert cache(whole).orders[0].action == "Sanctuary"  # nobody hurt: its ward (B6)
    thug = parse_fight(
        f"heroes: [{HIDDEN_ANN}]\nmonsters: [{{monster: thug, damage: 6}}]\n", "thug.yaml"
    )
    fresh = thug.with_combatant(replace(thug.monster("Thug"), damage=0))
    assert cache.key(thug) == cache.key(fresh)  # nobody heals: damage is set aside as before
