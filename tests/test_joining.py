"""B6: creatures that join the fight mid-fight by a monster's action — the treant's Animate
Trees and the wraith's Create Specter (`rules.joining`, `rules.specters`) — judged by each
entry's own SRD text, used only when nothing else is possible (solver, brute force and the
validator agree), played as a `Split` step with its `how`, said, drawn and taken back."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from lnf.engine.round_start import plan_in_phase
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight, parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.formats.idle_actions import animate_entry, raise_entry
from lnf.formats.specials import special
from lnf.model import Ability, Fight
from lnf.model.plan import Order, Plan
from lnf.rules.idle_casts import idle_spell
from lnf.rules.joining import joined_fight
from lnf.rules.plan_check import check_plan
from lnf.rules.specters import MOST_SPECTERS, SPECTER, risen_name, to_rise
from lnf.solver import solve_plan
from tests.brute_force import best_plan
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

SWORD = "attacks: [{name: Longsword, to_hit: 5, damage: 1d8+3 slashing}]"
ANN = f"{{name: Ann, class: fighter, hp: 60, ac: 15, {SWORD}}}"
DEAD_BO = "{name: Bo, class: rogue, hp: 30, ac: 14, dead: true}"
# Volley round 3: nothing reaches anyone (V3), so nothing else is possible (B6).
TREANT = f"phase: volley 3\nheroes: [{ANN}]\nmonsters: [{{monster: treant}}]\n"
WRAITH = f"phase: volley 3\nheroes: [{ANN}, {DEAD_BO}]\nmonsters: [{{monster: wraith}}]\n"


def _brute(fight: Fight) -> Plan:
    plan = best_plan(fight)
    assert plan is not None
    return plan


def _fight(tmp_path: Path, text: str, name: str = "fight.yaml") -> Fight:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    fight = load_fight(path)
    assert parse_fight(dump_fight(fight), "again.yaml") == fight  # `effect:` written back
    return fight


@needs_data
def test_every_srd_joining_action_is_read_from_its_own_text() -> None:
    """B6: "animates one or two trees … the same statistics as a treant" and "The target's
    spirit rises as a specter": only the treant's and the wraith's actions say so, each read
    from its text, shipped, and no longer said unsupported."""
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8")
    )
    shipped = {m["name"]: m for m in srd()}
    read = []
    for block in data:
        for action in block.get("actions") or []:
            text = action["desc"]
            trees = animate_entry(special(action), text)
            rises = raise_entry(special(action), text)
            assert (trees is not None) == bool(re.search(r"animates one or two trees", text))
            assert (rises is not None) == bool(re.search(r"spirit rises as a specter", text))
            if trees is not None:
                assert "only the Slam action option" in text and "scores of 1" in text
                assert trees == {"name": action["name"], "effect": {"animates": 2}, "per_day": 1}
                assert action["usage"]["times"] == 1
            if rises is not None:
                assert "no more than seven specters" in text and "died violently" in text
                assert rises == {"name": action["name"], "effect": {"raises": True}}
            for entry in (trees, rises):
                if entry is not None:
                    read.append(block["name"])
                    assert entry in shipped[block["name"]]["actions"]
    assert sorted(read) == ["Treant", "Wraith"]
    said = json.loads(stdout_of("monsters", "--not-played", "--json"))
    assert not [x for x in said if x["item"] in ("Animate Trees", "Create Specter")]


@needs_data
def test_the_specter_that_rises_is_the_srd_specter() -> None:
    """rules.specters' SPECTER holds the figures the bestiary reads from the SRD specter."""
    text = f"heroes: [{ANN}]\nmonsters: [{{monster: specter}}]\n"
    assert parse_fight(text, "f.yaml").monster("Specter") == SPECTER


