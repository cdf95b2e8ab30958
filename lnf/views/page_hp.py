"""A monster's hit points as the players' page tells them: the one place the words are chosen."""

from __future__ import annotations

from enum import StrEnum

from lnf.model import Monster
from lnf.rules import in_fight


class MonsterHp(StrEnum):
    """How the players' page tells a monster's hit points."""

    WORDS = "words"  # unhurt, hurt, bloodied, nearly dead, down
    DAMAGE = "damage"  # the damage taken, as the paper grid's damage row (G6)


def health_word(m: Monster) -> str:
    """A monster's hit points as players may hear them; the one place these words are chosen.
    Bloodied is the usual table word for half or less."""
    if m.escaped:
        return "gone"
    if not in_fight(m) or m.current_hp <= 0:
        return "down"
    if m.damage <= 0:
        return "unhurt"
    if m.current_hp * 4 <= m.hp:
        return "nearly dead"
    if m.current_hp * 2 <= m.hp:
        return "bloodied"
    return "hurt"


def monster_hp_text(m: Monster, dm: bool, hp: MonsterHp) -> str:
    """What the page writes in a monster's hp cell."""
    if dm:
        return f"{m.current_hp}/{m.hp} ({min(m.damage, m.hp)} damage)"
    if hp is MonsterHp.DAMAGE:
        return f"{min(m.damage, m.hp)} damage"  # G6, as on paper
    return health_word(m)
