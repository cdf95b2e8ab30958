"""The vocabulary of the fight log: an *event* is one entry (the seed, a round's start, the plan,
a turn, a DM's record); a turn or a record holds *steps* (a move, an attack with its dice…, in
`lnf.model.steps`), with the dice as rolled: the state is the fight file plus every event
applied (`apply`)."""

from __future__ import annotations

from dataclasses import field

from lnf.model.enums import PhaseKind, Side
from lnf.model.fight import Phase
from lnf.model.plan import Order
from lnf.model.steps import EffectEnded, Saved, SaveRolled, Step
from lnf.values import value


@value
class Begun:
    """The first event of a log: the seed every later roll derives from."""

    seed: int


@value
class RoundStarted:
    """S1–S3: a new round and its strike order, fixed when the round starts."""

    round: int
    order: tuple[str, ...] = ()
    phase: Phase = field(default_factory=Phase)  # the phase the round is played in


@value
class PhaseSet:
    """V1, V2: the volley rounds are rolled or tick down; at 0 the sides meet (mêlée)."""

    kind: PhaseKind
    volley: int = 0
    note: str = ""  # how it came about: "grassland, 6d6 (…) = 21 → 3 volley rounds (V1)"


@value
class Planned:
    """The monsters' plan (P1) as it stood when it was made, for the record."""

    orders: tuple[Order, ...]
    replan: bool = False  # P6: made mid-round because the grid changed
    note: str = ""  # why there is no plan, or a count it cannot meet (P6)
    kept: bool = False  # P6: the plan in force told again, as the grid now says its moves


@value
class Turn:
    """One combatant's turn (S1): everything it did, in order."""

    who: str
    steps: tuple[Step, ...]
    note: str = ""  # why it did nothing ("cannot act", "acts at the table")

    @property
    def only_its_end(self) -> bool:
        """F4: whether its steps are all what its end brought (saves repeated, effects
        ending): then why it did nothing is told first, as it came first."""
        return all(isinstance(s, SaveRolled | EffectEnded) for s in self.steps)


@value
class TurnStarted:
    """S1: a hero's turn at the table begins; lnf waits for what the DM records of it
    (`lnf act`, damage, heal, move, mark) until `lnf next` ends it with a `Turn`."""

    who: str


@value
class Reaction:
    """M6, D10: the table's answer when a foe is about to leave a hero's group: the hero takes
    its opportunity attack (rolled as the foe leaves) or lets it go."""

    who: str
    foe: str
    takes: bool
    guard: str = ""  # F1: a reaction that turns a hit (Shield), not an opportunity attack


@value
class Recorded:
    """Something recorded outside lnf's own turns: by the DM at the table (`actor` is the hero
    whose action at the table it is, `lnf act`), or what the rules made happen (a hero stepping
    forward, R4–R5; the speeds of a chase round, C2)."""

    steps: tuple[Step, ...]
    note: str = ""
    by_rules: bool = False
    actor: str = ""


@value
class Renamed:
    """The fight file was edited mid-fight to call a combatant `new`; the entries before this
    one call it `old`. Read before the log is replayed (they are translated); it changes
    nothing in the fight and is not taken back by undo."""

    old: str
    new: str


@value
class Ended:
    winner: Side


@value
class Undone:
    """Takes back the last event still in force (append-only: nothing is erased): the entry
    numbered `of` in the log (None in logs of lnf 0.1, which did not say)."""

    of: int | None = None


@value
class Redone:
    """Puts back the last event taken back, if nothing new came since: entry number `of`."""

    of: int | None = None


@value
class Surprised:
    """D12: who did not notice the threat, before the first round: named by the DM, or found
    from the ambushers' Stealth checks (`checks`, by side `by`) against passive Perception."""

    who: tuple[str, ...]
    checks: tuple[Saved, ...] = ()
    by: Side | None = None


@value
class Initiative:
    """V-HYR1: each try's Wisdom checks (a tie rolls again); the side with the higher median
    acts first."""

    tries: tuple[tuple[Saved, ...], ...]
    first: Side


@value
class SurpriseRoundSet:
    """V-ENC1: the DM names who acts in the surprise round, with how many actions (1–3)."""

    actions: tuple[tuple[str, int], ...]


Event = (
    Begun
    | Surprised
    | Initiative
    | SurpriseRoundSet
    | RoundStarted
    | PhaseSet
    | Planned
    | TurnStarted
    | Turn
    | Reaction
    | Recorded
    | Renamed
    | Ended
    | Undone
    | Redone
)
