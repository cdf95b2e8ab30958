"""The fight told as a DM would tell it: one line per thing that happened, every roll with its
parts (`1d20 (17) + 4 = 21 vs AC 16: hit`), and what followed from the rules.

It tells the records `lnf.engine.apply.apply` makes (`Applied`): the damage each target took,
who gained an O dot, the states before and after are all there; nothing is worked out again."""

from __future__ import annotations

from collections.abc import Iterable
from typing import assert_never

from lnf.model import Condition, Dot, Fight, Hero, Monster, Rank
from lnf.model.answer_steps import (
    Confused,
    Countered,
    Heads,
    Mirrored,
    Reacted,
    Split,
    TraitRolled,
    Warded,
)
from lnf.model.applied import Applied, Dealt, StepDone
from lnf.model.events import (
    Begun,
    Ended,
    Initiative,
    PhaseSet,
    Planned,
    Reaction,
    Recorded,
    Redone,
    Renamed,
    RoundStarted,
    Surprised,
    SurpriseRoundSet,
    Turn,
    TurnStarted,
    Undone,
)
from lnf.model.plan import Mode
from lnf.model.steps import (
    Acted,
    Attacked,
    ConcentrationEnded,
    Contested,
    Covered,
    Damaged,
    Dashed,
    DeathSave,
    Drained,
    Dropped,
    EffectEnded,
    EffectStarted,
    Fled,
    Guarded,
    Healed,
    Hid,
    Marked,
    Moved,
    Recharged,
    SaveRolled,
    Searched,
    SpellCast,
    Surged,
    Used,
    Wounded,
)
from lnf.rules.acl import acl
from lnf.rules.effects import knocked_out_at_0
from lnf.rules.escapes import escape_said
from lnf.rules.hyrule import STAMINA, heart_points, hyrule
from lnf.rules.limited import recharge_named
from lnf.rules.magic_immunity import shield
from lnf.rules.on_hit import SMITE_WAITS
from lnf.rules.resources import ordinal, slot_words
from lnf.rules.strike_order import strike_blocks
from lnf.rules.surprise import sitting_out
from lnf.rules.traits import REGENERATION, UNDEAD_FORTITUDE, slips_away
from lnf.rules.turning import DESTROYED
from lnf.rules.wording import a_an, and_list, plural
from lnf.views.acl_text import acl_text
from lnf.views.acted_text import acted_text
from lnf.views.action_words import action_of, action_verb, area_words, recharge_words, used_words
from lnf.views.dm_items import on_its_turn
from lnf.views.effects_text import (
    confused_words,
    critical_why,
    d4_text,
    effect_text,
    globe_text,
    inspired_text,
    mirrored_text,
    save_roll,
)
from lnf.views.legendary_text import countered_text, legendary_used
from lnf.views.opening_text import before_the_fight
from lnf.views.plan_line import MODE_WORDS, plan_line
from lnf.views.spell_notes import spell_note
from lnf.views.trait_text import trait_step_text
from lnf.views.turning_text import untold

RANK_WORDS = {Rank.FRONT: "the front rank", Rank.BACK: "the back rank", Rank.FREE_AIR: "free air"}


def transcript(records: Iterable[Applied], *, markdown: bool = False) -> list[str]:
    return [line for applied in records for line in describe(applied, markdown=markdown)]


def describe(applied: Applied, *, markdown: bool = False) -> list[str]:
    """The event as the table says it; under Legends of Hyrule hit points are heart points
    (V-HYR4)."""
    lines = _describe(applied, markdown=markdown)
    return [heart_points(x) for x in lines] if hyrule(applied.before) else lines


