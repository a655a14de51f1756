"""stepdice's events. Each is one fact; `apply` only moves what the event says moved.

An event derived from a roll names it (`roll`) and carries its `visibility`, so the
visibility policy hides what it derives exactly as it hides the dice. Nothing here rolls or
decides: the handlers do, and put the results in the event.
"""

from __future__ import annotations

from domain.dice import FromRoll, Visibility
from domain.games import GameOf
from domain.stepdice.combat import AttackKind, EnemyStatus
from domain.stepdice.ladder import Shift
from domain.stepdice.resolution import Outcome
from domain.stepdice.state import (
    Character,
    Clock,
    Enemy,
    Owed,
    PendingHit,
    RollKind,
    RollResult,
    StepdiceState,
)
from domain.structs import clone
from domain.table import Table

game = GameOf(StepdiceState)


# -- the cast ------------------------------------------------------------------------------


class CharacterCreated(Table.Event):
    TOPIC = "stepdice.CharacterCreated"
    character: Character

    def apply(self, table: Table) -> None:
        game(table).characters[self.character.id] = clone(self.character)


class MaximaSet(Table.Event):
    """The game master's maxima for a character, with the reason (errata: maxima are per
    character); `hearts` and `mana` are what it has now, as the maxima moved them."""

    TOPIC = "stepdice.MaximaSet"
    character: str
    #: the character's seat: its Mana is its player's and the game master's to know
    seat: str
    hearts_max: int
    hearts: int
    mana_max: int
    mana: int
    reason: str

    def apply(self, table: Table) -> None:
        character = game(table).characters[self.character]
        character.hearts_max, character.hearts = self.hearts_max, self.hearts
        character.mana_max, character.mana = self.mana_max, self.mana


class EnemyAdded(Table.Event):
    TOPIC = "stepdice.EnemyAdded"
    enemy: Enemy

    def apply(self, table: Table) -> None:
        game(table).enemies[self.enemy.id] = clone(self.enemy)


class SceneBegun(Table.Event):
    """A new scene: protected characters have their Armour token again [003:359] and the
    last scene's clocks stop."""

    TOPIC = "stepdice.SceneBegun"
    scene: int
    reason: str
    #: characters whose Armour token is back
    armour: list[str]
    #: clocks that stop counting
    clocks_stopped: list[str]

    def apply(self, table: Table) -> None:
        state = game(table)
        state.scene = self.scene
        for character in self.armour:
            state.characters[character].armour = True
        for clock in self.clocks_stopped:
            state.clocks[clock].running = False


# -- rolls ------------------------------------------------------------------------------------


class _CharacterRoll(FromRoll):
    """An event derived from a roll that concerns one character (the roller's, or the
    patient of its spell)."""

    character: str


class HelpGiven(Table.Event):
    """An ally spends an Action to help the next roll of `helped` [003:93-103]; the game
    master accepted the help as described."""

    TOPIC = "stepdice.HelpGiven"
    helper: str
    helped: str
    how: str


class ManaSpent(Table.Event):
    """Mana paid before the roll [003:242]."""

    TOPIC = "stepdice.ManaSpent"
    character: str
    #: the character's seat: the Mana left is its player's and the game master's to know
    seat: str
    amount: int
    mana: int

    def apply(self, table: Table) -> None:
        game(table).characters[self.character].mana = self.mana


class TestRolled(_CharacterRoll):
    """A test [003:59-73]: the attribute the game master chose, the die after help, the
    target (TN after shifts, or the solo threshold), the face and the outcome."""

    TOPIC = "stepdice.TestRolled"
    attribute: str
    #: the die, the TN and the face: all None for an almost certain success, which rolls no
    #: die [003:88]
    die: int | None
    grade: str
    shifts: list[Shift]
    target: int | None
    face: int | None
    outcome: Outcome
    helper: str | None
    #: the ruling the roll now waits for (benefit, complication), if any
    owed: Owed | None

    def apply(self, table: Table) -> None:
        _record(table, self, "test")


class AttackRolled(_CharacterRoll):
    """An attack against an enemy's TN with the attribute its weapon uses [003:157-161]."""

    TOPIC = "stepdice.AttackRolled"
    enemy: str
    kind: AttackKind
    attribute: str
    #: the die, the TN and the face: all None for an almost certain success, which rolls no
    #: die [003:88]
    die: int | None
    grade: str
    shifts: list[Shift]
    target: int | None
    face: int | None
    outcome: Outcome
    helper: str | None
    #: Mana a spell attack spent
    mana: int
    owed: Owed | None

    def apply(self, table: Table) -> None:
        _record(table, self, "attack", enemy=self.enemy, mana=self.mana)


