"""B3, F7: the spells whose darts hit without an attack roll or a save (Magic Missile), and
what stops them (F1: the Shield spell). A module of its own that asks nothing of other rules:
Sneak Attack's check (`resources`) and the special actions (`specials`) both need it, and
each imports the other's neighbours."""

from __future__ import annotations

from lnf.model import Attack, Fight

# B3: the one SRD spell whose darts hit without an attack roll or a save.
SURE_HITS = frozenset({"magic missile"})
# F1: the guard whose effect is the Shield spell (`formats.short_forms.parse_guard` names it;
# `engine.guards.land` starts the effect as "Shield (+5 AC)").
SHIELD = "shield"


def sure_hit(action: Attack) -> bool:
    """B3, F7: Magic Missile's darts hit without a roll (3.5 a dart in X7)."""
    return action.name.lower() in SURE_HITS and action.save is None


def shield_stops(fight: Fight, target: str, action: Attack) -> str:
    """F1, F7: why `action`'s darts deal `target` no damage, or "" when they deal it. 5e's
    Shield: "until the start of your next turn, you have a +5 bonus to AC [...] and you take
    no damage from magic missile": while the creature's Shield lasts (cast as a reaction to a
    hit this round, B10), each dart still hits, for nothing. Heroes and monsters alike; the
    plan (B6) and the hero policy count such a dart as worth nothing."""
    if not sure_hit(action):
        return ""
    for e in fight.effects:
        if e.who == target and e.ac and e.what.partition(" (")[0].lower() == SHIELD:
            return f"{target}'s Shield is up: no damage from {action.name} (F1, F7)"
    return ""
