"""F7: the spellbook as a DM reads it: one line a spell (`lnf spells`), and one spell with what
lnf plays of it for a caster and what the DM rules (`lnf spells show NAME`)."""

from __future__ import annotations

import textwrap
from typing import Any

from lnf.dice import parse
from lnf.formats.short_forms import parse_lasting
from lnf.formats.spellbook import ATTRIBUTION, fields_of, ordinal
from lnf.model import Area, Lasting, Shape, SpellEffect
from lnf.rules.areas import target_count
from lnf.rules.spellcasting import Caster


def level_word(level: int) -> str:
    return "cantrip" if level == 0 else f"{ordinal(level)} level"


def spell_list(spells: list[dict[str, Any]]) -> str:
    """One line a spell: name, level, school, casting time (and C for concentration)."""
    width = max([len(s["name"]) for s in spells] + [4])
    lines = [f"{'name'.ljust(width)}  {'level':9}  {'school':13}  casting time"]
    for s in spells:
        cast = s["casting_time"] + ("" if s["cost"] else " (not in a fight)")
        conc = ", concentration" if s["concentration"] else ""
        lines.append(
            f"{s['name'].ljust(width)}  {level_word(s['level']):9}  {s['school']:13}  {cast}{conc}"
        )
    return "\n".join(lines)


def spell_text(spell: dict[str, Any], caster: Caster, width: int = 100) -> str:
    """One spell: its figures, what lnf plays of it for `caster`, and what the DM rules."""
    s, out = spell, []
    school = f"{level_word(s['level'])} {s['school']}" if s["level"] else f"{s['school']} cantrip"
    out.append(f"{s['name']} — {school}" + (" (ritual)" if s["ritual"] else ""))
    out.append(
        f"Casting time {s['casting_time']} · range {s['range']} · duration {s['duration']}"
        + (" (concentration, F5)" if s["concentration"] else "")
    )
    out.append("Classes: " + (", ".join(s["classes"]) or "none in the SRD"))
    figures = []
    if s["attack"]:
        figures.append(f"{s['attack']} spell attack")
    if s["save"]:
        success = {"half": "half on a success", "none": "nothing on a success"}
        figures.append(f"{s['save']} save, {success.get(s['success'], 'see the spell')}")
    if s["area"]:
        area = Area(Shape(s["area"]["shape"]), s["area"]["size"])
        figures.append(f"{area} (E1: {target_count(area)} targets)")
    if s["damage"] or s["damage_by_level"]:
        by = s["damage"] or s["damage_by_level"]
        when = "slot" if s["damage"] else "character level"
        dice = ", ".join(f"{k}: {v}" for k, v in by.items())
        figures.append(f"damage ({s['damage_type'] or 'untyped'}) by {when}: {dice}")
    if s["heal"]:
        figures.append("healing by slot: " + ", ".join(f"{k}: {v}" for k, v in s["heal"].items()))
    if "beams" in s:
        figures.append(
            "beams by character level: " + ", ".join(f"{k}: {v}" for k, v in s["beams"].items())
        )
    if "missiles" in s:
        more = ", one more per slot level above" if s.get("more_per_slot") else ""
        figures.append(f"{s['missiles']} missiles{more}")
    out += _wrap("Figures: " + ("; ".join(figures) or "none lnf rolls"), width)
    got = fields_of(s, caster)
    out.append(
        f"As lnf plays it for a level-{caster.level} caster with {caster.mod:+d} "
        f"(save DC {caster.dc}, spell attack {caster.attack:+d}):"
    )
    for a in got["attacks"]:
        out += _wrap("  " + attack_words(a), width)
    for name, h in got["heals"].items():
        out += _wrap("  " + heal_words(name, h), width)
    for g in got["guards"]:
        if g == "hellish rebuke":  # F1: cast at a foe that hurt the caster
            out.append(f"  {s['name']}: guards: [{g}]: cast with the reaction at a foe that hurt")
            out.append("      the caster (a hit, a spell, a breath), in a mêlée round (F1)")
            continue
        out.append(f"  {s['name']}: guards: [{g}]: +5 AC until the start of the caster's next turn")
        out.append("      when it turns a hit; a reaction and a 1st-level slot (F1)")
    if not (got["attacks"] or got["heals"] or got["guards"]):
        out.append("  nothing lnf rolls")
    if got["notes"]:
        out.append("What the DM rules:")
        for note in got["notes"]:
            out += _wrap(f"  - {note}", width)
    out.append("")
    out += textwrap.wrap(ATTRIBUTION, width)
    return "\n".join(out)