@needs_data
def test_b6_the_treant_animates_two_trees_only_when_nothing_else_is_possible(
    tmp_path: Path,
) -> None:
    """Nothing reaches in volley round 3: the plan uses Animate Trees (solver, brute force and
    the validator agree); with a hero in reach it fights, and the validator refuses the trees
    then (B6); spent, it is not used again (B2)."""
    f = _fight(tmp_path, TREANT)
    plan = plan_in_phase(f, lambda g: solve_plan(g, explain=False).plan)
    assert [(o.action, o.targets) for o in plan.orders] == [("Animate Trees", ())]
    assert check_plan(f, plan) == [] and plan_in_phase(f, _brute) == plan
    near = _fight(tmp_path, f"heroes: [{ANN}]\nmonsters: [{{monster: treant}}]\n", "near.yaml")
    me = near.monster("Treant")
    (fights,) = solve_plan(near, explain=False).plan.orders
    assert fights.targets == ("Ann",) and fights.action == ""
    trees = Order("Treant", me.rank, target="Ann", action="Animate Trees")
    assert "B6" in [v.rule for v in check_plan(near, Plan((trees,)))]
    spent = _fight(
        tmp_path, TREANT.replace("treant}", "treant, used: {Animate Trees: 1}}"), "s.yaml"
    )
    assert idle_spell(spent, spent.monster("Treant")) is None


@needs_data
def test_the_trees_join_are_said_drawn_and_taken_back(tmp_path: Path) -> None:
    """Played at the table: two trees join the treant's side — treants with Int and Cha 1 and
    one Slam a turn — drawn as two new columns, acting from the next round; undo takes them
    back with the treant's turn."""
    _fight(tmp_path, TREANT)
    path = str(tmp_path / "fight.yaml")
    said = stdout_of("next", path)
    assert "Treant spends a daily use of Animate Trees (0 of 1 left)." in said
    for n in (1, 2):
        joins = f"Animated Tree {n} joins Treant's side (Animate Trees, B6): 138 hit points"
        assert f"{joins}, Slam a turn, acting from the next round." in said
    shown = stdout_of("show", path)
    assert re.search(r"Treant\s+Animated Tree 1\s+Animated Tree 2", shown)
    f = load_fight(tmp_path / "fight.yaml")
    tree = joined_fight(f, "Treant", "Animated Tree 1", "Animate Trees").monster("Animated Tree 1")
    assert tree.kind == "Animated Tree" and tree.damage == 0 and not tree.actions
    assert [(a.name, a.times) for a in tree.attacks] == [("Slam", 1)] and not tree.multiattack
    saves = dict(tree.saves)
    assert saves[Ability.INT] == saves[Ability.CHA] == -5 and saves[Ability.STR] == 6
    assert stdout_of("undo", path).startswith(
        "Took back: the start of Ann's turn"
    )  # `next` began it
    assert stdout_of("undo", path).startswith("Took back: Treant spends a daily use")
    assert "Animated Tree" not in stdout_of("show", path)
    run = stdout_of("run", str(tmp_path / "fight.yaml"), "--seed", "1", "--rounds", "2")
    assert "Strike order (S2, S3): Treant, Ann." in run  # round 1: the trees are not in it
    assert re.search(r"Round 2.*\nStrike order \(S2, S3\):.*Animated Tree 1", run)


@needs_data
def test_b6_a_dead_hero_rises_as_a_specter(tmp_path: Path) -> None:
    """Bo is dead (B6: a hero dead in the fight died violently in the last minute): the
    wraith, reaching nobody, raises him; Specter of Bo rises unengaged,
    the SRD specter, and acts from the next round; once risen he does not rise again (B6)."""
    f = _fight(tmp_path, WRAITH)
    plan = plan_in_phase(f, lambda g: solve_plan(g, explain=False).plan)
    assert [(o.action, o.targets) for o in plan.orders] == [("Create Specter", ())]
    assert check_plan(f, plan) == [] and plan_in_phase(f, _brute) == plan
    said = stdout_of("run", str(tmp_path / "fight.yaml"), "--seed", "1", "--rounds", "2")
    assert "Wraith uses Create Specter: nothing it can reach this round (B6)" in said
    rises = "Specter of Bo rises on Wraith's side (Create Specter, B6): 22 hit points"
    assert f"{rises}, Life Drain a turn, acting from the next round." in said
    assert said.count("rises on Wraith's side") == 1  # Bo has risen: nothing left to raise
    path = str(tmp_path / "fight.yaml")
    stdout_of("next", path)
    shown = stdout_of("show", path)
    assert re.search(r"unengaged: .*Specter of Bo", shown)


