"""The table aggregate that every rule system shares: seats, lifecycle, seed, lineage.

A table is one event-sourced aggregate. What a rule system adds (its cards or dice, its
characters, its tests) lives in `table.game`, a Struct the system defines, and is changed
only by the system's own events, which subclass `Table.Event` here. Nothing in this module
knows any rule system's words.
"""

from __future__ import annotations

import hmac
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timedelta
from typing import Any, ClassVar, cast
from uuid import UUID

import msgspec
from eventsourcing.domain import Aggregate
from eventsourcing.utils import register_topic

from domain.errors import Conflict, Forbidden, InvalidCommand, NotFound, Unauthenticated
from domain.keys import TableKeys, commitment, credential_hash
from domain.names import checked_name, checked_reason
from domain.registry import rule_system
from domain.structs import Stored, clone

GM = "gm"
PLAYER = "player"
#: the moment of the command being applied, which every event it triggers carries
_command_moment: ContextVar[datetime | None] = ContextVar("command_moment", default=None)


class Seat(Stored, kw_only=True):
    """Somebody at the table: the game master or a player. Removed seats stay, inactive.

    A player's seat is claimed by redeeming an invitation; until then it holds no credential.
    Only hashes are kept: of the credential in force and of the invitation still open.
    """

    STORED_AS = "table.Seat"

    id: str
    """The seat's id: the game master's (gm; mayor in frontera), or p1, p2, … for the players"""
    name: str
    """The seat's name as the table shows it"""
    role: str
    """The seat's role: gm (the game master) or player"""
    credential_hash: str = ""
    active: bool = True
    """Whether the seat still sits at the table; false once removed"""
    credentials: int = 1
    """Credentials issued to the seat so far (the one in force is number credentials - 1; 0:
    never claimed)"""
    #: the open invitation: its hash and its number, until it is redeemed
    invitation_hash: str | None = None
    invitations: int = 0
    """Invitations issued for the seat so far (the last one is the open one until redeemed)"""


class SecretRoll(Stored, kw_only=True):
    """Who rolled a secret roll, and how secretly: what decides who sees the roll and
    everything that refers to it (`domain.dice`), whoever sends the later events."""

    STORED_AS = "table.SecretRoll"

    roll: int
    #: the seat that rolled it: the one playing the rolling character (`DiceRolled.roller_seat`)
    seat: str
    #: gm, blind or self
    visibility: str


class Lineage(Stored, kw_only=True):
    """Where a forked table comes from."""

    STORED_AS = "table.Lineage"

    table_id: str
    """The id of the table forked from"""
    version: int
    """The version of that table the fork starts from"""


#: player seats a table ever gives: a removed seat stays in the table's state and log
MAX_PLAYER_SEATS = 16
#: the version of a table just opened (`Table.open`: its one event)
CREATED_VERSION = 1


