"""B8: the monsters' traits that touch their saving throws, one decider each: advantage on a
save against what it would impose (Fey Ancestry, Brave, Dark Devotion, Two Heads, Duergar
Resilience, Gnome Cunning, Sure-Footed), Steadfast's immunity to fear, Evasion's half or none,
and Fey Ancestry's "magic can't put it to sleep" (F7 Sleep).

A save knows what it is against: the conditions its failure imposes (a rider's, a spell's, a
lasting effect's repeat save), whether it is against a spell, and whether its damage is
poison. Each decider quotes the SRD text it plays."""

from __future__ import annotations

from collections.abc import Iterable

from lnf.model import Ability, Condition, Fight, Hero, Monster, TraitKind
from lnf.model.enums import UNFETTERED_FROM
from lnf.rules.class_features import has_evasion
from lnf.rules.conditions import condition_immune
from lnf.rules.heads import many_heads
from lnf.rules.roster import in_fight, incapacitated

# The conditions each trait gives advantage against, as its SRD text names them
_AGAINST: dict[TraitKind, frozenset[Condition]] = {
    # "advantage on saving throws against being charmed"
    TraitKind.FEY_ANCESTRY: frozenset({Condition.CHARMED}),
    # "advantage on saving throws against being frightened"
    TraitKind.BRAVE: frozenset({Condition.FRIGHTENED}),
    # "advantage on saving throws against being charmed or frightened"
    TraitKind.DARK_DEVOTION: frozenset({Condition.CHARMED, Condition.FRIGHTENED}),
    # "on saving throws against being blinded, charmed, deafened, frightened, stunned, or
    # knocked unconscious"
    TraitKind.TWO_HEADS: frozenset(
        {
            Condition.BLINDED,
            Condition.CHARMED,
            Condition.DEAFENED,
            Condition.FRIGHTENED,
            Condition.STUNNED,
            Condition.UNCONSCIOUS,
        }
    ),
    # "advantage on saving throws against poison, spells, and illusions, as well as to resist
    # being charmed or paralyzed" (poison and spells: `save_edge`)
    TraitKind.DUERGAR_RESILIENCE: frozenset(
        {Condition.CHARMED, Condition.PARALYZED, Condition.POISONED}
    ),
    # "While it has more than one head … blinded, charmed, deafened, frightened, stunned, and
    # knocked unconscious" (the heads: `save_edge`)
    TraitKind.MULTIPLE_HEADS: frozenset(
        {
            Condition.BLINDED,
            Condition.CHARMED,
            Condition.DEAFENED,
            Condition.FRIGHTENED,
            Condition.STUNNED,
            Condition.UNCONSCIOUS,
        }
    ),
    # "advantage on Strength and Dexterity saving throws made against effects that would
    # knock it prone" (the abilities: `save_edge`)
    TraitKind.SURE_FOOTED: frozenset({Condition.PRONE}),
}
_MENTAL = (Ability.INT, Ability.WIS, Ability.CHA)


def save_edge(
    target: Hero | Monster,
    ability: Ability,
    against: Iterable[Condition] = (),
    *,
    spell: bool = False,
    poison: bool = False,
) -> str:
    """B8: the trait that gives `target` advantage on this save, as the words that say why
    ("Brave (against frightened)"), or "". `against`: the conditions a failure imposes;
    `spell`: the save is against a spell; `poison`: against poison damage. Gnome Cunning (SRD:
    "advantage on Intelligence, Wisdom, and Charisma saving throws against magic") knows
    spells, as Magic Resistance does."""
    if ability is Ability.STR and Condition.ENLARGED in target.conditions:
        return "enlarged"  # B6: the duergar's Enlarge, "Strength saving throws with advantage"
    if ability is Ability.DEX and Condition.HASTED in target.conditions:
        return "hasted"  # B6: the golem's Haste, "advantage on Dexterity saving throws"
    if not isinstance(target, Monster) or not target.traits:
        return ""
    imposed = frozenset(against)
    for trait in target.traits:
        kind = trait.kind
        if kind is TraitKind.SURE_FOOTED and ability not in (Ability.STR, Ability.DEX):
            continue
        if kind is TraitKind.MULTIPLE_HEADS and not many_heads(target):
            continue
        if hit := sorted(_AGAINST.get(kind, frozenset()) & imposed):
            return f"{trait.title} (against {' and '.join(str(c) for c in hit)})"
        if kind is TraitKind.DUERGAR_RESILIENCE and (spell or poison):
            return f"{trait.title} (against {'a spell' if spell else 'poison'})"
        if kind is TraitKind.GNOME_CUNNING and spell and ability in _MENTAL:
            return f"{trait.title} (a {ability.word} save against a spell)"
    return ""


def unafraid(fight: Fight, c: Hero | Monster) -> bool:
    """Steadfast (SRD: "The devil can't be frightened while it can see an allied creature
    within 30 feet of it"): no map, so any other monster in the fight that stands and is not
    incapacitated is within 30 feet; a blinded devil sees none."""
    if not isinstance(c, Monster) or c.trait(TraitKind.STEADFAST) is None:
        return False
    if Condition.BLINDED in c.conditions:
        return False
    return any(
        isinstance(a, Monster)
        and a.name != c.name
        and in_fight(a)
        and a.current_hp > 0
        and not incapacitated(a)
        for a in fight.everyone
    )


def immune_now(fight: Fight, c: Hero | Monster) -> frozenset[Condition]:
    """The conditions `c` cannot be given now: a monster's condition immunities, and
    frightened while Steadfast holds (`unafraid`)."""
    immune = condition_immune(c)
    if Condition.UNFETTERED in c.conditions:  # B6, F7: Freedom of Movement on it
        immune |= UNFETTERED_FROM
    return immune | {Condition.FRIGHTENED} if unafraid(fight, c) else immune


def evades(target: Hero | Monster, ability: Ability, half: bool) -> bool:
    """Evasion (SRD: "If the assassin is subjected to an effect that allows it to make a
    Dexterity saving throw to take only half damage, the assassin instead takes no damage if it
    succeeds on the saving throw, and only half damage if it fails"); a hero's by its class
    and level (`rules.class_features.has_evasion`)."""
    if not half or ability is not Ability.DEX:
        return False
    if isinstance(target, Hero):  # F2: the rogue's and the monk's, from the 7th level
        return has_evasion(target.cls, target.level or 0)
    return target.trait(TraitKind.EVASION) is not None


def sleepless(c: Hero | Monster) -> bool:
    """Fey Ancestry (SRD: "magic can't put the drow to sleep"): Sleep passes it over (F7)."""
    return isinstance(c, Monster) and c.trait(TraitKind.FEY_ANCESTRY) is not None
