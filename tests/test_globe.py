"""B6, F7 Globe of Invulnerability: the archmage and the lich cast it on themselves when nothing
else is possible (a 6th-level slot, concentration); a hero's spell of the 5th level or lower
from outside the globe's group has no effect inside it (a logged `globe` step, said). Judged
by the spell's own SRD text."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from lnf.formats.event_codec import event_from_json, event_to_json
from lnf.formats.fight_file import load_fight
from lnf.formats.spell_effects import SELF_SPELLS
from lnf.model import Condition
from lnf.model.answer_steps import Warded
from lnf.model.events import Recorded
from lnf.rules.globe import HIGHEST, globe_around
from lnf.rules.idle_casts import idle_spell
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

BOLT = "{name: Fire Bolt, kind: ranged, range: 120, spell: true, to_hit: 6, damage: 2d10 fire}"
SEN = f"{{name: Sen, class: wizard, hp: 40, ac: 12, attacks: [{BOLT}]}}"


def _srd_spell(name: str) -> dict[str, Any]:
    data: list[dict[str, Any]] = json.loads(
        (DATA / "5e-srd-5.1-spells.json").read_text(encoding="utf-8")
    )
    return next(s for s in data if s["name"] == name)


@needs_data
def test_the_globe_is_what_its_own_srd_text_says() -> None:
    """F7: "Any spell of 5th level or lower cast from outside the barrier can't affect creatures
    or objects within it, even if the spell is cast using a higher level spell slot"; up to 1
    minute, concentration, the 6th level."""
    spell = _srd_spell("Globe of Invulnerability")
    text = " ".join(spell["desc"])
    assert "Any spell of 5th level or lower cast from outside the barrier can't affect" in text
    assert "even if the spell is cast using a higher level spell slot" in text
    assert HIGHEST == 5 and spell["level"] == 6
    assert spell["duration"] == "Up to 1 minute" and spell["concentration"]
    table = SELF_SPELLS["globe of invulnerability"]
    assert table["concentration"] and table["effect"]["lasting"] == "1 minute"


@needs_data
def test_the_lichs_globe_stops_a_fire_bolt(tmp_path: Path) -> None:
    """B6 from the CLI: out of reach (its 2nd-level slots spent: no Mirror Image), the lich casts
    its globe; Sen's Fire Bolt from outside has no effect on it, said, the step logged. A
    6th-level spell, or a caster in the lich's group, passes."""
    path = tmp_path / "lich.yaml"
    path.write_text(
        f"phase: volley 3\nheroes: [{SEN}]\nmonsters: [{{monster: lich, used: {{slot 2: 3}}}}]\n"
    )
    f = load_fight(path)
    lich = f.monster("Lich")
    spell = idle_spell(f, lich)
    assert spell is not None and spell.name == "Globe of Invulnerability"
    said = stdout_of("run", str(path), "--seed", "1", "--rounds", "2")
    assert "Lich casts Globe of Invulnerability." in said
    assert "Lich is globe-warded: 1 minute, while Lich concentrates (F4)." in said
    stopped = "Sen's Fire Bolt has no effect on Lich: Lich's Globe of Invulnerability stops"
    assert stopped in said and "Sen attacks Lich with Fire Bolt" not in said
    warded = replace(lich, conditions=lich.conditions | {Condition.GLOBE_WARDED})
    g = f.with_combatant(warded)
    bolt = f.hero("Sen").attacks[0]
    assert globe_around(g, g.hero("Sen"), warded, bolt) == "Lich"
    assert globe_around(g, g.hero("Sen"), warded, replace(bolt, slot=6)) == ""
    assert globe_around(f, f.hero("Sen"), lich, bolt) == ""
    near = tmp_path / "near.yaml"  # Sen in the lich's group casts from inside the globe
    near.write_text(f"heroes: [{SEN}]\nmonsters: [{{monster: lich}}]\ngroups: {{A: [Sen, Lich]}}\n")
    n = load_fight(near)
    n = n.with_combatant(replace(n.monster("Lich"), conditions=warded.conditions))
    assert globe_around(n, n.hero("Sen"), n.monster("Lich"), bolt) == ""
    event = Recorded((Warded("Lich", "Sen", "Fire Bolt", "Lich"),))
    assert event_from_json(event_to_json(event), "log") == event
