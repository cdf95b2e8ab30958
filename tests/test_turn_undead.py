"""F2: a cleric's Channel Divinity: Turn Undead and Destroy Undead (SRD 5.1 cleric), at the
table (`lnf act "turn undead"`) and by the hero policy (`lnf run`); P1: a turned monster's order
only leaves its group (or stays unengaged) and attacks nobody — the validator refuses any other
and brute force agrees with the solver; B8: the ghast's Turn Defiance and the lich's Turn
Resistance give advantage on the save, by their SRD text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lnf.dice.roll import ScriptedDice
from lnf.engine.resolve import roll_save
from lnf.errors import Refused
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight
from lnf.formats.srd_traits import read_trait
from lnf.heroes.words import parse_choice
from lnf.model import Ability, Condition, TraitKind
from lnf.model.plan import LEAVE, STAY, Mode, Move, MoveKind, Order, Plan
from lnf.rules.conditions import takes_no_reactions
from lnf.rules.legal import options
from lnf.rules.plan_check import check_plan
from lnf.rules.turning import destroys_up_to, turn_edge, turned_move
from lnf.solver import solve_plan
from lnf.values import replace
from tests.brute_force import best_plan
from tests.cli import run
from tests.test_bestiary import SOURCE

DATA = SOURCE.parent
needs_data = pytest.mark.skipif(not SOURCE.exists(), reason="no SRD data")
TURNED = (Condition.TURNED,)

CLERIC = """  - name: Edda
    class: cleric
    level: 5
    hp: 38
    ac: 18
    attacks:
      - {name: Mace, to_hit: 4, damage: 1d6+2 bludgeoning}
      - {name: Sacred Flame, kind: ranged, range: 60, spell: true, save: dex 13, half: false,
         damage: 2d8 radiant}
  - name: Tamsin
    class: fighter
    level: 5
    hp: 44
    ac: 18
    attacks:
      - {name: Longsword, to_hit: 6, damage: 1d8+4 slashing}
"""
CRYPT = f"""title: Turning the crypt
round: 1
started: heroes
heroes:
{CLERIC}monsters:
  - monster: ghast
  - monster: ghoul
    count: 2
  - monster: zombie
groups:
  A: [Tamsin, Edda, Ghast, Ghoul 1, Ghoul 2, Zombie]
