"""Who may know what of a FATE table: every field of every event, public or secret.

- A character's sheet is the table's to see (skills, aspects, stunts, fate points and
  refresh, stress and consequences: FATE plays with them in the open), except its hidden
  aspects [004:145]: its player's and the game master's until discovered (`HIDDEN_ASPECTS`:
  others get the sheet without them, not even how many). Nothing else names a hidden aspect
  while it is hidden: an invocation naming one discovers it first, a guess names only what
  its guesser said, a compel of one is refused (`domain/fate/handlers.py`).
- A roll's dice and everything derived from them are `ROLLED`: seen as the roll's visibility
  says until the game master reveals the roll, and by everybody once the table closes.
  `SkillRolled` announces the roll (its character is public); every other event naming a
  roll derives from it and is withheld whole from whoever may not see the roll.
- The fate-point economy outside a roll (compels, declarations, refresh, concessions),
  aspects discovered, stress, consequences and recovery are public, as they are said at the
  table.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.fate import conflict_events as cev
from domain.fate import events as ev
from projections.visibility import (
    MASKS,
    ROLLED,
    Rule,
    Secret,
    announcing,
    character_seat,
    opaque,
    public,
    seat_of,
)


def without_hidden_aspects(character: Any) -> Any:
    """A created character as a seat that does not know its hidden aspects sees it."""
    shown = msgspec.to_builtins(character)
    sheet = shown["sheet"]
    aspects = [a for a in sheet.get("aspects", []) if not a.get("hidden")]
    return {**shown, "sheet": {**sheet, "aspects": aspects}}


MASKS[without_hidden_aspects] = (
    {
        "type": "object",
        "properties": {
            "sheet": {
                "type": "object",
                "properties": {
                    "aspects": {
                        "type": "array",
                        # not `const: false` on `hidden`, which openapi-python-client
                        # turns into Python that does not parse
                        "items": {
                            "type": "object",
                            "description": "An aspect every seat knows: its `hidden` is false",
                        },
                    }
                },
            }
        },
    },
    "the character with its sheet's hidden aspects left out",
)
#: a created character: its hidden aspects are its player's and the game master's
HIDDEN_ASPECTS = Secret(character_seat, without_hidden_aspects)

_ROLL = ("roll", "visibility", "character", "seat")

RULES: dict[type, Rule] = {
    ev.CharacterCreated: public(character=HIDDEN_ASPECTS),
    ev.SkillRolled: announcing(
        public(
            *_ROLL,
            **dict.fromkeys(
                (
                    "skill",
                    "rating",
                    "dice",
                    "difficulty",
                    "opposed_by",
                    "against",
                    "reason",
                    "modifiers",
                    "modifier_reasons",
                ),
                ROLLED,
            ),
        )
    ),
    ev.InvocationAsked: public(*_ROLL, "aspect", "owner", "effect", "against_owner", "guess"),
    ev.InvocationDeclined: public(*_ROLL, "aspect", "reason"),
    ev.GuessRuled: public(*_ROLL, "guess", "reason", "fate_points"),
    ev.AspectInvoked: public(*_ROLL, "invoked", "against_owner", "reason", "reroll_roll"),
    ev.RollSettled: public(*_ROLL, "result", "verdict", "fate_points", "aspects"),
    ev.AspectPlaced: public(*_ROLL, "aspect", "reason"),
    ev.Compelled: public("character", "seat", "compel", "reason", "fate_points"),
    ev.Declared: public(
        "character", "seat", "declaration", "accepted", "aspect", "reason", "fate_points"
    ),
    ev.Refreshed: public("reason", "fate_points"),
    ev.AspectDiscovered: public("character", "seat", "aspect", "free", "reason"),
    ev.StressTaken: public(
        "character", "seat", "hit", "taken", "track", "consequences", "taken_out", "reason"
    ),
    ev.Conceded: public(
        "character",
        "seat",
        "attacker",
        "reasonable",
        "accepted",
        "points",
        "fate_points",
        "reason",
    ),
    ev.SceneEnded: public("breather", "aspects", "consequences", "reason"),
    ev.Recovered: public("character", "seat", "occasion", "consequences", "reason"),
    ev.AspectAvoided: public(*_ROLL, "aspect", "target", "reason", "fate_points"),
    ev.InvocationPassed: public("giver", "aspect", "reason"),
    ev.StuntActivated: public("character", "seat", "stunt", "reason", "fate_points"),
}

# -- a conflict (domain/fate/conflict_events.py): its turns are said at the table; what reads a
# roll (an attack, a block, a move, a disarm, a throw) is withheld as the roll is
RULES |= {
    cev.ConflictBegan: public(
        "kind", "contenders", "initiative", "characters", "reason", "minions"
    ),
    cev.TurnEnded: public("character", "exchange", "characters", "turn", "next"),
    cev.TurnDelayed: public("character", "after", "characters", "next"),
    cev.ConflictEnded: public("exchanges", "reason"),
    cev.AttackResolved: public(
        *_ROLL,
        "defender",
        "defence_roll",
        "defence",
        "block",
        "verdict",
        "defender_critical",
        "track",
        "hit",
        "reason",
    ),
    cev.BlockRaised: public(*_ROLL, "block", "reason"),
    cev.BlockChallenged: public(*_ROLL, "blocker", "verdict", "reason"),
    cev.Moved: public(*_ROLL, "border", "zones", "reason", "to"),
    cev.Disarmed: public(*_ROLL, "target", "shifts", "pickup", "reason"),
    cev.Rearmed: public("character", "seat", "reason"),
    cev.Thrown: public(*_ROLL, "target", "weight", "zones", "cost", "shifts", "reason", "to"),
    cev.Pushed: public(*_ROLL, "target", "weight", "zones", "cost", "shifts", "to", "reason"),
    cev.ZonesDrawn: public("zones", "borders", "places", "reason"),
    cev.MinionsSplit: public("minions", "opponents", "groups", "reason", "npcs"),
    cev.MinionsTakenOut: public("character", "seat", "taken_out", "left", "reason"),
    cev.FullDefenceDeclared: public("character", "seat", "exchange", "reason"),
    cev.WeaponPickedUp: public(*_ROLL, "pickup", "reason"),
}


#: who knows how a deceived guess was deceived: the liar's player and the game master
liar = seat_of("liar_seat", "the seat that plays the liar (`liar_seat`)")

# -- deceived guesses, another defeat, tenacity, the session break, a fragile aspect compelled:
# said at the table, but for how a liar deceived (the truth its lie hides [004:359])
RULES |= {
    ev.GuessDeceived: public(
        *_ROLL,
        "guess",
        "liar",
        "liar_seat",
        "aspect",
        "fate_points",
        reason=Secret(liar, opaque),
    ),
    ev.DefeatDemanded: public("character", "seat", "spent", "fate_points", "reason"),
    ev.StakesRuled: public("character", "seat", "stakes", "degree", "concedes", "reason"),
    ev.TenacityReached: public("character", "seat", "degree", "consequences"),
    ev.ConsequencesCarriedOver: public("consequences", "reason"),
    ev.AspectSpent: public("character", "seat", "aspect"),
}
