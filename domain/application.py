"""The application: the one door between commands, tables and the event store.

Configured from outside (an eventsourcing environment and the server key); it keeps loaded
tables in a bounded cache that is fast-forwarded from the store before every use, runs the
commands of one table one at a time inside this process, and retries a command whose save
lost an optimistic-concurrency race with another process while the command is still valid.
"""

from __future__ import annotations

import contextlib
import hmac
import threading
from collections.abc import Callable, Container, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import chain
from typing import Any, NamedTuple, TypeVar, cast
from uuid import UUID, uuid4

import msgspec
from eventsourcing.application import AggregateNotFoundError, Application, ProcessingEvent
from eventsourcing.domain import DomainEventProtocol, MutableOrImmutableAggregate, Snapshot
from eventsourcing.persistence import (
    IntegrityError,
    InterfaceError,
    JSONTranscoder,
    Notification,
    OperationalError,
    Recording,
)
from eventsourcing.postgres import PostgresApplicationRecorder

from domain import idempotency, structs
from domain.commands import (
    SHARED_HANDLERS,
    ClaimSeat,
    CloseTable,
    Handler,
    InviteSeat,
    claim_seat,
)
from domain.dice import dice_mismatches
from domain.errors import Conflict, DomainError, InvalidCommand, NotFound, StaleVersion
from domain.idempotency import MAX_KEY, CommandRecorded
from domain.keys import Bearer, TableKeys, commitment
from domain.names import MAX_TITLE, checked_name
from domain.snapshots import prune_snapshots
from domain.systems import rule_system
from domain.table import GM, Seat, Table, one_moment

T = TypeVar("T")

#: what the store raises when it cannot be reached
STORE_DOWN = (OperationalError, InterfaceError)
#: events between snapshots: a load replays fewer than this many events (see `make bench`)
SNAPSHOT_INTERVAL = 100
#: versions between the snapshots kept for rewinds (domain/snapshots.py): a rewind replays
#: fewer than this many events plus one interval
REWIND_CHECKPOINT = 1000
CONFLICT_RETRIES = 5
LOCK_STRIPES = 64
MIN_CREATION_KEY = 16


class Creation(NamedTuple):
    """A table created, or found made by a creation sent before with the same idempotency
    key (`replayed`)."""

    table_id: UUID
    replayed: bool


@dataclass(frozen=True)
class Verification:
    """Whether a closed table's revealed seed explains its commitment, every shuffle and
    every die."""

    seed: str
    commitment_matches: bool
    shuffles_checked: int
    dice_checked: int
    mismatches: list[str]


@dataclass(frozen=True)
class CommandRequest:
    """One command for a table, as a client sent it."""

    table_id: UUID
    actor: str | Bearer
    command: Any
    idempotency_key: str | None = None
    expected_version: int | None = None

    def __post_init__(self) -> None:
        key = self.idempotency_key
        if key is not None and not 1 <= len(key) <= MAX_KEY:
            raise InvalidCommand(
                f"an idempotency key has 1 to {MAX_KEY} characters", "invalid_idempotency_key"
            )


@dataclass(frozen=True)
class Outcome:
    """What a command returned to its caller, and the table version it produced."""

    result: Any
    version: int
    #: the command was sent before with its idempotency key: this is that first outcome,
    #: and nothing was applied again (compared apart, so a replay equals its first outcome)
    replayed: bool = field(default=False, compare=False)


def _invited_seat(table: Table, actor: str, command: Any) -> Seat | None:
    """The seat an invitation is issued or redeemed for, as it is before the command; not a
    fork's seat claimed with its player's own credential (the claimer proves it is the
    seat)."""
    if isinstance(command, InviteSeat):
        return table.seats.get(command.seat)
    seat = table.seats.get(actor) if isinstance(command, ClaimSeat) else None
    return None if seat is None or table.waits_for_source(seat) else seat


#: events read from the store at a time when following a table's log
EVENT_PAGE = 500

#: seat authority: what a seat reads now that the game master's audit does not (a phrase for
#: the refusal), or None, from the table, its whole log and the seat; judged by the
#: visibility policy, which the service installs (`Tables.seat_authority`)
SeatAuthority = Callable[[Table, Iterable[Any], Seat], "str | None"]
#: told of each table this process saved, with the events just stored, under its lock
SavedTable = Callable[[Table, Sequence[DomainEventProtocol[UUID]]], None]
#: told of each save of this process once it has committed, with everything it recorded
SavedRecordings = Callable[[Sequence[Recording[UUID]]], None]


