"""The analytics read model: every table's tally, kept up to date from the store's log.

`TableStatsProjection` is an eventsourcing `Projection`: it folds each event of the tables'
log, in full (as everybody sees it once the table closes), into its table's `Tally`, and its
view records the changed tallies together with the log position reached, in one
transaction: every event counts exactly once, across restarts and crashes. A follower of the
notification log feeds it (`service.analytics`), a batch of events at a time.

The figures served from here are those of closed tables only (`GET /tables/{id}/stats` of a
closed table, the operator's `GET /stats`): nothing hidden from a seat is ever read out of
the read model while its table is open.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any
from uuid import UUID

import msgspec
from eventsourcing.persistence import Notification, Tracking, TrackingRecorder
from eventsourcing.popo import POPOTrackingRecorder
from eventsourcing.postgres import PostgresTrackingRecorder
from eventsourcing.projection import Projection
from eventsourcing.sqlite import SQLiteTrackingRecorder
from psycopg.sql import SQL, Identifier

from domain.table import Table
from projections.redaction import (
    RedactedEvent,
    closed_from_store,
    envelope_from_store,
    redact,
    type_of_topic,
)
from projections.stats import FIGURES_VERSION, fold, reads
from projections.tally import Tally
from projections.visibility import AFTER_CLOSING

#: the read model's table, beside the projection's tracking table; both are named after the
#: figures' version, so that new figures are counted afresh from the first event
STATS_TABLE = f"table_stats_v{FIGURES_VERSION}"
CREATED_TOPIC = Table.Created.TOPIC


class TableRow(msgspec.Struct, kw_only=True):
    """One table in the read model."""

    table_id: UUID
    system: str
    mode: str | None
    #: when the table closed (ISO 8601), None while it is open
    closed_at: str | None = None
    tally: Tally


_encode = msgspec.json.Encoder().encode
_decode_tally = msgspec.json.Decoder(Tally).decode
_decode_row = msgspec.json.Decoder(TableRow).decode


class StatsView(TrackingRecorder):
    """What the read model's view offers, whatever its store."""

    @abstractmethod
    def rows(self, table_ids: Iterable[UUID]) -> dict[UUID, TableRow]:
        """The rows of these tables that the view holds."""

    @abstractmethod
    def record(self, rows: Sequence[TableRow], tracking: Tracking) -> None:
        """Write the changed rows and the position reached, in one transaction."""

    @abstractmethod
    def closed(
        self, system: str | None, mode: str | None, since: str | None, until: str | None
    ) -> list[TableRow]:
        """The closed tables' rows (of a system and mode), closed in [since, until]."""

    @abstractmethod
    def close(self) -> None:
        """Release the store's connections."""


def _row(table_id: Any, system: str, mode: Any, closed_at: Any, tally: bytes) -> TableRow:
    return TableRow(
        table_id=UUID(str(table_id)),
        system=system,
        mode=mode,
        closed_at=closed_at,
        tally=_decode_tally(tally),
    )


def _filters(
    system: str | None, mode: str | None, since: str | None, until: str | None, mark: str
) -> tuple[str, list[Any]]:
    clauses, params = ["closed_at IS NOT NULL"], []
    for clause, value in (
        (f"system = {mark}", system),
        (f"mode = {mark}", mode),
        (f"closed_at >= {mark}", since),
        (f"closed_at <= {mark}", until),
    ):
        if value is not None:
            clauses.append(clause)
            params.append(value)
    return " AND ".join(clauses), params


class MemoryStatsView(POPOTrackingRecorder, StatsView):
    """The read model in memory, for a store in memory (tests, benchmarks)."""

    def __init__(self) -> None:
        super().__init__()
        self._rows: dict[UUID, bytes] = {}

    def rows(self, table_ids: Iterable[UUID]) -> dict[UUID, TableRow]:
        with self._database_lock:
            found = {i: self._rows[i] for i in table_ids if i in self._rows}
        return {i: _decode_row(row) for i, row in found.items()}

    def record(self, rows: Sequence[TableRow], tracking: Tracking) -> None:
        with self._database_lock:
            self._assert_tracking_uniqueness(tracking)
            for row in rows:
                self._rows[row.table_id] = _encode(row)
            self._insert_tracking(tracking)

    def closed(
        self, system: str | None, mode: str | None, since: str | None, until: str | None
    ) -> list[TableRow]:
        with self._database_lock:
            everything = [_decode_row(row) for row in self._rows.values()]
        return sorted(
            (
                row
                for row in everything
                if row.closed_at is not None
                and system in (None, row.system)
                and mode in (None, row.mode)
                and (since is None or row.closed_at >= since)
                and (until is None or row.closed_at <= until)
            ),
            key=lambda row: str(row.closed_at),
        )

    def close(self) -> None:
        """Nothing to release."""


