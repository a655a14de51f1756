"""FATE's events. Each is one fact; `apply` only moves what the event says moved.

An event derived from a roll names it (`roll`) and carries its `visibility` (`FromRoll`), so
the visibility policy hides what it derives exactly as it hides the dice. Nothing here rolls
or decides: the handlers do, and put the results in the event. Events about a character carry
its `seat`: a hidden aspect is its player's and the game master's.
"""

from __future__ import annotations

import msgspec

from domain.dice import FromRoll
from domain.fate.aspects import Guess, TemporaryAspect, revealed
from domain.fate.invocations import Effect, FateRollResult, Invocation, Invoked
from domain.fate.points import CompelSettled, ConcessionPoints
from domain.fate.roll import FateDice, FateModifier, FateVerdict
from domain.fate.state import (
    AskedInvocation,
    FateCharacter,
    FateState,
    OpenRoll,
    SettledRoll,
)
from domain.fate.stress import Consequence, ConsequenceTaken, StressHit, StressTrack, cleared
from domain.games import GameOf
from domain.structs import clone
from domain.table import Table

game = GameOf(FateState)


def _set_points(table: Table, points: dict[str, int]) -> None:
    characters = game(table).characters
    for character, fate_points in points.items():
        sheet = characters[character].sheet
        characters[character].sheet = msgspec.structs.replace(sheet, fate_points=fate_points)


# -- the cast ------------------------------------------------------------------------------


class CharacterCreated(Table.Event):
    TOPIC = "fate.CharacterCreated"
    character: FateCharacter

    def apply(self, table: Table) -> None:
        game(table).characters[self.character.id] = clone(self.character)


# -- rolls ---------------------------------------------------------------------------------


class SkillRolled(FromRoll):
    """A roll called by the game master and thrown (`DiceRolled` just before it): the skill
    and its rung, the four d6 read as Fudge dice, and what the effort is judged against."""

    TOPIC = "fate.SkillRolled"
    character: str
    seat: str
    skill: str
    rating: int
    dice: FateDice
    difficulty: int | None
    opposed_by: int | None
    against: int
    reason: str
    #: the game master's modifiers, each named (full defence, secondary action, combined
    #: skills), and why each applies
    modifiers: list[FateModifier]
    modifier_reasons: list[str]

    def apply(self, table: Table) -> None:
        game(table).open_rolls[str(self.roll)] = OpenRoll(
            roll=self.roll,
            character=self.character,
            visibility=self.visibility,
            skill=self.skill,
            first=clone(self.dice),
            difficulty=self.difficulty,
            opposed_by=self.opposed_by,
            against=self.against,
            modifiers=[clone(modifier) for modifier in self.modifiers],
        )


class InvocationAsked(FromRoll):
    """The roller asks to invoke an aspect on its open roll [004:135]."""

    TOPIC = "fate.InvocationAsked"
    character: str
    seat: str
    aspect: str
    owner: str | None
    effect: Effect
    against_owner: bool
    guess: bool

    def apply(self, table: Table) -> None:
        game(table).open_rolls[str(self.roll)].asked = AskedInvocation(
            aspect=self.aspect,
            owner=self.owner,
            effect=self.effect,
            against_owner=self.against_owner,
            guess=self.guess,
        )


class InvocationDeclined(FromRoll):
    """The game master finds the aspect asked for not relevant: nothing is spent
    [004:135, 301]."""

    TOPIC = "fate.InvocationDeclined"
    character: str
    seat: str
    aspect: str
    reason: str

    def apply(self, table: Table) -> None:
        game(table).open_rolls[str(self.roll)].asked = None


class GuessRuled(FromRoll):
    """The game master's ruling on a guessed aspect [004:353-357]: close enough (the hidden
    aspect is revealed, `AspectDiscovered`, and invoked), or missed, the fate point refunded
    or lost (`fate_points`: the guesser's after)."""

    TOPIC = "fate.GuessRuled"
    character: str
    seat: str
    guess: Guess
    reason: str
    fate_points: int

    def apply(self, table: Table) -> None:
        _set_points(table, {self.character: self.fate_points})
        if self.guess.revealed is None:
            game(table).open_rolls[str(self.roll)].asked = None


class AspectInvoked(FromRoll):
    """An invocation the game master accepted, as it went (`invoked`: paid free or with a
    fate point, a reroll's new dice, whom it pays at the settlement); a reroll is its own
    `DiceRolled` (`reroll_roll`)."""

    TOPIC = "fate.AspectInvoked"
    character: str
    seat: str
    invoked: Invoked
    against_owner: bool
    reason: str
    reroll_roll: int | None

    def apply(self, table: Table) -> None:
        open_roll = game(table).open_rolls[str(self.roll)]
        dice = self.invoked.dice
        invocation = Invocation(
            aspect=self.invoked.aspect,
            owner=self.invoked.owner,
            effect=self.invoked.effect,
            accepted=True,
            against_owner=self.against_owner,
            reroll=list(dice.faces) if dice is not None else [],
        )
        open_roll.invocations = [*open_roll.invocations, invocation]
        open_roll.asked = None
        if self.reroll_roll is not None:
            open_roll.reroll_rolls = [*open_roll.reroll_rolls, self.reroll_roll]


