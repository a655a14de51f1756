"""A conflict's events [004:603-765, 861-889]. Each is one fact; `apply` only moves what the
event says moved. Those that read a roll (`AttackResolved`, a block, a move, a disarm, a
weapon picked up, a push, a throw) name it and carry its visibility (`AboutRoller`), hidden
exactly as its dice."""

from __future__ import annotations

from domain.fate.conflict import Contender
from domain.fate.events import game
from domain.fate.headers import AboutCharacter, AboutRoller
from domain.fate.roll import FateModifier, FateVerdict
from domain.fate.state import Block, ConflictKind, FateConflict, ZoneBorder
from domain.fate.stress import Track
from domain.structs import clone
from domain.table import Table


def _conflict(table: Table) -> FateConflict:
    conflict = game(table).conflict
    assert conflict is not None, "a conflict's event comes in a conflict"
    return conflict


def _land(table: Table, to: str | None, *characters: str) -> None:
    """The characters moved to zone `to`, where they stand now; `to` null: no zones are
    drawn, so nobody's place is kept."""
    if to is not None:
        places = _conflict(table).places
        for character in characters:
            places[character] = to


class ConflictBegan(Table.Event):
    """A conflict starts [004:603-639]: its initiative, fixed for the whole conflict, and its
    first exchange's order."""

    TOPIC = "fate.ConflictBegan"
    kind: ConflictKind
    """`physical` (initiative by Alerta) or `social` (by Empatía) [004:633]"""
    contenders: list[Contender]
    """Each participant's initiative entry: its rating (its own, its leader's or its group's
    quality), Coraje and distance from the game master [004:633-637]"""
    initiative: list[str]
    """The initiative order for the whole conflict: character ids, first to act first"""
    characters: list[str]
    """The first exchange's order: the initiative's, characters out of the scene left out"""
    reason: str
    """What the conflict is about, as the game master declares it"""
    minions: dict[str, int]
    """Each minion group's size, by the id of the NPC standing for it [004:629]"""

    def apply(self, table: Table) -> None:
        game(table).conflict = FateConflict(
            kind=self.kind,
            initiative=list(self.initiative),
            exchange=1,
            order=list(self.characters),
            turn=0,
            minions=dict(self.minions),
        )


class TurnEnded(Table.Event):
    """A character's turn ends: the next acts, or a new exchange begins in the initiative
    order [004:639], the last one's blocks and full defences gone [004:715, 725-727]."""

    TOPIC = "fate.TurnEnded"
    character: str
    """The id of the character whose turn ended"""
    exchange: int
    """The exchange's number after: one more when a new exchange begins"""
    characters: list[str]
    """The exchange's order after (a new exchange's: the initiative's, those out left out)"""
    turn: int
    """The index in `characters` of the one who acts now"""
    next: str | None
    """The id of the character who acts now; null: nobody is left in the conflict"""

    def apply(self, table: Table) -> None:
        conflict = _conflict(table)
        if self.exchange != conflict.exchange:
            conflict.blocks = []
            conflict.full_defence = []
        conflict.exchange = self.exchange
        conflict.order = list(self.characters)
        conflict.turn = self.turn


class TurnDelayed(Table.Event):
    """The character acting delays its turn until right after another's [004:719]."""

    TOPIC = "fate.TurnDelayed"
    character: str
    """The id of the character who delays"""
    after: str
    """The id of the character after whose turn it acts"""
    characters: list[str]
    """This exchange's order after the delay"""
    next: str
    """The id of the character who acts now"""

    def apply(self, table: Table) -> None:
        _conflict(table).order = list(self.characters)


class ConflictEnded(Table.Event):
    """The conflict is over: its order, blocks and disarms end with it."""

    TOPIC = "fate.ConflictEnded"
    exchanges: int
    """How many exchanges it lasted"""
    reason: str
    """How it ended, as the game master says"""

    def apply(self, table: Table) -> None:
        game(table).conflict = None


