"""Casting and healing in a player's words (F1, F7, E1–E3):

    cast Fireball at 4th at Orc 1, Orc 2 and Kara sculpt Kara    (or `at Orc 1 at 4th`,
    cast Sacred Flame at Wight                                     `with a 4th-level slot`)
    cast Eldritch Blast at Orc 1 and Orc 2                  (F2: one beam at each, in order)
    heal Doris with Cure Wounds at 2nd | cast Cure Wounds on Doris | heal Doris 1d8+3
    fire bolt the priest | bless Bram and Ann         (a spell's name as the verb: cast …)

The slot a spell spends and the level it is cast at are decided in `rules.resources.cast_slot`;
the damage or the healing follows the slot spent (F7). Names the player gives are matched here too,
for `lnf.heroes.words` as well.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from lnf.dice import DiceExpr, parse
from lnf.engine.decisions import HealChoice, SpellChoice
from lnf.errors import DiceError, Refused
from lnf.model import Attack, Cost, Fight, Hero, Monster
from lnf.rules.areas import area_said
from lnf.rules.legal import verify_area, verify_heal, verify_sculpt, verify_spell_reach
from lnf.rules.names import find_name, match_name, match_names
from lnf.rules.resources import SLOTTED_SPELL, cast_slot, ordinal, verify_use
from lnf.rules.roster import in_fight

Spend = list[tuple[str, int]]  # the sheet's resources an action uses, as it is read

# F7: "at 4th", "at 4th level", "at level 4", "with a 4th-level slot", "using a 4th level slot"
_LEVEL = re.compile(
    r"\s+(?:at|with|using)\s+(?:an?\s+)?"
    r"(?:(\d+)(?:st|nd|rd|th)(?:[-\s]+level)?|level\s+(\d+))(?:\s+(?:spell\s+)?slot)?"
    r"(?=\s|,|$)",
    re.IGNORECASE,
)


def spell_as_verb(hero: Hero, part: str, verbs: Collection[str]) -> str:
    """F1, F7: a spell's name said as the verb, as players say it ("fire bolt the priest",
    "magic missile Goblin 1 and Goblin 2", "cure wounds on Bram") is `cast NAME at …`, "the"
    dropped. Only the hero's own spells, the longest name first, and not where the first word
    is a verb already (`verbs`: "heal Bram" stays a heal, never the Heal spell)."""
    low = part.lower()
    if low.partition(" ")[0] in verbs:
        return part
    spells = {a.name for a in hero.attacks if a.spell or a.slot or a.save or a.effect}
    heals = {x.name for x in hero.heals}
    for name in sorted(spells | heals, key=len, reverse=True):
        if low == name.lower():
            return f"cast {name}"
        if low.startswith(f"{name.lower()} "):
            rest = re.sub(
                r"^(?:(?:at|on)\s+)?(?:the\s+)?", "", part[len(name) :].strip(), flags=re.I
            )
            return f"cast {name} {'on' if name in heals else 'at'} {rest}"
    return part


def slot_level(text: str) -> tuple[str, int | None]:
    """F7: the words without the slot level they name, and that level (None: not named)."""
    found = _LEVEL.search(" " + text)
    if found is None:
        return text, None
    said = " " + text
    return (said[: found.start()] + said[found.end() :]).strip(), int(found[1] or found[2])


# --- spells with a save --------------------------------------------------------------------


def _spell_said(rest: str) -> str:
    """The spell named at the start of `cast …` (before "at" or "on" and any slot level), lower
    case."""
    name = re.split(r"\s+(?:at|on)\s+", slot_level(rest)[0], maxsplit=1, flags=re.IGNORECASE)[0]
    return name.strip().lower()


def refuse_reactions(hero: Hero, rest: str) -> None:
    """F1: `cast Hellish Rebuke at Orc 1` on the hero's own turn: a spell whose casting time is
    a reaction is cast when what it answers comes (lnf asks then), refused now."""
    name = _spell_said(rest)
    for a in hero.attacks:
        if a.cost is Cost.REACTION and a.name.lower() == name:
            raise Refused(
                f"{a.name} is {hero.name}'s reaction to a foe's hit that hurts it: lnf asks for "
                "it then, not on a turn",
                "F1",
            )


def save_spell(hero: Hero, rest: str) -> Attack | None:
    """The hero's save spell named at the start of `cast …`, if it is one."""
    name = _spell_said(rest)
    return next((a for a in hero.attacks if a.save is not None and a.name.lower() == name), None)


