"""F6: what a hit brings besides its damage, read from a stat block's attack description in the
5e-database format ("… must succeed on a DC 10 Constitution saving throw or be paralyzed for 1
minute. The target can repeat the saving throw at the end of each of its turns …").

The words after the hit's own damage are read a sentence at a time. A sentence lnf reads
becomes part of a `Rider` (its save, conditions, how long they last, damage on a failed save,
a grapple, a reduced hit-point maximum); a sentence about what comes after the fight (a long
rest ends the reduction) is taken as read; anything else is named, in lnf's own few words, in
`Reading.unread`, so a stat block lists it as not modelled instead of dropping it. No sentence
of the description is kept.

Conventions the engine relies on (docs/riders.md, keyed F4/F6):
- `Lasting.until[0]` is a placeholder, one of `BEARERS`: "target" (the creature the rider lands
  on) or "attacker" (the creature whose attack it is); the engine puts names in their place
  when the rider lands.
- A rider with a `grapple` keeps its `conditions` (restrained) while the grapple lasts; its
  `lasting` is then empty.
- `max_hp` with a `damage_type` and no `damage` (the vampire's bite): the maximum goes down
  by that type's damage of the hit only; without a type, by all the damage the hit dealt.
"""

from __future__ import annotations

import re
from typing import Any

from lnf.dice import DamageType, DiceError, DiceExpr, parse
from lnf.formats import hold_words as hw
from lnf.formats import rider_words as rw
from lnf.formats.afflictions import AFFLICTION, WOUND, afflicted, lasting, wound
from lnf.formats.rider_words import limit as _limit
from lnf.formats.short_forms import ROUNDS
from lnf.model import Ability, Condition, Lasting, Rider, TurnEdge
from lnf.model.effects import ATTACKER, TARGET
from lnf.values import replace, value

BEARERS = frozenset({TARGET, ATTACKER})
MAX_DC = 40  # a save or escape DC above it is a typo in a user's file (the fight file's limit)

ABILITIES = {a.name.lower(): a for a in Ability} | {
    "strength": Ability.STR,
    "dexterity": Ability.DEX,
    "constitution": Ability.CON,
    "intelligence": Ability.INT,
    "wisdom": Ability.WIS,
    "charisma": Ability.CHA,
}
CONDITIONS = {c.value: c for c in Condition}


@value
class Reading:
    """What a description's words after the hit bring: the riders lnf reads, and what it does
    not, each named in a few words of lnf's own ("disease", "pulling")."""

    riders: tuple[Rider, ...] = ()
    unread: tuple[str, ...] = ()


def riders(desc: str) -> tuple[Rider, ...]:
    """F6: the riders of an attack's description (see `read`)."""
    return read(desc).riders


UNREAD = "more than lnf reads"  # what a sentence brings when no kind below names it


def read(desc: str) -> Reading:
    """F6: what the words after an attack's hit bring (see the module's docstring)."""
    hit = desc.split("Hit:", 1)[1] if "Hit:" in desc else ""
    clause = rw.HIT_END.split(hit, maxsplit=1)[0]
    rest = hit[len(clause) :] if own_damage(desc) else hit
    reader = _Reader()
    for sentence in re.split(r"(?<=\.)\s+|\n+", rest.strip(" .,;\n")):
        sentence = sentence.strip().rstrip(".")
        if sentence:
            reader.sentence(sentence)
    return reader.reading()


def own_damage(desc: str) -> bool:
    """Whether the hit deals damage of its own ("Hit: 7 (2d4 + 2) slashing damage") rather
    than only what a failed save brings ("Hit: The target must make a DC 15 …")."""
    hit = desc.split("Hit:", 1)[1] if "Hit:" in desc else ""
    return re.match(r"\s*\d+ ", hit) is not None


