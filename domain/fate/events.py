"""FATE's events. Each is one fact; `apply` only moves what the event says moved.

An event derived from a roll names it (`roll`) and carries its `visibility` (`FromRoll`, most
as `AboutRoller`), so the visibility policy hides what it derives exactly as it hides the dice.
Nothing here rolls or decides: the handlers do, and put the results in the event. Events about
a character carry its `seat` (`AboutCharacter`): a hidden aspect is its player's and the game
master's.
"""

from __future__ import annotations

import msgspec

from domain.dice import FromRoll
from domain.fate.aspects import Guess, TemporaryAspect, fragile_on, revealed
from domain.fate.headers import AboutCharacter, AboutRoller
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
from domain.fate.stress import (
    Consequence,
    ConsequenceTaken,
    Stakes,
    StressHit,
    StressTrack,
    cleared,
)
from domain.games import GameOf
from domain.structs import clone
from domain.table import Table

game = GameOf(FateState)


def _set_points(table: Table, points: dict[str, int]) -> None:
    characters = game(table).characters
    for character, fate_points in points.items():
        sheet = characters[character].sheet
        characters[character].sheet = msgspec.structs.replace(sheet, fate_points=fate_points)


def _place(table: Table, aspect: TemporaryAspect | None) -> None:
    """A temporary aspect in play from now on; null: none placed."""
    if aspect is not None:
        state = game(table)
        state.aspects = [*state.aspects, clone(aspect)]


# -- the cast ------------------------------------------------------------------------------


class CharacterCreated(Table.Event):
    """A character joins the table: its id, the seat that plays it and its sheet."""

    TOPIC = "fate.CharacterCreated"
    character: FateCharacter
    """The new character: its id, name, seat and sheet"""

    def apply(self, table: Table) -> None:
        game(table).characters[self.character.id] = clone(self.character)


# -- rolls ---------------------------------------------------------------------------------


class SkillRolled(AboutRoller):
    """A roll called by the game master and thrown (`DiceRolled` just before it): the skill
    and its rung, the four d6 read as Fudge dice, and what the effort is judged against."""

    TOPIC = "fate.SkillRolled"
    skill: str
    """The skill rolled (habilidad), as the game master named it"""
    rating: int
    """The skill's rung on the ladder, from the character's sheet (an unlisted skill is
    Mediocre, 0 [004:95])"""
    dice: FateDice
    """The four d6 as thrown and the Fudge values they read as (-1, 0 or +1 each)"""
    difficulty: int | None
    """The game master's difficulty on the ladder, for a simple action; null for an opposed
    action"""
    opposed_by: int | None
    """The number of the settled roll whose effort this one is opposed by; null for a simple
    action"""
    against: int
    """What the effort is judged against: the difficulty, or the opposing roll's effort"""
    reason: str
    """Why the game master calls the roll"""
    modifiers: list[FateModifier]
    """The game master's modifiers, each named with its value: full defence (+2), a secondary
    action (-1 less the border), combined skills (±1); empty: none"""
    modifier_reasons: list[str]
    """Why each modifier applies, in the order of `modifiers`"""

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


class InvocationAsked(AboutRoller):
    """The roller asks to invoke an aspect on its open roll [004:135]."""

    TOPIC = "fate.InvocationAsked"
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

    def apply(self, table: Table) -> None:
        game(table).open_rolls[str(self.roll)].asked = AskedInvocation(
            aspect=self.aspect,
            owner=self.owner,
            effect=self.effect,
            against_owner=self.against_owner,
            guess=self.guess,
        )


class InvocationDeclined(AboutRoller):
    """The game master finds the aspect the roller asked for not relevant: nothing is spent
    [004:135, 301]."""

    TOPIC = "fate.InvocationDeclined"
    aspect: str
    """The aspect whose invocation the game master declined"""
    reason: str
    """Why the game master finds the aspect not relevant"""

    def apply(self, table: Table) -> None:
        game(table).open_rolls[str(self.roll)].asked = None


class _GuessRuling(FromRoll):
    """Base of the game master's ruling on a guess at a hidden aspect [004:353-359]: the
    guesser's fate points after it. (Not an `AboutRoller`: a ruling's record has the
    guesser's `seat` after `fate_points`.)"""

    character: str
    """The id of the rolling character, who guessed"""
    fate_points: int
    """The guesser's fate points after the ruling"""

    def apply(self, table: Table) -> None:
        _set_points(table, {self.character: self.fate_points})


