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
    """The name the character goes by at the table"""
    sheet: Sheet
    """The character's sheet: characteristics, skills, weapons and armour; an innate skill left out
    is noted at 1 [001:25]"""


#: the API document names a schema after its class, and Frontera has a `CreateCharacter` too
CreateCharacter = AsaltosCreateCharacter


class _CharacterCheck(msgspec.Struct, kw_only=True):
    """What one character checks, a skill or a characteristic (exactly one), at the game
    master's difficulty: a check's, or one side's of an opposed check [001:27-42]."""

    character: CharacterId
    """The id of the character who makes the check"""
    skill: Name | None = None
    """The name of the skill checked; null when a characteristic is checked"""
    characteristic: Characteristic | None = None
    """The characteristic checked (`FUE`, `AGI`, `RES` or `TAM`); null when a skill is checked"""
    base_difficulty: Difficulty
    """The game master's base difficulty, -20 to 20: 0 standard, above harder, below easier
    [001:27,36]"""
    modifiers: Others
    """Modifiers the game master adds that the tables do not name, each with its amount and reason;
    empty: none (wound penalties, and a combat action's accumulation, the rules add themselves)"""


class Check(Command, _CharacterCheck, kw_only=True):
    """A check of a skill or a characteristic (exactly one) [001:27-42]. It may be secret
    (`visibility`): the engine records its outcome and changes nothing shared by it, the game
    master narrates it. The rolls whose outcome the engine applies at once (attacks, parries,
    dodges, damage, pain, Medicine) are always public."""

    #: roll a certain success anyway, for its SL [001:40]
    roll_for_sl: bool = False
    #: in a combat round: the check uses the character's declared "other" action of the
    #: tanda, and its accumulation
    combat_action: bool = False
    visibility: Visibility = "public"


class AsaltosContender(_CharacterCheck, kw_only=True, forbid_unknown_fields=True):
    """One side of an opposed check: the character, the skill or characteristic it checks (exactly
    one) and its difficulty."""


#: the API document names a schema after its class, and Frontera has a `Contender` too
Contender = AsaltosContender


class OpposedCheck(Command, kw_only=True):
    """Two checks compared by SL, "provided both succeeded" [001:37]."""

    contenders: Annotated[list[Contender], msgspec.Meta(min_length=2, max_length=2)]
    """The two contenders, each with its character, what it checks and its difficulty"""
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
    """The ids of the characters who fight (1 to 40, each once, none dead)"""


class StartRound(Command, kw_only=True):
    """The next round (one second of game time [001:45]); unused actions lapse."""


class DeclareActions(Command, kw_only=True):
    """A combatant's ordered actions for the round [001:47,112]."""

    character: CharacterId
    """The id of the combatant who declares"""
    actions: Annotated[list[Action], msgspec.Meta(min_length=1, max_length=10)]
    """Its actions for the round, in order (1 to 10, at most its Agilidad and what each weapon
    allows); the k-th carries +(k-1) [001:47]"""


class TakeAim(Command, kw_only=True):
    """The shooter spends this round aiming at `target` [001:90,103]."""

    character: CharacterId
    """The id of the shooter, who has a ranged weapon"""
    target: CharacterId
    """The id of the character aimed at"""


class StartTanda(Command, kw_only=True):
    """Everybody's next action [001:109]."""


class AsaltosMove(Command, kw_only=True):
    """The character moves `metres` with its declared `other` action of the tanda: at most
    its Agilidad in metres a round [001:20], each move one of its actions [001:47]. The
    game master resolves it, as a check with `combat_action`."""

    character: CharacterId
    """The id of the character who moves"""
    metres: Annotated[int, msgspec.Meta(ge=1, le=10)]
    """Metres it moves (1 to 10); its moves of the round add up to at most its Agilidad"""
    reason: Reason
    """The game master's account of the move (where to, crawling, …)"""


#: the API document names a schema after its class, and Frontera has a `Move` too
Move = AsaltosMove


class PassActions(Command, kw_only=True):
    """The character gives up its remaining actions of this tanda [001:109]."""

    character: CharacterId
    """The id of the character who gives up its remaining actions of the tanda"""


class AsaltosAttack(Command, kw_only=True):
    """The attacker's next declared attack of the tanda, against `target`.

    `reaction` is the game master's ruling of what the defender does with its declared
    reaction of this tanda: "none" when it has none or none is possible (an arrow against
    an unarmed man [001:110])."""

    attacker: CharacterId
    """The id of the attacker, whose next declared attack of the tanda this is"""
    target: CharacterId
    """The id of the character attacked, a living combatant other than the attacker"""
    base_difficulty: Difficulty
    """The game master's base difficulty of the attack, -20 to 20: 0 standard, above harder, below
    easier [001:27,36]"""
    modifiers: Named
    """The combat tables' modifiers that apply to the attack, by name (the server adds the book's
    values) [001:76-107]; empty: none"""
    other_modifiers: Others
    """Modifiers of the attack the tables do not name, each with its amount and reason; empty:
    none"""
    location: Location | None
    """The location aimed at by a precision strike or shot (+1 to the attack) [001:80,91,104];
    null: the location is rolled"""
    surprise: bool
    """A melee attack from behind or by surprise: an automatic hit that allows no reaction
    [001:79]; refused for a shot (`surprise_is_melee_only`), which is always rolled [001:89-102]"""
    reaction: Literal["none", "parry", "dodge"]
    """What the defender does with its declared reaction of this tanda, as the game master rules:
    `none`, `parry` or `dodge`"""
    defender_base_difficulty: Difficulty | None
    """The game master's base difficulty of the defender's parry or dodge, -20 to 20; null when
    `reaction` is `none`"""
    defender_modifiers: Named
    """The combat tables' modifiers that apply to the defender's parry or dodge, by name; empty with
    no reaction, or none"""
    defender_other_modifiers: Others
    """Modifiers of the defender's parry or dodge the tables do not name, each with its amount and
    reason; empty with no reaction, or none"""


