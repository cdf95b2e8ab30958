"""F7: what the common SRD spells do besides damage and healing, in the fight file's own words
(riders, `effect:`), for the spells whose structured SRD data does not say it: Hold Person's
and Hold Monster's paralysis, Blindness/Deafness, Entangle, Faerie Fire's outline, Bless,
Shield of Faith, Web, Sleep, Spirit Guardians, Spiritual Weapon. The spellbook
(`lnf.formats.spellbook`) adds these fields to the spell's own; an attack entry's `effect:` is
read and written here (docs/spell-effects.md)."""

from __future__ import annotations

from typing import Any

from lnf.dice import parse
from lnf.formats.spec import INVALID, Checker
from lnf.formats.yaml_source import FieldPath as Path
from lnf.model import Attack, Lasting, Rider, SpellEffect
from lnf.model.enums import WARDS, Ability, Condition

# A spell that deals no damage (Hold Person, Bless): its damage, never rolled.
NO_DAMAGE = parse("0")

_SELF = (
    "invisible",
    "blurred",
    "heal",
    "dispel",
    "flying",
    "ward",
    "mirror",
    "darkness",
    "animates",
    "raises",
)  # B6: its own side, no save
_KINDS = ("allies", "sleep", "aura", "weapon", "mark", *_SELF)
_ANY = ("allies", "sleep", "kills", "mark", *_SELF)

# Spell name, lower case → the fight-file fields it adds to the spell's entry (an attack
# entry's fields; the spell's own level, save, area and damage come from the SRD). The DC
# is the caster's and the spellbook puts it in; the durations and the conditions are the
# SRD's text (F4, F6), each spell's decisions are in docs/spell-effects.md.
EFFECTS: dict[str, dict[str, Any]] = {
    "hold person": {
        "concentration": True,
        "half": False,
        "riders": [{"condition": "paralyzed", "lasting": "1 minute", "repeat": "end"}],
        "note": "a humanoid only; one more humanoid a slot above 2nd",
    },
    "command": {
        # F4, B6: the command is "Grovel" (docs/spells.md): the target falls prone and ends
        # its turn — prone until it stands up, its next turn lost (incapacitated to its end)
        "half": False,
        "riders": [
            {"condition": "prone"},
            {"condition": "incapacitated", "lasting": "until end of target's turn"},
        ],
        "note": "lnf's word is Grovel; an undead, or one who does not understand the caster, "
        "is not affected",
    },
    "hold monster": {  # Hold Person's paralysis on any creature (its text: "a creature")
        "concentration": True,
        "half": False,
        "riders": [{"condition": "paralyzed", "lasting": "1 minute", "repeat": "end"}],
        "note": "no effect against the undead; one more creature a slot above 5th",
    },
    "blindness/deafness": {  # "blinded or deafened (your choice)": blinded, what a fight feels
        "half": False,
        "riders": [{"condition": "blinded", "lasting": "1 minute", "repeat": "end"}],
        "note": "the caster's choice is blinded (deafened changes no roll); one more creature "
        "a slot above 2nd",
    },
    "entangle": {  # Web's restraint in a 20-foot square, escaped with a Strength check
        "concentration": True,
        "half": False,
        "riders": [
            {"condition": "restrained", "lasting": "1 minute", "repeat": "end", "escape": "str"}
        ],
        "note": "the escape is a Strength check with an action: lnf rolls it at its turn's end",
    },
    "power word stun": {  # "If the target has 150 hit points or fewer, it is stunned"
        "save": "con",  # no save when cast: "a constitution saving throw at the end of each"
        "half": False,
        "riders": [{"condition": "stunned", "repeat": "end"}],
        "effect": {"word": 150},
    },
    "faerie fire": {
        "concentration": True,
        "half": False,
        "riders": [{"condition": "outlined", "lasting": "1 minute"}],
    },
    "bless": {
        "concentration": True,
        "effect": {"allies": 3, "d4": 1, "lasting": "1 minute"},
        "note": "one more creature a slot above 1st",
    },
    "shield of faith": {
        "concentration": True,
        "cost": "bonus action",
        "effect": {"allies": 1, "ac": 2, "lasting": "10 minutes"},
    },
    "web": {
        "concentration": True,
        "save": "dex",  # the SRD's data has none; its text: a Dexterity saving throw
        "half": False,
        "riders": [
            {"condition": "restrained", "lasting": "1 hour", "repeat": "end", "escape": "str"}
        ],
        "note": "the escape is a Strength check with an action: lnf rolls it at its turn's end",
    },
    "sleep": {
        "effect": {"sleep": "5d8", "per_slot": "2d8", "lasting": "1 minute"},
    },
    "spirit guardians": {
        "concentration": True,
        "save": "wis",  # the SRD's data has neither: its text, 3d8 radiant, Wisdom half
        "damage": "3d8 radiant",
        "upcast": {str(n): f"{n}d8 radiant" for n in range(4, 10)},  # 1d8 more a slot above 3rd
        "half": True,
        "effect": {"aura": True, "lasting": "10 minutes"},
        "note": "the caster's speed-halving of foes is not played (no map)",
    },
    "spiritual weapon": {
        "cost": "bonus action",
        "effect": {"weapon": True, "lasting": "1 minute"},
    },
    # F7: a foe marked, no save; each of the caster's weapon hits on it adds the dice (Hex, not
    # in the SRD, is written by hand with `mark: 1d6 necrotic` and played the same way)
    # (`rules.on_hit.marked_dice`); moving the mark is not played (docs/spell-effects.md)
    "hunter's mark": {"concentration": True, "effect": {"mark": "1d6", "lasting": "1 hour"}},
}