def _describe(applied: Applied, *, markdown: bool = False) -> list[str]:
    event, before = applied.event, applied.before
    bullet = "- " if markdown else ""
    match event:
        case RoundStarted():
            phase = f" ({event.phase})" if event.phase.volley else ""
            title = f"Round {event.round}{phase}" if event.round else "Surprise round (V-ENC1)"
            head = f"## {title}" if markdown else title
            if not event.round:  # V-ENC1: only those named act, with the actions named
                acts = dict(before.surprise_round)
                who = [f"{n} ({plural(acts.get(n, 0), 'action')})" for n in event.order]
                return ["", head, f"{bullet}Who acts (V-ENC1): {', '.join(who)}."]
            blocks = "; ".join(", ".join(names) for _, names in strike_blocks(before))
            return ["", head, f"{bullet}Strike order (S2, S3): {blocks}."]
        case Planned():
            return [bullet + plan_line(event, sitting_out(applied.after), applied.before)]
        case PhaseSet():
            return [bullet + event.note[:1].upper() + event.note[1:] + "."]
        case Turn():
            note = [_bulleted(f"{event.who} {event.note}.", markdown)] if event.note else []
            if event.steps and note:  # what it did, then why it did no more
                steps = [_bulleted(line, markdown) for line in _steps_lines(applied.steps, "")]
                return note + steps if event.only_its_end else steps + note  # F4
            if note:
                return note
            if not event.steps:
                return [_bulleted(f"{event.who} does nothing.", markdown)]
            said = [*_steps_lines(applied.steps, ""), *on_its_turn(applied.after, event.who)]  # B9
            return [_bulleted(line, markdown) for line in said]
        case TurnStarted():
            return [_bulleted(f"{event.who}'s turn, at the table.", markdown)]
        case Reaction() if event.guard:  # F1: the answer to a Shield lnf waited for
            take = "will take" if event.takes else "does not take"
            line = f"{event.who} {take} {event.guard} against {event.foe}'s hit (a reaction, F1)."
            return [_bulleted(line, markdown)]
        case Reaction():
            if event.takes:
                line = (
                    f"{event.who} will strike at {event.foe} as it leaves (opportunity attack, M6)."
                )
            else:
                line = f"{event.who} lets {event.foe} go (no opportunity attack)."
            return [_bulleted(line, markdown)]
        case Recorded():
            prefix = "" if event.by_rules or event.actor else "DM: "
            out = [f"{bullet}{prefix}{event.note}"] if event.note else []
            return out + [_bulleted(line, markdown) for line in _steps_lines(applied.steps, prefix)]
        case Surprised() | Initiative() | SurpriseRoundSet():
            return [bullet + before_the_fight(event, before)]
        case Ended():
            away = [c.name for c in before.everyone if c.escaped]
            got_away = f" {and_list(away)} got away (C6)." if away else ""
            bold = "**" if markdown else ""
            return ["", f"{bold}The {event.winner} win.{bold}{got_away}"]
        case Begun() | Undone() | Redone() | Renamed():
            return []  # the seed is for replaying, undo and redo for the record, not for telling
        case _:
            assert_never(event)


def one_line(applied: Applied) -> str:
    """An event told on one line (`lnf undo`, `lnf redo`)."""
    return " ".join(line.strip() for line in describe(applied) if line.strip())


def _bulleted(line: str, markdown: bool) -> str:
    """In Markdown a step is a bullet and what followed from it a bullet under it."""
    if not markdown:
        return line
    return "  - " + line.strip() if line.startswith("  → ") else "- " + line


def _steps_lines(steps: Iterable[StepDone], prefix: str) -> list[str]:
    lines: list[str] = []
    said: set[str] = set()  # F7: a spell's note once a turn, not once a beam
    held: list[str] = []  # B8: Undead Fortitude's saves, rolled first, told after the blow
    steps = list(steps)
    skip = untold(steps)  # F2: the turning of an undead destroyed at once
    for i, done in enumerate(steps):
        step = done.step
        if i in skip:
            continue
        if isinstance(step, SaveRolled) and step.against.startswith(UNDEAD_FORTITUDE):
            held.append(prefix + _step_text(done))
            continue
        lines.append(prefix + _step_text(done))
        lines += held
        held = []
        lines += [f"  → {n}." for n in done.notes]
        if (note := spell_note(done)) and note not in said:
            said.add(note)
            lines.append(f"  → {note}.")
    return lines + held