class AttackResolved(AboutRoller):
    """An attack as it went [004:655, 697, 725, 771]: the attacker's effort (roll `roll`, its
    roller the attacker) against the defence (roll `defence_roll`) or a protecting block, the
    higher; the shifts are the stress dealt, recorded by `StressTaken` when `hit`."""

    TOPIC = "fate.AttackResolved"
    defender: str
    """The id of the character attacked"""
    defence_roll: int
    """The number of the defender's free defence roll"""
    defence: int
    """The defender's effort"""
    block: int | None
    """The strength of a block protecting the defender this exchange; null: none"""
    verdict: FateVerdict
    """The attacker's effort against the defence or the block, the higher: the outcome and the
    shifts, the stress dealt"""
    defender_critical: bool
    """The defender won by 3 shifts or more: a critical success to use later [004:697, 857]"""
    track: Track
    """The track the hit goes to"""
    hit: bool
    """The hit is recorded (`StressTaken` follows); false: no shift, or it waits for the game
    master's `fateHit` (a consequence to name, a blind attack)"""
    reason: str
    """What the attack is, as said at the table"""


class BlockRaised(AboutRoller):
    """A block the roller raised this exchange [004:721-731], lasting to its end."""

    TOPIC = "fate.BlockRaised"
    block: Block
    """The block: its roll and strength, whom it protects or the action it blocks"""
    reason: str
    """Why the game master rules the block so"""

    def apply(self, table: Table) -> None:
        conflict = _conflict(table)
        conflict.blocks = [*conflict.blocks, clone(self.block)]


class BlockChallenged(AboutRoller):
    """A settled roll against a block of an action, its roller the challenger: through with
    one shift at least [004:727]."""

    TOPIC = "fate.BlockChallenged"
    blocker: str
    """The id of the blocking character"""
    verdict: FateVerdict
    """The challenger's effort against the block's strength: a success (1 shift at least) gets
    through, a tie does not"""
    reason: str
    """What the challenger attempts, as said at the table"""


class Moved(AboutRoller):
    """A full move of the roller [004:743-745]: the Atletismo roll's shifts, less the border,
    are the zones."""

    TOPIC = "fate.Moved"
    border: int
    """The border's value taken off the shifts"""
    zones: int
    """The zones moved"""
    reason: str
    """Where the character moves, as said at the table"""
    to: str | None
    """The zone it moved to; null: no zones drawn"""

    def apply(self, table: Table) -> None:
        _land(table, self.to, self.character)


class Disarmed(AboutRoller):
    """A disarm by the roller [004:869-871]: the target drops its weapon; picking it up as a
    secondary action costs `pickup`."""

    TOPIC = "fate.Disarmed"
    target: str
    """The id of the character disarmed"""
    shifts: int
    """The disarm's shifts"""
    pickup: FateModifier
    """The modifier of a roll that picks the weapon up as a secondary action: -1 and the
    shifts [004:871]"""
    reason: str
    """How the weapon is dropped or disabled"""

    def apply(self, table: Table) -> None:
        _conflict(table).disarmed[self.target] = self.shifts


class Rearmed(AboutCharacter):
    """A disarmed character armed again [004:871]."""

    TOPIC = "fate.Rearmed"
    reason: str
    """How it rearms, as said at the table"""

    def apply(self, table: Table) -> None:
        _conflict(table).disarmed.pop(self.character, None)


class _Displacement(AboutRoller):
    """Base of a throw or a push by the roller [004:885-889]: its target moved `zones` away,
    the cost of its weight and the zones met by the roll's shifts."""

    target: str
    """The id of the character thrown or pushed"""
    weight: int
    """The target's weight scale"""
    zones: int
    """The zones the target is moved (a pusher moves with it)"""
    cost: int
    """The shifts it needs: a throw's as the table's `throw_cost` counts them, a push's the
    weight + 1 per zone and the borders on the way"""
    shifts: int
    """The roll's shifts: a throw's maneuver's, a push's attack's"""