# Spells as a monster casts them at heroes (B6), where lnf plays that side only: a charmed hero
# cannot attack its charmer (F3, `rules.conditions`), a confused hero rolls its d10 (F7); a
# charmed or confused monster's plan does not read it yet, so a hero's spell stays the DM's.
# Charm Person's save has advantage in a fight (`rules.spell_effects.fought_advantage`); "if
# you or your companions do anything harmful to it" is taken as any damage it takes
# (docs/spell-effects.md).
MONSTER_EFFECTS: dict[str, dict[str, Any]] = {
    "charm person": {
        "half": False,
        "riders": [{"condition": "charmed", "lasting": "1 hour or until it takes damage"}],
        "note": "a humanoid only; what the charmed hero does besides sparing its charmer is "
        "its player's",
    },
    "calm emotions": {  # F7: the caster makes its foes indifferent to its whole side
        "half": False,
        "riders": [{"condition": "indifferent", "lasting": "1 minute"}],
        "note": "humanoids only",
    },
    "confusion": {  # F7: the d10 each turn is `engine.confusion`'s; a monster's is not played
        "half": False,
        "riders": [{"condition": "confused", "lasting": "1 minute", "repeat": "end"}],
    },
}


# B6: spells a monster casts on itself only when nothing else is possible (it attacks no hero
# this round), spell name, lower case → the fields its action entry adds (Blur: "any creature
# has disadvantage on attack rolls against you"; the SRD's text of Invisibility:
# "A creature you touch becomes invisible until the spell ends … The spell ends for a target
# that attacks or casts a spell"; Greater Invisibility has no such end). The monster touches
# itself: the plan orders its own side, and a DM's monster hides itself first.
SELF_SPELLS: dict[str, dict[str, Any]] = {
    "invisibility": {
        "concentration": True,
        "effect": {"invisible": True, "ends_on_attack": True, "lasting": "1 hour"},
    },
    "greater invisibility": {
        "concentration": True,
        "effect": {"invisible": True, "lasting": "1 minute"},
    },
    "fly": {  # "The target gains a flying speed of 60 feet for the duration"
        "concentration": True,
        "effect": {"flying": True, "lasting": "10 minutes"},
    },
    "dispel magic": {  # "Any spell of 3rd level or lower on the target ends"
        "effect": {"dispel": True},
    },
    "blur": {  # "any creature has disadvantage on attack rolls against you"
        "concentration": True,
        "effect": {"blurred": True, "lasting": "1 minute"},
    },
    # "spells and other magical effects can neither reduce the target's speed nor cause the
    # target to be paralyzed or restrained … 5 feet of movement to automatically escape
    # nonmagical restraints, such as manacles or a creature that has it grappled"
    "freedom of movement": {"effect": {"ward": "unfettered", "lasting": "1 hour"}},
    # "any creature who targets the warded creature with an attack or a harmful spell must
    # first make a Wisdom saving throw": its `save:` is the attacker's, the caster's DC
    # (`formats.monster_actions` adds it; `rules.sanctuary` plays it)
    "sanctuary": {"effect": {"ward": "warded", "lasting": "1 minute"}},
    # "The heat shield gives you cold damage resistance … The attacker then suffers 2d8 points
    # of fire damage" (the warm shield, `rules.fire_shield`)
    "fire shield": {"effect": {"ward": "fire-shielded", "lasting": "10 minutes"}},
    # "Three illusory duplicates … A duplicate's AC equals 10 + your Dexterity modifier" (the
    # reader puts the caster's own AC for them, `formats.monster_actions`; `rules.mirror_image`)
    "mirror image": {"effect": {"mirror": 10, "lasting": "1 minute"}},
    # Enlarge on itself (`rules.attacks.grown`): "advantage on Strength checks and Strength
    # saving throws … the target's attacks with them deal 1d4 extra damage"
    "enlarge/reduce": {
        "concentration": True,
        "effect": {"ward": "enlarged", "lasting": "1 minute"},
    },
    # "Any spell of 5th level or lower cast from outside the barrier can't affect creatures or
    # objects within it" (`rules.globe`)
    "globe of invulnerability": {
        "concentration": True,
        "effect": {"ward": "globe-warded", "lasting": "1 minute"},
    },
}


