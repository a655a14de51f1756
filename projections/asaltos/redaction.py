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
  private (`SHEET` masks them). Wounds, conditions, dropped weapons, death timers and deaths
  are public: they come from public rolls, and a wound is there to be seen [001:62-68].
- A value derived from a private part of a sheet is hidden as that part (`Rule.derived`),
  even inside a public roll: the Agilidad of a combat step (a hit's, a wound's, the step a
  character fell out of action at), RES in a shock and a death timer's deadline (RES
  rounds, minutes or hours), the value a check, a pain roll, a parry or a Medicine roll is
  rolled against with its SL (value - die: the die is public), and the FUE modifier of a
  damage roll with the total that gives it away. The order of acting stays public: the log
  shows who acted when, as the table sees it; only the number is hidden. A step, a wound or
  an out-of-action step names no acting character, so its Agilidad is the game master's
  alone; a hit's is also its attacker's player's. An attack's and a dodge's SL stay public:
  the rules make them the other side's difficulty and the damage's [001:110-111,117], so
  the skill they were rolled against is known as at a real table.
- Declared actions are secret to the character's seat and the game master: everybody
  declares at the same time without knowing the others' lists, and what each one does is
  seen as it happens, tanda by tanda [001:47,109-113] (the attack, parry, dodge, move and
  pass events are public). That the character declared, and when, is public. A move's
  metres are seen as at a real table; the Agilidad that bounds them is not.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import msgspec

from domain.asaltos import events as ev
from projections.visibility import (
    MASKS,
    ROLLED,
    Rule,
    Secret,
    announcing,
    game_master,
    opaque,
    own_sheet,
    player_of,
    public,
    seat_of,
)

#: the parts of a sheet only its player and the game master know [001:22]
SHEET = own_sheet(
    "FUE",
    "AGI",
    "RES",
    "skills",
    inside="sheet",
    leaves="the character with its sheet's FUE, AGI, RES and skills null (TAM, weapons and "
    "armour are seen)",
)


#: the seat that declared (the character's own: only it declares for its character), and the
#: game master
declarer = seat_of("actor", "the seat that declared the actions")
#: the seat that plays the character an event names (the roller, the hit's or the damage's
#: attacker, the healer), and the game master: who know that character's sheet
players_character = player_of("character")
hit_attacker = player_of("hit.attacker")
damage_attacker = player_of("attacker")
healer = player_of("healer")


def _without(value: Any, *names: str) -> dict[str, Any]:
    return {**msgspec.to_builtins(value), **dict.fromkeys(names)}


def step_agi(step: Any) -> Any:
    """A combat step without the Agilidad acting (none: no step)."""
    return None if step is None else _without(step, "agi")


def inner_step_agi(value: Any) -> Any:
    """A hit or a wound whose `step` has no Agilidad."""
    shown = msgspec.to_builtins(value)
    return {**shown, "step": step_agi(shown["step"])}


def check_value(result: Any) -> Any:
    """A check's result without the value rolled against and its SL."""
    return _without(result, "value", "sl")


def checks_values(results: Any) -> Any:
    return [check_value(result) for result in results]


def timer_deadline(timer: Any) -> Any:
    return _without(timer, "deadline")


def damage_strength(damage: Any) -> Any:
    return _without(damage, "strength", "total")


# how the API's document describes this system's masks (projections/event_schema.py reads
# them from this table)
_OBJECT = {"type": "object"}
MASKS[step_agi] = ({"type": ["object", "null"]}, "the step with `agi` null")
MASKS[inner_step_agi] = (_OBJECT, "the same with its `step.agi` null")
MASKS[check_value] = (_OBJECT, "the result with `value` and `sl` null")
MASKS[checks_values] = ({"type": "array", "items": _OBJECT}, "each with `value` and `sl` null")
MASKS[timer_deadline] = (_OBJECT, "the timer with `deadline` null")
MASKS[damage_strength] = (_OBJECT, "the damage with `strength` and `total` null")

