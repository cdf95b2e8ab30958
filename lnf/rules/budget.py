"""The encounter's XP budget (the DMG's and the SRD's encounter-building table): each hero's
level gives XP thresholds for an easy, medium, hard and deadly fight; the monsters' XP, times a
multiplier for their number (the party's size shifts it), says which the fight is. Another
answer beside lnf odds: the table's estimate, the odds the played fights.

Decision (B-XP): only heroes with a level count and only monsters with XP (the bestiary's);
a fight with neither says so instead of guessing; monsters already down are not counted.
"""

from __future__ import annotations

from lnf.model import Fight
from lnf.rules.roster import in_fight
from lnf.values import value

# Level → (easy, medium, hard, deadly) XP thresholds per character.
THRESHOLDS = {
    1: (25, 50, 75, 100),
    2: (50, 100, 150, 200),
    3: (75, 150, 225, 400),
    4: (125, 250, 375, 500),
    5: (250, 500, 750, 1100),
    6: (300, 600, 900, 1400),
    7: (350, 750, 1100, 1700),
    8: (450, 900, 1400, 2100),
    9: (550, 1100, 1600, 2400),
    10: (600, 1200, 1900, 2800),
    11: (800, 1600, 2400, 3600),
    12: (1000, 2000, 3000, 4500),
    13: (1100, 2200, 3400, 5100),
    14: (1250, 2500, 3800, 5700),
    15: (1400, 2800, 4300, 6400),
    16: (1600, 3200, 4800, 7200),
    17: (2000, 3900, 5900, 8800),
    18: (2100, 4200, 6300, 9500),
    19: (2400, 4900, 7300, 10900),
    20: (2800, 5700, 8500, 12700),
}
DIFFICULTIES = ("easy", "medium", "hard", "deadly")
# Monsters in the fight → the multiplier's place in MULTIPLIERS (1: ×1 … 6: ×4).
MULTIPLIERS = (0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0)
_BY_COUNT = ((1, 1), (2, 2), (6, 3), (10, 4), (14, 5))  # up to n monsters → place; more: 6


@value
class Budget:
    heroes: int  # heroes with a level, counted
    thresholds: tuple[int, int, int, int]  # the party's easy, medium, hard, deadly
    monsters: int  # monsters with XP, counted
    xp: int  # their XP
    multiplier: float
    difficulty: str  # "trivial" below easy, else the highest threshold reached

    @property
    def adjusted(self) -> int:
        return round(self.xp * self.multiplier)


def budget(fight: Fight) -> Budget | None:
    """The budget of the fight as it stands; None when no hero has a level or no monster XP."""
    levels = [min(20, max(1, h.level)) for h in fight.heroes if h.level and in_fight(h)]
    xps = [m.xp for m in fight.monsters if m.xp and in_fight(m)]
    if not levels or not xps:
        return None
    thresholds = tuple(sum(THRESHOLDS[lv][k] for lv in levels) for k in range(4))
    place = next((p for n, p in _BY_COUNT if len(xps) <= n), 6)
    if len(levels) < 3:
        place += 1  # a small party: the next multiplier up
    elif len(levels) >= 6:
        place -= 1  # a large one: the next down
    multiplier = MULTIPLIERS[place]
    adjusted = round(sum(xps) * multiplier)
    reached = [d for d, t in zip(DIFFICULTIES, thresholds, strict=True) if adjusted >= t]
    four = (thresholds[0], thresholds[1], thresholds[2], thresholds[3])
    return Budget(
        len(levels), four, len(xps), sum(xps), multiplier, reached[-1] if reached else "trivial"
    )


def budget_line(fight: Fight) -> str:
    """One line a DM reads: the thresholds and where the monsters fall."""
    b = budget(fight)
    if b is None:
        return "XP budget: give the heroes a level and the monsters XP (a bestiary monster has it)"
    easy, medium, hard, deadly = b.thresholds
    times = f"{b.multiplier:g}"
    heroes = f"{b.heroes} hero{'es' if b.heroes != 1 else ''}"
    monsters = f"{b.monsters} monster{'s' if b.monsters != 1 else ''}"
    return (
        f"XP budget ({heroes}): easy {easy:,}, medium {medium:,}, hard {hard:,}, deadly "
        f"{deadly:,}; {monsters} of {b.xp:,} XP × {times} = {b.adjusted:,}: {b.difficulty}"
    )
