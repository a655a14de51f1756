"""What a FATE client can ask of a table. Each Struct is one command.

A roll is a sequence of commands, because invocations come after the dice are seen
[004:135-139]: the game master calls it (`FateRollSkill`: the skill, the difficulty or the
opposing roll), the roller asks for invocations one at a time (`FateInvokeAspect`), the game
master rules on each one's relevance (`FateRuleInvocation`), and the roller settles it
(`FateSettleRoll`: fate points spent for +1). What happens outside a roll's dice (compels,
declarations, refresh, a maneuver's aspect, a discovered aspect) the game master records as
ruled at the table. Every judgement of the game master is a required field with its reason:
the server never invents one.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.characters import CharacterId
from domain.commands import Command
from domain.dice import Visibility
from domain.fate.conflict import Role
from domain.fate.invocations import Effect
from domain.fate.points import CompelKind
from domain.fate.sheet import MAX_ENTRIES, FateSheet, Rating
from domain.fate.stress import MAX_BOXES, Occasion, Track
from domain.names import Name, Reason

RollNumber = Annotated[int, msgspec.Meta(ge=1)]
#: a border between zones is a difficulty on the ladder [004:743]
MAX_BORDER = 8


class FateCreateCharacter(Command, kw_only=True):
    """A player creates a character for its own seat; the game master for any seat, and NPCs
    for its own. (Named with the system's name: Frontera has a `CreateCharacter`.)"""

    sheet: FateSheet
    seat: str | None = None


class FateSecondaryAction(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A second thing done in the same roll: -1, and moving one zone so the border's value
    on top [004:737, 747]."""

    border: Annotated[int, msgspec.Meta(ge=0, le=MAX_BORDER)]
    reason: Reason


class FateCombinedSkill(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A skill of the roller's modifying the main one, as the game master rules it: one that
    complements, restricts, or both [004:753-757]."""

    skill: Name
    role: Role
    reason: Reason


class FateRollSkill(Command, kw_only=True):
    """The game master calls a roll of a character's skill and its four d6 are thrown:
    against a `difficulty` (a simple action [004:87]) or the effort of a settled roll
    (`opposed_by`, an opposed action [004:589-601]), exactly one of them, and why; with what
    modifies it, each the game master's ruling: full defence (+2 [004:715]), a secondary
    action (-1 and a border [004:737, 747]), skills combined with it (±1 at most
    [004:753-759])."""

    character: CharacterId
    skill: Name
    difficulty: Rating | None
    opposed_by: RollNumber | None
    reason: Reason
    full_defence: bool
    secondary_action: FateSecondaryAction | None
    combined_with: Annotated[list[FateCombinedSkill], msgspec.Meta(max_length=MAX_ENTRIES)]
    visibility: Visibility = "public"


class FateInvokeAspect(Command, kw_only=True):
    """The roller asks to invoke an aspect on an open roll, after seeing the dice: its own,
    another character's (`owner`) or the scene's (`owner` null), for a reroll or +2
    [004:135-139]; `against_owner` when it works to its owner's detriment (a paid invocation
    then pays the owner [004:335]); `guess` when the roller names an aspect it does not know
    [004:349-361]."""

    roll: RollNumber
    aspect: Name
    owner: CharacterId | None
    effect: Effect
    against_owner: bool
    guess: bool


class FateRuleInvocation(Command, kw_only=True):
    """The game master rules on the invocation asked on a roll: relevant or not
    [004:135, 301], and for a guess [004:353-357] the hidden aspect it comes close enough to
    (`revealed`, null: none) and whether the missed aspect was secret or relevant (`secret`:
    the point is then lost); both null for an invocation that is no guess."""

    roll: RollNumber
    accepted: bool
    reason: Reason
    revealed: Name | None
    secret: bool | None


class FateSettleRoll(Command, kw_only=True):
    """The roller settles an open roll, spending `fate_points` for +1 each [004:131]: the
    effort is judged, the invocations' fate points are paid, the owners invoked against are
    paid theirs [004:335], and fragile aspects invoked are gone [004:853]."""

    roll: RollNumber
    fate_points: Annotated[int, msgspec.Meta(ge=0, le=MAX_ENTRIES)]


class FateCompel(Command, kw_only=True):
    """The game master records a compel of one of a character's aspects and the player's
    answer [004:173, 365-401]: accepted, +1 fate point; refused, one of the player's own
    points paid (Errata); an off-screen or accidental compel cannot be refused [004:377,
    395]."""

    character: CharacterId
    aspect: Name
    kind: CompelKind
    accepted: bool
    reason: Reason


class FateDeclare(Command, kw_only=True):
    """The game master records a player's declaration of a minor detail [004:155-159]: a fate
    point when accepted, nothing when vetoed; an `aspect` it puts on the scene is sticky with
    a free invocation for the declarer [004:327-329, 855]."""

    character: CharacterId
    declaration: Reason
    accepted: bool
    aspect: Name | None
    reason: Reason


class FateRefresh(Command, kw_only=True):
    """The game master refreshes every character's fate points between sessions: topped up
    to the refresh rate, more kept [004:167] (Errata)."""

    reason: Reason


class FatePlaceAspect(Command, kw_only=True):
    """The game master places the temporary aspect a settled maneuver earned [004:325-337,
    839-857]: on a character (`target`, 1 shift at least) or the scene (null), fragile or
    `sticky` (a critical success when `critical_required`, the game master's call [004:857]),
    its free invocation held by the maneuver's roller, `passable` to an ally or not
    [004:333]."""

    roll: RollNumber
    name: Name
    target: CharacterId | None
    sticky: bool
    critical_required: bool
    passable: bool
    reason: Reason


class FateDiscoverAspect(Command, kw_only=True):
    """The game master reveals a character's hidden aspect to the table: an assessment found
    it [004:327, 145]; the assessor (`by`, null: nobody) holds a free invocation of it
    [004:329]."""

    character: CharacterId
    aspect: Name
    by: CharacterId | None
    reason: Reason


class FateHit(Command, kw_only=True):
    """The game master records a hit of `shifts` on a character's track [004:771-789]: box
    `shifts` marked, or the next free one above; when none is left, or when its player
    chooses, a `consequence` instead (the aspect its player wrote, the game master approved
    [004:789, 793]); past a severe one the character is taken out [004:795, 801]."""

    character: CharacterId
    track: Track
    shifts: Annotated[int, msgspec.Meta(ge=0, le=MAX_BOXES * 2)]
    consequence: Name | None
    reason: Reason


class FateConcede(Command, kw_only=True):
    """The game master records a concession offered to the `attacker` and its answer
    [004:813-815]: a reasonable one moves a fate point from the attacker to the conceder
    (refused: always, Errata; accepted: as the table's option says); accepted, the conceder
    leaves the conflict on the terms agreed."""

    character: CharacterId
    attacker: CharacterId | None
    reasonable: bool
    accepted: bool
    reason: Reason


class FateEndScene(Command, kw_only=True):
    """The game master ends the scene: stress clears [004:775, 783], fragile aspects and free
    invocations end [004:331, 847], those taken out or conceded are back; with a `breather`
    mild consequences heal [004:829]."""

    breather: bool
    reason: Reason


class FateRecover(Command, kw_only=True):
    """The game master records a character's occasion to recover [004:829-833]: six hours of
    appropriate rest heal moderate (and mild) consequences, a new adventure severe ones."""

    character: CharacterId
    occasion: Occasion
    reason: Reason
