"""Who decides for the heroes: a player, a script, the hero policy, or the table itself.

The runner asks a `HeroSide` at each hero's turn and at each choice the rules leave to the
heroes (an opportunity attack, speed in a chase, giving chase).
"""

from __future__ import annotations

from typing import Protocol

from lnf.engine.chasing import speed_policy
from lnf.engine.decisions import TurnChoice
from lnf.model import Fight, Guard, Hero, Monster


class HeroSide(Protocol):
    """Who decides for the heroes."""

    # True for the table itself: each hero's turn begins and lnf waits for the DM's record of
    # it (`choose` is never asked); False when the side decides a turn when asked.
    at_table: bool

    def choose(self, fight: Fight, hero: Hero) -> TurnChoice | None:
        """The hero's turn; None to stop playing here (everything so far is kept)."""
        ...

    def takes_opportunity(self, fight: Fight, hero: Hero, foe: Monster) -> bool | None:
        """M6, D10: whether the hero spends its reaction on a foe leaving its group; None when
        the table has not said yet (the runner stops before the foe's turn and waits)."""
        ...

    def takes_guard(self, fight: Fight, hero: Hero, foe: Monster, guard: Guard) -> bool | None:
        """F1: whether the hero spends its reaction on `guard` (Shield) against a hit of
        `foe`'s that it would turn; None when the table has not said yet (lnf waits)."""
        ...

    def dashes(self, fight: Fight, hero: Hero) -> int:
        """C2: how many dashes the hero commits this chase round."""
        ...

    def pursues(self, fight: Fight, hero: Hero, foe: Monster) -> bool:
        """C1: whether the hero, free to give chase (`rules.chase.free_to_pursue`), does."""
        ...

    def tells_to_flee(self, fight: Fight, monster: Monster) -> bool:
        """Whether the table tells a monster to flee on its turn (C1)."""
        ...


class TableHeroes:
    """`lnf next` and `lnf round`: the heroes' turns happen at the table and the DM records
    them; the runner begins each hero's turn and stops. An opportunity attack open to a hero
    (M6) waits for the table's answer (`lnf react`). In a chase round their speeds wait for
    the table too (C2, `lnf speed`): the runner never asks `dashes`. A monster's save action
    waits for the players' own d20s for their heroes' saves (B3: `lnf next --saves`), unless
    the table lets lnf roll them (`roll_saves`)."""

    at_table = True

    def __init__(self, saves: dict[str, int] | None = None, roll_saves: bool = False) -> None:
        self.said = dict(saves or {})  # the faces as the table said them
        self.saves = dict(self.said)  # those a turn has not used yet
        self.roll_saves = roll_saves

    def rewind(self) -> None:
        """B3, F1: a monster's turn played to a wait (a Shield to take or pass after its
        saves) records nothing: the faces it used are the table's again, for the turn played
        dry to say that wait, and for the next `--saves`."""
        self.saves = dict(self.said)

    def save_faces(self, heroes: tuple[str, ...]) -> dict[str, int] | tuple[str, ...]:
        """B3: the d20 each hero's player rolled for its save (0: lnf rolls it), each used
        once; or, when the table has not said them all, every hero the action waits for
        (the faces said are not recorded: the next `--saves` says them all again)."""
        missing = () if self.roll_saves else tuple(h for h in heroes if h not in self.saves)
        return heroes if missing else {h: self.saves.pop(h, 0) for h in heroes}

    def choose(self, fight: Fight, hero: Hero) -> TurnChoice | None:
        raise AssertionError("heroes at the table choose at the table")

    def takes_opportunity(self, fight: Fight, hero: Hero, foe: Monster) -> bool | None:
        for who, leaving, takes in fight.turns.answers:
            if who == hero.name and leaving == foe.name:
                return takes
        return None

    def takes_guard(self, fight: Fight, hero: Hero, foe: Monster, guard: Guard) -> bool | None:
        for who, hitter, named, takes in fight.turns.guard_answers:
            if who == hero.name and hitter == foe.name and named == guard.name:
                return takes
        return None

    def dashes(self, fight: Fight, hero: Hero) -> int:
        return speed_policy(fight, hero)

    def pursues(self, fight: Fight, hero: Hero, foe: Monster) -> bool:
        return False  # the DM records who gives chase with lnf flee --pursuers

    def tells_to_flee(self, fight: Fight, monster: Monster) -> bool:
        return False  # the DM tells a monster to flee with lnf flee


TABLE_HEROES = TableHeroes()


def rewind(side: HeroSide) -> None:
    """B3, F1: a monster's turn played to a wait gives the table back what it used of what
    the table said (`TableHeroes.rewind`); a side that decides when asked kept nothing."""
    if isinstance(side, TableHeroes):
        side.rewind()
