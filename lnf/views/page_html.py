"""The players' page drawn from `page_data`: one self-contained HTML document (styles inline,
nothing fetched), and the fragment the live page swaps in when the fight moves on.

Plain code and `string.Template`, so `lnf show --html` needs nothing beyond the standard
library. Everything written is escaped; marks carry text labels, colour only adds emphasis.
"""

from __future__ import annotations

from html import escape
from string import Template
from typing import Any

from lnf.formats.files import page_template
from lnf.rules.wording import names_its_kind

DOT, HOLLOW = "●", "○"
C_MARK = {"wanted": DOT, "avoided": HOLLOW, "": ""}
HEADS = (  # the paper grid's mark columns (G4, T1), spelled out for a pointer or screen reader
    ("L", "L: carries light"),
    ("C", "C dot: common sense (concentration and the like)"),
    ("O", "O dot: oh no you didn't (a big resource that dealt damage)"),
    ("N", "N dot: knocked down, or easy to hit"),
)
GROUP_CLASSES = 6  # group colours cycle, as the terminal grid's do


def _template(name: str) -> Template:
    return Template(page_template(name))


def render_page(data: dict[str, Any], *, live: bool = False) -> str:
    """The whole page; `live` adds the few lines of script that follow the server's events."""
    return _template("page.html").substitute(
        title=escape(data["title"] or "A fight"),
        phase=escape(data["phase"]),
        turn=escape(data["turn"]),
        body=render_body(data),
        css=_template("page.css").template,
        script=f"<script>{_template('page.js').template}</script>" if live else "",
        footer=(
            '<span id="live">Live: this page follows the fight as the DM records it.</span>'
            if live
            else "A snapshot of the fight (lnf show --html); lnf serve keeps a page live."
        ),
        view="dm" if data["dm"] else "players",
    )


def render_body(data: dict[str, Any]) -> str:
    """What changes as the fight goes on: the grid (a table, and cards for a narrow screen),
    the orders, what happened last and the effects in force."""
    return "\n".join(
        [
            _grid(data),
            _cards(data),
            '<div class="side">',
            _strike_order(data),
            _list_section("recent", "What just happened", data["recent"], ordered=True),
            _effects(data),
            _list_section("groups", "Groups (G5)", [_group_text(g) for g in data["groups"]]),
            _list_section(
                "targets", "Target order (T2)", data["target_order"], ordered=True, empty="—"
            ),
            "</div>",
        ]
    )


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def _group_class(data: dict[str, Any], label: str | None) -> str:
    labels = [g["label"] for g in data["groups"]]
    return f" g{labels.index(label) % GROUP_CLASSES}" if label in labels else ""


def _grid(data: dict[str, Any]) -> str:
    monsters = data["monsters"]
    head = "".join(
        f'<th scope="col" data-monster="{_e(m["name"])}" class="mon{" out" if m["down"] else ""}">'
        f"{_e(m['name'])}{_kind(m)}</th>"
        for m in monsters
    )
    heads = ("Hero", "Class", data["hp_word"], "Rank")
    left = "".join(f'<th scope="col">{_e(h)}</th>' for h in heads)
    left += "".join(
        f'<th scope="col"><abbr title="{_e(title)}">{mark}</abbr></th>' for mark, title in HEADS
    )
    left += '<th scope="col">Group</th>'
    info = []
    for field, label in (("hp", data["hp_word"]), ("rank", "rank"), ("group", "group")):
        cells = "".join(
            f'<td data-monster="{_e(m["name"])}" data-field="{field}"'
            f' class="{field}{_group_class(data, m["group"]) if field == "group" else ""}">'
            f"{_e(m[field] or '')}</td>"
            for m in monsters
        )
        info.append(f'<tr class="info"><th scope="row" colspan="9">{label}</th>{cells}</tr>')
    rows = [_hero_row(data, h) for h in data["heroes"]]
    return (
        '<section class="grid-wrap" aria-labelledby="grid-h"><h2 id="grid-h">The grid</h2>'
        '<div class="scroll"><table class="grid">'
        "<caption>Heroes in rows, monsters in columns; X: in one mêlée group (G5)</caption>"
        f"<thead><tr>{left}{head}</tr>{''.join(info)}</thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div>"
        f'<p class="legend">{_legend()}</p></section>'
    )


