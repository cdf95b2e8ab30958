"""Ability scores (core-d20 D2)."""

from __future__ import annotations


def ability_modifier(score: int) -> int:
    """D2: ⌊(score − 10) ÷ 2⌋ — 1 gives −5, 10 and 11 give +0, 30 gives +10."""
    return (score - 10) // 2
