"""B6, B8: magical darkness a monster spreads around itself (the darkmantle's Darkness Aura:
"A 15-foot radius of magical darkness extends out from the darkmantle, moves with it … Darkvision
can't penetrate this darkness, and no natural light can illuminate it. If any of the darkness
overlaps with an area of light created by a spell of 2nd level or lower, the spell creating the
light is dispelled"), read without a map.

**Decisions (no map):** 15 feet around its user is its mêlée group (G5), so the darkness fills
the group its user stands in, wherever it goes, while its concentration on the action holds
(F5). In that group:

- S3: no light counts there — a torch or lantern is natural light it cannot illuminate, a Light
  or other low spell is dispelled (lnf does not know which a hero's `light:` is; either way the
  group is dark), so the side that did not start the fight strikes first there.
- D4: a heavily obscured place; a creature there, or attacking into it, sees nobody in it, nor
  is seen from it ("effectively suffers from the blinded condition", SRD Vision and Light),
  unless it has blindsight or truesight (its stat block's senses; darkvision does not count).
  So whoever cannot see its target attacks at disadvantage and whoever its target cannot see
  attacks at advantage; both cancel (D4). Heroes have neither sense in lnf; the darkmantle
  has blindsight (Echolocation's deafness is not tracked)."""

from __future__ import annotations

from lnf.model import Fight, Hero, Monster
from lnf.rules.roster import in_fight

# SRD senses that see in magical darkness; darkvision "can't penetrate this darkness".
SEES_IN_DARK = ("blindsight", "truesight")


def darkener(fight: Fight, name: str) -> Monster | None:
    """The monster whose darkness fills the group `name` stands in (its concentration on an
    action with `effect: {darkness: true}` holding, it in the fight), or None."""
    if not fight.effects:
        return None  # no effect at all: no darkness (asked of every attack roll)
    group = fight.group_of(name)
    members = group.members if group is not None else (name,)
    for e in fight.effects:
        if not e.concentration or e.who not in members or e.who not in fight:
            continue
        user = fight.combatant(e.who)
        if not isinstance(user, Monster) or not in_fight(user):
            continue
        action = next((a for a in user.actions if a.name == e.what), None)
        if action is not None and action.effect is not None and action.effect.darkness:
            return user
    return None


def sees_in_dark(c: Hero | Monster) -> bool:
    """A creature with blindsight or truesight (its stat block's senses, which lnf keeps in
    `not_modelled`); heroes have none in lnf."""
    if not isinstance(c, Monster):
        return False
    senses = (n for n in c.not_modelled if n.startswith("senses:"))
    return any(s in n for n in senses for s in SEES_IN_DARK)


def dark_group(fight: Fight, names: set[str] | list[str]) -> bool:
    """S3: the group of these combatants is dark (no light counts in it)."""
    return any(darkener(fight, n) is not None for n in names)


def unseen_in_dark(
    fight: Fight, attacker: Hero | Monster, target: Hero | Monster
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """D4: (advantages, disadvantages) the darkness gives an attack — the attacker or its
    target in a dark group, the one without blindsight or truesight seeing nothing."""
    source = darkener(fight, target.name) or darkener(fight, attacker.name)
    if source is None:
        return (), ()
    aura = next(
        (e.what for e in fight.effects if e.who == source.name and e.concentration), "darkness"
    )
    good: tuple[str, ...] = ()
    bad: tuple[str, ...] = ()
    if not sees_in_dark(target):
        good = (f"{target.name} cannot see {attacker.name} in {source.name}'s {aura}",)
    if not sees_in_dark(attacker):
        bad = (f"{attacker.name} cannot see {target.name} in {source.name}'s {aura}",)
    return good, bad
