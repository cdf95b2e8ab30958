"""B6: a stat block's own action that turns its user invisible (the imp's, quasit's, sprite's,
duergar's and will-o'-wisp's Invisibility, the green hag's Invisible Passage), judged by each
entry's own SRD text, used only when nothing else is possible (solver, brute force and the
validator agree), played as Invisibility's invisible condition, said ("uses", never "casts"),
and taken back."""

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
from lnf.formats.idle_actions import invisible_entry
from lnf.formats.specials import special
from lnf.model import Condition, Fight
from lnf.model.plan import Order, Plan
from lnf.rules.idle_casts import check_idle_cast, idle_spell, self_spell
from lnf.rules.plan_check import check_plan
from lnf.solver import solve_plan
from tests.brute_force import best_plan
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

FLYING_ANN = (
    "{name: Ann, class: fighter, hp: 30, ac: 15, fly: 60, rank: free-air, "
    "attacks: [{name: Longsword, to_hit: 5, damage: 1d8+3 slashing}]}"
)
QUASIT = "{monster: quasit, used: {Scare: 1}}"  # its Scare (1/day) spent: nothing reaches Ann


def _srd_actions() -> list[tuple[str, dict[str, Any]]]:
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8")
    )
    return [(m["name"], a) for m in data for a in m.get("actions") or []]


@needs_data
def test_every_srd_action_that_turns_its_user_invisible_is_read_from_its_own_text() -> None:
    """B6: "magically turns invisible until it attacks … (as if concentrating on a spell)":
    invisible, ending as it attacks, under concentration; "up to 1 hour" the duergar's only.
    Every SRD action whose text says so is read, and the bestiary holds what was read."""
    shipped = {m["name"]: m for m in srd()}
    read = []
    for name, action in _srd_actions():
        text = action["desc"]
        says = re.search(r"\binvisible until (?:it|she) attacks\b", text) is not None
        says = says and "(as if concentrating on a spell)" in text
        entry = invisible_entry(special(action), text)
        assert (entry is not None) == says, (name, action["name"])
        if entry is None:
            continue
        read.append(name)
        assert entry["concentration"] is True and entry["effect"]["invisible"] is True
        assert entry["effect"]["ends_on_attack"] is True
        assert ("lasting" in entry["effect"]) == ("up to 1 hour" in text)
        assert entry in shipped[name]["actions"]
    assert sorted(read) == ["Duergar", "Green Hag", "Imp", "Quasit", "Sprite", "Will-o'-Wisp"]


def test_an_action_that_also_harms_or_names_no_invisibility_is_not_read_so() -> None:
    """B6: only an action that does nothing else; a Scare is not an Invisibility."""
    text = "The imp magically turns invisible until it attacks, or until its concentration ends "
    text += "(as if concentrating on a spell)."
    assert invisible_entry({"name": "Invisibility"}, text) is not None
    assert invisible_entry({"name": "Invisibility", "damage": "1d4 fire"}, text) is None
    assert invisible_entry({"name": "Scare"}, "The target must succeed on a save.") is None


def test_none_of_them_is_listed_as_not_played() -> None:
    said = json.loads(stdout_of("monsters", "--not-played", "--json"))
    hidden = {"Invisibility", "Invisible Passage"}
    assert not [x for x in said if x["item"] in hidden and x["name"] != "Invisible Stalker"]


def _quasit(tmp_path: Path) -> Fight:
    path = tmp_path / "fight.yaml"
    path.write_text(f"heroes: [{FLYING_ANN}]\nmonsters: [{QUASIT}]\n", encoding="utf-8")
    fight = load_fight(path)
    assert parse_fight(dump_fight(fight), "again.yaml") == fight  # its entry written back
    return fight


@needs_data
def test_b6_the_quasit_that_reaches_nobody_turns_invisible(tmp_path: Path) -> None:
    """B6: Ann flies (R7), the quasit walks and its Scare is spent: it uses its Invisibility;
    solver, brute force and the validator agree; invisible already, it does nothing."""
    f = _quasit(tmp_path)
    me = f.monster("Quasit")
    action = next(a for a in me.actions if a.name == "Invisibility")
    assert self_spell(action) and not action.spell and idle_spell(f, me) == action
    plan = solve_plan(f, explain=False).plan
    (order,) = plan.orders
    assert (order.action, order.targets) == ("Invisibility", ())
    assert check_plan(f, plan) == []
    assert best_plan(f) == plan
    hidden = f.with_combatant(replace(me, conditions=me.conditions | {Condition.INVISIBLE}))
    assert idle_spell(hidden, hidden.monster("Quasit")) is None
    cast = Order("Quasit", me.rank, action="Invisibility")
    (v,) = check_plan(hidden, Plan((cast,)))
    assert v.rule == "B6" and "invisible already" in v.message
    aimed = replace(cast, target="Ann")
    assert [v.rule for v in check_idle_cast(f, me, aimed)] == ["B6"]


@needs_data
def test_at_the_table_it_is_used_said_shown_and_undone(tmp_path: Path) -> None:
    """B6, F5: `lnf next` plays it ("uses", no spell), its concentration and the condition
    shown under Effects; `lnf undo` takes it back."""
    path = tmp_path / "quasit.yaml"
    path.write_text(f"heroes: [{FLYING_ANN}]\nmonsters: [{QUASIT}]\n", "utf-8")
    said = stdout_of("next", str(path))
    assert "Quasit uses Invisibility: nothing it can reach this round (B6)." in said
    assert "Quasit uses Invisibility.\nQuasit concentrates on Invisibility" in said
    assert "casts" not in said.split("Quasit is invisible")[0]
    shown = stdout_of("show", str(path))
    assert "Quasit: invisible (since round 1): while Quasit concentrates" in shown
    took = [stdout_of("undo", str(path)) for _ in range(2)]  # Ann's turn begun, then the action
    assert "Quasit uses Invisibility" in took[1]
    assert "invisible" not in stdout_of("show", str(path))


def test_a_homebrew_monster_writes_it_and_only_invisibility_goes_without_spell(
    tmp_path: Path,
) -> None:
    """The fight file's form: `effect: {invisible: true, ends_on_attack: true}` with
    `concentration` on an action that is no spell; any other effect (or concentration
    alone) still asks for `spell: true` (F5, F7)."""
    hero = "{name: Ann, class: fighter, hp: 30, ac: 15}"
    own = "{name: Vanish, concentration: true, effect: {invisible: true, ends_on_attack: true}}"
    text = (
        f"heroes: [{hero}]\nmonsters: [{{name: Sprite Kin, hp: 5, ac: 13, "
        f"attacks: [{{name: Dagger, to_hit: 4, damage: 1d4 piercing}}], actions: [{own}]}}]\n"
    )
    (vanish,) = parse_fight(text, "f.yaml").monster("Sprite Kin").actions
    assert vanish.effect is not None and vanish.effect.invisible and vanish.concentration
    for wrong, rule in (
        ("{name: Haze, effect: {blurred: true}}", "F7"),
        ("{name: Focus, concentration: true}", "F5"),
    ):
        with pytest.raises(InputError, match=rule):
            parse_fight(text.replace(own, wrong), "f.yaml")
