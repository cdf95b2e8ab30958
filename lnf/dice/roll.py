"""Rolling dice (core-d20 D1, D3–D6) with a random source passed in: no module-level state.

`SeededDice` is for play (same seed, same rolls on any machine), `ScriptedDice` hands out the
faces a test or a DM's physical dice give. Every roll comes back as a record that can be shown:
`1d8 (5) + 2 = 7 slashing`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Protocol

from lnf.dice.notation import DamageType, Dice, DiceExpr, Modifier
from lnf.errors import ScriptedDiceError
from lnf.values import value


class DiceSource(Protocol):
    def face(self, sides: int) -> int:
        """One die with `sides` sides: a number from 1 to sides."""
        ...

    def about(self, what: str) -> None:
        """What the next dice are for ("Orc 1 attacks Kara with Greataxe: +5 vs AC 16"): a
        DM rolling by hand is told before being asked; other sources let it pass."""
        ...


class PlayerDie:
    """B3: a player's own d20 for a hero's save, said at the table (with advantage or
    disadvantage, the one kept: the save rolls it as one die); any other die (Bless's d4)
    from the turn's dice."""

    def __init__(self, face: int, dice: DiceSource) -> None:
        self._face, self._dice = face, dice

    def face(self, sides: int) -> int:
        return self._face if sides == 20 else self._dice.face(sides)

    def about(self, what: str) -> None:
        self._dice.about(what)


class SeededDice:
    """Pseudo-random faces from a seed; Python's Mersenne Twister is the same everywhere.

    The generator is seeded at the first face, not before: an engine turn makes its dice
    before it knows whether it rolls any (about one in eight rolls none), and seeding from a
    str (SHA-512, then the twister's state) is most of what dice cost."""

    def __init__(self, seed: int | str) -> None:
        self._seed = seed
        self._rng: random.Random | None = None

    def face(self, sides: int) -> int:
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self._seed)  # str seeds: SHA-512, stable everywhere
        if sides.__class__ is int and sides > 0:
            # `randint(1, sides)` is `randrange(1, sides + 1)`, which for a step of 1 and a
            # positive width is `1 + _randbelow(sides)` (CPython 3.11–3.13): the very same
            # draws, without two Python calls a die.
            return 1 + rng._randbelow(sides)  # type: ignore[attr-defined,no-any-return]
        return rng.randint(1, sides)  # its own error for a die of no sides

    def about(self, what: str) -> None:
        pass