class Table(Aggregate):
    """A game table: the consistency boundary of every command of a session."""

    TOPIC = "table"

    #: rolls of dice so far (`domain.dice`), dice in them, and those not yet seen by every seat;
    #: class defaults, so that tables stored before dice load unchanged
    rolls = 0
    dice_rolled = 0
    secret_rolls = cast("list[int]", [])  # replaced, never mutated in place
    revealed_rolls = cast("list[int]", [])
    #: the roller and visibility of every roll that was secret when rolled
    secret_roll_records = cast("list[SecretRoll]", [])

    class Created(Aggregate.Created):
        """A table is set up: its rule system, title and options, the game master's seat and the
        commitment to its seed."""

        TOPIC = "table.TableCreated"

        system: str
        """The table's rule system: frontera, asaltos, stepdice, portal or fate"""
        title: str
        """The table's title, as given at its creation"""
        options: dict[str, Any]
        """The table's options as given at its creation: its rule system's policies for the
        book's silences, scripted rolls"""
        gm: Seat
        """The game master's seat"""
        seed_commitment: str
        """The SHA-256 of the table's random seed, in hex, published at creation so that the seed
        revealed at closing can be checked"""
        lineage: Lineage | None
        """Where a forked table comes from; null: not a fork"""

    class Event(Aggregate.Event):
        """Base of every later event: names its topic explicitly and registers it."""

        TOPIC: ClassVar[str]
        actor: str

        @staticmethod
        def create_timestamp() -> datetime:
            return _command_moment.get() or Aggregate.Event.create_timestamp()

        def __init_subclass__(cls, **kwargs: Any) -> None:
            super().__init_subclass__(**kwargs)
            if "TOPIC" in cls.__dict__:
                register_topic(cls.TOPIC, cls)

    def __init__(
        self,
        actor: str,
        system: str,
        title: str,
        options: dict[str, Any],
        gm: Seat,
        seed_commitment: str,
        lineage: Lineage | None,
    ) -> None:
        self.system = system
        self.title = title
        self.options = options
        self.seats: dict[str, Seat] = {gm.id: clone(gm)}
        self.seed_commitment = seed_commitment
        self.seed: str | None = None
        self.closed = False
        self.random_operations = 0
        self.lineage = lineage
        self.game = rule_system(system).new_game(options)

    @classmethod
    def open(
        cls,
        table_id: UUID,
        system: str,
        title: str,
        options: dict[str, Any],
        gm: Seat,
        seed_commitment: str,
        lineage: Lineage | None = None,
    ) -> Table:
        """A new table with the given id (the seed is derived from it, so the caller picks it)."""
        return cls._create(
            cls.Created,
            id=table_id,
            actor=gm.id,
            system=system,
            title=title,
            options=options,
            gm=gm,
            seed_commitment=seed_commitment,
            lineage=lineage,
        )

    @classmethod
    def fork_of(cls, past: Table, table_id: UUID, title: str, keys: TableKeys) -> Table:
        """A new table that starts from `past` (another table as it was at some version).

        It copies the facts (seats, game state) rather than the history, records where they
        came from, and gets its own seed. The rule system copies its state with every
        face-down order forgotten and reshuffles it from the new seed, so that nothing written
        at the fork tells the old table's future. The game master's seat gets a credential of
        its own; each player's seat waits to be claimed with the credential that player holds
        at the old table *when claiming* (`waits_for_source`), which the game master never had.
        """
        rules = rule_system(past.system)
        gm = past.gm_seat
        fork = cls.open(
            table_id,
            system=past.system,
            title=title,
            options=past.options,
            gm=Seat(
                id=gm.id, name=gm.name, role=GM, credential_hash=keys.credential_hash(gm.id, 0)
            ),
            seed_commitment=keys.seed_commitment,
            lineage=Lineage(table_id=str(past.id), version=past.version),
        )
        for seat in past.seats.values():
            if seat.role != GM:
                unclaimed = Seat(
                    id=seat.id,
                    name=seat.name,
                    role=seat.role,
                    active=seat.active,
                    credentials=0,
                )
                fork.trigger_event(SeatJoined, actor=gm.id, seat=unclaimed)
        fork.trigger_event(GameCopied, actor=gm.id, game=rules.fork_copy(past.game))
        rules.after_fork(fork, gm.id, keys)
        return fork

    # -- queries -------------------------------------------------------------------------

    @property
    def gm_seat(self) -> Seat:
        return next(seat for seat in self.seats.values() if seat.role == GM)

    def waits_for_source(self, seat: Seat) -> bool:
        """Whether a forked table's seat is still claimed only with the credential its player
        holds now at the table forked from: never claimed, never invited here."""
        return self.lineage is not None and seat.credentials == 0 and seat.invitations == 0

    def seat(self, seat_id: str) -> Seat:
        """The active seat with this id, or a not-found error."""
        seat = self.seats.get(seat_id)
        if seat is None or not seat.active:
            raise NotFound(f"there is no seat {seat_id!r} at this table", "unknown_seat")
        return seat

    def authenticate(self, credential: str) -> Seat:
        """The active seat that holds this credential."""
        seat = self.seats.get(credential.partition(".")[0])
        if (
            seat is None
            or not seat.active
            or not seat.credential_hash
            or not hmac.compare_digest(seat.credential_hash, credential_hash(credential))
        ):
            raise Unauthenticated("the credential is not valid at this table")
        return seat

    # -- guards shared by every command ---------------------------------------------------

    def require_open(self) -> None:
        if self.closed:
            raise Conflict("the table is closed: it accepts no more commands", "table_closed")

    def require_seat(self, actor: str) -> Seat:
        seat = self.seats.get(actor)
        if seat is None or not seat.active:
            raise Forbidden(f"seat {actor!r} does not sit at this table", "not_seated")
        return seat

    def require_gm(self, actor: str, doing: str) -> None:
        if self.require_seat(actor).role != GM:
            raise Forbidden(
                f"only the game master (seat {self.gm_seat.id!r}) may {doing}", "not_game_master"
            )

    # -- shared commands ------------------------------------------------------------------

    def add_seat(self, actor: str, name: str, keys: TableKeys) -> str:
        """The game master seats a player, with an invitation; returns the new seat's id."""
        self.require_open()
        self.require_gm(actor, "seat players")
        name = checked_name(name, "a seat's name")
        players = sum(1 for seat in self.seats.values() if seat.role == PLAYER)
        if players >= MAX_PLAYER_SEATS:
            raise InvalidCommand(
                f"a table seats at most {MAX_PLAYER_SEATS} players, removed seats included",
                "too_many_seats",
            )
        seat_id = f"p{players + 1}"
        self.trigger_event(
            SeatJoined,
            actor=actor,
            seat=Seat(
                id=seat_id,
                name=name,
                role=PLAYER,
                credentials=0,
                invitation_hash=credential_hash(keys.invitation(seat_id, 1)),
                invitations=1,
            ),
        )
        return seat_id

    def invite(self, actor: str, seat_id: str, keys: TableKeys) -> int:
        """The game master issues a new invitation for a seat (a lost credential, a fork's
        seat); the open one stops working, the credential in force works until the new one is
        redeemed. Returns the invitation's number."""
        self.require_open()
        self.require_gm(actor, "invite players")
        seat = self.seat(seat_id)
        if seat.role == GM:
            raise InvalidCommand("the game master's seat takes no invitation", "not_a_player")
        number = seat.invitations + 1
        self.trigger_event(
            InvitationIssued,
            actor=actor,
            seat=seat_id,
            number=number,
            invitation_hash=credential_hash(keys.invitation(seat_id, number)),
        )
        return number

    def claim(
        self, seat_id: str, invitation: str, keys: TableKeys, source_hash: str | None = None
    ) -> int:
        """Whoever holds the seat's open invitation takes the seat: a new credential, shown to
        the claimer only, and the invitation is spent. Returns the credential's number.

        A fork's seat that `waits_for_source` takes instead the credential its player holds
        now at the table forked from, whose hash the caller looks up there (`source_hash`).
        Taking a seat that had a credential is a takeover, said so in the log. (Whether the
        seat may take an invitation at all is the application's seat authority.)"""
        self.require_open()
        seat = self.seat(seat_id)
        expected = source_hash if self.waits_for_source(seat) else seat.invitation_hash
        if expected is None or not hmac.compare_digest(expected, credential_hash(invitation)):
            raise Unauthenticated(
                "the invitation is not open for this seat: ask the game master for a new one",
                "invalid_invitation",
            )
        return self._issue_credential(seat, "takeover" if seat.credentials else "invitation", keys)

    def rotate_credential(self, actor: str, keys: TableKeys) -> int:
        """A seat replaces its own credential; the old one stops working at once."""
        self.require_open()
        return self._issue_credential(self.require_seat(actor), "rotation", keys)

    def _issue_credential(self, seat: Seat, reason: str, keys: TableKeys) -> int:
        number = seat.credentials
        self.trigger_event(
            CredentialIssued,
            actor=seat.id,
            seat=seat.id,
            number=number,
            reason=reason,
            credential_hash=keys.credential_hash(seat.id, number),
        )
        return number

    def remove_seat(self, actor: str, seat_id: str, reason: str) -> None:
        self.require_open()
        self.require_gm(actor, "remove seats")
        seat = self.seat(seat_id)
        if seat.role == GM:
            raise InvalidCommand("the game master's seat cannot be removed", "cannot_remove_gm")
        self.trigger_event(SeatRemoved, actor=actor, seat=seat_id, reason=checked_reason(reason))

    def close(self, actor: str, keys: TableKeys) -> None:
        """Closing reveals the seed, after which anyone can recompute every shuffle."""
        self.require_open()
        self.require_gm(actor, "close the table")
        seed = keys.reveal_seed()
        if commitment(bytes.fromhex(seed)) != self.seed_commitment:
            raise Conflict("the seed does not match the table's commitment", "seed_mismatch")
        self.trigger_event(TableClosed, actor=actor, seed=seed)


