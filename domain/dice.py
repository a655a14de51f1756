"""Dice that anyone can audit after closing, and the seam every dice system rolls through.

A rule is written against `Dice`: it asks for a die when the rule needs one (a critical's
confirmation only after a natural 1) and never knows where the face comes from. At a table,
`TableDice` takes each face from the table's public `scripted_rolls` while they last, then from
the table's seed, each die its own random operation (the HMAC stream of `domain.randomness`:
rejection sampling, no modulo bias). A die's operation is keyed by its roll's number and its
place in the roll (`roll_operation`), not counted along the table: a public die then says
nothing of how many dice the secret rolls before it took (a certain secret check took none,
a critical's took two). The command records every die in a `DiceRolled` event
before any value derived from it; replay reads the recorded faces and never rolls again, and
`dice_mismatches` recomputes every face once the seed is revealed. In tests of pure rules,
`ScriptedDice` hands out given faces.

Who sees a roll is chosen with it, as virtual tabletops offer it: `public`, `gm` (the roller
and the game master), `blind` (the game master only: hidden NPC rolls) or `self` (the roller
only). The roller is the seat that plays the rolling character, whichever seat sends the roll
(the game master rolls for a player's character as well as the player): `rolling_seat`. The
game master may reveal a roll later (`RollsRevealed`); closing shows all.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Literal, Protocol

import msgspec

from domain.errors import Conflict, InvalidCommand, NotFound
from domain.keys import TableKeys
from domain.randomness import die_face
from domain.structs import Stored
from domain.table import SecretRoll, Table

Visibility = Literal["public", "gm", "blind", "self"]
#: the largest die a system rolls (a d100 as two d10 is still two dice)
MAX_SIDES = 100
#: scripted faces a table may fix in advance (tutorials, tests)
MAX_SCRIPTED_ROLLS = 1000
ScriptedRolls = Annotated[
    list[Annotated[int, msgspec.Meta(ge=1, le=MAX_SIDES)]],
    msgspec.Meta(
        max_length=MAX_SCRIPTED_ROLLS,
        description="Faces the table's dice show, in order, before the seed takes over "
        "(public, for tutorials and tests).",
        # litestar drops a Meta on a list's items: the document takes it from here
        extra_json_schema={"items": {"type": "integer", "minimum": 1, "maximum": MAX_SIDES}},
    ),
]


class DiceOptions(Stored, kw_only=True, forbid_unknown_fields=True):
    """Base of a dice system's table options: the faces `TableDice` takes first."""

    #: faces the table's dice show, in order, before the seed takes over (public: tutorials
    #: and tests); a list, not null when absent: the document then states each face's bounds
    #: (litestar drops them from the items of an optional list)
    scripted_rolls: ScriptedRolls = []


def require_scripted_faces(options: DiceOptions, largest: int, dice: str) -> None:
    """Refuse a table's options that script a face none of its dice shows: the options' type
    bounds a face by the largest die of any system (`MAX_SIDES`), a system's dice by its own
    largest. `dice` says what the table's dice are, for the refusal."""
    for place, face in enumerate(options.scripted_rolls):
        if face > largest:
            raise InvalidCommand(
                f"invalid table options: scripted_rolls[{place}] is {face}, and {dice}",
                "invalid_options",
            )


#: the first random operation keyed by a roll: below it, the operations a table counts along
#: (shuffles, and the dice of tables recorded before dice were keyed by their roll)
ROLL_KEYED = 1 << 40
#: the most dice one roll takes (each keyed roll has this many operations)
MAX_DICE_PER_ROLL = 1 << 12


def roll_operation(roll: int, position: int) -> int:
    """The random operation of die `position` (from 0) of roll `roll`: a function of the two
    alone, so a verifier knows which operation each die must use and none can be skipped."""
    return ROLL_KEYED + roll * MAX_DICE_PER_ROLL + position


class Dice(Protocol):
    def roll(self, sides: int, purpose: str) -> int:
        """One die of `sides` faces, 1..sides; `purpose` says what the rule rolls it for
        (recorded with the face: "check", "location", "damage", "critical confirmation")."""
        ...


class DiceExhausted(Exception):
    """A scripted sequence ran out: the rule rolled more dice than the script foresaw."""


