"""What a FATE table holds between events: its characters (each with its sheet), the rolls
still open (thrown, taking invocations, not yet settled), the verdicts of settled rolls (an
opposed action or a maneuver reads them), and the temporary aspects in play."""

from __future__ import annotations

from typing import Literal

from domain.dice import CharacterRoll
from domain.fate.aspects import TemporaryAspect
from domain.fate.invocations import Effect, Invocation
from domain.fate.options import Options
from domain.fate.roll import FateDice, FateModifier, FateVerdict
from domain.fate.sheet import FateSheet
from domain.games import GameState
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


class OpenRoll(CharacterRoll, kw_only=True):
    """A roll thrown and not yet settled: the skill, what it is judged against, the first
    dice, the invocations the game master accepted (a reroll's new faces with it), and the one
    asked and not yet ruled."""

    STORED_AS = "fate.OpenRoll"

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


class SettledRoll(CharacterRoll, kw_only=True):
    """A settled roll's verdict, for an opposed action or a maneuver that reads it."""

    STORED_AS = "fate.SettledRoll"

    verdict: FateVerdict


class FateState(GameState[Options, FateCharacter], kw_only=True):
    STORED_AS = "fate.State"

    #: open rolls by roll number as text (JSON keys)
    open_rolls: dict[str, OpenRoll] = {}
    #: settled rolls by roll number as text
    settled_rolls: dict[str, SettledRoll] = {}
    #: temporary aspects in play, on a character (its id as `target`) or the scene (null)
    aspects: list[TemporaryAspect] = []
    #: the conflict in play, or null (`fateBeginConflict`)
    conflict: FateConflict | None = None
    #: each NPC's tenacity in the conflict as the game master ruled its stakes
    #: (`fateRuleStakes` [004:823]), by character id; none ruled: its tenacity is not counted
    tenacity: dict[str, int] = {}


# -- a conflict's turn structure (domain/fate/conflict_handlers.py) ----------------------------

ConflictKind = Literal["physical", "social"]


class Block(Stored, kw_only=True, forbid_unknown_fields=True):
    """A block raised this exchange [004:721-731]: its strength is the effort of the blocker's
    settled roll; protecting a character, or against an action named by the game master."""

    STORED_AS = "fate.Block"

    roll: int
    """The number of the blocker's settled roll, whose effort is the block's strength"""
    character: str
    """The id of the blocking character"""
    strength: int
    """The block's strength: the effort of its roll [004:725, 727]"""
    protects: str | None
    """The id of the character it protects, who defends with its own roll or the strength,
    the higher [004:725]; null: a block of an action"""
    action: str | None
    """The action blocked, as the game master names it (never every action [004:723]); null
    for a protection"""


class ZoneBorder(Stored, kw_only=True, forbid_unknown_fields=True):
    """Two adjacent zones of a conflict's scene and the border between them [004:623, 745]."""

    STORED_AS = "fate.ZoneBorder"

    zones: list[str]
    """The two zones, by name"""
    value: int
    """The border's value, taken off a move's shifts across it (0: none) [004:745]"""


class FateConflict(Stored, kw_only=True):
    """A conflict in play [004:603-651]: the initiative order fixed at its start, the exchange
    (asalto) and its order with delays, whose turn it is, the blocks raised and the full
    defences declared this exchange, and who is disarmed."""

    STORED_AS = "fate.Conflict"

    kind: ConflictKind
    """`physical` (initiative by Alerta) or `social` (by Empatía) [004:633]"""
    initiative: list[str]
    """The initiative order, fixed for the whole conflict [004:639]: character ids, first
    to act first"""
    exchange: int
    """The exchange's number, 1 for the first"""
    order: list[str]
    """This exchange's order: the initiative's, with delayed turns moved later [004:719] and
    characters out of the conflict left out"""
    turn: int
    """The index in `order` of the character whose turn it is; `order`'s length: the
    exchange's last turn has ended"""
    blocks: list[Block] = []
    """The blocks raised this exchange: they last to its end [004:725-727]"""
    disarmed: dict[str, int] = {}
    """The characters disarmed, by id, with the disarm's shifts [004:871]"""
    minions: dict[str, int] = {}
    """The minions each group has left, by the id of the NPC standing for it; a group with
    none left is taken out [004:629]"""
    zones: list[str] = []
    """The scene's zones, as the game master drew them [004:623]; empty: none drawn"""
    borders: list[ZoneBorder] = []
    """The adjacent zones, each pair with its border [004:623, 745]"""
    places: dict[str, str] = {}
    """Each character's zone, by id: where it was placed, moved or thrown"""
    full_defence: list[str] = []
    """The characters in full defence this exchange, by id: +2 on every defence, their
    action given up [004:715]"""
