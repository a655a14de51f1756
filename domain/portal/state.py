"""What a PORTAL table holds between events: its characters (each with its sheet), the rolls
still open (dice thrown, rerolls under way, not yet settled), and the sequels whose kind the
game master still owes."""

from __future__ import annotations

from typing import Literal

from domain.dice import Visibility
from domain.portal.options import Options
from domain.portal.reading import ReadingSpec
from domain.portal.rerolls import RerollSequence
from domain.portal.sheet import PortalSheet, SequelLevel
from domain.structs import Stored

Automatic = Literal["success", "failure"]


class PortalCharacter(Stored, kw_only=True):
    """A character of the table: a protagonist (a player's, or the game master's) or a
    principal NPC (the game master's) [002:643-655]. (Named with the system's name: every
    system has a `Character`.)"""

    STORED_AS = "portal.Character"

    id: str
    """The character's id at the table"""
    name: str
    """The character's name, as on its sheet"""
    seat: str
    """The seat id of the character's player (the game master's seat for a principal NPC)"""
    sheet: PortalSheet
    """The character's sheet as it stands now"""
    dead: bool = False
    """Whether the character is dead: no command acts for it then (no PORTAL ruling marks a death
    yet)"""


class Applied(Stored, kw_only=True, forbid_unknown_fields=True):
    """A Fortaleza the game master rules applicable to a roll, and why [002:482]."""

    STORED_AS = "portal.Applied"

    name: str
    """The name of the roller's Fortaleza that applies"""
    level: int
    """Its level on the sheet when the roll was opened: the rerolls it gives"""
    reason: str
    """The game master's reason it applies"""


class Ace(Stored, kw_only=True, forbid_unknown_fields=True):
    """Aces in the sleeve the game master grants a roll, and why [002:466]."""

    STORED_AS = "portal.Ace"

    count: int
    """How many aces, one reroll each"""
    reason: str
    """The game master's reason: preparation, cover, a shield … [002:466-478]"""


class OpenRoll(Stored, kw_only=True):
    """A roll thrown and not yet settled: its readings, the game master's difficulty, and the
    rerolls so far (the pool's faces now)."""

    STORED_AS = "portal.OpenRoll"

    roll: int
    character: str
    visibility: Visibility
    readings: list[ReadingSpec]
    difficulty: int | None
    sequence: RerollSequence
    fortalezas: list[Applied] = []
    aces: list[Ace] = []
    #: the table's rolls of this roll's rerolls (each its own `DiceRolled`, as secret as it)
    reroll_rolls: list[int] = []


class OwedSequel(Stored, kw_only=True):
    """A sequel of `level` the player paid sequel points with; its kind is the game
    master's to name [002:295]."""

    STORED_AS = "portal.OwedSequel"

    roll: int
    character: str
    visibility: Visibility
    level: SequelLevel


class PortalState(Stored, kw_only=True):
    STORED_AS = "portal.State"

    options: Options
    characters: dict[str, PortalCharacter] = {}
    #: open rolls by roll number as text (JSON keys)
    open_rolls: dict[str, OpenRoll] = {}
    #: sequels waiting for their kind, by roll number as text
    owed_sequels: dict[str, OwedSequel] = {}
