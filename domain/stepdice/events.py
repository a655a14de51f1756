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
    """A character joins the table: its sheet, with the table's starting Hearts and Mana and, if it
    wears protection, its Armour token."""

    TOPIC = "stepdice.CharacterCreated"
    character: Character
    """The new character's sheet, with its id"""

    def apply(self, table: Table) -> None:
        game(table).characters[self.character.id] = clone(self.character)


class MaximaSet(Table.Event):
    """The game master's maxima for a character, with the reason (errata: maxima are per
    character); `hearts` and `mana` are what it has now, as the maxima moved them."""

    TOPIC = "stepdice.MaximaSet"
    character: str
    """The id of the character whose maxima moved"""
    seat: str
    """The seat id of the character's player, who alone with the game master may know its Mana"""
    hearts_max: int
    """The character's maximum Hearts (Corazones) now"""
    hearts: int
    """The Hearts the character has now: as many more as the maximum rose, or cut down to a lowered
    maximum"""
    mana_max: int
    """The character's maximum Mana now"""
    mana: int
    """The Mana the character has now: as much more as the maximum rose, or cut down to a lowered
    maximum"""
    reason: str
    """The game master's reason for the new maxima"""

    def apply(self, table: Table) -> None:
        character = game(table).characters[self.character]
        character.hearts_max, character.hearts = self.hearts_max, self.hearts
        character.mana_max, character.mana = self.mana_max, self.mana


class EnemyAdded(Table.Event):
    """The game master sets an enemy on the table; its grade and Hearts follow its category and the
    table's options."""

    TOPIC = "stepdice.EnemyAdded"
    enemy: Enemy
    """The new enemy, with its id (e1, e2, …), grade and Hearts"""

    def apply(self, table: Table) -> None:
        game(table).enemies[self.enemy.id] = clone(self.enemy)


class SceneBegun(Table.Event):
    """A new scene: protected characters have their Armour token again [003:359] and the
    last scene's clocks stop."""

    TOPIC = "stepdice.SceneBegun"
    scene: int
    """The new scene's number (a table starts in scene 1)"""
    reason: str
    """The game master's reason for the new scene"""
    armour: list[str]
    """The ids of the protected characters whose Armour token is back; empty if none"""
    clocks_stopped: list[str]
    """The ids of the time-pressure clocks that stop counting; empty if none was running"""

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
    """The id of the character the roll concerns: the roller, or a healing spell's patient"""


class _DieRolled(_CharacterRoll):
    """A character's die rolled against a target (a test, an attack, a cast): the die after
    help, the target after shifts, the face and what it means [003:59-73,88]."""

    die: int | None
    """The sides of the die rolled, after a helper's step up (6, 8, 10, 12 or 20; always 6 in
    solo-d6); null, like the target and the face, for an almost certain success, which rolls no
    die [003:88]"""
    shifts: list[Shift]
    """The game master's grade shifts with their reasons (range, cover, preparation, …); empty if
    none"""
    target: int | None
    """The number the face had to reach: the TN after shifts, or the solo-d6 threshold (2-6); null
    for an almost certain success"""
    face: int | None
    """The face the die showed; null for an almost certain success"""
    outcome: Outcome
    """failure_complication (a 1), failure (below the target), success, or exceptional (the die's
    maximum: a success and an extra benefit)"""
    helper: str | None
    """The id of the ally's character who helped (its die stepped up); null if nobody helped"""


class HelpGiven(Table.Event):
    """An ally spends an Action to help the next roll of `helped` [003:93-103]; the game
    master accepted the help as described."""

    TOPIC = "stepdice.HelpGiven"
    helper: str
    """The id of the ally's character who spends an Action to help"""
    helped: str
    """The id of the character whose roll the help steps up"""
    how: str
    """How the ally helps, as described and accepted: covering, tools, distraction, steadying,
    hints"""


class ManaSpent(Table.Event):
    """Mana paid before the roll [003:242]."""

    TOPIC = "stepdice.ManaSpent"
    character: str
    """The id of the character who pays the Mana"""
    seat: str
    """The seat id of the character's player, who alone with the game master may know the Mana it
    has left"""
    amount: int
    """The Mana paid before the roll: the cost, or what was left when the table lets a character
    cast beyond its Mana"""
    mana: int
    """The Mana the character has left after paying"""

    def apply(self, table: Table) -> None:
        game(table).characters[self.character].mana = self.mana


class TestRolled(_DieRolled):
    """A test [003:59-73]: the attribute the game master chose, the die after help, the
    target (TN after shifts, or the solo threshold), the face and the outcome."""

    TOPIC = "stepdice.TestRolled"
    attribute: str
    """The attribute the game master chose for the test: fuerza, agilidad, destreza or magia"""
    grade: str
    """The game master's grade of difficulty, before shifts: facil (TN 4), normal (6), dificil (8)
    or heroico (12); in solo-d6 a threshold shift of -1 to +2"""
    owed: Owed | None
    """The ruling the roll now waits for: benefit (an exceptional) or complication (a 1); null if
    none"""

    def apply(self, table: Table) -> None:
        _record(table, self, "test")


