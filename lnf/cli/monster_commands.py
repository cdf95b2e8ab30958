"""`lnf monsters`: the SRD 5.1 bestiary (or a file of your own), to find a stat block for a fight
file's `monster: NAME` and to see it as lnf plays it."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import click

from lnf.cli.options import echo_json, json_option, terminal_width
from lnf.cli.terminal import escaped
from lnf.dice.abilities import ability_modifier
from lnf.errors import InputError, InputProblem, Refused
from lnf.formats.bestiary import ATTRIBUTION
from lnf.formats.rider_forms import rider_of_doc
from lnf.model import Size
from lnf.rules.acl import HIT_DC
from lnf.rules.wording import or_list
from lnf.views.dm_items import HEADS, by_reason

HELP = f"""Find stat blocks: `lnf monsters goblin` lists the matches (name, size, CR, AC, hit
points); `lnf monsters show bugbear` prints one as lnf plays it, with what it does not play;
`lnf monsters --not-played` lists, for every stat block, what lnf does not play and why.
A fight file uses one with `monster: bugbear`.

\b
{textwrap.fill(ATTRIBUTION, 76)}
"""


@click.command(help=HELP)
@click.argument("words", nargs=-1, metavar="[SEARCH] | show NAME")
@click.option(
    "--bestiary",
    "own",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Your own monsters in the 5e-database format (searched first).",
)
@click.option(
    "--not-played",
    "not_played",
    is_flag=True,
    help="List what lnf does not play of each stat block (or of those SEARCH finds), and why "
    "(B8): no map, dm or unsupported.",
)
@json_option
def monsters(words: tuple[str, ...], own: Path | None, not_played: bool, as_json: bool) -> None:
    from lnf.formats.bestiary import Bestiary

    bestiary = Bestiary.open(own)
    if not_played:
        if words and words[0].lower() == "show":
            words = words[1:]
        found = bestiary.search(" ".join(words))
        if not found and not as_json:
            click.echo(escaped(f"No monster's name holds {' '.join(words)!r}."))
            return
        _not_played(found, as_json)
        return
    if words and words[0].lower() == "show":
        if len(words) == 1:
            raise InputError("command line", [InputProblem("say which: lnf monsters show NAME")])
        try:
            block = bestiary.find(" ".join(words[1:]))
        except Refused as exc:
            raise InputError("command line", [InputProblem(exc.message)]) from None
        if as_json:
            echo_json(block)
        else:  # a user's file says the names: never sent raw to the terminal
            click.echo(escaped(stat_block_text(block, min(terminal_width(), 100))))
        return
    found = bestiary.search(" ".join(words))
    if as_json:
        echo_json([_summary(b) for b in found])
        return
    if not found:
        click.echo(escaped(f"No monster's name holds {' '.join(words)!r}."))
        return
    width = max(len(b["name"]) for b in found)
    click.echo(f"{'name'.ljust(width)}  {'size':10}  {'CR':>4}  {'AC':>3}  hp")
    for b in found:
        hp = f"{b['hp']} ({b['hit_dice']})" if b.get("hit_dice") else str(b["hp"])
        size = b.get("size", "")
        row = f"{b['name'].ljust(width)}  {size:10}  {b.get('cr', ''):>4}  {b['ac']:>3}  {hp}"
        click.echo(escaped(row))
    click.echo(f"\n{len(found)} found. lnf monsters show NAME prints one; SRD 5.1 (CC-BY-4.0).")


def _not_played(found: list[dict[str, Any]], as_json: bool) -> None:
    """B8: each item lnf does not play, by stat block, with its reason; the counts last."""
    from lnf.formats.not_played import DM, UNSUPPORTED, counts, listed

    rows = listed(found)
    if as_json:
        echo_json(rows)
        return
    shown = ""
    for row in rows:
        if row["name"] != shown:
            shown = row["name"]
            click.echo(escaped(shown))
        click.echo(escaped(f"  {row['why']:<11}  {row['item']}"))
    n = counts(rows)
    click.echo()
    click.echo(
        textwrap.fill(
            f"Of {_blocks(len(found))}, {n[UNSUPPORTED]} {_have(n[UNSUPPORTED])} something lnf "
            f"does not play yet (unsupported), {n[DM]} something the DM rules (dm); no map: never "
            "matters without one (B8). SRD 5.1 (CC-BY-4.0).",
            min(terminal_width(), 100),
        )
    )


def _blocks(n: int) -> str:
    return f"{n} stat block" + ("" if n == 1 else "s")


def _have(n: int) -> str:
    return "has" if n == 1 else "have"


def _turns_named(text: str, name: str) -> str:
    """F4: "until the end of attacker's turn" as the stat block says it: the monster acts on
    its own turn, which does not end what it imposes ("the cloaker's next turn")."""
    text = text.replace("of attacker's turn", f"of the {name.lower()}'s next turn")
    return text.replace("of target's turn", "of the target's next turn")


def _summary(b: dict[str, Any]) -> dict[str, Any]:
    keys = ("name", "size", "cr", "ac", "hp", "hit_dice")
    return {k: b.get(k) for k in keys}


def stat_block_text(b: dict[str, Any], width: int) -> str:
    """A stat block as lnf plays it: its figures, its attacks, and what lnf does not play."""

    def wrap(text: str) -> list[str]:
        return textwrap.wrap(_turns_named(text, b["name"]), width, subsequent_indent="    ")

    out = [f"{b['name']} — {b.get('size', '')} {b.get('type', '')}".rstrip()]
    if b.get("cr"):
        out[0] += f", CR {b['cr']} ({b.get('xp', 0):,} XP)"
    armor = ", ".join(i.replace("-", " ") for a in b.get("armor", []) for i in a.get("items", []))
    speeds = (
        [f"{b.get('speed', 30)} ft"]
        + ([f"fly {b['fly']} ft"] if b.get("fly") else [])
        + [f"{k} {v} ft" for k, v in b.get("speeds", {}).items()]
    )
    out.append(
        f"AC {b['ac']}"
        + (f" ({armor})" if armor else "")
        + f" · V-ACL: Hit DC {HIT_DC[Size(b.get('size', 'medium'))]}, DR {b.get('dr', 0)}"
        + f" · hp {b['hp']}"
        + (f" ({b['hit_dice']})" if b.get("hit_dice") else "")
        + f" · speed {', '.join(speeds)} · reach {b.get('reach', 5)} ft"
    )
    scores = b.get("abilities", {})
    if scores:
        out.append(
            "  ".join(f"{k.upper()} {v} ({ability_modifier(v):+d})" for k, v in scores.items())
        )
    saves = ", ".join(f"{k} {v:+d}" for k, v in b.get("saves", {}).items())
    out += wrap(
        f"Saves {saves or 'none'} · passive Perception {b.get('perception', 10)} · "
        f"Stealth {b.get('stealth', 0):+d} · Con {b.get('con', 0):+d} (dashes in a chase, C3)"
    )
    for key, title in (
        ("resist", "Resistances"),
        ("immune", "Immunities"),
        ("vulnerable", "Vulnerabilities"),
        ("condition_immune", "Condition immunities"),
    ):
        spells = key == "resist" and "resists-spells" in b.get("flags", [])  # D6: the archmage
        if b.get(key) or spells:
            out += wrap(
                f"{title}: {', '.join([*b.get(key, []), *['damage from spells'] * spells])}"
            )
    out.append("Attacks, as lnf plays them:")
    for a in b.get("attacks", []):
        out += wrap("  " + _attack_text(a))
    if not b.get("attacks"):
        out.append("  none (lnf gives it an unarmed strike)")
    if b.get("multiattack"):
        counts = ", ".join(f"{n} × {k}" for k, n in b["multiattack"].items())
        out.append(f"Multiattack: {counts}, all at one target (P2)")
    out += wrap(_multiattack_more(b)) if _multiattack_more(b) else []
    out += _whole_block_text(b, wrap)
    for guard in b.get("guards", []):  # F1: taken whenever it turns a hit into a miss
        name, _, bonus = guard.partition(" ")
        if name == "shield":
            out.append("Reaction: Shield (a 1st-level slot), +5 AC until its next turn (F1)")
        else:
            out.append(f"Reaction: {name.title()}, +{bonus} AC against a mêlée hit it turns (F1)")
    if b.get("traits"):  # B8: as the fight file writes them
        out += wrap(f"Traits, as lnf plays them (B8): {', '.join(b['traits'])}")
    if b.get("stores"):  # B6, B8: its Spell Storing
        out += wrap(
            f"Spell Storing: one spell of level {b['stores']} or lower its amulet's wearer casts, "
            "named by the fight file (stored: Fireball), cast once (B6, B8)"
        )
    if b.get("light"):
        out += wrap(
            "It sheds bright light: it holds a light (S3: in its group its side strikes first, "
            "unless the heroes there hold one too)"
        )
    if "invisible" in b.get("conditions", []):
        out += wrap(
            "It is invisible from the start (F3): attacks at it with disadvantage, its own with "
            "advantage"
        )
    if escape := b.get("escape"):  # C1, M6
        out += wrap(_escape_text(escape, b.get("uses", {})))
    for reason, notes in by_reason(b.get("not_modelled", [])).items():  # B8, B9
        out.append(f"{HEADS[reason]}:")
        for note in notes:
            out += wrap(f"  - {note}")
    out.append("")
    out += textwrap.wrap(ATTRIBUTION, width)
    return "\n".join(out)


def _escape_text(escape: dict[str, Any], uses: dict[str, int]) -> str:
    """C1, M6: its way of leaving by magic, as lnf plays it when it flees."""
    name, points = escape["name"], escape.get("points")
    if escape.get("provokes"):
        return f"Legendary {name}: joins a hero's group from no group (B7, M2), to strike there"
    use = f" ({uses[name]} use{'s' if uses[name] != 1 else ''})" if name in uses else ""
    where = (
        "gone at once"
        if points is None
        else f"the chase starts at {points} escape point{'s' if points != 1 else ''}"
    )
    first = ", its mêlée attack first" if escape.get("attacks_first") else ""
    return f"When it flees (C1): {name}{use}{first}, no opportunity attacks (M6), {where}"


def _multiattack_more(b: dict[str, Any]) -> str:
    """B1: what else its Multiattack does, in a DM's words ("" for nothing)."""
    rolled = b.get("multiattack_rolled", {}).items()
    said = [f"{n} × {k}, rolled each turn (planned as its average)" for n, k in rolled]
    if b.get("multiattack_in_place"):
        said.append(f"its first action in place of its {or_list(b['multiattack_in_place'])}")
    if b.get("multiattack_held"):
        said.append(f"then {b['multiattack_held']} on one it grapples")
    if b.get("multiattack_spell"):
        counts = ", ".join(f"{n} × {k}" for k, n in b["multiattack_spell"].items())
        said.append(f"or one spell and {counts}")
    return f"Multiattack also: {'; '.join(said)} (B1)" if said else ""


