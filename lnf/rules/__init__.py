"""The rules of Late Night Fighting as plain functions over the model.

This package is the executable specification: it never imports a solver and never does I/O,
so it can check any plan or state on its own.
"""

from lnf.rules.gangup import TIERS, Unit, k2_allows, units
from lnf.rules.ranks import guarded_capacity, guards_allowed
from lnf.rules.roster import downed, has_n_dot, heroes, in_fight, monsters, rows, speed_now
from lnf.rules.state_check import check_state
from lnf.rules.target_order import target_order

__all__ = [
    "TIERS",
    "Unit",
    "check_state",
    "downed",
    "guarded_capacity",
    "guards_allowed",
    "has_n_dot",
    "heroes",
    "in_fight",
    "k2_allows",
    "monsters",
    "rows",
    "speed_now",
    "target_order",
    "units",
]
