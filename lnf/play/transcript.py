"""The fight told as a DM would tell it: one line per thing that happened, every roll with its
parts (`1d20 (17) + 4 = 21 vs AC 16: hit`), and what followed from the rules.

`describe` needs the state before the event; `transcript` replays a whole log.
"""

from __future__ import annotations

from lnf.dice import DamageType
from lnf.model import Fight, Hero, Rank
from lnf.play.events import (
    Acted,
    Attacked,
    Begun,
    Damaged,
    Dashed,
    DeathSave,
    Dropped,
    Ended,
    Event,
    Fled,
    Healed,
    Hid,
    Marked,
    Moved,
    PhaseSet,
    Planned,
    Recorded,
    Redone,
    RoundStarted,
    SpellCast,
    Step,
    Turn,
    Undone,
)
from lnf.play.state import apply, apply_step, spell_damage
from lnf.rules.damage import after_defences
from lnf.rules.strike_order import strike_blocks
from lnf.rules.wording import and_list

MODE_WORDS = {"melee": "in mêlée", "reach": "with reach", "ranged": "at range"}
ACTION_WORDS = {
    "dash": "dashes",
    "disengage": "disengages",
    "dodge": "dodges",
    "help": "helps",
    "use": "uses",
    "nothing": "does nothing",
}


def transcript(start: Fight, events: list[Event], *, markdown: bool = False) -> list[str]:
    lines: list[str] = []
    fight = start
    for event in events:
        lines += describe(event, fight, markdown=markdown)
        fight, _ = apply(fight, event)
    return lines


def describe(event: Event, before: Fight, *, markdown: bool = False) -> list[str]:
    bullet = "- " if markdown else ""
    if isinstance(event, Begun):
        return []  # the seed is for replaying, not for telling
    if isinstance(event, RoundStarted):
        phase = f" ({event.phase})" if event.phase.startswith("volley") else ""
        head = f"## Round {event.round}{phase}" if markdown else f"Round {event.round}{phase}"
        blocks = "; ".join(", ".join(names) for _, names in strike_blocks(before))
        order = f"{bullet}Strike order (S2, S3): {blocks}."
        return ["", head, order]
    if isinstance(event, Planned):
        return [bullet + _plan_line(event)]
    if isinstance(event, PhaseSet):
        return [bullet + event.note[:1].upper() + event.note[1:] + "."]
    if isinstance(event, Turn):
        return [_bulleted(line, markdown) for line in _turn_lines(event, before)]
    if isinstance(event, Recorded):
        prefix = "DM: " if event.by == "dm" else ""
        out = [f"{bullet}{prefix}{event.note}"] if event.note else []
        lines = _steps_lines(event.steps, before, prefix)
        return out + [_bulleted(line, markdown) for line in lines]
    if isinstance(event, Ended):
        away = [c.name for c in before.everyone if c.escaped]
        got_away = f" {and_list(away)} got away (C6)." if away else ""
        bold = "**" if markdown else ""
        return ["", f"{bold}The {event.winner} win.{bold}{got_away}"]
    if isinstance(event, Undone | Redone):
        return []
    raise AssertionError(event)


def _bulleted(line: str, markdown: bool) -> str:
    """In Markdown a step is a bullet and what followed from it a bullet under it."""
    if not markdown:
        return line
    return "  - " + line.strip() if line.startswith("  → ") else "- " + line


def _plan_line(event: Planned) -> str:
    head = "New plan (P6), the grid has changed" if event.replan else "The monsters' plan (P3)"
    if not event.orders:
        return f"{head}: {event.note or 'no monster can act'}."
    parts = []
    for o in event.orders:
        part = str(o["monster"])
        extra = []
        if o["move"] != "stays":
            extra.append(str(o["move"]))
        if o["target"] is not None:
            extra.append(f"attacks {o['target']} {MODE_WORDS[str(o['mode'])]}")
        else:
            extra.append("does not attack")
        if o["rank"] != "front":
            extra.append(f"from {o['rank']}" if o["rank"] == "free-air" else "in the back rank")
        parts.append(f"{part} {', '.join(extra)}")
    return f"{head}: {'; '.join(parts)}."


def _turn_lines(event: Turn, before: Fight) -> list[str]:
    if event.note:
        return [f"{event.who} {event.note}."]
    if not event.steps:
        return [f"{event.who} does nothing."]
    return _steps_lines(event.steps, before, "")


