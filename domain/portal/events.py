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
from domain.portal.creation import CreationPrice
from domain.portal.outcome import Verdict
from domain.portal.pool import DieRef, Pool
from domain.portal.reading import Reading, ReadingSpec
from domain.portal.rerolls import Entitlement, Reroll, RerollSequence, Source
from domain.portal.roll import PortalRollResult
from domain.portal.sequels import Payment
from domain.portal.sheet import CharacterPoints, PortalSheet, Sequel, SequelLevel
from domain.portal.state import (
    Ace,
    Applied,
    Automatic,
    AutomaticCall,
    LaterStage,
    OpenRoll,
    OwedSequel,
    PortalCharacter,
    PortalState,
    SettledResult,
)
from domain.structs import clone
from domain.table import Table

game = GameOf(PortalState)


def _sheet(table: Table, character: str) -> PortalCharacter:
    return game(table).characters[character]


# -- the cast ------------------------------------------------------------------------------


class CharacterCreated(Table.Event):
    """A character joins the table: a protagonist (a player's or the game master's) or a principal
    NPC, with its whole sheet."""

    TOPIC = "portal.CharacterCreated"
    character: PortalCharacter
    """The new character: its id, name, seat and sheet"""

    def apply(self, table: Table) -> None:
        game(table).characters[self.character.id] = clone(self.character)


class CharacterPriced(Table.Event):
    """A protagonist just created, priced by the point method the table's options set
    [002:711-842]: what each part of its sheet cost and the points it starts play with (its
    sheet, `CharacterCreated`, holds them already: nothing moves)."""

    TOPIC = "portal.CharacterPriced"
    character: str
    """The id of the character priced"""
    seat: str
    """The seat id of the character's player"""
    price: CreationPrice
    """The pool, what the limitations gave, what each part cost, the points left unspent and
    the points in play they make [002:842]"""


# -- rolls ---------------------------------------------------------------------------------


class FollowsRoll(FromRoll):
    """Base of an event that follows a character's roll, with the header
    `handlers.following` writes: the roll and its visibility, the character and its seat."""

    character: str
    """The id of the character whose roll it is"""
    seat: str
    """The seat id of the character's player (the game master's seat for a principal NPC)"""


class RollOpened(FollowsRoll):
    """A roll called by the game master and thrown (`DiceRolled` just before it): the
    readings with the die each keeps, the difficulty or the automatic outcome, what applies
    (Fortalezas, aces, each with its reason), what the player declared (luck, Tempt luck,
    declined wound dice), and the pool's faces by kind. An automatic outcome throws no dice
    [002:85-89]: its roll has no die and is settled at once."""

    TOPIC = "portal.RollOpened"
    readings: list[ReadingSpec]
    """The readings the game master called, in order, the first the primary one: each one's name,
    the basic die it keeps, whether it is an aguante reading, its specialty bonus"""
    reasons: list[str]
    """The game master's reason for each reading's kept die, in the order of `readings`"""
    difficulty: int | None
    """The difficulty the primary reading must exceed (equal: a partial success); null for an
    automatic outcome or a roll compared with an opponent's result"""
    automatic: Automatic | None
    """The game master's automatic `success` or `failure`, with no dice thrown; null for a rolled
    roll"""
    fortalezas: list[Applied]
    """The roller's Fortalezas ruled applicable, each with its level (one reroll per level) and
    reason; empty: none"""
    aces: list[Ace]
    """The aces in the sleeve granted, each with its count (one reroll each) and reason; empty:
    none"""
    luck: int
    """How many held luck dice the player added before rolling, 0..3"""
    tempt: bool
    """Whether the player tempts luck: one lost luck die thrown, acting as a discomfort die"""
    declined_wounds: int
    """How many wound dice the player declined to roll, -1 each to the result instead, 0..3"""
    pool: Pool | None
    """The faces (1..6) of the dice thrown, by kind: basic, discomfort, wound, luck, tempt; null for
    an automatic outcome"""
    entitlement: Entitlement | None
    """The rerolls the roll is entitled to, by source (Fortaleza levels, aces); null for an
    automatic outcome"""
    partial: Applied | None = None
    """The roller's Fortaleza ruled partly applicable [002:492], with its level and reason:
    its rerolls once in the adventure, what is left of them the entitlement's `adventure`;
    null: none"""
    later: LaterStage | None = None
    """The Fortalezas and aces on the damage or aguante, each with its level or count and
    reason, and the rerolls they give once the first reading is fixed [002:1096]; null:
    none"""

    def apply(self, table: Table) -> None:
        if self.automatic is not None:
            game(table).automatic_calls[str(self.roll)] = AutomaticCall(
                roll=self.roll,
                character=self.character,
                visibility=self.visibility,
                automatic=self.automatic,
            )
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
            partial=None if self.partial is None else clone(self.partial),
            later=None if self.later is None else clone(self.later),
        )


