"""D10, M6: an opportunity attack is "one mêlée attack" with the reaction: the best of the
attacks the Attack action makes (a weapon, claws, a bite) — not a mêlée spell (Vampiric Touch,
Shocking Grasp, Inflict Wounds: cast with an action, and a slotted one would spend nothing) nor
a blow of the bonus action (a monk's Flurry of Blows). Before, a warlock struck a fleeing gnoll
with Vampiric Touch, 3d6, as its opportunity attack."""

from __future__ import annotations

from lnf.engine.turns import opportunity_weapon
from lnf.formats.fight_file import parse_fight
from tests.srd import needs_data

FIGHT = """
title: Opportunity
heroes:
  - {name: Mor, class: warlock, level: 5, scores: {dex: 14, con: 14, cha: 18},
     weapons: [dagger], spells: [eldritch blast, shocking grasp, vampiric touch]}
  - {name: Sen, class: monk, level: 5, scores: {dex: 18, con: 14, wis: 14}, weapons: [dart]}
monsters:
  - {name: Gnoll, hp: 22, attacks: [{name: Spear, to_hit: 4, damage: 1d6+2 piercing}]}
groups:
  A: [Mor, Sen, Gnoll]
"""


@needs_data
def test_a_weapon_not_a_melee_spell_nor_a_bonus_action_blow() -> None:
    fight = parse_fight(FIGHT, "oa.yaml")
    gnoll = fight.monster("Gnoll")
    mor, sen = fight.hero("Mor"), fight.hero("Sen")
    assert {"Vampiric Touch", "Shocking Grasp"} <= {a.name for a in mor.attacks}
    assert opportunity_weapon(fight, mor, gnoll)[0].name == "Dagger"
    assert {"Flurry of Blows", "Martial Arts"} <= {a.name for a in sen.attacks}
    assert opportunity_weapon(fight, sen, gnoll)[0].name == "Unarmed Strike"
    assert opportunity_weapon(fight, gnoll, mor)[0].name == "Spear"
