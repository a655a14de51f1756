"""A table's figures, `GET /tables/{id}/stats`, as the caller may know them; and the
operator's figures of closed tables, `GET /stats`.

During play the figures are folded from the caller's own log (exactly the events `listEvents`
shows the caller, redacted the same way), so they hold nothing the caller may not know.
Once the table is closed everybody may know everything, and the read model
(`projections.analytics`) holds the figures already; while it has not caught up with the
table, the log is folded as during play, which gives the same figures.

A read returns the figures an earlier read of the same knowledge kept (`projections.folds`)
when no event came since, or folds on from that read's tally; it reads the log a page per
job of the read threads (`service.reads.in_read_pages`) and makes the figures on them too: a
long table's figures never hold up another table's reads for longer than a page.
"""

from __future__ import annotations

from datetime import datetime
from functools import partial
from typing import Annotated, Any
from uuid import UUID

import msgspec
from eventsourcing.persistence import PersistenceError
from litestar import Request, Response
from litestar.params import FromPath, QueryParameter

from domain.systems import SystemName
from domain.table import Table
from projections.analytics import TableRow
from projections.folds import Fold, Folds, fold_log
from projections.stats import TableStats, Totals, table_stats, totals
from projections.tally import Tally, summed
from projections.visibility import Viewer, knowledge
from service.analytics import Analytics
from service.api import (
    Audit,
    IfNoneMatch,
    read_as_caller,
    read_etag,
    read_get,
)
from service.exports import rfc3339
from service.operator import operator_get
from service.reads import Turns, in_read_pages, in_read_thread


@read_get(
    "/tables/{table_id:uuid}/stats",
    operation_id="getTableStats",
    summary="The table's figures as the caller may know them",
    description="Tests and their outcomes, what each character drew, played, dealt and "
    "took, the commands of each seat and the time between commands, as the caller's own "
    "log shows them (`audit` as for the log). Once the table is closed the figures count "
    "every event in full (`complete`), and `fairness` judges what was drawn and rolled "
    "against the expected shares (chi-square).",
    tags=["tables"],
)
async def get_table_stats(
    request: Request[Any, Any, Any],
    table_id: FromPath[UUID],
    audit: Audit = False,
    if_none_match: IfNoneMatch = None,
) -> Response[TableStats]:
    turns: Turns = request.app.state.figures_turns
    async with turns.of(table_id):
        figures = await _table_stats(request, table_id, audit, if_none_match)
    return Response(figures, headers=read_etag(request))


async def _table_stats(
    request: Request[Any, Any, Any], table_id: UUID, audit: bool, if_none_match: str | None
) -> TableStats:
    analytics: Analytics = request.app.state.analytics
    folds: Folds = request.app.state.folds

    def reader(table: Table, viewer: Viewer) -> tuple[Viewer, bool, int]:
        return viewer, table.closed, table.version

    viewer, closed, version = await read_as_caller(
        request, table_id, audit, None, reader, if_none_match
    )
    if closed:
        row = await in_read_thread(request, partial(_kept_row, analytics, table_id))
        if row is not None and row.tally.version == version:
            return table_stats(table_id, row.tally, closed=True)
    known = knowledge(viewer, closed)
    kept = folds.figures(table_id, known, version)
    if kept is not None:
        return kept
    tally = folds.resume(table_id, known, version)
    folding = partial(fold_log, tally, viewer=viewer, closed=closed)
    await in_read_pages(request, table_id, tally.version, version, folding)
    figures = await in_read_thread(request, partial(table_stats, table_id, tally, closed=closed))
    folds.keep(table_id, known, Fold(tally, figures))
    return figures


def _kept_row(analytics: Analytics, table_id: UUID) -> TableRow | None:
    """The read model's row of a closed table, if the view can be read."""
    try:
        return analytics.view.rows([table_id]).get(table_id)
    except PersistenceError:  # the view is unreadable (not created yet): the log is
        return None


class ClosedTablesStats(msgspec.Struct, kw_only=True):
    """The figures of the closed tables asked for, added up per rule system and mode."""

    tables: int
    """The closed tables counted"""
    totals: list[Totals]
    """Their figures added up, one entry per rule system (and mode) among them"""


def _utc(moment: datetime | None) -> str | None:
    """A time (in UTC, from `rfc3339`) as the read model stores closing times (ISO 8601)."""
    return None if moment is None else moment.isoformat()


#: a game mode's name (`mode`): letters, digits, `_` and `-`
MODE_PATTERN = r"^[A-Za-z0-9_-]{1,40}$"


def _moment(name: str, description: str) -> Any:
    return QueryParameter(name=name, required=False, description=description)


@operator_get(
    "/stats",
    operation_id="getClosedTablesStats",
    summary="The figures of closed tables, added up (operator)",
    description="For the server's operator: the figures of every closed table (of a rule "
    "system, a mode, closed in a period) added up per system and mode — tests and their "
    "outcomes, what was drawn and rolled against the expected shares (chi-square), the pace "
    "of play. Only closed tables count, so nothing hidden from a seat ever leaves a table; "
    "figures that name one table's seats or characters are left out. Read from the analytics "
    "read model: a table closed a moment ago may not be counted yet (see the "
    "`saloon_analytics_lag_events` metric).",
)
async def get_closed_tables_stats(
    request: Request[Any, Any, Any],
    system: Annotated[
        SystemName | None,
        QueryParameter(name="system", required=False, description="Only its tables"),
    ] = None,
    mode: Annotated[
        str | None,
        QueryParameter(
            name="mode",
            required=False,
            max_length=40,
            pattern=MODE_PATTERN,
            description="Only tables of this game mode (their system's `mode` option, such as "
            "Frontera's normal, no_management or wear)",
        ),
    ] = None,
    since: Annotated[
        datetime | None, _moment("from", "Only tables closed at or after this time (RFC 3339)")
    ] = None,
    until: Annotated[
        datetime | None, _moment("to", "Only tables closed at or before this time (RFC 3339)")
    ] = None,
) -> ClosedTablesStats:
    analytics: Analytics = request.app.state.analytics
    since = None if since is None else rfc3339(request.query_params["from"], "from")
    until = None if until is None else rfc3339(request.query_params["to"], "to")

    def read() -> ClosedTablesStats:
        rows = analytics.view.closed(system, mode, _utc(since), _utc(until))
        groups: dict[tuple[str, str | None], list[Tally]] = {}
        for row in rows:
            groups.setdefault((row.system, row.mode), []).append(row.tally)
        return ClosedTablesStats(
            tables=len(rows),
            totals=[
                totals(system, mode, len(tallies), summed(tallies))
                for (system, mode), tallies in sorted(
                    groups.items(), key=lambda g: (g[0][0], g[0][1] or "")
                )
            ],
        )

    return await in_read_thread(request, read)
