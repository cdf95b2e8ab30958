"""Make lnf's spellbook (`lnf/spellbook.json`) from the 5e-database SRD 5.1 spell file.

    .venv/bin/python scripts/make_spellbook.py ../shared/data/5e-srd-5.1-spells.json

Each spell becomes its figures in lnf's words (`lnf.formats.srd_spells.spell_entry`): level,
casting time and F1 cost, range in feet, attack or save, damage by slot and character level,
healing, area, concentration and duration in rounds, and the numbers only the text holds
(beams, darts, rays, an automatic hit). No description sentence goes into the package (the
SRD's terms ask that of the compilation; see the README). The script prints how many spells a
fight can cast and how many bring damage, healing or a save.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from lnf.formats.srd_spells import spell_entry

OUT = Path(__file__).resolve().parent.parent / "lnf" / "spellbook.json"


def main() -> None:
    source = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/data/5e-srd-5.1-spells.json")
    spells = json.loads(source.read_text(encoding="utf-8"))
    entries = [spell_entry(s) for s in spells]
    OUT.write_text(
        json.dumps(entries, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8"
    )
    print(f"{len(entries)} spells written to {OUT} ({OUT.stat().st_size // 1024} KB)")
    castable = [e for e in entries if e["cost"]]
    damage = [e for e in castable if e["damage"] or e["damage_by_level"]]
    heal = [e for e in castable if e["heal"]]
    saves = [e for e in castable if e["save"]]
    read = [e["name"] for e in entries if e.get("read") or "beams" in e or "missiles" in e]
    print(
        f"F7: {len(castable)} cast in a fight (an action, a bonus action or a reaction); "
        f"{len(damage)} deal damage, {len(heal)} heal, {len(saves)} ask a save"
    )
    print("figures read from the text: " + ", ".join(read))


if __name__ == "__main__":
    main()
