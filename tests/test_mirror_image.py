"""B6, F7 Mirror Image: the archmage, the lamia and the lich cast it on themselves when nothing
else is possible; three duplicates of AC 10 + Dexterity; each hero attack at the caster rolls
the duplicates' d20 (6, 8, 11 or more with three, two, one), then the attack roll at the
duplicate's AC, a hit destroying it. Judged by the spell's own SRD text; logged and said."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lnf.formats.bestiary import srd
from lnf.formats.event_codec import event_from_json, event_to_json
from lnf.formats.fight_file import load_fight
from lnf.formats.spell_effects import SELF_SPELLS
from lnf.model.answer_steps import Mirrored
from lnf.model.events import Recorded
from lnf.rules.idle_casts import idle_spell
from lnf.rules.mirror_image import NEEDED
from tests.cli import stdout_of
from tests.srd import DATA, needs_data

BOW = "attacks: [{name: Longbow, to_hit: 7, damage: 1d8+3 piercing, range: 150/600, kind: ranged}]"
ARCHER = f"{{name: Ann, class: fighter, hp: 80, ac: 15, {BOW}}}"


def _srd(file: str, name: str) -> dict[str, Any]:
    data: list[dict[str, Any]] = json.loads((DATA / file).read_text(encoding="utf-8"))
    return next(s for s in data if s["name"] == name)


@needs_data
def test_mirror_image_is_what_its_own_srd_text_says() -> None:
    """F7: "Three illusory duplicates", "a 6 or higher … With two duplicates, … an 8 or
    higher. With one duplicate, … an 11 or higher", "A duplicate's AC equals 10 + your
    Dexterity modifier", "If an attack hits a duplicate, the duplicate is destroyed"; 1 minute,
    no concentration. Each caster's duplicates have its own Dexterity's AC."""
    spell = _srd("5e-srd-5.1-spells.json", "Mirror Image")
    text = " ".join(spell["desc"])
    assert "Three illusory duplicates" in text
    for left, face in NEEDED.items():
        dupes = {3: "three duplicates", 2: "two duplicates", 1: "one duplicate"}[left]
        assert f"{dupes}, you must roll a{'n' if face in (8, 11) else ''} {face} or higher" in text
    assert "A duplicate's AC equals 10 + your Dexterity modifier" in text
    assert "If an attack hits a duplicate, the duplicate is destroyed" in text
    assert spell["duration"] == "1 minute" and not spell["concentration"]
    assert SELF_SPELLS["mirror image"]["effect"]["lasting"] == "1 minute"
    for name in ("Archmage", "Lamia", "Lich"):
        dex = _srd("5e-srd-5.1-monsters.json", name)["dexterity"]
        (action,) = [
            a
            for a in next(b for b in srd() if b["name"] == name)["actions"]
            if a["name"] == "Mirror Image"
        ]
        assert action["effect"]["mirror"] == 10 + (dex - 10) // 2


@needs_data
def test_the_lamias_duplicates_take_the_arrows(tmp_path: Path) -> None:
    """B6 from the CLI: out of reach, the lamia casts Mirror Image (a daily use); Ann's arrows
    roll the duplicates' d20 first: moved, at AC 11, a hit destroys one (said with the count
    left); a low d20 leaves the arrow on the lamia. The step is logged and read back."""
    path = tmp_path / "lamia.yaml"
    path.write_text(f"phase: volley 3\nheroes: [{ARCHER}]\nmonsters: [{{monster: lamia}}]\n")
    f = load_fight(path)
    spell = idle_spell(f, f.monster("Lamia"))
    assert spell is not None and spell.name == "Mirror Image"
    said = stdout_of("run", str(path), "--seed", "1", "--rounds", "2")
    assert said.count("Lamia has a duplicate (Mirror Image): 1 minute (F4).") == 3
    hit = "Lamia's Mirror Image: 1d20 (6), 6 or more: Ann's Longbow goes at a duplicate: "
    assert hit + "1d20 (20) + 7 = 27 vs AC 11: hit, the duplicate is destroyed (2 left)." in said
    stays = stdout_of("run", str(path), "--seed", "3", "--rounds", "3")
    assert (
        "Lamia's Mirror Image: 1d20 (4), 8 or more needed: Ann's Longbow stays on Lamia." in stays
    )
    step = Mirrored("Lamia", "Ann", "Longbow", 14, 6, (12,), 7, 11, 3)
    event = Recorded((step,))
    assert event_from_json(event_to_json(event), "log") == event
    assert step.moved and not Mirrored("Lamia", "Ann", "Longbow", 5, 6).moved
