"""What applying an event did: the state before and after, and each step's record (the damage
each target took after its defences, who dropped, who gained an O dot, what else followed from
the rules). The engine makes these records (`lnf.engine.apply`); views tell them without
working anything out again."""

from __future__ import annotations

from lnf.model.events import Event
from lnf.model.fight import Fight
from lnf.model.steps import Step
from lnf.values import value


@value
class Dealt:
    """What one target took from a step, after its defences (D6)."""

    who: str
    amount: int
    defences: str = ""  # "resists slashing", "" when none applied
    reduced: int = 0  # V-ACL3: what Damage Reduction took off first
    floored: bool = False  # V-D20-4: raised to 1


@value
class StepDone:
    """One step and what it did."""

    step: Step
    before: Fight
    after: Fight
    dealt: tuple[Dealt, ...] = ()
    dropped: tuple[str, ...] = ()  # standing before, down, dead or gone after
    o_dot: str | None = None  # the hero who gained an O dot by it (T1)
    notes: tuple[str, ...] = ()  # what else followed from the rules, in words


@value
class Applied:
    """One event and what it did: the state before and after, and each step's record."""

    event: Event
    before: Fight
    after: Fight
    steps: tuple[StepDone, ...] = ()
