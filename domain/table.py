"""The table aggregate that every rule system shares: seats, lifecycle, seed, lineage.

A table is one event-sourced aggregate. What a rule system adds (its cards or dice, its
characters, its tests) lives in `table.game`, a Struct the system defines, and is changed
only by the system's own events, which subclass `Table.Event` here. Nothing in this module
knows any rule system's words.
"""

from __future__ import annotations

import hmac
from typing import Any, ClassVar
from uuid import UUID

import msgspec
from eventsourcing.domain import Aggregate
from eventsourcing.utils import register_topic

from domain.errors import Conflict, Forbidden, InvalidCommand, NotFound, Unauthenticated
from domain.keys import TableKeys, commitment, credential_hash
from domain.names import checked_name, checked_reason
from domain.structs import Stored, clone

GM = "gm"
PLAYER = "player"


class Seat(Stored, kw_only=True):
    """Somebody at the table: the game master or a player. Removed seats stay, inactive."""

    STORED_AS = "table.Seat"

    id: str
    name: str
    role: str
    credential_hash: str
    active: bool = True


class Lineage(Stored, kw_only=True):
    """Where a forked table comes from."""

    STORED_AS = "table.Lineage"

    table_id: str
    version: int


class RecordedCommand(Stored, kw_only=True):
    """A command sent with an idempotency key, kept so that a retry returns the same result."""

    STORED_AS = "table.RecordedCommand"

    actor: str
    command: str
    fingerprint: str
    result: Any
    version: int


#: player seats a table ever gives: a removed seat stays in the table's state and log
MAX_PLAYER_SEATS = 16
#: idempotency keys a table remembers (the oldest are forgotten first)
RECORDED_COMMANDS = 256


class Table(Aggregate):
    """A game table: the consistency boundary of every command of a session."""

    TOPIC = "table"

    class Created(Aggregate.Created):
        TOPIC = "table.TableCreated"

        system: str
        title: str
        options: dict[str, Any]
        gm: Seat
        seed_commitment: str
        lineage: Lineage | None

    class Event(Aggregate.Event):
        """Base of every later event: names its topic explicitly and registers it."""

        TOPIC: ClassVar[str]
        actor: str

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
        from domain.systems import rule_system  # the registry imports every system

        self.system = system
        self.title = title
        self.options = options
        self.seats: dict[str, Seat] = {gm.id: clone(gm)}
        self.seed_commitment = seed_commitment
        self.seed: str | None = None
        self.closed = False
        self.random_operations = 0
        self.lineage = lineage
        self.recent_commands: dict[str, RecordedCommand] = {}
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
        came from, and gets its own seed and credentials; the rule system then reshuffles what
        is face down, so that nobody can know the new table's future from the old one's.
        """
        from domain.systems import rule_system

        gm = past.gm_seat
        fork = cls.open(
            table_id,
            system=past.system,
            title=title,
            options=past.options,
            gm=Seat(id=gm.id, name=gm.name, role=GM, credential_hash=keys.credential_hash(gm.id)),
            seed_commitment=keys.seed_commitment,
            lineage=Lineage(table_id=str(past.id), version=past.version),
        )
        for seat in past.seats.values():
            if seat.role != GM:
                fork.trigger_event(
                    SeatJoined,
                    actor=gm.id,
                    seat=msgspec.structs.replace(
                        seat, credential_hash=keys.credential_hash(seat.id)
                    ),
                )
        fork.trigger_event(GameCopied, actor=gm.id, game=msgspec.to_builtins(past.game))
        rule_system(past.system).after_fork(fork, gm.id, keys)
        return fork

    # -- queries -------------------------------------------------------------------------

    @property
    def gm_seat(self) -> Seat:
        return next(seat for seat in self.seats.values() if seat.role == GM)

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
        """The game master seats a player; returns the new seat's id."""
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
                id=seat_id, name=name, role=PLAYER, credential_hash=keys.credential_hash(seat_id)
            ),
        )
        return seat_id

    def remove_seat(self, actor: str, seat_id: str, reason: str) -> None:
        self.require_open()
        self.require_gm(actor, "remove seats")
        seat = self.seat(seat_id)
        if seat.role == GM:
            raise InvalidCommand("the game master's seat cannot be removed", "cannot_remove_gm")
        self.trigger_event(SeatRemoved, actor=actor, seat=seat_id, reason=checked_reason(reason))

    def record_command(
        self, actor: str, key: str, command: str, fingerprint: str, result: Any
    ) -> None:
        """Remember a keyed command's result, after its own events."""
        if not 1 <= len(key) <= 255:
            raise InvalidCommand(
                "an idempotency key has 1 to 255 characters", "invalid_idempotency_key"
            )
        self.trigger_event(
            CommandRecorded,
            actor=actor,
            key=key,
            command=command,
            fingerprint=fingerprint,
            result=result,
        )

    def close(self, actor: str, keys: TableKeys) -> None:
        """Closing reveals the seed, after which anyone can recompute every shuffle."""
        self.require_open()
        self.require_gm(actor, "close the table")
        seed = keys.reveal_seed()
        if commitment(bytes.fromhex(seed)) != self.seed_commitment:
            raise Conflict("the seed does not match the table's commitment", "seed_mismatch")
        self.trigger_event(TableClosed, actor=actor, seed=seed)


class SeatJoined(Table.Event):
    TOPIC = "table.SeatJoined"
    seat: Seat

    def apply(self, table: Table) -> None:
        table.seats[self.seat.id] = clone(self.seat)


class SeatRemoved(Table.Event):
    TOPIC = "table.SeatRemoved"
    seat: str
    reason: str

    def apply(self, table: Table) -> None:
        table.seats[self.seat] = msgspec.structs.replace(table.seats[self.seat], active=False)


class GameCopied(Table.Event):
    """A forked table takes the game state of the table and version it came from."""

    TOPIC = "table.GameCopied"
    game: dict[str, Any]

    def apply(self, table: Table) -> None:
        from domain.systems import rule_system

        table.game = rule_system(table.system).load_game(self.game)


class TableClosed(Table.Event):
    TOPIC = "table.TableClosed"
    seed: str

    def apply(self, table: Table) -> None:
        table.closed = True
        table.seed = self.seed


class CommandRecorded(Table.Event):
    """The result of a command sent with an idempotency key (seen by its sender only)."""

    TOPIC = "table.CommandRecorded"
    key: str
    command: str
    fingerprint: str
    result: Any

    def apply(self, table: Table) -> None:
        table.recent_commands[self.key] = RecordedCommand(
            actor=self.actor,
            command=self.command,
            fingerprint=self.fingerprint,
            result=msgspec.json.decode(msgspec.json.encode(self.result)),
            version=self.originator_version,
        )
        while len(table.recent_commands) > RECORDED_COMMANDS:
            del table.recent_commands[next(iter(table.recent_commands))]
