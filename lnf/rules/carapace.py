"""B8: Reflective Carapace, decided once (the tarrasque's, SRD: "Any time the tarrasque is
targeted by a magic missile spell, a line spell, or a spell that requires a ranged attack roll,
roll a d6. On a 1 to 5, the tarrasque is unaffected. On a 6, the tarrasque is unaffected, and
the effect is reflected back at the caster as though it originated from the tarrasque, turning
the caster into the target").

Decisions: each attack roll of a spell is a targeting (Scorching Ray's rays, Eldritch Blast's
beams: a d6 each), and so is each of Magic Missile's darts; a line spell (Lightning Bolt) that
catches it rolls once. Turned back, the spell is the caster's own (its attack bonus or DC: "as
though it originated from the tarrasque" changes where it starts, not its figures) at the
caster: an attack roll against the caster's AC, or the caster among the line's targets."""

from __future__ import annotations

from lnf.model import Attack, Hero, Monster, Shape, TraitKind
from lnf.model.plan import Mode
from lnf.rules.darts import sure_hit

# Read once, not per call: Python 3.11 reads `Enum.X` through the enum's `__getattr__` hook.
_LINE = Shape.LINE
_RANGED = Mode.RANGED
_REFLECTIVE_CARAPACE = TraitKind.REFLECTIVE_CARAPACE

TRAIT = "Reflective Carapace"


def reflective(target: Hero | Monster, spell: Attack, mode: Mode | None) -> bool:
    """The target has the trait and `spell` is one it answers: Magic Missile, a line spell,
    or a spell attack made at range (`mode`: the attack's; None for a save spell)."""
    if not isinstance(target, Monster) or target.trait(_REFLECTIVE_CARAPACE) is None:
        return False
    if not (spell.spell or spell.slot):
        return False
    if sure_hit(spell):  # Magic Missile: each dart targets it (a d6 a dart, as a ray's)
        return True
    if spell.area is not None and spell.area.shape is _LINE:
        return True
    return spell.save is None and mode is _RANGED
