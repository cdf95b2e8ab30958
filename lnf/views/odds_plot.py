"""`lnf odds --plot FILE.png|.svg`: the rounds to the end as a histogram, and each hero's chance
to drop and to die with their 95 % intervals; LNF's monsters and greedy ones side by side under
--compare. matplotlib draws it: an optional extra (`pip install 'lnf[plot]'`), imported here
only, so no other command pays for it."""

from __future__ import annotations

from pathlib import Path

from lnf.errors import Refused
from lnf.odds.tally import Report

COLOURS = {"LNF monsters": "#8c2d04", "greedy monsters": "#6b8fb3"}
# What the labels mean, said under the plot (a reader of the picture has no --help).
EXPLAINED = {
    "LNF monsters": "LNF monsters: the solver's joint plan each round (P3, P4)",
    "greedy monsters": "greedy monsters: each takes the first target it can attack on its own, "
    "in danger order (what other tools do)",
}


def headline(reports: dict[str, Report]) -> str:
    """The heroes' win chance and the number of fights, for the plot's title."""
    parts = [
        f"{label}: heroes win {100 * r.heroes_win.share:.0f} % "
        f"({100 * r.heroes_win.lo:.0f}–{100 * r.heroes_win.hi:.0f}) of {r.fights:,} fights"
        for label, r in reports.items()
    ]
    return "; ".join(parts)


def load_matplotlib(path: Path) -> None:
    """matplotlib set to draw files only (never a window), or said how to install it; a file
    it would not draw refused."""
    if path.suffix.lower() not in (".png", ".svg"):
        raise Refused(f"--plot {path.name}: give a .png or .svg file")
    try:
        import matplotlib

        matplotlib.use("Agg")  # a file, never a window
        matplotlib.rcParams["svg.fonttype"] = "none"  # an SVG's words stay words
        import matplotlib.pyplot  # a broken install said here, not mid-drawing
    except ImportError:
        raise Refused(
            "--plot needs matplotlib, an optional extra: pip install 'lnf[plot]' "
            "(without --plot lnf odds draws its chart in text)"
        ) from None


def plot(path: Path, title: str, reports: dict[str, Report]) -> None:
    load_matplotlib(path)
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    fig, (rounds_ax, hero_ax) = plt.subplots(1, 2, figsize=(11, 4.8))
    width = 0.8 / len(reports)
    for i, (label, r) in enumerate(reports.items()):
        shift = (i - (len(reports) - 1) / 2) * width
        xs = [n + shift for n, _ in r.rounds.counts]
        ys = [100 * c / r.fights for _, c in r.rounds.counts]
        rounds_ax.bar(xs, ys, width=width, label=label, color=COLOURS.get(label))
        names = [h.name for h in r.heroes]
        for j, (what, hatch) in enumerate((("drops", ""), ("dies", "//"))):
            shares = [getattr(h, what) for h in r.heroes]
            x = [
                k + (i * 2 + j - (2 * len(reports) - 1) / 2) * 0.8 / (2 * len(reports))
                for k in range(len(names))
            ]
            heights = [100 * s.share for s in shares]
            errors = [  # never below 0: a share of 0 or 1 sits on its interval's end
                [max(0.0, 100 * (s.share - s.lo)) for s in shares],
                [max(0.0, 100 * (s.hi - s.share)) for s in shares],
            ]
            hero_ax.bar(
                x,
                heights,
                width=0.8 / (2 * len(reports)),
                yerr=errors,
                capsize=2,
                color=COLOURS.get(label),
                hatch=hatch,
                edgecolor="white" if hatch else None,
                label=f"{label}: {what}",
            )
        hero_ax.set_xticks(range(len(names)), names)
    rounds_ax.set_title("Rounds to the end")
    rounds_ax.set_xlabel("rounds")
    rounds_ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # a round is whole
    rounds_ax.set_ylabel("% of fights")
    hero_ax.set_title("Each hero drops to 0 hp / dies (95 % intervals)")
    hero_ax.set_ylabel("% of fights")
    hero_ax.set_ylim(0, 118)  # room above the bars for the legend
    hero_ax.set_yticks(range(0, 101, 20))
    top = max((100 * c / r.fights for r in reports.values() for _, c in r.rounds.counts), default=0)
    rounds_ax.set_ylim(0, top * 1.35 + 1)
    for ax in (rounds_ax, hero_ax):  # above the bars, never over them
        ax.legend(fontsize="small", loc="upper center", ncols=2, frameon=False)
        ax.spines[["top", "right"]].set_visible(False)
    fig.suptitle(f"{title}\n{headline(reports)}")
    notes = [EXPLAINED[k] for k in reports if k in EXPLAINED and len(reports) > 1]
    notes += [EXPLAINED[k] for k in reports if k == "greedy monsters" and len(reports) == 1]
    if notes:
        fig.text(0.01, 0.01, "; ".join(notes), fontsize="small", color="#555555")
    fig.tight_layout(rect=(0, 0.04 if notes else 0, 1, 1))
    fig.savefig(path)
    plt.close(fig)