@needs_data
def test_b6_no_specter_without_a_dead_hero_nor_past_seven(tmp_path: Path) -> None:
    """A dying hero (0 hit points, not dead) does not rise; seven specters standing, none
    more rises; the validator names B6."""
    dying = WRAITH.replace("dead: true", "dots: [N]")
    f = _fight(tmp_path, dying, "dying.yaml")
    me = f.monster("Wraith")
    assert to_rise(f) is None and idle_spell(f, me) is None
    (v,) = check_plan(f, Plan((Order("Wraith", me.rank, action="Create Specter"),)))
    assert v.rule == "B6" and "no hero dead in the fight" in v.message
    dead = _fight(tmp_path, WRAITH)
    crowd = tuple(replace(SPECTER, name=risen_name(f"X{i}")) for i in range(MOST_SPECTERS))
    full = replace(dead, monsters=(*dead.monsters, *crowd))
    assert to_rise(dead) is not None and to_rise(full) is None


def test_a_homebrew_monster_writes_its_own_name_for_it(tmp_path: Path) -> None:
    """The fight file's form: `effect: {animates: 2}` on an action of any name (no spell): the
    trees join as the treant's do, said with the action's own name; `raises: true` the same."""
    own = "{name: Call the Grove, per_day: 1, effect: {animates: 2}}"
    slam = "{name: Slam, to_hit: 6, damage: 2d6+3 bludgeoning, times: 2}"
    text = (
        f"phase: volley 3\nheroes: [{ANN}]\nmonsters: [{{name: Ent, hp: 50, ac: 14, "
        f"attacks: [{slam}], actions: [{own}]}}]\n"
    )
    _fight(tmp_path, text, "ent.yaml")
    said = stdout_of("run", str(tmp_path / "ent.yaml"), "--seed", "1", "--rounds", "1")
    joins = "Animated Tree 2 joins Ent's side (Call the Grove, B6): 50 hit points, Slam a turn"
    assert joins in said
    rise = "{name: Call the Dead, effect: {raises: true}}"
    dead = text.replace(own, rise).replace(f"[{ANN}]", f"[{ANN}, {DEAD_BO}]")
    _fight(tmp_path, dead, "lich.yaml")
    said = stdout_of("run", str(tmp_path / "lich.yaml"), "--seed", "1", "--rounds", "1")
    assert "Specter of Bo rises on Ent's side (Call the Dead, B6): 22 hit points" in said


def test_b6_the_trees_take_root_as_their_treant_dies(tmp_path: Path) -> None:
    """ "until the treant dies … The tree then takes root": the treant's own trees (its DM note
    "animated by Treant") end with it; another treant, and a tree of another, fight on."""
    text = (
        f"heroes: [{ANN}]\nmonsters: [{{monster: treant, damage: 137}}, "
        '{monster: treant, name: Animated Tree 1, effects: ["animated by Treant"]}, '
        '{monster: treant, name: Animated Tree 2, effects: ["animated by Oak"]}, '
        "{monster: treant, name: Oak}]\n"
        "groups: {A: [Ann, Treant, Animated Tree 1, Animated Tree 2, Oak]}\n"
    )
    _fight(tmp_path, text, "root.yaml")
    path = str(tmp_path / "root.yaml")
    said = stdout_of("damage", path, "Treant", "5")
    ends = "Animated Tree 1 dies: Treant is dead, and the tree takes root (Animate Trees, B6)"
    assert ends in said and "Animated Tree 2 dies" not in said and "Oak dies" not in said
    assert re.search(r"hp .*dead\s+dead\s+138/138\s+138/138", stdout_of("show", path))
    f = load_fight(tmp_path / "root.yaml")
    tree = joined_fight(f, "Oak", "Animated Tree 3", "Animate Trees").monster("Animated Tree 3")
    assert tree.effects == ("animated by Oak",)
