"""What a PORTAL client can ask of a table. Each Struct is one command.

A roll is a sequence of commands, because rerolls are decided after seeing the dice: the game
master opens it (`PortalOpenRoll`: every judgement of the game master, and what the player
declared before rolling), its roller rerolls one die at a time (`PortalRerollDie`), anyone
may hand the roller a character point to block its 1s and 6s (`PortalBlockRoll`), the roller
settles it (`PortalSettleRoll`: how the sequel points are paid) and the game master names the
sequel (`PortalNameSequel`). Every judgement of the game master is a required field with its
reason: the server never invents one.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.characters import CharacterId
from domain.commands import Command
from domain.dice import Visibility
from domain.names import Reason
from domain.portal.points import Gain, Use
from domain.portal.pool import DieRef
from domain.portal.rerolls import MAX_ACES
from domain.portal.roll import MAX_READINGS
from domain.portal.sequels import Payment
from domain.portal.sheet import MAX_DICE, MAX_ENTRIES, Choice, Label, PortalSheet
from domain.portal.state import Automatic

DiceCount = Annotated[int, msgspec.Meta(ge=0, le=MAX_DICE)]
Dice = Annotated[int, msgspec.Meta(ge=1, le=MAX_DICE)]
#: damage points in one blow: far more than 3 + 3 dice absorb [002:1238]
Points = Annotated[int, msgspec.Meta(ge=1, le=99)]


class PortalCreateCharacter(Command, kw_only=True):
    """A player creates a protagonist for its own seat; the game master a protagonist for any
    seat, or a principal NPC of its own (no luck dice, no character points [002:647]).
    (Named with the system's name: Frontera has a `CreateCharacter`.)"""

    sheet: PortalSheet
    seat: str | None = None


class PortalSpecialty(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A specialty of the roller's that applies to a reading: its Fortaleza's level is added
    [002:456]; whether it applies is the game master's judgement."""

    fortaleza: Label
    reason: Reason


class PortalReadingCall(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One reading of the roll as the game master calls it [002:157-177, 1040, 1092]: its
    name ("attack", "damage", "defence", "aguante", the challenge), the basic die it keeps
    (HIGH, MID, LOW: the role in the story; LOW where a limitation or sequel applies [002:293,
    524]; HIGH for a Fortaleza of level 0 [002:404]) and why, whether it is an aguante reading
    (no discomfort nor wound dice [002:206, 1199]), and the specialty that applies (or
    null)."""

    name: Label
    choice: Choice
    reason: Reason
    aguante: bool
    specialty: PortalSpecialty | None


class PortalFortaleza(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A Fortaleza of the roller's that applies to the roll: one reroll per level [002:442]."""

    name: Label
    reason: Reason


class PortalAces(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Aces in the sleeve the game master grants the roll: one reroll each [002:466]."""

    count: Annotated[int, msgspec.Meta(ge=1, le=MAX_ACES)]
    reason: Reason


class PortalOpenRoll(Command, kw_only=True):
    """The game master calls a roll of a character and its dice are thrown: every
    discomfort die, the wound dice not declined, the luck dice the player declared before
    rolling [002:322] or the one lost die of Tempt luck [002:340], and the 3 basic dice.
    `difficulty` (0 to the table's maximum) or an `automatic` success or failure with no dice
    [002:85-89], or neither (an attack or defence is compared with the opponent's result);
    the Fortalezas and aces that apply, each with its reason (an empty list: none)."""

    character: CharacterId
    readings: Annotated[
        list[PortalReadingCall], msgspec.Meta(min_length=1, max_length=MAX_READINGS)
    ]
    difficulty: Annotated[int, msgspec.Meta(ge=0, le=99)] | None
    automatic: Automatic | None
    fortalezas: Annotated[list[PortalFortaleza], msgspec.Meta(max_length=MAX_ENTRIES)]
    aces: Annotated[list[PortalAces], msgspec.Meta(max_length=MAX_ENTRIES)]
    #: what the player declared before the roll: luck dice added, Tempt luck, wound dice
    #: declined (-1 each instead [002:264])
    luck: DiceCount
    tempt: bool
    declined_wounds: DiceCount
    visibility: Visibility = "public"


RerollSource = Literal["fortaleza", "ace", "point"]


class PortalRerollDie(Command, kw_only=True):
    """The roller rolls one die of an open roll again, paid by an applicable Fortaleza's
    level, an ace in the sleeve, or a character point spent now for an ace [002:442, 466,
    584]; at most 5 rerolls a roll [002:514]."""

    roll: Annotated[int, msgspec.Meta(ge=1)]
    die: DieRef
    source: RerollSource


class PortalBlockRoll(Command, kw_only=True):
    """The game master, or another player through its character (`giver`, whose character
    point it is), hands the roller a character point: the roll's 1s and 6s are locked from
    now on, those rerolls produce later included [002:603-609]; the roller keeps the point
    [002:579]."""

    roll: Annotated[int, msgspec.Meta(ge=1)]
    giver: CharacterId | None


class PortalSettleRoll(Command, kw_only=True):
    """The roller settles an open roll: the final faces are read, discomfort removed, luck
    kept or lost, the tempt die won back, the character point for a LOW success earned
    [002:220-228, 326-356, 575]; and each sequel point paid as the player chooses: a
    discomfort die, a held luck die, or a level of sequel [002:276-295]."""

    roll: Annotated[int, msgspec.Meta(ge=1)]
    payments: Annotated[list[Payment], msgspec.Meta(max_length=MAX_DICE)]


class PortalNameSequel(Command, kw_only=True):
    """The game master names the kind of the sequel a settled roll left (perception,
    communication, agility, skill, wit, constitution [002:297-304])."""

    roll: Annotated[int, msgspec.Meta(ge=1)]
    kind: Label
    reason: Reason


class PortalGiveDice(Command, kw_only=True):
    """The game master gives a character discomfort or wound dice, with the reason
    [002:230-244, 258]. Discomfort past 3 turns one into a wound die [002:248]."""

    character: CharacterId
    kind: Literal["discomfort", "wound"]
    dice: Dice
    reason: Reason


class PortalRemoveDice(Command, kw_only=True):
    """The game master removes a character's discomfort or wound dice, with the reason
    (rest, care, the story [002:230-244])."""

    character: CharacterId
    kind: Literal["discomfort", "wound"]
    dice: Dice
    reason: Reason


class PortalDamage(Command, kw_only=True):
    """Damage points past the character's toughness, absorbed one by one: a discomfort die
    each, at 3 one turns into a wound die; non-lethal damage at 3 stuns instead; past 3 and 3
    the critical state [002:248-250, 1238-1248, 1273]."""

    character: CharacterId
    points: Points
    nonlethal: bool
    reason: Reason


class PortalAwardPoints(Command, kw_only=True):
    """The game master awards character points: into the hand up to 5, the rest into the
    reserve [002:574-579, 854]."""

    character: CharacterId
    points: Annotated[int, msgspec.Meta(ge=1, le=MAX_ENTRIES)]
    gain: Gain
    reason: Reason


class PortalSpendPoints(Command, kw_only=True):
    """The game master records character points spent from the hand [002:583-591]; removing
    a wound die costs one point and removes it [002:583]."""

    character: CharacterId
    points: Annotated[int, msgspec.Meta(ge=1, le=MAX_ENTRIES)]
    use: Use
    reason: Reason


class PortalRestoreLuck(Command, kw_only=True):
    """The game master gives a character back lost luck dice (a drive fulfilled [002:556-560]):
    only its own lost ones [002:338]."""

    character: CharacterId
    dice: Dice
    reason: Reason
