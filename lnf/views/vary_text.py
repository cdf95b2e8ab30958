"""`lnf odds --vary` as a DM reads it (a table of the chances against the value, Markdown for
session notes, a text chart of them for a terminal without --plot, the first deadly value) and
as a machine reads it (JSON: each value's whole report with its 95 % intervals)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from lnf.odds.tally import Share
from lnf.odds.vary import DEADLY, Step, Vary, deadly_from
from lnf.views.odds_text import percent, report_data, share_data

BAR = 16  # characters for a chance of 100 % in the text chart
EIGHTHS = " ▏▎▍▌▋▊▉"  # a bar's last character, to an eighth of one
# What is drawn against the value, in the table's order (the plot draws the same).
CHANCES: tuple[tuple[str, Callable[[Step], Share]], ...] = (
    ("heroes win", lambda s: s.report.heroes_win),
    ("a hero drops", lambda s: s.anyone_drops),
    ("a hero dies", lambda s: s.anyone_dies),
)


def field_label(vary: Vary) -> str:
    """The varied field as an axis names it: goblin.count is "Goblin count"."""
    return f"{vary.who[:1].upper()}{vary.who[1:]} {vary.field.replace('_', ' ')}"


def deadly_words(vary: Vary, steps: Sequence[Step]) -> str:
    """Where the fight turns deadly, or that it does not over the values played."""
    one_in = round(1 / DEADLY)
    deadly = deadly_from(steps)
    if deadly is None:
        return f"At no value played does a hero die in more than 1 fight of {one_in} (95 % sure)."
    already = " (already at the first value)" if deadly == steps[0].number else ""
    return (
        f"From {vary} = {deadly}{already} a hero dies in more than 1 fight of {one_in} (95 % sure)."
    )


def vary_head(title: str, vary: Vary, numbers: range, seed: int, monsters: str) -> str:
    """What was played: the fight, the values, the fights of each and whose."""
    values = vary.values
    if len(values) == 1:
        which = f"{vary} = {values[0]}"
    elif values == tuple(range(values[0], values[-1] + 1)):
        which = f"{vary} from {values[0]} to {values[-1]}"
    else:
        which = f"{vary} at {', '.join(map(str, values))}"
    return (
        f"{title}, {which}: {len(numbers)} fights for each value (fights {numbers.start} to "
        f"{numbers.stop - 1}, seed {seed}), {monsters}, the hero policy; each from the fight "
        "file as written."
    )


def stopped_words(vary: Vary, steps: Sequence[Step]) -> str:
    """What a Ctrl-C left played: whole values, and the one it stopped in."""
    if not steps:
        return "(stopped with Ctrl-C before a fight was finished)"
    last = steps[-1]
    return (
        f"(stopped with Ctrl-C in {vary} = {last.number}, after {last.report.fights} of its "
        "fights; the values after it are not played)"
    )


def vary_lines(
    head: str,
    vary: Vary,
    steps: Sequence[Step],
    *,
    markdown: bool,
    chart: bool,
    stopped: bool = False,
) -> list[str]:
    """The table of each value's chances (Markdown for session notes), the deadly value, and
    the text chart unless asked not to draw one."""
    lines = [f"## {head}" if markdown else head]
    if stopped:
        lines.append(stopped_words(vary, steps))
    if markdown:
        lines += ["", f"| {vary} | heroes win | a hero drops | a hero dies | rounds |"]
        lines.append("|---|---|---|---|---|")
        lines += [
            f"| {s.number} | {percent(s.report.heroes_win)} | {percent(s.anyone_drops)} "
            f"| {percent(s.anyone_dies)} | {s.report.rounds.median:g} |"
            for s in steps
        ]
    else:
        w = max(16, len(str(vary)))  # the value's column as wide as the field's name
        lines += [
            "",
            f"{vary!s:>{w}} | {'heroes win':<20} | {'a hero drops':<20} | {'a hero dies':<20} "
            "| rounds",
        ]
        lines += [
            f"{s.number:>{w}} | {percent(s.report.heroes_win):<20} | "
            f"{percent(s.anyone_drops):<20} | {percent(s.anyone_dies):<20} | "
            f"{s.report.rounds.median:g}"
            for s in steps
        ]
    if steps:
        lines += ["", deadly_words(vary, steps)]
    if chart and not markdown and steps:
        lines += ["", *chart_lines(vary, steps)]
    return lines


def chart_lines(vary: Vary, steps: Sequence[Step]) -> list[str]:
    """The chances against the value as bars of text, one row a value, each bar from 0 to
    100 % (its frame's right side); the first deadly value marked."""
    width = max(len(field_label(vary)), *(len(str(s.number)) for s in steps))
    deadly = deadly_from(steps)
    out = [
        f"{field_label(vary)}: the chances against it (each frame 0 to 100 %)",
        " " * width + "".join(f"  {name:<{BAR + 1}}" for name, _ in CHANCES).rstrip(),
    ]
    for s in steps:
        bars = "".join(f"  │{_bar(chance(s).share)}│" for _, chance in CHANCES)
        mark = "  ◀ deadly from here" if s.number == deadly else ""
        out.append(f"{s.number:>{width}}{bars}{mark}")
    return out


def _bar(share: float) -> str:
    full, part = divmod(round(share * BAR * 8), 8)
    return ("█" * full + (EIGHTHS[part] if part else "")).ljust(BAR)


def vary_data(
    title: str,
    vary: Vary,
    steps: Sequence[Step],
    numbers: range,
    seed: int,
    monsters: str,
    stopped: bool,
) -> dict[str, Any]:
    """Everything the text says and more: each value's whole report, every chance with its
    interval, the first deadly value and what makes it so."""
    return {
        "fight": title,
        "vary": str(vary),
        "label": field_label(vary),
        "values": list(vary.values),
        "seed": seed,
        "first": numbers.start,
        "fights": len(numbers),
        "monsters": monsters,
        "stopped": stopped,
        "deadly": {"from": deadly_from(steps), "a_hero_dies_low_above": DEADLY},
        "steps": [
            {
                "value": s.number,
                "anyone_drops": share_data(s.anyone_drops),
                "anyone_dies": share_data(s.anyone_dies),
                "report": report_data(s.report),
            }
            for s in steps
        ],
    }