class GuessRuled(_GuessRuling):
    """The game master's ruling on a guessed aspect [004:353-357]: close enough (the hidden
    aspect is revealed, `AspectDiscovered`, and invoked), or missed, the fate point refunded
    or lost (`fate_points`: the guesser's after)."""

    TOPIC = "fate.GuessRuled"
    seat: str
    """The seat id of the character's player (the game master's seat for an NPC)"""
    guess: Guess
    """The guess as ruled: the hidden aspect revealed, or whether the fate point comes back"""
    reason: str
    """Why the game master rules so"""

    def apply(self, table: Table) -> None:
        super().apply(table)
        if self.guess.revealed is None:
            game(table).open_rolls[str(self.roll)].asked = None


class AspectInvoked(AboutRoller):
    """An invocation the game master accepted, as it went (`invoked`: paid free or with a
    fate point, a reroll's new dice, whom it pays at the settlement); a reroll is its own
    `DiceRolled` (`reroll_roll`)."""

    TOPIC = "fate.AspectInvoked"
    invoked: Invoked
    """The invocation as it went: the aspect and its owner, the effect, paid free or with a
    fate point, a reroll's new dice, whom it pays"""
    against_owner: bool
    """Invoked to its owner's detriment (an opponent's aspect, a consequence): a fate point
    paid for it goes to the owner when the roll is settled [004:335]"""
    reason: str
    """Why the game master accepts the aspect as relevant"""
    reroll_roll: int | None
    """The table's number of the reroll's own roll (its `DiceRolled`); null for +2"""

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


class RollSettled(AboutRoller):
    """A roll judged: every step (`result`), the verdict, the fate points each character
    holds after (the roller's spent, the owners invoked against paid [004:335]), and the
    temporary aspects left (a fragile one invoked is gone [004:853])."""

    TOPIC = "fate.RollSettled"
    result: FateRollResult
    """Every step of the roll: the skill and its rung, the first dice, the invocations, the
    dice that stand, the modifiers, the effort and the fate points spent"""
    verdict: FateVerdict
    """The effort judged against the difficulty or the opposing effort: the outcome, the
    shifts, a critical success"""
    fate_points: dict[str, int]
    """Fate points after the settlement, by character id: the roller's, less what it spent, and
    each owner's invoked against, plus 1 per paid invocation [004:335]"""
    aspects: list[TemporaryAspect]
    """Every temporary aspect in play after the roll: a fragile one invoked is gone, a sticky
    one keeps its unused free invocations [004:853-855]"""

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


class AspectPlaced(AboutRoller):
    """A temporary aspect a settled maneuver placed [004:845-857], its free invocation held by
    the maneuver's roller."""

    TOPIC = "fate.AspectPlaced"
    aspect: TemporaryAspect
    """The temporary aspect placed, on a character or on the scene"""
    reason: str
    """Why the game master places it"""

    def apply(self, table: Table) -> None:
        _place(table, self.aspect)


# -- the fate-point economy and aspects outside a roll ---------------------------------------


class Compelled(AboutCharacter):
    """A compel of the character's aspect as it ended [004:173, 365-401]; `fate_points`, the
    character's after."""

    TOPIC = "fate.Compelled"
    compel: CompelSettled
    """The compel as it ended: the aspect, its kind, the stake, accepted or refused, the fate
    points gained or paid"""
    reason: str
    """The complication the compel brings, and why, as the game master records it"""
    fate_points: int
    """The character's fate points after the compel"""

    def apply(self, table: Table) -> None:
        _set_points(table, {self.character: self.fate_points})


class Declared(AboutCharacter):
    """A declaration the character's player made, accepted (a fate point spent) or vetoed
    [004:155-159], and the scene aspect it created, if any."""

    TOPIC = "fate.Declared"
    declaration: str
    """The minor detail of the story the player declares true [004:155]"""
    accepted: bool
    """The game master accepts it (a fate point spent); false: vetoed, nothing spent"""
    aspect: TemporaryAspect | None
    """The scene aspect the declaration creates: sticky, its free invocation held by the
    declarer; null: none"""
    reason: str
    """Why the game master accepts or vetoes it"""
    fate_points: int
    """The character's fate points after the declaration"""

    def apply(self, table: Table) -> None:
        _set_points(table, {self.character: self.fate_points})
        _place(table, self.aspect)


class Refreshed(Table.Event):
    """Every character's fate points after a refresh [004:167]."""

    TOPIC = "fate.Refreshed"
    reason: str
    """Why the game master refreshes now (a new session, a significant rest)"""
    fate_points: dict[str, int]
    """Every character's fate points after the refresh, by character id: topped up to its
    refresh, more kept [004:167]"""

    def apply(self, table: Table) -> None:
        _set_points(table, self.fate_points)