def effect_fields(name: str, *, monster: bool = False) -> dict[str, Any]:
    """The fields the table adds to a spell named `name` (none for a spell not in it); a
    `monster`'s spell adds those of MONSTER_EFFECTS."""
    from lnf.formats.spells_on_heroes import ON_HEROES

    found = dict(EFFECTS.get(name.lower(), {}))
    if not monster:
        return found
    return found | MONSTER_EFFECTS.get(name.lower(), {}) | ON_HEROES.get(name.lower(), {})


def spell_effect(
    a: dict[str, Any], riders: tuple[Rider, ...], path: Path, ck: Checker
) -> dict[str, Any]:
    """F7: an attack entry's `effect:` as the model's SpellEffect, and whether the entry may
    leave out its damage (a spell whose riders or effect is all it does); every field that
    does not go with another is named."""
    e = a.get("effect")
    spell = bool(a["spell"] or a["slot"])
    own = not spell and own_action(a)
    # F6: a hit that only holds (the roper's tendril) or whose damage is a save's (the naga's)
    held = any(r.grapple or (r.damage is not None and r.save is not None) for r in riders)
    if a["damage"] is None and not own and not held and not (spell and (riders or _has(e, *_ANY))):
        ck.fail(path, "missing field 'damage' (dice such as 1d8+2 slashing)")
    if e is None or e is INVALID:
        return {"effect": None}
    at = (*path, "effect")
    kinds = [k for k in _KINDS if e[k]]
    shield = kinds == ["allies"] and e["ac"] and not e["d4"]  # B7: Shimmering Shield, no spell
    alone = (["invisible"], ["heal"], ["ward"], ["darkness"], ["animates"], ["raises"])
    if not spell and kinds not in (*alone, ["mirror"]) and not shield:
        ck.fail(at, "only a spell has an effect", "mark it spell: true or give its slot", "F7")
    if len(kinds) > 1:
        ck.fail(at, f"one of {', '.join(_KINDS)} at a time, not {' and '.join(kinds)}", rule="F7")
    if (e["ac"] or e["d4"]) and not e["allies"]:
        ck.fail(at, "ac and d4 are for an ally spell: give allies, such as 3", rule="F7")
    if e["allies"] and not (e["ac"] or e["d4"]):
        ck.fail((*at, "allies"), "say what it gives them: ac: 2 or d4: 1", rule="F7")
    if e["allies"] and (a["save"] is not None or a["damage"] is not None):
        ck.fail((*at, "allies"), "an ally spell has no save and no damage", rule="F7")
    if e["per_slot"] is not None and e["sleep"] is None:
        ck.fail((*at, "per_slot"), "more of what? give sleep, such as 5d8", rule="F7")
    if e["sleep"] is not None and a["save"] is not None:
        ck.fail((*at, "sleep"), "Sleep has no save: drop save", rule="F7")
    if (e["aura"] or e["weapon"]) and a["damage"] is None:
        ck.fail(at, "an aura or a spell weapon deals damage: give damage", rule="F7")
    if e["weapon"] and a["save"] is not None:
        ck.fail((*at, "weapon"), "a spell weapon makes an attack roll: drop save", rule="F7")
    if e["aura"] and a["save"] is None:
        ck.fail((*at, "aura"), "an aura's foes save: give save, such as wis 14", rule="F7")
    sanctuary = e["ward"] is Condition.SANCTUARY
    if sanctuary and (a["save"] is None or a["save"][0] is not Ability.WIS):
        ck.fail((*at, "ward"), "Sanctuary's attackers save: give save, such as wis 13", rule="F7")
    for key in (k for k in _SELF if e[k]):
        if (a["save"] is not None and not sanctuary) or a["damage"] is not None:
            verbs = {
                "heal": "heals",
                "dispel": "dispels",
                "ward": "wards its caster",
                "darkness": "darkens its group",
            }
            does = verbs.get(key, f"makes its caster {key}")
            said = f"a spell that {does} "
            said += "has no save and no damage"
            ck.fail((*at, key), said, rule="B6")
    if e["kills"] and (not e["word"] or a["save"] is not None or riders):
        said = "a word that kills (Power Word Kill) has no save and no riders: give word"
        ck.fail((*at, "kills"), f"{said}, such as 100", rule="F7")
    elif e["word"] and not e["kills"] and (a["save"] is None or not riders):
        said = "a power word imposes riders and its repeat save is the spell's: give riders and"
        ck.fail((*at, "word"), f"{said} save, such as con 15", rule="F7")
    if e["contest"] is not None and (a["save"] is not None or not riders):
        said = "a contest (Telekinesis) has no save and brings riders on the loser: give riders"
        ck.fail((*at, "contest"), said, rule="F7")
    if e["others"] and e["heal"] is None:
        ck.fail((*at, "others"), "another creature for what? give heal, such as 4d8+2", rule="B6")
    if e["ward"] is not None and e["ward"] not in WARDS:
        words = ", ".join(sorted(WARDS))
        ck.fail((*at, "ward"), f"a ward is a condition on its caster: one of {words}", rule="B6")
    if e["mark"] is not None and (a["save"] is not None or a["damage"] is not None or riders):
        ck.fail((*at, "mark"), "a mark (Hunter's Mark) has no save, damage or riders", rule="F7")
    if e["ends_on_attack"] and not e["invisible"]:
        ck.fail((*at, "ends_on_attack"), "what ends? give invisible: true", rule="B6")
    return {
        "effect": SpellEffect(
            allies=e["allies"],
            ac=e["ac"],
            d4=e["d4"],
            sleep=e["sleep"],
            per_slot=e["per_slot"],
            aura=e["aura"],
            weapon=e["weapon"],
            invisible=e["invisible"],
            ends_on_attack=e["ends_on_attack"],
            blurred=e["blurred"],
            heal=e["heal"],
            word=e["word"],
            kills=e["kills"],
            contest=e["contest"],
            dispel=e["dispel"],
            flying=e["flying"],
            others=e["others"],
            ward=e["ward"],
            mirror=e["mirror"],
            darkness=e["darkness"],
            animates=e["animates"],
            raises=e["raises"],
            mark=e["mark"],
            lasting=e["lasting"] or Lasting(),
        )
    }


