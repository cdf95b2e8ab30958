"""Draw the grid as it looks on paper (G2–G6): hero rows, monster columns, Xs for groups.

Readable without colour: every mark is a character, colour only adds emphasis.
"""

from __future__ import annotations

from lnf.errors import Violation
from lnf.model import (
    SLOT,
    BackReason,
    CDot,
    Condition,
    Effect,
    Fight,
    Hero,
    Monster,
    PhaseKind,
    Rank,
    Recharge,
    Variant,
)
from lnf.model.effects import NO_HEALING
from lnf.model.plan import Advantage
from lnf.rules import downed, has_n_dot, in_fight, rows, target_order
from lnf.rules.acl import acl, hit_dc
from lnf.rules.class_features import has_stunning_strike, smites
from lnf.rules.hyrule import heart_points, hyrule
from lnf.rules.resources import ordinal
from lnf.rules.roster import banished
from lnf.rules.subclasses import subclass_name
from lnf.rules.surprise import surprise_round_next
from lnf.rules.wording import and_list, plural
from lnf.views.style import Style, pad, visible_len

DOT = "●"
HOLLOW = "○"
# F column: front rank is a dot; off the front rank, a letter for why (R4) or free air (R7).
RANK_MARK = {
    BackReason.GUARDED: "g",
    BackReason.LEVITATING: "l",
    BackReason.HIDDEN: "h",
    BackReason.OUT_OF_REACH: "r",
}
GROUP_COLOURS = ("cyan", "magenta", "yellow", "green", "blue", "red")
MAX_WIDTH = 120


def rank_mark(c: Hero | Monster) -> str:
    if c.rank is Rank.FRONT:
        return DOT if isinstance(c, Hero) else "F"
    if c.rank is Rank.FREE_AIR:
        return "~"
    return RANK_MARK[c.why] if c.why is not None else "b"


def phase_line(fight: Fight) -> str:
    phase = {
        PhaseKind.APART: "the sides are apart (lnf start rolls the volley rounds, V1)",
        PhaseKind.MELEE: "mêlée",
        PhaseKind.CHASE: "chase",
        PhaseKind.VOLLEY: f"volley round {fight.phase.volley}",
    }[fight.phase.kind]
    number = f"Round {fight.round}" if fight.round else "Surprise round (V-ENC1)"
    who = f"the {fight.started} started the fight"
    if hyrule(fight) and fight.first is not None:
        who = f"the {fight.first} won initiative (V-HYR1)"
    return f"{number} · {phase} · {who}{_turn(fight)}"


VARIANT_NAMES = {
    Variant.AC_LESS: "AC-less defence (V-ACL)",
    Variant.HYRULE: "Legends of Hyrule (V-HYR)",
    Variant.ENCOUNTER: "encounter mode (V-ENC)",
    Variant.D20: "favor and d4 (V-D20)",
}


def variants_text(fight: Fight) -> str:
    """The variants in force, for the first line of `lnf show`."""
    named = [VARIANT_NAMES[v] for v in Variant if v in fight.variants]
    return f" · variants: {', '.join(named)}" if named else ""


def _turn(fight: Fight) -> str:
    """S1: whose turn it is at the table, or who is next, once a round is under way."""
    if not fight.turns.order:
        return ""
    if fight.turns.current is not None:
        return f" · {fight.turns.current}'s turn"
    from lnf.rules.strike_order import up_next  # a round under way only: start-up time

    who = up_next(fight)
    return f" · next: {who}" if who is not None else " · the round is over"


