"""A monster entry's whole stat block as the model holds it (B1, B2, B7): its `actions` (special
actions and spells, each an `Attack` with its recharge or uses a day), its `legendary` options,
and its limited uses as `Resource`s: a recharge action's charge (`Recharge.ROLL`, 1), a per-day
action's uses, spell slots (`slot 3`), legendary action points a round (`Recharge.ROUND`) and
Legendary Resistance, then the file's `uses:` over them and `used:` spent. Both ways: what
`lnf.formats.fight_spec` read becomes the model's values, and a monster's values become the
entry's fields (`monster_doc`), so `parse_fight(dump_fight(f)) == f`.
"""

from __future__ import annotations

from typing import Any

from lnf.formats.attack_spec import ATTACK_DEFAULTS
from lnf.formats.fight_combatants import mark_used, named_use
from lnf.formats.spec import INVALID, Checker, did_you_mean
from lnf.formats.spell_effects import NO_DAMAGE
from lnf.model import (
    LEGENDARY_ACTIONS,
    LEGENDARY_RESISTANCE,
    SLOT,
    Attack,
    Cost,
    Legendary,
    Monster,
    Recharge,
    Resource,
)
from lnf.values import replace

Path = tuple[str | int, ...]
LEGENDARY_POINTS = 3  # B7: every SRD legendary creature takes 3 legendary actions a round


def read_actions(
    d: dict[str, Any], reach: int, path: Path, ck: Checker
) -> tuple[tuple[Attack, ...], tuple[Legendary, ...], tuple[Resource, ...]]:
    """B1, B2, B7: a monster entry's `actions`, `legendary` and resources; each problem named
    at its field."""
    from lnf.formats.fight_combatants import read_attack

    actions = tuple(
        _action(a, reach, (*path, "actions", j), ck, read_attack)
        for j, a in enumerate(d["actions"])
        if isinstance(a, dict)
    )
    _unique([a.name for a in actions], (*path, "actions"), ck)
    weapons = {a["name"] for a in d["attacks"] if isinstance(a, dict)}
    legendary = []
    for j, o in enumerate(d["legendary"]):
        if not isinstance(o, dict):
            continue
        at = (*path, "legendary", j)
        if o["attack"] and o["attack"] not in weapons:
            ck.fail(
                (*at, "attack"),
                f"{o['attack']!r} is none of its attacks",
                did_you_mean(o["attack"], sorted(weapons)) or "name one of its attacks",
                rule="B7",
            )
        action = None
        if isinstance(o["action"], dict):
            if o["attack"]:
                ck.fail((*at, "action"), "give attack or action, not both", rule="B7")
            own = {**o["action"], "name": o["action"]["name"] or o["name"]}
            action = _action(own, reach, (*at, "action"), ck, read_attack)
        if o["spells"] and (o["attack"] or action is not None):
            ck.fail((*at, "spells"), "give attack, action or spells, one of them", rule="B7")
        legendary.append(
            Legendary(
                name=o["name"],
                cost=o["cost"],
                attack=o["attack"],
                action=action,
                spells=o["spells"],
            )
        )
    resources = _resources(d, actions, bool(legendary), path, ck)
    return actions, tuple(legendary), resources


def _action(a: dict[str, Any], reach: int, path: Path, ck: Checker, read: Any) -> Attack:
    """One action entry: an attack entry's fields, and B2's recharge or uses a day. An action
    that imposes conditions (Frightful Presence) or a reaction spell (Counterspell) may deal
    no damage."""
    if a["damage"] is None and (a["riders"] or (a["spell"] and a["cost"] is Cost.REACTION)):
        a = {**a, "damage": NO_DAMAGE}  # B10: Counterspell deals none
    if a["recharge"] and a["per_day"]:
        ck.fail((*path, "per_day"), "give recharge or per_day, not both", rule="B2")
    attack: Attack = read(a, reach, path, ck)
    return replace(
        attack,
        recharge=a["recharge"] or 0,
        per_day=a["per_day"] or 0,
        choice=a["choice"],
        immune_after=a["immune_after"],
    )


def _unique(names: list[str], path: Path, ck: Checker) -> None:
    seen: set[str] = set()
    for j, name in enumerate(names):
        if name.lower() in seen:
            ck.fail((*path, j, "name"), f"two actions are called {name!r}", rule="B1")
        seen.add(name.lower())


