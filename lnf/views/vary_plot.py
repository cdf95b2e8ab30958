"""`lnf odds --vary … --plot FILE.png|.svg`: the heroes' chance to win, a hero's to drop and to
die, each with its 95 % interval shaded, against the varied value (the axis named after the
field: "Goblin count"), the first deadly value marked; under it the rounds to the end (median,
quartiles shaded). matplotlib draws it, loaded only when asked (lnf.views.odds_plot)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from lnf.odds.vary import DEADLY, Step, Vary, deadly_from
from lnf.views.odds_plot import load_matplotlib
from lnf.views.vary_text import CHANCES, field_label

if TYPE_CHECKING:
    from matplotlib.axes import Axes

COLOURS = {"heroes win": "#2166ac", "a hero drops": "#e08214", "a hero dies": "#8c2d04"}
MARKERS = {"heroes win": "o", "a hero drops": "s", "a hero dies": "^"}
LEGEND = {"a hero drops": "a hero drops to 0 hp"}  # the legend's words where the table's are short
TICKS = 20  # up to this many values, each has its tick


def plot_vary(path: Path, title: str, played: str, vary: Vary, steps: Sequence[Step]) -> None:
    load_matplotlib(path)
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    xs = [s.number for s in steps]
    fig, (ax, rounds_ax) = plt.subplots(2, 1, figsize=(9, 6.6), sharex=True, height_ratios=(3, 1.1))
    for name, chance in CHANCES:
        shares = [chance(s) for s in steps]
        colour = COLOURS[name]
        _band(ax, xs, [100 * c.lo for c in shares], [100 * c.hi for c in shares], colour)
        ax.plot(
            xs,
            [100 * c.share for c in shares],
            marker=MARKERS[name],
            color=colour,
            label=LEGEND.get(name, name),
        )
    one_in = round(1 / DEADLY)
    ax.axhline(
        100 * DEADLY, color="#888888", linestyle=":", linewidth=1, label=f"1 fight in {one_in}"
    )
    deadly = deadly_from(steps)
    if deadly is None:  # said, so that no one looks for a line that is not there
        ax.plot([], [], " ", label="deadly at no value played")
    else:  # in the legend, where no line can run over its words
        for a in (ax, rounds_ax):
            a.axvline(
                deadly,
                color=COLOURS["a hero dies"],
                linestyle="--",
                linewidth=1,
                label=f"deadly from {deadly}: a hero dies in more than 1 fight of {one_in}, "
                "95 % sure",
            )
    ax.set_ylim(-2, 102)  # a marker at 0 or 100 % drawn whole
    ax.set_yticks(range(0, 101, 20))
    ax.set_ylabel("% of fights")
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=2, frameon=False)
    ax.set_title("Shaded: 95 % intervals", loc="right", fontsize="small", color="#555555")
    rounds = [s.report.rounds for s in steps]
    colour = "#4d4d4d"
    _band(rounds_ax, xs, [r.q1 for r in rounds], [r.q3 for r in rounds], colour)
    rounds_ax.plot(xs, [r.median for r in rounds], marker="o", color=colour)
    rounds_ax.set_ylabel("rounds")
    rounds_ax.set_title(
        "Rounds to the end: median, quartiles shaded", loc="left", fontsize="small", color="#555555"
    )
    rounds_ax.set_ylim(0, max(r.q3 for r in rounds) * 1.15 + 0.5)
    rounds_ax.yaxis.set_major_locator(MaxNLocator(integer=True, nbins=4))
    rounds_ax.set_xlabel(field_label(vary))
    if len(xs) <= TICKS:
        rounds_ax.set_xticks(xs)
    else:
        rounds_ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    for a in (ax, rounds_ax):
        a.spines[["top", "right"]].set_visible(False)
        a.grid(axis="y", color="#e0e0e0", linewidth=0.6)
    fig.suptitle(f"{title}\n{played}")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def _band(ax: Axes, xs: list[int], low: list[float], high: list[float], colour: str) -> None:
    """An interval shaded between the values; for one value, a bar from its low to its high
    end (a band one point wide would not show)."""
    if len(xs) > 1:
        ax.fill_between(xs, low, high, color=colour, alpha=0.15)
    else:
        ax.vlines(xs, low, high, color=colour, alpha=0.35, linewidth=8)
