"""A hero's turn in words, as a player types it or a script holds it, checked against the rules.

    attack Skeleton 2 [with Shortsword] [sneak 2d6] [surge]
    cast Guiding Bolt at Wight
    heal Doris 1d8+3 [with Cure Wounds]
    join A | join Skeleton 1 | leave | front | back guarded | free-air
    dash | disengage | dodge | help Felix | hide | use potion of climbing | nothing

Moves and one action, joined with `;` ("join A; attack Wight"). Anything the rules forbid is
refused with the rule's id and the choices that are open.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lnf.dice import DiceError, DiceExpr, parse
from lnf.errors import LnfError
from lnf.model import Attack, BackReason, Fight, Hero, Monster, Rank
from lnf.model.plan import Mode
from lnf.play.events import Moved
from lnf.play.state import apply_step
from lnf.rules.areas import check_area_targets, target_count
from lnf.rules.chase import in_chase
from lnf.rules.hero_turn import attack_modes, can_leave, join_targets, rank_choices
from lnf.rules.moves import is_fast
from lnf.rules.roster import in_fight
from lnf.rules.state import check_state

SIMPLE_ACTIONS = ("dash", "disengage", "dodge", "help", "hide", "use", "nothing")
MODE_WORDS = {Mode.MELEE: "mêlée", Mode.REACH: "reach", Mode.RANGED: "ranged"}


class IllegalChoice(LnfError):
    """A hero's choice the rules do not allow, with the rule and what is open instead."""

    def __init__(self, message: str, rule: str = "", options: list[str] | None = None) -> None:
        self.message = message
        self.rule = rule
        self.options = options or []
        super().__init__(self.describe())

    def describe(self) -> str:
        text = self.message + (f" ({self.rule})" if self.rule else "")
        if self.options:
            text += "\n  open to the hero: " + "; ".join(self.options)
        return text


@dataclass(frozen=True)
class AttackChoice:
    target: str
    attack: Attack
    mode: Mode
    extra: DiceExpr | None = None  # Sneak Attack dice
    big: str = ""  # T1: the big resource, if any
    times: int = 1
    knock_out: bool = False  # D8: knock the foe out instead of killing it (mêlée)


@dataclass(frozen=True)
class SpellChoice:
    """A spell with a saving throw: one target, or the targets of an area (E1–E4)."""

    spell: Attack
    targets: list[str]
    spared: list[str] = field(default_factory=list)  # Sculpt Spells
    big: str = ""
    area: str = ""


@dataclass(frozen=True)
class HealChoice:
    target: str
    amount: DiceExpr
    by: str = ""


@dataclass(frozen=True)
class SimpleChoice:
    action: str
    detail: str = ""


Action = AttackChoice | SpellChoice | HealChoice | SimpleChoice


@dataclass(frozen=True)
class Choice:
    moves: list[Moved] = field(default_factory=list)
    action: Action = SimpleChoice("nothing")
    flee: bool = False  # C1: it runs from the fight after its moves (a move, not an action)


def parse_choice(fight: Fight, hero: Hero, text: str) -> Choice:
    """Read and check a hero's turn against the state `fight`."""
    moves: list[Moved] = []
    action: Action | None = None
    flee = False
    state = fight
    for part in (p.strip() for p in re.split(r";|\bthen\b", text) if p.strip()):
        verb, _, rest = part.partition(" ")
        verb, rest = verb.lower(), rest.strip()
        if verb == "flee":
            if in_chase(state, hero.name):
                raise IllegalChoice(f"{hero.name} is already in a chase", "C1")
            flee = True
            continue
        if verb in ("join", "leave", "front", "back", "free-air", "rank"):
            move = _move(state, state.hero(hero.name), verb, rest)
            changes = [m for m in (*moves, move) if m.leave or m.join is not None]
            if len(changes) > 1 and not is_fast(hero):
                raise IllegalChoice(
                    f"{hero.name} is slow: one group change per round, into a group or out", "M2"
                )
            state, _ = apply_step(state, move)
            moves.append(move)
            continue
        if action is not None:
            raise IllegalChoice("one action per turn; moves may come before it")
        current = state.hero(hero.name)
        if verb == "cast" and (spell := _save_spell(current, rest)) is not None:
            action = _cast_save(state, current, spell, rest)
        elif verb in ("attack", "cast"):
            action = _attack(state, current, verb, rest)
        elif verb == "heal":
            action = _heal(state, rest)
        elif verb == "help":
            allies = [h.name for h in state.heroes if in_fight(h) and h.name != hero.name]
            action = SimpleChoice("help", _name(rest, allies))
        elif verb in SIMPLE_ACTIONS or verb == "pass":
            action = SimpleChoice("nothing" if verb == "pass" else verb, rest)
        else:
            raise IllegalChoice(f"lnf does not know {verb!r}", options=options(state, current))
    if flee and isinstance(action, AttackChoice | SpellChoice | HealChoice):
        raise IllegalChoice(
            "a hero who flees attacks in the chase rounds, by escape points (C4); "
            "with flee go disengage, dash, dodge or nothing",
            "C1",
        )
    return Choice(moves, action or SimpleChoice("nothing"), flee)


