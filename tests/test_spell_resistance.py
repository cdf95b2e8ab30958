"""D6: the archmage's "resistance: damage from spells" — read from its stat block as the flag
`resists-spells`; a spell's damage is halved (a save spell's, a spell attack's, an aura's),
a weapon's is not; said "resists damage from spells"."""

from __future__ import annotations

import json
from pathlib import Path

from lnf.dice import DamageType
from lnf.formats.bestiary import srd
from lnf.formats.fight_file import load_fight
from lnf.model import Flag
from lnf.rules.damage import after_defences
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

BOLT = "{name: Fire Bolt, kind: ranged, range: 120, spell: true, to_hit: 9, damage: 2d10 fire}"
SPENT = "{slot 2: 3, slot 3: 3, slot 4: 3, slot 5: 3, slot 6: 1}"


@needs_data
def test_the_archmage_resists_damage_from_spells(tmp_path: Path) -> None:
    """D6: its stat block's own "damage from spells" is the flag (no line left unplayed);
    halved for a spell, in full for a weapon; from the CLI, Sen's Fire Bolt: 12, resisted, 6."""
    data = json.loads((DATA / "5e-srd-5.1-monsters.json").read_text(encoding="utf-8"))
    own = next(m for m in data if m["name"] == "Archmage")
    assert "damage from spells" in own["damage_resistances"]
    block = next(b for b in srd() if b["name"] == "Archmage")
    assert "resists-spells" in block["flags"]
    assert not any("from spells" in n for n in block["not_modelled"])
    path = tmp_path / "archmage.yaml"
    path.write_text(
        f"heroes: [{{name: Sen, class: wizard, hp: 40, ac: 12, attacks: [{BOLT}]}}]\n"
        f"monsters: [{{monster: archmage, used: {SPENT}}}]\n"
    )
    archmage = load_fight(path).monster("Archmage")
    assert Flag.RESISTS_SPELLS in archmage.flags
    assert after_defences(archmage, {DamageType.FIRE: 12}, spell=True) == (
        6,
        "resists damage from spells",
    )
    assert after_defences(archmage, {DamageType.FIRE: 12})[0] == 12
    said = stdout_of("run", str(path), "--seed", "2", "--rounds", "1")
    assert "2d10 (7, 5) fire = 12, resists damage from spells (D6): 6" in said