class AspectDiscovered(AboutCharacter):
    """A hidden aspect of the character discovered (an assessment, a close guess
    [004:327, 353]): every seat knows it from now on; an assessor holds a free invocation of
    it (`free`)."""

    TOPIC = "fate.AspectDiscovered"
    aspect: str
    """The aspect discovered, known to every seat from now on"""
    free: TemporaryAspect | None
    """The free invocation an assessment earned: a sticky temporary aspect on the character,
    held by the assessor; null: none (a guess, an aspect named in an invocation)"""
    reason: str
    """Why it is discovered: the game master's reason (an assessment, a guess ruled), or
    `invoked by name`"""

    def apply(self, table: Table) -> None:
        character = game(table).characters[self.character]
        character.sheet = revealed(character.sheet, self.aspect)
        _place(table, self.free)


class AspectAvoided(AboutRoller):
    """A maneuver's aspect its target avoided, paying 1 fate point of its own [004:847]:
    nothing is placed."""

    TOPIC = "fate.AspectAvoided"
    aspect: str
    """The temporary aspect's name, which was not placed"""
    target: str
    """The id of the character who avoided it"""
    reason: str
    """Why the game master records it, as said at the table"""
    fate_points: int
    """The target's fate points after paying"""

    def apply(self, table: Table) -> None:
        _set_points(table, {self.target: self.fate_points})


class InvocationPassed(Table.Event):
    """A temporary aspect's free invocation handed to an ally [004:333]."""

    TOPIC = "fate.InvocationPassed"
    giver: str
    """The id of the character who held the free invocation"""
    aspect: TemporaryAspect
    """The temporary aspect as it is now, its free invocation held by the ally"""
    reason: str
    """Why passing it is reasonable, as the game master rules"""

    def apply(self, table: Table) -> None:
        state = game(table)
        state.aspects = [
            clone(self.aspect)
            if a.name == self.aspect.name and a.target == self.aspect.target
            else a
            for a in state.aspects
        ]


class StuntActivated(AboutCharacter):
    """A character's stunt used [004:151]; `fate_points`, the character's after (one fewer
    when the stunt costs one)."""

    TOPIC = "fate.StuntActivated"
    stunt: str
    """The stunt's name"""
    reason: str
    """What the stunt does here, as said at the table"""
    fate_points: int
    """The character's fate points after using it"""

    def apply(self, table: Table) -> None:
        _set_points(table, {self.character: self.fate_points})


# -- stress, consequences, defeat and recovery ------------------------------------------------


class StressTaken(AboutCharacter):
    """A hit on the character's track as it went [004:771-801]: the box marked or none, the
    consequence taken, the track and consequences after, and whether it is taken out."""

    TOPIC = "fate.StressTaken"
    hit: StressHit
    """What the hit did to the track: its shifts, the box marked (null: none) and whether a
    consequence was forced"""
    taken: ConsequenceTaken | None
    """The consequence taken instead of a box, or the character taken out for want of one;
    null: none taken"""
    track: StressTrack
    """The track hit (`hit.track`: Health or Composure) as it stands after: its boxes and those
    marked"""
    consequences: list[Consequence]
    """Every consequence the character holds after the hit"""
    taken_out: bool
    """The hit takes the character out (derrotado) [004:801]: it is out of the scene's conflict"""
    reason: str
    """Why, as the game master records the hit (the attack, its author)"""

    def apply(self, table: Table) -> None:
        character = game(table).characters[self.character]
        part = {self.hit.track: clone(self.track)}
        character.sheet = msgspec.structs.replace(
            character.sheet, consequences=[clone(c) for c in self.consequences], **part
        )
        if self.taken_out:
            character.out = "taken_out"


class Conceded(AboutCharacter):
    """The character's concession and its answer [004:813-815]: the fate points it moved
    (`points`) and those held after (`fate_points`)."""

    TOPIC = "fate.Conceded"
    attacker: str | None
    """The id of the character the concession is offered to; null: none named"""
    reasonable: bool
    """The game master finds the offer reasonable: only then do fate points move [004:815]"""
    accepted: bool
    """The attacker accepts: the conceder leaves the conflict on the terms agreed; false:
    refused, the fight goes on"""
    points: ConcessionPoints
    """The fate points the concession moves: +1 to the conceder and -1 to the attacker, or none"""
    fate_points: dict[str, int]
    """Fate points after the concession, by character id: the conceder's and the attacker's"""
    reason: str
    """The terms offered and the answer, as the game master records them"""

    def apply(self, table: Table) -> None:
        _set_points(table, self.fate_points)
        if self.accepted:
            game(table).characters[self.character].out = "conceded"


class SceneEnded(Table.Event):
    """The scene's end: every track cleared, the temporary aspects left (`aspects`), the
    consequences each character keeps after a breather (`consequences`, by character)."""

    TOPIC = "fate.SceneEnded"
    breather: bool
    """The characters catch their breath: their mild consequences heal [004:829]; false: the
    next scene follows at once"""
    aspects: list[TemporaryAspect]
    """The temporary aspects left in play: the sticky ones, their free invocations gone
    [004:331, 853]"""
    consequences: dict[str, list[Consequence]]
    """The consequences each character keeps, by character id: with a breather, the mild ones
    are gone"""
    reason: str
    """Why the scene ends, as the game master says"""

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


