"""The steps of effects told as a DM says them (F4–F6): what begins and on whom, what ends and
why, a save rolled against something lasting."""

from __future__ import annotations

from collections.abc import Iterable
from typing import assert_never

from lnf.model import Condition, Confused, Effect, Fight, Lasting, TurnEdge
from lnf.model.answer_steps import Mirrored, Warded
from lnf.model.effects import NO_HEALING
from lnf.model.steps import (
    Attacked,
    ConcentrationEnded,
    Drained,
    EffectEnded,
    EffectStarted,
    Guarded,
    Saved,
    SaveRolled,
)
from lnf.rules.conditions import ACTS, ATTACKS, STAYS, confused_does
from lnf.rules.economy import attack_named
from lnf.rules.mirror_image import duplicates
from lnf.rules.mouther import gibbering_does
from lnf.rules.reckless import RECKLESS_ATTACK
from lnf.rules.trait_auras import turns_to_stone
from lnf.views.legendary_text import resisted_words

EffectStep = EffectStarted | EffectEnded | SaveRolled | ConcentrationEnded | Drained | Guarded


def d4_text(d4: tuple[int, ...]) -> str:
    """F7 Bless's d4 added, Bane's taken (V-D20-2's too): " + 1d4 (3)"."""
    return "".join(f" {'+' if n > 0 else '-'} 1d4 ({abs(n)})" for n in d4)


def inspired_text(face: int) -> str:
    """F2: the Bardic Inspiration die rolled on a roll: " + Bardic Inspiration (5)"."""
    return f" + Bardic Inspiration ({face})" if face else ""


def critical_why(step: Attacked, before: Fight) -> str:
    """F3: why a hit that is no natural 20 is critical: " (Gnoll 1 is unconscious: a hit from
    within 5 ft is critical, F3)", or F2's Improved Critical; "" for a natural 20, or B8's
    Assassinate (its reason says)."""
    if not step.critical or step.kept == 20 or any("Assassinate" in r for r in step.reasons):
        return ""
    attack = attack_named(before.combatant(step.attacker), step.attack)
    if attack is not None and step.kept >= attack.crit_on:
        return f" (Improved Critical: {attack.crit_on}–20, F2)"
    target = before.combatant(step.target)
    how = "paralyzed" if Condition.PARALYZED in target.conditions else "unconscious"
    return f" ({step.target} is {how}: a hit from within 5 ft is critical, F3)"


def save_roll(saved: Saved) -> str:
    """ "1d20 (14) + 2 + 1d4 (3) = 19 vs DC 10", or why it failed without a roll: every
    save says its d4s (F7 Bless), as its total counts them."""
    if not saved.faces:
        return f"fails ({saved.note}){resisted_words(saved.resisted)}"
    sign = "+" if saved.bonus >= 0 else "-"
    dice, kept = f"1d20 ({saved.faces[0]})", saved.faces[0]
    if len(saved.faces) == 2:  # D4: advantage (B8's Magic Resistance) or disadvantage
        edge = f"advantage, {saved.advantage}" if saved.advantage else "disadvantage"
        kept = max(saved.faces) if saved.advantage else min(saved.faces)
        dice = f"2d20 ({', '.join(map(str, saved.faces))}, {edge}: keeps {kept})"
    if saved.told and saved.told != "plain":  # B3: the player's own d20, rolled as lnf said
        dice = f"1d20 ({kept}, the player's, rolled with {saved.told})"
    roll = f"{dice} {sign} {abs(saved.bonus)}{d4_text(saved.d4)}{inspired_text(saved.inspired)}"
    roll += f" = {kept + saved.bonus + sum(saved.d4) + saved.inspired} vs DC {saved.dc}"
    roll += ", a miss by 1 with favor (V-D20-1)" if saved.favored else ""
    return roll + resisted_words(saved.resisted)