"""


def _block(name: str) -> dict[str, object]:
    blocks = json.loads(SOURCE.read_text())
    return next(b for b in blocks if b["name"] == name)


def _trait_text(monster: str, trait: str) -> str:
    abilities = _block(monster)["special_abilities"]
    assert isinstance(abilities, list)
    return str(next(a["desc"] for a in abilities if a["name"] == trait))


@needs_data
def test_b8_turn_defiance_and_turn_resistance_are_read_from_their_own_text() -> None:
    defiance = _trait_text("Ghast", "Turn Defiance")
    resistance = _trait_text("Lich", "Turn Resistance")
    assert "advantage on saving throws against effects that turn undead" in defiance
    assert "advantage on saving throws against any effect that turns undead" in resistance
    found = read_trait("Turn Defiance", defiance)
    assert found is not None and found.kind is TraitKind.TURN_DEFIANCE
    found = read_trait("Turn Resistance", resistance)
    assert found is not None and found.kind is TraitKind.TURN_RESISTANCE
    # a text that says something else is not read as the trait
    assert read_trait("Turn Resistance", "The lich is immune to effects that turn undead.") is None
    blocks = {b["name"]: b for b in srd()}
    assert "turn defiance" in blocks["Ghast"]["traits"]
    assert "turn resistance" in blocks["Lich"]["traits"]
    for name in ("Ghast", "Lich"):
        assert not [x for x in blocks[name]["not_modelled"] if x.startswith("Turn ")]


@needs_data
def test_f2_destroy_undead_and_channel_divinity_follow_the_srd_cleric_table() -> None:
    levels = json.loads((DATA / "5e-srd-5.1-levels.json").read_text())
    cleric = [lv for lv in levels if lv["class"]["index"] == "cleric" and "subclass" not in lv]
    assert len(cleric) == 20
    for lv in cleric:
        cr = lv["class_specific"]["destroy_undead_cr"]
        top = destroys_up_to(lv["level"])
        assert (top is None and cr == 0) or (top is not None and float(top) == cr), lv["level"]
        if lv["level"] == 2:
            assert "Channel Divinity: Turn Undead" in [f["name"] for f in lv["features"]]


def _crypt(tmp_path: Path, text: str = CRYPT) -> Path:
    path = tmp_path / "crypt.yaml"
    path.write_text(text)
    return path


@needs_data
def test_b8_the_ghast_and_its_ghouls_and_the_lich_save_with_advantage(tmp_path: Path) -> None:
    f = load_fight(_crypt(tmp_path))
    assert turn_edge(f, f.monster("Ghast"), TURNED) == "Turn Defiance (against turned)"
    assert turn_edge(f, f.monster("Ghoul 1"), TURNED) == "Ghast's Turn Defiance (against turned)"
    assert turn_edge(f, f.monster("Zombie"), TURNED) == ""
    assert turn_edge(f, f.monster("Ghast"), (Condition.FRIGHTENED,)) == ""  # only turning
    saved = roll_save(
        f, f.monster("Ghoul 2"), Ability.WIS, 13, ScriptedDice([3, 15]), "Turn Undead",
        against=TURNED,
    )  # fmt: skip
    assert saved.success and saved.faces == (3, 15)
    ghast = f.monster("Ghast")
    without = f.with_combatant(replace(ghast, damage=ghast.hp))
    assert turn_edge(without, without.monster("Ghoul 1"), TURNED) == ""  # no ghast, no edge
    lich = tmp_path / "lich.yaml"
    lich.write_text(f"heroes:\n{CLERIC}monsters: [{{monster: lich}}]\n")
    lf = load_fight(lich)
    assert turn_edge(lf, lf.monster("Lich"), TURNED) == "Turn Resistance (against turned)"


@needs_data
def test_f2_turn_undead_at_the_table(tmp_path: Path) -> None:
    """`lnf act "turn undead"`: the cleric's action and a use of Channel Divinity; every undead
    in reach saves; a failed CR ½-or-lower undead is destroyed at level 5 (Destroy Undead)."""
    path = _crypt(tmp_path, CRYPT.replace("started: heroes", "started: monsters"))
    code, out = run("round", str(path), "--seed", "3")
    while code == 0 and "It is Edda's turn" not in out:  # the fighter dodges
        run("act", str(path), "dodge")
        code, out = run("round", str(path))
    assert code == 0, out
    code, out = run("act", str(path), "turn", "undead")
    assert code == 0, out
    assert "Edda uses Channel Divinity (0 of 1 left)." in out
    assert (
        "Edda uses Turn Undead (each undead within 30 ft that sees or hears the cleric) on " in out
    )
    assert "Ghast's WIS save 2d20" in out and "Turn Defiance (against turned)" in out
    code, again = run("act", str(path), "turn", "undead")
    assert code != 0 and "0 of 1 Channel Divinity left" in again


@needs_data
def test_f2_a_fighter_cannot_turn_undead(tmp_path: Path) -> None:
    path = _crypt(tmp_path, CRYPT.replace("started: heroes", "started: monsters"))
    f = load_fight(path)
    with pytest.raises(Refused, match="no Turn Undead \\(a cleric's from the 2nd level\\)"):
        parse_choice(f, f.hero("Tamsin"), "turn undead")
    choice = parse_choice(f, f.hero("Edda"), "turn undead")
    assert choice.spend == (("Channel Divinity", 1),)
    said = "turn undead (Ghast, Ghoul 1, Ghoul 2 and Zombie: Wisdom save)"
    assert said in options(f, f.hero("Edda")) and said not in options(f, f.hero("Tamsin"))
    assert not [o for o in options(f, f.hero("Tamsin")) if o.startswith("turn")]


@needs_data
def test_f2_the_hero_policy_turns_undead_in_lnf_run(tmp_path: Path) -> None:
    """The cleric turns the four undead in round 1 (worth more than its Sacred Flame); the
    zombie (CR ¼) that fails is destroyed; the ghoul turned leaves its group the next round
    and attacks nobody."""
    code, out = run("run", str(_crypt(tmp_path)), "--rounds", "2", "--seed", "1")
    assert code == 0, out
    assert "Edda uses Turn Undead" in out
    assert "Zombie dies: Destroy Undead: CR 1/4, at or below 1/2 (F2)." in out
    # told as destroyed, not turned first and then no longer turned for being dead
    assert "Zombie is turned" not in out and "Zombie is no longer turned" not in out
    assert "Ghoul 1 is turned (by Edda)" in out
    assert "Ghoul 1 leaves its group, does not attack" in out
    assert "Ghoul 1 is no longer turned: it takes damage (F4)." in out  # an opportunity attack


@needs_data
def test_p1_a_turned_monster_only_leaves_and_brute_force_agrees(tmp_path: Path) -> None:
    path = tmp_path / "turned.yaml"
    path.write_text(
        f"heroes:\n{CLERIC}monsters:\n"
        "  - {monster: ghoul, conditions: [turned]}\n"
        "  - {monster: zombie}\n"
        "groups:\n  A: [Tamsin, Edda, Ghoul, Zombie]\n"
    )
    f = load_fight(path)
    ghoul = f.monster("Ghoul")
    assert takes_no_reactions(ghoul) == "turned"
    assert turned_move(f, ghoul) == LEAVE
    plan = solve_plan(f, explain=False).plan
    order = next(o for o in plan.orders if o.monster == "Ghoul")
    assert order.move == LEAVE and order.target is None and not order.action
    assert check_plan(f, plan) == [] and best_plan(f) == plan
    code, said = run("plan", str(path))
    assert (
        code == 0
        and "Leaves group A, in the front rank; attacks nobody (turned: Turn Undead)" in said
    )
    zombie = next(o for o in plan.orders if o.monster == "Zombie")
    for bad in (
        Order("Ghoul", ghoul.rank, STAY, "Tamsin", Mode.MELEE),
        Order("Ghoul", ghoul.rank, LEAVE, "Tamsin", Mode.RANGED),
        Order("Ghoul", ghoul.rank, STAY),
    ):
        found = check_plan(f, Plan((bad, zombie)))
        assert found and {v.rule for v in found} == {"P1"}, found
        assert all("Ghoul is turned" in v.message for v in found)
    # unengaged, it stays unengaged: it joins nobody
    path.write_text(
        f"heroes:\n{CLERIC}monsters:\n  - {{monster: ghoul, conditions: [turned]}}\n"
        "  - {monster: zombie}\ngroups:\n  A: [Tamsin, Zombie]\n"
    )
    alone = load_fight(path)
    assert turned_move(alone, alone.monster("Ghoul")) == STAY
    plan = solve_plan(alone, explain=False).plan
    order = next(o for o in plan.orders if o.monster == "Ghoul")
    assert order.move == STAY and order.target is None
    assert best_plan(alone) == plan
    joins = Order("Ghoul", ghoul.rank, Move(MoveKind.JOIN, group="A"))
    found = check_plan(alone, Plan((joins, *(o for o in plan.orders if o.monster != "Ghoul"))))
    assert "P1" in [v.rule for v in found]
