"""Make lnf's bestiary (`lnf/bestiary.json`) from the 5e-database SRD 5.1 monster file.

    .venv/bin/python scripts/make_bestiary.py ../shared/data/5e-srd-5.1-monsters.json

Each entry becomes a stat block in lnf's words (`lnf.formats.srd.stat_block`: the fight file's own
fields plus size, CR, XP and the like), figures only: no description sentence goes into the
package (the SRD's terms ask that of the compilation; see the README). A user's own file in the
same format is read by the same function when a fight names it. The script prints how many
entries have something lnf does not play ("not modelled") and how many attack riders (F6) it
read.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from lnf.formats.not_played import DM, NO_MAP, UNSUPPORTED, counts, listed
from lnf.formats.srd import stat_block

OUT = Path(__file__).resolve().parent.parent / "lnf" / "bestiary.json"


def main() -> None:
    source = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/data/5e-srd-5.1-monsters.json")
    monsters = json.loads(source.read_text(encoding="utf-8"))
    entries = [stat_block(m, f"[{i}]") for i, m in enumerate(monsters)]
    OUT.write_text(
        json.dumps(entries, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8"
    )
    partial = sum(1 for e in entries if e.get("not_modelled"))
    no_attack = [e["name"] for e in entries if not e["attacks"]]
    print(f"{len(entries)} entries written to {OUT} ({OUT.stat().st_size // 1024} KB)")
    print(f"{partial} have something not modelled; {len(no_attack)} have no attack lnf plays:")
    print("  " + ", ".join(no_attack))
    riders = [r for e in entries for a in e["attacks"] for r in a.get("riders", [])]
    saves = {
        e["name"] for e in entries for a in e["attacks"] for r in a.get("riders", []) if "save" in r
    }
    holds = {
        e["name"]
        for e in entries
        for a in e["attacks"]
        for r in a.get("riders", [])
        if "grapple" in r or "restrained" in [*r.get("conditions", []), r.get("condition")]
    }
    unread = [n for e in entries for n in e.get("not_modelled", []) if ": on a hit, " in n]
    print(
        f"F6: {len(riders)} riders read; {len(saves)} monsters with a save on a hit, "
        f"{len(holds)} with a grapple or restraint; {len(unread)} attacks with more on a hit "
        "than lnf reads (not modelled)"
    )
    actions = [a for e in entries for a in e.get("actions", [])]
    spells = sum(1 for a in actions if a.get("spell"))
    casters = sum(1 for e in entries if e.get("spellcasting"))
    legendary = sum(1 for e in entries if e.get("legendary"))
    print(
        f"B1: {len(actions) - spells} special actions and {spells} spells played as actions; "
        f"{casters} spellcasters, {legendary} with legendary actions"
    )
    n = counts(listed(entries))
    print(
        f"B8: {n[UNSUPPORTED]} stat blocks have an unsupported item, {n[DM]} a dm item, "
        f"{n[NO_MAP]} a no-map item"
    )


if __name__ == "__main__":
    main()