class ScriptedDice:
    """Given faces in order, checked against each die's size; records what was rolled."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self.rolled: list[tuple[int, int, str]] = []

    def roll(self, sides: int, purpose: str) -> int:
        if len(self.rolled) == len(self._faces):
            raise DiceExhausted(f"no scripted face left for a d{sides} ({purpose})")
        face = self._faces[len(self.rolled)]
        if not 1 <= face <= sides:
            raise ValueError(f"a d{sides} cannot show {face} ({purpose})")
        self.rolled.append((sides, face, purpose))
        return face

    @property
    def left(self) -> int:
        return len(self._faces) - len(self.rolled)


class Die(Stored, kw_only=True):
    """One physical die as it fell."""

    STORED_AS = "dice.Die"

    sides: int
    """The die's number of faces: 6 for a d6, 10 for a d10, …"""
    face: int
    """The face it showed, from 1 to sides"""
    purpose: str
    """What the rule rolled it for: "location", "damage", "test of fuerza", "melee attack", …"""
    index: int | None
    """The number of the random operation of the table's seed that gave the face
    (`roll_operation`); null for a scripted face"""
    reroll_of: int | None = None
    """The position in this roll (from 0) of the die this one rolls again; null if no reroll"""
    reroll_source: str | None = None
    """What grants the reroll (fate's "invocation" of an aspect, portal's source of a reroll); null
    if it is no reroll"""


class DiceRolled(Table.Event):
    """Roll `roll` of the table: the dice as they fell, before anything derived from them.

    The faces are seen as `visibility` says until the game master reveals them or the table
    closes; the system's events that derive from the roll name it (`roll`) and follow it."""

    TOPIC = "dice.DiceRolled"
    #: 2: `roller_seat` (`upcast_v1_v2`)
    class_version = 2
    roll: int
    """The roll's number at the table, counting from 1"""
    roller: str
    """Who rolled: the rolling character's id, or the seat id for a bare roll"""
    roller_seat: str
    """The seat id of the rolling character's player, whose roll it counts as (`rolling_seat`)"""
    visibility: Visibility
    """Who the roll is shown to: public (every seat), gm (the roller and the game master), blind
    (the game master only) or self (the roller only)"""
    dice: list[Die]
    """The dice as they fell, in the order rolled"""

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """A roll logged before `roller_seat` was seen as its sender's, and still is: a new
        reading could show an old roll to a seat the game master meant to keep it from."""
        state["roller_seat"] = state["actor"]

    def apply(self, table: Table) -> None:
        table.rolls = self.roll
        table.dice_rolled += len(self.dice)
        counted = [
            die.index for die in self.dice if die.index is not None and die.index < ROLL_KEYED
        ]
        if counted:  # a table recorded before dice were keyed by their roll
            table.random_operations = max(counted) + 1
        if self.visibility != "public":
            table.secret_rolls = [*table.secret_rolls, self.roll]
            record = SecretRoll(roll=self.roll, seat=self.roller_seat, visibility=self.visibility)
            table.secret_roll_records = [*table.secret_roll_records, record]


class FromRoll(Table.Event):
    """Base of a system's event derived from roll `roll` (its outcome, what it did): the event
    carries the roll's visibility, so that the visibility policy hides it exactly as it hides
    the dice, until the roll is revealed."""

    roll: int
    """The number of the roll (its DiceRolled event) this event derives from"""
    visibility: Visibility
    """Who the roll is shown to: public (every seat), gm (the roller and the game master), blind
    (the game master only) or self (the roller only)"""


class CharacterRoll(Stored, kw_only=True):
    """Base of a character's roll that a system's state keeps while its rules still need it
    (open, owed a ruling, read by a later roll): which roll, whose, and who sees it, which is
    who may be shown what is kept of it."""

    roll: int
    """The roll's number at the table"""
    character: str
    """The id of the rolling character"""
    visibility: Visibility
    """Who the roll is shown to: public (every seat), gm (the roller and the game master), blind
    (the game master only) or self (the roller only)"""


class RollsRevealed(Table.Event):
    """The game master shows secret rolls (and what was derived from them) to every seat."""

    TOPIC = "dice.RollsRevealed"
    rolls: list[int]
    """The numbers of the rolls the game master reveals"""
    reason: str
    """The game master's reason for revealing them"""

    def apply(self, table: Table) -> None:
        revealed = set(self.rolls)
        table.secret_rolls = [roll for roll in table.secret_rolls if roll not in revealed]
        table.revealed_rolls = sorted({*table.revealed_rolls, *revealed})