class _Reader:
    """The riders read so far; a later sentence adds to the last one ("The target can repeat
    the saving throw …" belongs to the save before it)."""

    def __init__(self) -> None:
        self.riders: list[Rider] = []
        self.unread: list[str] = []
        self.attached: set[str] | None = None  # F6: the parts of an attachment read so far
        self.swallowed: set[str] | None = None  # F6: the parts of a swallow read so far
        self.cursed = False  # F6: the lamia's curse read, what it does not yet

    def reading(self) -> Reading:
        whole = (set(hw.ATTACHED), set(hw.WRAPPED), set(hw.WRAPPED) | {"rides"})  # F6
        if self.attached is not None and self.attached not in whole:
            self.riders = [r for r in self.riders if not r.attach]  # only the whole of it
            self.unread.append("attaching itself")
        if self.cursed:
            self.unread.append("a curse")
        if self.swallowed is not None and self.swallowed != set(hw.SWALLOW):
            self.riders = [r for r in self.riders if not r.swallow]
            self.unread.append("swallowing")
        kept = [
            r
            for r in self.riders
            if r.conditions
            or r.damage
            or r.grapple
            or r.max_hp
            or r.afflicts
            or r.no_healing
            or r.hurts
            or r.armor
            or r.strength is not None
            or r.kills
            or r.attach
            or r.pull
        ]
        return Reading(tuple(kept), tuple(dict.fromkeys(self.unread)))

    def attach_part(self, s: str) -> str:
        """F6: which part of the stirge's attachment `s` says (its drain and its fill go on
        the rider); "" for none."""
        part = next((k for k, p in hw.ATTACHED.items() if p.fullmatch(s)), "")
        wrap = next((k for k, p in hw.WRAPPED.items() if p.fullmatch(s)), "")
        if wrap == "head":  # F6: the cloaker's, the darkmantle's, with advantage on the roll
            self.last({"conditions": (Condition.BLINDED,), "suffocates": True, "head": True})
        elif wrap == "advantage":
            self.last({"held_advantage": True})
        elif (m := hw.WRAPPED["check"].fullmatch(s)) and 1 <= int(m["dc"]) <= MAX_DC:
            self.last({"grapple": int(m["dc"])})
        part = part or wrap or ("rides" if hw.RIDES.fullmatch(s) else "")
        if part == "drain" and (m := hw.ATTACHED["drain"].fullmatch(s)):
            self.last({"drain": parse(m["dice"].replace(" ", ""))})
        if part == "sated" and (m := hw.ATTACHED["sated"].fullmatch(s)):
            self.last({"sated": int(m["n"])})
        return part

    def swallow_part(self, s: str) -> str:
        """F6: which part of the purple worm's swallow `s` says; "" for none."""
        part = next((k for k, p in hw.SWALLOW.items() if p.fullmatch(s)), "")
        m = hw.SWALLOW[part].fullmatch(s) if part else None
        if m is not None and part == "inside" and (dice := _damage(m)) and dice[1]:
            typed = DiceExpr(tuple(replace(p, damage_type=dice[1]) for p in dice[0].parts))
            conditions = self.riders[-1].conditions + _conditions(m["what"])[0]
            self.last({"held_damage": typed, "conditions": conditions})
        elif m is not None and part == "out":
            self.last({"regurgitate": (int(m["n"]), int(m["dc"]))})
        return part

    def holding(self) -> bool:
        """F6: whether the last rider is a grapple with no damage of its own while held yet."""
        last = self.riders[-1] if self.riders else None
        return last is not None and bool(last.grapple) and last.held_damage is None

    def webbed(self) -> bool:
        """F6: whether the last rider is one the webbing's check ends: restrained by it."""
        last = self.riders[-1] if self.riders else None
        return last is not None and last.conditions == (Condition.RESTRAINED,) and not last.grapple

    def note(self, text: str) -> None:
        """Names what `text` brings that lnf does not read; a sentence that names nothing new
        goes on about what was named before it (how a disease runs its course)."""
        found = [kind for pattern, kind in rw.KINDS if re.search(pattern, text, re.I)]
        if not found and not self.unread:
            found = [UNREAD]
        named = [*self.unread, *found]
        self.unread += [k for k in found if not any(w in named for w in rw.NAMED_BY.get(k, ()))]

    def last(self, change: dict[str, object]) -> None:
        """The last rider read, changed by a later sentence."""
        self.riders[-1] = replace(self.riders[-1], **change)

    def sentence(self, s: str) -> None:
        if rw.TAKEN_AS_READ.fullmatch(s) or lasting(s, self.riders, self.note):
            return
        if m := rw.SAVE.fullmatch(s):
            self.save(m)
        elif m := rw.REPEAT.fullmatch(s):
            self.repeat(m)
        elif (m := rw.THEN.fullmatch(s)) and self.then(m):
            pass
        elif (m := rw.OUT.fullmatch(s)) and self.riders and self.riders[-1].save is not None:
            wakes = "takes damage" in m[0]  # "or until it takes damage or another creature …"
            minutes = int(m["minutes"]) * ROUNDS["minute"] if m["minutes"] else 0
            by, at = int(m["by"] or 0), int(m["at"] or 0)
            out: dict[str, object] = {"out_by": by, "out_at": at, "out_rounds": minutes}
            self.last(out | {"wakes": wakes, "shake": wakes})
        elif (
            rw.WAKES.fullmatch(s)
            and self.riders
            and (self.riders[-1].out_by or self.riders[-1].out_at)
        ):
            self.last({"wakes": True, "shake": True})
        elif (
            rw.SHAKE.fullmatch(s)
            and self.riders
            and Condition.UNCONSCIOUS in self.riders[-1].conditions
        ):
            self.last({"shake": True})
        elif m := rw.GRAPPLE.fullmatch(s):
            self.grapple(m)
        elif (m := hw.SWALLOWS_HELD.fullmatch(s)) and (limit := _limit(m["who"])) is not None:
            self.riders.append(Rider(swallow=True, only_if=limit))  # F6: the kraken's
            self.swallowed = set()
        elif (m := hw.CONTEST.fullmatch(s)) and (limit := _limit(m["who"])) is not None:
            self.riders.append(Rider(pull=True, contest=True, only_if=limit))
        elif m := hw.CURSED.fullmatch(s):
            rounds = int(m["n"]) * ROUNDS[m["unit"].lower()]
            self.riders.append(Rider(lasting=Lasting(rounds=rounds)))
            self.cursed = True
        elif m := hw.INSTEAD.fullmatch(s):
            if 1 <= int(m["dc"]) <= MAX_DC:
                self.riders.append(Rider(grapple=int(m["dc"]), instead=True))
        elif (m := hw.HELD_DAMAGE_TURNS.fullmatch(s)) and self.holding() and (dice := _damage(m)):
            typed = DiceExpr(tuple(replace(p, damage_type=dice[1]) for p in dice[0].parts))
            self.last({"held_damage": typed})
        elif hw.CURSE_WORSE.fullmatch(s) and self.cursed:
            self.last({"conditions": (Condition.INTOXICATED,)})
            self.cursed = False
        elif (m := hw.WEB_ESCAPE.fullmatch(s)) and self.webbed():
            self.last({"grapple": int(m["dc"]), "web": True})
        elif hw.WEBBING.fullmatch(s) and self.riders and self.riders[-1].web:
            pass  # F6: the webbing as a target of its own (docs/choices.md F6, webbing)
        elif (m := hw.WRAPS.fullmatch(s)) and (limit := _limit(m["who"])) is not None:
            self.riders.append(Rider(attach=True, only_if=limit))  # the stirge's, the cloaker's
            self.attached = set()
        elif self.attached is not None and (part := self.attach_part(s)):
            self.attached.add(part)
        elif self.swallowed is not None and (part := self.swallow_part(s)):
            self.swallowed.add(part)
        elif (m := hw.HELD_ADVANTAGE.fullmatch(s)) and self.riders and self.riders[-1].grapple:
            self.last({"holds": 1, "held_advantage": True})
        elif (m := hw.ONE_AT_A_TIME.fullmatch(s)) or (m := hw.LIMBS.fullmatch(s)):
            self.holds(m.groupdict().get("n") or "one", m[0])
        elif m := rw.WHILE_HELD.fullmatch(s):
            self.held(m["what"])
        elif m := rw.MAX_HP_PLAIN.fullmatch(s):
            # F6: the vampire "regains hit points equal to that amount"
            drain = Rider(
                max_hp=True, damage_type=_damage_type(m["type"]), regains=bool(m["regain"])
            )
            self.riders.append(drain)
        elif m := rw.UNTIL_POISON_ENDS.fullmatch(s) or rw.TURNS_TO_STONE.fullmatch(s):
            conditions, left = _conditions(m["what"])
            if not conditions or not self.riders:
                self.note(s)
            else:
                self.last({"conditions": self.riders[-1].conditions + conditions})
                if left:
                    self.note(left)
        elif (
            (m := rw.IS.fullmatch(s)) and _conditions(m["what"])[0] and _limit(m["who"]) is not None
        ):
            conditions, left = _conditions(m["what"])
            self.riders.append(Rider(conditions=conditions, only_if=_limit(m["who"]) or ""))
            if left:
                self.note(left)
        else:
            self.note(s)

    def save(self, m: re.Match[str]) -> None:
        """F6: "… must succeed on a DC 10 Constitution saving throw or …": the save, then what
        a failure (and a success) brings."""
        ability = ABILITIES.get(m["ability"].lower())
        limit = _limit(m["who"])
        if ability is None or limit is None or not 1 <= int(m["dc"]) <= MAX_DC:
            self.note(m[0])
            return
        save = (ability, int(m["dc"]))
        tail = m["tail"]
        rider = Rider(save=save, only_if=limit)
        if (
            found := re.fullmatch(
                r", taking " + rw.DAMAGE + r" on a failed save(?P<half>, or half as much damage on "
                r"a successful one)?",
                tail,
            )
        ) and (damage := _damage(found)):
            rider = replace(
                rider, damage=damage[0], damage_type=damage[1], half=bool(found["half"])
            )
        elif (
            found := re.fullmatch(r" or take " + rw.DAMAGE + r"(?: and (?P<more>.*))?", tail)
        ) and (damage := _damage(found)):
            rider = replace(rider, damage=damage[0], damage_type=damage[1])
            tail = f" or {found['more']}" if found["more"] else ""
        elif found := rw.MAX_HP.fullmatch(tail.strip()):
            rider = replace(rider, max_hp=True, damage_type=_damage_type(found["type"]))
            tail = ""
        elif re.fullmatch(hw.PULLED, tail, re.I):
            rider, tail = replace(rider, pull=True), ""
        elif re.fullmatch(hw.SWALLOWED, tail, re.I):
            rider, tail, self.swallowed = replace(rider, swallow=True), "", set()
        elif found := AFFLICTION.fullmatch(tail):
            rider = replace(rider, afflicts=afflicted(found))
            tail = ""
        elif tail == " or die" and (most := re.fullmatch(r"(\d+) hit points or fewer", limit)):
            rider = replace(rider, kills=int(most[1]), only_if="")  # F6: "or die"
            tail = ""
        elif found := WOUND.fullmatch(tail):
            rider = replace(rider, **wound(found))
            tail = ""
        if tail.startswith(" or "):
            conditions, lasting, left, push = _failure(tail[4:])
            rider = replace(rider, conditions=conditions, lasting=lasting, push=push)
            if left:
                self.note(left)
        elif tail and not rider.damage:
            self.note(tail)
        self.riders.append(rider)

    def repeat(self, m: re.Match[str]) -> None:
        """F4: the save repeated at an edge of each of the bearer's turns ends the effect on a
        success; "at the end of its next turn" is one repeat, so the effect ends there too."""
        rider = self.riders[-1] if self.riders else None
        if rider is None or rider.save is None:
            self.note(m[0])
            return
        edge = TurnEdge(m["edge"].lower())
        lasting = replace(rider.lasting, save=rider.save, each=edge, in_sight=bool(m["sight"]))
        if "next turn" in m[0]:
            lasting = replace(lasting, until=(TARGET, edge))
        self.last({"lasting": lasting})

    def then(self, m: re.Match[str]) -> bool:
        """F4: "On a failure, the creature is petrified for 24 hours": what a failed repeat of
        the last rider's save brings; False when there is none to follow."""
        rider = self.riders[-1] if self.riders else None
        condition = CONDITIONS.get(m["what"].lower())
        if rider is None or rider.lasting.save is None or condition is None:
            return False
        rounds = int(m["n"]) * ROUNDS[m["unit"].lower()]
        self.last({"then": condition, "then_rounds": rounds})
        return True

    def grapple(self, m: re.Match[str]) -> None:
        """F6: "the target is grappled (escape DC 13)", with what the grapple brings."""
        tail = m["tail"]
        limit = _limit(m["who"])
        size = re.search(r" if it is an? (\w+ or smaller) creature", tail)
        if size:
            limit = size[1]
            tail = tail.replace(size[0], "")
        if limit is None or not 1 <= int(m["dc"]) <= MAX_DC:
            self.note(m[0])
            return
        held = rw.HELD_TAIL.search(tail)
        conditions = (Condition.RESTRAINED,) if held else ()
        if held:
            tail = tail.replace(held[0], "")
        holds = 0
        if (already := hw.NOT_ALREADY.search(tail)) and (
            holds := hw.NUMBERS.get(already["n"] or "one", 0)
        ):
            tail = tail.replace(already[0], "")
        rider = Rider(grapple=int(m["dc"]), holds=holds, conditions=conditions, only_if=limit)
        self.riders.append(rider)
        if tail.strip(" ,"):
            self.note(tail)

    def holds(self, number: str, words: str) -> None:
        """F6: how many creatures the last grapple holds at once (see `hw.ONE_AT_A_TIME`)."""
        rider = self.riders[-1] if self.riders else None
        count = hw.NUMBERS.get(number.lower(), 0)
        if rider is None or not rider.grapple or not count:
            self.note(words)
            return
        self.last({"holds": count})

    def held(self, what: str) -> None:
        """ "Until this grapple ends, the target is restrained …": conditions while held."""
        conditions, left = _conditions(what)
        rider = self.riders[-1] if self.riders else None
        if rider is None or not rider.grapple or not conditions:
            self.note(what)
            return
        if worse := hw.STR_WORSE.match(left.removeprefix("and ")):  # F6: a tendril, hampered
            conditions += (Condition.HAMPERED,)
            left = left.removeprefix("and ")[worse.end() :]
        self.last({"conditions": rider.conditions + conditions})
        parts = [p.removeprefix("and ") for p in re.split(r",? and |, ", left) if p]
        for part in parts:
            if hw.SUFFOCATING.fullmatch(part):
                self.last({"suffocates": True})  # F6: the rug's smother
            elif hw.SAME_LIMB.fullmatch(part):
                pass  # F6: a tendril holds one; how many at once, its trait says (formats/srd)
            elif hw.ONE_AT_A_TIME.fullmatch(part):
                self.holds("one", part)
            elif hw.SURE_HIT.fullmatch(part):
                self.last({"held_hits": True})  # F6: "can automatically hit the target"
            elif (m := hw.HELD_DAMAGE.fullmatch(part)) and (dice := _damage(m)) and dice[1]:
                typed = DiceExpr(tuple(replace(p, damage_type=dice[1]) for p in dice[0].parts))
                self.last({"held_damage": typed})
            else:
                self.note(part)


