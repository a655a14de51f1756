"""PORTAL's events. Each is one fact; `apply` only moves what the event says moved.

An event derived from a roll names it (`roll`) and carries its `visibility` (`FromRoll`), so
the visibility policy hides what it derives exactly as it hides the dice. Nothing here rolls
or decides: the handlers do, and put the results in the event. Events that change a
character's sheet carry its `seat`: what is private of a sheet is its player's and the game
master's.
"""

from __future__ import annotations

import msgspec

from domain.dice import FromRoll
from domain.games import GameOf
from domain.portal.absorption import Absorption
from domain.portal.outcome import Verdict
from domain.portal.pool import DieRef, Pool
from domain.portal.reading import ReadingSpec
from domain.portal.rerolls import Entitlement, Reroll, RerollSequence, Source
from domain.portal.roll import PortalRollResult
from domain.portal.sequels import Payment
from domain.portal.sheet import CharacterPoints, Sequel, SequelLevel
from domain.portal.state import (
    Ace,
    Applied,
    Automatic,
    OpenRoll,
    OwedSequel,
    PortalCharacter,
    PortalState,
)
from domain.structs import clone
from domain.table import Table

game = GameOf(PortalState)


def _sheet(table: Table, character: str) -> PortalCharacter:
    return game(table).characters[character]


# -- the cast ------------------------------------------------------------------------------


class CharacterCreated(Table.Event):
    TOPIC = "portal.CharacterCreated"
    character: PortalCharacter

    def apply(self, table: Table) -> None:
        game(table).characters[self.character.id] = clone(self.character)


# -- rolls ---------------------------------------------------------------------------------


class RollOpened(FromRoll):
    """A roll called by the game master and thrown (`DiceRolled` just before it): the
    readings with the die each keeps, the difficulty or the automatic outcome, what applies
    (Fortalezas, aces, each with its reason), what the player declared (luck, Tempt luck,
    declined wound dice), and the pool's faces by kind. An automatic outcome throws no dice
    [002:85-89]: its roll has no die and is settled at once."""

    TOPIC = "portal.RollOpened"
    character: str
    seat: str
    readings: list[ReadingSpec]
    #: why each reading keeps its die, in order
    reasons: list[str]
    difficulty: int | None
    automatic: Automatic | None
    fortalezas: list[Applied]
    aces: list[Ace]
    luck: int
    tempt: bool
    declined_wounds: int
    #: the faces by kind; null for an automatic outcome
    pool: Pool | None
    entitlement: Entitlement | None

    def apply(self, table: Table) -> None:
        if self.pool is None or self.entitlement is None:
            return
        game(table).open_rolls[str(self.roll)] = OpenRoll(
            roll=self.roll,
            character=self.character,
            visibility=self.visibility,
            readings=[clone(spec) for spec in self.readings],
            difficulty=self.difficulty,
            sequence=RerollSequence(pool=clone(self.pool), entitlement=clone(self.entitlement)),
            fortalezas=[clone(f) for f in self.fortalezas],
            aces=[clone(a) for a in self.aces],
        )


class DieRerolled(FromRoll):
    """One die of an open roll rolled again (its own `DiceRolled`, `reroll_roll`), paid by
    `source`; a character point spent for an ace leaves `points` in the roller's hand."""

    TOPIC = "portal.DieRerolled"
    character: str
    seat: str
    reroll_roll: int
    die: DieRef
    old: int
    new: int
    source: Source
    #: the roller's character points after paying for the ace (source "point"), else null
    points: CharacterPoints | None

    def apply(self, table: Table) -> None:
        state = game(table)
        open_roll = state.open_rolls[str(self.roll)]
        sequence = open_roll.sequence
        entitlement = sequence.entitlement
        if self.source == "point":
            entitlement = msgspec.structs.replace(entitlement, points=entitlement.points + 1)
        reroll = Reroll(die=clone(self.die), old=self.old, new=self.new, source=self.source)
        open_roll.sequence = msgspec.structs.replace(
            sequence,
            pool=sequence.pool.with_face(self.die, self.new),
            entitlement=entitlement,
            rerolls=[*sequence.rerolls, reroll],
        )
        open_roll.reroll_rolls = [*open_roll.reroll_rolls, self.reroll_roll]
        if self.points is not None:
            _sheet(table, self.character).sheet.points = clone(self.points)