def cast_save(fight: Fight, hero: Hero, spell: Attack, rest: str, spend: Spend) -> SpellChoice:
    """`cast Fireball at Orc 1, Orc 2 and Kara sculpt Kara` (E3) or `cast Sacred Flame at Orc`,
    with a slot level anywhere (`at 4th`, F7)."""
    rest, level = slot_level(rest)
    pieces = re.split(r"\s+(?:at|on)\s+", rest, maxsplit=1, flags=re.IGNORECASE)
    if len(pieces) != 2:
        raise Refused(f"say whom: cast {spell.name} at TARGET[, TARGET…]")
    text, sculpt = pieces[1], ""
    if found := re.search(r"\s+sculpt\s+", text, re.IGNORECASE):
        text, sculpt = text[: found.start()], text[found.end() :]
    standing = [c.name for c in fight.everyone if in_fight(c)]
    targets = tuple(n for t in names_in(text) for n in names_meant(t, standing))
    spared = tuple(n for t in names_in(sculpt) for n in names_meant(t, standing))
    big = SLOTTED_SPELL if spell.slot else ""
    slot, at = cast_slot(hero, spell.name, spell.slot, level)
    # B8: at the level it is cast (Limited Magic Immunity reads it)
    verify_spell_reach(fight, hero, spell.at_slot(at), [t for t in targets if t not in spared])
    if spell.area is None:
        if len(targets) != 1 or not isinstance(fight.combatant(targets[0]), Monster):
            raise Refused(f"{spell.name} takes one monster as its target")
        area = ""
    else:
        area = area_said(spell.area, verify_area(fight, spell, targets, spared))
        verify_sculpt(hero, spell, at, spared)  # F2: a wizard's, 1 + the spell's level
    if slot is not None:
        spend.append((slot, 1))
    upcast = at if at > spell.slot else 0
    return SpellChoice(spell.at_slot(at), targets, spared, big, area, upcast)


def names_in(text: str) -> list[str]:
    return [n.strip() for n in re.split(r",|\band\b", text) if n.strip()]


# --- healing -------------------------------------------------------------------------------


def cast_heal(hero: Hero, rest: str) -> str | None:
    """`cast Cure Wounds [at 2nd] on Doris`: the words of `heal` for it, when the hero has
    such a healing."""
    text, level = slot_level(rest)
    pieces = re.split(r"\s+(?:at|on)\s+", text, maxsplit=1, flags=re.IGNORECASE)
    known = next((x for x in hero.heals if x.name.lower() == pieces[0].strip().lower()), None)
    if known is None:
        return None
    if len(pieces) != 2:
        raise Refused(f"say whom: cast {known.name} on ALLY")
    at = f" at {ordinal(level)}" if level is not None else ""
    return f"{pieces[1].strip()} with {known.name}{at}"


def drunk(hero: Hero, said: str) -> str | None:
    """F1: the healing potion of the sheet's `heals` a player says to drink or use ("drink a
    potion of healing", "use Potion of Healing"; "a potion" when the sheet has one): its name,
    or None. Drunk, it heals the drinker (`heal HERO with POTION`), not a bare Use action."""
    wanted = re.sub(r"^(?:a|an|the|my|one)\s+", "", said.strip(), flags=re.I).casefold()
    potions = [x.name for x in hero.heals if not x.slot and "potion" in x.name.casefold()]
    exact = [p for p in potions if p.casefold() == wanted]
    if exact or wanted not in ("potion", "healing potion"):
        return exact[0] if exact else None
    return potions[0] if len(potions) == 1 else None