class AttackRolled(_DieRolled):
    """An attack against an enemy's TN with the attribute its weapon uses [003:157-161]."""

    TOPIC = "stepdice.AttackRolled"
    enemy: str
    """The id of the enemy attacked"""
    kind: AttackKind
    """The weapon's kind: melee (Fuerza), ranged (Destreza) or spell (Magia)"""
    attribute: str
    """The attribute the weapon's kind fixes: fuerza, destreza or magia"""
    grade: str
    """The enemy's grade, before shifts: facil (TN 4), normal (6), dificil (8) or heroico (12); in
    solo-d6 a threshold shift of -1 to +2"""
    mana: int
    """The Mana a spell attack spent; 0 for melee and ranged attacks"""
    owed: Owed | None
    """The ruling the roll waits for: benefit (an exceptional), venganza (a miss), or complication
    (a spell attack's 1 when spell attacks trigger no Venganza); null if none"""

    def apply(self, table: Table) -> None:
        _record(table, self, "attack", enemy=self.enemy, mana=self.mana)


class SpellCast(_DieRolled):
    """A cast at an effect level [003:238-256]: its Mana was spent before the roll; on a
    failure it is lost and a small consequence is owed [003:245]."""

    TOPIC = "stepdice.SpellCast"
    level: str
    """The effect's level, as the game master assigned it: truco, estandar, fuerte or gran_poder"""
    effect: str
    """The effect the player described"""
    cost: int
    """The Mana cost the game master assigned: truco 0-1, estandar 1, fuerte 2, gran_poder 3"""
    mana: int
    """The Mana spent on it: the cost, or less when the table lets a character cast beyond its
    Mana"""
    grade: str
    """The grade the level gives, before shifts: facil (truco), normal (estandar), dificil (fuerte)
    or heroico (gran_poder)"""
    owed: Owed | None
    """The ruling the roll waits for: benefit (an exceptional) or consequence (any failure); null if
    none"""

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


# -- what follows a roll -------------------------------------------------------------------


class EnemyHit(FromRoll):
    """A hit on an enemy [003:169-170]: a pawn is out, an élite or boss loses Hearts (the
    wounds, 2 with an exceptional's benefit [003:224]) and may be defeated or downed."""

    TOPIC = "stepdice.EnemyHit"
    enemy: str
    """The id of the enemy hit"""
    wounds: int
    """The wounds (Hearts) this blow deals: 1 for a hit, and 1 for an exceptional's extra wound, a
    blow of its own"""
    hearts: int
    """The Hearts the enemy has left (a pawn keeps its count: it is out, whatever it had)"""
    status: EnemyStatus
    """The enemy's status after the blow: standing, downed, out (a pawn) or defeated"""

    def apply(self, table: Table) -> None:
        enemy = game(table).enemies[self.enemy]
        enemy.hearts = self.hearts
        enemy.status = self.status


class _Ruling(_CharacterRoll):
    """The game master's ruling a roll waited for: the roll owes nothing more."""

    def apply(self, table: Table) -> None:
        game(table).results[str(self.roll)].owed = None


class BenefitGranted(_Ruling):
    """The game master's extra benefit of an exceptional success [003:72-73, 224, 260-264]."""

    TOPIC = "stepdice.BenefitGranted"
    benefit: str
    """The benefit: extra_wound (an attack on an élite or boss), refund_mana (magic), larger_effect
    or extra_benefit"""
    description: str
    """The game master's description of the benefit"""


class ComplicationNamed(_Ruling):
    """The game master's complication of a 1 [003:61, 70], consequence of a failed spell
    [003:245], or fail-forward complication of any failure [003:110, 119, 208]."""

    TOPIC = "stepdice.ComplicationNamed"
    complication: str
    """The game master's description of the complication (or a failed spell's consequence)"""


class VenganzaResolved(_Ruling):
    """The game master's ruling on a missed attack [003:177-193]: whether the enemy could
    reach, and if so a lost Heart or another complication."""

    TOPIC = "stepdice.VenganzaResolved"
    enemy: str
    """The id of the enemy the missed attack was aimed at"""
    reach: bool
    """Whether the enemy could really reach the attacker; false: no Venganza"""
    effect: str
    """What Venganza does: heart (the attacker loses 1 Heart), complication, or none (the enemy
    could not reach)"""
    complication: str | None
    """The complication, when the effect is complication; null otherwise"""


class ManaRefunded(_CharacterRoll):
    """The game master gives back Mana for an exceptional cast [003:263]."""

    TOPIC = "stepdice.ManaRefunded"
    seat: str
    """The seat id of the character's player, who alone with the game master may know the Mana it
    has now"""
    amount: int
    """The Mana given back: 1, or 0 when the character is already at its maximum and the table caps
    Mana"""
    mana: int
    """The Mana the character has after the refund"""

    def apply(self, table: Table) -> None:
        game(table).characters[self.character].mana = self.mana