def _whole_block_text(b: dict[str, Any], wrap: Any) -> list[str]:
    """B1, B2, B6, B7: its actions and spells, slots, legendary actions and Legendary
    Resistance, as lnf plays them."""
    from lnf.formats.spellbook import ordinal

    out: list[str] = []
    if b.get("actions"):
        out.append("Actions and spells, as lnf plays them (B1, B2):")
        for a in b["actions"]:
            out += wrap("  " + _action_text(a))
    if b.get("slots"):
        used = b.get("used", {})
        slots = ", ".join(
            f"{ordinal(int(k))} {v}"
            + (f" ({used[f'slot {k}']} spent)" if used.get(f"slot {k}") else "")
            for k, v in sorted(b["slots"].items())
        )
        out += wrap(f"Spell slots: {slots}")
    if b.get("cast_before"):
        out += wrap(f"{b['cast_before']}: cast before the fight, AC {b['ac']} (B6)")
    for spell in b.get("before_combat", []):  # B6: Stoneskin, Mind Blank, Shillelagh
        out += wrap(f"{spell}: cast on itself before the fight (B6)")
    if b.get("legendary"):
        out.append("Legendary actions, 3 a round (B7):")
        for o in b["legendary"]:
            cost = f" (costs {o['cost']})" if o.get("cost", 1) > 1 else ""
            if o.get("attack"):
                what = f"its {o['attack']} attack"
            elif (mine := o.get("action", {}).get("effect", {})) and (
                mine.get("heal") or mine.get("ac")
            ):
                what = (  # B7: on itself (rules.legendary_self)
                    f"it regains {mine['heal']} hit points; when at half its hit points or fewer"
                    if mine.get("heal")
                    else f"+{mine['ac']} AC on itself until the end of its next turn; when no "
                    "option reaches a hero"
                )
            elif o.get("action"):
                own = {"name": o["name"], **o["action"]}
                what = _action_text(own).removeprefix(f"{own['name']}: ")
            elif o.get("spells") and any(a.get("spell") for a in b.get("actions", [])):
                what = "one of its spells above that it may cast now, a slot spent"
            else:
                what = "lnf does not play it (below)"
            out += wrap(f"  {o['name']}{cost}: {what}")
    for name, n in b.get("uses", {}).items():
        if name.startswith("Legendary Resistance"):
            out.append(f"Legendary Resistance: {n}/day (B7)")
        elif any(a["name"] == name and a["kind"] == "ranged" for a in b["attacks"]):
            out.append(f"{name}: {n} for the fight, one an attack roll (B2)")
    return out


