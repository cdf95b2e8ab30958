"""`lnf odds` as a DM reads it (text or Markdown, LNF's monsters and greedy ones side by side
under --compare, a text chart of the rounds) and as a machine reads it (JSON, with every
fight's outcome so that runs over separate fight numbers combine exactly)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lnf.model import MonsterKind
from lnf.odds.fights import Outcome
from lnf.odds.tally import Difference, Report, Rounds, Share, Spread, difference
from lnf.rules.wording import plural

WHO = {
    MonsterKind.LNF: "LNF's monsters (the joint plan)",
    MonsterKind.GREEDY: "greedy monsters (first target)",
    None: "LNF's monsters and greedy ones on the same fights",  # --compare: both kinds
}
BAR = 40  # characters for the longest bar of the text chart


def percent(s: Share) -> str:
    return f"{100 * s.share:.1f} % ({100 * s.lo:.1f}–{100 * s.hi:.1f})"


def mean_text(s: Spread) -> str:
    return f"{s.mean:.1f} ({s.lo:.1f}–{s.hi:.1f})"


def points(d: Difference) -> str:
    return f"{100 * d.diff:+.1f} points ({100 * d.lo:+.1f} to {100 * d.hi:+.1f})"


def rounds_text(r: Rounds) -> str:
    return f"median {r.median:g}, quartiles {r.q1:g}–{r.q3:g} ({r.least} to {r.most})"


def headline(
    title: str,
    fights: int,
    seed: int,
    first: int,
    monsters: MonsterKind | None,
    script: str,
    where: str = "",
) -> str:
    last = first + fights - 1
    heroes = (
        f"the script {script} (the hero policy where it is silent)" if script else "the hero policy"
    )
    return (
        f"{title}: {plural(fights, 'fight')}{where} (seed {seed}, fights {first}–{last}), "
        f"{WHO[monsters]}, {heroes}"
    )


def report_lines(r: Report, *, markdown: bool = False) -> list[str]:
    """One run, as a DM reads it."""
    out = [
        f"The heroes win {percent(r.heroes_win)} of the fights (95 % intervals in brackets)"
        + (f"; {plural(r.no_end, 'fight')} had no end after 100 rounds" if r.no_end else "")
        + ".",
        f"Rounds to the end: {rounds_text(r.rounds)}.",
        f"Hit points lost in a fight: heroes {mean_text(r.hero_damage)}, "
        f"monsters {mean_text(r.monster_damage)}.",
        f"Someone flees in {percent(r.anyone_flees)} of the fights.",
    ]
    if r.spent:
        used = ", ".join(f"{name} {amount:.2f}" for name, amount in r.spent)
        out.append(f"Used in a fight, on average: {used}.")
    out.append("")
    rows = [(h.name, percent(h.drops), percent(h.dies)) for h in r.heroes]
    out += _table(("hero", "drops to 0 hp", "dies"), rows, markdown)
    return out


def compare_lines(a: Report, b: Report, *, markdown: bool = False) -> list[str]:
    """LNF's monsters (a) against greedy ones (b) on the same fights."""
    rows = [
        (
            "heroes win",
            percent(a.heroes_win),
            percent(b.heroes_win),
            points(difference(a.heroes_win, b.heroes_win)),
        ),
        ("rounds to the end", _short_rounds(a.rounds), _short_rounds(b.rounds), ""),
        ("hp lost, heroes", mean_text(a.hero_damage), mean_text(b.hero_damage), ""),
        ("hp lost, monsters", mean_text(a.monster_damage), mean_text(b.monster_damage), ""),
        (
            "someone flees",
            percent(a.anyone_flees),
            percent(b.anyone_flees),
            points(difference(a.anyone_flees, b.anyone_flees)),
        ),
    ]
    for ha, hb in zip(a.heroes, b.heroes, strict=True):
        rows.append(
            (
                f"{ha.name} drops",
                percent(ha.drops),
                percent(hb.drops),
                points(difference(ha.drops, hb.drops)),
            )
        )
        rows.append(
            (
                f"{ha.name} dies",
                percent(ha.dies),
                percent(hb.dies),
                points(difference(ha.dies, hb.dies)),
            )
        )
    return _table(("", "LNF monsters", "greedy monsters", "LNF − greedy"), rows, markdown)