def _conditions(text: str) -> tuple[tuple[Condition, ...], str]:
    """ "restrained, blinded, and at risk of suffocating" → (restrained, blinded) and the words
    left over; "knocked prone" is prone."""
    found: list[Condition] = []
    rest = text.strip()
    while True:
        m = re.match(r"(?:,? and |, )?(?:knocked |also )?(\w+)", rest)
        if m is None or m[1].lower() not in CONDITIONS:
            break
        found.append(CONDITIONS[m[1].lower()])
        rest = rest[m.end() :]
    if rest.startswith(" by webbing"):
        rest = rest.removeprefix(" by webbing")
    return tuple(dict.fromkeys(found)), rest.strip(" ,")


def _failure(text: str) -> tuple[tuple[Condition, ...], Lasting, str, int]:
    """What a failed save brings: "be paralyzed for 1 minute" → (paralyzed), 10 rounds, the
    words left over and the feet of a push: "be pushed up to 10 feet away from the dragon
    turtle and knocked prone" is prone and pushed 10 ft (the whole of "up to": F6)."""
    pushed = re.match(r"be pushed up to (\d+) feet away from the [\w ]+? and (knocked prone)", text)
    push = int(pushed[1]) if pushed else 0
    if pushed:
        text = f"be {pushed[2]}"
    words = re.match(r"(?:be|become) (.*)", text)
    if words is None:
        return (), Lasting(), text, 0
    conditions, rest = _conditions(words[1])
    if not conditions:
        return (), Lasting(), text, 0
    lasting = Lasting()
    if m := rw.DURATION.match(rest):
        lasting = _lasting(m)
        rest = rest[m.end() :]
    return conditions, lasting, rest.strip(" ,"), push