def render_grid(fight: Fight, style: Style, width: int = MAX_WIDTH) -> list[str]:
    """The grid itself: header rows for the monsters, then one row per hero (G2 order). A grid
    wider than `width` numbers its columns (the names listed below) and is cut into blocks of
    columns, each with the hero rows again, as one would go on with a second sheet."""
    heroes = rows(fight)
    monsters = list(fight.monsters)
    name_w = max([4, *(len(_hero_name(h)) for h in heroes)])  # with its mark: no shift
    class_w = max([5, *(len(h.cls) for h in heroes)])
    hp_w = max([2, *(len(_hero_hp(h)) for h in heroes)])
    group_w = max([3, *(len(g.label) for g in fight.groups)])
    left_w = name_w + class_w + hp_w + 5
    sheet = _Sheet(fight, style, left_w, group_w, (name_w, class_w, hp_w))

    full = [_monster_name(m) for m in monsters]
    numbered = [str(i + 1) + ("" if in_fight(m) else DEAD) for i, m in enumerate(monsters)]
    widest = max([len(t) for m in monsters for t in (_damage(m), _hp_left(m))] + [1])
    room = max(1, width - (left_w + group_w + 17))  # what the columns may take
    labels, col_w = full, max([len(n) for n in full] + [widest]) + 2
    if col_w * len(monsters) > room:  # names fit one sheet only: numbers, names listed below
        labels, col_w = numbered, max([len(n) for n in numbered] + [widest]) + 1
    per_block = max(1, room // col_w)
    lines: list[str] = []
    for start in range(0, max(1, len(monsters)), per_block):
        if start:
            lines.append("")
        chunk = monsters[start : start + per_block]
        lines += sheet.block(heroes, chunk, labels[start : start + per_block], col_w)
    if labels is numbered:
        legend = [f"{i + 1} {_monster_name(m)}" for i, m in enumerate(monsters)]
        lines.append("")
        lines += wrapped("Columns: ", legend, width)
    return [line.rstrip() for line in lines]  # no trailing blanks to copy into notes


def wrapped(head: str, items: list[str], width: int, sep: str = "  ") -> list[str]:
    """`head` and the items `sep` apart, in lines no wider than `width`."""
    lines, line, empty = [], head, True
    for item in items:
        if visible_len(line) + len(sep) + visible_len(item) > width and not empty:
            lines.append(line)
            line, empty = " " * len(head), True
        line += ("" if empty else sep) + item
        empty = False
    return [*lines, line]


class _Sheet:
    """One block of the grid: the monster columns given, with every hero row."""

    def __init__(
        self,
        fight: Fight,
        style: Style,
        left_w: int,
        group_w: int,
        widths: tuple[int, int, int],
    ) -> None:
        self.fight, self.style = fight, style
        self.left_w, self.group_w, self.widths = left_w, group_w, widths
        self.colour = {
            g.label: GROUP_COLOURS[i % len(GROUP_COLOURS)] for i, g in enumerate(fight.groups)
        }

    def block(
        self, heroes: tuple[Hero, ...], monsters: list[Monster], labels: list[str], col_w: int
    ) -> list[str]:
        fight, style, left_w, group_w = self.fight, self.style, self.left_w, self.group_w

        def cells(values: list[str], paint: list[str | None] | None = None) -> str:
            out = []
            for i, v in enumerate(values):
                left = (col_w - visible_len(v)) // 2
                colour = paint[i] if paint else None
                shown = style(v, colour) if colour else v  # colour the mark, not its padding
                out.append(pad(" " * left + shown, col_w))
            return "".join(out)

        groups = [_group_label(fight, m.name) for m in monsters]
        header_left = pad("", left_w) + "│ F L C O N │ " + pad("grp", group_w) + " │ "
        lines = [header_left + cells([style(x, "bold") for x in labels])]
        lines.append(_label_row(left_w, group_w, "damage", cells([_damage(m) for m in monsters])))
        lines.append(
            _label_row(
                left_w,
                group_w,
                "hearts" if hyrule(fight) else "hp",
                cells([_hp_left(m) for m in monsters]),
            )
        )
        lines.append(_label_row(left_w, group_w, "rank", cells([rank_mark(m) for m in monsters])))
        paint = [self.colour.get(g) for g in groups]
        lines.append(_label_row(left_w, group_w, "group", cells(groups, paint)))
        lines.append(
            "─" * left_w
            + "┼"
            + "─" * 11
            + "┼"
            + "─" * (group_w + 2)
            + "┼"
            + "─" * (col_w * len(monsters) + 1)
        )
        name_w, class_w, hp_w = self.widths
        for hero in heroes:
            label = _group_label(fight, hero.name)
            xs = []
            paints: list[str | None] = []
            for g in groups:
                together = label != "" and g == label
                xs.append("X" if together else "·")
                paints.append(self.colour.get(label) if together else "dim")
            name = _hero_name(hero)
            left = f"{pad(name, name_w)}  {pad(hero.cls, class_w)}  {_hero_hp(hero).rjust(hp_w)}"
            if downed(hero) or not in_fight(hero):
                left = style(left, "red")
            marks = " ".join([rank_mark(hero), *_dot_marks(hero)])
            marks = marks.replace(" · ", " " + style("·", "dim") + " ")
            grp = style(pad(label, group_w), self.colour[label]) if label else pad("", group_w)
            lines.append(
                pad(left, left_w) + "│ " + pad(marks, 9) + " │ " + grp + " │ " + cells(xs, paints)
            )
        return lines


def _damage(monster: Monster) -> str:
    """G6: damage taken, counted up as on paper."""
    return str(min(monster.damage, monster.hp))


def _label_row(left_w: int, group_w: int, label: str, body: str) -> str:
    return (
        pad(label.rjust(left_w - 2), left_w) + "│ " + " " * 9 + " │ " + " " * group_w + " │ " + body
    )


def _dot_marks(hero: Hero) -> list[str]:
    light = DOT if hero.light else "·"
    c = {CDot.WANTED: DOT, CDot.AVOIDED: HOLLOW, None: "·"}[hero.c_dot]
    o = DOT if hero.o_dot else "·"
    n = DOT if has_n_dot(hero) else "·"
    return [light, c, o, n]


def _hero_hp(hero: Hero) -> str:
    text = f"{hero.current_hp}/{hero.hp}"
    return text + (f"+{hero.temp_hp}" if hero.temp_hp else "")


DEAD = "†"  # beside the name of the dead, whose row or column stays


def _hero_name(hero: Hero) -> str:
    return hero.name if in_fight(hero) or hero.escaped or banished(hero) else hero.name + DEAD


def _monster_name(monster: Monster) -> str:
    out = in_fight(monster) or monster.escaped or banished(monster)
    return monster.name if out else monster.name + DEAD


def _hp_left(monster: Monster) -> str:
    """Hit points left, as a hero's are shown (and as the log says them)."""
    if monster.escaped:
        return "away"
    if not in_fight(monster):
        return "KO" if Condition.UNCONSCIOUS in monster.conditions else "dead"
    return f"{monster.current_hp}/{monster.hp}"


def _group_label(fight: Fight, name: str) -> str:
    group = fight.group_of(name)
    return group.label if group is not None else ""


def render_show(fight: Fight, problems: list[Violation], style: Style, width: int) -> str:
    """`lnf show`: title, grid, legend, target order, groups, notes and every problem; under
    Legends of Hyrule hit points are heart points (V-HYR4)."""
    text = _render_show(fight, problems, style, width)
    return heart_points(text) if hyrule(fight) else text


def _render_show(fight: Fight, problems: list[Violation], style: Style, width: int) -> str:
    out: list[str] = []
    if fight.title:
        out.append(style(fight.title, "bold") + variants_text(fight))
        out.append(phase_line(fight))
    else:
        out.append(phase_line(fight) + variants_text(fight))
    out.append("")
    out.extend(render_grid(fight, style, width))
    out.append("")
    key = [
        style("F", "bold") + ": ● front,",
        "g guarded,",
        "l levitating,",
        "h hidden,",
        "r out of reach,",
        "b back,",
        "~ free air;",
        style("L", "bold") + ": light;",
        style("C", "bold") + ": ● wanted,",
        "○ avoided",
    ]
    out.extend(wrapped("", key, width, " "))
    order = target_order(fight)
    out.append("")
    out.append(style("Target order", "bold") + " (T2): " + ", ".join(h.name for h in order))
    out.append(style("Groups", "bold") + " (G5):")
    for group in fight.groups:
        heroes = ", ".join(h.name for h in fight.heroes_in(group))
        monsters = ", ".join(m.name for m in fight.monsters_in(group))
        out.append(f"  {group.label}: {heroes} against {monsters}")
    engaged = {n for g in fight.groups for n in g.members}
    loose = [c.name for c in fight.everyone if c.name not in engaged and in_fight(c)]
    if loose:
        out.append("  unengaged: " + ", ".join(loose))
    if fight.phase.kind is PhaseKind.VOLLEY:
        out.extend(_reach_lines(fight, style))
    if fight.chase:
        out.extend(_chase_lines(fight, style))
    notes = _notes(fight)
    if notes:
        out.append(style("Notes", "bold") + ":")
        out.extend("  " + n for n in notes)
    if fight.effects:
        out.append(style("Effects", "bold") + " (F4, F5: what lasts, who caused it, what ends it):")
        for e in fight.effects:
            out.extend(wrapped("  ", effect_line(e).split(" "), width, " "))
    if acl(fight):
        out.append(style("Defence", "bold") + " (V-ACL: Hit DC and DR where AC stood):")
        out.extend("  " + line for line in _defence(fight))
    sheets = [(h, line) for h in rows(fight) if not h.dead and (line := sheet_line(h))]  # D8
    if sheets:
        out.append(style("Sheets", "bold") + " (what is left):")
        for h, line in sheets:
            level = f" {h.level}" if h.level else ""
            level += f", {sub}" if (sub := subclass_name(h.cls, h.level, h.subclass)) else ""
            out.extend(wrapped(f"  {h.name} ({h.cls}{level}): ", [line], width, " "))
    for head, unplayed in _not_modelled(fight).items():  # B8, B9: each reason apart
        out.append(style(head, "bold") + ":")
        for kind, what in unplayed:
            items = [f"{x};" for x in what[:-1]] + what[-1:]
            out.extend(wrapped(f"  {kind}: ", items, width, " "))
    out.append("")
    if problems:
        out.append(style(f"Problems ({len(problems)})", "bold", "red") + ":")
        out.extend("  " + style(p.rule, "red") + " " + _problem_text(p) for p in problems)
    else:
        out.append(style("No problems: the grid is legal.", "green"))
    return "\n".join(out)


def _defence(fight: Fight) -> list[str]:
    """V-ACL1–7, one entry a combatant still in the fight: Hit DC (with its cover), DR (typed
    DR after it), wounded parts, surge dice held."""
    out = []
    for c in fight.everyone:
        if not in_fight(c):
            continue
        dc = hit_dc(c)
        text = f"{c.name}: Hit DC {dc if dc is not None else '— (total cover)'}"
        if c.cover is not None and not c.cover.total:
            text += f" ({c.cover})"
        text += f", DR {c.dr}"
        text += "".join(f", DR {n} against {kind}" for kind, n in c.typed_dr)
        text += "".join(f", {part} {state}" for part, state in c.parts)
        if c.surge:
            text += f", {plural(c.surge, 'surge die', 'surge dice')}"
        out.append(text)
    return out


def _reach_lines(fight: Fight, style: Style) -> list[str]:
    """V3: who can shoot this volley round, and with what."""
    from lnf.rules.distance import who_reaches  # a volley round's only: start-up (rules.distance)

    head = style("Who can reach", "bold") + f" (V3, volley round {fight.phase.volley}):"
    lines, out_of_reach = [head], []
    for name, attacks in who_reaches(fight):
        if not attacks:
            out_of_reach.append(name)
            continue
        said = [a + (" (disadvantage)" if r is Advantage.DISADVANTAGE else "") for a, r in attacks]
        lines.append(f"  {name}: {', '.join(said)}")
    if out_of_reach:
        lines.append("  out of reach: " + ", ".join(out_of_reach))
    return lines


def _chase_lines(fight: Fight, style: Style) -> list[str]:
    """C1: escape points, escapers as rows and pursuers as columns (a number in place of an
    X); · where a pair has no pool."""
    escapers = list(dict.fromkeys(p.escaper for p in fight.chase))
    pursuers = list(dict.fromkeys(p.pursuer for p in fight.chase))
    points = {(p.escaper, p.pursuer): p.points for p in fight.chase}
    left = max(len(e) for e in escapers)
    widths = [max(3, len(p)) for p in pursuers]
    head = " " * (left + 4) + "  ".join(p.rjust(w) for p, w in zip(pursuers, widths, strict=True))
    lines = [style("Chase", "bold") + " (C1, escape points; escapers down, pursuers across):", head]
    for e in escapers:
        cells = [
            str(points[(e, p)]).rjust(w) if (e, p) in points else "·".rjust(w)
            for p, w in zip(pursuers, widths, strict=True)
        ]
        lines.append(f"  {e.ljust(left)}  " + "  ".join(cells))
    dashes = [f"{c.name} {c.dashes}" for c in fight.everyone if c.dashes]
    if dashes:
        lines.append("  dashes so far (C3): " + ", ".join(dashes))
    return lines


def _problem_text(p: Violation) -> str:
    return p.message + (f" — {p.hint}" if p.hint else "")


def _notes(fight: Fight) -> list[str]:
    """Conditions, effects and exhaustion the grid has no column for (G6)."""
    notes = []
    for c in (*rows(fight), *fight.monsters):
        bits = sorted(str(x) for x in c.conditions) + list(c.effects)
        if c.exhaustion:
            bits.append(f"exhaustion {c.exhaustion}")
        if isinstance(c, Monster) and c.light:
            bits.append("holds a light (S3)")  # the grid's L column is the heroes'
        if (isinstance(c, Hero) and c.dead) or (isinstance(c, Monster) and not in_fight(c)):
            bits.append("dead")
        if c.name in fight.surprised:
            bits.append("surprised (D12)")
        if surprise_round_next(fight):
            acts = dict(fight.surprise_round).get(c.name)
            if acts:
                bits.append(f"{plural(acts, 'action')} in the surprise round (V-ENC1)")
        unit = next((u for u in fight.units if c.name in u), None)
        if unit is not None and Variant.ENCOUNTER in fight.variants:
            bits.append(f"a unit with {and_list([n for n in unit if n != c.name])} (V-ENC2)")
        if bits:
            notes.append(f"{c.name}: {', '.join(bits)}")
    return notes


def sheet_line(hero: Hero) -> str:
    """ "spell slots 1st 3/4, 2nd 2/2; Channel Divinity 1/1 (short rest); Sneak Attack 2d6"."""
    slots = [
        f"{ordinal(int(r.name.removeprefix(SLOT)))} {r.left}/{r.total}"
        for r in hero.resources
        if r.name.startswith(SLOT)
    ]
    parts = [f"spell slots {', '.join(slots)}"] if slots else []
    parts += [
        f"{r.name} {r.left}/{r.total}" + (" (short rest)" if r.recharge is Recharge.SHORT else "")
        for r in hero.resources
        if not r.name.startswith(SLOT)
    ]
    if hero.sneak_attack is not None:
        parts.append(f"Sneak Attack {hero.sneak_attack} (once a turn)")
    if smites(hero) and slots:  # F2: how the player says it (choices.md)
        parts.append("Divine Smite (say `; smite` after a mêlée weapon attack)")
    if has_stunning_strike(hero.cls, hero.level or 0):  # F2, as the smite
        parts.append("Stunning Strike (say `; stun` after a mêlée weapon attack)")
    return "; ".join(parts)


def _not_modelled(fight: Fight) -> dict[str, list[tuple[str, list[str]]]]:
    """Once per stat block, under each reason's head: what it has that lnf does not play."""
    if not any(m.not_modelled for m in fight.monsters):
        return {}  # what the loop below finds too, without loading the DM's items (start-up)
    from lnf.views.dm_items import HEADS, by_reason, compact

    seen: set[str] = set()
    out: dict[str, list[tuple[str, list[str]]]] = {}
    for m in fight.monsters:
        if m.not_modelled and m.stat_block not in seen:
            seen.add(m.stat_block)
            for reason, items in by_reason(m.not_modelled).items():
                out.setdefault(HEADS[reason], []).append((m.stat_block, compact(items)))
    return {head: out[head] for head in HEADS.values() if head in out}


def effect_line(e: Effect) -> str:
    """`lnf show`: "Ghoul 1: paralyzed (by Wren, since round 2): a DC 13 Wis save at the end
    of each of its turns ends it, while Wren concentrates." """
    from lnf.views.effects_text import hurts_words, span_words  # with effects: start-up

    cause = f"by {e.by}, " if e.by and e.by != e.who else ""
    what = f"concentrating on {e.what}" if e.concentration else e.what
    woken = " or until it takes damage" if e.until_hurt else ""  # F7 Sleep
    if e.no_healing and e.no_healing != e.what:  # F6
        what = f"{what}; {NO_HEALING[e.no_healing]}"
    if e.hurts:  # F6: the fire, the wound, the pit fiend's poison
        what = f"{what}; {hurts_words(e)}"
    if e.affliction:  # F6: past the fight, until the DM takes it off
        return f"{e.who}: {what} ({cause}since round {e.round})."
    lasting = span_words(e)
    woken += " or until it attacks or casts a spell" if e.until_attack else ""  # B6
    return f"{e.who}: {what} ({cause}since round {e.round}): {lasting}{woken}."