class SpellCast(_CharacterRoll):
    """A cast at an effect level [003:238-256]: its Mana was spent before the roll; on a
    failure it is lost and a small consequence is owed [003:245]."""

    TOPIC = "stepdice.SpellCast"
    level: str
    effect: str
    #: the game master's cost, and the Mana spent on it (less when the table lets a
    #: character cast beyond its Mana)
    cost: int
    mana: int
    #: the die, the TN and the face: all None for an almost certain success, which rolls no
    #: die [003:88]
    die: int | None
    grade: str
    shifts: list[Shift]
    target: int | None
    face: int | None
    outcome: Outcome
    helper: str | None
    owed: Owed | None

    def apply(self, table: Table) -> None:
        _record(table, self, "cast", mana=self.mana)


def _record(
    table: Table,
    resolved: TestRolled | AttackRolled | SpellCast,
    kind: RollKind,
    enemy: str | None = None,
    mana: int = 0,
) -> None:
    """Keep a resolved roll for the ruling it is owed (and a cast's Mana, for a refund)."""
    game(table).results[str(resolved.roll)] = RollResult(
        roll=resolved.roll,
        kind=kind,
        character=resolved.character,
        visibility=resolved.visibility,
        outcome=resolved.outcome,
        owed=resolved.owed,
        enemy=enemy,
        mana=mana,
    )


def _owed_settled(table: Table, roll: int) -> None:
    game(table).results[str(roll)].owed = None


# -- what follows a roll -------------------------------------------------------------------


class EnemyHit(FromRoll):
    """A hit on an enemy [003:169-170]: a pawn is out, an élite or boss loses Hearts (the
    wounds, 2 with an exceptional's benefit [003:224]) and may be defeated or downed."""

    TOPIC = "stepdice.EnemyHit"
    enemy: str
    wounds: int
    hearts: int
    status: EnemyStatus

    def apply(self, table: Table) -> None:
        enemy = game(table).enemies[self.enemy]
        enemy.hearts = self.hearts
        enemy.status = self.status


class BenefitGranted(_CharacterRoll):
    """The game master's extra benefit of an exceptional success [003:72-73, 224, 260-264]."""

    TOPIC = "stepdice.BenefitGranted"
    benefit: str
    description: str

    def apply(self, table: Table) -> None:
        _owed_settled(table, self.roll)


class ComplicationNamed(_CharacterRoll):
    """The game master's complication of a 1 [003:61, 70], consequence of a failed spell
    [003:245], or fail-forward complication of any failure [003:110, 119, 208]."""

    TOPIC = "stepdice.ComplicationNamed"
    complication: str

    def apply(self, table: Table) -> None:
        _owed_settled(table, self.roll)


class VenganzaResolved(_CharacterRoll):
    """The game master's ruling on a missed attack [003:177-193]: whether the enemy could
    reach, and if so a lost Heart or another complication."""

    TOPIC = "stepdice.VenganzaResolved"
    enemy: str
    reach: bool
    effect: str
    complication: str | None

    def apply(self, table: Table) -> None:
        _owed_settled(table, self.roll)


class ManaRefunded(_CharacterRoll):
    """The game master gives back Mana for an exceptional cast [003:263]."""

    TOPIC = "stepdice.ManaRefunded"
    #: the character's seat: the Mana it has now is its player's and the game master's
    seat: str
    amount: int
    mana: int

    def apply(self, table: Table) -> None:
        game(table).characters[self.character].mana = self.mana


class HeartsHealed(_CharacterRoll):
    """A successful Fuerte healing spell [003:254]: `hearts` is what the patient has now; a
    downed patient with Hearts again is up (the book does not say: a choice, see the docs)."""

    TOPIC = "stepdice.HeartsHealed"
    hearts: int

    def apply(self, table: Table) -> None:
        character = game(table).characters[self.character]
        character.hearts = self.hearts
        character.downed = self.hearts == 0 and character.downed


# -- Hearts ------------------------------------------------------------------------------------


class _Hit(Table.Event):
    """A hit on `character` from `cause`: a roll's (`roll`, whose visibility it keeps) or the
    game master's ruling (`roll` None)."""

    character: str
    cause: str
    roll: int | None
    visibility: Visibility


