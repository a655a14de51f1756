"""What a PORTAL client asks of a hold after an immobilization [002:1481-1485]: the held
contender's attempt to break free, and the game master's ruling that a hold is over. Each is
the game master's, every judgement a required field with its reason."""

from __future__ import annotations

from domain.characters import CharacterId
from domain.commands import Command
from domain.names import Reason
from domain.portal.combat_commands import RollNumber
from domain.portal.special_commands import GrabRuling


class PortalBreakFree(GrabRuling, kw_only=True):
    """The game master rules a held contender's attempt to break free, its action in one of
    its phases of a turn after the immobilization [002:1483]: the grab repeated on two
    settled rolls, the holder's `attack` (+2) and `strength` against the held contender's
    `defence` and `struggle`; not immobilized again, it is free. Here the grabber is the holder,
    the defender the held contender, who acts."""

    reason: Reason
    """The game master's reason: how the held contender struggles"""


class PortalReleaseHold(Command, kw_only=True):
    """The game master rules a hold over without a struggle: the holder lets go, or can hold
    no more (out of combat, moved apart) [002:1481-1485]."""

    combat: RollNumber
    """The combat's number (the roll of its direction die)"""
    character: CharacterId
    """The id of the held contender"""
    reason: Reason
    """The game master's reason the hold is over"""