class Recovered(AboutCharacter):
    """The consequences a character keeps after an occasion to recover [004:829-833]."""

    TOPIC = "fate.Recovered"
    occasion: str
    """The occasion to recover: `breather` heals mild consequences, `six_hours_rest` mild and
    moderate ones, `new_adventure` all [004:829-833]"""
    consequences: list[Consequence]
    """The consequences the character keeps after recovering"""
    reason: str
    """The occasion, as the game master records it"""

    def apply(self, table: Table) -> None:
        character = game(table).characters[self.character]
        character.sheet = msgspec.structs.replace(
            character.sheet, consequences=[clone(c) for c in self.consequences]
        )


# -- deceived guesses, defeat, tenacity, the session break, compels of temporary aspects -----


class GuessDeceived(_GuessRuling):
    """A guess that missed because its guesser was deceived [004:359]: the liar returned the
    fate point (and may have placed a temporary aspect on the guesser, its free invocation
    the liar's) or destroyed it; `fate_points`, the guesser's after."""

    TOPIC = "fate.GuessDeceived"
    seat: str
    """The seat id of the guesser's player (the game master's seat for an NPC)"""
    guess: Guess
    """The guess as ruled: missed, deceived, the point refunded when the liar returned it"""
    liar: str
    """The id of the character who deceived the guesser"""
    liar_seat: str
    """The seat id of the liar's player (the game master's seat for an NPC)"""
    aspect: TemporaryAspect | None
    """The temporary aspect the liar placed on the guesser, its free invocation the liar's;
    null: none"""
    reason: str
    """How the liar deceived the guesser, as the game master ruled it"""

    def apply(self, table: Table) -> None:
        super().apply(table)
        game(table).open_rolls[str(self.roll)].asked = None
        _place(table, self.aspect)


class DefeatDemanded(AboutCharacter):
    """A taken-out player's character spent every fate point left to demand another defeat
    [004:811]."""

    TOPIC = "fate.DefeatDemanded"
    spent: int
    """The fate points spent: every one it held, one at least"""
    fate_points: int
    """The character's fate points after: none"""
    reason: str
    """The defeat demanded instead, as the game master records it"""

    def apply(self, table: Table) -> None:
        _set_points(table, {self.character: self.fate_points})


class StakesRuled(AboutCharacter):
    """The stakes of the conflict to an NPC with tenacity, and the degree they make of it
    [004:823]: how many consequences it takes before it offers its concession."""

    TOPIC = "fate.StakesRuled"
    stakes: Stakes
    """What the conflict is to the NPC: `trivial`, `ordinary` or `vital` [004:823]"""
    degree: int
    """Its tenacity in this conflict: the sheet's, one more when vital, one less when trivial"""
    concedes: bool
    """It already holds that many consequences: it offers its concession now"""
    reason: str
    """Why the game master rules the stakes so"""

    def apply(self, table: Table) -> None:
        game(table).tenacity[self.character] = self.degree


class TenacityReached(AboutCharacter):
    """An NPC took as many consequences as its tenacity in this conflict: it offers its
    concession now [004:823] (`fateConcede` records the offer's answer)."""

    TOPIC = "fate.TenacityReached"
    degree: int
    """Its tenacity in this conflict, as the stakes ruled it"""
    consequences: int
    """The consequences it holds"""


class ConsequencesCarriedOver(Table.Event):
    """A session ended with no rest before the next: every consequence held lasts one degree
    lower [004:835], the mild ones gone; `consequences`, each character's after."""

    TOPIC = "fate.ConsequencesCarriedOver"
    consequences: dict[str, list[Consequence]]
    """The consequences each character keeps, by character id, each `lowered`"""
    reason: str
    """Why there is no rest between the sessions, as the game master says"""

    def apply(self, table: Table) -> None:
        for character in game(table).characters.values():
            kept = [clone(c) for c in self.consequences[character.id]]
            character.sheet = msgspec.structs.replace(character.sheet, consequences=kept)


class AspectSpent(AboutCharacter):
    """A fragile temporary aspect on a character gone with its first compel accepted
    [004:853] (the compel is its `Compelled`, just before)."""

    TOPIC = "fate.AspectSpent"
    aspect: str
    """The fragile temporary aspect's name, gone"""

    def apply(self, table: Table) -> None:
        state = game(table)
        gone = fragile_on(state.aspects, self.aspect, self.character)
        state.aspects = [a for a in state.aspects if a is not gone]
