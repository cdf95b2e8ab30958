"""What is settled before the first round, as the DM says it (D12, V-HYR1, V-ENC1): who is
surprised, who won group initiative, who acts in the surprise round."""

from __future__ import annotations

from lnf.model import Fight, Side
from lnf.model.events import Initiative, Surprised, SurpriseRoundSet
from lnf.rules.wording import and_list, plural


def before_the_fight(event: Surprised | Initiative | SurpriseRoundSet, before: Fight) -> str:
    """D12, V-HYR1, V-ENC1: what is settled before the first round, as the DM says it."""
    if isinstance(event, SurpriseRoundSet):
        acts = ", ".join(f"{n} ({plural(k, 'action')})" for n, k in event.actions)
        return f"The surprise round (V-ENC1): {acts} act before round 1."
    if isinstance(event, Initiative):
        tries = []
        for checks in event.tries:
            sides = []
            for side in (Side.HEROES, Side.MONSTERS):
                mine = [c for c in checks if before.combatant(c.who).side is side]
                totals = [c.faces[0] + c.bonus for c in mine]
                listed = ", ".join(f"{c.who} {c.faces[0] + c.bonus}" for c in mine)
                sides.append(f"{side} {listed} (median {median_text(totals)})")
            tries.append("; ".join(sides))
        again = " — a tie, rolled again — ".join(tries)
        return f"Group initiative, Wisdom checks (V-HYR1): {again}: the {event.first} act first."
    who = and_list(list(event.who))
    if not event.checks:
        return (
            f"Surprise (D12): {who} did not notice the threat: no move, action or reaction "
            "in round 1."
        )
    rolls = ", ".join(f"{c.who} {d20_text(c.faces, c.bonus)}" for c in event.checks)
    sneaking = f"the {event.by} sneak up" if event.by else "Stealth"
    if not event.who:
        return f"Surprise (D12): {sneaking} (Stealth {rolls}), but everyone notices them."
    noticed = and_list(
        [f"{n} (passive Perception {before.combatant(n).perception})" for n in event.who]
    )
    return (
        f"Surprise (D12): {sneaking} (Stealth {rolls}); {noticed} did not notice: "
        "surprised in round 1."
    )


def median_text(values: list[int]) -> str:
    from statistics import median

    m = median(values) if values else 0
    return f"{m:g}"


def d20_text(faces: tuple[int, ...], bonus: int) -> str:
    """ "1d20 (14) + 2 = 16"."""
    sign = "+" if bonus >= 0 else "-"
    return f"1d20 ({faces[0]}) {sign} {abs(bonus)} = {faces[0] + bonus}"


def worse_d20_text(faces: tuple[int, ...], bonus: int) -> str:
    """F3, D4: a roll with disadvantage, the kept die first: "1d20 (6, 14), lower kept, + 2 = 8"."""
    sign = "+" if bonus >= 0 else "-"
    dice = ", ".join(map(str, faces))
    return f"1d20 ({dice}), lower kept, {sign} {abs(bonus)} = {faces[0] + bonus}"