def _short_rounds(r: Rounds) -> str:
    return f"{r.median:g} ({r.q1:g}–{r.q3:g})"


def _table(head: tuple[str, ...], rows: Sequence[tuple[str, ...]], markdown: bool) -> list[str]:
    if markdown:
        return [
            "| " + " | ".join(head) + " |",
            "|" + "|".join("---" for _ in head) + "|",
            *("| " + " | ".join(row) + " |" for row in rows),
        ]
    widths = [max(len(x) for x in col) for col in zip(head, *rows, strict=True)]

    def line(cells: tuple[str, ...]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()

    return [line(head), *(line(r) for r in rows)]


def chart_lines(r: Rounds, label: str = "") -> list[str]:
    """The rounds to the end as bars of text, for a terminal without --plot."""
    if not r.counts:
        return []
    top = max(c for _, c in r.counts)
    out = [f"Rounds to the end{label}:"]
    for n, count in r.counts:
        bar = "█" * max(1, round(BAR * count / top))
        out.append(f"  {n:>3} │{bar} {count}")
    return out


# --- JSON --------------------------------------------------------------------------------


def outcome_data(o: Outcome) -> dict[str, Any]:
    return {
        "number": o.number,
        "winner": o.winner or None,
        "rounds": o.rounds,
        "dropped": list(o.dropped),
        "died": list(o.died),
        "hero_damage": o.hero_damage,
        "monster_damage": o.monster_damage,
        "spent": dict(o.spent),
        "fled": o.fled,
    }


def outcome_from(d: dict[str, Any]) -> Outcome:
    return Outcome(
        number=int(d["number"]),
        winner=d["winner"] or "",
        rounds=int(d["rounds"]),
        dropped=tuple(d["dropped"]),
        died=tuple(d["died"]),
        hero_damage=int(d["hero_damage"]),
        monster_damage=int(d["monster_damage"]),
        spent=tuple(sorted((str(k), int(v)) for k, v in d["spent"].items())),
        fled=bool(d["fled"]),
    )


def share_data(s: Share) -> dict[str, Any]:
    return {"k": s.k, "n": s.n, "share": s.share, "low": s.lo, "high": s.hi}


def report_data(r: Report) -> dict[str, Any]:
    def mean_data(s: Spread) -> dict[str, float]:
        return {"mean": s.mean, "low": s.lo, "high": s.hi}

    return {
        "fights": r.fights,
        "heroes_win": share_data(r.heroes_win),
        "no_end": r.no_end,
        "heroes": {
            h.name: {"drops": share_data(h.drops), "dies": share_data(h.dies)} for h in r.heroes
        },
        "rounds": {
            "q1": r.rounds.q1,
            "median": r.rounds.median,
            "q3": r.rounds.q3,
            "least": r.rounds.least,
            "most": r.rounds.most,
            "counts": {str(n): c for n, c in r.rounds.counts},
        },
        "hero_damage": mean_data(r.hero_damage),
        "monster_damage": mean_data(r.monster_damage),
        "spent": dict(r.spent),
        "anyone_flees": share_data(r.anyone_flees),
    }


def difference_data(a: Report, b: Report) -> dict[str, Any]:
    def d(x: Share, y: Share) -> dict[str, float]:
        diff = difference(x, y)
        return {"difference": diff.diff, "low": diff.lo, "high": diff.hi}

    return {
        "heroes_win": d(a.heroes_win, b.heroes_win),
        "anyone_flees": d(a.anyone_flees, b.anyone_flees),
        "heroes": {
            ha.name: {"drops": d(ha.drops, hb.drops), "dies": d(ha.dies, hb.dies)}
            for ha, hb in zip(a.heroes, b.heroes, strict=True)
        },
    }
