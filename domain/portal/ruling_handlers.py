"""The handlers of the game master's narrative rulings (`ruling_commands`): a drive's
fulfilment or failure and its consequence [002:548-566], thorns driven in, striking and
solved [002:615-633], a character's medical care [002:289], the scene's end [002:287] and
the adventure's [002:492, 854-856]. The dice, luck and points move through the sheet
rulings' own checks and events (`handlers`); each command validates everything before its
events."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.errors import Conflict, InvalidCommand, NotFound
from domain.keys import TableKeys
from domain.names import checked_reason
from domain.portal import ruling_commands as rc
from domain.portal.absorption import absorb
from domain.portal.combat_handlers import last_aguante, settled
from domain.portal.events import DiceGiven, DiceRemoved, LuckRestored, PointsAwarded, game
from domain.portal.guards import roll_to_settle
from domain.portal.handlers import (
    dice_given,
    dice_removed,
    following,
    protagonist,
    record_ruling,
    ruled,
)
from domain.portal.luck import recover_luck
from domain.portal.points import gain
from domain.portal.ruling_events import (
    AdventureEnded,
    DriveRuled,
    MedicalCareGiven,
    SceneEnded,
    ThornCriticalRolled,
    ThornDrivenIn,
    ThornSolved,
    ThornStruck,
)
from domain.portal.sheet import MAX_DICE, MAX_ENTRIES, STORY, Thorn
from domain.portal.state import PortalCharacter, PortalState
from domain.table import Table

#: the consequences each scope and outcome allows [002:556-562]
CONSEQUENCES: dict[tuple[str, bool], frozenset[str]] = {
    ("significant", True): frozenset({"luck", "remove_discomfort"}),
    ("significant", False): frozenset({"discomfort"}),
    ("vital", True): frozenset({"points"}),
    ("vital", False): frozenset({"wound", "thorn"}),
}
#: the reason the consequence's own event carries: the drive is its player's and the game
#: master's, the dice the table's
BY_DRIVE = "a drive's {scope} {outcome} [002:556-562]"


def _thorn_in(character: PortalCharacter) -> None:
    """Refused when the sheet holds no room for another thorn."""
    if len(character.sheet.thorns) >= MAX_ENTRIES:
        raise InvalidCommand(
            f"{character.name} carries {MAX_ENTRIES} thorns already", "invalid_thorn"
        )


def _consequence(
    table: Table, actor: str, character: PortalCharacter, command: rc.PortalRuleDrive
) -> Callable[[], None]:
    """What the drive's consequence records, checked now."""
    said = BY_DRIVE.format(
        scope=command.scope, outcome="fulfilment" if command.fulfilled else "failure"
    )
    event: type[Table.Event]
    fields: dict[str, Any]
    match command.consequence:
        case "luck":
            protagonist(character)
            after = recover_luck(character.sheet, 1)
            event = LuckRestored
            fields = {"dice": 1, "luck_held": after.luck_held, "luck_lost": after.luck_lost}
        case "remove_discomfort":
            event, fields = DiceRemoved, dice_removed(character, "discomfort", 1)
        case "points":
            protagonist(character)
            points = gain(character.sheet.points, command.points, "vital_drive")
            event = PointsAwarded
            fields = {"amount": command.points, "gain": "vital_drive", "points": points}
        case "thorn":
            _thorn_in(character)
            event, fields = ThornDrivenIn, {"thorn": command.thorn}
        case kind:  # a discomfort or a wound die given
            event, fields = DiceGiven, dice_given(character, kind, 1)
    return lambda: record_ruling(table, event, actor, character, said, **fields)


def rule_drive(table: Table, actor: str, command: rc.PortalRuleDrive, _: TableKeys) -> None:
    character = ruled(table, actor, command.character, "rule a drive")
    reason = checked_reason(command.reason)
    if command.drive not in character.sheet.drives.names:
        raise Conflict(f"{command.drive!r} is not {character.name}'s drive", "unknown_drive")
    allowed = CONSEQUENCES[(command.scope, command.fulfilled)]
    if command.consequence not in allowed:
        raise InvalidCommand(
            f"a {command.scope} {'fulfilment' if command.fulfilled else 'failure'} gives "
            f"{' or '.join(sorted(allowed))}, not {command.consequence} [002:556-562]",
            "invalid_drive",
        )
    if (command.thorn is not None) != (command.consequence == "thorn") or (
        command.points != 1 and command.consequence != "points"
    ):
        raise InvalidCommand(
            "a thorn only for a `thorn` consequence, points past 1 only for `points`",
            "invalid_drive",
        )
    record = _consequence(table, actor, character, command)
    record_ruling(
        table,
        DriveRuled,
        actor,
        character,
        reason,
        drive=command.drive,
        scope=command.scope,
        fulfilled=command.fulfilled,
        consequence=command.consequence,
    )
    record()


def drive_thorn(table: Table, actor: str, command: rc.PortalDriveThorn, _: TableKeys) -> None:
    character = ruled(table, actor, command.character, "drive a thorn in")
    reason = checked_reason(command.reason)
    _thorn_in(character)
    record_ruling(table, ThornDrivenIn, actor, character, reason, thorn=command.thorn)


def _carried(character: PortalCharacter, place: int) -> Thorn:
    if place >= len(character.sheet.thorns):
        raise NotFound(f"{character.name} carries no thorn {place}", "unknown_thorn")
    return character.sheet.thorns[place]