class SQLiteStatsView(SQLiteTrackingRecorder, StatsView):
    """The read model in a SQLite file (the embedded default)."""

    def construct_create_table_statements(self) -> list[str]:
        return [
            *super().construct_create_table_statements(),
            f"CREATE TABLE IF NOT EXISTS {STATS_TABLE} (table_id TEXT PRIMARY KEY, "
            "system TEXT NOT NULL, mode TEXT, closed_at TEXT, tally BLOB NOT NULL)",
            f"CREATE INDEX IF NOT EXISTS {STATS_TABLE}_closed ON {STATS_TABLE} (system, closed_at)",
        ]

    def rows(self, table_ids: Iterable[UUID]) -> dict[UUID, TableRow]:
        ids = [str(i) for i in table_ids]
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        with self.datastore.transaction(commit=False) as c:
            c.execute(
                f"SELECT table_id, system, mode, closed_at, tally FROM {STATS_TABLE} "
                f"WHERE table_id IN ({marks})",
                ids,
            )
            found = [_row(*r) for r in c.fetchall()]
        return {row.table_id: row for row in found}

    def record(self, rows: Sequence[TableRow], tracking: Tracking) -> None:
        with self.datastore.transaction(commit=True) as c:
            c.executemany(
                f"INSERT OR REPLACE INTO {STATS_TABLE} VALUES (?, ?, ?, ?, ?)",
                [(str(r.table_id), r.system, r.mode, r.closed_at, _encode(r.tally)) for r in rows],
            )
            self._insert_tracking(c, tracking)

    def closed(
        self, system: str | None, mode: str | None, since: str | None, until: str | None
    ) -> list[TableRow]:
        where, params = _filters(system, mode, since, until, "?")
        with self.datastore.transaction(commit=False) as c:
            c.execute(
                f"SELECT table_id, system, mode, closed_at, tally FROM {STATS_TABLE} "
                f"WHERE {where} ORDER BY closed_at",
                params,
            )
            return [_row(*r) for r in c.fetchall()]

    def close(self) -> None:
        self.datastore.close()


class PostgresStatsView(PostgresTrackingRecorder, StatsView):
    """The read model in PostgreSQL, beside the events."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sql_create_statements.append(
            SQL(
                "CREATE TABLE IF NOT EXISTS {0}.{1} (table_id uuid PRIMARY KEY, "
                "system text NOT NULL, mode text, closed_at text, tally bytea NOT NULL)"
            ).format(Identifier(self.datastore.schema), Identifier(STATS_TABLE))
        )
        self._table = SQL("{0}.{1}").format(
            Identifier(self.datastore.schema), Identifier(STATS_TABLE)
        )

    def _select(self, where: str) -> SQL:
        return SQL(  # type: ignore[return-value]
            "SELECT table_id, system, mode, closed_at, tally FROM {0} WHERE " + where
        ).format(self._table)

    def rows(self, table_ids: Iterable[UUID]) -> dict[UUID, TableRow]:
        ids = list(table_ids)
        if not ids:
            return {}
        with self.datastore.transaction(commit=False) as curs:
            curs.execute(self._select("table_id = ANY(%s)"), (ids,))
            found = [_row(**r) for r in curs.fetchall()]
        return {row.table_id: row for row in found}

    def record(self, rows: Sequence[TableRow], tracking: Tracking) -> None:
        upsert = SQL(
            "INSERT INTO {0} VALUES (%s, %s, %s, %s, %s) ON CONFLICT (table_id) DO UPDATE "
            "SET closed_at = EXCLUDED.closed_at, tally = EXCLUDED.tally"
        ).format(self._table)
        with self.datastore.transaction(commit=True) as curs:
            if rows:
                curs.executemany(
                    upsert,
                    [(r.table_id, r.system, r.mode, r.closed_at, _encode(r.tally)) for r in rows],
                )
            self._insert_tracking(curs, tracking)

    def closed(
        self, system: str | None, mode: str | None, since: str | None, until: str | None
    ) -> list[TableRow]:
        where, params = _filters(system, mode, since, until, "%s")
        with self.datastore.transaction(commit=False) as curs:
            curs.execute(self._select(where + " ORDER BY closed_at"), params)
            return [_row(**r) for r in curs.fetchall()]

    def close(self) -> None:
        self.datastore.close()


#: one event to count: its table, whether it creates the table, and the event (a domain
#: event, or a row of the store's log)
Item = tuple[UUID, bool, Any]


def _read(source: Any, system: str | None) -> RedactedEvent:
    """An event as everybody sees it once its table is closed; of a stored event whose
    fields the table's fold never reads, its envelope alone."""
    if not isinstance(source, Notification):
        return redact(source, AFTER_CLOSING, closed=True)
    if system is None or reads(system, type_of_topic(source.topic)):
        return closed_from_store(source)
    return envelope_from_store(source)


