"""B8: the spells a monster's trait keeps off, decided once: Limited Magic Immunity (the
rakshasa's, SRD: "The rakshasa can't be affected or detected by spells of 6th level or lower
unless it wishes to be. It has advantage on saving throws against all other spells and
magical effects") and Immutable Form (the golems', SRD: "The golem is immune to any spell or
effect that would alter its form": `FORM_SPELLS`).

A spell's level is the one it is cast at (F7: a spell cast with a higher slot is a spell of
that level); a cantrip is below the 1st. Monsters never aim spells at their own side, so only
a hero's spell ever meets the trait; "detected" never matters in a fight without a map. A spell
whose own text rules a creature out by its type (F7: Hold Person at a giant) cannot affect it
either: `spell_proof` asks `rules.creature_limits`, so the table, the options, the policy and
an area's catch read both the same way."""

from __future__ import annotations

from collections.abc import Sequence

from lnf.errors import Refused
from lnf.model import Attack, Fight, Hero, Monster, TraitKind
from lnf.rules.creature_limits import kind_proof, kind_why

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_IMMUTABLE_FORM = TraitKind.IMMUTABLE_FORM
_LIMITED_MAGIC_IMMUNITY = TraitKind.LIMITED_MAGIC_IMMUNITY

TRAIT = "Limited Magic Immunity"
# F7: the SRD spells that would alter a creature's form: into a beast or another creature,
# into stone, to another size (lnf plays none of them: a hero casts them at the table, and
# `rules.spell_answers` plays the cast at a creature whose trait answers it)
FORM_SPELLS = frozenset({"polymorph", "true polymorph", "flesh to stone", "enlarge/reduce"})


def is_spell(attack: Attack) -> bool:
    """A spell (a hero's or a monster's): `spell: true` or a slot."""
    return attack.spell or attack.slot > 0


def spell_proof(target: Hero | Monster, spell: Attack) -> str:
    """The words that say `spell` (at the level it is cast) cannot affect `target`, or "": a
    trait of the target (B8), or what it is (F7: "Choose a humanoid", `kind_proof`). The
    words end with their rule."""
    if not isinstance(target, Monster) or not is_spell(spell):
        return ""
    if spell.name.lower() in FORM_SPELLS and target.trait(_IMMUTABLE_FORM) is not None:
        said = f"{spell.name} would alter its form"
        return f"Immutable Form: {said}, so it cannot affect {target.name} (B8)"
    trait = target.trait(_LIMITED_MAGIC_IMMUNITY)
    if trait is None or spell.slot > trait.hp:
        return kind_proof(target, spell.name)
    level = "a cantrip" if spell.slot == 0 else f"a spell of level {spell.slot}"
    return f"{TRAIT}: {spell.name} ({level}) cannot affect {target.name} (B8)"


def shield(target: Hero | Monster, spell: str) -> str:
    """What keeps the spell named `spell` off `target`, and its rule (for the words of a cast
    it could not affect): "Immutable Form, B8", "undead, F7"."""
    if not isinstance(target, Monster):
        return ""
    if spell.lower() in FORM_SPELLS and target.trait(TraitKind.IMMUTABLE_FORM) is not None:
        return "Immutable Form, B8"
    if why := kind_why(target, spell):  # what it is holds at any level (the trait may not)
        return f"{why}, F7"
    return f"{TRAIT}, B8" if target.trait(TraitKind.LIMITED_MAGIC_IMMUNITY) is not None else ""


def unaffected(fight: Fight, spell: Attack, targets: Sequence[str]) -> tuple[str, ...]:
    """The targets `spell` cannot affect (an area's catch goes on for the others)."""
    return tuple(n for n in targets if spell_proof(fight.combatant(n), spell))


def verify_some_affect(target: Hero | Monster, attacks: Sequence[Attack]) -> None:
    """Refused when every one of a hero's `attacks` at `target` is a spell it cannot affect."""
    if attacks and all(spell_proof(target, a) for a in attacks):
        raise Refused(spell_proof(target, attacks[0]))  # its words name the rule


def verify_spell_affects(fight: Fight, spell: Attack, targets: Sequence[str]) -> None:
    """Refused when `spell` can affect none of its `targets` (a single target, or an area
    that catches only creatures the trait shields): casting it would do nothing."""
    if targets and len(unaffected(fight, spell, targets)) == len(targets):
        raise Refused(spell_proof(fight.combatant(targets[0]), spell))  # its words name the rule


def spell_save_edge(target: Hero | Monster, spell: bool) -> str:
    """The advantage on a save against a spell the trait lets through (higher than its
    level: the others never reach a save)."""
    if not spell or not isinstance(target, Monster):
        return ""
    return TRAIT if target.trait(TraitKind.LIMITED_MAGIC_IMMUNITY) is not None else ""