# --- moves ---------------------------------------------------------------------------------


def _move(fight: Fight, hero: Hero, verb: str, rest: str) -> Moved:
    if not fight.phase.kind.melee_possible:
        raise IllegalChoice("no groups and no ranks before the sides meet", "V3")
    if in_chase(fight, hero.name):
        raise IllegalChoice(f"{hero.name} is in a chase, away from the groups", "C1")
    if verb == "rank":
        verb, _, rest = rest.partition(" ")
        verb, rest = verb.lower(), rest.strip()
    if verb == "leave":
        if not can_leave(fight, hero):
            raise IllegalChoice(f"{hero.name} is in no group or cannot move", "M4")
        return Moved(hero.name, leave=True)
    if verb == "join":
        open_ = join_targets(fight, hero)
        where = _name(
            rest, [*open_, *(g.label for g in fight.groups), *(m.name for m in fight.monsters)]
        )
        if where not in open_:
            rule = "M2" if fight.group_of(hero.name) is not None else "M4"
            raise IllegalChoice(
                f"{hero.name} cannot join {where} now", rule, [f"join {w}" for w in open_]
            )
        return Moved(hero.name, join=where)
    rank = Rank(verb)
    if rank not in rank_choices(fight, hero):
        raise IllegalChoice(f"{hero.name} cannot switch to the {rank} rank now", "R7, R8")
    why = None
    if rank is Rank.BACK:
        try:
            why = BackReason(rest.lower() or "guarded")
        except ValueError:
            reasons = ", ".join(r.value for r in BackReason)
            raise IllegalChoice(
                f"why may {hero.name} stand back? say one of {reasons}", "R4"
            ) from None
    move = Moved(hero.name, rank=rank.value, why=why.value if why else None)
    after, _ = apply_step(fight, move)
    broken = [v for v in check_state(after) if hero.name in v.who and v.rule != "K2"]
    if broken:
        raise IllegalChoice(broken[0].message, broken[0].rule)
    return move


# --- actions -------------------------------------------------------------------------------


def _attack(fight: Fight, hero: Hero, verb: str, rest: str) -> AttackChoice:
    """`attack TARGET [with ATTACK] [sneak DICE] [surge]` or `cast SPELL at TARGET`."""
    extra: DiceExpr | None = None
    big = ""
    factor = 1
    ko = False
    while found := re.search(r"\s(ko|surge|sneak\s+(\S+))\s*$", " " + rest, re.IGNORECASE):
        rest = (" " + rest)[: found.start()].strip()  # the words may come in any order
        word = found[1].lower()
        if word == "ko":
            ko = True
        elif word == "surge":
            factor, big = 2, big or "Action Surge"
        else:
            extra, big = _dice(found[2]), "Sneak Attack"
    if verb == "cast":
        pieces = re.split(r"\s+(?:at|on)\s+", rest, maxsplit=1, flags=re.IGNORECASE)
        if len(pieces) != 2:
            raise IllegalChoice("say which spell at whom: cast SPELL at MONSTER")
        wanted, target_text = pieces
    else:
        pieces = re.split(r"\s+with\s+", rest, maxsplit=1, flags=re.IGNORECASE)
        target_text, wanted = (pieces[0], pieces[1]) if len(pieces) == 2 else (rest, "")
    target = _monster(fight, target_text.strip())
    usable = [a for a in hero.attacks if a.spell or verb == "attack"]
    attacks = [a for a in usable if not wanted or a.name.lower() == wanted.strip().lower()]
    if not attacks:
        what = "spell" if verb == "cast" else "attack"
        raise IllegalChoice(
            f"{hero.name} has no {what} called {wanted.strip()!r}",
            options=[a.name for a in usable],
        )
    for attack in attacks:
        modes = attack_modes(fight, hero, target, attack)
        if modes:
            big = big or ("a slotted spell" if attack.slot else "")
            times = attack.times * factor
            ko = ko and modes[0] is Mode.MELEE
            return AttackChoice(target.name, attack, modes[0], extra, big, times, ko)
    raise IllegalChoice(
        f"{hero.name} cannot reach {target.name} with {' or '.join(a.name for a in attacks)}",
        _why_not(fight, hero, target),
        [o for o in options(fight, hero) if o.startswith(("attack", "cast"))],
    )


def _save_spell(hero: Hero, rest: str) -> Attack | None:
    """The hero's save spell named at the start of `cast …`, if it is one."""
    name = re.split(r"\s+(?:at|on)\s+", rest, maxsplit=1, flags=re.IGNORECASE)[0].strip().lower()
    return next((a for a in hero.attacks if a.save is not None and a.name.lower() == name), None)