def _step_text(done: StepDone) -> str:
    step, after = done.step, done.after
    match step:
        case Attacked():
            return _attack_text(step, done)
        case SpellCast():
            return _spell_text(step, done)
        case Moved():
            return _move_text(step, done.before, after)
        case DeathSave():
            result = "success" if step.face >= 10 else "failure"
            result = {1: "two failures", 20: "natural 20"}.get(step.face, result)
            return f"{step.who} rolls a death save: 1d20 ({step.face}): {result}."
        case Healed() if step.temp:  # D7, F2
            return f"{step.who} gains {plural(step.amount, 'temporary hit point')} ({step.by}, F2)."
        case Healed():
            how = f" ({step.text})" if step.text else ""
            by = f" with {step.by}{_at_level(step.slot)}" if step.by else ""
            back = f"{step.who} is brought back from the dead (D9). " if step.revive else ""
            hp = _hp(after, step.who)
            if not step.healer:  # the DM's record: nobody to name as the healer
                return (
                    f"{back}{step.who} regains {plural(step.amount, 'hit point')}{by}{how}; {hp}."
                )
            healed = plural(step.amount, "hit point")
            if step.by == REGENERATION and step.healer == step.who:  # B8, as a round starts
                return f"{step.who} regenerates {healed} (B8); {hp}."
            if step.healer == step.who:  # Second Wind, a potion drunk
                return f"{back}{step.healer} heals{by}: {healed}{how}; {hp}."
            return f"{back}{step.healer} heals {step.who}{by}: {healed}{how}; {hp}."
        case Used():
            return _used_text(step, after)
        case Recharged():
            return recharge_words(step, recharge_named(done.before.monster(step.who), step.action))
        case Wounded() | Covered() | Surged() | Contested():
            return acl_text(step)
        case Damaged() if step.kills:  # F6: "or die"; F2: Destroy Undead
            rule = "F2" if step.text.startswith(DESTROYED) else "F6"
            return f"{step.who} dies: {step.text} ({rule})."
        case Damaged() if step.stable:  # F6, D9
            return f"{step.who} is stable at 0 hit points: {step.text} (D9, F6)."
        case Damaged():
            kind = f" {step.type}" if step.type is not None else ""
            rolled = f" ({step.text})" if step.text else ""
            dealt = _dealt_to(done, step.who)  # D6: what its defences left of it, said
            rolled += _defences_text(dealt) if dealt.defences or dealt.floored else ""
            return f"{step.who} takes {step.amount}{kind} damage{rolled}; {_hp(after, step.who)}."
        case Marked():
            if step.mark is Condition.PRONE and not step.on:
                return f"{step.who} stands up (half its movement)."
            word = "gains" if step.on else "loses"
            what = a_an(f"{step.mark} dot") if isinstance(step.mark, Dot) else str(step.mark)
            return f"{step.who} {word} {what}."
        case Acted() | Searched():  # R4: a monster's Search, told beside a hero's Hide
            return acted_text(step)
        case Dropped():
            return f"{step.who} drops."
        case Fled():
            if step.by:  # C1, M6: a way of leaving by magic
                give = "gives" if len(step.pursuers) == 1 else "give"
                chase = f"; {and_list(step.pursuers)} {give} chase" if step.pursuers else ""
                return f"{escape_said(after, step.who, step.by, step.pursuers)}{chase}."
            if not step.pursuers:
                return f"{step.who} flees, and nobody gives chase (C1)."
            start = after.chase[-1].points if after.chase else 0
            give = "gives" if len(step.pursuers) == 1 else "give"
            who = and_list(step.pursuers)
            return f"{step.who} flees; {who} {give} chase (C1): escape points start at {start}."
        case Dashed():
            return _dashed_text(step, after)
        case Hid():
            results = [
                f"{p} {'loses' if step.total >= dc else 'spots'} {step.who} "
                f"(passive Perception {dc})"
                for p, dc in step.against
            ]
            sign = "+" if step.bonus >= 0 else "-"
            return (
                f"{step.who} tries to hide (C5): Stealth 1d20 ({step.faces[0]}) {sign} "
                f"{abs(step.bonus)} = {step.total}: {'; '.join(results)}."
            )
        case TraitRolled() | Reacted() | Split() | Heads():
            return trait_step_text(step, after, done.before)  # B8, B10
        case Countered() | Confused():
            return countered_text(step) if isinstance(step, Countered) else confused_words(step)
        case Mirrored() | Warded():  # B6, F7
            return mirrored_text(step, after) if isinstance(step, Mirrored) else globe_text(step)
        case (
            EffectStarted()
            | EffectEnded()
            | SaveRolled()
            | ConcentrationEnded()
            | Drained()
            | Guarded()
        ):
            return effect_text(step, done.before, after)
        case _:
            assert_never(step)


