"""Starting apart (V1) and closing in (V2): the events that set the volley count."""

from __future__ import annotations

from lnf.dice import parse
from lnf.dice.roll import DiceSource, roll
from lnf.errors import Refused
from lnf.model import Fight, PhaseKind, Terrain
from lnf.model.events import PhaseSet
from lnf.rules.distance import TERRAIN_DICE, volley_rounds


def roll_volleys(fight: Fight, dice: DiceSource, terrain: Terrain | None = None) -> PhaseSet:
    """V1: roll the terrain's dice, divide by 6 and round down; a dungeon always has one."""
    terrain = terrain or fight.terrain
    if terrain is None:
        raise Refused(
            "the sides start apart but the fight file names no terrain: add `terrain:` or run "
            "lnf start FIGHT --terrain TERRAIN (V1)"
        )
    if terrain is Terrain.DUNGEON:
        return volleys_set(1, "a dungeon: always 1 volley round (V1)")
    dice.about(f"the volley rounds in {terrain} (V1): {TERRAIN_DICE[terrain]}, divided by 6")
    rolled = roll(parse(TERRAIN_DICE[terrain]), dice, damage=False)
    n = volley_rounds(rolled.total)
    return volleys_set(n, f"{terrain}: {rolled} ÷ 6 → {n} volley round{'s' if n != 1 else ''} (V1)")


def volleys_set(n: int, note: str) -> PhaseSet:
    """The volley count; zero means the sides meet at once."""
    if n <= 0:
        return PhaseSet(PhaseKind.MELEE, 0, f"{note}; the sides meet at once")
    return PhaseSet(PhaseKind.VOLLEY, n, note)


def tick_volley(fight: Fight) -> PhaseSet:
    """V2: the count ticks down while a side closes in; at 0 the sides meet."""
    n = fight.phase.volley - 1
    if n <= 0:
        return PhaseSet(PhaseKind.MELEE, 0, "the sides meet: mêlée groups can form (V2)")
    return PhaseSet(PhaseKind.VOLLEY, n, f"the sides close in: volley round {n} (V2)")


def verify_start(fight: Fight) -> None:
    """V1: volley rounds are for a fight that starts at range, set before its first round."""
    if fight.turns.order:
        raise Refused(
            f"round {fight.round} has been played: volley rounds are set before the first round",
            "V1",
        )
    if fight.phase.kind in (PhaseKind.MELEE, PhaseKind.CHASE):
        raise Refused(
            f"the fight is in {'mêlée' if fight.phase.kind is PhaseKind.MELEE else 'a chase'}: "
            "the sides have met, so there are no "
            "volley rounds (set `phase: apart` for a fight that starts at range)",
            "V1",
        )