class RollSettled(FromRoll):
    """A roll judged: every step (`result`), the verdict, the fate points each character
    holds after (the roller's spent, the owners invoked against paid [004:335]), and the
    temporary aspects left (a fragile one invoked is gone [004:853])."""

    TOPIC = "fate.RollSettled"
    character: str
    seat: str
    result: FateRollResult
    verdict: FateVerdict
    fate_points: dict[str, int]
    aspects: list[TemporaryAspect]

    def apply(self, table: Table) -> None:
        state = game(table)
        state.open_rolls.pop(str(self.roll), None)
        state.settled_rolls[str(self.roll)] = SettledRoll(
            roll=self.roll,
            character=self.character,
            visibility=self.visibility,
            verdict=clone(self.verdict),
        )
        _set_points(table, self.fate_points)
        state.aspects = [clone(aspect) for aspect in self.aspects]


class AspectPlaced(FromRoll):
    """A temporary aspect a settled maneuver placed [004:845-857]."""

    TOPIC = "fate.AspectPlaced"
    character: str
    seat: str
    aspect: TemporaryAspect
    reason: str

    def apply(self, table: Table) -> None:
        state = game(table)
        state.aspects = [*state.aspects, clone(self.aspect)]


# -- the fate-point economy and aspects outside a roll ---------------------------------------


class Compelled(Table.Event):
    """A compel as it ended [004:173, 365-401]; `fate_points`, the character's after."""

    TOPIC = "fate.Compelled"
    character: str
    seat: str
    compel: CompelSettled
    reason: str
    fate_points: int

    def apply(self, table: Table) -> None:
        _set_points(table, {self.character: self.fate_points})


class Declared(Table.Event):
    """A declaration accepted (a fate point spent) or vetoed [004:155-159], and the scene
    aspect it created, if any."""

    TOPIC = "fate.Declared"
    character: str
    seat: str
    declaration: str
    accepted: bool
    aspect: TemporaryAspect | None
    reason: str
    fate_points: int

    def apply(self, table: Table) -> None:
        _set_points(table, {self.character: self.fate_points})
        if self.aspect is not None:
            state = game(table)
            state.aspects = [*state.aspects, clone(self.aspect)]


class Refreshed(Table.Event):
    """Every character's fate points after a refresh [004:167]."""

    TOPIC = "fate.Refreshed"
    reason: str
    fate_points: dict[str, int]

    def apply(self, table: Table) -> None:
        _set_points(table, self.fate_points)


class AspectDiscovered(Table.Event):
    """A hidden aspect discovered (an assessment, a close guess [004:327, 353]): every seat
    knows it from now on; an assessor holds a free invocation of it (`free`)."""

    TOPIC = "fate.AspectDiscovered"
    character: str
    seat: str
    aspect: str
    free: TemporaryAspect | None
    reason: str

    def apply(self, table: Table) -> None:
        state = game(table)
        character = state.characters[self.character]
        character.sheet = revealed(character.sheet, self.aspect)
        if self.free is not None:
            state.aspects = [*state.aspects, clone(self.free)]


# -- stress, consequences, defeat and recovery ------------------------------------------------


class StressTaken(Table.Event):
    """A hit on a track as it went [004:771-801]: the box marked or none, the consequence
    taken, the track and consequences after, and whether the character is taken out."""

    TOPIC = "fate.StressTaken"
    character: str
    seat: str
    hit: StressHit
    taken: ConsequenceTaken | None
    track: StressTrack
    consequences: list[Consequence]
    taken_out: bool
    reason: str

    def apply(self, table: Table) -> None:
        character = game(table).characters[self.character]
        part = {self.hit.track: clone(self.track)}
        character.sheet = msgspec.structs.replace(
            character.sheet, consequences=[clone(c) for c in self.consequences], **part
        )
        if self.taken_out:
            character.out = "taken_out"


class Conceded(Table.Event):
    """A concession and its answer [004:813-815]: the fate points it moved (`points`) and
    those held after (`fate_points`)."""

    TOPIC = "fate.Conceded"
    character: str
    seat: str
    attacker: str | None
    reasonable: bool
    accepted: bool
    points: ConcessionPoints
    fate_points: dict[str, int]
    reason: str

    def apply(self, table: Table) -> None:
        _set_points(table, self.fate_points)
        if self.accepted:
            game(table).characters[self.character].out = "conceded"


class SceneEnded(Table.Event):
    """The scene's end: every track cleared, the temporary aspects left (`aspects`), the
    consequences each character keeps after a breather (`consequences`, by character)."""

    TOPIC = "fate.SceneEnded"
    breather: bool
    aspects: list[TemporaryAspect]
    consequences: dict[str, list[Consequence]]
    reason: str

    def apply(self, table: Table) -> None:
        state = game(table)
        state.aspects = [clone(aspect) for aspect in self.aspects]
        for character in state.characters.values():
            sheet = character.sheet
            character.sheet = msgspec.structs.replace(
                sheet,
                health=cleared(sheet.health),
                composure=cleared(sheet.composure),
                consequences=[clone(c) for c in self.consequences[character.id]],
            )
            character.out = None


class Recovered(Table.Event):
    """The consequences a character keeps after an occasion to recover [004:829-833]."""

    TOPIC = "fate.Recovered"
    character: str
    seat: str
    occasion: str
    consequences: list[Consequence]
    reason: str

    def apply(self, table: Table) -> None:
        character = game(table).characters[self.character]
        character.sheet = msgspec.structs.replace(
            character.sheet, consequences=[clone(c) for c in self.consequences]
        )
