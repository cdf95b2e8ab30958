"""The grid as frozen values: no rules, no I/O."""

from typing import TYPE_CHECKING, Any

from lnf.model.attacks import Area, Attack, Healing
from lnf.model.effects import Effect, Guard, Lasting, Rider, SpellEffect
from lnf.model.enums import (
    CLASS_FAMILIES,
    HELD,
    INCAPACITATING,
    N_CONDITIONS,
    Ability,
    Action,
    AltUse,
    AttackKind,
    BackReason,
    CDot,
    Condition,
    Cost,
    Dot,
    Family,
    Flag,
    HouseRule,
    MonsterKind,
    PhaseKind,
    Rank,
    Recharge,
    RuleFamily,
    School,
    Shape,
    Side,
    Size,
    Terrain,
    TurnEdge,
    Variant,
)
from lnf.model.fight import (
    LEGENDARY_ACTIONS,
    LEGENDARY_RESISTANCE,
    SLOT,
    Combatant,
    Cover,
    Escape,
    Fight,
    Group,
    Hero,
    Legendary,
    Monster,
    MultiOption,
    Phase,
    Pool,
    Resource,
    Turns,
)
from lnf.model.traits import Trait, TraitKind

if TYPE_CHECKING:
    from lnf.model.answer_steps import Confused, Countered


def __getattr__(name: str) -> Any:
    """Confused and Countered, steps of play, loaded when first asked for (PEP 562): a fight
    is read and drawn (`lnf show`) without them."""
    if name in ("Confused", "Countered"):
        from lnf.model import answer_steps

        globals()[name] = found = getattr(answer_steps, name)
        return found
    raise AttributeError(f"module 'lnf.model' has no attribute {name!r}")


__all__ = [
    "CLASS_FAMILIES",
    "HELD",
    "INCAPACITATING",
    "LEGENDARY_ACTIONS",
    "LEGENDARY_RESISTANCE",
    "N_CONDITIONS",
    "SLOT",
    "Ability",
    "Action",
    "AltUse",
    "Area",
    "Attack",
    "AttackKind",
    "BackReason",
    "CDot",
    "Combatant",
    "Condition",
    "Confused",
    "Cost",
    "Countered",
    "Cover",
    "Dot",
    "Effect",
    "Escape",
    "Family",
    "Fight",
    "Flag",
    "Group",
    "Guard",
    "Healing",
    "Hero",
    "HouseRule",
    "Lasting",
    "Legendary",
    "Monster",
    "MonsterKind",
    "MultiOption",
    "Phase",
    "PhaseKind",
    "Pool",
    "Rank",
    "Recharge",
    "Resource",
    "Rider",
    "RuleFamily",
    "School",
    "Shape",
    "Side",
    "Size",
    "SpellEffect",
    "Terrain",
    "Trait",
    "TraitKind",
    "TurnEdge",
    "Turns",
    "Variant",
]