class ScriptedDice:
    """Faces given in advance (tests, or the DM's own dice); each must fit its die."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces: Iterator[int] = iter(faces)

    def face(self, sides: int) -> int:
        try:
            value = next(self._faces)
        except StopIteration:
            raise ScriptedDiceError(f"no face left for a d{sides}") from None
        if not 1 <= value <= sides:
            raise ScriptedDiceError(f"a scripted face {value} does not fit a d{sides}")
        return value

    def about(self, what: str) -> None:
        pass


_DEAF = frozenset({SeededDice, ScriptedDice})  # their `about` lets the words pass


def listens(source: DiceSource) -> bool:
    """Whether `source` reads what its dice are for (`about`): a DM rolling by hand does;
    seeded and scripted dice (exactly those classes) do not, so an attack need not word it."""
    return source.__class__ not in _DEAF


@value
class TermRoll:
    """One term as rolled: the dice and their faces, or a modifier."""

    term: Dice | Modifier
    faces: tuple[int, ...] = ()

    @property
    def value(self) -> int:
        if isinstance(self.term, Modifier):
            return self.term.value
        return self.term.sign * sum(self.faces)

    def __str__(self) -> str:
        if isinstance(self.term, Modifier):
            return str(abs(self.term.value))
        sides = "%" if self.term.sides == 100 else str(self.term.sides)
        return f"{len(self.faces)}d{sides} ({', '.join(map(str, self.faces))})"


@value
class PartRoll:
    terms: tuple[TermRoll, ...]
    damage_type: DamageType | None

    @property
    def total(self) -> int:
        return sum(t.value for t in self.terms)


@value
class DiceRoll:
    """A rolled expression (D1), with critical doubling (D5); damage never goes below 0 (D6),
    any other roll (`lnf roll 1d20-5`, a check) may."""

    expr: DiceExpr
    parts: tuple[PartRoll, ...]
    critical: bool = False
    damage: bool = True
    times: int = 2  # D5: a critical hit's dice rolled this many times (the balor's: 3)

    @property
    def total(self) -> int:
        total = sum(p.total for p in self.parts)
        return max(0, total) if self.damage else total

    def by_type(self) -> dict[DamageType | None, int]:
        """Damage per type, for resistances (D6)."""
        out: dict[DamageType | None, int] = {}
        for part in self.parts:
            out[part.damage_type] = out.get(part.damage_type, 0) + part.total
        return {k: max(0, v) for k, v in out.items()}

    def __str__(self) -> str:
        pieces: list[str] = []
        for part in self.parts:
            for i, term in enumerate(part.terms):
                negative = term.value < 0 or (isinstance(term.term, Dice) and term.term.sign < 0)
                if pieces or i:
                    pieces.append(" - " if negative else " + ")
                elif negative:
                    pieces.append("-")
                pieces.append(str(term))
            if part.damage_type is not None:
                pieces.append(f" {part.damage_type}")
        crit = " (critical: dice doubled)" if self.critical else ""
        if self.critical and self.times != 2:
            crit = f" (critical: dice rolled {self.times} times)"
        return f"{''.join(pieces)} = {self.total}{crit}"


def roll(
    expr: DiceExpr,
    source: DiceSource,
    *,
    critical: bool = False,
    damage: bool = True,
    times: int = 2,
) -> DiceRoll:
    """D1 and D5: roll every term; on a critical hit roll each term's dice twice. `damage`
    keeps the total at 0 or more (D6)."""
    parts = []
    for part in expr.parts:
        terms = []
        for term in part.terms:
            if isinstance(term, Modifier):
                terms.append(TermRoll(term, ()))  # every field given: `@value`'s quick way
                continue
            count = term.count * (times if critical else 1)
            faces = tuple(source.face(term.sides) for _ in range(count))
            terms.append(TermRoll(term, faces))
        parts.append(PartRoll(tuple(terms), part.damage_type))
    return DiceRoll(expr, tuple(parts), critical, damage, times)


class Maximised:
    """Every die at its highest face (V-HYR2: a target strike's damage): nothing is rolled, the
    source is only told what the dice are for."""

    def __init__(self, source: DiceSource) -> None:
        self.source = source

    def face(self, sides: int) -> int:
        return sides

    def about(self, what: str) -> None:
        self.source.about(what)


@value
class D20Roll:
    """D3, D4: a d20 test; with advantage or disadvantage two dice, one kept."""

    faces: tuple[int, ...]
    kept: int
    modifier: int

    @property
    def total(self) -> int:
        return self.kept + self.modifier

    @property
    def natural_20(self) -> bool:
        return self.kept == 20

    @property
    def natural_1(self) -> bool:
        return self.kept == 1

    def __str__(self) -> str:
        dice = (
            f"1d20 ({self.faces[0]})"
            if len(self.faces) == 1
            else (f"2d20 ({', '.join(map(str, self.faces))}, keeps {self.kept})")
        )
        sign = "+" if self.modifier >= 0 else "-"
        return f"{dice} {sign} {abs(self.modifier)} = {self.total}"


def roll_d20(
    source: DiceSource, modifier: int = 0, *, advantage: bool = False, disadvantage: bool = False
) -> D20Roll:
    """D4: any advantage and any disadvantage together mean a single die."""
    if advantage and disadvantage:
        advantage = disadvantage = False
    if advantage or disadvantage:
        faces = (source.face(20), source.face(20))
        kept = max(faces) if advantage else min(faces)
        return D20Roll(faces, kept, modifier)
    face = source.face(20)
    return D20Roll((face,), face, modifier)