def _cast_save(fight: Fight, hero: Hero, spell: Attack, rest: str) -> SpellChoice:
    """`cast Fireball at Orc 1, Orc 2 and Kara sculpt Kara` (E3) or `cast Sacred Flame at Orc`."""
    pieces = re.split(r"\s+(?:at|on)\s+", rest, maxsplit=1, flags=re.IGNORECASE)
    if len(pieces) != 2:
        raise IllegalChoice(f"say whom: cast {spell.name} at TARGET[, TARGET…]")
    text, sculpt = pieces[1], ""
    if found := re.search(r"\s+sculpt\s+", text, re.IGNORECASE):
        text, sculpt = text[: found.start()], text[found.end() :]
    standing = [c.name for c in fight.everyone if in_fight(c)]
    targets = [_name(t, standing) for t in _names(text)]
    spared = [_name(t, standing) for t in _names(sculpt)]
    big = "a slotted spell" if spell.slot else ""
    if spell.area is None:
        if len(targets) != 1 or not isinstance(fight.combatant(targets[0]), Monster):
            raise IllegalChoice(f"{spell.name} takes one monster as its target")
        return SpellChoice(spell, targets, [], big)
    count = target_count(spell.area)
    broken = check_area_targets(fight, targets, count)
    if broken:
        raise IllegalChoice(
            broken[0].message + (f"; {broken[0].hint}" if broken[0].hint else ""), broken[0].rule
        )
    wrong = [s for s in spared if s not in targets or not isinstance(fight.combatant(s), Hero)]
    if wrong:
        raise IllegalChoice(
            f"Sculpt Spells spares allies among the targets, not {', '.join(wrong)}"
        )
    return SpellChoice(spell, targets, spared, big, f"{spell.area}, {count} targets")


def _names(text: str) -> list[str]:
    return [n.strip() for n in re.split(r",|\band\b", text) if n.strip()]


def _why_not(fight: Fight, hero: Hero, target: Monster) -> str:
    if in_chase(fight, hero.name) or in_chase(fight, target.name):
        return "C1, C4"  # only across a chase pair's own escape points
    if not fight.phase.kind.melee_possible:
        return "V3"
    group = fight.group_of(hero.name)
    if group is not None and target.name in group.members:
        return "A1, R3"  # together, but one of them is not in the front rank
    return "A1, A2" if group is None else "A1"


def _heal(fight: Fight, rest: str) -> HealChoice:
    found = re.match(r"(.+?)\s+(\S*\d\S*)(?:\s+with\s+(.+))?$", rest)
    if found is None:
        raise IllegalChoice("say whom and how much: heal Doris 1d8+3 [with Cure Wounds]")
    standing = [h.name for h in fight.heroes if in_fight(h)]
    if found[1] in fight and found[1] not in standing:
        raise IllegalChoice(f"{found[1]} is dead: no healing brings a hero back here (D9)")
    who = _name(found[1], standing)
    return HealChoice(who, _dice(found[2]), (found[3] or "").strip())


def _dice(text: str) -> DiceExpr:
    try:
        return parse(text)
    except DiceError as exc:
        raise IllegalChoice(f"bad dice {text!r}: {exc.message}", "D1") from None


def _monster(fight: Fight, text: str) -> Monster:
    standing = [m.name for m in fight.monsters if in_fight(m)]
    if text not in standing and text in fight and isinstance(fight.combatant(text), Monster):
        raise IllegalChoice(f"{text} is down or gone", options=standing)
    return fight.monster(_name(text, standing))


def _name(text: str, names: list[str]) -> str:
    """The name the player meant: exact, then ignoring case; else a clear refusal."""
    for name in names:
        if name == text:
            return name
    for name in names:
        if name.lower() == text.lower():
            return name
    raise IllegalChoice(f"no {text!r} here", options=list(dict.fromkeys(names)))


# --- what is open --------------------------------------------------------------------------


def options(fight: Fight, hero: Hero) -> list[str]:
    """Everything the hero may do now, as it would type it."""
    out: list[str] = []
    for m in fight.monsters:
        for a in hero.attacks:
            modes = attack_modes(fight, hero, m, a)
            if modes:
                verb = f"cast {a.name} at {m.name}" if a.spell else f"attack {m.name} with {a.name}"
                out.append(f"{verb} ({MODE_WORDS[modes[0]]})")
    out += [f"join {w}" for w in join_targets(fight, hero)]
    if can_leave(fight, hero):
        out.append("leave")
    out += [r.value if r is not Rank.BACK else "back guarded" for r in rank_choices(fight, hero)]
    out += [
        "heal ALLY DICE",
        "dash",
        "disengage",
        "dodge",
        "help ALLY",
        "hide",
        "use ITEM",
        "flee",
        "nothing",
    ]
    return out
