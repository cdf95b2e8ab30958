"""What is rolled before the first round: surprise from the ambushers' Stealth (D12) and the
group initiative of Legends of Hyrule (V-HYR1). Each returns an event carrying every face."""

from __future__ import annotations

from lnf.dice.roll import DiceSource, roll_d20
from lnf.errors import Refused
from lnf.model import Fight, Side
from lnf.model.events import Initiative, Surprised
from lnf.model.steps import Saved
from lnf.rules.hyrule import initiative_winner, wisdom_check
from lnf.rules.roster import in_fight
from lnf.rules.surprise import surprised_by

MAX_TRIES = 50  # V-HYR1 rerolls ties; fifty ties in a row do not happen with real dice


def verify_before_first_round(fight: Fight, what: str, rule: str) -> None:
    if fight.turns.order or fight.round > 1:
        raise Refused(f"{what} is settled before the first round, and it has been played", rule)


def roll_ambush(fight: Fight, by: Side, dice: DiceSource) -> Surprised:
    """D12: each of side `by` rolls Stealth; a foe whose passive Perception the lowest of them
    meets notices nobody, and is surprised."""
    ambushers = [c for c in fight.everyone if c.side is by and in_fight(c)]
    checks = []
    for c in ambushers:
        dice.about(f"{c.name}'s Stealth (D12): {c.stealth:+d}")
        d20 = roll_d20(dice, c.stealth)
        checks.append(Saved(c.name, d20.faces, c.stealth, 0, True))
    totals = {s.who: s.faces[0] + s.bonus for s in checks}
    watchers = {c.name: c.perception for c in fight.everyone if c.side is not by and in_fight(c)}
    return Surprised(tuple(surprised_by(totals, watchers)), tuple(checks), by)


def roll_initiative(fight: Fight, dice: DiceSource) -> Initiative:
    """V-HYR1: everyone rolls a Wisdom check (`wisdom_check`: the Wisdom modifier, never a
    save's proficiency); the higher median goes first; a tie rolls again."""
    side = {c.name: c.side for c in fight.everyone}
    tries = []
    for _ in range(MAX_TRIES):
        checks = []
        for c in fight.everyone:
            if not in_fight(c):
                continue
            bonus = wisdom_check(c)
            dice.about(f"{c.name}'s Wisdom check (V-HYR1): {bonus:+d}")
            d20 = roll_d20(dice, bonus)
            checks.append(Saved(c.name, d20.faces, bonus, 0, True))
        tries.append(tuple(checks))
        heroes = [s.faces[0] + s.bonus for s in checks if side[s.who] is Side.HEROES]
        monsters = [s.faces[0] + s.bonus for s in checks if side[s.who] is Side.MONSTERS]
        first, _, _ = initiative_winner(heroes, monsters)
        if first is not None:
            return Initiative(tuple(tries), first)
    return Initiative(tuple(tries), fight.started.other)  # as G7 would have it
