"""What a FATE table holds between events: its characters (each with its sheet), the rolls
still open (thrown, taking invocations, not yet settled), the verdicts of settled rolls (an
opposed action or a maneuver reads them), and the temporary aspects in play."""

from __future__ import annotations

from typing import Literal

from domain.dice import Visibility
from domain.fate.aspects import TemporaryAspect
from domain.fate.invocations import Effect, Invocation
from domain.fate.options import Options
from domain.fate.roll import FateDice, FateModifier, FateVerdict
from domain.fate.sheet import FateSheet
from domain.structs import Stored

Out = Literal["taken_out", "conceded"]


class FateCharacter(Stored, kw_only=True):
    """A character of the table: a player's, or the game master's NPC. (Named with the
    system's name: every system has a `Character`.)"""

    STORED_AS = "fate.Character"

    id: str
    """The character's id at the table"""
    name: str
    """The character's name, as on its sheet"""
    seat: str
    """The seat id of the character's player (the game master's seat for an NPC)"""
    sheet: FateSheet
    """The character's sheet as it stands"""
    out: Out | None = None
    """Out of the scene's conflict: `taken_out` [004:801] or `conceded` [004:813], back at the
    scene's end; null: in play"""


class AskedInvocation(Stored, kw_only=True, forbid_unknown_fields=True):
    """An invocation the roller asked for, waiting for the game master's ruling on its
    relevance [004:135, 301]; a `guess` names an aspect the roller does not know [004:349]."""

    STORED_AS = "fate.AskedInvocation"

    aspect: str
    """The aspect's name as the roller gave it (for a guess, the roller's guess)"""
    owner: str | None
    """The id of the character whose aspect it is; null: an aspect of the scene"""
    effect: Effect
    """What the invocation buys: `reroll` (four new d6, whose result stands) or `plus_two` (+2
    to the effort, after any reroll) [004:135-139]"""
    against_owner: bool
    """Invoked to its owner's detriment (an opponent's aspect, a consequence): a fate point
    paid for it goes to the owner when the roll is settled [004:335]"""
    guess: bool
    """The roller guesses at a hidden aspect it does not know [004:349-361]"""


class OpenRoll(Stored, kw_only=True):
    """A roll thrown and not yet settled: the skill, what it is judged against, the first
    dice, the invocations the game master accepted (a reroll's new faces with it), and the one
    asked and not yet ruled."""

    STORED_AS = "fate.OpenRoll"

    roll: int
    character: str
    visibility: Visibility
    skill: str
    first: FateDice
    #: the game master's difficulty, or null for an opposed action
    difficulty: int | None
    #: the settled roll whose effort opposes this one, or null
    opposed_by: int | None
    against: int
    #: the game master's modifiers: full defence, a secondary action, combined skills
    modifiers: list[FateModifier] = []
    invocations: list[Invocation] = []
    asked: AskedInvocation | None = None
    #: the table's rolls of the rerolls (each a `DiceRolled` of its own)
    reroll_rolls: list[int] = []


class SettledRoll(Stored, kw_only=True):
    """A settled roll's verdict, for an opposed action or a maneuver that reads it."""

    STORED_AS = "fate.SettledRoll"

    roll: int
    character: str
    visibility: Visibility
    verdict: FateVerdict


class FateState(Stored, kw_only=True):
    STORED_AS = "fate.State"

    options: Options
    characters: dict[str, FateCharacter] = {}
    #: open rolls by roll number as text (JSON keys)
    open_rolls: dict[str, OpenRoll] = {}
    #: settled rolls by roll number as text
    settled_rolls: dict[str, SettledRoll] = {}
    #: temporary aspects in play, on a character (its id as `target`) or the scene (null)
    aspects: list[TemporaryAspect] = []
