"""Who may know what of a stepdice table: every field of every event, public or secret.

- A roll's dice and everything derived from them (the face, the outcome, the ruling it is
  owed, the benefit or complication that follows) are `ROLLED`: seen as the roll's
  visibility says until the game master reveals the roll, and by everybody once the table
  closes. Only a `Test` may be secret; attacks and casts are always public (they change
  Hearts, Mana and enemies at once), and their derived fields are `ROLLED` all the same. An
  almost certain success [003:88] is a roll with no die, masked alike: a secret one reads as
  a rolled one.
- A character's sheet is the player's and the game master's: its attribute dice or ranks and
  its Mana (current and maximum) reach the character's seat and the game master only
  (`CHARACTERS_OWN`). The rest of it is public: name, seat, Hearts, Armour, downed, dead. What a
  cast or a spell attack costs is said at the table [003:241] and is public; the Mana left is
  not. A die rolled in public shows its size, as at a real table.
- Enemies, scenes, clocks, help, rests are public.
"""

from __future__ import annotations

from domain.stepdice import events as ev
from projections.visibility import (
    CHARACTERS_OWN,
    ROLLED,
    Rule,
    announcing,
    characters_own,
    own_sheet,
    public,
)

#: a created character: its attribute dice or ranks and its Mana are its player's and the
#: game master's
SHEET = own_sheet(
    "attributes",
    "ranks",
    "mana",
    "mana_max",
    leaves="the sheet with its attribute dice, ranks and Mana null",
)

#: what a test, attack or cast showed: the die, the target number, the face, the outcome and
#: the ruling it is owed, seen as the roll is
WHAT_IT_SHOWED = dict.fromkeys(("die", "target", "face", "outcome", "owed"), ROLLED)

RULES: dict[type, Rule] = {
    ev.CharacterCreated: public(character=SHEET),
    ev.MaximaSet: public(
        "character",
        "seat",
        "hearts_max",
        "hearts",
        "reason",
        **characters_own("mana_max", "mana"),
    ),
    ev.EnemyAdded: public("enemy"),
    ev.SceneBegun: public("scene", "reason", "armour", "clocks_stopped"),
    ev.HelpGiven: public("helper", "helped", "how"),
    ev.ManaSpent: public("character", "seat", "amount", mana=CHARACTERS_OWN),
    ev.TestRolled: announcing(
        public(
            "roll",
            "visibility",
            "character",
            "helper",
            attribute=ROLLED,
            grade=ROLLED,
            shifts=ROLLED,
            **WHAT_IT_SHOWED,
        )
    ),
    ev.AttackRolled: announcing(
        public(
            "roll",
            "visibility",
            "character",
            "enemy",
            "kind",
            "attribute",
            "grade",
            "shifts",
            "helper",
            "mana",
            **WHAT_IT_SHOWED,
        )
    ),
    ev.SpellCast: announcing(
        public(
            "roll",
            "visibility",
            "character",
            "level",
            "effect",
            "cost",
            "mana",
            "grade",
            "shifts",
            "helper",
            **WHAT_IT_SHOWED,
        )
    ),
    ev.EnemyHit: public("roll", "visibility", "enemy", wounds=ROLLED, hearts=ROLLED, status=ROLLED),
    ev.BenefitGranted: public(
        "roll", "visibility", "character", benefit=ROLLED, description=ROLLED
    ),
    ev.ComplicationNamed: public("roll", "visibility", "character", complication=ROLLED),
    ev.VenganzaResolved: public(
        "roll",
        "visibility",
        "character",
        "enemy",
        reach=ROLLED,
        effect=ROLLED,
        complication=ROLLED,
    ),
    ev.ManaRefunded: public(
        "roll", "visibility", "character", "seat", amount=ROLLED, mana=CHARACTERS_OWN
    ),
    ev.HeartsHealed: public("roll", "visibility", "character", hearts=ROLLED),
    ev.ArmourOffered: public("character", "roll", "visibility", cause=ROLLED),
    ev.ArmourSpent: public("character", "roll", "visibility", cause=ROLLED),
    ev.HeartLost: public("character", "roll", "visibility", cause=ROLLED, hearts=ROLLED),
    ev.Downed: public("character", "roll", "visibility"),
    ev.Died: public("character", "roll", "visibility", cause=ROLLED),
    ev.RaisedByAlly: public("character", "helper", "how"),
    ev.RestCompleted: public("characters", "reason"),
    ev.ClockStarted: public("clock"),
    ev.ClockAdvanced: public("clock", "roll", "visibility", position=ROLLED, reason=ROLLED),
    ev.ClockRanOut: public("clock", "roll", "visibility", consequence=ROLLED),
    ev.CharacterAdvanced: public(
        "character",
        "seat",
        "advance",
        "attribute",
        "hearts_max",
        "reason",
        **characters_own("rank", "mana_max"),
    ),
}
