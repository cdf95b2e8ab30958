"""B8: the hydra's Multiple Heads and Reactive Heads, decided once (SRD: "The hydra has five
heads. While it has more than one head, the hydra has advantage on saving throws against being
blinded, charmed, deafened, frightened, stunned, and knocked unconscious. Whenever the hydra
takes 25 or more damage in a single turn, one of its heads dies. If all its heads die, the
hydra dies. At the end of its turn, it grows two heads for each of its heads that died since
its last turn, unless it has taken fire damage since its last turn. The hydra regains 10 hit
points for each head regrown in this way"; "For each head the hydra has beyond one, it gets an
extra reaction that can be used only for opportunity attacks"; its Multiattack: "as many bite
attacks as it has heads").

Its heads, the heads lost since its last turn and whether fire burned it since then are kept
as its resources (`Heads`, `Heads lost`, `Heads burned`), set by a `Heads` step of the log.
"A single turn" is any creature's turn (the damage of one turn's steps, counted together)."""

from __future__ import annotations

from lnf.model import Fight, Hero, Monster, Resource, TraitKind
from lnf.values import replace

HEADS, LOST, BURNED = "Heads", "Heads lost", "Heads burned"


def heads(m: Hero | Monster) -> int:
    """Its heads now (0: no Multiple Heads)."""
    trait = m.trait(TraitKind.MULTIPLE_HEADS) if isinstance(m, Monster) else None
    if trait is None:
        return 0
    r = m.resource(HEADS)
    return r.total if r is not None else trait.hp


def lost(m: Monster) -> int:
    r = m.resource(LOST)
    return r.total if r is not None else 0


def burned_since(m: Monster) -> bool:
    r = m.resource(BURNED)
    return r is not None and r.total > 0


def with_heads(m: Monster, now: int, gone: int, fire: bool) -> Monster:
    """The hydra with `now` heads, `gone` lost since its last turn, burned or not."""
    kept = tuple(r for r in m.resources if r.name not in (HEADS, LOST, BURNED))
    state = (Resource(HEADS, now), Resource(LOST, gone), Resource(BURNED, int(fire)))
    return replace(m, resources=(*kept, *state))


def bites(m: Monster, times: int) -> int:
    """Its Multiattack: a bite per head (`times` for any other monster)."""
    return heads(m) if m.trait(TraitKind.MULTIPLE_HEADS) is not None else times


def after_damage(m: Monster, before: int, after: int, fire: bool) -> tuple[int, int, bool]:
    """Heads, lost and burned after damage that took its turn's total from `before` to
    `after` (a head dies as the total reaches the trait's figure, once a turn)."""
    trait = m.trait(TraitKind.MULTIPLE_HEADS)
    assert trait is not None
    dies = before < trait.dc <= after
    return heads(m) - dies, lost(m) + dies, burned_since(m) or fire


def grown(m: Monster) -> int:
    """The heads it grows at the end of its turn: two for each lost, none when burned."""
    return 0 if burned_since(m) else 2 * lost(m)


def many_heads(m: Hero | Monster) -> bool:
    """Advantage on the saves its text names while it has more than one head."""
    return heads(m) > 1


def out_of_reactions(fight: Fight, foe: Hero | Monster) -> bool:
    """D10, Reactive Heads: its reaction spent this round, unless heads beyond one give it
    more opportunity attacks (one for each, counted this round)."""
    if not isinstance(foe, Monster) or foe.trait(TraitKind.REACTIVE_HEADS) is None:
        return foe.name in fight.turns.reacted
    made = fight.turns.opportunities.count(foe.name)
    return made >= max(1, heads(foe))
