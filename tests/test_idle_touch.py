"""B6: a stat block's Healing Touch (deva, planetar, solar, unicorn: "touches another creature.
The target magically regains 20 (4d8 + 2) hit points"), judged by each entry's own SRD text,
used only when nothing else is possible (solver, brute force and the validator agree), played
as a monster's Cure Wounds on another of its group, said, and taken back."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from lnf.errors import InputError
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight, parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.formats.idle_actions import healing_entry
from lnf.formats.specials import special
from lnf.model import Fight
from lnf.model.plan import Order, Plan
from lnf.rules.idle_casts import idle_spell, patient
from lnf.rules.plan_check import check_plan
from lnf.solver import solve_plan
from tests.brute_force import best_plan
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

FLYING_ANN = (
    "{name: Ann, class: fighter, hp: 30, ac: 15, fly: 60, rank: free-air, "
    "attacks: [{name: Longsword, to_hit: 5, damage: 1d8+3 slashing}]}"
)
SPENT = "used: {Entangle: 1, Calm Emotions: 1}"  # its spells that reach a flier, spent (B2)
UNICORNS = (
    f"heroes: [{FLYING_ANN}]\n"
    f"monsters: [{{monster: unicorn, damage: 20, {SPENT}}}, "
    f"{{monster: unicorn, name: Uni, damage: 30, {SPENT}}}]\n"
    "groups: {A: [Ann, Unicorn, Uni]}\n"
)


@needs_data
def test_every_srd_healing_touch_is_read_from_its_own_text() -> None:
    """B6: "touches another creature … regains 20 (4d8 + 2) hit points": the dice, another
    creature only, the uses a day its entry gives, and what else it does as the DM's note.
    Every SRD action whose text says so is read, and the bestiary holds what was read."""
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8")
    )
    shipped = {m["name"]: m for m in srd()}
    read = []
    for block in data:
        for action in block.get("actions") or []:
            text = action["desc"]
            entry = healing_entry(special(action), text)
            says = re.search(r"touches another creature.*regains \d+ \(([^)]+)\) hit points", text)
            assert (entry is not None) == (says is not None), (block["name"], action["name"])
            if entry is None or says is None:
                continue
            read.append(block["name"])
            assert entry["effect"] == {"heal": says[1].replace(" ", ""), "others": True}
            assert entry.get("per_day") == action["usage"]["times"]
            rest = text[says.end() :].strip(". ")
            assert rest and entry["note"].split()[-1] in rest  # freed from …, removes …
            assert entry in shipped[block["name"]]["actions"]
    assert sorted(read) == ["Deva", "Planetar", "Solar", "Unicorn"]
    said = json.loads(stdout_of("monsters", "--not-played", "--json"))
    assert not [x for x in said if x["item"] == "Healing Touch"]


def _unicorns(tmp_path: Path, text: str = UNICORNS) -> Fight:
    path = tmp_path / "unicorns.yaml"
    path.write_text(text, encoding="utf-8")
    fight = load_fight(path)
    assert parse_fight(dump_fight(fight), "again.yaml") == fight  # `others:` written back
    return fight


@needs_data
def test_another_creature_never_itself(tmp_path: Path) -> None:
    """B6: "touches another creature": the most hurt other of its group; itself never, however
    hurt; with nobody else hurt it does nothing, and is not used."""
    f = _unicorns(tmp_path)
    me = f.monster("Unicorn")
    found = patient(f, me, others=True)
    assert found is not None and found.name == "Uni"
    whole = f.with_combatant(replace(f.monster("Uni"), damage=0))
    me = whole.monster("Unicorn")
    assert me.damage == 20 and patient(whole, me, others=True) is None
    assert idle_spell(whole, me) is None
    touch = Order("Unicorn", me.rank, action="Healing Touch")
    violations = check_plan(whole, Plan((touch,)))
    assert [v.rule for v in violations] == ["B6"]
    assert "nobody else Unicorn touches is hurt" in violations[0].message


@needs_data
def test_b6_unicorns_out_of_reach_heal_each_other(tmp_path: Path) -> None:
    """B6: Ann flies (R7), their spells spent: each unicorn uses its Healing Touch on the
    other; solver, brute force and the validator agree; played and said, its use spent and
    the DM told what else the touch does (F7)."""
    f = _unicorns(tmp_path)
    plan = solve_plan(f, explain=False).plan
    assert [(o.action, o.targets) for o in plan.orders] == [("Healing Touch", ())] * 2
    assert check_plan(f, plan) == [] and best_plan(f) == plan
    said = stdout_of("run", str(tmp_path / "unicorns.yaml"), "--seed", "1", "--rounds", "1")
    assert "Unicorn uses Healing Touch: nothing it can reach this round (B6)" in said
    assert "Uni spends a daily use of Healing Touch (2 of 3 left)." in said
    assert "Uni heals Unicorn with Healing Touch: 12 hit points (2d8 (4, 6) + 2 = 12)" in said
    assert "Unicorn heals Uni with Healing Touch" in said
    assert "Healing Touch, for the DM to rule: the touch removes all diseases" in said
    assert "casts" not in said


@needs_data
def test_at_the_table_the_touch_is_shown_and_undone(tmp_path: Path) -> None:
    """`lnf next` plays Uni's touch (first in strike order): Unicorn's hit points shown
    healed; `lnf undo` takes the whole turn back, its use with it."""
    _unicorns(tmp_path)
    path = str(tmp_path / "unicorns.yaml")
    said = stdout_of("next", path)
    healed = re.search(r"Uni heals Unicorn with Healing Touch: (\d+) hit points", said)
    assert healed is not None
    assert f"{min(67, 47 + int(healed[1]))}/67" in stdout_of("show", path)
    took = stdout_of("undo", path)
    assert took.startswith("Took back: Uni spends a daily use of Healing Touch (2 of 3 left).")
    assert "47/67" in stdout_of("show", path)


def test_a_homebrew_monster_writes_it_and_others_needs_heal() -> None:
    """The fight file's form: `effect: {heal: 2d8+2, others: true}` on an action that is no
    spell; `others` without `heal` is named with B6."""
    hero = "{name: Ann, class: fighter, hp: 30, ac: 15}"
    own = "{name: Mend, per_day: 2, effect: {heal: 2d8+2, others: true}}"
    text = (
        f"heroes: [{hero}]\nmonsters: [{{name: Kirin, hp: 50, ac: 14, "
        f"attacks: [{{name: Horn, to_hit: 5, damage: 1d8+3 piercing}}], actions: [{own}]}}]\n"
    )
    (mend,) = parse_fight(text, "f.yaml").monster("Kirin").actions
    assert mend.effect is not None and mend.effect.others and str(mend.effect.heal) == "2d8+2"
    with pytest.raises(InputError, match="B6"):
        parse_fight(text.replace("heal: 2d8+2, ", ""), "f.yaml")
