"""The SRD's own words for the effects lnf plays as conditions of its own (F3: weakened
and slowed, docs/riders.md), for the tests that judge what lnf read by the entry's own text."""

from __future__ import annotations

OWN_WORDS = {
    "weakened": "disadvantage on Strength-based attack rolls, Strength checks, and Strength "
    "saving throws",
    "slowed": "can't use reactions, its speed is halved, and it can't make more than one attack "
    "on its turn",
}


def said_condition(condition: str, desc: str) -> bool:
    """The test's reading: the description names the condition, or says the words of an
    effect lnf plays as a condition of its own."""
    return OWN_WORDS.get(condition, condition) in desc
