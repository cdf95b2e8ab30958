"""Legendary options read from their own words (B7): "The vampire makes one unarmed strike" is
its Unarmed Strike; a sphinx's "casts a spell …, using a spell slot as normal" any spell it may
cast now. Each taken at the end of a hero's turn where it has the most expected damage it can
reach (B6), as a tail attack is."""

from __future__ import annotations

from pathlib import Path

from lnf.engine.legendary import legendary_taker
from lnf.engine.runner import Runner
from lnf.engine.sides import TableHeroes
from lnf.engine.table import Table
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight
from lnf.model import LEGENDARY_ACTIONS, Fight, Legendary
from lnf.model.applied import Applied
from lnf.model.events import Recorded
from lnf.model.steps import SpellCast, Used
from lnf.rules.legendary import legendary_choice
from lnf.solver import solve_plan
from lnf.values import replace


def _vampire(tmp_path: Path) -> Fight:
    path = tmp_path / "crypt.yaml"
    path.write_text(
        "heroes: [{name: Ann, class: fighter, hp: 60}, {name: Bo, class: cleric, hp: 60}]\n"
        "monsters: [{monster: 'vampire, vampire form'}]\n"
        "groups: {A: [Ann, Bo, 'Vampire, Vampire Form']}\n",
        encoding="utf-8",
    )
    return load_fight(path)


def test_the_vampires_legendary_unarmed_strike_is_its_unarmed_strike(tmp_path: Path) -> None:
    block = next(b for b in srd() if b["name"] == "Vampire, Vampire Form")
    strike = next(o for o in block["legendary"] if o["name"] == "Unarmed Strike")
    assert strike == {"name": "Unarmed Strike", "attack": "Unarmed Strike"}
    assert "legendary action Unarmed Strike" not in block["not_modelled"]
    f = _vampire(tmp_path)
    vampire = f.monster("Vampire, Vampire Form")
    assert Legendary(name="Unarmed Strike", attack="Unarmed Strike") in vampire.legendary
    pick = legendary_choice(f, vampire, "Bo")
    assert pick is not None and pick.targets == ("Bo",)
    assert pick.option.name == "Bite"  # 2 points: the bite's necrotic does more (B6)
    one = replace(
        vampire,
        resources=tuple(
            replace(r, used=r.total - 1) if r.name == LEGENDARY_ACTIONS else r
            for r in vampire.resources
        ),
    )
    pick = legendary_choice(f.with_combatant(one), one, "Bo")
    assert (
        pick is not None
        and pick.option.name == "Unarmed Strike"
        and pick.use.name == ("Unarmed Strike")
    )


# --- "Cast a Spell (Costs 3 Actions)": any spell it may cast now, its slot spent -------------


def _sphinx(tmp_path: Path) -> Fight:
    path = tmp_path / "temple.yaml"
    heroes = ", ".join(f"{{name: {n}, class: fighter, hp: 60, ac: 25}}" for n in ("Ann", "Bo"))
    path.write_text(
        f"heroes: [{heroes}]\n"
        "monsters: [{monster: androsphinx}]\n"
        "groups: {A: [Ann, Bo, Androsphinx]}\n"
        "started: monsters\n",
        encoding="utf-8",
    )
    return load_fight(path)


def test_cast_a_spell_is_read_as_any_spell_and_weighed_spell_by_spell(tmp_path: Path) -> None:
    """B7: the androsphinx's Cast a Spell costs 3 and casts Flame Strike (5th level, its
    slot left), which does more than a claw at AC 25 (B6); with no 5th-level slot left, a
    lower spell (Banishment, the whole hero out while it lasts) weighs against the claw; the
    gynosphinx's too, now that lnf plays its spells."""
    andro = next(b for b in srd() if b["name"] == "Androsphinx")
    assert {"name": "Cast a Spell", "cost": 3, "spells": True} in andro["legendary"]
    assert not any("Cast a Spell" in n for n in andro["not_modelled"])
    gyno = next(b for b in srd() if b["name"] == "Gynosphinx")
    assert "legendary action (costs 3) Cast a Spell" not in gyno["not_modelled"]  # its spells
    f = _sphinx(tmp_path)
    sphinx = f.monster("Androsphinx")
    assert Legendary(name="Cast a Spell", cost=3, spells=True) in sphinx.legendary
    pick = legendary_choice(f, sphinx, "Ann")
    assert pick is not None and pick.option.name == "Cast a Spell"
    assert pick.use.name == "Flame Strike" and set(pick.targets) == {"Ann", "Bo"}
    spent = replace(
        sphinx,
        resources=tuple(
            replace(r, used=r.total) if r.name == "slot 5" else r for r in sphinx.resources
        ),
    )
    pick = legendary_choice(f.with_combatant(spent), spent, "Ann")
    assert pick is not None and pick.use.name == "Banishment"  # its 4th-level slot (F7)
    assert pick.use.name != "Flame Strike"  # its slot spent: banished weighs most (B6)


def test_cast_a_spell_is_played_its_slot_spent_said_and_undone(tmp_path: Path) -> None:
    """B7 at the table: at the end of the first hero's turn the sphinx casts Flame Strike:
    its 3 points and a 5th-level slot spent, the saves rolled, said as a DM would; undo takes
    it all back."""
    table = Table(_sphinx(tmp_path))
    said: list[Applied] = []
    runner = Runner(
        table,
        TableHeroes(roll_saves=True),
        lambda f: solve_plan(f, explain=False).plan,
        said.append,
    )
    runner.begin(5)
    for _ in range(12):
        if any(legendary_taker(a.event) for a in table.in_force):
            break
        runner.on_at_table(monster_turns=None)
    record = next(a for a in table.in_force if legendary_taker(a.event))
    assert isinstance(record.event, Recorded)
    steps = record.event.steps
    assert steps[0] == Used("Androsphinx", LEGENDARY_ACTIONS, 3)
    assert steps[1] == Used("Androsphinx", "slot 5")
    cast = next(s for s in steps if isinstance(s, SpellCast))
    assert cast.spell == "Flame Strike" and set(cast.targets) == {"Ann", "Bo"}
    assert "Cast a Spell (Flame Strike) at" in record.event.note
    while table.in_force[-1] is not record:
        table.undo()
    table.undo()
    assert table.fight == record.before
