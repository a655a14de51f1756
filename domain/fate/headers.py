"""The fields FATE's events open with, declared and built in one place: an event about a
character carries its `seat` (a hidden aspect is its player's and the game master's), and one
read from a roll names it and carries its visibility, so it is hidden exactly as the roll's
dice."""

from __future__ import annotations

from typing import Any

from domain.dice import FromRoll
from domain.fate.state import FateCharacter, OpenRoll, SettledRoll
from domain.table import Table


class AboutCharacter(Table.Event):
    """Base of an event about a character, which carries its player's seat (`about`)."""

    character: str
    """The id of the character the event is about; of an event read from a roll, the roller"""
    seat: str
    """The seat id of the character's player (the game master's seat for an NPC)"""


class AboutRoller(AboutCharacter, FromRoll):
    """Base of an event read from a character's roll: the roll and its visibility, then the
    roller and its seat (`from_roll`)."""


def about(actor: str, character: FateCharacter) -> dict[str, Any]:
    """Who records the event and the character it is about, with its player's seat."""
    return {"actor": actor, "character": character.id, "seat": character.seat}


def from_roll(
    actor: str, rolled: OpenRoll | SettledRoll, character: FateCharacter
) -> dict[str, Any]:
    """`about` the roller, and the roll the event is read from with its visibility."""
    return {"roll": rolled.roll, "visibility": rolled.visibility, **about(actor, character)}