def attack_words(a: dict[str, Any]) -> str:
    """An attack entry as a DM says it: Fireball: Dex save DC 14, half on a success, 8d6
    fire, in a 20 ft sphere (E1: 4 targets), 150 ft, a 3rd-level slot; at 4th 9d6 fire…"""
    parts = []
    if "save" in a:
        ability, dc = a["save"].split()
        half = "half on a success" if a.get("half") else "nothing on a success"
        parts.append(f"{ability.title()} save DC {dc}, {half}")
    elif "to_hit" in a:
        parts.append(f"spell attack {a['to_hit']:+d}")
    times = f"{a['times']} × " if a.get("times", 1) > 1 else ""
    if "damage" in a:
        sure = a.get("more_per_slot") and "to_hit" not in a  # F7: Magic Missile's, no roll
        darts = " darts, each a hit without a roll (F7)" if sure else ""
        parts.append(times + a["damage"] + darts)
    parts += [f"on a failed save: {r['condition']} ({r['lasting']})" for r in a.get("riders", [])]
    if "effect" in a:
        parts.append(_effect_words(a["effect"]))
    if "area" in a:
        shape, size = a["area"].split()
        area = Area(Shape(shape), int(size))
        parts.append(f"in a {area} (E1: {target_count(area)} targets)")
    parts.append(f"range {a['range']} ft" if "range" in a else "touch (mêlée)")
    cost = a["cost"] if a["cost"] != "action" else ""
    slot = f"a {ordinal(a['slot'])}-level slot" if a.get("slot") else "no slot"
    parts.append(", ".join(p for p in (cost, slot) if p))
    if a.get("concentration"):
        parts.append("concentration (F5)")
    text = f"{a['name']}: " + "; ".join(parts)
    if a.get("upcast"):
        text += "; " + ", ".join(f"at {ordinal(int(k))} {v}" for k, v in a["upcast"].items())
    if a.get("more_per_slot"):
        n, what = a["more_per_slot"], "ray" if "to_hit" in a else "dart"  # F7: Scorching Ray's
        text += f"; {n} more {what}{'s' * (n > 1)} for each slot level above {ordinal(a['slot'])}"
    return text


def _effect_words(e: dict[str, Any]) -> str:
    """F7: what the table of effects says the spell does, as lnf says an effect everywhere
    (`SpellEffect`'s words), from the entry's fight-file words."""
    effect = SpellEffect(
        allies=e.get("allies", 0),
        ac=e.get("ac", 0),
        d4=e.get("d4", 0),
        sleep=parse(e["sleep"]) if "sleep" in e else None,
        per_slot=parse(e["per_slot"]) if "per_slot" in e else None,
        aura=e.get("aura", False),
        weapon=e.get("weapon", False),
        mark=parse(e["mark"]) if "mark" in e else None,  # F7 Hunter's Mark
        lasting=parse_lasting(e["lasting"]) if "lasting" in e else Lasting(),
    )
    return str(effect)


def heal_words(name: str, h: dict[str, Any]) -> str:
    cost = f", a {h['cost']}" if h["cost"] != "action" else ""
    text = f"{name}: heals {h['dice']}; a {ordinal(h['slot'])}-level slot{cost}"
    if h.get("upcast"):
        text += "; " + ", ".join(f"at {ordinal(int(k))} {v}" for k, v in h["upcast"].items())
    return text


def _wrap(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width, subsequent_indent="      ")
