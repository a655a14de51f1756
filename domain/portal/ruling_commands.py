"""What a PORTAL client asks of the game master's narrative rulings on a character: a drive
fulfilled or failed, significantly or vitally [002:548-566], and a thorn (espina clavada)
driven in, striking at its interval or trigger, or solved [002:615-633]; a character's
medical care [002:289]; and the scene's end [002:287] and the adventure's [002:492, 854-856].
Every one is the game master's, its reason required."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.characters import CharacterId
from domain.commands import Command
from domain.names import Reason
from domain.portal.combat_commands import Payments, RollNumber
from domain.portal.sheet import MAX_CP_IN_HAND, Label, Thorn

#: how far a drive's fulfilment or failure reaches: an insignificant one has no consequence
#: [002:552]
DriveScope = Literal["significant", "vital"]
#: what a drive's fulfilment or failure does [002:556-562]
DriveConsequence = Literal["luck", "remove_discomfort", "discomfort", "points", "wound", "thorn"]
#: a thorn's place in the sheet's list, from 0
ThornPlace = Annotated[int, msgspec.Meta(ge=0, le=99)]


class PortalRuleDrive(Command, kw_only=True):
    """The game master rules a drive's significant or vital fulfilment or failure
    [002:548-566]: a significant fulfilment gives a lost luck die back or removes a discomfort
    die, a significant failure gives a discomfort die; a vital fulfilment gives character
    points, a vital failure a wound die or a thorn. What is not significant has no
    consequence [002:552]: it is not ruled."""

    character: CharacterId
    """The id of the character whose drive it is"""
    drive: Label
    """The drive fulfilled or failed, one of the character's"""
    scope: DriveScope
    """`significant` (luck or discomfort) or `vital` (character points, a wound die or a
    thorn) [002:556-562]"""
    fulfilled: bool
    """Whether the drive was fulfilled (true) or failed (false)"""
    consequence: DriveConsequence
    """What it does: significant and fulfilled, `luck` (a lost luck die back) or
    `remove_discomfort`; significant and failed, `discomfort`; vital and fulfilled, `points`;
    vital and failed, `wound` or `thorn`"""
    points: Annotated[int, msgspec.Meta(ge=1, le=MAX_CP_IN_HAND)] = 1
    """The character points of a vital fulfilment, one or more [002:576-578]; 1 otherwise"""
    thorn: Thorn | None = None
    """The thorn a vital failure drives in (`thorn` only); null otherwise"""
    reason: Reason
    """The game master's reason: what happened in the story"""


class PortalDriveThorn(Command, kw_only=True):
    """The game master drives a thorn into a character: an ongoing harm giving discomfort or
    wound dice at an interval or a trigger, or a penalty to every reflex roll, until it is
    solved [002:615-633] (Débora's tooth, Vilvis's poison, Greyon's curse)."""

    character: CharacterId
    """The id of the character who carries it"""
    thorn: Thorn
    """The thorn: what it is, what it gives, how much, and its interval or trigger"""
    reason: Reason
    """The game master's reason: what drove it in"""


class PortalThornStrikes(Command, kw_only=True):
    """A thorn's interval passes or its trigger happens: it gives its dice [002:623], a
    discomfort die at 3 turning one into a wound die [002:248]. A reflex thorn gives none: it
    lowers every reflex roll. Its dice past the damage limit (a wound die at 3 wound dice, a
    discomfort die at 3 and 3) call the last aguante roll of the critical state, a point each,
    or are lost, as the table's option `thorn_past_limit` says (GAP)."""

    character: CharacterId
    """The id of the character who carries the thorn"""
    thorn: ThornPlace
    """The thorn's place in the character's sheet, from 0"""
    reason: Reason
    """The game master's reason: the interval that passed, or what triggered it"""


class PortalTakeThornCritical(Command, kw_only=True):
    """The roller settles a character's last aguante roll outside a combat, against the
    points a thorn's dice went past the damage limit [002:1271-1283] (`thorn_past_limit`:
    `critical_roll`), as `portalTakeCritical` does in a combat."""

    roll: RollNumber
    """The table's number of the character's open roll, read for `aguante`"""
    payments: Payments
    """One payment per sequel point the roll made (an aguante roll makes none); empty: none"""


class PortalSolveThorn(Command, kw_only=True):
    """A thorn solved (the wound treated, the antidote found, the curse lifted) or run its
    course: it leaves the sheet [002:617, 627, 633]. The dice it gave stay until removed."""

    character: CharacterId
    """The id of the character who carries the thorn"""
    thorn: ThornPlace
    """The thorn's place in the character's sheet, from 0"""
    reason: Reason
    """The game master's reason: how it was solved"""


class PortalGiveMedicalCare(Command, kw_only=True):
    """A character receives the proper medical care: its level 2 sequels end, "hasta recibir
    la apropiada atención médica" [002:289]. Whether the care is proper is the game master's
    judgement. Refused when the character carries no level 2 sequel or owes one its kind."""

    character: CharacterId
    """The id of the character cared for"""
    reason: Reason
    """The game master's reason: the care given, and why it is proper"""


class PortalEndScene(Command, kw_only=True):
    """The scene is over, for every character at once: the level 1 sequels end, "lo que queda
    de escena" [002:287]. Refused while a combat is under way (a combat is part of its scene;
    its sequels end with it), a roll is open or a sequel's kind is owed."""

    reason: Reason
    """The game master's reason: how the scene ended"""


class PortalEndAdventure(Command, kw_only=True):
    """The adventure is over, for every character at once: each protagonist's reserve comes
    back to the hand and the next adventure starts with 5 in hand at most [002:854-856] (what
    is bought with them is `portalAdvance`'s, `at_adventure_end`), and every partly
    applicable Fortaleza's once-per-adventure rerolls come back [002:492]; the sequels of
    level 1 and 2 end with it (the scene's and the story's [002:287-289, 856]). Refused while
    a roll is open or a sequel's kind is owed."""

    reason: Reason
    """The game master's reason: how the adventure ended"""