class SeatJoined(Table.Event):
    """A seat joins the table: a player the game master seats (with an invitation to claim), or a
    fork's seat."""

    TOPIC = "table.SeatJoined"
    seat: Seat
    """The seat that joins: its id, name, role and what was issued to it"""

    def apply(self, table: Table) -> None:
        table.seats[self.seat.id] = clone(self.seat)


class SeatRemoved(Table.Event):
    """The game master removes a player's seat: it stays in the table, inactive, and its
    credential stops working."""

    TOPIC = "table.SeatRemoved"
    seat: str
    """The id of the seat removed"""
    reason: str
    """The game master's reason for removing it"""

    def apply(self, table: Table) -> None:
        table.seats[self.seat] = msgspec.structs.replace(table.seats[self.seat], active=False)


class GameCopied(Table.Event):
    """A forked table takes the game state of the table and version it came from."""

    TOPIC = "table.GameCopied"
    game: dict[str, Any]
    """The rule system's game state at the version forked from, every face-down order forgotten"""

    def apply(self, table: Table) -> None:
        table.game = rule_system(table.system).load_game(self.game)


class TableClosed(Table.Event):
    """The game master closes the table: it takes no more commands, and its seed is revealed so
    that anyone can verify every shuffle and die."""

    TOPIC = "table.TableClosed"
    seed: str
    """The table's random seed in hex, whose SHA-256 is the table's seed_commitment"""

    def apply(self, table: Table) -> None:
        table.closed = True
        table.seed = self.seed


