"""What an asaltos client can ask of a table. Each Struct is one command.

Every judgement of the game master is a required field: base difficulties, which
modifiers apply (the combat tables' by name, any other with its reason), whether the
defender can react and how, the pain and Medicine difficulties, which characteristic a
badly healed wound costs. The server never invents them.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.asaltos.modifiers import Modifier, Other
from domain.asaltos.sheet import Arm, Characteristic, Location, Sheet
from domain.asaltos.state import Action, Condition
from domain.characters import CharacterId
from domain.commands import Command
from domain.dice import Visibility
from domain.names import Name, Reason

#: a base difficulty: 0 standard, above harder, below easier [001:27,36]
Difficulty = Annotated[int, msgspec.Meta(ge=-20, le=20)]
Others = Annotated[list[Other], msgspec.Meta(max_length=10)]
Named = Annotated[list[Modifier], msgspec.Meta(max_length=14)]


class AsaltosCreateCharacter(Command, kw_only=True):
    """A player creates its own character; the game master creates NPCs."""

    name: Name
    sheet: Sheet


#: the API document names a schema after its class, and Frontera has a `CreateCharacter` too
CreateCharacter = AsaltosCreateCharacter


class Check(Command, kw_only=True):
    """A check of a skill or a characteristic (exactly one) [001:27-42]. It may be secret
    (`visibility`): the engine records its outcome and changes nothing shared by it, the game
    master narrates it. The rolls whose outcome the engine applies at once (attacks, parries,
    dodges, damage, pain, Medicine) are always public."""

    character: CharacterId
    skill: Name | None = None
    characteristic: Characteristic | None = None
    base_difficulty: Difficulty
    modifiers: Others
    #: roll a certain success anyway, for its SL [001:40]
    roll_for_sl: bool = False
    #: in a combat round: the check uses the character's declared "other" action of the
    #: tanda, and its accumulation
    combat_action: bool = False
    visibility: Visibility = "public"


class AsaltosContender(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    character: CharacterId
    skill: Name | None = None
    characteristic: Characteristic | None = None
    base_difficulty: Difficulty
    modifiers: Others


#: the API document names a schema after its class, and Frontera has a `Contender` too
Contender = AsaltosContender


class OpposedCheck(Command, kw_only=True):
    """Two checks compared by SL, "provided both succeeded" [001:37]."""

    contenders: Annotated[list[Contender], msgspec.Meta(min_length=2, max_length=2)]
    visibility: Visibility = "public"


class StartCombat(Command, kw_only=True):
    """The game master starts a combat (and its first round) with these combatants."""

    combatants: Annotated[
        list[CharacterId],
        msgspec.Meta(
            min_length=1,
            max_length=40,
            # litestar drops a Meta on a list's items: the document takes it from here
            extra_json_schema={"items": {"type": "string", "minLength": 1, "maxLength": 20}},
        ),
    ]


class StartRound(Command, kw_only=True):
    """The next round (one second of game time [001:45]); unused actions lapse."""


class DeclareActions(Command, kw_only=True):
    """A combatant's ordered actions for the round [001:47,112]."""

    character: CharacterId
    actions: Annotated[list[Action], msgspec.Meta(min_length=1, max_length=10)]


class TakeAim(Command, kw_only=True):
    """The shooter spends this round aiming at `target` [001:90,103]."""

    character: CharacterId
    target: CharacterId


class StartTanda(Command, kw_only=True):
    """Everybody's next action [001:109]."""


class AsaltosMove(Command, kw_only=True):
    """The character moves `metres` with its declared `other` action of the tanda: at most
    its Agilidad in metres a round [001:20], each move one of its actions [001:47]. The
    game master resolves it, as a check with `combat_action`."""

    character: CharacterId
    metres: Annotated[int, msgspec.Meta(ge=1, le=10)]
    #: the game master's account of the move (where to, crawling, …)
    reason: Reason


#: the API document names a schema after its class, and Frontera has a `Move` too
Move = AsaltosMove


class PassActions(Command, kw_only=True):
    """The character gives up its remaining actions of this tanda [001:109]."""

    character: CharacterId


class AsaltosAttack(Command, kw_only=True):
    """The attacker's next declared attack of the tanda, against `target`.

    `reaction` is the game master's ruling of what the defender does with its declared
    reaction of this tanda: "none" when it has none or none is possible (an arrow against
    an unarmed man [001:110])."""

    attacker: CharacterId
    target: CharacterId
    base_difficulty: Difficulty
    modifiers: Named
    other_modifiers: Others
    #: a precision strike or shot at a chosen location (+1) [001:80,91,104]
    location: Location | None
    #: a melee attack from behind or by surprise: an automatic hit [001:79]; a shot is
    #: always rolled (refused: `surprise_is_melee_only`) [001:89-102]
    surprise: bool
    reaction: Literal["none", "parry", "dodge"]
    defender_base_difficulty: Difficulty | None
    defender_modifiers: Named
    defender_other_modifiers: Others


#: the API document names a schema after its class, and Frontera has an `Attack` too
Attack = AsaltosAttack


class RollDamage(Command, kw_only=True):
    """The pending hit's location (unless chosen) and damage [001:52,126-133]."""


class InflictWound(Command, kw_only=True):
    """A wound the game master deals outside the attack rules (a fall, …) [001:49]."""

    character: CharacterId
    location: Location
    level: Annotated[int, msgspec.Meta(ge=1, le=4)]
    reason: Reason


class PainRoll(Command, kw_only=True):
    """A RES roll against a light wound's pain, for the current combat [001:63]."""

    character: CharacterId
    wound: Annotated[int, msgspec.Meta(ge=1)]
    base_difficulty: Difficulty
    modifiers: Others


class MedicineRoll(Command, kw_only=True):
    """A Medicine roll: for the patient's death timers (`wound` None), or for a serious or
    incapacitating wound's healing [001:65-67,72-73]."""

    healer: CharacterId
    patient: CharacterId
    wound: Annotated[int, msgspec.Meta(ge=1)] | None
    base_difficulty: Difficulty
    modifiers: Others


class Loss(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The characteristic an incapacitated location healed without Medicine costs [001:73]."""

    character: CharacterId
    wound: Annotated[int, msgspec.Meta(ge=1)]
    characteristic: Literal["AGI", "RES"]


class AsaltosAdvanceTime(Command, kw_only=True):
    """Game time passes; wounds heal and death timers run out."""

    seconds: Annotated[int, msgspec.Meta(ge=1, le=10 * 365 * 24 * 3600)]
    reason: Reason
    #: one for every incapacitated location that heals in this time without Medicine
    losses: Annotated[list[Loss], msgspec.Meta(max_length=100)]


#: the API document names a schema after its class, and Frontera has an `AdvanceTime` too
AdvanceTime = AsaltosAdvanceTime


class InterruptRest(Command, kw_only=True):
    """Work or travel interrupts the character's rest: it starts again [001:72]."""

    character: CharacterId
    reason: Reason


class ClearCondition(Command, kw_only=True):
    """The game master ends a condition; not one a standing wound imposes [001:65]."""

    character: CharacterId
    condition: Condition
    reason: Reason


class TakeUpWeapon(Command, kw_only=True):
    """The character takes a dropped weapon up again with a working arm `hand` [001:65];
    in a combat round it uses its declared `other` action of the tanda [001:47]."""

    character: CharacterId
    weapon: Name
    hand: Arm


class AsaltosEndCombat(Command, kw_only=True):
    """The combat is over: suppressed pain returns, rest can begin."""


#: the API document names a schema after its class, and Frontera has an `EndCombat` too
EndCombat = AsaltosEndCombat
