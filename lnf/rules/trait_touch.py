"""B8: the monsters' traits that act by touch, light, stealth or surprise, one decider each:
Ambusher (advantage in the first round on a creature it surprised, D12), Sunlight Weakness and
Light Sensitivity (disadvantage in a fight in sunlight), Cunning Action's Disengage, Fire Form
(entering a hero's space), Freeze (slowed by cold), Mucous Cloud (a disease on who hits it
underwater) and Consume Life (a dying hero's save or death). Each decider quotes the SRD text
it plays."""

from __future__ import annotations

from lnf.model import (
    Ability,
    Condition,
    Fight,
    Hero,
    Lasting,
    Monster,
    Rider,
    TraitKind,
    TurnEdge,
)
from lnf.model.effects import ON_FIRE
from lnf.model.plan import Mode
from lnf.rules.conditions import action_or_bonus
from lnf.rules.roster import downed, in_fight, incapacitated, speed_now
from lnf.rules.target_order import target_order

# "While in sunlight" (Sunlight Sensitivity, Sunlight Weakness, a vampire's Sunlight
# Hypersensitivity) and "while in bright light" (Light Sensitivity): the fight's `sunlight:
# true`. Decision (no map of light): sunlight is the bright light lnf knows; a torch's or a
# spell's circle of light is a map's, so a cloaker fights in the dark unless the file says sun.
IN_LIGHT = (
    TraitKind.SUNLIGHT_SENSITIVITY,
    TraitKind.SUNLIGHT_HYPERSENSITIVITY,
    TraitKind.SUNLIGHT_WEAKNESS,
    TraitKind.LIGHT_SENSITIVITY,
)


def in_light(fight: Fight, attacker: Hero | Monster) -> str:
    """Sunlight Sensitivity (SRD: "While in sunlight, the kobold has disadvantage on attack
    rolls"), Sunlight Weakness (SRD: "While in sunlight, the shadow has disadvantage on attack
    rolls, ability checks, and saving throws"), Light Sensitivity (SRD: "While in bright light,
    the cloaker has disadvantage on attack rolls") and a vampire's Sunlight Hypersensitivity:
    the words of the disadvantage on its attack rolls, or ""."""
    if not fight.sunlight or not isinstance(attacker, Monster):
        return ""
    trait = next((t for t in attacker.traits if t.kind in IN_LIGHT), None)
    return f"{trait.title}: {attacker.name} is in sunlight (B8)" if trait is not None else ""


def weak_save(fight: Fight, target: Hero | Monster) -> str:
    """Sunlight Weakness (SRD: "disadvantage on … saving throws" while in sunlight): the words
    of the disadvantage on its save, or ""."""
    if not fight.sunlight or not isinstance(target, Monster):
        return ""
    if target.trait(TraitKind.SUNLIGHT_WEAKNESS) is None:
        return ""
    return "Sunlight Weakness: it is in sunlight"


def ambusher(fight: Fight, attacker: Monster, target: Hero | Monster) -> str:
    """Ambusher (SRD: "In the first round of combat, the doppelganger has advantage on attack
    rolls against any creature it has surprised"): a creature the fight file says is surprised
    (D12: the heroes in `surprised:` are the monsters' surprise), in round 1."""
    if attacker.trait(TraitKind.AMBUSHER) is None or fight.round > 1:
        return ""
    if target.name not in fight.surprised:
        return ""
    return f"Ambusher: {target.name} is surprised (B8)"


def disengages(mover: Monster) -> str:
    """Nimble Escape (SRD: "can take the Disengage or Hide action as a bonus action") and
    Cunning Action (SRD: "can use a bonus action to take the Dash, Disengage, or Hide
    action"): the trait whose Disengage a monster leaving its group takes, or ""."""
    for kind in (TraitKind.NIMBLE_ESCAPE, TraitKind.CUNNING_ACTION):
        if (trait := mover.trait(kind)) is not None:
            return trait.title
    return ""


def enters_space(monster: Monster, melee: bool) -> Rider | None:
    """Fire Form (SRD: "the elemental can enter a hostile creature's space and stop there. The
    first time it enters a creature's space on a turn, that creature takes 5 (1d10) fire damage
    and catches fire; until someone takes an action to douse the fire, the creature takes 5
    (1d10) fire damage at the start of each of its turns"): the rider on the hero whose space it
    enters, or None. Decision (no map: a group has no places in it): in each of its turns that
    it attacks a hero in mêlée and can move (M4), it first enters that hero's space, whether it
    joined the group this turn or stood there already (it steps out and in again, as a DM
    moving it would); the fire is lit once, as its Touch's is (F6)."""
    trait = monster.trait(TraitKind.FIRE_FORM)
    if trait is None or trait.dice is None or not melee or not speed_now(monster):
        return None
    kind = trait.dice.parts[0].damage_type if trait.dice.parts else None
    return Rider(
        damage=trait.dice,
        damage_type=kind,
        hurts=trait.dice,
        hurts_at=TurnEdge.START,
        hurts_what=ON_FIRE,
    )