def _steps_lines(steps: list[Step], before: Fight, prefix: str) -> list[str]:
    lines: list[str] = []
    fight = before
    for step in steps:
        after, notes = apply_step(fight, step)
        lines.append(prefix + _step_text(step, fight, after))
        lines += [f"  → {n}." for n in notes]
        fight = after
    return lines


def _step_text(step: Step, before: Fight, after: Fight) -> str:
    if isinstance(step, Attacked):
        return _attack_text(step, before, after)
    if isinstance(step, SpellCast):
        return _spell_text(step, before, after)
    if isinstance(step, Moved):
        return _move_text(step, before, after)
    if isinstance(step, DeathSave):
        result = "success" if step.face >= 10 else "failure"
        result = {1: "two failures", 20: "natural 20"}.get(step.face, result)
        return f"{step.who} rolls a death save: 1d20 ({step.face}): {result}."
    if isinstance(step, Healed):
        how = f" ({step.text})" if step.text else ""
        by = f" with {step.by}" if step.by else ""
        healer = step.healer or "The DM"
        target = "itself" if step.healer == step.who else step.who
        return (
            f"{healer} heals {target}{by}: {step.amount} hit points{how}; {_hp(after, step.who)}."
        )
    if isinstance(step, Damaged):
        kind = f" {step.type}" if step.type else ""
        return f"{step.who} takes {step.amount}{kind} damage; {_hp(after, step.who)}."
    if isinstance(step, Marked):
        word = "gains" if step.on else "loses"
        what = f"a {step.mark} dot" if step.mark in ("C", "C-", "O", "N") else step.mark
        return f"{step.who} {word} {what}."
    if isinstance(step, Acted):
        return _acted_text(step)
    if isinstance(step, Dropped):
        return f"{step.who} drops."
    if isinstance(step, Fled):
        if not step.pursuers:
            return f"{step.who} flees, and nobody gives chase (C1)."
        start = after.chase[-1].points if after.chase else 0
        give = "gives" if len(step.pursuers) == 1 else "give"
        who = and_list(step.pursuers)
        return f"{step.who} flees; {who} {give} chase (C1): escape points start at {start}."
    if isinstance(step, Dashed):
        return _dashed_text(step, before, after)
    if isinstance(step, Hid):
        results = [
            f"{'loses' if step.total >= dc else 'spots'} {step.who} (passive Perception {dc})"
            for dc in step.against.values()
        ]
        said = "; ".join(f"{p} {r}" for p, r in zip(step.against, results, strict=True))
        sign = "+" if step.bonus >= 0 else "-"
        return (
            f"{step.who} tries to hide (C5): Stealth 1d20 ({step.faces[0]}) {sign} "
            f"{abs(step.bonus)} = {step.total}: {said}."
        )
    raise AssertionError(step)


def _attack_text(step: Attacked, before: Fight, after: Fight) -> str:
    if len(step.faces) == 1:
        dice = f"1d20 ({step.faces[0]})"
    else:
        dice = f"2d20 ({', '.join(map(str, step.faces))}, {step.roll}: keeps {step.kept})"
    sign = "+" if step.bonus >= 0 else "-"
    total = step.kept + step.bonus
    why = f" [{'; '.join(step.reasons)}]" if step.reasons else ""
    verdict = "critical hit" if step.critical else "hit" if step.hit else "miss"
    roll = f"{dice} {sign} {abs(step.bonus)} = {total} vs AC {step.ac}: {verdict}"
    if step.opportunity:
        text = (
            f"{step.target} moves away from {step.attacker}, who makes an opportunity attack "
            f"(M6) with {step.attack}{why}: {roll}"
        )
    else:
        text = f"{step.attacker} attacks {step.target} with {step.attack} {MODE_WORDS[step.mode]}"
        text += f"{why}: {roll}"
    if step.hit:
        big = f" ({step.big})" if step.big else ""
        text += f"; {step.damage_text}{big}"
        by_type = {DamageType(t) if t else None: n for t, n in step.damage.items()}
        dealt, why = after_defences(before.combatant(step.target), by_type)
        if why:
            text += f", {why} (D6): {dealt}"
        text += f"; {_hp(after, step.target)}"
    return text + "."


