"""Medical care and recovery [L537-L663, L768]: the Mayor advances time, the engine heals.

Medical care is a head (knowledge) trait test: on someone else it needs a success (a partial
success is useless); on oneself it has difficulty 8, and no card below 8 counts, even a ♦. It
restores nothing: it makes the recovery of the patient's current health level run at the care
rate. Advancing time applies the recovery table, one level at a time, to every character:
- health (care / rest / no rest): wounded 1 h / 8 h / 1 day; badly wounded 8 h / 1 day / 3 days;
  incapacitated 7 days / 1 month / never; the dead recover only through their survival test;
- morale: DMH(better / worse) fixes how long a level takes: scared 8 h / 1 day, terrified
  1 h / 8 h, paralysed 1 turn / 1 minute;
- sobriety: tipsy 12 - toughness hours (none from toughness 12 up); drunk 2 h in bed /
  4 h active; coma 4 h in bed / 6 h on the floor;
and, in wear mode, each hour of rest gives back 8 random cards of the seat's discard [L380].

Decisions where the book is silent:
- Time units: a turn is 6 seconds [L877], a month 30 days; time advances in turns, minutes,
  hours or days, up to a year at once, never while a test is open.
- The Mayor names the characters that rest (in bed) during the advance; the others are
  active. Resting is the health table's "rest" and sobriety's "in bed"; not resting is
  "no rest" and "active" / "on the floor".
- Progress, care and a morale level's drawn time belong to the level: any change of level
  (recovered, hurt further, the Mayor's ruling) starts the new level afresh, so the next level
  needs care again. Care counts whether the patient rests or not.
  A failed attempt may be retried; care already in effect at the patient's level is refused.
- A level's progress is the fraction done, each stretch at the rate of its own condition (4 h
  of rest of the 8 h needed is half, and half of the day without rest finishes it); time left
  after a level is recovered goes on to the next level.
- The morale test of a level is drawn by the engine (1 card) the first time time advances
  while the character is at that level; it is public, like every dead man's hand draw.
- A toughness of 12 or more leaves no time to recover from tipsiness: the first time that
  passes (a combat turn, any advance) ends it.
- A dead character (health -4) recovers nothing with time; its survival test (survival.py)
  takes the Mayor's word on medical care, so medical care is not given to the dead here.
- Wear mode: a seat gets its 8 cards per whole hour of the advance when any of its characters
  rests (the Mayor's when one of its NPCs rests); minutes left over are not carried.
- Medical care in combat takes the whole turn [L782]: that is the combat turn's to enforce.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Annotated, Any, Literal

import msgspec

from domain.commands import Command
from domain.errors import Conflict, InvalidCommand
from domain.frontera import guards, piles, rules
from domain.frontera.character import Character, Recovery
from domain.frontera.drinking import DrinksSleptOff
from domain.frontera.events import game
from domain.frontera.resolution import SUCCESS
from domain.frontera.state import FronteraState, Modifier, OpenTest, player_deck, player_discard
from domain.keys import TableKeys
from domain.names import Reason, checked_reason
from domain.table import Table

Unit = Literal["turns", "minutes", "hours", "days"]

TURN, MINUTE, HOUR, DAY = 6, 60, 3600, 86400
MONTH = 30 * DAY
UNIT_SECONDS: dict[str, int] = {"turns": TURN, "minutes": MINUTE, "hours": HOUR, "days": DAY}
MAX_ADVANCE = 366 * DAY
SELF_CARE_DIFFICULTY = 8
CARDS_PER_HOUR_OF_REST = 8  # wear mode [L380]

#: health level -> seconds to recover one level, by condition (None: impossible)
HEALTH_RECOVERY: dict[int, dict[str, int | None]] = {
    -1: {"care": HOUR, "rest": 8 * HOUR, "no_rest": DAY},
    -2: {"care": 8 * HOUR, "rest": DAY, "no_rest": 3 * DAY},
    -3: {"care": 7 * DAY, "rest": MONTH, "no_rest": None},
}
#: morale level -> (seconds with an Ace, seconds with an 8)
MORALE_RECOVERY: dict[int, tuple[int, int]] = {
    -1: (8 * HOUR, DAY),
    -2: (HOUR, 8 * HOUR),
    -3: (TURN, MINUTE),
}
#: sobriety level -> seconds in bed / active (tipsy depends on toughness)
SOBRIETY_RECOVERY: dict[int, dict[str, int]] = {
    -2: {"bed": 2 * HOUR, "active": 4 * HOUR},
    -3: {"bed": 4 * HOUR, "active": 6 * HOUR},
}

# -- commands -----------------------------------------------------------------------------


class GiveMedicalCare(Command):
    """The Mayor opens a head (knowledge) test of `healer` tending `patient` (maybe itself)."""

    healer: str
    """The id of the character who gives care, with head (knowledge)"""
    patient: str
    """The id of the character tended; the healer itself needs a ♦ of 8 or more"""
    modifiers: list[Modifier] = []
    """Changes to the healer's draw, each with its reason (e.g. a healer's kit, +1 card [L784]);
    empty: none"""


class AdvanceTime(Command, kw_only=True):
    """The Mayor lets time pass; the engine applies the recovery table to every character."""

    amount: Annotated[int, msgspec.Meta(ge=1)]
    """How many units of game time pass (1 or more)"""
    unit: Unit
    """The unit: `turns` (6 seconds each), `minutes`, `hours` or `days`"""
    resting: list[str] = []
    """The ids of the characters that rest (in bed) all along; the others are active"""
    reason: Reason
    """Why, in the Mayor's words (e.g. a night at the hotel)"""


