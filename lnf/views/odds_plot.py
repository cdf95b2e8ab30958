"""`lnf odds --plot FILE.png|.svg`: the rounds to the end as a histogram, and each hero's chance
to drop and to die with their 95 % intervals; LNF's monsters and greedy ones side by side under
--compare. matplotlib draws it: an optional extra (`pip install 'lnf[plot]'`), imported here
only, so no other command pays for it."""

from __future__ import annotations

from pathlib import Path

from lnf.errors import Refused
from lnf.odds.tally import Report

COLOURS = {"LNF monsters": "#8c2d04", "greedy monsters": "#6b8fb3"}


def plot(path: Path, title: str, reports: dict[str, Report]) -> None:
    if path.suffix.lower() not in (".png", ".svg"):
        raise Refused(f"--plot {path.name}: give a .png or .svg file")
    try:
        import matplotlib

        matplotlib.use("Agg")  # a file, never a window
        import matplotlib.pyplot as plt
    except ImportError:
        raise Refused(
            "--plot needs matplotlib, an optional extra: pip install 'lnf[plot]' "
            "(without --plot lnf odds draws its chart in text)"
        ) from None
    fig, (rounds_ax, hero_ax) = plt.subplots(1, 2, figsize=(11, 4.2))
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
    rounds_ax.set_ylabel("% of fights")
    hero_ax.set_title("Each hero drops to 0 hp / dies (95 % intervals)")
    hero_ax.set_ylabel("% of fights")
    hero_ax.set_ylim(0, 100)
    for ax in (rounds_ax, hero_ax):
        ax.legend(fontsize="small")
        ax.spines[["top", "right"]].set_visible(False)
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