def _action_text(a: dict[str, Any]) -> str:
    """ "Poison Breath: recharge 5–6; DC 14 Constitution save, half on a success; 12d6 poison;
    30 ft cone" (B1, B2)."""
    from lnf.formats.short_forms import parse_area, parse_save
    from lnf.formats.spellbook import ordinal

    parts = []
    if a.get("recharge"):
        parts.append(f"recharge {a['recharge']}–6" if a["recharge"] < 6 else "recharge 6")
    if str(a.get("spends", "")).startswith("slot "):  # B6: Divine Eminence
        parts.append(f"a {ordinal(int(a['spends'][5:]))}-level slot, with its bonus action")
    elif a.get("spends"):
        parts.append(f"one charge with its other {a['spends']}")
    if a.get("per_day"):
        parts.append(f"{a['per_day']}/day")
    if a.get("slot"):
        parts.append(f"a {ordinal(a['slot'])}-level slot")
    elif a.get("spell") and not a.get("per_day"):
        parts.append("at will")
    word = a.get("effect", {}).get("word")  # F7 Power Word Stun: the save only repeats
    if a.get("save") and word:
        ability, dc = parse_save(a["save"])
        parts.append(f"a DC {dc} {ability.word} save at the end of each of its turns ends it")
    elif a.get("save"):
        ability, dc = parse_save(a["save"])
        half = ", half on a success" if a.get("half", True) and a.get("damage") else ""
        parts.append(f"DC {dc} {ability.word} save{half}")
    elif a.get("to_hit") is not None and (
        a.get("spell") or a.get("kind") == "melee" or "recharge" in a or "per_day" in a
    ):  # an attack-roll spell, a limited attack (B2: the web), an attack with its extra
        parts.append(f"{a['to_hit']:+d} to hit")
    if a.get("damage"):
        times = f"{a['times']} × " if a.get("times", 1) > 1 else ""
        parts.append(times + a["damage"])
    if a.get("area"):
        parts.append(str(parse_area(a["area"])))
    if a.get("range"):
        parts.append(f"range {a['range']} ft")
    if a.get("only_on"):  # B4: the sea hag's Death Glare
        parts.append(f"a {a['only_on']} creature only")
    for r in a.get("riders", []):
        if word:  # its repeated save is said above
            parts.append(", ".join(r.get("conditions", [r.get("condition", "")])))
            continue
        if a.get("save"):  # F4: the action's save is the one repeated (`again`)
            parts.append(f"on a failure: {rider_of_doc({'again': a['save'], **r})}")
        else:
            parts.append(str(rider_of_doc(r)))
    parts += _effect_words(a.get("effect", {}), bool(a.get("spell") or a.get("slot")))
    if a.get("concentration"):
        parts.append("concentration")
    return f"{a['name']}: {'; '.join(parts)}"