def edges_said(edges: Iterable[tuple[str, str]]) -> str:
    """B3, D4: how the players roll the saves lnf waits for, where not one plain d20: "Bram
    rolls two d20s and keeps the lower (disadvantage)." ("" when every one is plain)."""
    return " ".join(
        f"{hero} rolls two d20s and keeps the "
        f"{'higher' if words.startswith('advantage') else 'lower'} ({words})."
        for hero, words in edges
    )


def held_while(e: Effect) -> str:
    """F6: how long a hold (or what lasts with it) lasts, in words."""
    if e.held_save:  # F6: engulfed (the shambling mound)
        return (
            f"until it escapes (its action) or {e.by} lets go; it cannot breathe, and takes "
            f"{e.held_hurts} unless it makes a DC {e.held_save} Constitution save as each of "
            f"{e.by}'s turns starts"
        )
    if e.held_hurts_on and e.escape:  # F6: engulfed in the gelatinous cube
        return (
            f"total cover: nobody targets {e.who}, it reaches {e.by} alone; it cannot breathe "
            f"and takes {e.held_hurts} as each of {e.by}'s turns starts, until it gets out (its "
            f"action: a DC {e.escape} Strength check) or {e.by} dies"
        )
    if e.held_hurts_on:  # a swallow
        return (
            f"out of every reach but {e.by}'s (nobody targets {e.who}, it reaches {e.by} "
            f"alone); {e.held_hurts} as each of {e.by}'s turns starts, until {e.by} dies or spits "
            f"{e.who} out"
        )
    if e.drain:
        fill = f" until it has drunk {e.sated}" if e.sated else ""
        return (
            f"{e.who} loses {e.drain} hit points as each of {e.by}'s turns starts{fill}, "
            f"unless an action detaches it first"
        )
    if e.web:
        return "until it bursts the webbing (its action)"
    if e.suffocates:  # F6: the rug's smother
        return f"until it escapes (its action) or {e.by} lets go; it cannot breathe"
    if e.attack:
        return f"until it escapes (its action) or {e.by} lets go"
    return "while held"


def hurts_words(e: Effect) -> str:
    """F6: "1d10 fire damage at the start of each of its turns", "3d6 hit points lost …"."""
    what = f"{e.hurts} damage" if " " in e.hurts else f"{e.hurts} hit points lost"
    return f"{what} at the {e.hurts_at} of each of its turns"


def span_words(e: Effect) -> str:
    """F4, F6: how long `e` lasts, in words, wherever it is shown (the log, `lnf show`, the
    page): a hold's own end, or its duration."""
    return held_while(e) if e.attack or e.hold else _lasting_words(e)


def _lasting_words(e: Effect) -> str:
    """F4: how long `e` lasts; "… of the cloaker's next turn" when its causer imposed it
    during its own turn (`rules.effects`: that turn does not end it)."""
    said = e.lasting.said(e.by) if e.by else str(e.lasting)  # B8: "while Quasit is in sight"
    if turns_to_stone(e.what) and e.lasting.save is not None:  # B8: its one save decides
        ability, dc = e.lasting.save
        return (
            f"turning to stone, a DC {dc} {ability.word} save at the end of its next turn: "
            "a success ends it, a failure petrifies it"
        )
    whose = e.lasting.until[0] if e.lasting.until is not None else ""
    own_start = e.lasting.until is not None and e.lasting.until[1] is TurnEdge.START
    if whose and whose == e.by and e.turn == whose and (e.by != e.who or own_start):
        said = said.replace(f"{whose}'s turn", f"{whose}'s next turn")  # F2: Reckless Attack
    return said