def _kind(m: dict[str, Any]) -> str:
    """The stat block under a monster's name, unless the name says it already (G3: "Ghoul 3"
    is a ghoul; "Boss" a bugbear)."""
    if names_its_kind(m["name"], m["kind"]):
        return ""
    return f'<span class="kind">{_e(m["kind"])}</span>'


def _legend() -> str:
    return (
        f"C: {DOT} wanted, {HOLLOW} avoided; O: {DOT} an O dot; N: {DOT} an N dot; "
        f"L: {DOT} carries light (T1, G4)"
    )


def _hero_row(data: dict[str, Any], h: dict[str, Any]) -> str:
    dots = h["dots"]
    marks = [
        ("light", DOT if h["light"] else ""),
        ("C", C_MARK[dots["C"]]),
        ("O", DOT if dots["O"] else ""),
        ("N", DOT if dots["N"] else ""),
    ]
    cells = [
        f'<td data-field="class">{_e(h["class"])}</td>',
        f'<td data-field="hp" class="hp">{_e(h["hp"])}{_dying(h)}</td>',
        f'<td data-field="rank">{_e(h["rank"])}</td>',
        *(
            f'<td data-field="{f}" class="mark"'
            + (f' aria-label="{_e(_mark_word(f, dots))}"' if m else "")
            + f">{m}</td>"
            for f, m in marks
        ),
        f'<td data-field="group" class="group{_group_class(data, h["group"])}">'
        f"{_e(h['group'] or '')}</td>",
    ]
    for m in data["monsters"]:
        together = h["group"] is not None and h["group"] == m["group"]
        cls = f"x{_group_class(data, h['group'])}" if together else "apart"
        cells.append(
            f'<td data-monster="{_e(m["name"])}" data-field="cell" class="{cls}">'
            f"{'X' if together else '·'}</td>"
        )
    current = ' aria-current="true" class="now"' if data["current"] == h["name"] else ""
    # Crossed out is for the eyes; a screen reader hears the word (as the strike order says it)
    down = f' aria-label="{_e(h["name"])}, {_e(_down_words(h))}"' if h["down"] else ""
    return (
        f'<tr data-hero="{_e(h["name"])}"{current}>'
        f'<th scope="row" data-field="name" class="who{" down" if h["down"] else ""}"{down}>'
        f"{_e(h['name'])}</th>"
        f"{''.join(cells)}</tr>"
    )


def _dying(h: dict[str, Any]) -> str:
    """D9: the death saves under a downed hero's hit points, in words (not marks)."""
    return f'<span class="dying">{_e(h["dying"])}</span>' if h["dying"] else ""


def _down_words(h: dict[str, Any]) -> str:
    """`down — 1 success, 2 failures` (D9), as the paper grid's tally would be read out."""
    return f"down — {h['dying']}" if h["dying"] else "down"


def _mark_word(field: str, dots: dict[str, Any]) -> str:
    if field == "C":
        return f"C dot: {dots['C']}"
    return {"light": "carries light", "O": "O dot", "N": "N dot"}[field]


def _cards(data: dict[str, Any]) -> str:
    """The narrow screen's grid: a card for each side's combatants, the same facts in words."""
    heroes = "".join(
        f'<li class="{_card_class(data, h)}">'
        f'<h3>{_e(h["name"])} <span class="kind">{_e(h["class"])}</span></h3>'
        f"<p>{_hero_hp_words(data, h)} · {_e(h['rank'])}"
        f"{_group_words(data, h['group'])}{_conditions_words(h)}{_dots_words(h)}</p></li>"
        for h in data["heroes"]
    )
    monsters = "".join(
        f'<li class="{_card_class(data, m)}">'
        f"<h3>{_e(m['name'])} {_kind(m)}</h3>"
        f"<p>{_e(m['hp'])} · {_e(m['rank'])}{_group_words(data, m['group'])}"
        f"{_conditions_words(m)}{' · light' if m['light'] else ''}</p></li>"
        for m in data["monsters"]
    )
    return (
        '<section class="cards" aria-label="The grid as cards">'
        f'<h2>Heroes</h2><ul class="cardlist">{heroes}</ul>'
        f'<h2>Monsters</h2><ul class="cardlist">{monsters}</ul></section>'
    )


