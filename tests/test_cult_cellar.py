"""F5, F4, F7, D8, found by playing a level-5 party from `lnf init` sheets against SRD
cultists and a ghast (`lnf run … --seed 3`):

- a Hold Person that paralyzes a hero ends the hero's concentration (F5: incapacitated).
  Before, the check looked only at whom the cast itself changed (its saves), so Kara kept
  Shield of Faith while paralyzed, and later rolled a concentration save at 0 hit points;
- a monster killed in its Sleep (F7) is dead (D8), not "knocked out", and its effects end
  "it is dead": before, its Sleep said "it takes damage and wakes up", and the Entangle on it
  lasted until the druid's concentration ended two rounds later.
"""

from __future__ import annotations

from pathlib import Path

from tests.cli import run

FIGHT = """
title: The cult's cellar
heroes:
  - name: Ash
    class: ranger
    level: 5
    scores: {str: 10, dex: 18, con: 14, int: 10, wis: 14, cha: 8}
    weapons: [longbow, shortsword]
    armor: [studded leather armor]
    skills: [perception, stealth, survival]
    spells: [hunter's mark, cure wounds, spike growth]
    uses: {Potion of Healing: 1}
    heals: {Potion of Healing: {dice: 2d4+2}}
  - name: Lyra
    class: bard
    level: 5
    scores: {str: 8, dex: 14, con: 14, int: 10, wis: 12, cha: 18}
    weapons: [rapier, dagger]
    armor: [leather armor]
    skills: [perception, persuasion, performance]
    expertise: [perception, persuasion]
    spells: [vicious mockery, healing word, thunderwave, sleep, shatter, hold person, hypnotic
             pattern]
    uses: {Potion of Healing: 1}
    heals: {Potion of Healing: {dice: 2d4+2}}
  - name: Fern
    class: druid
    level: 5
    scores: {str: 10, dex: 14, con: 14, int: 12, wis: 18, cha: 8}
    weapons: [scimitar]
    armor: [hide armor, shield]
    skills: [perception, nature]
    spells: [produce flame, thunderwave, healing word, faerie fire, entangle, moonbeam, flaming
             sphere, call lightning]
    rank: front
    uses: {Potion of Healing: 1}
    heals: {Potion of Healing: {dice: 2d4+2}}
  - name: Kara
    class: paladin
    level: 5
    scores: {str: 18, dex: 10, con: 14, int: 8, wis: 10, cha: 14}
    weapons: [longsword, javelin]
    armor: [chain mail, shield]
    skills: [athletics, persuasion]
    spells: [bless, cure wounds, shield of faith, magic weapon, aid]
    uses: {Potion of Healing: 1}
    heals: {Potion of Healing: {dice: 2d4+2}}
monsters:
  - {monster: cult fanatic, count: 2}
  - {monster: cultist, count: 4}
  - {monster: ghast}
"""


def test_f5_f7_d8_the_cult_cellar_reads_as_the_rules_play_it(tmp_path: Path) -> None:
    path = tmp_path / "cellar.yaml"
    path.write_text(FIGHT, encoding="utf-8")
    code, out = run("run", str(path), "--seed", "3")
    assert code == 0, out
    paralyzed = out.index("Kara is paralyzed (by Cult Fanatic 1)")
    assert out.index("Kara's concentration ends: it is incapacitated (F5).") > paralyzed
    assert "Kara's Constitution save against concentration (DC 10 or half the 22" not in out
    assert "Cultist 1 is dead (9 damage)." in out and "is knocked out" not in out
    assert "Cultist 1 is no longer restrained: it is dead (F4)." in out
    assert "Cultist 1 is no longer unconscious: it is dead (F4)." in out
    assert "Cultist 1 is no longer restrained.\n" not in out  # not again, at Fern's end
