"""Pruning the snapshot store, which eventsourcing only ever adds to.

A full snapshot every interval, all kept, makes storage grow with the square of a table's
length. Per table we keep the latest snapshot (a load starts from it) and the first one of
every `checkpoint` versions (a rewind to version N starts from the last one at or below N,
so it replays fewer than `checkpoint` + one interval of events); the rest are deleted.
eventsourcing has no delete, so this speaks SQL to the store's snapshot table. The in-memory
store (tests, benchmarks) keeps every snapshot.
"""

from __future__ import annotations

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


def prune_snapshots(
    recorder: AggregateRecorder, table_id: UUID, latest: int, checkpoint: int
) -> None:
    """Delete the table's snapshots older than version `latest` that no rewind needs."""
    if isinstance(recorder, SQLiteAggregateRecorder):
        statement = _prune(recorder.events_table_name, "?", "?")
        with recorder.datastore.transaction(commit=True) as cursor:
            cursor.execute(statement, (table_id.hex, latest, table_id.hex, checkpoint))
    elif isinstance(recorder, PostgresAggregateRecorder):
        table = SQL("{}.{}").format(
            Identifier(recorder.datastore.schema), Identifier(recorder.events_table_name)
        )
        query = SQL(_prune("{table}", "%s", "%s::bigint")).format(table=table)
        with recorder.datastore.get_connection() as connection, connection.cursor() as cursor:
            cursor.execute(query, (table_id, latest, table_id, checkpoint))
