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
    """The new character's sheet: a protagonist, or a principal NPC (the game master's only)"""
    seat: str | None = None
    """The seat id the character is created for; absent or null: the caller's own (only the game
    master names another)"""


class PortalSpecialty(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A specialty of the roller's that applies to a reading: its Fortaleza's level is added
    [002:456]; whether it applies is the game master's judgement."""

    fortaleza: Label
    """The name of the roller's Fortaleza whose specialty applies; its level is added to the
    result"""
    reason: Reason
    """The game master's reason the specialty applies"""
    temporary: bool = False
    """Whether it is a temporary specialty, bought with a character point before the roll
    [002:585, 850] (a principal NPC's pool or harm, Errata [002:649]): the Fortaleza (level 1
    or more) needs no specialty of its own; one a roll, one point for every reading it applies
    to, refused where the roll has a specialty applying already [002:597]"""


class PortalReadingCall(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """One reading of the roll as the game master calls it [002:157-177, 1040, 1092]: its
    name ("attack", "damage", "defence", "aguante", the challenge), the basic die it keeps
    (HIGH, MID, LOW: the role in the story; LOW where a limitation or sequel applies [002:293,
    524]; HIGH for a Fortaleza of level 0 [002:404]) and why, whether it is an aguante reading
    (no discomfort nor wound dice [002:206, 1199]), and the specialty that applies (or
    null)."""

    name: Label
    """The reading's name, unique in the roll: `attack`, `damage`, `defence`, `aguante`,
    `reflexes`, `cold blood` or the challenge's"""
    choice: Choice
    """Which basic die the reading keeps: the `HIGH`, `MID` or `LOW` of the three (LOW where a
    limitation or sequel applies, HIGH for a Fortaleza of level 0)"""
    reason: Reason
    """The game master's reason for the kept die: what the character came to the story to do, or
    not"""
    aguante: bool
    """Whether it is an aguante (toughness) reading: discomfort, wound and tempt dice do not
    count [002:206, 1199]"""
    specialty: PortalSpecialty | None
    """The roller's specialty that applies to this reading; null: none"""


class PortalFortaleza(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A Fortaleza of the roller's that applies to the roll: one reroll per level [002:442]."""

    name: Label
    """The name of the roller's Fortaleza that applies"""
    reason: Reason
    """The game master's reason it applies"""


class PortalAces(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Aces in the sleeve the game master grants the roll: one reroll each [002:466]."""

    count: Annotated[int, msgspec.Meta(ge=1, le=MAX_ACES)]
    """How many aces, 1..20, one reroll each"""
    reason: Reason
    """The game master's reason: preparation, cover, a shield … [002:466-478]"""


class PortalLater(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The Fortalezas and aces that apply to the damage or aguante reading only: they reroll
    once the attack or defence is fixed [002:1096] (`portalFixRoll`)."""

    fortalezas: Annotated[list[PortalFortaleza], msgspec.Meta(max_length=MAX_ENTRIES)]
    """The roller's Fortalezas for the damage or aguante, each with its reason (one reroll
    per level); none of those that apply to the roll already"""
    aces: Annotated[list[PortalAces], msgspec.Meta(max_length=MAX_ENTRIES)]
    """The aces in the sleeve for the damage or aguante, each count with its reason"""


class PortalOpenRoll(Command, kw_only=True):
    """The game master calls a roll of a character and its dice are thrown: every
    discomfort die, the wound dice not declined, the luck dice the player declared before
    rolling [002:322] or the one lost die of Tempt luck [002:340], and the 3 basic dice.
    `difficulty` (0 to the table's maximum) or an `automatic` success or failure with no dice
    [002:85-89], or neither (an attack or defence is compared with the opponent's result);
    the Fortalezas and aces that apply, each with its reason (an empty list: none). A roll of
    a contender fighting a combat read for `attack` or `maneuver` is that combat's call, as
    `portalCallAttack` makes it with no target: the aces standing for it join it and are spent
    (`portal.AttackCalled`) [002:1433-1447]."""

    character: CharacterId
    """The id of the character who rolls"""
    readings: Annotated[
        list[PortalReadingCall], msgspec.Meta(min_length=1, max_length=MAX_READINGS)
    ]
    """The readings of the roll, 1..4, in order: the first is the primary one, compared with the
    difficulty"""
    difficulty: Annotated[int, msgspec.Meta(ge=0, le=99)] | None
    """The difficulty the primary reading must exceed, 0 to the table's maximum (3 easy, 4
    medium, 5 hard); null with `automatic` or against an opponent's result"""
    automatic: Automatic | None
    """An automatic `success` or `failure`, no dice thrown [002:85-89]; null for a rolled roll"""
    fortalezas: Annotated[list[PortalFortaleza], msgspec.Meta(max_length=MAX_ENTRIES)]
    """The roller's Fortalezas that apply, each with its reason (one reroll per level); empty:
    none"""
    aces: Annotated[list[PortalAces], msgspec.Meta(max_length=MAX_ENTRIES)]
    """The aces in the sleeve granted, each count with its reason; empty: none"""
    luck: DiceCount
    """How many held luck dice the player adds, declared before rolling: 0 to those held
    [002:322]"""
    tempt: bool
    """Whether the player tempts luck: one lost luck die thrown as a discomfort die; no held luck
    may be added then [002:340-342]"""
    declined_wounds: DiceCount
    """How many wound dice the player declines to roll, 0 to those held, -1 each to the result
    instead [002:264]"""
    visibility: Visibility = "public"
    partial: PortalFortaleza | None = None
    """A Fortaleza of the roller's the game master rules partly applicable [002:492]: its
    rerolls (one per level) once in the whole adventure, spread over rolls until spent; the
    roll may draw what is left of them (source `adventure`); null: none"""
    later: PortalLater | None = None
    """The Fortalezas and aces on the damage or aguante, rerolling once the attack or defence
    is fixed [002:1096]; null: none"""


RerollSource = Literal["fortaleza", "ace", "point", "adventure"]


class PortalRerollDie(Command, kw_only=True):
    """The roller rolls one die of an open roll again, paid by an applicable Fortaleza's
    level, an ace in the sleeve, or a character point spent now for an ace [002:442, 466,
    584]; at most 5 rerolls a roll [002:514]."""

    roll: Annotated[int, msgspec.Meta(ge=1)]
    """The table's number of the open roll (the one `RollOpened` names)"""
    die: DieRef
    """The die to roll again: its kind and its place among the pool's dice of that kind"""
    source: RerollSource
    """What pays: `fortaleza` (an applicable Fortaleza's level), `ace` (an ace in the sleeve),
    `point` (a character point from the roller's hand, for an ace) or `adventure` (the
    once-per-adventure rerolls of the Fortaleza ruled partly applicable [002:492])"""


class PortalFixRoll(Command, kw_only=True):
    """The roller fixes an open roll's first reading (the attack or defence) [002:1096]: its
    result stands, and the Fortalezas and aces on the damage or aguante (the call's `later`)
    reroll the pool the first rerolls left, changing the other readings only. The cap of 5
    rerolls counts both stages or not as the table's `late_reroll_cap` says."""

    roll: Annotated[int, msgspec.Meta(ge=1)]
    """The table's number of the open roll (the one `RollOpened` names)"""


class PortalBlockRoll(Command, kw_only=True):
    """The game master, or another player through its character (`giver`, whose character
    point it is), hands the roller a character point: the roll's 1s and 6s are locked from
    now on, those rerolls produce later included [002:603-609]; the roller keeps the point
    [002:579]."""

    roll: Annotated[int, msgspec.Meta(ge=1)]
    """The table's number of the open roll (the one `RollOpened` names)"""
    giver: CharacterId | None
    """The id of the caller's character whose point is handed over; null: the game master's own
    point"""


class PortalSettleRoll(Command, kw_only=True):
    """The roller settles an open roll: the final faces are read, discomfort removed, luck
    kept or lost, the tempt die won back, the character point for a LOW success earned
    [002:220-228, 326-356, 575]; and each sequel point paid as the player chooses: a
    discomfort die, a held luck die, or a level of sequel [002:276-295]."""

    roll: Annotated[int, msgspec.Meta(ge=1)]
    """The table's number of the open roll (the one `RollOpened` names)"""
    payments: Annotated[list[Payment], msgspec.Meta(max_length=MAX_DICE)]
    """One payment per sequel point the roll made: `discomfort` (a discomfort die), `luck` (a
    held luck die) or `sequel` (a level of sequel); empty: none"""


class PortalNameSequel(Command, kw_only=True):
    """The game master names the kind of the sequel a settled roll left (perception,
    communication, agility, skill, wit, constitution [002:297-304])."""

    roll: Annotated[int, msgspec.Meta(ge=1)]
    """The table's number of the settled roll that left the sequel"""
    kind: Label
    """The sequel's kind, the rolls it affects: perception, communication, agility, skill, wit,
    constitution …"""
    reason: Reason
    """The game master's reason for the kind"""


class PortalGiveDice(Command, kw_only=True):
    """The game master gives a character discomfort or wound dice, with the reason
    [002:230-244, 258]. Discomfort past 3 turns one into a wound die [002:248]."""

    character: CharacterId
    """The id of the character given the dice"""
    kind: Literal["discomfort", "wound"]
    """Which dice: `discomfort` or `wound`"""
    dice: Dice
    """How many dice, 1..3"""
    reason: Reason
    """The game master's reason: a fall, cold, poison, a fright …"""


class PortalRemoveDice(Command, kw_only=True):
    """The game master removes a character's discomfort or wound dice, with the reason
    (rest, care, the story [002:230-244])."""

    character: CharacterId
    """The id of the character whose dice are removed"""
    kind: Literal["discomfort", "wound"]
    """Which dice: `discomfort` or `wound`"""
    dice: Dice
    """How many dice, 1..3, no more than the character holds"""
    reason: Reason
    """The game master's reason: rest, care, the story …"""


class PortalDamage(Command, kw_only=True):
    """Damage points past the character's toughness, absorbed one by one: a discomfort die
    each, at 3 one turns into a wound die; non-lethal damage at 3 stuns instead; past 3 and 3
    the critical state [002:248-250, 1238-1248, 1273]."""

    character: CharacterId
    """The id of the character who takes the damage"""
    points: Points
    """The damage points past the character's aguante, 1..99, absorbed one by one"""
    nonlethal: bool
    """Whether the damage is non-lethal: past 3 discomfort dice a point stuns a turn instead of
    wounding [002:1246-1248]"""
    reason: Reason
    """What dealt the damage, in the game master's words"""


class PortalAwardPoints(Command, kw_only=True):
    """The game master awards character points: into the hand up to 5, the rest into the
    reserve [002:574-579, 854]."""

    character: CharacterId
    """The id of the protagonist awarded the points"""
    points: Annotated[int, msgspec.Meta(ge=1, le=MAX_ENTRIES)]
    """How many character points, 1..40 (exactly 1 for `story_start`, `story_end`,
    `low_die_success`, `ones_and_sixes_blocked`)"""
    gain: Gain
    """What earned them: `story_start`, `story_end`, `low_die_success`, `roleplay`,
    `table_conduct`, `vital_drive` or `ones_and_sixes_blocked`"""
    reason: Reason
    """The game master's reason for the award"""


class PortalSpendPoints(Command, kw_only=True):
    """The game master records character points spent from the hand [002:583-591]; removing
    a wound die costs one point and removes it [002:583]."""

    character: CharacterId
    """The id of the protagonist who spends the points"""
    points: Annotated[int, msgspec.Meta(ge=1, le=MAX_ENTRIES)]
    """How many character points, 1..40, from the hand (exactly 1 for `remove_wound`)"""
    use: Use
    """What they buy: `remove_wound`, `temporary_specialty`, `background`, `advancement`,
    `action_past_limit` or `heroic_action` (an ace or a block goes with its roll's command)"""
    reason: Reason
    """The game master's reason for the spending"""


class PortalRestoreLuck(Command, kw_only=True):
    """The game master gives a character back lost luck dice (a drive fulfilled [002:556-560]):
    only its own lost ones [002:338]."""

    character: CharacterId
    """The id of the protagonist whose lost luck comes back"""
    dice: Dice
    """How many of its lost luck dice come back, 1..3"""
    reason: Reason
    """The game master's reason: a drive fulfilled …"""