def effect_text(step: EffectStep, before: Fight, after: Fight) -> str:
    match step:
        case EffectStarted():
            e = step.effect
            # who caused it, unless its words name it ("immune to Adult Red Dragon's …", B1)
            by = f" (by {e.by})" if e.by and e.by != e.who and e.by not in e.what else ""
            if e.concentration:
                return f"{e.who} concentrates on {e.what} ({e.lasting}) (F5)."
            if e.what == RECKLESS_ATTACK:
                return (
                    f"{e.who} attacks recklessly: attack rolls against {e.who} have advantage "
                    f"{_lasting_words(e)} (F2)."
                )
            if e.condition is Condition.MIRRORED:  # B6, F7: one line for each of the three
                return (
                    f"{e.who} has {e.what}: {e.lasting if e.lasting.rounds else 'until hit'} (F4)."
                )
            if e.condition is Condition.HASTED:  # B6: the golem's Haste
                return (
                    f"{e.who} is hasted until the end of its next turn: +{e.ac} AC, advantage on "
                    "Dexterity saves, one more attack (its bonus action) (F4)."
                )
            if e.drain:
                return f"{e.by} attaches itself to {e.who}: {held_while(e)} (F6)."
            if e.attack or e.hold:
                return f"{e.who} is {e.what if e.attack else e.condition}: {held_while(e)} (F6)."
            bars = f"; {NO_HEALING[e.no_healing]}" if e.no_healing else ""
            bars = f"; {hurts_words(e)}{bars}" if e.hurts else bars
            if e.hurts and e.condition is None:  # F6: "Bo is on fire (by …): 1d10 fire …"
                head, _, tail = e.what.partition(": ")
                more = f"; {tail}" if tail else ""
                return f"{e.who} is {head}{by}: {hurts_words(e)}{more} (F6)."
            if e.affliction:  # F6: "Bo is cursed with werewolf lycanthropy (by …): it shows …"
                head, _, tail = e.what.partition(": ")
                return f"{e.who} is {head}{by}{': ' if tail else ''}{tail}{bars} (F6)."
            if e.no_healing and e.condition is None:
                return f"{e.who}: {e.what}{by}, {e.lasting} (F6)."
            if e.condition is not None and e.lasting == Lasting():
                return f"{e.who} is {e.condition}{by} (F4)."  # until it is taken off
            if e.condition is not None:
                woken = " or until it takes damage" if e.until_hurt else ""  # F7 Sleep
                ends = e.what.partition(": ")[2]  # F6: "another creature's action shakes it …"
                more = f"; {ends}" if ends else ""
                woken += " or until it attacks or casts a spell" if e.until_attack else ""  # B6
                span = _lasting_words(e)
                return f"{e.who} is {e.condition}{by}: {span}{woken}{more}{bars} (F4)."
            return f"{e.who}: {e.what}{by}, {e.lasting} (F4)."
        case EffectEnded():
            ended = next((e for e in before.effects if e.key == step.key), None)
            if ended is None:
                return f"Effect {step.key} ends: {step.why} (F4)."
            if ended.condition is not None and ended.condition not in (
                after.combatant(ended.who).conditions
            ):
                return f"{ended.who} is no longer {ended.condition}: {step.why} (F4)."
            if ended.what.startswith("immune to "):  # B1: "Quill is no longer immune to …"
                return f"{ended.who} is no longer {ended.what}: {step.why} (F4)."
            return f"{ended.who}: {ended.what} ends: {step.why} (F4)."  # as it began
        case SaveRolled():
            s = step.save
            verdict = "success" if s.success else "failure"
            dc = f" (DC 10 or half the {step.damage} damage)" if step.damage else ""
            return (
                f"{s.who}'s {step.ability.word} save against {step.against}{dc}: "
                f"{save_roll(s)}: {verdict}."
            )
        case ConcentrationEnded():
            return f"{step.who}'s concentration ends: {step.why} (F5)."
        case Drained():
            hp = after.combatant(step.who).hp
            return f"{step.who}'s hit-point maximum drops by {step.amount} to {hp} (F6)."
        case Guarded():
            does = "half the damage, F2" if step.halves else f"+{step.ac} AC"
            who, foe = step.who, step.foe
            if step.rebukes:
                return f"{who} takes a reaction, {step.guard}, at {foe}, who hurt it (F1)."
            if step.face:  # F2 Deflect Missiles
                does = f"1d10 ({step.face}) + {step.deflects} = {step.deflected} off the damage, F2"
            return f"{who} takes a reaction, {step.guard} ({does}), against {foe}'s hit (F1)."
        case _:
            assert_never(step)