class TableStatsProjection(Projection[StatsView]):
    """Folds every table's events, in full, into its tally (`projections.stats.fold`).

    The log holds other aggregates' events too (idempotency records): an event of no table
    the view knows, and that creates none, only moves the position on, unread."""

    name = STATS_TABLE

    def __init__(self, view: StatsView) -> None:
        super().__init__(view)
        #: the rows its last write recorded, and the position written with them: a batch's
        #: tables are mostly the last one's (the tables in play), kept rather than read back
        #: and decoded from the view
        self._written: dict[int, TableRow] = {}
        self._written_at: int | None = None

    def process_event(self, domain_event: Any, tracking: Tracking) -> None:
        """One event at a time, as eventsourcing's `ProjectionRunner` would give them (the
        `Projection` interface asks for it; `service.analytics` feeds pages instead)."""
        creates = isinstance(domain_event, Table.Created)
        self.process([(domain_event.originator_id, creates, domain_event)], tracking)

    def process_stored(self, application_name: str, notifications: Sequence[Any]) -> None:
        """A page of the store's notification log, as the follower reads it."""
        if not notifications:
            return
        items = [(n.originator_id, n.topic == CREATED_TOPIC, n) for n in notifications]
        self.process(items, Tracking(application_name, notifications[-1].id))

    def process(self, items: Sequence[Item], tracking: Tracking) -> None:
        """Events of the log in order, up to `tracking`: one read and one write of the view
        for them all."""
        # keyed by the ids' integers: a UUID hashes in Python, several times an event
        ids = {table_id.int: table_id for table_id, _, _ in items}
        rows = self._rows(tracking.application_name, ids)
        changed: dict[int, TableRow] = {}
        try:
            for table_id, creates, source in items:
                row = rows.get(table_id.int)
                if row is None:
                    if not creates:
                        continue
                    event = _read(source, None)
                    row = rows[table_id.int] = _new_row(table_id, event)
                else:
                    event = _read(source, row.system)
                fold(row.tally, event, event.version)
                if event.type == "TableClosed":
                    row.closed_at = event.at
                changed[table_id.int] = row
            self.view.record(list(changed.values()), tracking)
        except BaseException:
            self._written, self._written_at = {}, None  # folded into, but not written
            raise
        self._written, self._written_at = changed, tracking.notification_id

    def _rows(self, application_name: str, ids: dict[int, UUID]) -> dict[int, TableRow]:
        """These tables' rows: those the last write recorded as it left them, while the view
        is still at the position it wrote (nobody else wrote it since), the others read."""
        written = self._written
        if written and self.view.max_tracking_id(application_name) != self._written_at:
            written = {}
        rows = {i: written[i] for i in ids if i in written}
        missing = [table_id for i, table_id in ids.items() if i not in rows]
        rows.update({table_id.int: row for table_id, row in self.view.rows(missing).items()})
        return rows


def _new_row(table_id: UUID, event: RedactedEvent) -> TableRow:
    options = event.data.get("options") or {}
    return TableRow(
        table_id=table_id, system=event.data["system"], mode=options.get("mode"), tally=Tally()
    )