def _spell_text(step: SpellCast, before: Fight, after: Fight) -> str:
    area = f" ({step.area})" if step.area else ""
    big = f" ({step.big})" if step.big else ""
    text = f"{step.caster} casts {step.spell}{area} on {and_list(step.targets)}{big}"
    if step.spared:
        text += f", sparing {and_list(step.spared)} (Sculpt Spells)"
    parts = [f"{text}: {step.damage_text}"]
    for saved in step.saves:
        if saved.faces:
            roll = f"1d20 ({saved.faces[0]}) {'+' if saved.bonus >= 0 else '-'} {abs(saved.bonus)}"
            roll += f" = {saved.faces[0] + saved.bonus} vs DC {saved.dc}"
        else:
            roll = f"fails ({saved.note})"
        verdict = ("saves" if saved.success else "fails") if saved.faces else ""
        by_type = spell_damage(step, saved.who)
        dealt, why = after_defences(before.combatant(saved.who), by_type)
        defence = f", {why} (D6)" if why else ""
        result = (
            f"{verdict + ', ' if verdict else ''}takes {dealt}{defence}; {_hp(after, saved.who)}"
        )
        parts.append(f"{saved.who}'s {step.ability.upper()} save {roll}: {result}")
    return "; ".join(parts[:1]) + ". " + ". ".join(parts[1:]) + "."


def _dashed_text(step: Dashed, before: Fight, after: Fight) -> str:
    """C2, C3: who dashed, the checks, and the pools after."""
    moves = [f"{n} dashes{' twice' if k == 2 else ''}" for n, k in step.dashes.items() if k]
    still = [n for n, k in step.dashes.items() if not k]
    text = "Speeds in the chase (C2): " + (", ".join(moves) or "nobody dashes")
    if still:
        keep = "keeps its action" if len(still) == 1 else "keep their actions"
        text += f"; {and_list(still)} {keep}"
    for check in step.checks:
        verdict = "passes" if check.success else "fails: a level of exhaustion"
        text += (
            f"; {check.who} dashes past the free ones (C3): Constitution 1d20 ({check.faces[0]})"
            f" + {check.bonus} = {check.faces[0] + check.bonus} vs DC {check.dc}, {verdict}"
        )
    pools = ", ".join(f"{p.escaper}–{p.pursuer} {p.points}" for p in after.chase)
    return f"{text}. Escape points: {pools}."


def _move_text(step: Moved, before: Fight, after: Fight) -> str:
    parts = []
    if step.rank is not None:
        rank = Rank(step.rank)
        words = {
            Rank.FRONT: "the front rank",
            Rank.BACK: "the back rank",
            Rank.FREE_AIR: "free air",
        }
        why = f" ({step.why})" if step.why else ""
        parts.append(f"steps to {words[rank]}{why}")
    old = before.group_of(step.who)
    new = after.group_of(step.who)
    if step.leave and old is not None:
        parts.append(f"leaves group {old.label}")
    if step.join is not None:
        left = f"leaves group {old.label} and " if old is not None else ""
        label = new.label if new is not None else step.join
        mates = and_list(n for n in (new.members if new else ()) if n != step.who)
        parts.append(f"{left}joins group {label} ({mates})")
    return f"{step.who} {' and '.join(parts)}."


def _acted_text(step: Acted) -> str:
    if step.action == "hide":
        result = "hidden" if step.success else "seen"
        return f"{step.who} tries to hide: {step.detail}: {result}."
    if step.action == "disengage":
        return f"{step.who} disengages (no opportunity attacks, M6)."
    if step.action == "help":
        return f"{step.who} helps {step.detail} (advantage on {step.detail}'s next attack roll)."
    if step.action == "dodge":
        who = step.who
        return f"{who} dodges (attacks on {who} have disadvantage until {who}'s next turn)."
    detail = f" {step.detail}" if step.detail else ""
    return f"{step.who} {ACTION_WORDS.get(step.action, step.action)}{detail}."


def _hp(fight: Fight, name: str) -> str:
    c = fight.combatant(name)
    if isinstance(c, Hero):
        if c.dead:
            return f"{name} is dead"
        return f"{name} {c.current_hp}/{c.hp} hp"
    return f"{name} {c.current_hp}/{c.hp} hp" if c.current_hp else f"{name} is down"