class OnesAndSixesBlocked(FromRoll):
    """A character point handed to the roller: every 1 and 6 of the roll is locked from now
    on [002:603-609]. `by` is the seat that handed it, `giver` its character (null: the game
    master's point: a player's is spent first, `PointsSpent`); the roller keeps the point
    [002:579]."""

    TOPIC = "portal.OnesAndSixesBlocked"
    character: str
    seat: str
    by: str
    giver: str | None
    #: the roller's character points after receiving it (null: a principal NPC holds none)
    points: CharacterPoints | None

    def apply(self, table: Table) -> None:
        state = game(table)
        open_roll = state.open_rolls[str(self.roll)]
        open_roll.sequence = msgspec.structs.replace(
            open_roll.sequence,
            blocked_after=len(open_roll.sequence.rerolls),
            blocked_by=self.by,
        )
        if self.points is not None:
            _sheet(table, self.character).sheet.points = clone(self.points)


class RollSettled(FromRoll):
    """A roll read from its final faces and its consequences on the sheet: the verdict,
    discomfort removed, luck kept or lost, the tempt die won back, the character point for a
    LOW success, the sequel points and how they were paid; the dice the sheet holds after.
    A level of sequel paid leaves a sequel whose kind the game master names (`owed`)."""

    TOPIC = "portal.RollSettled"
    character: str
    seat: str
    result: PortalRollResult | None
    verdict: Verdict | None
    payments: list[Payment]
    #: the sequel's level left for the game master to name (0: none)
    owed: int
    discomfort: int
    wound: int
    luck_held: int
    luck_lost: int
    points: CharacterPoints

    def apply(self, table: Table) -> None:
        state = game(table)
        state.open_rolls.pop(str(self.roll), None)
        sheet = state.characters[self.character].sheet
        sheet.discomfort, sheet.wound = self.discomfort, self.wound
        sheet.luck_held, sheet.luck_lost = self.luck_held, self.luck_lost
        sheet.points = clone(self.points)
        if self.owed:
            level: SequelLevel = 1 if self.owed == 1 else 2 if self.owed == 2 else 3
            state.owed_sequels[str(self.roll)] = OwedSequel(
                roll=self.roll, character=self.character, visibility=self.visibility, level=level
            )


class SequelNamed(FromRoll):
    """The game master names the kind of a roll's sequel [002:295]."""

    TOPIC = "portal.SequelNamed"
    character: str
    seat: str
    sequel: Sequel
    reason: str

    def apply(self, table: Table) -> None:
        state = game(table)
        state.owed_sequels.pop(str(self.roll), None)
        sheet = state.characters[self.character].sheet
        sheet.sequels = [*sheet.sequels, clone(self.sequel)]


# -- the game master's rulings on a sheet ---------------------------------------------------


class _SheetRuling(Table.Event):
    character: str
    seat: str
    reason: str


class _DiceRuling(_SheetRuling):
    """Discomfort or wound dice given or removed, and the sheet's dice after."""

    kind: str
    dice: int
    discomfort: int
    wound: int

    def apply(self, table: Table) -> None:
        sheet = _sheet(table, self.character).sheet
        sheet.discomfort, sheet.wound = self.discomfort, self.wound


class DiceGiven(_DiceRuling):
    """Discomfort or wound dice given; `absorption` says what each die given did (a
    discomfort die at 3 turns one into a wound die [002:248])."""

    TOPIC = "portal.DiceGiven"
    absorption: Absorption | None


class DiceRemoved(_DiceRuling):
    TOPIC = "portal.DiceRemoved"


class DamageAbsorbed(_SheetRuling):
    """Damage points past the toughness, absorbed point by point [002:1238-1248]."""

    TOPIC = "portal.DamageAbsorbed"
    absorption: Absorption

    def apply(self, table: Table) -> None:
        sheet = _sheet(table, self.character).sheet
        sheet.discomfort, sheet.wound = self.absorption.discomfort, self.absorption.wound


class PointsAwarded(_SheetRuling):
    TOPIC = "portal.PointsAwarded"
    amount: int
    gain: str
    points: CharacterPoints

    def apply(self, table: Table) -> None:
        _sheet(table, self.character).sheet.points = clone(self.points)


class PointsSpent(_SheetRuling):
    TOPIC = "portal.PointsSpent"
    amount: int
    use: str
    points: CharacterPoints
    #: the wound dice after (a point removes one [002:583])
    wound: int

    def apply(self, table: Table) -> None:
        sheet = _sheet(table, self.character).sheet
        sheet.points = clone(self.points)
        sheet.wound = self.wound


class LuckRestored(_SheetRuling):
    TOPIC = "portal.LuckRestored"
    dice: int
    luck_held: int
    luck_lost: int

    def apply(self, table: Table) -> None:
        sheet = _sheet(table, self.character).sheet
        sheet.luck_held, sheet.luck_lost = self.luck_held, self.luck_lost