def _hero_hp_words(data: dict[str, Any], h: dict[str, Any]) -> str:
    """`0/32 hp · down` on a card, in words what the grid crosses out; `dead` alone."""
    if h["hp"] == "dead":
        return "dead"
    return f"{_e(h['hp'])} {_e(data['hp_word'])}" + (
        f" · {_e(_down_words(h))}" if h["down"] else ""
    )


def _card_class(data: dict[str, Any], c: dict[str, Any]) -> str:
    return (
        "card" + (" down" if c["down"] else "") + (" now" if data["current"] == c["name"] else "")
    )


def _group_words(data: dict[str, Any], label: str | None) -> str:
    if label is None:
        return " · in no group"
    return f' · group <b class="tag{_group_class(data, label)}">{_e(label)}</b>'


def _conditions_words(c: dict[str, Any]) -> str:
    """F3: a card's conditions ("restrained"), which the wide screen lists under In effect,
    far below the cards on a phone."""
    return f" · {_e(', '.join(c['conditions']))}" if c["conditions"] else ""


def _dots_words(h: dict[str, Any]) -> str:
    dots = h["dots"]
    words = [f"C {dots['C']}"] if dots["C"] else []
    words += [f"{d} dot" for d in ("O", "N") if dots[d]]  # the grid's legend is not on a phone
    words += ["light"] if h["light"] else []
    return f" · {', '.join(words)}" if words else ""


def _group_text(g: dict[str, Any]) -> str:
    heroes = ", ".join(g["heroes"]) or "nobody"
    against = f" against {', '.join(g['monsters'])}" if g["monsters"] else ""
    return f"{g['label']}: {heroes}{against}"


def _strike_order(data: dict[str, Any]) -> str:
    if not data["strike_order"]:
        return _list_section("order", "Strike order (S2, S3)", [], empty="Not yet: between rounds.")
    items = []
    down = {c["name"] for c in (*data["heroes"], *data["monsters"]) if c["down"]}
    for name in data["strike_order"]:
        if name in down:
            items.append(f'<li class="done">{_e(name)} (down)</li>')
        elif name == data["current"]:
            now = _e(data["now"])  # B7: "legendary action, now" between turns
            items.append(f'<li class="now" aria-current="step">{_e(name)} — {now}</li>')
        elif name in data["acted"]:
            items.append(f'<li class="done">{_e(name)} (done)</li>')
        elif name == data["next"]:
            items.append(f'<li class="next">{_e(name)} — next</li>')
        else:
            items.append(f"<li>{_e(name)}</li>")
    return f'<section id="order"><h2>Strike order (S2, S3)</h2><ol>{"".join(items)}</ol></section>'


def _effects(data: dict[str, Any]) -> str:
    items = [f"{e['who']}: {e['what']} — {e['ends']}" for e in data["effects"]]
    return _list_section("effects", "In effect", items, empty="Nothing.")


def _list_section(
    key: str, title: str, items: list[str], *, ordered: bool = False, empty: str = "Nothing yet."
) -> str:
    tag = "ol" if ordered else "ul"
    if not items:
        return f'<section id="{key}"><h2>{_e(title)}</h2><p class="empty">{_e(empty)}</p></section>'
    body = "".join(f"<li>{_e(i)}</li>" for i in items)
    return f'<section id="{key}"><h2>{_e(title)}</h2><{tag}>{body}</{tag}></section>'