# -- events -------------------------------------------------------------------------------


class MedicalCareGiven(Table.Event):
    """The outcome of a medical care test: `effective` care makes the patient's current health
    level recover at the care rate."""

    TOPIC = "frontera.MedicalCareGiven"
    healer: str
    """The id of the character who gave care"""
    patient: str
    """The id of the character tended"""
    level: int
    """The patient's health level the care was for"""
    effective: bool
    """True when the care counts: a success (on oneself, a ♦ of 8 or more) and the patient's health
    unchanged since the test opened"""
    reason: str
    """Why the care counts or not, in words"""

    def apply(self, table: Table) -> None:
        if not self.effective:
            return
        patient = game(table).characters[self.patient]
        progress = patient.recovery.get("health")
        if progress is None or progress.level != self.level:
            progress = Recovery(level=self.level)
        progress.care = True
        patient.recovery["health"] = progress


class TimeAdvanced(Table.Event):
    """The Mayor lets time pass; the recovery table applies to every character."""

    TOPIC = "frontera.TimeAdvanced"
    amount: int
    """How many units of game time passed"""
    unit: str
    """The unit: `turns` (6 seconds each), `minutes`, `hours` or `days`"""
    seconds: int
    """The time passed, in seconds of game time"""
    resting: list[str]
    """The ids of the characters that rested (in bed) all along; the others were active"""
    reason: str
    """Why, in the Mayor's words, or the rule that passed it (e.g. `combat turn 3`)"""

    def apply(self, table: Table) -> None:
        game(table).elapsed += self.seconds


class RecoveryProgressed(Table.Event):
    """Where a character stands in recovering its current level of a track."""

    TOPIC = "frontera.RecoveryProgressed"
    character: str
    """The id of the recovering character"""
    track: str
    """The track: `health`, `morale` or `sobriety`"""
    progress: Recovery
    """Where its recovery of the current level stands: seconds spent by condition, the time needed,
    care given"""

    def apply(self, table: Table) -> None:
        character = game(table).characters[self.character]
        character.recovery[self.track] = Recovery(
            level=self.progress.level,
            seconds=dict(self.progress.seconds),
            needed=self.progress.needed,
            care=self.progress.care,
        )


# -- medical care -------------------------------------------------------------------------


