"""Bodies of the HTTP API that are not domain commands (those are decoded as they are)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Union
from uuid import UUID

import msgspec
from msgspec import UNSET, UnsetType

from domain.names import Name, Title
from domain.registry import RuleSystem
from domain.systems import DEFAULT_SYSTEM, RULE_SYSTEMS, SystemName, rule_system
from projections.redaction import RedactedEvent
from service.protocol import integral

#: the largest table version a request may name: JavaScript's largest safe integer (2^53 - 1),
#: so that every client reads every version exactly, and far below the signed 64-bit integers
#: the store keeps versions as (a larger number would fail in the store's driver)
MAX_VERSION = 2**53 - 1
Version = Annotated[int, msgspec.Meta(ge=1, le=MAX_VERSION)]


class CreateTable(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A new table: its title, the game master's name, its rule system and the system's options."""

    title: Title
    """The table's title as every seat sees it"""
    gm_name: Name | UnsetType = UNSET
    """The game master's name: its seat's name (each system has its word for the game master;
    GET /systems gives each system's seat id)"""
    mayor_name: Name | UnsetType = UNSET
    """Deprecated: gm_name under its name from before a second rule system came, accepted in its
    place (never with it) so that clients written then keep working"""
    #: optional for compatibility: a body without it creates a table of `DEFAULT_SYSTEM`
    system: SystemName = DEFAULT_SYSTEM
    options: dict[str, Any] = {}
    """The rule system's options (GET /systems gives each system's with their defaults), read as
    strictly as the rest of the body; absent: the defaults"""

    def __post_init__(self) -> None:
        if isinstance(self.mayor_name, str):
            if isinstance(self.gm_name, str):
                raise ValueError(
                    "send the game master's name once, as `gm_name` (`mayor_name` is its "
                    "deprecated former name) - at `$.mayor_name`"
                )
            self.gm_name, self.mayor_name = self.mayor_name, UNSET
        elif not isinstance(self.gm_name, str):
            raise ValueError("Object missing required field `gm_name`")
        options_type = rule_system(self.system).options_type
        try:
            options = msgspec.convert(integral(self.options), options_type, strict=True)
        except msgspec.ValidationError as error:
            raise ValueError(f"{error} - in `$.options` of a {self.system} table") from None
        self.options = msgspec.to_builtins(options)

    @property
    def game_master(self) -> str:
        """The game master's name, sent as `gm_name` or, deprecated, as `mayor_name`."""
        assert isinstance(self.gm_name, str)  # __post_init__ makes sure
        return self.gm_name


class SystemInfo(msgspec.Struct, kw_only=True):
    """A rule system as `GET /systems` describes it; each system's Struct (`_system_info`)
    gives `default_options` its own options' type."""

    gm_seat: str
    """The id of the game master's seat at the system's tables (`gm`; `mayor` in frontera)"""
    default_options: Any
    """The options a table of the system gets when it is created without any"""
    event_types: list[str]
    """The types of the events the system's tables record, as the log's `type` filter names
    them"""


def _system_info(system: RuleSystem) -> type[msgspec.Struct]:
    """What `GET /systems` says of a system: its Struct, tagged with the system's name."""
    return msgspec.defstruct(
        f"{system.name.capitalize()}System",
        [("default_options", system.options_type)],
        bases=(SystemInfo,),
        kw_only=True,
        tag_field="name",
        tag=system.name,
        module=__name__,
    )


#: each system's description, by name: the document's `createTable` options are theirs
SYSTEM_INFOS = {name: _system_info(system) for name, system in RULE_SYSTEMS.items()}

if TYPE_CHECKING:
    RuleSystemInfo = Any
else:
    #: one rule system: its name, the id of its game master's seat (in the system's own word)
    #: and the options of a table created without any
    RuleSystemInfo = Union[tuple(SYSTEM_INFOS.values())]  # noqa: UP007


class TableCreated(msgspec.Struct, kw_only=True):
    table_id: UUID
    """The new table's id, as in its paths"""
    seat: str
    """The game master's seat id (gm; mayor in frontera)"""
    credential: str
    """The game master's bearer credential: send it as Authorization: Bearer <credential>"""
    version: int
    """The table's version after the command (the number of events in its log)"""


