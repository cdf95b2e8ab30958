"""B6, B8, D4, S3: the darkmantle's Darkness Aura, judged by its own SRD text: used only when
nothing else is possible (solver, brute force and the validator agree), played as a
concentration, and while it holds its group is dark — no light counts there (S3) and whoever
lacks blindsight or truesight sees nobody in it (D4)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from lnf.formats.bestiary import srd
from lnf.formats.darkness_words import darkness_entry
from lnf.formats.fight_file import load_fight, parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.formats.specials import special
from lnf.model import Effect, Fight, Lasting
from lnf.model.plan import Advantage, Mode, Order, Plan
from lnf.rules.darkness import darkener, sees_in_dark
from lnf.rules.distance import roll_in_fight
from lnf.rules.idle_casts import check_idle_cast, idle_spell, self_spell
from lnf.rules.plan_check import check_plan
from lnf.rules.strike_order import strike_order
from lnf.solver import solve_plan
from tests.brute_force import best_plan
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

SWORD = "attacks: [{name: Longsword, to_hit: 5, damage: 1d8+3 slashing}]"
HIDDEN_ANN = (
    f"{{name: Ann, class: fighter, hp: 30, ac: 15, light: true, rank: back, why: hidden, {SWORD}}}"
)
ANN = f"{{name: Ann, class: fighter, hp: 30, ac: 15, light: true, {SWORD}}}"
# Out of reach, not hidden: a hero placed hidden would swing unseen, cancelling the darkness (R4)
AWAY_ANN = ANN.replace("light: true,", "light: true, rank: back, why: out-of-reach,")


def _srd_actions() -> list[tuple[str, dict[str, Any]]]:
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8")
    )
    return [(m["name"], a) for m in data for a in m.get("actions") or []]


@needs_data
def test_every_srd_action_that_spreads_magical_darkness_is_read_from_its_own_text() -> None:
    """B6: "A 15-foot radius of magical darkness extends out from the darkmantle, moves with
    it … up to 10 minutes (as if concentrating on a spell)": darkness under concentration, its
    10 minutes and its 1/day kept; the bestiary holds what was read."""
    shipped = {m["name"]: m for m in srd()}
    read = []
    for name, action in _srd_actions():
        says = re.search(r"magical darkness extends out from", action["desc"]) is not None
        entry = darkness_entry(special(action), action["desc"])
        assert (entry is not None) == says, (name, action["name"])
        if entry is not None:
            read.append(name)
            assert entry == {
                "name": "Darkness Aura",
                "concentration": True,
                "effect": {"darkness": True, "lasting": "10 minutes"},
                "per_day": 1,
            }
            assert entry in shipped[name]["actions"]
            assert "Darkness Aura" not in shipped[name]["not_modelled"]
    assert read == ["Darkmantle"]
    assert darkness_entry({"name": "X", "save": "con 12"}, action["desc"]) is None


def test_it_is_not_listed_as_not_played() -> None:
    said = json.loads(stdout_of("monsters", "--not-played", "--json"))
    assert not [x for x in said if x["item"] == "Darkness Aura"]


def _fight(
    tmp_path: Path, heroes: str, monsters: str = "[{monster: darkmantle}]", more: str = ""
) -> Fight:
    path = tmp_path / "fight.yaml"
    path.write_text(f"heroes: [{heroes}]\nmonsters: {monsters}\n{more}", encoding="utf-8")
    fight = load_fight(path)
    assert parse_fight(dump_fight(fight), "again.yaml") == fight  # its entry written back
    return fight


@needs_data
def test_b6_used_only_when_it_reaches_nobody(tmp_path: Path) -> None:
    """B6: against a hero it can reach it crushes; against one hidden in the back rank (R4)
    it spreads its darkness; solver, brute force and the validator agree; already holding it,
    or its daily use spent, it does nothing."""
    f = _fight(tmp_path, ANN)
    (order,) = solve_plan(f, explain=False).plan.orders
    assert order.target == "Ann" and order.action == ""
    f = _fight(tmp_path, HIDDEN_ANN)
    me = f.monster("Darkmantle")
    action = next(a for a in me.actions if a.name == "Darkness Aura")
    assert self_spell(action) and not action.spell and idle_spell(f, me) == action
    plan = solve_plan(f, explain=False).plan
    (order,) = plan.orders
    assert (order.action, order.targets) == ("Darkness Aura", ())
    assert check_plan(f, plan) == [] and best_plan(f) == plan
    held = replace(f, effects=(_held(),))
    assert idle_spell(held, held.monster("Darkmantle")) is None
    (v,) = check_plan(held, Plan((Order("Darkmantle", me.rank, action="Darkness Aura"),)))
    assert v.rule == "B6" and "keeps its concentration on Darkness Aura" in v.message
    aimed = Order("Darkmantle", me.rank, target="Ann", action="Darkness Aura")
    assert [v.rule for v in check_idle_cast(f, me, aimed)] == ["B6"]


def _held() -> Effect:
    held = Lasting(rounds=100)
    return Effect(1, "Darkmantle", "Darkness Aura", held, 1, by="Darkmantle", concentration=True)


@needs_data
def test_d4_s3_in_its_darkness_nobody_but_it_sees(tmp_path: Path) -> None:
    """D4: Ann cannot see the darkmantle (disadvantage), it sees her by blindsight and she
    cannot see it (advantage); a goblin beside it sees nothing either, so Ann and the goblin
    cancel out. S3: Ann's light counts for nothing there: the monsters (the side that did not
    start the fight) strike first. Without the darkness, none of it."""
    monsters = "[{monster: darkmantle}, {monster: goblin}]"
    f = _fight(tmp_path, ANN, monsters, "groups:\n  A: [Ann, Darkmantle, Goblin]\n")
    ann, mantle, goblin = f.hero("Ann"), f.monster("Darkmantle"), f.monster("Goblin")
    assert sees_in_dark(mantle) and not sees_in_dark(goblin) and not sees_in_dark(ann)
    sword = ann.attacks[0]
    assert roll_in_fight(f, ann, mantle, sword, Mode.MELEE)[0] is Advantage.NORMAL
    assert strike_order(f)[0] == "Ann"
    dark = replace(f, effects=(_held(),))
    assert darkener(dark, "Ann") == dark.monster("Darkmantle")
    how, why = roll_in_fight(dark, ann, mantle, sword, Mode.MELEE)
    assert how is Advantage.DISADVANTAGE
    assert why == ("Ann cannot see Darkmantle in Darkmantle's Darkness Aura",)
    crush = mantle.attacks[0]
    how, why = roll_in_fight(dark, mantle, ann, crush, Mode.MELEE)
    assert how is Advantage.ADVANTAGE
    assert why == ("Ann cannot see Darkmantle in Darkmantle's Darkness Aura",)
    how, why = roll_in_fight(dark, goblin, ann, goblin.attacks[0], Mode.MELEE)
    assert how is Advantage.NORMAL and len(why) == 2
    assert strike_order(dark)[-1] == "Ann"


@needs_data
def test_at_the_table_it_is_used_and_ends_with_its_concentration(tmp_path: Path) -> None:
    """B6, F5: `lnf next` plays it (a daily use, "uses", its concentration); Ann's sword
    then swings at disadvantage, said; the darkness ends with the concentration."""
    path = tmp_path / "dark.yaml"
    path.write_text(f"heroes: [{AWAY_ANN}]\nmonsters: [{{monster: darkmantle}}]\n", "utf-8")
    stdout_of("next", str(path))
    said = stdout_of("next", str(path))
    assert "Darkmantle uses Darkness Aura.\nDarkmantle concentrates on Darkness Aura" in said
    assert "casts" not in said
    stdout_of("next", str(path))  # round 2: the darkmantle, then Ann's turn
    stdout_of("act", str(path), "join Darkmantle")
    stdout_of("act", str(path), "front")
    said = stdout_of("act", str(path), "attack Darkmantle with Longsword")
    assert "[Ann cannot see Darkmantle in Darkmantle's Darkness Aura]" in said
    assert "disadvantage" in said
