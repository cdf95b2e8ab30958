"""The starter fight file of `lnf init`: every field a table needs, with a comment each."""

from __future__ import annotations

STARTER = """\
# A Late Night Fighting fight file. `lnf show` draws it, `lnf check` checks it.
# Rule ids in the comments (G2, R4, …) are those of the LNF rules; lnf cites them too.
title: Goblins at the ford
round: 1
phase: melee               # melee, chase, or volley N (rounds before the sides meet, V2)
started: heroes            # who started the fight (G7): heroes or monsters
house_rules: []            # A4: downed-last, downed-ignored
variants: []               # core-d20 variants: V-ACL, V-HYR, V-ENC, V-D20

heroes:                    # write them in any order; rows follow class order (G2)
  - name: Brunhild
    class: fighter         # sets the row family; unknown classes need family:
    hp: 28                 # or current/maximum: 17/28
    ac: 18
    light: true            # holds a light (S3: its side strikes first in its group)
    attacks:
      - {name: Longsword, to_hit: 5, damage: 1d8+3 slashing}
      - {name: Longbow, kind: ranged, to_hit: 3, damage: 1d8+1 piercing,
         range: 150/600, two_handed: true}
  - name: Pip
    class: rogue
    ancestry: halfling     # halflings come last in the rows (G2)
    hp: 18
    ac: 14
    rank: back             # front (default), back or free-air (R1)
    why: hidden            # off the front rank: guarded, levitating, hidden, out-of-reach (R4)
    dots: [O]              # C (wanted), C- (avoided), O, N (T1)
    attacks:
      - {name: Shortbow, kind: ranged, to_hit: 5, damage: 1d6+3 piercing,
         range: 80/320, two_handed: true}

monsters:                  # most dangerous first (G3)
  - name: Goblin boss
    hp: 21
    ac: 17
    attacks:
      - {name: Scimitar, to_hit: 4, damage: 1d6+2 slashing, times: 2}
  - name: Goblin
    count: 3               # Goblin 1, Goblin 2, Goblin 3
    hp: 7
    ac: 15
    damage: 0              # damage taken so far (G6)
    attacks:
      - {name: Scimitar, to_hit: 4, damage: 1d6+2 slashing}
      - {name: Shortbow, kind: ranged, to_hit: 4, damage: 1d6+2 piercing,
         range: 80/320, two_handed: true}

groups:                    # mêlée groups, the Xs (G5): label: [members]
  A: [Brunhild, Goblin boss]
"""


def starter_fight() -> str:
    return STARTER