class InvitationIssued(Table.Event):
    """A new invitation for a seat: the open one, if any, stops working."""

    TOPIC = "table.InvitationIssued"
    seat: str
    """The id of the seat the invitation is for"""
    number: int
    """The invitation's number for that seat (1 for its first)"""
    invitation_hash: str

    def apply(self, table: Table) -> None:
        table.seats[self.seat] = msgspec.structs.replace(
            table.seats[self.seat], invitation_hash=self.invitation_hash, invitations=self.number
        )


class CredentialIssued(Table.Event):
    """A seat's new credential (a redeemed invitation or a rotation): the old one stops
    working and the invitation is spent."""

    TOPIC = "table.CredentialIssued"
    seat: str
    """The id of the seat the credential is for"""
    number: int
    """The credential's number for that seat (0 for its first)"""
    reason: str
    """invitation (a seat's first credential), takeover (an invitation redeemed for a seat that
    had one: its holder is displaced) or rotation"""
    credential_hash: str

    def apply(self, table: Table) -> None:
        table.seats[self.seat] = msgspec.structs.replace(
            table.seats[self.seat],
            credential_hash=self.credential_hash,
            credentials=self.number + 1,
            invitation_hash=None,
        )


class CommandRecorded(Table.Event):
    """Tables before the idempotency records of `domain.idempotency` kept keyed commands'
    results in their own log; no longer written, still read from old logs. It changes
    nothing, and the redaction policy shows it to its sender only."""

    TOPIC = "table.CommandRecorded"
    key: str
    """The idempotency key the command was sent with"""
    command: str
    """The command's type name (AddSeat, Test, …)"""
    fingerprint: str
    """A digest of the command keyed with the server secret: a retry under the same key must send
    the same command"""
    result: Any
    """What the command answered its sender (an id, a number, or null), given again on a retry"""


@contextmanager
def one_moment(table: Table) -> Iterator[None]:
    """Every event of one command carries the same timestamp, later than the table's last
    event: the log tells one command from the next by it (analytics count commands and the
    time between them)."""
    moment = max(Aggregate.Event.create_timestamp(), table.modified_on + timedelta(microseconds=1))
    token = _command_moment.set(moment)
    try:
        yield
    finally:
        _command_moment.reset(token)