def _spent_the_turn(state: FronteraState, healer_id: str) -> None:
    """In combat, care takes the healer's whole turn [L783]: it announced nothing else in the
    turn just played (an 'other' action without a move), and the Mayor runs the test after it."""
    combat = state.combat
    if combat is None or healer_id not in combat.combatants:
        return
    declared = combat.declarations.get(healer_id)
    if declared is None or declared.action != "other" or declared.move != "none":
        raise Conflict(
            f"{state.characters[healer_id].name} is in a combat: medical care takes the whole "
            "turn, so announce an 'other' action without a move in the turn first",
            "care_takes_the_turn",
        )


def give_medical_care(table: Table, actor: str, command: GiveMedicalCare, _: TableKeys) -> int:
    state = rules.ready_to_open(table, actor)
    patient = guards.find_character(state, command.patient)
    healer = rules.contender(state, command.healer, "head", "knowledge", command.modifiers)
    if patient.health == 0:
        raise Conflict(f"{patient.name} is not hurt", "not_hurt")
    if patient.health <= -4:
        raise Conflict(
            f"{patient.name} has fallen: medical care counts in the survival test",
            "patient_fallen",
        )
    if progress_at(patient, "health").care:
        raise Conflict(
            f"{patient.name} is already under medical care at this level", "already_cared_for"
        )
    _spent_the_turn(state, healer.character)
    alone = healer.character == patient.id
    return rules.open_test(
        table,
        actor,
        "trait",
        {healer.character: healer},
        difficulty=SELF_CARE_DIFFICULTY if alone else None,
        purpose="medical_care",
        stakes={"healer": healer.character, "patient": patient.id, "level": patient.health},
    )


def medical_care(
    table: Table, actor: str, test: OpenTest, outcomes: dict[str, str], _: TableKeys
) -> None:
    """Only a full success counts [L772]; healing oneself, only an 8 or more of ♦ [L774]."""
    state = game(table)
    healer, patient = str(test.stakes["healer"]), str(test.stakes["patient"])
    level = int(test.stakes["level"])
    outcome = outcomes[healer]
    effective = outcome == SUCCESS and state.characters[patient].health == level
    if effective:
        reason = "a success in head (knowledge)"
    elif outcome != SUCCESS and healer == patient:
        reason = "healing oneself needs a ♦ of 8 or more"
    elif outcome != SUCCESS:
        reason = f"a {outcome} is no use: medical care needs a success"
    else:
        reason = "the patient's health changed during the test"
    table.trigger_event(
        MedicalCareGiven,
        actor=actor,
        healer=healer,
        patient=patient,
        level=level,
        effective=effective,
        reason=reason,
    )


# -- time and recovery --------------------------------------------------------------------


def progress_at(character: Character, track: str) -> Recovery:
    """The character's progress at its current level of a track (fresh if it has none)."""
    level = character.level(track)
    progress = character.recovery.get(track)
    if progress is None or progress.level != level:
        return Recovery(level=level)
    return progress


def _needed(character: Character, track: str, progress: Recovery, condition: str) -> int | None:
    """Seconds one level takes under a condition; None: it cannot recover so."""
    level = progress.level
    if track == "health":
        return HEALTH_RECOVERY.get(level, {}).get(condition)
    if track == "morale":
        return progress.needed
    if level == -1:
        return max(0, 12 - character.toughness) * HOUR
    return SOBRIETY_RECOVERY[level][condition]


def _condition(track: str, progress: Recovery, resting: bool) -> str:
    if track == "health":
        return "care" if progress.care else "rest" if resting else "no_rest"
    if track == "sobriety" and progress.level <= -2:
        return "bed" if resting else "active"
    return "time"


def _done(character: Character, track: str, progress: Recovery) -> Fraction:
    done = Fraction(0)
    for condition, seconds in progress.seconds.items():
        needed = _needed(character, track, progress, condition)
        if needed:
            done += Fraction(seconds, needed)
    return done


