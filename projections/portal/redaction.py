"""Who may know what of a PORTAL table: every field of every event, public or secret.

- A character's sheet is in two parts. What the table sees is public: the name, seat, kind
  (protagonist or principal NPC), concept, armour and shield, and the dice the character
  holds (discomfort, wound, luck held and lost: dice on the table, thrown in every public
  roll [002:97, 101]), its sequels and thorns (harm the others see). What the character is
  made of is its player's and the game master's (`SHEET`): Fortalezas, limitations, drives,
  quirks, character points, the damage and aguante dice, a principal NPC's pool.
- A roll's dice and everything derived from them (the readings, the verdict, the rerolls,
  the settlement, the sequel named) are `ROLLED`: seen as the roll's visibility says until
  the game master reveals the roll, and by everybody once the table closes. `RollOpened`
  announces the roll (its character is public); every other event naming a roll derives from
  it and is withheld whole from whoever may not see the roll. What a public roll applies
  (the Fortalezas and aces the game master ruled, with their reasons) is said at the table
  and shown with the roll; character points in hand stay the player's and the game master's.
- The game master's rulings on a sheet's dice (discomfort, wound, damage, luck) are public,
  as the dice are; character points awarded or spent are the player's and the game master's.
"""

from __future__ import annotations

from domain.portal import events as ev
from projections.visibility import (
    CHARACTERS_OWN,
    ROLLED,
    Rule,
    announcing,
    own_sheet,
    public,
)

#: the private parts of a sheet (null to every seat but its player's and the game master)
PRIVATE_PARTS = (
    "fortalezas",
    "limitations",
    "drives",
    "quirks",
    "points",
    "damage_die",
    "aguante_die",
    "npc_pool",
)
#: a created character: what it is made of is its player's and the game master's
SHEET = own_sheet(
    *PRIVATE_PARTS,
    inside="sheet",
    leaves="the sheet with its Fortalezas, limitations, drives, quirks, character points, "
    "damage and aguante dice and NPC pool null",
)

RULES: dict[type, Rule] = {
    ev.CharacterCreated: public(character=SHEET),
    ev.RollOpened: announcing(
        public(
            "roll",
            "visibility",
            "character",
            "seat",
            **dict.fromkeys(
                (
                    "readings",
                    "reasons",
                    "difficulty",
                    "automatic",
                    "fortalezas",
                    "aces",
                    "luck",
                    "tempt",
                    "declined_wounds",
                    "pool",
                    "entitlement",
                ),
                ROLLED,
            ),
        )
    ),
    ev.DieRerolled: public(
        "roll",
        "visibility",
        "character",
        "seat",
        "reroll_roll",
        "die",
        "old",
        "new",
        "source",
        points=CHARACTERS_OWN,
    ),
    ev.OnesAndSixesBlocked: public(
        "roll",
        "visibility",
        "character",
        "seat",
        "by",
        "giver",
        points=CHARACTERS_OWN,
    ),
    ev.RollSettled: public(
        "roll",
        "visibility",
        "character",
        "seat",
        "result",
        "verdict",
        "payments",
        "owed",
        "discomfort",
        "wound",
        "luck_held",
        "luck_lost",
        points=CHARACTERS_OWN,
    ),
    ev.SequelNamed: public("roll", "visibility", "character", "seat", "sequel", "reason"),
    ev.DiceGiven: public(
        "character", "seat", "reason", "kind", "dice", "discomfort", "wound", "absorption"
    ),
    ev.DiceRemoved: public("character", "seat", "reason", "kind", "dice", "discomfort", "wound"),
    ev.DamageAbsorbed: public("character", "seat", "reason", "absorption"),
    ev.PointsAwarded: public(
        "character",
        "seat",
        amount=CHARACTERS_OWN,
        gain=CHARACTERS_OWN,
        points=CHARACTERS_OWN,
        reason=CHARACTERS_OWN,
    ),
    ev.PointsSpent: public(
        "character",
        "seat",
        "wound",
        amount=CHARACTERS_OWN,
        use=CHARACTERS_OWN,
        points=CHARACTERS_OWN,
        reason=CHARACTERS_OWN,
    ),
    ev.LuckRestored: public("character", "seat", "reason", "dice", "luck_held", "luck_lost"),
}