class Thrown(_Displacement):
    """A throw [004:887-889]: the target moved `zones` away, its cost met by the maneuver's
    shifts."""

    TOPIC = "fate.Thrown"
    reason: str
    """Where the target is thrown, as said at the table"""
    to: str | None
    """The zone it lands in; null: no zones drawn"""

    def apply(self, table: Table) -> None:
        _land(table, self.to, self.target)


class MinionsSplit(Table.Event):
    """A side's minions split into groups, one per opposing character [004:629]."""

    TOPIC = "fate.MinionsSplit"
    minions: int
    """How many minions the side has"""
    opponents: list[str]
    """The ids of the characters opposing them"""
    groups: list[int]
    """Each group's size, as even as possible (the book does not say how), one per opponent
    while there are minions enough"""
    reason: str
    """Who the minions are, as the game master says"""
    npcs: list[str]
    """The ids of the NPCs standing for the groups, in their order, each now a minion group of
    the conflict; empty: none tied"""

    def apply(self, table: Table) -> None:
        if self.npcs:
            _conflict(table).minions.update(zip(self.npcs, self.groups, strict=True))


class FullDefenceDeclared(AboutCharacter):
    """A character in full defence to the exchange's end: +2 on every defence, its action
    given up [004:715]."""

    TOPIC = "fate.FullDefenceDeclared"
    exchange: int
    """The exchange it holds for"""
    reason: str
    """How it defends, as said at the table"""

    def apply(self, table: Table) -> None:
        conflict = _conflict(table)
        conflict.full_defence = [*conflict.full_defence, self.character]


class WeaponPickedUp(AboutRoller):
    """A disarmed character picks its weapon up as a secondary action of its open roll
    [004:871]: `pickup` joins the roll's modifiers, and it is armed again."""

    TOPIC = "fate.WeaponPickedUp"
    pickup: FateModifier
    """The modifier on the roll: -1 and the disarm's shifts [004:871]"""
    reason: str
    """How it picks the weapon up, as said at the table"""

    def apply(self, table: Table) -> None:
        state = game(table)
        rolled = state.open_rolls[str(self.roll)]
        rolled.modifiers = [*rolled.modifiers, clone(self.pickup)]
        _conflict(table).disarmed.pop(self.character, None)


class MinionsTakenOut(AboutCharacter):
    """Minions of a group (`character`, the NPC standing for it) taken out by a hit, as many as
    the game master ruled; with none left the group is out of the conflict [004:629, 801]."""

    TOPIC = "fate.MinionsTakenOut"
    taken_out: int
    """How many minions are taken out"""
    left: int
    """How many are left in the group"""
    reason: str
    """The hit that takes them out and why so many, as the game master rules"""

    def apply(self, table: Table) -> None:
        _conflict(table).minions[self.character] = self.left
        if not self.left:
            game(table).characters[self.character].out = "taken_out"


class ZonesDrawn(Table.Event):
    """The conflict's scene drawn as zones [004:623]: where each character stands."""

    TOPIC = "fate.ZonesDrawn"
    zones: list[str]
    """The zones' names"""
    borders: list[ZoneBorder]
    """The adjacent zones, each pair with its border"""
    places: dict[str, str]
    """Each character's zone, by id"""
    reason: str
    """What the scene is, as the game master describes it"""

    def apply(self, table: Table) -> None:
        conflict = _conflict(table)
        conflict.zones = list(self.zones)
        conflict.borders = [clone(border) for border in self.borders]
        conflict.places = dict(self.places)


class Pushed(_Displacement):
    """A push [004:885]: the pusher and its target moved together `zones` away, its cost met
    by the attack's shifts."""

    TOPIC = "fate.Pushed"
    to: str | None
    """The zone both end in; null: no zones drawn"""
    reason: str
    """Where the target is pushed, as said at the table"""

    def apply(self, table: Table) -> None:
        _land(table, self.to, self.character, self.target)
