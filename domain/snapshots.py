"""Pruning the snapshot store, which eventsourcing only ever adds to.

A full snapshot every interval, all kept, makes storage grow with the square of a table's
length. Per table we keep the latest snapshot (a load starts from it) and the first one of
every `checkpoint` versions (a rewind to version N starts from the last one at or below N,
so it replays fewer than `checkpoint` + one interval of events); the rest are deleted.
eventsourcing has no delete, so this speaks SQL to the store's snapshot table. The in-memory
store (tests, benchmarks) keeps every snapshot.
"""

from __future__ import annotations

from collections.abc import Mapping
from uuid import UUID

from eventsourcing.persistence import AggregateRecorder
from eventsourcing.postgres import PostgresAggregateRecorder
from eventsourcing.sqlite import SQLiteAggregateRecorder
from psycopg.sql import SQL, Identifier


def _prune(table: str, param: str, span: str) -> str:
    """The DELETE of a table's snapshots below a version, but the first of each span."""
    return (
        f"DELETE FROM {table} WHERE originator_id = {param} AND originator_version < {param} "
        f"AND originator_version NOT IN (SELECT MIN(originator_version) FROM {table} "
        f"WHERE originator_id = {param} GROUP BY originator_version / {span})"
    )


#: the same DELETE for many tables at once, their ids and latest versions as two arrays
_PRUNE_ALL = (
    "DELETE FROM {table} AS s USING unnest(%s::uuid[], %s::bigint[]) AS t(id, latest) "
    "WHERE s.originator_id = t.id AND s.originator_version < t.latest "
    "AND s.originator_version NOT IN (SELECT MIN(k.originator_version) FROM {table} AS k "
    "WHERE k.originator_id = t.id GROUP BY k.originator_version / %s::bigint)"
)


def prune_snapshots(
    recorder: AggregateRecorder, latest: Mapping[UUID, int], checkpoint: int
) -> None:
    """Delete each table's snapshots older than its `latest` version that no rewind needs.

    One statement for every table a save snapshotted: tables played at the same pace cross
    an interval together, and a round trip each (the command thread waiting for the GIL
    after every one) stalled every command of the process for up to 200 ms."""
    if not latest:
        return
    if isinstance(recorder, SQLiteAggregateRecorder):
        statement = _prune(recorder.events_table_name, "?", "?")
        rows = [(table.hex, version, table.hex, checkpoint) for table, version in latest.items()]
        with recorder.datastore.transaction(commit=True) as cursor:
            cursor.executemany(statement, rows)
    elif isinstance(recorder, PostgresAggregateRecorder):
        table = SQL("{}.{}").format(
            Identifier(recorder.datastore.schema), Identifier(recorder.events_table_name)
        )
        query = SQL(_PRUNE_ALL).format(table=table)
        with recorder.datastore.get_connection() as connection, connection.cursor() as cursor:
            cursor.execute(query, (list(latest), list(latest.values()), checkpoint))