def _recover(
    table: Table,
    actor: str,
    character: Character,
    track: str,
    seconds: int,
    resting: bool,
    keys: TableKeys,
) -> None:
    """Spend `seconds` recovering levels of one track, one level after the other."""
    progress = progress_at(character, track)
    changed = False
    while seconds > 0 and progress.level < 0:
        if track == "morale" and progress.needed is None:
            better, worse = MORALE_RECOVERY[progress.level]
            ace, _ = rules.flip_dead_mans_hand(
                table, actor, character.id, "morale_recovery", 1, keys
            )
            progress = Recovery(level=progress.level, needed=better if ace else worse)
            table.trigger_event(
                RecoveryProgressed,
                actor=actor,
                character=character.id,
                track=track,
                progress=progress,
            )
        condition = _condition(track, progress, resting)
        needed = _needed(character, track, progress, condition)
        if needed is None:
            break  # e.g. the incapacitated do not recover without rest
        left = math.ceil((1 - _done(character, track, progress)) * needed)
        if seconds < left:
            spent = {**progress.seconds}
            spent[condition] = spent.get(condition, 0) + seconds
            progress = Recovery(
                level=progress.level, seconds=spent, needed=progress.needed, care=progress.care
            )
            changed = True
            break
        seconds -= left
        rules.shift_condition(
            table,
            actor,
            character,
            track,
            1,
            f"recovered a level of {track} ({condition.replace('_', ' ')})",
            keys,
        )
        progress = Recovery(level=character.level(track))
        changed = True
    if changed and (progress.seconds or progress.needed is not None):
        table.trigger_event(
            RecoveryProgressed, actor=actor, character=character.id, track=track, progress=progress
        )


def advance_time(table: Table, actor: str, command: AdvanceTime, keys: TableKeys) -> int:
    """Returns the table's game time, in seconds."""
    state = guards.started_ruling(table, actor, "advance time")
    guards.require_no_open_test(state)
    if command.unit not in UNIT_SECONDS:
        raise InvalidCommand(f"time advances in {', '.join(UNIT_SECONDS)}", "invalid_duration")
    seconds = command.amount * UNIT_SECONDS[command.unit]
    if not 0 < seconds <= MAX_ADVANCE:
        raise InvalidCommand("time advances by a positive amount, up to a year", "invalid_duration")
    resting = list(dict.fromkeys(command.resting))
    for character_id in resting:
        guards.find_character(state, character_id)
    reason = checked_reason(command.reason)
    pass_time(table, actor, command.amount, command.unit, resting, reason, keys)
    return state.elapsed


def pass_time(
    table: Table,
    actor: str,
    amount: int,
    unit: str,
    resting: list[str],
    reason: str,
    keys: TableKeys,
) -> None:
    """Time passes for every character (checked by the caller): the recovery table, morale
    tests, sleeping drinks off, and wear mode's cards back with rest."""
    state = game(table)
    seconds = amount * UNIT_SECONDS[unit]
    table.trigger_event(
        TimeAdvanced,
        actor=actor,
        amount=amount,
        unit=unit,
        seconds=seconds,
        resting=resting,
        reason=reason,
    )
    for character in list(state.characters.values()):
        if character.health <= -4:
            continue
        rests = character.id in resting
        for track in ("health", "morale", "sobriety"):
            _recover(table, actor, character, track, seconds, rests, keys)
        if seconds >= HOUR and character.sobriety == 0 and character.drinks:
            table.trigger_event(DrinksSleptOff, actor=actor, character=character.id)
    if state.options.mode == "wear":
        _rest_cards(table, actor, [state.characters[c] for c in resting], seconds // HOUR, keys)


def _rest_cards(
    table: Table, actor: str, resting: list[Character], hours: int, keys: TableKeys
) -> None:
    """Wear mode: 8 random cards of the discard back to the deck per hour of rest [L380]."""
    state = game(table)
    for seat in dict.fromkeys(character.seat for character in resting):
        discard = player_discard(seat)
        returning = min(CARDS_PER_HOUR_OF_REST * hours, len(state.zone(discard)))
        if returning == 0:
            continue
        if returning < len(state.zone(discard)):
            piles.shuffle(table, actor, discard, keys)
        piles.move_cards(
            table,
            actor,
            state.zone(discard)[:returning],
            discard,
            player_deck(seat),
            "rest",
            [seat],
        )


HANDLERS: dict[type, Any] = {
    GiveMedicalCare: give_medical_care,
    AdvanceTime: advance_time,
}

CONSEQUENCES: dict[str, Any] = {"medical_care": medical_care}