def _attack_text(step: Attacked, done: StepDone) -> str:
    roll = _roll_text(step, done) if step.faces else "a dart, a hit without an attack roll (F7)"
    why = f" [{'; '.join(step.reasons)}]" if step.reasons else ""
    if step.opportunity:
        text = (
            f"{step.target} moves away from {step.attacker}, who makes an opportunity attack "
            f"(M6{', with reach: A2' if step.mode is Mode.REACH else ''}) with {step.attack}"
            f"{why}: {roll}"
        )
    else:
        text = f"{step.attacker} attacks {step.target} with {step.attack}{_at_level(step.slot)} "
        if step.count:  # B1: "The fungus makes 1d4 Rotting Touch attacks"
            text = f"{step.attacker} rolls {step.count} {step.attack} attacks (B1); {text}"
        text += MODE_WORDS[step.mode]
        text += f"{why}: {roll}"
    if step.hit and step.instead:
        return text + "; it grapples instead of dealing damage (F6)."
    riders_only = all(kind is None and not n for kind, n in step.damage)
    if step.hit and riders_only and not step.damage_text:  # a dart a Shield stops says why
        return text + "; no damage of its own (F6)."  # what its hit brings follows
    if step.hit:
        big = f" ({step.big})" if step.big else ""
        how = []
        if step.strike:  # V-HYR2
            how.append("a target strike: every die at its maximum (V-HYR2)")
        if step.off_hand:  # V-HYR3
            how.append(f"with {step.off_hand}'s dice (two-weapon fighting, V-HYR3)")
        if step.damage_text or big or how:  # F7: a hit may bring its riders only
            text += f"; {step.damage_text}{big}" + "".join(f" [{h}]" for h in how)
        rolled = sum(n for _, n in step.damage)
        if step.force:  # V-ACL6: surge dice on the damage
            text += f" + surge {'+'.join(map(str, step.force))} = {rolled}"
        dealt = _dealt_to(done, step.target)
        if dealt.reduced:  # V-ACL3: after the dice, before resistance
            text += f" − DR {dealt.reduced} (V-ACL3) = {rolled - dealt.reduced}"
            if rolled == dealt.reduced:
                text += ": stopped, a hit and a miss for features that care (V-ACL7)"
        if dealt.defences or dealt.floored:
            text += _defences_text(dealt)
        text += f"; {_hp(done.after, step.target)}"
    text += f" ({step.big})" if not step.hit and step.big.endswith(SMITE_WAITS) else ""  # F2
    return text + "."


def _roll_text(step: Attacked, done: StepDone) -> str:
    """D3, D4: the d20 (two with advantage or disadvantage) and what it is added to, against
    the AC or the Hit DC, and the verdict."""
    if len(step.faces) == 1:
        dice = f"1d20 ({step.faces[0]})"
    else:
        dice = f"2d20 ({', '.join(map(str, step.faces))}, {step.roll}: keeps {step.kept})"
    sign = "+" if step.bonus >= 0 else "-"
    verdict = "critical hit" if step.critical else "hit" if step.hit else "miss"
    verdict += critical_why(step, done.before)  # F3: paralysed or unconscious
    if step.favored:
        verdict = "a miss by 1 made good by favor (V-D20-1): hit"
    surge = f" + surge {'+'.join(map(str, step.power))}" if step.power else ""
    surge += d4_text(step.d4) + inspired_text(step.inspired)  # F7 Bless; F2
    if step.situational:  # V-D20-3
        surge += f" {'+' if step.situational > 0 else '-'} {abs(step.situational)} (bonuses)"
    if acl(done.before):  # V-ACL1: the variant's own words
        aimed = f" ({step.part})" if step.part else ""
        against = "total cover" if step.ac == 99 else f"Hit DC {step.ac}{aimed}"
    else:
        against = f"AC {step.ac}"
    return f"{dice} {sign} {abs(step.bonus)}{surge} = {step.total} vs {against}: {verdict}"


def _at_level(slot: int) -> str:
    """F7: " at 4th level" for a spell cast with a slot above its own."""
    return f" at {ordinal(slot)} level" if slot else ""


def _defences_text(dealt: Dealt) -> str:
    """ ", resists fire (D6): 3"; with the d20 variant's floor, ", …, at least 1 (V-D20-4): 1"."""
    parts = [f"{dealt.defences} (D6)"] if dealt.defences else []
    if dealt.floored:
        parts.append("at least 1 (V-D20-4)")
    return f", {', '.join(parts)}: {dealt.amount}"


def _dealt_to(done: StepDone, who: str) -> Dealt:
    return next((d for d in done.dealt if d.who == who), Dealt(who, 0))


