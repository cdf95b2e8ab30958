"""Dice notation (core-d20 D1): parse text into an expression tree and write it back.

`NdM` rolls N dice with M sides (N defaults to 1), `d%` is a d100, a bare number is a modifier,
terms join with `+` and `-`, and a damage type after a run of terms types that run:
`1d8+2 slashing`, `2d6 fire + 1d6 cold`. `str(parse(text))` is the canonical spelling and
`parse(str(expr)) == expr`.
"""

from __future__ import annotations

import re
from enum import StrEnum

from lnf.errors import DiceError
from lnf.values import cached, value

MAX_DICE = 1000  # more dice than any table rolls; guards against typos such as 1000000d6
MAX_SIDES = 1000


class DamageType(StrEnum):
    ACID = "acid"
    BLUDGEONING = "bludgeoning"
    COLD = "cold"
    FIRE = "fire"
    FORCE = "force"
    LIGHTNING = "lightning"
    NECROTIC = "necrotic"
    PIERCING = "piercing"
    POISON = "poison"
    PSYCHIC = "psychic"
    RADIANT = "radiant"
    SLASHING = "slashing"
    THUNDER = "thunder"


@value
class Dice:
    """N dice with M sides, added (or subtracted when sign is -1)."""

    count: int
    sides: int
    sign: int = 1

    def __str__(self) -> str:
        sides = "%" if self.sides == 100 else str(self.sides)
        return f"{self.count}d{sides}"


@value
class Modifier:
    value: int  # signed

    def __str__(self) -> str:
        return str(abs(self.value))


Term = Dice | Modifier


@value
class Part:
    """A run of terms with one damage type (None for an untyped roll such as a check)."""

    terms: tuple[Term, ...]
    damage_type: DamageType | None = None


@value
class DiceExpr:
    """Dice as written (D1). Its figures are worked out once, on first use: an odds run asks
    them of the same attacks' dice at every hit."""

    parts: tuple[Part, ...]

    @cached
    def dice(self) -> tuple[Dice, ...]:
        return tuple(t for p in self.parts for t in p.terms if isinstance(t, Dice))

    @cached
    def minimum(self) -> int:
        return sum(_term_bound(t, low=True) for p in self.parts for t in p.terms)

    @cached
    def average(self) -> float:
        """The mean roll, as printed in stat blocks before rounding down."""
        return (self.minimum + self.maximum) / 2

    @cached
    def maximum(self) -> int:
        return sum(_term_bound(t, low=False) for p in self.parts for t in p.terms)

    def __str__(self) -> str:
        return self.text

    @cached
    def text(self) -> str:
        """The dice as written back (`str`), worked out once: a hit's words name its dice."""
        out: list[str] = []
        for part in self.parts:
            for i, term in enumerate(part.terms):
                negative = term.sign < 0 if isinstance(term, Dice) else term.value < 0
                op = "-" if negative else "+"
                if i == 0 and out:
                    out.append(f" {op} ")  # parts are spaced: "1d8+2 slashing + 1d6 fire"
                elif i > 0:
                    out.append(op)
                elif negative:
                    out.append("-")
                out.append(str(term))
            if part.damage_type is not None:
                out.append(f" {part.damage_type}")
        return "".join(out)


def added(first: DiceExpr | None, more: DiceExpr | None) -> DiceExpr | None:
    """The dice of both, `first`'s parts first (extra dice on a hit: Sneak Attack's, a smite's,
    a mark's); either may be none."""
    if first is None or more is None:
        return first if more is None else more
    return DiceExpr((*first.parts, *more.parts))


def plus(expr: DiceExpr, n: int) -> DiceExpr:
    """`expr` with `n` more on its first part's flat modifier: "1d8+3 slashing" and 2 make
    "1d8+5 slashing", "70" and 8 make "78" (a sheet's bonuses: Dueling, Disciple of Life)."""
    first, *rest = expr.parts
    dice: tuple[Term, ...] = tuple(t for t in first.terms if isinstance(t, Dice))
    flat = sum(t.value for t in first.terms if isinstance(t, Modifier)) + n
    terms = (*dice, Modifier(flat)) if flat or not dice else dice
    return DiceExpr((Part(terms, first.damage_type), *rest))


def _term_bound(term: Term, *, low: bool) -> int:
    if isinstance(term, Modifier):
        return term.value
    low_total, high_total = term.count, term.count * term.sides
    if term.sign > 0:
        return low_total if low else high_total
    return -(high_total if low else low_total)


_TOKEN = re.compile(
    r"\s*(?:(?P<dice>(?P<count>\d*)[dD](?P<sides>\d+|%))|(?P<num>\d+)|(?P<op>[+-])|(?P<word>[A-Za-z]+))"
)


def parse(text: str) -> DiceExpr:
    """Parse dice text (D1); raise DiceError naming the column of the first fault."""
    parts: list[Part] = []
    terms: list[Term] = []
    sign = 1
    expect_term = True  # after start or an operator a term must follow
    pos = 0
    stripped_end = len(text.rstrip())
    if stripped_end == 0:
        raise DiceError(text, 1, "empty dice text")
    while pos < stripped_end:
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            raise DiceError(text, _column(text, pos), "unexpected character")
        start = match.start(match.lastgroup or 0)
        col = start + 1
        if match["dice"]:
            if not expect_term:
                raise DiceError(text, col, "missing + or - before dice")
            count = int(match["count"]) if match["count"] else 1
            sides = 100 if match["sides"] == "%" else int(match["sides"])
            if not 1 <= count <= MAX_DICE:
                raise DiceError(text, col, f"dice count must be 1 to {MAX_DICE}")
            if not 1 <= sides <= MAX_SIDES:
                raise DiceError(text, col, f"dice sides must be 1 to {MAX_SIDES}")
            terms.append(Dice(count, sides, sign))
            expect_term = False
        elif match["num"]:
            if not expect_term:
                raise DiceError(text, col, "missing + or - before number")
            value = int(match["num"])
            if value > MAX_DICE * MAX_SIDES:
                raise DiceError(text, col, "number too large")
            terms.append(Modifier(sign * value))
            expect_term = False
        elif match["op"]:
            if expect_term and (terms or parts or (pos > 0 and text[:pos].strip())):
                raise DiceError(text, col, "expected dice or a number")
            sign = 1 if match["op"] == "+" else -1
            expect_term = True
        else:
            word = match["word"].lower()
            if expect_term or not terms:
                raise DiceError(text, col, f"damage type {word!r} must follow dice")
            try:
                damage_type = DamageType(word)
            except ValueError:
                words = [t.value for t in DamageType]
                import difflib  # only for this message: quicker start-up

                close = difflib.get_close_matches(word, words, n=1)
                hint = f"did you mean {close[0]!r}?" if close else "known: " + ", ".join(words)
                raise DiceError(text, col, f"unknown damage type {word!r}; {hint}") from None
            parts.append(Part(tuple(terms), damage_type))
            terms = []
        pos = match.end()
    if expect_term:
        raise DiceError(text, _column(text, stripped_end), "expected dice or a number at the end")
    if terms:
        parts.append(Part(tuple(terms)))
    return DiceExpr(tuple(parts))


def _column(text: str, pos: int) -> int:
    while pos < len(text) and text[pos].isspace():
        pos += 1
    return pos + 1
