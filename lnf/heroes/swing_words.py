"""The targets of a turn's several blows, as a player names them: Extra Attack's swings,
Magic Missile's darts, Scorching Ray's rays, Eldritch Blast's beams ("at Orc 1 and Orc 2")."""

from __future__ import annotations

import re

from lnf.errors import Refused
from lnf.heroes.spell_words import monster_named, names_in
from lnf.model import Attack, Fight, Hero
from lnf.model.plan import Mode
from lnf.rules.darts import sure_hit
from lnf.rules.legal import attack_modes, verify_attack
from lnf.rules.names import match_name
from lnf.rules.resources import ordinal, tracked
from lnf.rules.roster import in_fight
from lnf.rules.sheets import top_slot


def turn_parts(fight: Fight, text: str) -> list[str]:
    """F1: a turn's parts, split at ";" and "then" ("join A then attack Orc 1"); a "then"
    followed by a foe's name alone goes on naming the blows' targets ("attack Orc 1 then
    Orc 2" is "attack Orc 1 and Orc 2", F2)."""
    standing = [m.name for m in fight.monsters if in_fight(m)]
    pieces = re.split(r"(;|\bthen\b)", text)
    out: list[str] = []
    for i in range(0, len(pieces), 2):
        part = pieces[i].strip()
        if i and pieces[i - 1] == "then" and out and match_name(part, standing) is not None:
            out[-1] = f"{out[-1]} and {part}"
        elif part:
            out.append(part)
    return out


def split_targets(fight: Fight, text: str) -> list[str]:
    """F2: "Orc 1 and Orc 2" (Extra Attack's swings, Eldritch Blast's beams): the names in
    order; one name when the whole is one."""
    standing = [m.name for m in fight.monsters if in_fight(m)]
    if match_name(text, standing) is not None or text in fight:
        return [text]
    return names_in(text) or [text]


def later_targets(
    fight: Fight, hero: Hero, attack: Attack, mode: Mode, names: list[str], times: int
) -> tuple[str, ...]:
    """F2: the targets of the swings after the first, each one the same attack reaches the
    same way; no more targets than swings (`attack` as cast: its slot the level cast at)."""
    if len(names) + 1 > times:
        most = f"name up to {times} {'target' if times == 1 else 'targets'}"
        # F7: a dart or ray more a slot level above (`more_per_slot`): the slot with enough
        short, per = len(names) + 1 - times, attack.more_per_slot
        top = top_slot(hero.resources) if tracked(hero) else 9  # no sheet: any slot
        level = attack.slot + -(-short // per) if per else 10
        more = f", or cast it at {ordinal(level)} level" if level <= top else ""
        if sure_hit(attack):  # F7: Magic Missile's darts
            raise Refused(f"{attack.name} has {times} darts: {most}{more}", "F7")
        raise Refused(
            f"{hero.name} makes {times} {'attack' if times == 1 else 'attacks'} with "
            f"{attack.name}: {most}{more}",
            "F2, F7" if more else "F2",
        )
    out = []
    for text in names:
        target = monster_named(fight, text)
        if mode not in attack_modes(fight, hero, target, attack):
            verify_attack(fight, hero, target, [attack])  # says why it does not reach
            raise Refused(f"{attack.name} reaches {target.name} another way than the first", "F2")
        out.append(target.name)
    return tuple(out)