def _spell_text(step: SpellCast, done: StepDone) -> str:
    area = f" ({area_words(step.area, len(step.targets))})" if step.area else ""
    big = f" ({step.big})" if step.big else ""
    on = f" on {and_list(step.targets)}" if step.targets else ""  # an aura: on the caster
    action = action_verb(action_of(done.before, step.caster, step.spell))  # B1: casts, uses
    text = f"{step.caster} {action} {step.spell}{_at_level(step.slot)}{area}{on}{big}"
    if step.spared:
        text += f", sparing {and_list(step.spared)} (Sculpt Spells)"
    for name in step.unaffected:
        why = shield(done.before.combatant(name), step.spell) if name in done.before else ""
        text += f"; it cannot affect {name} ({why or 'its trait, B8'})"
    parts = [f"{text}: {step.damage_text}" if step.damage_text else text]
    for saved in step.saves:
        roll = save_roll(saved)
        verdict = ("saves" if saved.success else "fails") if saved.faces else ""
        if not step.damage:  # F7: a spell whose failed save is what it does (Hold Person)
            parts.append(f"{saved.who}'s {step.ability.upper()} save {roll}: {verdict or 'fails'}")
            continue
        dealt = _dealt_to(done, saved.who)
        defence = _defences_text(dealt).rsplit(":", 1)[0] if dealt.defences or dealt.floored else ""
        result = (
            f"{verdict + ', ' if verdict else ''}takes {dealt.amount}{defence}; "
            f"{_hp(done.after, saved.who)}"
        )
        parts.append(f"{saved.who}'s {step.ability.upper()} save {roll}: {result}")
    if len(parts) == 1:  # no saves (Bless, Sleep, an aura)
        return parts[0] + "."
    return "; ".join(parts[:1]) + ". " + ". ".join(parts[1:]) + "."


def _dashed_text(step: Dashed, after: Fight) -> str:
    """C2, C3: who dashed, the checks, and the pools after."""
    moves = [f"{n} dashes{' twice' if k == 2 else ''}" for n, k in step.dashes if k]
    still = [n for n, k in step.dashes if not k]
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
    if step.pushed and (group := before.group_of(step.who)) is not None:  # F6
        return f"{step.who} is pushed out of group {group.label} by {step.pushed}: forced, no M6."
    parts = []
    if step.rank is not None:
        why = f" ({step.why})" if step.why else ""
        parts.append(f"steps to {RANK_WORDS[step.rank]}{why}")
    old = before.group_of(step.who)
    new = after.group_of(step.who)
    if step.leave and old is not None:
        parts.append(f"leaves group {old.label}")
    if step.join is not None:
        left = f"leaves group {old.label} and " if old is not None else ""
        label = new.label if new is not None else step.join
        mates = and_list(n for n in (new.members if new else ()) if n != step.who)
        parts.append(f"{left}joins group {label} ({mates})")
    away = slips_away(before.combatant(step.who)) if old is not None and step.changes_group else ""
    return f"{step.who} {' and '.join(parts)}{f'; {away}' if away else ''}."


def _used_text(step: Used, after: Fight) -> str:
    """Kara spends a 1st-level spell slot (2 of 3 left); Bram uses Action Surge (0 of 1 left)."""
    if (said := legendary_used(step, after)) is not None:  # B7
        return said
    c = after.combatant(step.who)
    r = next((x for x in c.resources if x.name.lower() == step.resource.lower()), None)
    left = f" ({r.left} of {r.total} left)" if r is not None else ""
    if isinstance(c, Monster) and slot_words(step.resource) is None:  # B2: a breath, per day
        return used_words(c, r, step.resource)
    if (slot := slot_words(step.resource)) is not None:
        return f"{step.who} spends {slot}{left}."
    if step.resource == STAMINA:  # V-HYR2: a target strike's price
        points = plural(step.amount, "stamina point")
        left = f" ({r.left} of {r.total} left, V-HYR2)" if r is not None else " (V-HYR2)"
        return f"{step.who} spends {points} on a target strike{left}."
    if step.amount > 1:
        return f"{step.who} spends {step.amount} of {step.resource}{left}."
    return f"{step.who} uses {step.resource}{left}."


def _hp(fight: Fight, name: str) -> str:
    c = fight.combatant(name)
    if isinstance(c, Hero):
        if c.dead:
            return f"{name} is dead"
        return f"{name} {c.current_hp}/{c.hp} hp"
    taken = f"{min(c.damage, c.hp)} damage"  # G6: as the monster's column says it
    if c.current_hp:
        return f"{name} {c.current_hp}/{c.hp} hp ({taken})"
    if knocked_out_at_0(fight, c):
        return f"{name} is knocked out ({taken})"
    return f"{name} is dead ({taken})"
