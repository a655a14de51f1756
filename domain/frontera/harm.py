"""Harm outside combat [L1209-L1233]: falls and being run over, and the agility save.

A fall costs 1 health level per 5 metres; a train runs a character over for 4 levels, a coach
or a horse for 2. A muscle (agility) test saves 2 levels with a success, 1 with a partial
success. Health moves through `rules.shift_condition`.

Decisions where the book is silent:
- A fall counts whole 5 m stretches (a 9 m fall costs 1 level); a fall under 5 m costs nothing
  and is refused (the Mayor may still rule harm with a condition change and a reason).
- The save is an ordinary trait test the Mayor opens, muscle with the skill agility (gear such
  as work clothes comes as modifiers); the harm is applied when it resolves.
- A character that cannot act (incapacitated, paralysed, in a coma) makes no save and takes
  the whole harm at once; no test is opened then.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from domain.commands import Command
from domain.errors import InvalidCommand
from domain.frontera import guards, rules
from domain.frontera.events import game
from domain.frontera.resolution import PARTIAL, SUCCESS
from domain.frontera.state import Modifier, OpenTest
from domain.keys import TableKeys
from domain.names import Reason, checked_reason
from domain.table import Table

Cause = Literal["fall", "train", "coach", "horse"]

METRES_PER_LEVEL = 5
MAX_FALL = 1000
#: health levels lost to being run over [L1215]
RUN_OVER: dict[str, int] = {"train": 4, "coach": 2, "horse": 2}
#: levels the agility save takes off the harm, by outcome [L1233]
SAVED: dict[str, int] = {SUCCESS: 2, PARTIAL: 1}


class SufferAccident(Command, kw_only=True):
    """The Mayor rules that a character falls or is run over; an agility save follows."""

    character: str
    """The id of the character who falls or is run over"""
    cause: Cause
    """`fall` (1 health level per whole 5 m), `train` (4 levels), `coach` or `horse` (2 levels)"""
    metres: Annotated[int, msgspec.Meta(ge=1, le=MAX_FALL)] | None = None
    """The height of a fall, in metres (5 or more); null for other causes"""
    modifiers: list[Modifier] = []
    """Changes to the muscle (agility) save's draw, each with its reason (e.g. work clothes, +1
    card); empty: none"""
    reason: Reason
    """What happened, in the Mayor's words"""


def harm_of(cause: str, metres: int | None) -> int:
    """Health levels an accident costs before the save."""
    if cause == "fall":
        if metres is None or not 0 < metres <= MAX_FALL:
            raise InvalidCommand(
                f"a fall needs its height, 1 to {MAX_FALL} metres", "invalid_accident"
            )
        return metres // METRES_PER_LEVEL
    if cause not in RUN_OVER:
        raise InvalidCommand(
            f"an accident is a fall or being run over by {', '.join(RUN_OVER)}",
            "invalid_accident",
        )
    if metres is not None:
        raise InvalidCommand("only a fall has a height", "invalid_accident")
    return RUN_OVER[cause]


class AccidentSuffered(Table.Event):
    """What an accident cost: `harm` levels, `saved` by the agility save, `lost` in the end."""

    TOPIC = "frontera.AccidentSuffered"
    character: str
    """The id of the character who fell or was run over"""
    cause: str
    """`fall`, `train`, `coach` or `horse`"""
    metres: int | None
    """The height of a fall, in metres; null for other causes"""
    harm: int
    """Health levels the accident costs before the save"""
    saved: int
    """Levels the muscle (agility) save took off: 2 for a success, 1 for a partial success, else 0
    (0 too when the character could not act)"""
    lost: int
    """Health levels lost in the end: `harm` - `saved`"""
    reason: str
    """What happened, in the Mayor's words"""


def _describe(cause: str, metres: int | None) -> str:
    return f"a fall of {metres} m" if cause == "fall" else f"run over by a {cause}"


def suffer_accident(
    table: Table, actor: str, command: SufferAccident, keys: TableKeys
) -> int | None:
    """Returns the number of the agility save's test, or None when the harm landed at once."""
    state = rules.ready_to_open(table, actor)
    character = guards.find_character(state, command.character)
    harm = harm_of(command.cause, command.metres)
    if harm == 0:
        raise InvalidCommand(
            f"a fall costs a level per {METRES_PER_LEVEL} m: {command.metres} m costs nothing",
            "no_harm",
        )
    reason = checked_reason(command.reason)
    if character.cannot_act_because is not None:
        _suffer(table, actor, character.id, command.cause, command.metres, harm, 0, reason, keys)
        return None
    participant = rules.contender(state, character.id, "muscle", "agility", command.modifiers)
    return rules.open_test(
        table,
        actor,
        "trait",
        {character.id: participant},
        purpose="accident",
        stakes={
            "character": character.id,
            "harm": harm,
            "cause": command.cause,
            **({} if command.metres is None else {"metres": command.metres}),
            "reason": reason,
        },
    )


def accident(
    table: Table, actor: str, test: OpenTest, outcomes: dict[str, str], keys: TableKeys
) -> None:
    """The save resolved: the harm, less 2 for a success or 1 for a partial success."""
    character = str(test.stakes["character"])
    harm = int(test.stakes["harm"])
    saved = min(harm, SAVED.get(outcomes[character], 0))
    metres = test.stakes.get("metres")
    _suffer(
        table,
        actor,
        character,
        str(test.stakes["cause"]),
        None if metres is None else int(metres),
        harm,
        saved,
        str(test.stakes["reason"]),
        keys,
    )


def _suffer(
    table: Table,
    actor: str,
    character_id: str,
    cause: str,
    metres: int | None,
    harm: int,
    saved: int,
    reason: str,
    keys: TableKeys,
) -> None:
    table.trigger_event(
        AccidentSuffered,
        actor=actor,
        character=character_id,
        cause=cause,
        metres=metres,
        harm=harm,
        saved=saved,
        lost=harm - saved,
        reason=reason,
    )
    if harm > saved:
        character = guards.find_character(game(table), character_id)
        what = _describe(cause, metres)
        rules.shift_condition(
            table, actor, character, "health", saved - harm, f"{what} ({reason})", keys
        )


HANDLERS: dict[type, Any] = {SufferAccident: suffer_accident}

CONSEQUENCES: dict[str, Any] = {"accident": accident}