class ForkTable(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A new table that starts from this one as it was at a version: its seats and game state,
    with a seed of its own."""

    version: Version
    """The version of this table the new one starts from"""
    title: Title
    """The new table's title"""


class TableForked(msgspec.Struct, kw_only=True):
    table_id: UUID
    """The new table's id, as in its paths"""
    forked_from: UUID
    """The id of the table forked from"""
    forked_at: int
    """The version of that table the new one starts from"""
    version: int
    """The new table's version (the number of events in its log)"""
    credential: str
    """The game master's bearer credential at the new table"""
    unclaimed: list[str]
    """The ids of the players' seats, each waiting for its player to claim it with the credential
    that player holds at the table forked from (POST /tables/{fork}/seats/{seat}/claim)"""


class SeatInvited(msgspec.Struct, kw_only=True):
    seat: str
    """The id of the seat invited"""
    invitation: str
    """The invitation for the game master to pass on: its player redeems it once for the seat's
    credential"""
    version: int
    """The table's version after the command (the number of events in its log)"""


class ClaimSeat(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    #: the seat's invitation; at a fork, the credential of the same seat at the source table
    invitation: str


class SeatCredential(msgspec.Struct, kw_only=True):
    seat: str
    """The id of the seat the credential is for"""
    credential: str
    """The seat's new bearer credential, shown to this caller only, this once"""
    version: int
    """The table's version after the command (the number of events in its log)"""


class Accepted(msgspec.Struct, kw_only=True):
    version: int
    """The table's version after the command (the number of events in its log)"""


class Created(msgspec.Struct, kw_only=True):
    version: int
    """The table's version after the command (the number of events in its log)"""
    id: str
    """The id of what the command created: a character (c1, …), an enemy (e1, …), a clock (k1, …)"""


class RollResult(msgspec.Struct, kw_only=True):
    version: int
    """The table's version after the command (the number of events in its log)"""
    roll: int | None
    """The roll's number: its dice and outcome are in the log (DiceRolled and the events naming
    it), shown to the caller as the roll's visibility allows; null when the rules needed no die
    (a certain success or failure)"""


class TestOpenedResult(msgspec.Struct, kw_only=True):
    version: int
    """The table's version after the command (the number of events in its log)"""
    test: int
    """The number of the test the command opened (its record is at /tests/{test})"""


class DrawnResult(msgspec.Struct, kw_only=True):
    version: int
    """The table's version after the command (the number of events in its log)"""
    cards: list[str]
    """The ids of the cards the character drew, as d<deck>:<rank><suit> (e.g. d0:10H) or
    d<deck>:JK<n>; only its seat gets them"""


class ConditionResult(msgspec.Struct, kw_only=True):
    version: int
    """The table's version after the command (the number of events in its log)"""
    level: int
    """The character's new level on the track the command moved (health, morale or sobriety): 0
    down to -4 (health) or -3"""


class AccidentResult(msgspec.Struct, kw_only=True):
    version: int
    """The table's version after the command (the number of events in its log)"""
    test: int | None
    """The number of the agility save's test; null when the harm landed at once (no save
    possible)"""


class ClockResult(msgspec.Struct, kw_only=True):
    version: int
    """The table's version after the command (the number of events in its log)"""
    elapsed_seconds: int
    """The table's game time after the advance, in seconds"""


class VerificationResult(msgspec.Struct, kw_only=True):
    seed: str
    """The table's revealed random seed, in hex"""
    commitment_matches: bool
    """Whether the seed's SHA-256 is the seed_commitment made at the table's creation"""
    shuffles_checked: int
    """The shuffles recomputed from the seed and compared with the log"""
    dice_checked: int
    """The dice recomputed from the seed and compared with the log"""
    mismatches: list[str]
    """What did not follow from the seed, one sentence each; empty when everything did"""
    verified: bool
    """Whether the seed explains the commitment, every shuffle and every die"""


class EventPage(msgspec.Struct, kw_only=True):
    events: list[RedactedEvent]
    """The page's events, oldest first, as the caller may see them"""
    next_after: int | None
    """The version to pass as after to read the next page; null when this page reached the end"""
    version: int
    """The table's version when read (the number of events in its log)"""
