"""B8: a shield guardian's amulet — its Shield reaction (+2 AC to the wearer beside it) and
Bound (half the wearer's damage, rounded up, to the guardian), the wearer named by the fight
file (`amulet: Mage`), read from the stat block's own text, played and said."""

from __future__ import annotations

import json
from pathlib import Path

from lnf.dice import DamageType
from lnf.engine.effects import Rolled
from lnf.engine.guards import land
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight, parse_fight
from lnf.formats.fight_writer import dump_fight
from lnf.model.plan import Advantage, Mode
from lnf.model.steps import Attacked, Guarded
from lnf.rules.economy import turning_guard
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

SWORD = "attacks: [{name: Longsword, to_hit: 7, times: 2, damage: 1d8+4 slashing}]"
FIGHT = (
    f"heroes: [{{name: Ann, class: fighter, hp: 60, ac: 15, {SWORD}}}]\n"
    "monsters: [{monster: mage}, {monster: shield guardian, amulet: Mage}]\n"
    "groups: {A: [Ann, Mage, Shield Guardian]}\n"
)


@needs_data
def test_the_amulet_is_what_the_stat_blocks_text_says() -> None:
    """B8: "grants a +2 bonus to the wearer's AC if the guardian is within 5 feet of the
    wearer" (`guards: [amulet 2]`); "half of any damage the wearer takes (rounded up) is
    transferred to the guardian" (the flag `amulet-bound`); neither left unplayed."""
    data = json.loads((DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8"))
    own = next(m for m in data if m["name"] == "Shield Guardian")
    (shield,) = own["reactions"]
    assert "grants a +2 bonus to the wearer's AC" in shield["desc"]
    (bound,) = [t["desc"] for t in own["special_abilities"] if t["name"] == "Bound"]
    assert "half of any damage the wearer takes (rounded up) is transferred" in bound
    block = next(b for b in srd() if b["name"] == "Shield Guardian")
    assert block["guards"] == ["amulet 2"] and "amulet-bound" in block["flags"]
    assert "Bound (trait)" not in block["not_modelled"]
    assert "Shield (reaction)" not in block["not_modelled"]


@needs_data
def test_the_guardian_shields_its_wearer_and_takes_half_its_damage(tmp_path: Path) -> None:
    """B8: a hit of 16 on the mage (AC 15) is turned by the guardian's Shield (+2), its
    reaction spent — before the mage's own Shield spell, which costs a slot; from the CLI,
    half of a 6 on the mage (3) goes to the guardian, said. The fight file keeps `amulet`."""
    path = tmp_path / "amulet.yaml"
    path.write_text(FIGHT, encoding="utf-8")
    f = load_fight(path)
    assert f.monster("Shield Guardian").amulet == "Mage"
    assert parse_fight(dump_fight(f), "again.yaml") == f
    hit = Attacked(
        "Ann",
        "Mage",
        "Longsword",
        Mode.MELEE,
        Advantage.NORMAL,
        (),
        (9,),
        9,
        7,
        15,
        True,
        damage=((DamageType.SLASHING, 8),),
    )
    guard = turning_guard(f, hit)
    assert guard is not None and (guard.name, guard.ac, guard.by) == (
        "Shield Guardian's Shield",
        2,
        "Shield Guardian",
    )
    turn = Rolled(f)
    done = land(turn, hit)
    assert isinstance(done.step, Attacked) and not done.step.hit
    (guarded,) = [s for s in turn.steps if isinstance(s, Guarded)]
    assert guarded.who == "Shield Guardian" and "Shield Guardian" in turn.fight.turns.reacted
    assert turn.fight.monster("Mage").damage == 0
    said = stdout_of("run", str(path), "--seed", "2", "--rounds", "1")
    assert "1d8 (2) + 4 slashing = 6; Mage 37/40 hp (3 damage)." in said
    assert "→ Shield Guardian takes 3 of it (Bound, B8)." in said
