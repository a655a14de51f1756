"""Who may know what of an asaltos table: every field of every event, public or secret.

- A roll's dice and what derives from them are `ROLLED`: seen as the roll's visibility says
  until the game master reveals the roll (`revealRolls`), and by everybody once the table
  closes. Only a `Check` or an `OpposedCheck` may be secret: the engine records its outcome
  and changes nothing shared by it (the game master narrates it). Attacks, parries, dodges,
  damage, wounds, pain and Medicine rolls change wounds, conditions and death timers at once
  and are always public; their derived fields are `ROLLED` all the same.
- A character's sheet is its player's and the game master's, except what anybody at the
  table sees of a person: its name, seat, Tamaño (the only visible characteristic
  [001:22]), its weapons and armour. Fuerza, Agilidad, Resistencia and the skills are
  private (`SHEET` masks them). Wounds, conditions, death timers and deaths are public: they
  come from public rolls, and a wound is there to be seen [001:62-68]. What a public roll
  says of a characteristic (the value it was rolled against, RES in a shock or a death
  timer's deadline) is as public as the roll, as at a real table.
- Declared actions are secret to the character's seat and the game master: everybody
  declares at the same time without knowing the others' lists, and what each one does is
  seen as it happens, tanda by tanda [001:47,109-113] (the attack, parry, dodge and pass
  events are public). That the character declared, and when, is public.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.asaltos import events as ev
from projections.visibility import (
    AUDIENCES,
    GAME_MASTER,
    MASKS,
    ROLLED,
    Audience,
    Rule,
    Secret,
    announcing,
    opaque,
    public,
)

#: the parts of a sheet only its player and the game master know [001:22]
PRIVATE_SHEET = ("FUE", "AGI", "RES", "skills")


def character_seat(event: Any) -> Audience:
    """The seat that plays the event's character, and the game master."""
    return frozenset({event.character.seat, GAME_MASTER})


def declarer(event: Any) -> Audience:
    """The seat that declared (the character's own: only it declares for its character),
    and the game master."""
    return frozenset({event.actor, GAME_MASTER})


def public_character(character: Any) -> Any:
    """A created character as every seat may see it: its sheet's private parts null."""
    shown = msgspec.to_builtins(character)
    return {**shown, "sheet": {**shown["sheet"], **dict.fromkeys(PRIVATE_SHEET)}}


# how the API's document describes this system's audiences and mask
# (projections/event_schema.py reads them from these tables)
AUDIENCES[character_seat] = "the seat that plays the character, and the game master"
AUDIENCES[declarer] = "the seat that declared the actions, and the game master"
MASKS[public_character] = (
    {
        "type": "object",
        "properties": {
            "sheet": {
                "type": "object",
                "properties": {name: {"type": "null"} for name in PRIVATE_SHEET},
                "required": list(PRIVATE_SHEET),
            }
        },
        "required": ["sheet"],
    },
    "the character with its sheet's FUE, AGI, RES and skills null (TAM, weapons and armour "
    "are seen)",
)

SHEET = Secret(character_seat, public_character)
DECLARED = Secret(declarer, opaque)
#: what every event derived from a roll shows of the roll itself
ROLL = ("roll", "visibility")

RULES: dict[type, Rule] = {
    ev.CharacterCreated: public(character=SHEET),
    ev.CheckMade: announcing(public(*ROLL, "character", "action", checked=ROLLED, result=ROLLED)),
    ev.OpposedCheckMade: announcing(
        public(*ROLL, "characters", checked=ROLLED, results=ROLLED, winner=ROLLED)
    ),
    ev.PainRolled: announcing(public(*ROLL, "character", "wound", result=ROLLED)),
    ev.CombatStarted: public("combatants", "paused"),
    ev.RoundStarted: public("round", "elapsed"),
    ev.ActionsDeclared: public("character", actions=DECLARED),
    ev.AimTaken: public("character", "aim"),
    ev.TandaStarted: public("tanda"),
    ev.ActionsPassed: public("character", "actions"),
    ev.DodgeRolled: announcing(public(*ROLL, "character", "attacker", "action", result=ROLLED)),
    ev.AttackRolled: announcing(
        public(
            *ROLL,
            "character",
            "target",
            "weapon",
            "action",
            "automatic",
            result=ROLLED,
        )
    ),
    ev.CriticalRolled: announcing(public(*ROLL, "character", face=ROLLED, confirmed=ROLLED)),
    ev.ParryRolled: announcing(public(*ROLL, "character", "attacker", "action", result=ROLLED)),
    ev.AttackHit: public(*ROLL, hit=ROLLED),
    ev.AttackFailed: public(*ROLL, "character", "target", outcome=ROLLED),
    ev.DamageRolled: announcing(public(*ROLL, "attacker", "target", damage=ROLLED)),
    ev.WoundInflicted: public(*ROLL, "character", "reason", wound=ROLLED),
    ev.ConditionsGained: public(*ROLL, "character", conditions=ROLLED, out_since=ROLLED),
    ev.ShockSuffered: public(*ROLL, "character", penalty=ROLLED, res=ROLLED, out_since=ROLLED),
    ev.DeathTimerStarted: public(*ROLL, "character", timer=ROLLED),
    ev.Died: public(*ROLL, "character", cause=ROLLED, out_since=ROLLED),
    ev.MedicineRolled: announcing(public(*ROLL, "healer", "patient", "wound", result=ROLLED)),
    ev.DeathTimerStopped: public(*ROLL, "character", timer=ROLLED),
    ev.WoundTreated: public(*ROLL, "character", wound=ROLLED),
    ev.TimeAdvanced: public("seconds", "elapsed", "reason"),
    ev.WoundHealed: public("character", "wound"),
    ev.CharacteristicLost: public("character", "characteristic", "wound"),
    ev.RestInterrupted: public("character", "wounds", "reason"),
    ev.ConditionCleared: public("character", "condition", "reason"),
    ev.CombatEnded: public("resting"),
}
