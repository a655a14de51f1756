"""The operator's export of every closed table (issue 14, exports): one NDJSON stream, each
line an event as every seat sees it once the table is closed, with its table's id and rule
system.

Closed tables are found in the store's notification log, by the TableClosed topic alone (no
table is loaded to learn whether it is closed), in the order they closed; each table's log
follows, in version order, redacted by the log's own path (`service.ndjson`) with the
redaction of a closed table. An open table is never read.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from functools import partial
from typing import Annotated, Any
from uuid import UUID

import msgspec
from litestar import Request
from litestar.exceptions import ValidationException
from litestar.params import QueryParameter
from litestar.response import Stream

from domain.application import Tables
from domain.table import Table, TableClosed
from projections.visibility import AFTER_CLOSING
from service import ndjson
from service.operator import operator_get
from service.reads import in_read_thread

#: TableClosed notifications read at a time
CLOSINGS_PAGE = 100
#: a closed table: its id, its rule system and its last version (its TableClosed)
Closed = tuple[UUID, str, int]


def closed_tables(
    tables: Tables, start: int, since: datetime | None
) -> tuple[list[Closed], int | None]:
    """The tables closed (at or after `since`) among the next `CLOSINGS_PAGE` closings of the
    notification log from position `start`, and where the next page starts (None at the
    end)."""
    closings = tables.notifications(start, CLOSINGS_PAGE, topics=[TableClosed.TOPIC])
    found: list[Closed] = []
    for notification in closings:
        closing = tables.mapper.to_domain_event(notification)
        assert isinstance(closing, TableClosed)
        if since is not None and closing.timestamp < since:
            continue
        table_id = UUID(str(notification.originator_id))
        created = next(iter(tables.table_events(table_id, 0, 1)))
        assert isinstance(created, Table.Created)
        found.append((table_id, created.system, notification.originator_version))
    more = len(closings) == CLOSINGS_PAGE
    return found, (closings[-1].id + 1 if more else None)


async def export_lines(
    request: Request[Any, Any, Any], since: datetime | None
) -> AsyncIterator[bytes]:
    tables: Tables = request.app.state.tables
    start: int | None = 1
    while start is not None:
        found, start = await in_read_thread(request, partial(closed_tables, tables, start, since))
        for table_id, system, last in found:
            extra = {"table_id": str(table_id), "system": system}
            async for chunk in ndjson.log_lines(
                request, table_id, AFTER_CLOSING, True, 0, last, extra=extra
            ):
                yield chunk


@operator_get(
    "/export",
    operation_id="exportClosedTables",
    summary="Every closed table's log, as NDJSON (operator)",
    description="For analytics, with the operator's token: the log of every closed table, one "
    "event a line, each as every seat sees it once the table is closed (every card and roll, "
    "the seed; never a credential's or invitation's digest), with its table's `table_id` and "
    "rule `system`. Tables come in the order they closed, each one's events together and in "
    "version order; with `since`, only the tables closed at or after it. An open table never "
    "appears. The answer is streamed, without a page limit.",
)
async def export_closed_tables(
    request: Request[Any, Any, Any],
    since: Annotated[
        datetime | None,
        QueryParameter(
            name="since",
            required=False,
            description="Only the tables closed at or after this time (RFC 3339, e.g. "
            "`2026-11-01T00:00:00Z`; without an offset, UTC)",
        ),
    ] = None,
) -> Stream:
    if since is not None:
        since = rfc3339(request.query_params["since"], "since")
    return ndjson.answer(request, export_lines(request, since), "saloon-export.ndjson")


def rfc3339(text: str, key: str) -> datetime:
    """A query's time as RFC 3339 says, and only so, as its instant in UTC: litestar's parsing
    also takes a number (a Unix time), which the document does not allow. Without an offset,
    UTC. A time whose offset carries it out of years 1 to 9999 in UTC (`9999-12-31T23:59:59-
    23:59`) is refused like a malformed one: no stored time can be compared with it."""
    try:
        moment = msgspec.json.decode(msgspec.json.encode(text), type=datetime)
        return moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)
    except (msgspec.ValidationError, OverflowError):
        raise ValidationException(
            f"{key} is an RFC 3339 date-time between years 1 and 9999 in UTC, e.g. "
            "2026-11-01T00:00:00Z",
            extra=[
                {
                    "message": "Not an RFC 3339 date-time of years 1 to 9999 in UTC",
                    "key": key,
                    "source": "query",
                }
            ],
        ) from None
