"""The players' page as data: what the table may see of the fight, for `lnf show --html` and
`lnf serve` (the HTML is drawn from it by `lnf.views.page_html`).

A projection, not a copy: monsters' hit points become words (or the damage taken, the paper
grid's G6 row, where the DM prefers), hidden monsters and the DM's notes are left out, and the
plan is never here. `dm=True` shows everything. No rule is decided here: ranks, groups, dots,
the target order (T2) and the strike order (S1–S3) are read from `lnf.rules` as `lnf show`
reads them, so the page's grid is `lnf show --json`'s cell for cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from lnf.engine.monster_actions import SavesWait
from lnf.model import BackReason, CDot, Fight, Flag, Guard, Hero, Monster, PhaseKind, Rank
from lnf.model.applied import Applied
from lnf.rules import downed, has_n_dot, in_fight, rows, target_order
from lnf.rules.damage import tally
from lnf.rules.hyrule import heart_points, hyrule
from lnf.rules.strike_order import up_next
from lnf.rules.wording import a_an, and_list
from lnf.views.effects_text import edges_said, span_words
from lnf.views.grid import phase_line
from lnf.views.page_events import happenings
from lnf.views.page_hp import MonsterHp, monster_hp_text

RECENT = 8  # the last things that happened, as many as a glance across the room takes in


def hidden(m: Monster) -> bool:
    """Unseen by the heroes right now: its column is not on the players' page."""
    return Flag.HIDDEN in m.flags or m.why is BackReason.HIDDEN


def rank_text(c: Hero | Monster) -> str:
    """`lnf show --json`'s rank, and why (R4) when off the front rank."""
    return c.rank.value + (f" ({c.why.value})" if c.why is not None else "")


def page_data(
    fight: Fight,
    records: Sequence[Applied] = (),
    *,
    dm: bool = False,
    hp: MonsterHp = MonsterHp.WORDS,
    source: str = "",
    waits: SavesWait | Asked | None = None,
) -> dict[str, Any]:
    """Everything the page shows, as plain data (also the live page's event payload);
    `waits`: what the table waits for now, if anything: the players' d20s for their saves
    (B3, B7), or a reaction (M6, F1)."""
    shown = [m for m in fight.monsters if dm or not hidden(m)]
    unseen = {m.name for m in fight.monsters if m not in shown}
    group_of = {name: g.label for g in fight.groups for name in g.members}
    recent = [line for line in happenings(records, dm=dm, hp=hp) if _seen(line, unseen)]
    return {
        "title": fight.title or source,
        "dm": dm,
        "phase": phase_line(fight),
        "turn": waits_line(waits, unseen) if waits is not None else turn_line(fight, unseen),
        "heroes": [_hero(h, group_of) for h in rows(fight)],
        "monsters": [_monster(m, group_of, dm, hp) for m in shown],
        "groups": [
            {
                "label": g.label,
                "heroes": [n for n in g.members if n not in unseen and _is_hero(fight, n)],
                "monsters": [n for n in g.members if n not in unseen and not _is_hero(fight, n)],
            }
            for g in fight.groups
        ],
        "target_order": [h.name for h in target_order(fight)],
        "strike_order": [n for n in fight.turns.order if n not in unseen],
        "acted": [n for n in fight.turns.order if n in fight.turns.acted and n not in unseen],
        **_now_and_next(fight, waits, unseen),
        "effects": _effects(fight, unseen),
        "recent": [heart_points(x) for x in recent[-RECENT:]]
        if hyrule(fight)
        else recent[-RECENT:],
        "hp_word": "hearts" if hyrule(fight) else "hp",  # V-HYR4, as the grid heads it
    }


def turn_line(fight: Fight, unseen: set[str]) -> str:
    """Whose turn it is, said the way the page announces it to screen readers (S1)."""
    if fight.phase.kind is PhaseKind.APART:
        return "The sides are apart: the fight has not closed yet."
    this = f"round {fight.round}" if fight.round else "the surprise round"  # V-ENC1
    head = this[:1].upper() + this[1:]
    if not fight.turns.order:
        return f"{head} is about to begin."
    current = fight.turns.current
    if current is not None and current not in unseen:
        return f"It is {current}'s turn ({this})."
    who = _next(fight, unseen)
    if who is None:
        return f"{head} is over."
    return f"{head}: {who} is next."


class Asked(NamedTuple):
    """M6, F1: a reaction the table answers before the fight goes on: an opportunity attack as
    `foe` leaves its group (each of `heroes` may take one), or `guard` against `foe`'s hit on
    the one hero, `damage` the hit's (what Uncanny Dodge would halve or Deflect Missiles lessen,
    F2)."""

    foe: str
    heroes: tuple[str, ...]
    guard: Guard | None = None
    damage: int = 0


def waits_line(waits: SavesWait | Asked, unseen: set[str]) -> str:
    """The whose-turn line while the table waits: the players' saves or a reaction."""
    return saves_line(waits, unseen) if isinstance(waits, SavesWait) else asked_line(waits, unseen)


def asked_line(asked: Asked, unseen: set[str]) -> str:
    """M6, F1, F2: the reaction the players decide, as the DM's terminal asks it ("Ghoul 3 is
    leaving its group: Cade may take an opportunity attack (M6)."). A hidden foe is "a foe"."""
    foe = "A foe" if asked.foe in unseen else asked.foe
    guard, heroes = asked.guard, asked.heroes
    if guard is None:
        may = "may" if len(heroes) == 1 else "may each"
        return (
            f"{foe} is leaving its group: {and_list(heroes)} {may} take an opportunity attack (M6)."
        )
    hero = heroes[0]
    if guard.rebukes:
        return f"{foe} hurts {hero} for {asked.damage} damage: does {hero} cast {guard.name} (F1)?"
    if guard.halves or guard.deflects:
        does = "halving it" if guard.halves else f"taking 1d10 + {guard.deflects} off it"
        return (
            f"{foe} hits {hero} for {asked.damage} damage: does {hero} take {guard.name}, {does} "
            "(F2)?"
        )
    return (
        f"{foe} hits {hero}: does {hero} take {guard.name} (+{guard.ac} AC), turning it into a "
        "miss (F1)?"
    )


