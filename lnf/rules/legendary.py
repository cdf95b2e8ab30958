"""B7: which legendary action a monster takes at the end of a hero's turn, and at whom
(`legendary_choice`), decided here and nowhere else; `lnf.engine.legendary` plays it. Its
Legendary Resistance and its reactions are `rules.monster_reactions`'."""

from __future__ import annotations

from lnf.model import LEGENDARY_ACTIONS, Attack, Fight, Legendary, Monster
from lnf.model.plan import STAY, Mode, Order
from lnf.rules.bar_healing import barred, bars_only
from lnf.rules.catches import best_catch
from lnf.rules.legendary_self import own_use, self_option
from lnf.rules.monster_reactions import left, may_act_out_of_turn
from lnf.rules.moves import start_spot
from lnf.rules.order_damage import expected_damage
from lnf.rules.specials import (
    SHOT,
    STRIKE,
    action_mode,
    catch_count,
    reach_kind,
    reach_of,
    usable,
)
from lnf.values import replace, value


@value
class LegendaryPick:
    """B7: the option a monster takes, what it uses (one of its weapon attacks, one roll; or
    the option's own action), at whom (an area's catch, B3), and, for an attack roll, how it
    reaches (A1–A3; None for a save or an area)."""

    option: Legendary
    use: Attack
    targets: tuple[str, ...]
    mode: Mode | None = None


def legendary_choice(fight: Fight, monster: Monster, planned: str | None) -> LegendaryPick | None:
    """B7: the legendary action `monster` takes at the end of a hero's turn, if any. While it
    has points left this round (an option costing 2 needs 2), it takes the option with the
    most expected damage (B6, `rules.order_damage.expected_damage`; a tie goes to the stat block's
    first) that reaches a hero from where it stands (B4: it does not move). A single target is
    its planned target (`planned`) if the option reaches it, else the first hero in the target
    order (T2) it reaches: P2's one target a round does not bind it. An action that catches
    several heroes takes B3's best catch; "Cast a Spell" weighs each spell it may cast now,
    its slot left (B2), as an option of its own. An option with neither an attack nor an
    action (Detect, a move) is never taken; nor is any while the monster is incapacitated, surprised
    or in a chase. One on itself (Heal Self, Shimmering Shield) is `rules.legendary_self`'s."""
    points = left(monster, LEGENDARY_ACTIONS)
    if not points or not monster.legendary or not may_act_out_of_turn(fight, monster):
        return None
    picks = [
        pick
        for option in monster.legendary
        if option.cost <= points and not own_use(option.action)  # on itself: below
        for use in _uses(fight, monster, option)
        if (pick := _aimed(fight, monster, option, use, planned)) is not None
    ]
    if (own := self_option(fight, monster, points, bool(picks))) is not None:
        assert own.action is not None
        return LegendaryPick(own, own.action, (monster.name,))  # B7: Heal Self, a shield
    if not picks:
        return None
    worth = [expected_damage(fight, *_as_order(monster, pick)) for pick in picks]
    return picks[worth.index(max(worth))]


def _uses(fight: Fight, monster: Monster, option: Legendary) -> tuple[Attack, ...]:
    """B7: what the option may use: its action, the attack it makes, or ("Cast a Spell",
    `spells`) each spell the monster may cast now as an action, its slot left (B1, B2)."""
    if option.spells:
        return tuple(a for a in usable(fight, monster) if a.spell)
    use = option.action if option.action is not None else _weapon(monster, option.attack)
    return (use,) if use is not None else ()


def _aimed(
    fight: Fight, monster: Monster, option: Legendary, use: Attack, planned: str | None
) -> LegendaryPick | None:
    """B7: the option, using `use`, aimed as it would be taken now, from the monster's place
    (B4); None when it reaches nobody."""
    if bars_only(use):  # F6: Channel Negative Energy, only when a hero is downed
        caught = barred(fight)
        return LegendaryPick(option, use, caught) if caught else None
    spot = start_spot(fight, monster.name)
    mode = action_mode(use, spot) if reach_kind(use) in (STRIKE, SHOT) else None
    if catch_count(use) > 1:
        caught = best_catch(fight, monster, use, spot, monster.rank)
        return LegendaryPick(option, use, caught, mode) if caught else None
    reached = reach_of(fight, monster, use, spot, monster.rank)
    target = planned if planned in reached else next(iter(reached), None)
    return LegendaryPick(option, use, (target,), mode) if target is not None else None


def _weapon(monster: Monster, name: str) -> Attack | None:
    """The weapon attack an option makes, as the stat block names it ("Tail"): one attack
    (B7: one roll)."""
    found = next((a for a in monster.attacks if name and a.name.lower() == name.lower()), None)
    return replace(found, times=1) if found is not None else None


def _as_order(monster: Monster, pick: LegendaryPick) -> tuple[Monster, Order]:
    """B6 weighs a pick as an order: the monster with nothing but what the option uses (one
    weapon attack and no Multiattack, or the option's action) and an order that stays put."""
    first, also = pick.targets[0], pick.targets[1:]
    if pick.option.action is not None or pick.option.spells:
        view = replace(monster, actions=(pick.use,))
        order = Order(monster.name, monster.rank, STAY, first, pick.mode, pick.use.name, also)
        return view, order
    view = replace(
        monster,
        attacks=(pick.use,),
        multiattack=(),
        multiattack_options=(),
        multiattack_action="",
        actions=(),
    )
    return view, Order(monster.name, monster.rank, STAY, first, pick.mode)
