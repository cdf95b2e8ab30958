"""The DM's marks that last (F4, F5): `lnf mark` with a duration or a concentration, and an
effect the DM takes off by its words."""

from __future__ import annotations

from lnf.engine.apply import Steps
from lnf.engine.begin import start
from lnf.errors import Refused
from lnf.model import Condition
from lnf.model.effects import Lasting
from lnf.model.steps import ConcentrationEnded, EffectEnded
from lnf.rules.concentration import concentrating
from lnf.rules.names import suggestion


def mark_effect(
    turn: Steps,
    who: str,
    what: str,
    lasting: Lasting,
    condition: Condition | None = None,
    *,
    by: str = "",
    concentration: bool = False,
) -> None:
    """`lnf mark` with a duration (F4), or a concentration (F5: an earlier one ends first)."""
    if concentration and concentrating(turn.fight, turn.fight.combatant(who)):
        turn.do(ConcentrationEnded(who, f"it begins concentrating on {what}"))
    if lasting.concentration and not concentrating(
        turn.fight, turn.fight.combatant(lasting.concentration)
    ):
        raise Refused(
            f"{lasting.concentration} is not concentrating: mark {lasting.concentration} "
            "concentration SPELL first",
            rule="F5",
        )
    start(turn, who, what, lasting, by, condition, concentration=concentration)


def take_off(turn: Steps, who: str, words: str) -> None:
    """The DM takes a named effect off `who` (a fire doused, a wound stanched, a curse
    lifted): every effect on it whose words begin so ends (F4)."""
    said = words.strip().lower()
    found = [e for e in turn.fight.effects if e.who == who and e.what.lower().startswith(said)]
    if not said or not found:
        borne = [e.what.partition(": ")[0] for e in turn.fight.effects if e.who == who]
        near = suggestion(words, borne)  # F4: a misspelt effect ("Blss") is asked about
        said = f"{near} It bears {', '.join(borne)}" if near else ", ".join(borne)
        raise Refused(f"{who} bears no {words!r}: {said or 'nothing that lasts'}", rule="F4")
    for e in found:
        turn.do(EffectEnded(e.key, "the DM takes it off"))