class HeartsHealed(_CharacterRoll):
    """A successful Fuerte healing spell [003:254]: `hearts` is what the patient has now; a
    downed patient with Hearts again is up (the book does not say: a choice, see the docs)."""

    TOPIC = "stepdice.HeartsHealed"
    hearts: int
    """The Hearts the patient has after healing: 2 more, never above its maximum"""

    def apply(self, table: Table) -> None:
        character = game(table).characters[self.character]
        character.hearts = self.hearts
        character.downed = self.hearts == 0 and character.downed


# -- Hearts ------------------------------------------------------------------------------------


class _FromHit(Table.Event):
    """What follows from a hit: a roll's (`roll`, whose visibility it keeps) or the game
    master's ruling (`roll` None)."""

    roll: int | None
    """The number of the roll the hit follows from; null for the game master's ruling (LoseHeart)"""
    visibility: Visibility
    """The visibility of the roll the hit follows from (public for the game master's ruling)"""


class _Hit(_FromHit):
    """A hit on `character` from `cause`."""

    character: str
    """The id of the character hit"""
    cause: str
    """What the hit comes from: venganza for a missed attack's Venganza, else the game master's
    reason for the hit"""


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


class HeartLost(_Hit):
    """One Heart lost [003:171, 181]; `hearts` is what is left."""

    TOPIC = "stepdice.HeartLost"
    hearts: int
    """The Hearts the character has left (at 0 it is downed)"""

    def apply(self, table: Table) -> None:
        _hit_settled(table, self.character).hearts = self.hearts


class Downed(_FromHit):
    """At 0 Hearts: Derribado, no actions [003:287-290]."""

    TOPIC = "stepdice.Downed"
    character: str
    """The id of the character downed (Derribado)"""

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
    """The id of the downed character, raised to 1 Heart"""
    helper: str
    """The id of the ally's character who spends the Action to raise it"""
    how: str
    """How the ally raises the character, as described"""

    def apply(self, table: Table) -> None:
        character = game(table).characters[self.character]
        character.hearts = 1
        character.downed = False


class RestCompleted(Table.Event):
    """A safe rest after a scene: Hearts and Mana back to each character's own maxima
    [003:301-308, errata]; a downed character is up again."""

    TOPIC = "stepdice.RestCompleted"
    characters: list[str]
    """The ids of the characters who rest: their Hearts and Mana refill to their maxima"""
    reason: str
    """The game master's description of the safe rest"""

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
    """The new clock, with its id (k1, k2, …), steps and consequence"""

    def apply(self, table: Table) -> None:
        game(table).clocks[self.clock.id] = clone(self.clock)


class _ClockMoved(Table.Event):
    """A clock moved: by a failed roll (`roll`, whose visibility it keeps) or by hand."""

    roll: int | None
    """The number of the failed roll that moved the clock; null when the game master moved it by
    hand"""
    visibility: Visibility
    """The visibility of the failed roll (public when the game master moved the clock by hand)"""


class ClockAdvanced(_ClockMoved):
    """A failure (`roll`) or the game master's ruling moves a clock one step [003:364]."""

    TOPIC = "stepdice.ClockAdvanced"
    clock: str
    """The id of the clock moved"""
    position: int
    """The steps the clock has counted now; at its steps it runs out"""
    reason: str
    """Why it moved: "roll N failed" for a failed roll, else the game master's reason"""

    def apply(self, table: Table) -> None:
        game(table).clocks[self.clock].position = self.position


class ClockRanOut(_ClockMoved):
    """The clock reached its end: its consequence happens [003:364]."""

    TOPIC = "stepdice.ClockRanOut"
    clock: str
    """The id of the clock that ran out"""
    consequence: str
    """The consequence that now happens, as the game master set it with the clock"""

    def apply(self, table: Table) -> None:
        game(table).clocks[self.clock].running = False


# -- advancement -----------------------------------------------------------------------------


class CharacterAdvanced(Table.Event):
    """Solo advancement [003:342-347]: one rank up, or +1 Heart or Mana (maximum and
    current)."""

    TOPIC = "stepdice.CharacterAdvanced"
    character: str
    """The id of the character advanced"""
    seat: str
    """The seat id of the character's player, who alone with the game master may know its ranks
    and Mana"""
    advance: str
    """What the advance gives: rank (one attribute's rank up), heart (+1 maximum Heart) or mana (+1
    maximum Mana)"""
    attribute: str | None
    """The attribute whose rank went up: fuerza, agilidad, destreza or magia; null for a heart or
    mana advance"""
    rank: str | None
    """The attribute's new rank: novato, entrenado or maestro; null for a heart or mana advance"""
    hearts_max: int
    """The character's maximum Hearts after the advance (its Hearts rise with it)"""
    mana_max: int
    """The character's maximum Mana after the advance (its Mana rises with it)"""
    reason: str
    """The game master's reason for granting the advance"""

    def apply(self, table: Table) -> None:
        character = game(table).characters[self.character]
        if self.advance == "rank" and character.ranks is not None:
            setattr(character.ranks, str(self.attribute), self.rank)
        character.hearts += self.hearts_max - character.hearts_max
        character.mana += self.mana_max - character.mana_max
        character.hearts_max = self.hearts_max
        character.mana_max = self.mana_max