def _hit_settled(table: Table, character_id: str) -> Character:
    """The character, its pending hit (if any) settled by the event applied."""
    character = game(table).characters[character_id]
    character.pending_hit = None
    return character


class ArmourOffered(_Hit):
    """The character should lose a Heart and holds its Armour token: its player is asked
    whether to spend it [003:360] (the `armour` option "optional")."""

    TOPIC = "stepdice.ArmourOffered"

    def apply(self, table: Table) -> None:
        game(table).characters[self.character].pending_hit = PendingHit(
            cause=self.cause, roll=self.roll, visibility=self.visibility
        )


class ArmourSpent(_Hit):
    """The Armour token absorbs the hit and wears out for the scene [003:171, 360]."""

    TOPIC = "stepdice.ArmourSpent"

    def apply(self, table: Table) -> None:
        _hit_settled(table, self.character).armour = False


class HeartLost(Table.Event):
    """One Heart lost [003:171, 181]; `hearts` is what is left."""

    TOPIC = "stepdice.HeartLost"
    character: str
    cause: str
    hearts: int
    roll: int | None
    visibility: Visibility

    def apply(self, table: Table) -> None:
        _hit_settled(table, self.character).hearts = self.hearts


class Downed(Table.Event):
    """At 0 Hearts: Derribado, no actions [003:287-290]."""

    TOPIC = "stepdice.Downed"
    character: str
    roll: int | None
    visibility: Visibility

    def apply(self, table: Table) -> None:
        game(table).characters[self.character].downed = True


class Died(_Hit):
    """Damage while downed kills [003:292]."""

    TOPIC = "stepdice.Died"

    def apply(self, table: Table) -> None:
        _hit_settled(table, self.character).dead = True


class RaisedByAlly(Table.Event):
    """An ally's Action (Help) raises a downed character to 1 Heart [003:291, 299]."""

    TOPIC = "stepdice.RaisedByAlly"
    character: str
    helper: str
    how: str

    def apply(self, table: Table) -> None:
        character = game(table).characters[self.character]
        character.hearts = 1
        character.downed = False


class RestCompleted(Table.Event):
    """A safe rest after a scene: Hearts and Mana back to each character's own maxima
    [003:301-308, errata]; a downed character is up again."""

    TOPIC = "stepdice.RestCompleted"
    characters: list[str]
    reason: str

    def apply(self, table: Table) -> None:
        state = game(table)
        for character_id in self.characters:
            character = state.characters[character_id]
            character.hearts = character.hearts_max
            character.mana = max(character.mana_max, character.mana)
            character.downed = False


# -- clocks ------------------------------------------------------------------------------------


class ClockStarted(Table.Event):
    """The game master sets a time-pressure clock of `steps` [003:364]."""

    TOPIC = "stepdice.ClockStarted"
    clock: Clock

    def apply(self, table: Table) -> None:
        game(table).clocks[self.clock.id] = clone(self.clock)


class ClockAdvanced(Table.Event):
    """A failure (`roll`) or the game master's ruling moves a clock one step [003:364]."""

    TOPIC = "stepdice.ClockAdvanced"
    clock: str
    position: int
    reason: str
    roll: int | None
    visibility: Visibility

    def apply(self, table: Table) -> None:
        game(table).clocks[self.clock].position = self.position


class ClockRanOut(Table.Event):
    """The clock reached its end: its consequence happens [003:364]."""

    TOPIC = "stepdice.ClockRanOut"
    clock: str
    consequence: str
    roll: int | None
    visibility: Visibility

    def apply(self, table: Table) -> None:
        game(table).clocks[self.clock].running = False


# -- advancement -----------------------------------------------------------------------------


class CharacterAdvanced(Table.Event):
    """Solo advancement [003:342-347]: one rank up, or +1 Heart or Mana (maximum and
    current)."""

    TOPIC = "stepdice.CharacterAdvanced"
    character: str
    #: the character's seat: its ranks and Mana are its player's and the game master's
    seat: str
    advance: str
    attribute: str | None
    rank: str | None
    hearts_max: int
    mana_max: int
    reason: str

    def apply(self, table: Table) -> None:
        character = game(table).characters[self.character]
        if self.advance == "rank" and character.ranks is not None:
            setattr(character.ranks, str(self.attribute), self.rank)
        character.hearts += self.hearts_max - character.hearts_max
        character.mana += self.mana_max - character.mana_max
        character.hearts_max = self.hearts_max
        character.mana_max = self.mana_max