def confused_words(step: Confused) -> str:
    """F7 Confusion's d10 as the DM says it ("Ann is confused (F7): d10 = 7: its action is a
    mêlée attack at Bo, rolled among those in its reach"); a 1's random move is no move. A
    gibbering mouther's d8 (B8 Gibbering) by its own table."""
    gibbers = step.die == 8
    head = f"{step.who} {'gibbers (B8 Gibbering): d8' if gibbers else 'is confused (F7): d10'}"
    head += f" = {step.face}"
    does = gibbering_does(step.face) if gibbers else confused_does(step.face)
    if does == ACTS:
        return f"{head}: it acts normally this turn."
    if does == ATTACKS and step.target:
        rolled = "rolled among those in its reach"
        return f"{head}: its action is a mêlée attack at {step.target}, {rolled}."
    if does == ATTACKS:
        return f"{head}: nobody is in its reach, so it does nothing this turn."
    if does == STAYS:
        return f"{head}: it would wander off at random; without a map it stays and does nothing."
    return f"{head}: it does not move and takes no action this turn."


def mirrored_text(step: Mirrored, after: Fight) -> str:
    """B6, F7 Mirror Image's d20 as the DM says it: "Archmage's Mirror Image: 1d20 (14), 6 or
    more: Ann's Longsword goes at a duplicate: 1d20 (12) + 7 = 19 vs AC 12: hit, the duplicate
    is destroyed (2 left)."; or the attack stays on the caster."""
    head = f"{step.who}'s {step.by}: 1d{step.die} ({step.face}), {step.needed} or more"
    if not step.moved:
        return f"{head} needed: {step.attacker}'s {step.attack} stays on {step.who}."
    kept = step.faces[0] if step.faces else 0
    dice = ", ".join(map(str, step.faces))
    sign = "+" if step.bonus >= 0 else "-"
    if step.save:  # B6 Phantasms: "a duplicate … uses its saving throws"
        return phantasm_save_text(step, after, head)
    roll = f"1d20 ({dice}) {sign} {abs(step.bonus)} = {kept + step.bonus} vs AC {step.ac}"
    if not step.key:
        return f"{head}: {step.attacker}'s {step.attack} goes at a duplicate: {roll}: miss."
    left = len(duplicates(after, after.combatant(step.who))) if step.who in after else 0
    return (
        f"{head}: {step.attacker}'s {step.attack} goes at a duplicate: {roll}: hit, the "
        f"duplicate is destroyed ({left} left)."
    )


def phantasm_save_text(step: Mirrored, after: Fight, head: str) -> str:
    """B6 Phantasms at a harmful spell: "…: Ann's Hold Monster goes at a duplicate: its Wisdom
    save 1d20 (5) + 1 = 6 vs DC 15: failed, the duplicate disappears (2 left)."""
    goes = f"{head}: {step.attacker}'s {step.attack} goes at a duplicate"
    if not step.faces:
        return f"{goes}: it makes no save and is unaffected."
    sign = "+" if step.bonus >= 0 else "-"
    dice = ", ".join(map(str, step.faces))
    total = step.faces[0] + step.bonus
    roll = f"its {step.save} save 1d20 ({dice}) {sign} {abs(step.bonus)} = {total}"
    roll += f" vs DC {step.ac}"
    if step.made:
        return f"{goes}: {roll}: made, it is unaffected."
    if not step.key:
        return f"{goes}: {roll}: failed, but no damage: it stays."
    left = len(duplicates(after, after.combatant(step.who))) if step.who in after else 0
    return f"{goes}: {roll}: failed, the duplicate disappears ({left} left)."


def globe_text(step: Warded) -> str:
    """B6, F7: "Ann's Fire Bolt has no effect on Lich: Lich's Globe of Invulnerability stops
    spells of the 5th level or lower cast from outside it (F7)." """
    inside = step.who if step.who == step.by else f"{step.who}, inside {step.by}'s globe"
    return (
        f"{step.caster}'s {step.spell} has no effect on {inside}: {step.by}'s Globe of "
        "Invulnerability stops spells of the 5th level or lower cast from outside it (F7)."
    )