#: the API document names a schema after its class, and Frontera has an `Attack` too
Attack = AsaltosAttack


class RollDamage(Command, kw_only=True):
    """The pending hit's location (unless chosen) and damage [001:52,126-133]."""


class InflictWound(Command, kw_only=True):
    """A wound the game master deals outside the attack rules (a fall, …) [001:49]."""

    character: CharacterId
    """The id of the character wounded"""
    location: Location
    """The location wounded: `PD`, `PI`, `BD`, `BI`, `A`, `P` or `C`"""
    level: Annotated[int, msgspec.Meta(ge=1, le=4)]
    """The wound level: 1 light, 2 serious, 3 incapacitated location, 4 amputated or destroyed
    [001:62-66]"""
    reason: Reason
    """The game master's account of the wound (a fall, …)"""


class PainRoll(Command, kw_only=True):
    """A RES roll against a light wound's pain, for the current combat [001:63]."""

    character: CharacterId
    """The id of the wounded combatant who rolls Resistencia (RES)"""
    wound: Annotated[int, msgspec.Meta(ge=1)]
    """The number of its light wound (level 1) whose pain it rolls against"""
    base_difficulty: Difficulty
    """The game master's base difficulty, -20 to 20: 0 standard, above harder, below easier
    [001:27,36]"""
    modifiers: Others
    """Modifiers the game master adds that the tables do not name, each with its amount and reason;
    empty: none (wound penalties the rules add themselves)"""


class MedicineRoll(Command, kw_only=True):
    """A Medicine roll: for the patient's death timers (`wound` None), or for a serious or
    incapacitating wound's healing [001:65-67,72-73]."""

    healer: CharacterId
    """The id of the character who rolls Medicine"""
    patient: CharacterId
    """The id of the character treated"""
    wound: Annotated[int, msgspec.Meta(ge=1)] | None
    """The number of the patient's serious or incapacitating wound (level 2 or 3) to treat; null:
    the roll is against the patient's death timers"""
    base_difficulty: Difficulty
    """The game master's base difficulty, -20 to 20: 0 standard, above harder, below easier
    [001:27,36]"""
    modifiers: Others
    """Modifiers the game master adds that the tables do not name, each with its amount and reason;
    empty: none (the healer's wound penalties the rules add themselves)"""


class Loss(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """The characteristic an incapacitated location healed without Medicine costs [001:73]."""

    character: CharacterId
    """The id of the character whose location heals badly"""
    wound: Annotated[int, msgspec.Meta(ge=1)]
    """The number of its incapacitating wound (level 3) that heals without Medicine"""
    characteristic: Literal["AGI", "RES"]
    """The characteristic that loses one point for good: `AGI` or `RES` [001:73]"""


class AsaltosAdvanceTime(Command, kw_only=True):
    """Game time passes; wounds heal and death timers run out."""

    seconds: Annotated[int, msgspec.Meta(ge=1, le=10 * 365 * 24 * 3600)]
    """Game seconds that pass (at most ten years)"""
    reason: Reason
    """The game master's account of the time passing (a rest, a journey, …)"""
    losses: Annotated[list[Loss], msgspec.Meta(max_length=100)]
    """One for every incapacitated location (level 3) that heals in this time without Medicine:
    the characteristic it costs [001:73]; empty: none heals so"""


#: the API document names a schema after its class, and Frontera has an `AdvanceTime` too
AdvanceTime = AsaltosAdvanceTime


class InterruptRest(Command, kw_only=True):
    """Work or travel interrupts the character's rest: it starts again [001:72]."""

    character: CharacterId
    """The id of the resting character"""
    reason: Reason
    """The game master's account of what interrupts the rest (work, travel, …)"""


class ClearCondition(Command, kw_only=True):
    """The game master ends a condition; not one a standing wound imposes [001:65]."""

    character: CharacterId
    """The id of the character whose condition ends"""
    condition: Condition
    """The condition to end"""
    reason: Reason
    """The game master's account of why it ends (a fainted character comes to, …)"""


class TakeUpWeapon(Command, kw_only=True):
    """The character takes a dropped weapon up again with a working arm `hand` [001:65];
    in a combat round it uses its declared `other` action of the tanda [001:47]."""

    character: CharacterId
    """The id of the character who takes the weapon up"""
    weapon: Name
    """The name of the dropped weapon, as the character's sheet lists it"""
    hand: Arm
    """The arm that takes it up and holds it: `BD` (right arm) or `BI` (left arm), one not
    incapacitated"""


class AsaltosEndCombat(Command, kw_only=True):
    """The combat is over: suppressed pain returns, rest can begin."""


#: the API document names a schema after its class, and Frontera has an `EndCombat` too
EndCombat = AsaltosEndCombat
