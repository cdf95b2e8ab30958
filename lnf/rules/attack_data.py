"""Sanity of attack data: what A1–A3 and V3 need to know about each attack."""

from __future__ import annotations

from lnf.errors import Violation
from lnf.model import Attack, AttackKind, Fight


def check_attack_data(fight: Fight) -> list[Violation]:
    found: list[Violation] = []
    for c in fight.everyone:
        for attack in c.attacks:
            for rule, problem, hint in _problems(attack):
                found.append(
                    Violation(rule, f"{c.name}'s {attack.name} {problem}", (c.name,), hint)
                )
    return found


def _problems(attack: Attack) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    if attack.is_ranged and attack.range is None:
        out.append(("A3", f"is {attack.kind} but has no range", "add range: 80/320"))
    if attack.kind is AttackKind.MELEE and attack.range is not None:
        out.append(("A3", "is a mêlée attack with a range", "use kind: thrown, or drop range"))
    if attack.range is not None and attack.range[0] > attack.range[1]:
        out.append(("A3", "has a normal range beyond its long range", "write range: normal/long"))
    if attack.is_melee and attack.reach % 5:
        out.append(
            ("A2", f"has reach {attack.reach} ft, not a multiple of 5", "reach is 5, 10, 15…")
        )
    if attack.damage.maximum <= 0 and not _does_more(attack):
        out.append(("D6", "can never deal damage", "check the damage dice"))
    if attack.spell and attack.two_handed:
        out.append(("V3", "is both a spell and a two-handed weapon", "choose one"))
    return out


def _does_more(attack: Attack) -> bool:
    """F7: a spell whose conditions or effect are what it does (Hold Person, Bless, Sleep); F6:
    a hit that only holds (the roper's tendril, the giant spider's web)."""
    if any(r.grapple or (r.damage is not None and r.save) for r in attack.riders):
        return True
    return (attack.spell or bool(attack.slot)) and bool(attack.riders or attack.effect)
