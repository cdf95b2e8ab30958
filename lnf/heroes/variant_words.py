"""The variants' words in a hero's turn (`heroes.words`): the AC-less variant's aimed strike
(`attack Ogre eye`, V-ACL5) and surge dice said alone (`tenacity 2`, V-ACL6), and Legends of
Hyrule's target strike (`… target`, V-HYR2); the rules decide them (`rules.acl`,
`rules.hyrule`)."""

from __future__ import annotations

from lnf.errors import Refused
from lnf.model import Attack, Fight, Hero, Monster
from lnf.model.plan import Mode
from lnf.rules.acl import PARTS, verify_acl
from lnf.rules.distance import roll_in_fight
from lnf.rules.hyrule import STAMINA, TARGET_STRIKE_COST, verify_target_strike

Spend = list[tuple[str, int]]


def target_strike(
    fight: Fight, hero: Hero, target: Monster, attack: Attack, mode: Mode, spend: Spend
) -> str:
    """V-HYR2: with a weapon or unarmed, not on a roll with disadvantage already; 2 stamina
    points when the sheet has them, else disadvantage."""
    if attack.spell:
        raise Refused("a target strike is made with a weapon or an unarmed strike", "V-HYR2")
    verify_target_strike(*roll_in_fight(fight, hero, target, attack, mode))
    pool = hero.resource(STAMINA)
    if pool is not None and pool.left >= TARGET_STRIKE_COST:
        spend.append((STAMINA, TARGET_STRIKE_COST))
        return "stamina"
    return "disadvantage"


def aimed(fight: Fight, text: str) -> tuple[str, str]:
    """`Ogre eye`: the target and the body part aimed at (V-ACL5), when the last word is a
    body part and not part of a name."""
    name, _, last = text.rpartition(" ")
    if not name or last.lower() not in PARTS or text in fight:
        return text, ""
    verify_acl(fight, "an aimed strike (V-ACL5)")
    return name, last.lower()


def surge_count(text: str, effect: str) -> int:
    """V-ACL6: how many surge dice `tenacity 2` or `speed 1` spends."""
    if not text.strip().isdigit():
        raise Refused(f"say how many surge dice to spend on {effect}: {effect} 1", "V-ACL6")
    return int(text)