def given_resources(
    actions: tuple[Attack, ...], legendary: bool, slots: dict[int, int]
) -> dict[str, Resource]:
    """B2, B7: what a monster's actions, legendary options and slots give, before `uses:`: a
    recharge action's charge (shared by the actions that spend one name, a dragon's breaths),
    per-day uses, slots, 3 legendary action points a round."""
    found: dict[str, Resource] = {}
    for a in actions:
        name = a.spends or a.name
        if a.recharge:
            found.setdefault(name, Resource(name, 1, 0, Recharge.ROLL))
        elif a.per_day:
            found.setdefault(name, Resource(name, a.per_day, 0, Recharge.LONG))
    for level, total in sorted(slots.items()):
        found[f"{SLOT}{level}"] = Resource(f"{SLOT}{level}", total, 0, Recharge.LONG)
    if legendary:
        found[LEGENDARY_ACTIONS] = Resource(LEGENDARY_ACTIONS, LEGENDARY_POINTS, 0, Recharge.ROUND)
    return found


def _resources(
    d: dict[str, Any], actions: tuple[Attack, ...], legendary: bool, path: Path, ck: Checker
) -> tuple[Resource, ...]:
    slots: dict[int, int] = {}
    for level, total in d["slots"].items():
        if not level.isdigit() or not 1 <= int(level) <= 9:
            ck.fail((*path, "slots", level), f"{level!r} is not a spell level from 1 to 9")
        elif total is not INVALID:
            slots[int(level)] = total
    found = given_resources(actions, legendary, slots)
    for key, total in d["uses"].items():
        if total is INVALID:
            continue
        name, recharge = named_use(key)
        old = next((r for r in found.values() if r.name.lower() == name.lower()), None)
        if old is not None:
            found[old.name] = replace(old, total=total, recharge=recharge or old.recharge)
        else:
            default = Recharge.ROUND if name.lower() == LEGENDARY_ACTIONS.lower() else None
            name = LEGENDARY_ACTIONS if default else name
            name = LEGENDARY_RESISTANCE if name.lower() == LEGENDARY_RESISTANCE.lower() else name
            found[name] = Resource(name, total, 0, recharge or default or Recharge.LONG)
    mark_used(
        found, d["used"], path, ck, "its limited uses (slots, recharge and per-day actions)", "B2"
    )
    return tuple(found.values())


def monster_doc(m: Monster, attack_doc: Any) -> dict[str, Any]:
    """The entry's fields for a monster's actions, legendary options and resources, only
    what differs from what the actions give (`attack_doc` writes an attack entry)."""
    d: dict[str, Any] = {}
    if m.actions:
        d["actions"] = [_action_doc(a, m.reach, attack_doc) for a in m.actions]
    if m.legendary:
        d["legendary"] = [_legendary_doc(o, m.reach, attack_doc) for o in m.legendary]
    slots = {
        int(r.name.removeprefix(SLOT)): r.total for r in m.resources if r.name.startswith(SLOT)
    }
    given = given_resources(m.actions, bool(m.legendary), slots)
    uses, used = {}, {}
    for r in m.resources:
        key = r.name.removeprefix(SLOT) if r.name.startswith(SLOT) else r.name
        old = given.get(r.name)
        if old is None or old.total != r.total or old.recharge != r.recharge:
            uses[f"{r.name} ({r.recharge.value})"] = r.total
        if r.used:
            used[key] = r.used
    if slots:
        d["slots"] = {str(k): v for k, v in sorted(slots.items())}
    for key, part in (("uses", uses), ("used", used)):
        if part:
            d[key] = part
    return d


def _action_doc(a: Attack, reach: int, attack_doc: Any) -> dict[str, Any]:
    d: dict[str, Any] = attack_doc(a, reach)
    if a.damage == NO_DAMAGE:
        d.pop("damage", None)
    for key in ("recharge", "per_day", "choice", "immune_after"):
        if getattr(a, key) != ATTACK_DEFAULTS[key]:
            d[key] = getattr(a, key)
    return d


def _legendary_doc(o: Legendary, reach: int, attack_doc: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"name": o.name}
    if o.cost != 1:
        d["cost"] = o.cost
    if o.attack:
        d["attack"] = o.attack
    if o.action is not None:
        d["action"] = _action_doc(o.action, reach, attack_doc)
    if o.spells:
        d["spells"] = True
    return d