def _effect_words(e: dict[str, Any], spell: bool = True) -> list[str]:
    """F7, B6: what a spell's `effect:` does, in a DM's words; a spell on its own side says
    when it is cast."""
    said = {
        "invisible": "it turns invisible"
        + (" until it attacks or casts a spell" if e.get("ends_on_attack") else ""),
        "blurred": "it blurs: attacks on it at disadvantage",
        "flying": "it flies, 60 ft (R7)",
        "darkness": "magical darkness fills its group while it concentrates",
        "dispel": "ends a hero's spell of the 3rd level or lower on its side",
        "heal": f"heals {e.get('heal')} to the most hurt"
        + (" other" if e.get("others") else "")
        + " of its side it touches",
        "word": f"no save when cast: only on a creature of {e.get('word')} hit points or fewer",
        "kills": "it dies (F7)",
        "aura": "an aura: each foe that starts its turn in its group saves (F7), none when cast",
        # B6, rules.joining and rules.specters: who joins its side, and when it is used
        "animates": f"{e.get('animates')} trees join its side and its group, each a treant "
        "with one Slam, until it dies; used only when it can attack no hero this round (B6)",
        "raises": "a hero dead in this fight rises on its side as a specter (at most seven); "
        "used only when it can attack no hero this round (B6)",
        # F7 Telekinesis: no save, a contest
        "contest": f"if its check at {e.get('contest', 0):+d} beats the hero's Strength check",
        "mirror": f"three duplicates of AC {e.get('mirror')}: "
        + (
            "a d20 may move an attack to one"
            if spell
            else "a die among it and them (a d4 with three) may move an attack or a spell to one"
        ),
        "ward": {
            "unfettered": "it is unfettered: never paralyzed, restrained or grappled",
            "fire-shielded": "a warm shield: it resists cold, and 2d8 fire burns whoever hits "
            "it in mêlée",
            "hasted": "until the end of its next turn: +2 AC, advantage on Dexterity saves, "
            "one more slam (its bonus action)",
            "enlarged": "it is enlarged: its weapons deal their damage while enlarged (or 1d4 "
            "more), advantage on Strength checks and saves",
            "globe-warded": "a hero's spell of the 5th level or lower from outside its group "
            "has no effect in it",
            "warded": "it wards itself: who aims an attack or a spell with no area at it "
            "saves first (a failure: another target, or it is lost), until it attacks a foe",
        }.get(str(e.get("ward")), f"it is {e.get('ward')}"),
    }
    out = [words for key, words in said.items() if e.get(key) or (key == "contest" and key in e)]
    if any(
        e.get(k)
        for k in ("invisible", "blurred", "flying", "dispel", "heal", "ward", "mirror", "darkness")
    ):
        verb = "cast" if spell else "used"  # the imp's own Invisibility is no spell
        out.append(f"{verb} only when it can attack no hero this round (B6)")
    return out + ([e["lasting"]] if e.get("lasting") else [])