class TableDice:
    """The dice of one command at a table: scripted faces first, then the seed.

    Faces are computed, never drawn from a global generator, so the same command on the same
    table state gives the same faces; `record` puts them in the log as one roll."""

    def __init__(self, table: Table, keys: TableKeys) -> None:
        self._table = table
        self._keys = keys
        self._script: list[int] = list(table.options.get("scripted_rolls") or [])
        self.dice: list[Die] = []

    def roll(self, sides: int, purpose: str) -> int:
        if not 2 <= sides <= MAX_SIDES:
            raise ValueError(f"no die has {sides} sides here")
        if len(self.dice) == MAX_DICE_PER_ROLL:  # a rule's pools are far smaller: a bug
            raise ValueError(f"a roll takes at most {MAX_DICE_PER_ROLL} dice")
        position = self._table.dice_rolled + len(self.dice)
        if position < len(self._script):
            face = self._script[position]
            if face > sides:
                raise InvalidCommand(
                    f"scripted_rolls[{position}] is {face}, which a d{sides} cannot show "
                    f"({purpose})",
                    "scripted_roll_invalid",
                )
            die = Die(sides=sides, face=face, purpose=purpose, index=None)
        else:
            index = roll_operation(self._table.rolls + 1, len(self.dice))
            face = self._keys.die_face(sides, index)
            die = Die(sides=sides, face=face, purpose=purpose, index=index)
        self.dice.append(die)
        return face

    def record(self, actor: str, roller: str, visibility: Visibility) -> int:
        """Trigger the roll's event (call before the events derived from it); its number."""
        number = self._table.rolls + 1
        self._table.trigger_event(
            DiceRolled,
            actor=actor,
            roll=number,
            roller=roller,
            roller_seat=rolling_seat(self._table, roller),
            visibility=visibility,
            dice=list(self.dice),
        )
        self.dice = []
        return number


def rolling_seat(table: Table, roller: str) -> str:
    """The seat a roll is seen as, judged when it is rolled and kept in its record (were
    the character played by another seat later, its rolls stay with this one): the seat that
    plays the rolling character (the game master's for an NPC), the roller itself for a bare
    roll of a seat, and the game master's for a roll of nobody at the table."""
    character = getattr(table.game, "characters", {}).get(roller)
    if character is not None:
        return str(character.seat)
    return roller if roller in table.seats else table.gm_seat.id


def require_game_master_sees(table: Table, visibility: Visibility, seat: str) -> None:
    """The game master calls these rolls and rules on them (a benefit, a reroll, a
    settlement), so none is kept from him: a roll kept to its roller (`self`) only of his own
    characters, never of a player's, whose dice he would rule on unseen, every answer to a
    ruling telling him something of them (`gm` or `blind` keep it from the other players).
    Call it before the command's first event."""
    if visibility == "self" and seat != table.gm_seat.id:
        raise InvalidCommand(
            "the game master rules on this roll, so it is never kept from him: a player's "
            "character's roll is public, gm or blind, not self",
            "self_roll_unseen_by_game_master",
        )


def reveal_rolls(table: Table, actor: str, rolls: list[int], reason: str) -> None:
    """The game master shows secret rolls to everybody."""
    table.require_open()
    table.require_gm(actor, "reveal rolls")
    for roll in rolls:
        if not 1 <= roll <= table.rolls:
            raise NotFound(f"this table has no roll {roll}", "unknown_roll")
        if roll not in table.secret_rolls:
            raise Conflict(f"roll {roll} is already seen by every seat", "roll_not_secret")
    table.trigger_event(RollsRevealed, actor=actor, rolls=sorted(set(rolls)), reason=reason)


def dice_mismatches(events: Iterable[Any], seed: bytes) -> tuple[int, list[str]]:
    """After closing: replay the table and recompute every die from the seed or the script.

    A seeded die must use its roll's operation for its place (`roll_operation`), or, on a
    table recorded before dice were keyed by their roll, the table's next operation: either
    way no face could have been picked by skipping operations. Returns how many dice were
    checked and each mismatch."""
    table: Any = None
    checked, mismatches = 0, []
    for event in events:
        if isinstance(event, DiceRolled):
            script = list(table.options.get("scripted_rolls") or [])
            position, index = table.dice_rolled, table.random_operations
            for place, die in enumerate(event.dice):
                checked += 1
                where = f"version {event.originator_version}: roll {event.roll}'s d{die.sides}"
                if die.index is None:
                    expected = script[position] if position < len(script) else None
                    source = "the script"
                else:
                    due = roll_operation(event.roll, place) if die.index >= ROLL_KEYED else index
                    if die.index != due:
                        mismatches.append(f"{where} uses random operation {die.index}, not {due}")
                    expected = die_face(seed, die.index, die.sides)
                    if die.index < ROLL_KEYED:
                        index = die.index + 1
                    source = "the seed"
                if expected != die.face:
                    mismatches.append(
                        f"{where} ({die.purpose}) shows {die.face}, where {source} gives {expected}"
                    )
                position += 1
        table = event.mutate(table)
    return checked, mismatches