def own_action(a: dict[str, Any]) -> bool:
    """B6: an attack entry that may be a stat block's own action, no spell, with an effect
    (`formats/idle_actions`): the imp's Invisibility (it may concentrate), a deva's Healing
    Touch (`heal`), the duergar's Enlarge (`ward: enlarged`), the darkmantle's Darkness Aura
    (`darkness`), Animate Trees and Create Specter (`animates`, `raises`), the cloaker's
    Phantasms (`mirror`)."""
    return _has(
        a.get("effect"),
        *("invisible", "heal", "ward", "allies", "darkness", "animates", "raises", "mirror"),
    )


def _has(e: Any, *keys: str) -> bool:
    return isinstance(e, dict) and any(e.get(k) for k in keys)


_DOC_KEYS = (
    "allies",
    "ac",
    "d4",
    "aura",
    "weapon",
    "invisible",
    "ends_on_attack",
    "blurred",
    "word",
    "kills",
    "dispel",
    "flying",
    "others",
    "mirror",
    "darkness",
    "animates",
    "raises",
)


def spell_effect_doc(a: Attack) -> dict[str, Any]:
    """An attack's `effect:` as the fight file writes it (what `spell_effect` reads back)."""
    e = a.effect
    if e is None:
        return {}
    d: dict[str, Any] = {}
    for key in _DOC_KEYS:
        if getattr(e, key):
            d[key] = getattr(e, key)
    if e.sleep is not None:
        d["sleep"] = str(e.sleep)
    if e.per_slot is not None:
        d["per_slot"] = str(e.per_slot)
    if e.heal is not None:
        d["heal"] = str(e.heal)
    if e.mark is not None:
        d["mark"] = str(e.mark)
    if e.contest is not None:
        d["contest"] = e.contest
    if e.ward is not None:
        d["ward"] = str(e.ward)
    if e.lasting.rounds:
        d["lasting"] = _span(e.lasting.rounds)
    return {"effect": d}


def _span(rounds: int) -> str:
    for unit, size in (("day", 14_400), ("hour", 600), ("minute", 10)):
        count, left = divmod(rounds, size)
        if count and not left:
            return f"{count} {unit}{'s' if count > 1 else ''}"
    return f"{rounds} round{'s' if rounds > 1 else ''}"