class DieRerolled(FollowsRoll):
    """One die of an open roll rolled again (its own `DiceRolled`, `reroll_roll`), paid by
    `source`; a character point spent for an ace leaves `points` in the roller's hand."""

    TOPIC = "portal.DieRerolled"
    reroll_roll: int
    """The table's number of the reroll's own roll (its `DiceRolled`)"""
    die: DieRef
    """The die rolled again: its kind and its place among the pool's dice of that kind"""
    old: int
    """The die's face before the reroll, 1..6"""
    new: int
    """The die's face after the reroll, 1..6"""
    source: Source
    """What paid for the reroll: `fortaleza` (an applicable Fortaleza's level), `ace` (an ace in the
    sleeve), `point` (a character point spent for an ace) or `adventure`"""
    points: CharacterPoints | None
    """The roller's character points after paying for the ace (source `point`); null for any other
    source, or a principal NPC's"""
    pool: int | None = None
    """A principal NPC's pool after paying for the ace from it (source `point`, Errata
    [002:649]); null otherwise"""

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
        if self.source == "adventure" and open_roll.partial is not None:
            # one reroll of the Fortaleza's once-per-adventure pool spent [002:492]
            roller, name = _sheet(table, self.character), open_roll.partial.name
            used = roller.partial_used.get(name, 0) + 1
            roller.partial_used = {**roller.partial_used, name: used}
            open_roll.drawn += 1
        if self.points is not None:
            _sheet(table, self.character).sheet.points = clone(self.points)
        pool_paid(_sheet(table, self.character).sheet, self.pool)


class RollFixed(FollowsRoll):
    """An open roll's first reading (the attack or defence) fixed by its roller [002:1096]:
    the Fortalezas and aces on the damage or aguante begin their rerolls on the pool the
    first ones left, and change the other readings only."""

    TOPIC = "portal.RollFixed"
    fixed: Reading
    """The first reading as it stands now, every step: it no longer changes"""
    entitlement: Entitlement
    """The second stage's rerolls by source: the damage's or aguante's Fortalezas and aces,
    the aces bought with points and not used yet, and under `late_reroll_cap="shared"` the
    first stage's rerolls made (those it did not make are gone with it)"""
    carried: list[Reroll]
    """The first stage's rerolls that count against the cap of 5 in the second: all of them
    under `late_reroll_cap="shared"`, none under `separate`"""

    def apply(self, table: Table) -> None:
        open_roll = game(table).open_rolls[str(self.roll)]
        open_roll.fixed = clone(self.fixed)
        sequence = open_roll.sequence
        blocked = sequence.blocked_after  # the 1s and 6s stay blocked
        open_roll.sequence = msgspec.structs.replace(
            sequence,
            entitlement=clone(self.entitlement),
            rerolls=[clone(reroll) for reroll in self.carried],
            blocked_after=None if blocked is None else min(blocked, len(self.carried)),
        )


class OnesAndSixesBlocked(FollowsRoll):
    """A character point handed to the roller: every 1 and 6 of the roll is locked from now
    on [002:603-609]. `by` is the seat that handed it, `giver` its character (null: the game
    master's point: a player's is spent first, `PointsSpent`); the roller keeps the point
    [002:579]."""

    TOPIC = "portal.OnesAndSixesBlocked"
    by: str
    """The seat id of whoever handed the character point: a player's or the game master's"""
    giver: str | None
    """The id of the character whose point was handed over; null: the game master's point"""
    points: CharacterPoints | None
    """The roller's character points after receiving the point; null for a principal NPC, who holds
    none"""

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


