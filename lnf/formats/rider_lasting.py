"""F4, F6: a rider's fields of what lasts or comes later, in the fight file's words — a lasting
condition past the fight (`afflicts`), no healing, the drainer regaining, the slain rising, a
failed repeat's condition (`then`), a bad failure's unconsciousness (`out_by`, `out_at`,
`wakes`, `shake`) and damage each turn (`hurts`) — read and checked for `rider_forms.rider`,
and written back for the bestiary (`lasting_doc`, `lasting_of_doc`)."""

from __future__ import annotations

from typing import Any

from lnf.dice import DiceExpr
from lnf.formats.spec import INVALID, Checker
from lnf.formats.yaml_source import FieldPath
from lnf.model import Condition, Lasting, Rider, TurnEdge
from lnf.model.effects import NO_HEALING


def parse_no_healing(value: Any) -> str:
    """F6: `all` (no regaining hit points) or `magic` (none but by magic)."""
    word = str(value).strip().lower()
    if word not in NO_HEALING:
        raise ValueError(f"bad no_healing {value!r}")
    return word


def lasting_fields(r: dict[str, Any], path: FieldPath, ck: Checker) -> dict[str, Any]:
    """The Rider fields of what lasts or comes later, checked."""

    def given(key: str) -> bool:
        return r[key] not in (None, False, 0, "", INVALID)

    if given("then") and not given("repeat"):
        ck.fail((*path, "then"), "a failed repeat of what? give repeat: end", rule="F4")
    for key, needs, words, rule in (
        ("then_lasting", "then", "how long what lasts? give then", "F4"),
        ("regains", "max_hp", "regains what? give max_hp: the maximum it drains", "F6"),
        ("slain", "afflicts", "what comes of the slain? give afflicts", "F6"),
        ("hurts", "hurts_at", "when? give hurts_at: start or end (of each of its turns)", "F6"),
        ("hurts_at", "hurts", "what does it deal? give hurts, such as 1d10 fire", "F6"),
        ("stacks", "hurts_what", "what grows with each hit? give hurts_what", "F6"),
        ("kills", "save", "a save or die: give save, such as save: con 15", "F6"),
    ):
        if given(key) and not given(needs):
            ck.fail((*path, key), words, rule=rule)
    if given("at_zero") and not (given("condition") or r["conditions"]):
        ck.fail((*path, "at_zero"), "what comes at 0 hit points? give conditions", rule="F6")
    for key in ("then_lasting", "out_lasting"):
        lasting = r[key]
        if isinstance(lasting, Lasting) and (lasting.until is not None or not lasting.rounds):
            ck.fail((*path, key), "give it in rounds, minutes, hours or days", rule="F4")
    then_lasting, out_lasting = r["then_lasting"], r["out_lasting"]
    return {
        "afflicts": r["afflicts"].strip() if isinstance(r["afflicts"], str) else "",
        "no_healing": r["no_healing"] if r["no_healing"] in NO_HEALING else "",
        "regains": r["regains"] is True,
        "slain": r["slain"] is True,
        "at_zero": r["at_zero"] is True,
        "then": r["then"] if isinstance(r["then"], Condition) else None,
        "then_rounds": then_lasting.rounds if isinstance(then_lasting, Lasting) else 0,
        "out_by": r["out_by"] if isinstance(r["out_by"], int) else 0,
        "out_at": r["out_at"] if isinstance(r["out_at"], int) else 0,
        "out_rounds": out_lasting.rounds if isinstance(out_lasting, Lasting) else 0,
        "wakes": r["wakes"] is True,
        "shake": r["shake"] is True,
        "hurts": r["hurts"] if isinstance(r["hurts"], DiceExpr) else None,
        "hurts_at": r["hurts_at"] if isinstance(r["hurts_at"], TurnEdge) else None,
        "hurts_what": r["hurts_what"].strip() if isinstance(r["hurts_what"], str) else "",
        "stacks": r["stacks"] is True,
        "healed_ends": r["healed_ends"] is True,
        "armor": r["armor"] if isinstance(r["armor"], int) else 0,
        "kills": r["kills"] if isinstance(r["kills"], int) else 0,
        "strength": r["strength"] if isinstance(r["strength"], DiceExpr) else None,
    }


def lasting_doc(r: Rider) -> dict[str, Any]:
    """Those fields in the fight file's words: only what is set."""
    from lnf.formats.short_forms import lasting_text

    d: dict[str, Any] = {}
    words = {"afflicts": r.afflicts, "no_healing": r.no_healing, "hurts_what": r.hurts_what}
    flags = {"regains": r.regains, "slain": r.slain, "wakes": r.wakes, "shake": r.shake}
    flags["at_zero"] = r.at_zero
    flags |= {"stacks": r.stacks, "healed_ends": r.healed_ends}
    d |= {k: v for k, v in words.items() if v} | {k: True for k, v in flags.items() if v}
    figures = {"out_by": r.out_by, "out_at": r.out_at, "armor": r.armor, "kills": r.kills}
    d |= {k: v for k, v in figures.items() if v}
    if r.then is not None:
        d["then"] = r.then.value
        d["then_lasting"] = lasting_text(Lasting(rounds=r.then_rounds))
    if r.out_rounds:
        d["out_lasting"] = lasting_text(Lasting(rounds=r.out_rounds))
    if r.hurts is not None and r.hurts_at is not None:
        d["hurts"] = str(r.hurts)
        d["hurts_at"] = r.hurts_at.value
    if r.strength is not None:
        d["strength"] = str(r.strength)
    return d


def lasting_of_doc(d: dict[str, Any]) -> dict[str, Any]:
    """The Rider fields `lasting_doc` wrote (lnf's own: trusted)."""
    from lnf.formats.short_forms import parse_damage, parse_lasting

    def rounds(key: str) -> int:
        return parse_lasting(d[key]).rounds if key in d else 0

    return {
        "afflicts": str(d.get("afflicts", "")),
        "no_healing": str(d.get("no_healing", "")),
        "regains": bool(d.get("regains")),
        "slain": bool(d.get("slain")),
        "at_zero": bool(d.get("at_zero")),
        "then": Condition(d["then"]) if "then" in d else None,
        "then_rounds": rounds("then_lasting"),
        "out_by": int(d.get("out_by", 0)),
        "out_at": int(d.get("out_at", 0)),
        "out_rounds": rounds("out_lasting"),
        "wakes": bool(d.get("wakes")),
        "shake": bool(d.get("shake")),
        "hurts": parse_damage(d["hurts"]) if "hurts" in d else None,
        "hurts_at": TurnEdge(d["hurts_at"]) if "hurts_at" in d else None,
        "hurts_what": str(d.get("hurts_what", "")),
        "stacks": bool(d.get("stacks")),
        "healed_ends": bool(d.get("healed_ends")),
        "armor": int(d.get("armor", 0)),
        "kills": int(d.get("kills", 0)),
        "strength": parse_damage(d["strength"]) if "strength" in d else None,
    }