def heal_choice(fight: Fight, hero: Hero, rest: str, spend: Spend) -> HealChoice:
    """`heal Doris with Healing Word` (the sheet's dice and slot; `at 2nd`: F7's dice for that
    slot), `heal Doris 1d4+3 [with Cure Wounds]`, or `heal Doris 10 with Lay on Hands` (points
    of the pool)."""
    rest, level = slot_level(rest)
    found = re.match(r"(.+?)(?:\s+(\S*\d\S*))?(?:\s+with\s+(.+))?$", rest)
    if found is None or (found[2] is None and found[3] is None):
        raise Refused("say whom and how: heal Doris with Healing Word, or heal Doris 1d8+3")
    if found[1] in fight:
        verify_heal(fight, found[1])
    who = name_meant(found[1], [h.name for h in fight.heroes if in_fight(h)])
    by = (found[3] or "").strip()
    verify_healing(fight, hero, who, by)
    known = next((x for x in hero.heals if by and x.name.lower() == by.lower()), None)
    pool = hero.resource(by) if by else None
    if level is not None and (known is None or not known.slot):
        if known is None and pool is None:
            spells = [x.name for x in hero.heals if x.slot]
            raise Refused(f"{hero.name} has no healing spell called {by!r}", options=spells)
        cast_slot(hero, known.name if known is not None else by, 0, level)  # refused: no slot
    if pool is not None and known is None:  # Lay on Hands: points of a pool
        if found[2] is None or not found[2].isdigit():
            raise Refused(f"{pool.name} heals a number of its points: heal {who} 5 with {by}")
        spend.append((verify_use(hero, pool.name, int(found[2])) or pool.name, int(found[2])))
        return HealChoice(who, dice_of(found[2]), pool.name)
    if known is not None:
        at = known.slot
        if known.slot:
            slot, at = cast_slot(hero, known.name, known.slot, level)
            if slot is not None:
                spend.append((slot, 1))
        elif hero.resource(known.name) is not None:  # a potion the sheet counts
            spend.append((verify_use(hero, known.name) or known.name, 1))
        amount = dice_of(found[2]) if found[2] else known.at_slot(at).dice
        upcast = at if at > known.slot else 0
        return HealChoice(who, amount, known.name, known.cost, known.slot, upcast)
    if found[2] is None:
        options = [x.name for x in hero.heals]
        raise Refused(f"{hero.name} has no healing called {by!r}; say the dice", options=options)
    return HealChoice(who, dice_of(found[2]), by)


def verify_healing(fight: Fight, hero: Hero, who: str, by: str) -> None:
    """D9, G5: healing that would do nothing, or a touch that does not reach, is refused
    before a slot is spent (`rules.healing`)."""
    from lnf.rules.healing import verify_needed, verify_reaches

    verify_needed(fight, who)
    known = next((x.name for x in hero.heals if by and x.name.lower() == by.lower()), by)
    verify_reaches(fight, hero, who, known)


# --- names and dice ------------------------------------------------------------------------


def dice_of(text: str) -> DiceExpr:
    try:
        return parse(text)
    except DiceError as exc:
        raise Refused(f"bad dice {text!r}: {exc.message}", "D1") from None


def monster_named(fight: Fight, text: str) -> Monster:
    standing = [m.name for m in fight.monsters if in_fight(m)]
    if text not in standing and text in fight and isinstance(fight.combatant(text), Monster):
        raise Refused(f"{text} is down or gone", options=standing)
    return fight.monster(name_meant(text, standing))


def names_meant(text: str, names: Sequence[str]) -> list[str]:
    """One name, or every one a plural means where a spell takes several ("the wolves")."""
    if match_name(text, names) is None and (every := match_names(text, names)):
        return every
    return [name_meant(text, names)]


def name_meant(text: str, names: Sequence[str]) -> str:
    """The name the player meant (`rules.names`: any case, "the wolf", did-you-mean)."""
    return find_name(text, list(dict.fromkeys(names)), "those it can pick")