class RollSettled(FollowsRoll):
    """A roll read from its final faces and its consequences on the sheet: the verdict,
    discomfort removed, luck kept or lost, the tempt die won back, the character point for a
    LOW success, the sequel points and how they were paid; the dice the sheet holds after.
    A level of sequel paid leaves a sequel whose kind the game master names (`owed`)."""

    TOPIC = "portal.RollSettled"
    result: PortalRollResult | None
    """What the final faces decided: each reading, the verdict, the discomfort dice removed, luck
    kept or spent, the sequel points; null for an automatic outcome"""
    verdict: Verdict | None
    """The outcome: the primary reading against the difficulty, or the automatic one; null when the
    roll had no difficulty"""
    payments: list[Payment]
    """How each sequel point was paid, in order: `discomfort` (a discomfort die), `luck` (a held
    luck die) or `sequel` (a level of sequel); empty: none"""
    owed: int
    """The level (1..3) of the sequel left for the game master to name; 0: none"""
    discomfort: int
    """The discomfort dice the character holds after the roll, 0..3"""
    wound: int
    """The wound dice the character holds after the roll, 0..3"""
    luck_held: int
    """The luck dice the character holds after the roll, 0..3"""
    luck_lost: int
    """The character's lost luck dice after the roll, 0..3"""
    points: CharacterPoints
    """The character's points in hand and in reserve after the roll (a LOW success earns one)"""
    pool: int | None = None
    """A principal NPC's pool after the roll, its luck-equivalents spent gone (Errata
    [002:649]); null for a protagonist or an NPC without a pool"""

    def apply(self, table: Table) -> None:
        state = game(table)
        state.open_rolls.pop(str(self.roll), None)
        state.automatic_calls.pop(str(self.roll), None)
        sheet = state.characters[self.character].sheet
        sheet.discomfort, sheet.wound = self.discomfort, self.wound
        sheet.luck_held, sheet.luck_lost = self.luck_held, self.luck_lost
        sheet.points = clone(self.points)
        pool_paid(sheet, self.pool)
        if self.owed:
            level: SequelLevel = 1 if self.owed == 1 else 2 if self.owed == 2 else 3
            state.owed_sequels[str(self.roll)] = OwedSequel(
                roll=self.roll, character=self.character, visibility=self.visibility, level=level
            )
        if self.result is not None:  # what the story's comparisons read (story_handlers.py)
            state.settled[str(self.roll)] = SettledResult(
                roll=self.roll,
                character=self.character,
                results={reading.name: reading.result for reading in self.result.readings},
            )


class SequelNamed(FollowsRoll):
    """The game master names the kind of a roll's sequel [002:295]."""

    TOPIC = "portal.SequelNamed"
    sequel: Sequel
    """The sequel added to the sheet: its level (1..3) and the kind the game master named"""
    reason: str
    """The game master's reason for the kind"""

    def apply(self, table: Table) -> None:
        state = game(table)
        state.owed_sequels.pop(str(self.roll), None)
        sheet = state.characters[self.character].sheet
        sheet.sequels = [*sheet.sequels, clone(self.sequel)]


# -- the game master's rulings on a sheet ---------------------------------------------------


class _SheetRuling(Table.Event):
    character: str
    """The id of the character whose sheet changes"""
    seat: str
    """The seat id of the character's player (the game master's seat for a principal NPC)"""
    reason: str
    """Why, in the game master's words (or the server's, for a point handed over to block 1s
    and 6s)"""


class _DiceRuling(_SheetRuling):
    """Discomfort or wound dice given or removed, and the sheet's dice after."""

    kind: str
    """Which dice: `discomfort` or `wound`"""
    dice: int
    """How many dice were given or removed, 1..3"""
    discomfort: int
    """The discomfort dice the character holds after, 0..3"""
    wound: int
    """The wound dice the character holds after, 0..3"""

    def apply(self, table: Table) -> None:
        sheet = _sheet(table, self.character).sheet
        sheet.discomfort, sheet.wound = self.discomfort, self.wound


class DiceGiven(_DiceRuling):
    """Discomfort or wound dice given; `absorption` says what each die given did (a
    discomfort die at 3 turns one into a wound die [002:248])."""

    TOPIC = "portal.DiceGiven"
    absorption: Absorption | None
    """What each discomfort die given did (a discomfort die, or at 3 one turned into a wound die)
    and the dice after; null for wound dice"""


class DiceRemoved(_DiceRuling):
    """Discomfort or wound dice the game master removes from a character: rest, care, the story
    [002:230-244]."""

    TOPIC = "portal.DiceRemoved"


