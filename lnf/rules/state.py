"""Every state rule at once: the checks behind `lnf check` and `lnf show`."""

from __future__ import annotations

from lnf.errors import Violation
from lnf.model import Fight
from lnf.rules.attack_data import check_attack_data
from lnf.rules.gangup import check_gang_up
from lnf.rules.groups import check_groups
from lnf.rules.ranks import check_ranks


def check_state(fight: Fight) -> list[Violation]:
    """All violations of G5, R4–R7, K2 and the attack data, in rule-family order."""
    return [
        *check_groups(fight),
        *check_ranks(fight),
        *check_gang_up(fight),
        *check_attack_data(fight),
    ]