def _attack_text(a: dict[str, Any]) -> str:
    kind = {"melee": "mêlée", "ranged": "ranged", "thrown": "mêlée or thrown"}[a["kind"]]
    where = []
    if a["kind"] != "ranged":
        where.append(f"reach {a.get('reach', 5)} ft")
    if a.get("range"):
        where.append(f"range {a['range']} ft")
    text = f"{a['name']}: {kind}{' spell' if a.get('spell') else ''}, {a['to_hit']:+d} to hit, "
    text += " or ".join(where) + f"; {a.get('damage', 'no damage of its own')}"  # F6
    if a.get("alt_damage"):
        text += f", {a['alt_damage']} {a.get('alt_when', '')}"
    if a.get("properties"):  # the SRD weapon's (V3 reads two-handed)
        text += f" ({', '.join(p.replace('_', '-') for p in a['properties'])})"
    if a.get("crit_times", 2) != 2:  # D5
        text += f"; its dice {a['crit_times']} times on a critical hit"
    if a.get("either"):  # D6: the djinni's lightning or thunder
        text += "".join(f" ({k} or {o}, the worse for its target)" for k, o in a["either"].items())
    if a.get("times", 1) > 1:
        text += f"; {a['times']} a turn"
    for r in a.get("riders", []):  # F6
        limit = f" if the target is {r['only_if']}" if r.get("only_if") else ""
        text += f"; on a hit{limit}: {rider_of_doc(r)}"
    return text