def unpoliced(table: Table, _: Iterable[Any], seat: Seat) -> str | None:
    """With no visibility policy to judge, fail closed: a seat that ever held a credential,
    or a fork's (which holds its source's), takes no invitation; a new seat may."""
    if seat.credentials or table.lineage is not None:
        return "no seat-authority policy judges what it knows"
    return None


class Tables(Application[UUID]):
    """Every table of the server, event-sourced."""

    name = "Tables"
    snapshotting_intervals = {Table: SNAPSHOT_INTERVAL}
    rewind_checkpoint = REWIND_CHECKPOINT
    env = {"AGGREGATE_CACHE_MAXSIZE": "1000"}

    def __init__(self, env: Mapping[str, str] | None = None, *, server_key: bytes) -> None:
        super().__init__(env)
        self._server_key = server_key
        self._locks = [threading.RLock() for _ in range(LOCK_STRIPES)]
        #: nobody learns a seat's secret by becoming the seat: an invitation is neither
        #: issued nor redeemed for a seat that reads what the game master's audit does not
        self.seat_authority: SeatAuthority = unpoliced
        #: who else learns of a save in this process (the live streams, the analytics
        #: follower): each called with the table and its new events; an observer never
        #: raises, since the save has happened and a command must not look failed
        self.observers: list[SavedTable] = []
        #: who follows the log in this process (the analytics follower): each called once per
        #: save, as soon as it has committed, with every event it recorded (idempotency
        #: records too) and each one's place in the log, so a follower folds them without
        #: reading them back; never raises, as an observer
        self.log_observers: list[SavedRecordings] = []

    def _take_snapshots(self, processing_event: ProcessingEvent[UUID]) -> None:
        """Snapshot a saved table from memory when its new events crossed an interval, and
        delete the snapshots it supersedes.

        The library would rebuild the table from the store at the interval's version; the
        table in hand is already the saved state, a few versions on at most. This overrides
        a private step of eventsourcing's save, which has no public hook for it: the pin in
        pyproject.toml and tests/test_library_contract.py keep it the step the library takes.
        """
        assert self.snapshots is not None
        interval = self.snapshotting_intervals[Table]
        crossed = {
            event.originator_id
            for event in processing_event.events
            if event.originator_version % interval == 0
        }
        snapshots = [
            Snapshot.take(aggregate)
            for table_id, aggregate in processing_event.aggregates.items()
            if table_id in crossed
        ]
        if snapshots:
            self.snapshots.put(snapshots)
            prune_snapshots(
                self.snapshots.recorder,
                {snapshot.originator_id: snapshot.originator_version for snapshot in snapshots},
                self.rewind_checkpoint,
            )

    def save(
        self,
        *objs: MutableOrImmutableAggregate[UUID] | DomainEventProtocol[UUID] | None,
        **kwargs: Any,
    ) -> list[Recording[UUID]]:
        """Store the objects' new events in one transaction; then tell the log's observers
        what was recorded, and the observers of each table saved, while its lock is still
        held, so what it reads of the table is the state those events made.

        The steps of eventsourcing's `Application.save` (collect, `_record`,
        `_take_snapshots`, `_notify`), which has no public hook after a save nor one to
        collect without its Protocol checks: tests/test_library_contract.py fails when a
        release of the library changes them."""
        processing_event: ProcessingEvent[UUID] = ProcessingEvent()
        # the library's `collect_events`, less its runtime Protocol checks: on Python 3.11
        # they cost more than the rest of a command's bookkeeping, and only tables and
        # events (idempotency records) are ever saved here
        for obj in objs:
            if isinstance(obj, Table):
                processing_event.events.extend(obj.collect_events())
                processing_event.aggregates[obj.id] = obj
            elif obj is not None:
                processing_event.events.append(cast(DomainEventProtocol[UUID], obj))
        processing_event.saved_kwargs.update(kwargs)
        recordings = self._record(processing_event)
        for log_observer in self.log_observers:
            log_observer(recordings)
        self._take_snapshots(processing_event)
        self._notify(recordings)
        if self.observers:
            saved: dict[UUID, list[DomainEventProtocol[UUID]]] = {}
            for recording in recordings:
                event = recording.domain_event
                saved.setdefault(event.originator_id, []).append(event)
            for table in objs:
                if isinstance(table, Table) and table.id in saved:
                    for observer in self.observers:
                        observer(table, saved[table.id])
        return recordings

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        super().register_transcodings(transcoder)
        for transcoding in structs.transcodings():
            transcoder.register(transcoding)

    # -- commands ---------------------------------------------------------------------

    def create_table(
        self,
        system: str,
        title: str,
        gm_name: str,
        options: dict[str, Any],
        *,
        idempotency_key: str | None = None,
    ) -> Creation:
        """A new table with its game master seated: its id, and whether a creation sent
        before with the same idempotency key made it (a retry answers as the first time).

        With an idempotency key (at least 16 characters, e.g. a UUID), the table id is
        derived from the key, so a retried creation finds the table the first one made.
        """
        rules = rule_system(system)
        title = checked_name(title, "a table's title", MAX_TITLE)
        gm_name = checked_name(gm_name, "the game master's name")
        options = rules.parse_options(options)
        if idempotency_key is None:
            table_id = uuid4()
        else:
            table_id = self._table_id_for(idempotency_key)
            existing = self._find(table_id)
            if existing is not None:
                if (existing.system, existing.title, existing.options, existing.gm_seat.name) != (
                    rules.name,
                    title,
                    options,
                    gm_name,
                ):
                    raise Conflict(
                        "this idempotency key created another table: use a new key",
                        "idempotency_key_reused",
                    )
                return Creation(table_id, replayed=True)
        keys = self.keys(table_id)
        table = Table.open(
            table_id,
            system=rules.name,
            title=title,
            options=options,
            gm=Seat(
                id=rules.gm_seat,
                name=gm_name,
                role=GM,
                credential_hash=keys.credential_hash(rules.gm_seat, 0),
            ),
            seed_commitment=keys.seed_commitment,
        )
        try:
            self.save(table)
        except IntegrityError:
            if idempotency_key is None or self._find(table_id) is None:
                raise
            # a creation sent at the same moment with the same key saved first: answered as
            # a retry of it (or refused, were its table another)
            return self.create_table(
                system, title, gm_name, options, idempotency_key=idempotency_key
            )
        return Creation(table_id, replayed=False)

    def fork(self, table_id: UUID, actor: str | Bearer, version: int, title: str) -> UUID:
        """The game master starts a new table from this one as it was at `version`."""
        source = self.read(table_id, lambda table: table)
        seat = source.authenticate(actor.credential).id if isinstance(actor, Bearer) else actor
        source.require_gm(seat, "fork the table")
        title = checked_name(title, "a table's title", MAX_TITLE)
        past = self.read(table_id, lambda table: table, version=version)
        fork_id = uuid4()
        self.save(Table.fork_of(past, fork_id, title, self.keys(fork_id)))
        return fork_id

    def execute(
        self,
        table_id: UUID,
        actor: str | Bearer,
        command: Any,
        *,
        idempotency_key: str | None = None,
        expected_version: int | None = None,
    ) -> Outcome:
        """Run one command for the acting seat; a rejected command appends nothing.

        A command sent again with the same idempotency key returns the first result and
        appends nothing; `expected_version`, when given, must be the table's version.
        """
        return self._execute(
            CommandRequest(table_id, actor, command, idempotency_key, expected_version)
        )

    def execute_all(self, requests: Sequence[CommandRequest]) -> list[Outcome | Exception]:
        """Run several commands (of any tables) and save them in one transaction.

        A group commit: one write to the store for the lot. A command the rules reject, or
        whose table another process has moved on, is run again alone after the batch, so
        each result is the one `execute` would have given. When the batch cannot be saved,
        or a handler fails unexpectedly (a bug), no event of the batch is kept, not even in
        the cache: every command is run again alone, and the failing one fails alone.
        """
        results: list[Outcome | Exception | None] = [None] * len(requests)
        alone: list[int] = []
        stripes = sorted({self._stripe(request.table_id) for request in requests})
        with contextlib.ExitStack() as locked:
            for stripe in stripes:
                locked.enter_context(self._locks[stripe])
            tables: dict[UUID, Table] = {}
            records: list[CommandRecorded] = []
            try:
                for index, request in enumerate(requests):
                    try:
                        table = tables.get(request.table_id) or self._cached(request.table_id)
                    except DomainError as error:
                        results[index] = error
                        continue
                    tables[table.id] = table
                    before = len(table.pending_events)
                    try:
                        results[index], recorded = self._apply(table, request)
                    except DomainError:
                        if len(table.pending_events) != before:
                            raise  # a handler broke its promise to check before any event
                        alone.append(index)
                        continue
                    if len(table.pending_events) == before:  # nothing to save: `_execute` asks
                        results[index] = None  # whether another process moved the table
                        alone.append(index)
                        continue
                    if recorded is not None:
                        records.append(recorded)
                changed = [table for table in tables.values() if table.pending_events]
                if changed or records:
                    self.save(*changed, *records)
            except BaseException as error:
                for table_id in tables:  # their unsaved events must never reach a later save
                    self._evict(table_id)
                if not isinstance(error, Exception) or isinstance(error, STORE_DOWN):
                    raise  # the store is unreachable (or the process stops): alone cannot help
                alone = [
                    i for i, result in enumerate(results) if not isinstance(result, DomainError)
                ]
                results = [r if isinstance(r, DomainError) else None for r in results]
        for index in alone:
            try:
                results[index] = self._execute(requests[index])
            except STORE_DOWN:
                raise
            except Exception as error:  # a rule's refusal, or a bug of this command alone
                results[index] = error
        settled = [result for result in results if result is not None]
        assert len(settled) == len(requests)
        return settled

    def _execute(self, request: CommandRequest) -> Outcome:
        with self._lock(request.table_id):
            fresh = False
            for attempt in range(CONFLICT_RETRIES):
                # optimistic: the cached table, unread from the store; if another process
                # moved the table, the save fails and the command runs again on fresh state
                table = self._load(request.table_id) if fresh else self._cached(request.table_id)
                try:
                    outcome, recorded = self._apply(table, request)
                    # a command that changes the table finds out at its save whether another
                    # process moved it; one that changes nothing (a no-op, a replay) asks
                    if fresh or table.pending_events or not self._moved(table):
                        if table.pending_events or recorded is not None:
                            self.save(table, recorded)
                        return outcome
                    self._evict(table.id)
                except IntegrityError:
                    self._evict(table.id)
                    if attempt == CONFLICT_RETRIES - 1:
                        raise
                except DomainError:
                    if fresh or not self._moved(table):
                        raise
                except BaseException:  # a failed save, or a bug: the table ran ahead of the store
                    self._evict(table.id)
                    raise
                fresh = True
        raise AssertionError("unreachable")  # pragma: no cover

    def _apply(
        self, table: Table, request: CommandRequest
    ) -> tuple[Outcome, CommandRecorded | None]:
        """Judge a command on a table in memory and trigger its events, without saving.

        Returns the outcome and, for a keyed command met for the first time, its record, to
        be saved in the same transaction as the table."""
        actor = request.actor
        seat = table.authenticate(actor.credential).id if isinstance(actor, Bearer) else actor
        key = request.idempotency_key
        fingerprint = ""
        if key is not None:
            fingerprint = idempotency.fingerprint(self._server_key, request.command)
            replayed = self._replay(table.id, seat, key, fingerprint)
            if replayed is not None:
                return replayed, None
        expected = request.expected_version
        if expected is not None and expected != table.version:
            raise StaleVersion(f"the table is at version {table.version}, not {expected}")
        handler = self._handler(table, request.command)
        if isinstance(request.command, CloseTable):
            self._require_source_closed(table)
        if isinstance(request.command, ClaimSeat):
            handler = partial(claim_seat, source_hash=self._source_credential_hash(table, seat))
        before = len(table.pending_events)
        invited = _invited_seat(table, seat, request.command)
        try:
            with one_moment(table):
                result = handler(table, seat, request.command, self.keys(table.id))
            if invited is not None:
                self._require_authority(table, invited, table.pending_events[:before])
        except BaseException:
            if len(table.pending_events) != before:  # the cached table ran ahead of the store
                self._evict(table.id)
            raise
        outcome = Outcome(result, table.version)
        if key is None:
            return outcome, None
        recorded = idempotency.record(
            self._server_key,
            table.id,
            seat,
            key,
            fingerprint,
            msgspec.to_builtins(result),
            table.version,
        )
        return outcome, recorded

    def _replay(self, table_id: UUID, seat: str, key: str, fingerprint: str) -> Outcome | None:
        """The first result of a command sent again with the seat's key, if there was one."""
        recorded = self.recorded(table_id, seat, key)
        if recorded is None:
            return None
        if not hmac.compare_digest(recorded.fingerprint, fingerprint):
            raise Conflict(
                "this idempotency key was used for another command: use a new key per command",
                "idempotency_key_reused",
            )
        return Outcome(recorded.result, recorded.version, replayed=True)

    def recorded(self, table_id: UUID, seat: str, key: str) -> CommandRecorded | None:
        """The record of the seat's command sent with this idempotency key, if any."""
        record_id = idempotency.record_id(self._server_key, table_id, seat, key)
        recorded = next(iter(self.events.get(record_id, limit=1)), None)
        assert recorded is None or isinstance(recorded, CommandRecorded)
        return recorded

    def _require_authority(self, table: Table, seat: Seat, unsaved: Sequence[Any]) -> None:
        """Seat authority, once the rules let an invitation be issued or redeemed for `seat`
        (as it was before: a refusal by the rules comes first), judged on the log before
        the command, the events `unsaved` of the same batch included."""
        saved = table.version - len(table.pending_events)
        events = chain(self.table_events(table.id, upto=saved), unsaved)
        known = self.seat_authority(table, events, seat)
        if known is not None:
            raise Conflict(
                f"seat {seat.id!r} reads what the game master may not ({known}): it takes no "
                "invitation until that is resolved, revealed or the table closes",
                "seat_holds_secret",
            )

    def _source_credential_hash(self, table: Table, seat_id: str) -> str | None:
        """For a fork's seat that waits for its player, the hash of the credential that player
        holds now at the table forked from (through every fork between): a credential rotated
        out there, or a seat removed there, claims nothing here."""
        seat = table.seats.get(seat_id)
        if seat is None or table.lineage is None or not table.waits_for_source(seat):
            return None
        source = self._load(UUID(table.lineage.table_id))
        held = source.seats.get(seat_id)
        if held is None or not held.active:
            return None
        if source.waits_for_source(held):
            return self._source_credential_hash(source, seat_id)
        return held.credential_hash or None

    def _require_source_closed(self, table: Table) -> None:
        """A fork holds what its source's seats held at the fork, secret on the source while
        it is open; closing the fork would show it all, so the source must close first."""
        if table.lineage is None:
            return
        source = self._load(UUID(table.lineage.table_id))
        if not source.closed:
            raise Conflict(
                f"this table was forked from table {source.id}, still open: closing would "
                "show its secrets; close that table first",
                "source_open",
            )

    # -- reads --------------------------------------------------------------------------

    def read(self, table_id: UUID, view: Callable[[Table], T], version: int | None = None) -> T:
        """Apply a read-only function to the table, now or as it was at `version`."""
        if version is not None:
            try:
                table: Table = self.repository.get(table_id, version=version)
            except AggregateNotFoundError:
                raise NotFound(f"there is no table {table_id}", "unknown_table") from None
            if table.version < version:
                raise NotFound(
                    f"the table has {table.version} versions, not {version}", "unknown_version"
                )
            return view(table)
        with self._lock(table_id):
            return view(self._load(table_id))

    def verify(
        self, table_id: UUID, events: Iterable[DomainEventProtocol[UUID]] | None = None
    ) -> Verification:
        """After closing: recompute every shuffle and die from the revealed seed and compare.

        `events` are all the table's events, as the caller reads them (by default, from the
        store in pages)."""
        table = self.read(table_id, lambda table: table)
        if table.seed is None:
            raise Conflict(
                "the seed is revealed when the table closes: verify after closing", "table_open"
            )
        seed = bytes.fromhex(table.seed)
        if events is None:
            events = self.table_events(table_id)
        events = list(events)
        shuffles, mismatches = rule_system(table.system).verify_shuffles(events, seed)
        dice, dice_mismatched = dice_mismatches(events, seed)
        return Verification(
            seed=table.seed,
            commitment_matches=commitment(seed) == table.seed_commitment,
            shuffles_checked=shuffles,
            dice_checked=dice,
            mismatches=mismatches + dice_mismatched,
        )

    def table_events(
        self,
        table_id: UUID,
        after: int = 0,
        upto: int | None = None,
        topics: Container[str] | None = None,
    ) -> Iterator[DomainEventProtocol[UUID]]:
        """The table's events with versions in (after, upto], oldest first, read from the
        store a page at a time: a reader that stops early (a log page, a test's record)
        reads no further than it needs. Given `topics`, only events of those topics are
        decoded: the others are passed over as stored, which costs little."""
        store = self.events
        while True:
            stored = store.recorder.select_events(
                table_id, gt=after or None, lte=upto, limit=EVENT_PAGE
            )
            for record in stored:
                if topics is None or record.topic in topics:
                    yield store.mapper.to_domain_event(record)
            if len(stored) < EVENT_PAGE:
                return
            after = stored[-1].originator_version

    # -- the notification log -----------------------------------------------------------

    def notifications(
        self,
        start: int,
        limit: int,
        *,
        topics: Sequence[str] = (),
        inclusive_of_start: bool = True,
    ) -> Sequence[Notification]:
        """At most `limit` notifications of the log from position `start` (after it, when
        not `inclusive_of_start`), oldest first; only those of `topics` when given.

        What the service's followers of the log read (the live relay, the analytics, the
        exports): the recorder's query, without `notification_log`'s cap of a section's
        size on a page."""
        return self.recorder.select_notifications(
            start, limit, topics=topics, inclusive_of_start=inclusive_of_start
        )

    def last_notification_id(self) -> int:
        """The position of the newest notification in the log, 0 while it is empty: where
        a follower of the log has caught up to; also the store's readiness probe."""
        return self.recorder.max_notification_id() or 0

    def log_channel(self) -> PostgresApplicationRecorder | None:
        """On PostgreSQL, the log's recorder, whose inserts NOTIFY its `channel_name` (a
        follower LISTENs on a connection of its `datastore`); None on the other stores,
        which notify nobody."""
        recorder = self.recorder
        return recorder if isinstance(recorder, PostgresApplicationRecorder) else None

    # -- internals ----------------------------------------------------------------------

    def _stripe(self, table_id: UUID) -> int:
        return table_id.int % LOCK_STRIPES

    def _lock(self, table_id: UUID) -> threading.RLock:
        return self._locks[self._stripe(table_id)]

    def _cached(self, table_id: UUID) -> Table:
        """The table as this process last saw it, without reading the store when cached.

        The repository's cache holds the very table a command then changes in place (see
        tests/test_library_contract.py): eventsourcing documents no API for this."""
        cache = self.repository.cache
        if cache is not None:
            with contextlib.suppress(KeyError):
                return cast(Table, cache.get(table_id))
        return self._load(table_id)

    def _moved(self, table: Table) -> bool:
        """Whether the store holds events of the table past the given (cached) version."""
        return any(True for _ in self.events.get(table.id, gt=table.version, limit=1))

    def _load(self, table_id: UUID) -> Table:
        try:
            table: Table = self.repository.get(table_id, deepcopy_from_cache=False)
        except AggregateNotFoundError:
            raise NotFound(f"there is no table {table_id}", "unknown_table") from None
        assert isinstance(table, Table)
        return table

    def _table_id_for(self, idempotency_key: str) -> UUID:
        if not MIN_CREATION_KEY <= len(idempotency_key) <= MAX_KEY:
            raise InvalidCommand(
                f"a table creation's idempotency key has {MIN_CREATION_KEY} to {MAX_KEY} "
                "characters (a UUID is a good key)",
                "invalid_idempotency_key",
            )
        digest = hmac.new(self._server_key, b"table|" + idempotency_key.encode(), "sha256")
        return UUID(bytes=digest.digest()[:16], version=4)

    def _find(self, table_id: UUID) -> Table | None:
        try:
            return self._load(table_id)
        except NotFound:
            return None

    def _evict(self, table_id: UUID) -> None:
        cache = self.repository.cache
        if cache is not None:
            with contextlib.suppress(KeyError):
                cache.get(table_id, evict=True)

    def _handler(self, table: Table, command: Any) -> Handler:
        handler = SHARED_HANDLERS.get(type(command)) or rule_system(table.system).handlers.get(
            type(command)
        )
        if handler is None:
            raise InvalidCommand(
                f"{type(command).__name__} is not a command of {table.system} tables",
                "unknown_command",
            )
        return handler

    def keys(self, table_id: UUID) -> TableKeys:
        """The table's secrets: for its commands, and for the service to hand out credentials."""
        return TableKeys(self._server_key, table_id)
