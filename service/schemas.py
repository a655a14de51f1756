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

#: the largest table version there can be: the store keeps versions as signed 64-bit integers,
#: so a larger number would fail in the store's driver instead of being refused
MAX_VERSION = 2**63 - 1
Version = Annotated[int, msgspec.Meta(ge=1, le=MAX_VERSION)]


class CreateTable(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    title: Title
    #: the game master's name (each system has its word for the game master: `GET /systems`
    #: gives its seat's id)
    gm_name: Name | UnsetType = UNSET
    #: deprecated: `gm_name` as it was named before a second rule system came, accepted in
    #: its place so that clients written then keep working (never with it)
    mayor_name: Name | UnsetType = UNSET
    #: optional for compatibility: a body without it creates a table of `DEFAULT_SYSTEM`
    system: SystemName = DEFAULT_SYSTEM
    #: the rule system's options (the document says whose: `GET /systems` lists them),
    #: read as strictly as the rest of the body
    options: dict[str, Any] = {}

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


def _system_info(system: RuleSystem) -> type[msgspec.Struct]:
    """What `GET /systems` says of a system: its Struct, tagged with the system's name."""
    return msgspec.defstruct(
        f"{system.name.capitalize()}System",
        [("gm_seat", str), ("default_options", system.options_type), ("event_types", list[str])],
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
    seat: str
    #: the game master's bearer credential: send it as `Authorization: Bearer <credential>`
    credential: str
    version: int


class ForkTable(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    #: the version of this table the new one starts from
    version: Version
    title: Title


class TableForked(msgspec.Struct, kw_only=True):
    table_id: UUID
    forked_from: UUID
    forked_at: int
    version: int
    #: the game master's credential at the new table
    credential: str
    #: the players' seats, each waiting for its player to claim it with the credential that
    #: player holds at the table forked from (`POST /tables/{fork}/seats/{seat}/claim`)
    unclaimed: list[str]


class SeatInvited(msgspec.Struct, kw_only=True):
    seat: str
    #: for the game master to pass on: redeemed once, by the player, for the seat's credential
    invitation: str
    version: int


class ClaimSeat(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    #: the seat's invitation; at a fork, the credential of the same seat at the source table
    invitation: str


class SeatCredential(msgspec.Struct, kw_only=True):
    seat: str
    #: the seat's new bearer credential, shown to this caller only, this once
    credential: str
    version: int


class Accepted(msgspec.Struct, kw_only=True):
    version: int


class Created(msgspec.Struct, kw_only=True):
    version: int
    id: str


class RollResult(msgspec.Struct, kw_only=True):
    version: int
    #: the roll's number: its dice and outcome are in the log (`DiceRolled` and the events
    #: that name this roll), shown to the caller as the roll's visibility allows; null when
    #: the rules needed no die (a certain success or failure)
    roll: int | None


class TestOpenedResult(msgspec.Struct, kw_only=True):
    version: int
    test: int


class DrawnResult(msgspec.Struct, kw_only=True):
    version: int
    #: the cards the character drew (only its seat gets them)
    cards: list[str]


class ConditionResult(msgspec.Struct, kw_only=True):
    version: int
    level: int


class AccidentResult(msgspec.Struct, kw_only=True):
    version: int
    #: the agility save's test, or null when the harm landed at once (no save possible)
    test: int | None


class ClockResult(msgspec.Struct, kw_only=True):
    version: int
    #: the table's game time after the advance, in seconds
    elapsed_seconds: int


class VerificationResult(msgspec.Struct, kw_only=True):
    seed: str
    commitment_matches: bool
    shuffles_checked: int
    dice_checked: int
    mismatches: list[str]
    #: true when the seed explains the commitment, every shuffle and every die
    verified: bool


class EventPage(msgspec.Struct, kw_only=True):
    events: list[RedactedEvent]
    #: pass as `after` to read the next page; null when this page reached the end
    next_after: int | None
    version: int