class DamageAbsorbed(_SheetRuling):
    """Damage points past the toughness, absorbed point by point [002:1238-1248]."""

    TOPIC = "portal.DamageAbsorbed"
    absorption: Absorption
    """The damage points taken, what each one did, and the dice held after"""

    def apply(self, table: Table) -> None:
        sheet = _sheet(table, self.character).sheet
        sheet.discomfort, sheet.wound = self.absorption.discomfort, self.absorption.wound


class PointsAwarded(_SheetRuling):
    """Character points the game master awards: into the hand up to 5, the rest into the reserve
    [002:574-579, 854]."""

    TOPIC = "portal.PointsAwarded"
    amount: int
    """How many character points were awarded"""
    gain: str
    """What earned them: `story_start`, `story_end`, `low_die_success`, `roleplay`, `table_conduct`,
    `vital_drive` or `ones_and_sixes_blocked`"""
    points: CharacterPoints
    """The character's points in hand and in reserve after the award"""

    def apply(self, table: Table) -> None:
        _sheet(table, self.character).sheet.points = clone(self.points)


class PointsSpent(_SheetRuling):
    """Character points spent from the hand: recorded by the game master, or handed to another
    character to block its roll's 1s and 6s [002:583-591, 605]."""

    TOPIC = "portal.PointsSpent"
    amount: int
    """How many character points were spent"""
    use: str
    """What they bought: `remove_wound`, `ace`, `temporary_specialty`, `block_ones_and_sixes`,
    `background`, `advancement`, `action_past_limit` or `heroic_action`"""
    points: CharacterPoints
    """The character's points in hand and in reserve after spending"""
    wound: int
    """The wound dice the character holds after, 0..3 (one fewer for `remove_wound` [002:583];
    one more a point for a principal NPC paying with its harm, Errata [002:649])"""
    pool: int | None = None
    """A principal NPC's pool after paying from it (Errata [002:649]); null otherwise"""

    def apply(self, table: Table) -> None:
        _points_paid(_sheet(table, self.character).sheet, self.points, self.wound, self.pool)


def pool_paid(sheet: PortalSheet, pool: int | None) -> None:
    """A principal NPC's pool after a cost paid from it (`costs.pay`); None: unchanged."""
    if sheet.npc_pool is not None and pool is not None:
        sheet.npc_pool = msgspec.structs.replace(sheet.npc_pool, pool=pool)


def _points_paid(sheet: PortalSheet, points: CharacterPoints, wound: int, pool: int | None) -> None:
    """Character points spent (`costs.pay`): the points, the wound dice and a principal NPC's
    pool as they stand after."""
    sheet.points = clone(points)
    sheet.wound = wound
    pool_paid(sheet, pool)


class SpecialtyBought(FollowsRoll):
    """A temporary specialty bought with a character point before the roll it is for (its
    `RollOpened` just before): the Fortaleza's level added to the readings it applies to
    [002:585, 850], as the roll's specs already say; a principal NPC pays from its pool or
    with a wound die, Errata [002:649] (the roll thrown with it)."""

    TOPIC = "portal.SpecialtyBought"
    fortaleza: str
    """The Fortaleza whose level the temporary specialty adds"""
    bonus: int
    """The level added to each reading it applies to"""
    readings: list[str]
    """The names of the roll's readings it applies to"""
    reason: str
    """The game master's reason it applies"""
    paid_with: str
    """What paid: the character's own `points`, a principal NPC's `pool` or `harm`"""
    points: CharacterPoints
    """The character's points in hand and in reserve after paying"""
    wound: int
    """The wound dice the character holds after paying, 0..3 (one more for a principal NPC
    paying with harm)"""
    pool: int | None
    """A principal NPC's pool after paying from it; null otherwise"""

    def apply(self, table: Table) -> None:
        _points_paid(_sheet(table, self.character).sheet, self.points, self.wound, self.pool)


class LuckRestored(_SheetRuling):
    """Lost luck dice the game master gives a character back, e.g. for a drive fulfilled; only its
    own lost ones [002:338, 556-560]."""

    TOPIC = "portal.LuckRestored"
    dice: int
    """How many lost luck dice came back, 1..3"""
    luck_held: int
    """The luck dice the character holds after, 0..3"""
    luck_lost: int
    """The character's lost luck dice after, 0..3"""

    def apply(self, table: Table) -> None:
        sheet = _sheet(table, self.character).sheet
        sheet.luck_held, sheet.luck_lost = self.luck_held, self.luck_lost
