"""B3, F7: the spells whose darts hit without an attack roll or a save (Magic Missile). A
module of its own that asks nothing of other rules: Sneak Attack's check (`resources`) and
the special actions (`specials`) both need it, and each imports the other's neighbours."""

from __future__ import annotations

from lnf.model import Attack

# B3: the one SRD spell whose darts hit without an attack roll or a save.
SURE_HITS = frozenset({"magic missile"})


def sure_hit(action: Attack) -> bool:
    """B3, F7: Magic Missile's darts hit without a roll (3.5 a dart in X7)."""
    return action.name.lower() in SURE_HITS and action.save is None