def saves_line(saves: SavesWait, unseen: set[str]) -> str:
    """B3, B7: the saves the table waits for, said to the players whose d20s it waits for
    ("Young Green Dragon's Poison Breath: Dee and Ann — each roll a Constitution save, DC
    14."); the page's live line, so a screen reader says it too. A hidden foe goes unnamed."""
    action = saves.action
    whose = "" if saves.foe in unseen else f"{saves.foe}'s "
    ability, dc = action.save if action.save is not None else (None, 0)
    save = f"{a_an(ability.word)} save, DC {dc}" if ability is not None else "a save"
    roll = "each roll" if len(saves.heroes) > 1 else "roll"
    two = edges_said(saves.edges)
    return f"{whose}{action.name}: {and_list(saves.heroes)} — {roll} {save}." + (
        f" {two}" if two else ""
    )


def _now_and_next(
    fight: Fight, saves: SavesWait | Asked | None, unseen: set[str]
) -> dict[str, Any]:
    """S1, B3, B7: who acts now and who is next, for the strike order and the cards. While a
    monster's saves wait, that monster acts now (a legendary action's come between two turns,
    when nobody's turn is under way) and nobody is marked next: the next turn waits for the
    saves; so while a reaction to it waits (M6, F1). A hidden foe's wait marks nobody."""
    if isinstance(saves, Asked):
        return {"current": None if saves.foe in unseen else saves.foe, "next": None, "now": "now"}
    if saves is not None:
        between = fight.turns.current != saves.foe  # B7: a legendary action, not its turn
        now = "legendary action, now" if between else "now"
        return {"current": None if saves.foe in unseen else saves.foe, "next": None, "now": now}
    return {"current": fight.turns.current, "next": _next(fight, unseen), "now": "now"}


def _next(fight: Fight, unseen: set[str]) -> str | None:
    who = up_next(fight)
    return None if who in unseen else who


def _is_hero(fight: Fight, name: str) -> bool:
    return isinstance(fight.combatant(name), Hero)


def _seen(line: str, unseen: set[str]) -> bool:
    return not any(name in line for name in unseen)


def _hero(h: Hero, group_of: dict[str, str]) -> dict[str, Any]:
    hp = f"{h.current_hp}/{h.hp}" + (f" +{h.temp_hp} temp" if h.temp_hp else "")
    return {
        "name": h.name,
        "class": h.cls,
        "hp": "dead" if h.dead else hp,
        "down": downed(h) or not in_fight(h),
        "dying": dying_words(h),
        "rank": rank_text(h),
        "light": h.light,
        "dots": {
            "C": {CDot.WANTED: "wanted", CDot.AVOIDED: "avoided", None: ""}[h.c_dot],
            "O": h.o_dot,
            "N": has_n_dot(h),
        },
        "group": group_of.get(h.name),
        "conditions": [str(c) for c in sorted(h.conditions)],  # F3: on a phone's card too
    }


def dying_words(h: Hero) -> str:
    """D9: a hero at 0 hit points, its death saves as the players count them on paper
    ("1 success, 2 failures"; "stable" after three successes); "" for anyone else."""
    if h.dead or h.current_hp > 0:
        return ""
    if h.stable:
        return "stable"
    won, lost = h.death_saves
    if not won and not lost:
        return ""  # none rolled yet: "down" says it, as the paper's empty tally does
    return tally(won, lost)


def _monster(m: Monster, group_of: dict[str, str], dm: bool, hp: MonsterHp) -> dict[str, Any]:
    return {
        "name": m.name,
        "kind": m.stat_block,
        "hp": monster_hp_text(m, dm, hp),
        "down": not in_fight(m),
        "rank": rank_text(m),
        "light": m.light,
        "group": group_of.get(m.name),
        "conditions": [str(c) for c in sorted(m.conditions)],
    }


def _effects(fight: Fight, unseen: set[str]) -> list[dict[str, str]]:
    """Conditions and effects on everyone the players see, each with when it ends, where the
    fight knows it; free-text effects end when the DM says so."""
    out: list[dict[str, str]] = []
    lasting = {(e.who, e.condition) for e in fight.effects if e.condition is not None}
    for e in fight.effects:  # F4, F5: what lasts, and what ends it
        if e.who in unseen or e.by in unseen:
            continue
        what = f"concentrating on {e.what}" if e.concentration else e.what
        ends = span_words(e)
        out.append({"who": e.who, "what": what, "ends": ends})
    for c in (*rows(fight), *fight.monsters):
        if c.name in unseen:
            continue
        for condition in sorted(c.conditions):
            if (c.name, condition) not in lasting:
                out.append({"who": c.name, "what": str(condition), "ends": "until the DM says"})
        for effect in c.effects:
            out.append({"who": c.name, "what": effect, "ends": "until the DM says"})
        if c.name in fight.surprised:
            out.append({"who": c.name, "what": "surprised (D12)", "ends": "until round 1 ends"})
        if c.surge:
            out.append(
                {
                    "who": c.name,
                    "what": f"{c.surge} surge dice (V-ACL6)",
                    "ends": "until its next turn",
                }
            )
        if c.rank is Rank.FREE_AIR:
            out.append({"who": c.name, "what": "in free air (R7)", "ends": "until it lands"})
    return out