def thorn_strikes(table: Table, actor: str, command: rc.PortalThornStrikes, _: TableKeys) -> None:
    character = ruled(table, actor, command.character, "let a thorn strike")
    reason = checked_reason(command.reason)
    thorn = _carried(character, command.thorn)
    if thorn.gives == "reflex":
        raise InvalidCommand(
            f"{thorn.name} lowers every reflex roll; it gives no dice [002:623, 629]",
            "invalid_thorn",
        )
    state = game(table)
    fitting = _fitting(character, thorn)
    past = thorn.amount - fitting
    if past and state.critical_holder(character.id).critical:
        raise Conflict(
            f"{character.name}'s last aguante roll is due: take it before another strikes "
            "past the damage limit [002:1273]",
            "critical_due",
        )
    critical = past if state.options.thorn_past_limit == "critical_roll" else 0
    record_ruling(
        table,
        ThornStruck,
        actor,
        character,
        reason,
        place=command.thorn,
        thorn=thorn,
        critical=critical,
        lost=past - critical,
    )
    if fitting:
        said = f"{thorn.name} strikes: {thorn.every} [002:623]"
        given = dice_given(character, thorn.gives, fitting)
        record_ruling(table, DiceGiven, actor, character, said, **given)


def _fitting(character: PortalCharacter, thorn: Thorn) -> int:
    """How many of the thorn's dice fit below the damage limit: wound dice up to 3, discomfort
    dice while a point is absorbed [002:248, 312]."""
    sheet = character.sheet
    if thorn.gives == "wound":
        return min(thorn.amount, MAX_DICE - sheet.wound)
    return thorn.amount - absorb(sheet.discomfort, sheet.wound, thorn.amount).unabsorbed


def take_thorn_critical(
    table: Table, actor: str, command: rc.PortalTakeThornCritical, keys: TableKeys
) -> None:
    rolled, character = roll_to_settle(table, actor, command.roll)
    if not character.critical:
        raise Conflict(
            f"{character.name} is not in the critical state outside a combat [002:1273]",
            "not_critical",
        )
    critical = last_aguante(table, rolled, character, rolled.final_readings(), character.critical)
    character = settled(table, actor, command.roll, list(command.payments), keys)
    table.trigger_event(
        ThornCriticalRolled,
        actor=actor,
        **following(rolled.roll, rolled.visibility, character),
        critical=critical,
    )


def solve_thorn(table: Table, actor: str, command: rc.PortalSolveThorn, _: TableKeys) -> None:
    character = ruled(table, actor, command.character, "solve a thorn")
    reason = checked_reason(command.reason)
    thorn = _carried(character, command.thorn)
    record_ruling(table, ThornSolved, actor, character, reason, place=command.thorn, thorn=thorn)


def give_medical_care(
    table: Table, actor: str, command: rc.PortalGiveMedicalCare, _: TableKeys
) -> None:
    character = ruled(table, actor, command.character, "give medical care")
    reason = checked_reason(command.reason)
    owed = game(table).owed_sequels.values()
    if any(o.character == character.id and o.level == STORY for o in owed):
        # named after the care, it would outlast the care it was made before
        raise Conflict(
            f"{character.name} owes a level {STORY} sequel: name its kind before the care",
            "sequel_owed",
        )
    if not any(sequel.level == STORY for sequel in character.sheet.sequels):
        raise Conflict(
            f"{character.name} carries no level {STORY} sequel: medical care ends those only "
            "[002:289]",
            "no_sequel",
        )
    record_ruling(table, MedicalCareGiven, actor, character, reason)


def _nothing_pending(state: PortalState, ending: str) -> None:
    """Refused while a roll is open or a sequel's kind is owed: the `ending` (the scene, the
    adventure) takes sequels by their level."""
    if state.open_rolls:
        # an open roll may leave a sequel, and its partly applicable Fortaleza drew on this
        # adventure's pool
        raise Conflict(
            f"roll {min(int(number) for number in state.open_rolls)} is still open: settle "
            f"every roll before {ending} ends",
            "roll_open",
        )
    if state.owed_sequels:
        # its level says whether it outlives the ending: its kind is named first
        raise Conflict(
            f"roll {min(int(number) for number in state.owed_sequels)} owes a sequel: name its "
            f"kind before {ending} ends",
            "sequel_owed",
        )


def end_scene(table: Table, actor: str, command: rc.PortalEndScene, _: TableKeys) -> None:
    state = game.ruling(table, actor, "end the scene")
    reason = checked_reason(command.reason)
    if state.combats:
        raise Conflict(
            f"combat {min(int(number) for number in state.combats)} is under way: a combat is "
            "part of its scene, end it first",
            "combat_under_way",
        )
    _nothing_pending(state, "the scene")
    table.trigger_event(SceneEnded, actor=actor, reason=reason)


def end_adventure(table: Table, actor: str, command: rc.PortalEndAdventure, _: TableKeys) -> None:
    state = game.ruling(table, actor, "end the adventure")
    reason = checked_reason(command.reason)
    _nothing_pending(state, "the adventure")
    table.trigger_event(AdventureEnded, actor=actor, reason=reason)


HANDLERS: dict[type, Any] = {
    rc.PortalRuleDrive: rule_drive,
    rc.PortalDriveThorn: drive_thorn,
    rc.PortalThornStrikes: thorn_strikes,
    rc.PortalTakeThornCritical: take_thorn_critical,
    rc.PortalSolveThorn: solve_thorn,
    rc.PortalGiveMedicalCare: give_medical_care,
    rc.PortalEndScene: end_scene,
    rc.PortalEndAdventure: end_adventure,
}
