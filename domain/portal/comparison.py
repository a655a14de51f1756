"""A settled roll compared [002:922-1010]: the story's comparisons and a grapple's
[002:1475] read the results of rolls already settled from the state (`PortalState.settled`).
A settled roll was revealed; a secret one is refused as secret before anything else is said
of it, and each roll counts in one comparison only."""

from __future__ import annotations

from domain.errors import Conflict, InvalidCommand, NotFound
from domain.portal.events import game
from domain.portal.state import PortalState
from domain.portal.story_commands import PortalRollRef
from domain.structs import Stored
from domain.table import Table


class ComparedRoll(Stored, kw_only=True, forbid_unknown_fields=True):
    """A settled roll as a comparison counts it."""

    STORED_AS = "portal.ComparedRoll"

    roll: int
    """The table's number of the settled roll"""
    character: str
    """The id of the character who rolled"""
    reading: str
    """The name of the reading that counts"""
    result: int
    """That reading's result"""


def none_secret(table: Table, numbers: list[int], why: str) -> None:
    """Refused while a named roll is secret (`why` says what would tell of it)."""
    secret = [number for number in numbers if number in table.secret_rolls]
    if secret:
        raise Conflict(f"roll {secret[0]} is secret: {why}", "roll_secret")


def compared(table: Table, state: PortalState, refs: list[PortalRollRef]) -> list[ComparedRoll]:
    """The settled rolls named, each once and each of a different character: a secret roll
    is refused before anything else is said of it (its outcome is not the table's yet)."""
    numbers = [ref.roll for ref in refs]
    none_secret(table, numbers, "reveal it before comparing it")
    if len(set(numbers)) != len(numbers):
        raise InvalidCommand("each roll is named once", "invalid_confrontation")
    found: list[ComparedRoll] = []
    for ref in refs:
        settled = state.settled.get(str(ref.roll))
        if settled is None:
            raise NotFound(
                f"roll {ref.roll} is no settled roll of this table (an automatic outcome has "
                "no result)",
                "unknown_roll",
            )
        if settled.used:
            raise Conflict(f"roll {ref.roll} was counted already", "roll_used")
        reading = ref.reading if ref.reading is not None else next(iter(settled.results))
        if reading not in settled.results:
            raise InvalidCommand(
                f"roll {ref.roll} has no reading {reading!r}", "invalid_confrontation"
            )
        found.append(
            ComparedRoll(
                roll=ref.roll,
                character=settled.character,
                reading=reading,
                result=settled.results[reading],
            )
        )
    characters = [one.character for one in found]
    if len(set(characters)) != len(characters):
        raise InvalidCommand(
            "each character takes part once, with one roll", "invalid_confrontation"
        )
    return found


def count(table: Table, *rolls: ComparedRoll) -> None:
    """Each roll compared counts in no other comparison."""
    for one in rolls:
        game(table).settled[str(one.roll)].used = True