def _lasting(m: re.Match[str]) -> Lasting:
    """F4: "for 1 minute" is 10 rounds; "until the end of its next turn" is the bearer's turn,
    "… of the ghoul's next turn" the attacker's (the placeholders of `BEARERS`)."""
    if m["unit"]:
        count = 1 if m["n"].lower() in ("one", "a", "an") else int(m["n"])
        return Lasting(rounds=count * ROUNDS[m["unit"].lower()])
    if m["edge"]:
        whose = TARGET if m["whose"].lower() in ("its", "the target's") else ATTACKER
        return Lasting(until=(whose, TurnEdge(m["edge"].lower())))
    return Lasting()  # until a cure: until the DM takes it off


def _damage(m: re.Match[str]) -> tuple[DiceExpr, DamageType | None] | None:
    """The dice and type of "9 (2d8) poison damage"; None for dice lnf does not roll (a
    user's own file may say 0d6)."""
    try:
        return parse(m["dice"].replace(" ", "")), _damage_type(m["type"])
    except DiceError:
        return None


def _damage_type(word: str | None) -> DamageType | None:
    return DamageType(word.lower()) if word and word.lower() in set(DamageType) else None


def block_riders(desc: str, name: str, notes: list[str]) -> list[dict[str, Any]]:
    """A stat block's riders for the attack `name`, in the fight file's words (the bestiary
    keeps them so); what lnf does not read goes to `notes` (not modelled)."""
    from lnf.formats.rider_forms import rider_doc

    reading = read(desc)
    found, unread = list(reading.riders), list(reading.unread)
    if unread:
        notes.append(f"{name}: on a hit, {', '.join(unread)}")
    return [rider_doc(r) for r in found]