#: the Agilidad of a step that names no acting character: the game master's
STEP_AGI = Secret(game_master, step_agi)
#: what a roll against a value says of it (the value, and value - die)
CHECK_VALUE = Secret(players_character, check_value)
DECLARED = Secret(declarer, opaque)
#: what every event derived from a roll shows of the roll itself
ROLL = ("roll", "visibility")


def derived(rule: Rule, **parts: Secret) -> Rule:
    """A rule whose fields also carry values derived from a private part of a sheet."""
    return dataclasses.replace(rule, derived=parts)


RULES: dict[type, Rule] = {
    ev.CharacterCreated: public(character=SHEET),
    ev.CheckMade: announcing(
        derived(
            public(*ROLL, "character", "action", checked=ROLLED, result=ROLLED), result=CHECK_VALUE
        )
    ),
    ev.OpposedCheckMade: announcing(
        derived(
            public(*ROLL, "characters", checked=ROLLED, results=ROLLED, winner=ROLLED),
            results=Secret(game_master, checks_values),
        )
    ),
    ev.PainRolled: announcing(
        derived(public(*ROLL, "character", "wound", result=ROLLED), result=CHECK_VALUE)
    ),
    ev.CombatStarted: public("combatants", "paused"),
    ev.RoundStarted: public("round", "elapsed"),
    ev.ActionsDeclared: public("character", actions=DECLARED),
    ev.AimTaken: public("character", "aim"),
    ev.TandaStarted: public("tanda"),
    ev.ActionsPassed: public("character", "actions"),
    ev.Moved: public("character", "metres", "reason", "action"),
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
    ev.ParryRolled: announcing(
        derived(public(*ROLL, "character", "attacker", "action", result=ROLLED), result=CHECK_VALUE)
    ),
    ev.AttackHit: derived(public(*ROLL, hit=ROLLED), hit=Secret(hit_attacker, inner_step_agi)),
    ev.AttackFailed: public(*ROLL, "character", "target", outcome=ROLLED),
    ev.DamageRolled: announcing(
        derived(
            public(*ROLL, "attacker", "target", damage=ROLLED),
            damage=Secret(damage_attacker, damage_strength),
        )
    ),
    ev.WoundInflicted: derived(
        public(*ROLL, "character", "reason", wound=ROLLED),
        wound=Secret(game_master, inner_step_agi),
    ),
    ev.ConditionsGained: derived(
        public(*ROLL, "character", conditions=ROLLED, out_since=ROLLED), out_since=STEP_AGI
    ),
    ev.ShockSuffered: derived(
        public(*ROLL, "character", penalty=ROLLED, res=ROLLED, out_since=ROLLED),
        res=Secret(players_character, opaque),
        out_since=STEP_AGI,
    ),
    ev.DeathTimerStarted: derived(
        public(*ROLL, "character", timer=ROLLED), timer=Secret(players_character, timer_deadline)
    ),
    ev.Died: derived(
        public(*ROLL, "character", cause=ROLLED, out_since=ROLLED), out_since=STEP_AGI
    ),
    ev.MedicineRolled: announcing(
        derived(
            public(*ROLL, "healer", "patient", "wound", result=ROLLED),
            result=Secret(healer, check_value),
        )
    ),
    ev.DeathTimerStopped: public(*ROLL, "character", timer=ROLLED),
    ev.WoundTreated: public(*ROLL, "character", wound=ROLLED),
    ev.TimeAdvanced: public("seconds", "elapsed", "reason"),
    ev.WoundHealed: public("character", "wound"),
    ev.CharacteristicLost: public("character", "characteristic", "wound"),
    ev.RestInterrupted: public("character", "wounds", "reason"),
    ev.WeaponsDropped: public(*ROLL, "character", wound=ROLLED, weapons=ROLLED),
    ev.WeaponTakenUp: public("character", "weapon", "hand", "action"),
    ev.ConditionsLifted: public("character", "wound", "conditions"),
    ev.ConditionCleared: public("character", "condition", "reason"),
    ev.CombatEnded: public("resting"),
}