FROZEN = "partially frozen (Freeze)"  # the effect Freeze begins


def freezes(monster: Hero | Monster, cold: int, frozen: bool) -> Lasting | None:
    """Freeze (SRD: "If the elemental takes cold damage, it partially freezes; its speed is
    reduced by 20 ft. until the end of its next turn"): how long it is frozen after taking
    `cold` damage (that got through), or None; already `frozen`, it stays so (the effect it
    has ends at the same edge)."""
    if not isinstance(monster, Monster) or monster.trait(TraitKind.FREEZE) is None:
        return None
    if cold <= 0 or frozen or not in_fight(monster):
        return None
    return Lasting(until=(monster.name, TurnEdge.END))


DISEASED = "diseased (Mucous Cloud): it can breathe only underwater, for 1d4 hours"


def mucus(fight: Fight, target: Hero | Monster, mode: Mode) -> Rider | None:
    """Mucous Cloud (SRD: "While underwater, the aboleth is surrounded by transformative mucus.
    A creature that touches the aboleth or that hits it with a melee attack while within 5 ft.
    of it must make a DC 14 Constitution saving throw. On a failure, the creature is diseased
    for 1d4 hours"): the rider on who hit `target` in mêlée within its group (`Mode.MELEE`, as
    Heated Body: not a reach attack from outside it), in a fight the file says is underwater
    (`underwater: true`); None otherwise. The disease is an affliction past the fight (F6):
    underwater it changes nothing, out of the water its bearer cannot breathe, which the DM
    plays."""
    if not fight.underwater or mode is not Mode.MELEE or not isinstance(target, Monster):
        return None
    trait = target.trait(TraitKind.MUCOUS_CLOUD)
    if trait is None:
        return None
    return Rider(save=(Ability.CON, trait.dc), afflicts=DISEASED)


def consumed(fight: Fight, monster: Monster) -> Hero | None:
    """Consume Life (SRD: "As a bonus action, the will-o'-wisp can target one creature it can
    see within 5 ft. of it that has 0 hit points and is still alive. The target must succeed
    on a DC 10 Constitution saving throw against this magic or die"): the hero it targets, or
    None. Decisions (B10: a bonus action played as it comes, after its attacks): "within 5 ft."
    is its group; of the dying heroes there, the first in the target order (T2); not while it
    is blinded, incapacitated or slowed to its action alone (F3)."""
    trait = monster.trait(TraitKind.CONSUME_LIFE)
    group = fight.group_of(monster.name)
    if trait is None or group is None or not in_fight(monster) or incapacitated(monster):
        return None
    if Condition.BLINDED in monster.conditions or action_or_bonus(monster):
        return None
    return next((h for h in target_order(fight) if h.name in group.members and downed(h)), None)


def grappling(monster: str) -> str:
    """The record a hero's won grapple leaves on the hero, where a rule reads who grapples a
    monster (Barbed Hide): "grappling Barbed Devil"."""
    return f"grappling {monster}"


def records_grapple(target: Hero | Monster) -> bool:
    """Whether a hero's grapple on `target` is recorded (V-ACL8 records none otherwise): a
    monster whose Barbed Hide hurts who grapples it."""
    return isinstance(target, Monster) and target.trait(TraitKind.BARBED_HIDE) is not None


def barbed(fight: Fight, monster: Monster) -> tuple[str, ...]:
    """Barbed Hide (SRD: "At the start of each of its turns, the barbed devil deals 5 (1d10)
    piercing damage to any creature grappling it"): the heroes its barbs catch as its turn
    starts: each whose grapple on it is recorded (`grappling`), while it is still grappled
    and the hero in the fight (a hero at 0 hit points, unconscious, holds nothing: F3)."""
    if monster.trait(TraitKind.BARBED_HIDE) is None or not in_fight(monster):
        return ()
    if Condition.GRAPPLED not in monster.conditions:
        return ()
    said = grappling(monster.name)
    holders = {e.who for e in fight.effects if e.what == said}
    return tuple(
        h.name
        for h in fight.heroes
        if h.name in holders and in_fight(h) and h.current_hp > 0 and not incapacitated(h)
    )


def grappler(fight: Fight, attacker: Monster, target: Hero | Monster) -> str:
    """Grappler (SRD: "The mimic has advantage on attack rolls against any creature grappled
    by it"): the words of that advantage, or "" (a hold of its own on the target, F6)."""
    if attacker.trait(TraitKind.GRAPPLER) is None:
        return ""
    if not any(e.by == attacker.name and e.who == target.name and e.attack for e in fight.effects):
        return ""
    return f"Grappler: {attacker.name} grapples {target.name} (B8)"


def adhesive_dc(monster: Hero | Monster) -> int:
    """Adhesive (SRD: "A Huge or smaller creature adhered to the mimic is also grappled by it
    (escape DC 13). Ability checks made to escape this grapple have disadvantage"): its escape
    DC, 0 for a creature without it."""
    trait = monster.trait(TraitKind.ADHESIVE) if isinstance(monster, Monster) else None
    return trait.dc if trait is not None else 0
