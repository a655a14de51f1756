"""Reading a table's figures as a seat may know them: its log as that seat reads it, folded
event by event (`projections.stats.fold`) and shaped (`projections.stats.table_stats`)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.application import Tables
from domain.table import Table
from projections.log import log_page
from projections.redaction import RedactedEvent
from projections.stats import TableStats, fold, table_stats
from projections.tally import Tally
from projections.viewers import viewer_for


def logged(app: Tables, table_id: UUID, seat: str) -> list[RedactedEvent]:
    """Every event of the table's log as `seat` reads it now (in full once it is closed)."""

    def read(table: Table) -> list[RedactedEvent]:
        viewer = viewer_for(table, table.seats[seat], audit=False)
        events, _ = log_page(app.table_events(table_id), viewer, table.closed, limit=100_000)
        return events

    events: list[RedactedEvent] = app.read(table_id, read)
    return events


def tallied(events: list[RedactedEvent]) -> Tally:
    tally = Tally()
    for event in events:
        fold(tally, event, event.version)
    return tally


def stats_of(app: Tables, table_id: UUID, seat: str) -> TableStats:
    """The table's figures as `seat` may know them now."""
    closed: bool = app.read(table_id, lambda table: table.closed)
    return table_stats(table_id, tallied(logged(app, table_id, seat)), closed=closed)


def rules_of(app: Tables, table_id: UUID, seat: str) -> Any:
    return stats_of(app, table_id, seat).rules
