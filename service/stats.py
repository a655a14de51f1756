"""A table's figures, `GET /tables/{id}/stats`, as the caller may know them.

During play the figures are folded from the caller's own log (exactly the events `listEvents`
shows the caller, redacted the same way), so they hold nothing the caller may not know.
Once the table is closed everybody may know everything, and the read model
(`projections.analytics`) holds the figures already; while it has not caught up with the
table, the log is folded as during play, which gives the same figures.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from litestar import Request, get
from litestar.params import FromPath

from domain.table import Table
from projections.redaction import redact
from projections.stats import TableStats, fold, table_stats
from projections.tally import Tally
from projections.visibility import Viewer
from service.analytics import Analytics
from service.api import RESPONSES, Audit, read_log, tables_of
from service.reads import scan as scan_log


@get(
    "/tables/{table_id:uuid}/stats",
    operation_id="getTableStats",
    summary="The table's figures as the caller may know them",
    description="Tests and their outcomes, what each character drew, played, dealt and "
    "took, the commands of each seat and the time between commands, as the caller's own "
    "log shows them (`audit` as for the log). Once the table is closed the figures count "
    "every event in full (`complete`), and `fairness` judges what was drawn and rolled "
    "against the expected shares (chi-square).",
    responses=RESPONSES,
    security=[{"bearer": []}],
    tags=["tables"],
)
async def get_table_stats(
    request: Request[Any, Any, Any], table_id: FromPath[UUID], audit: Audit = False
) -> TableStats:
    tables = tables_of(request)

    analytics: Analytics = request.app.state.analytics

    def plan(table: Table, viewer: Viewer) -> Callable[[], TableStats]:
        closed, version = table.closed, table.version

        def scan() -> TableStats:
            if closed:
                row = analytics.view.rows([table_id]).get(table_id)
                if row is not None and row.tally.version == version:
                    return table_stats(table_id, row.tally, closed=True)
            tally = Tally()
            for event in scan_log(tables, table_id, 0, version):
                fold(tally, redact(event, viewer, closed), event.originator_version)
            return table_stats(table_id, tally, closed=closed)

        return scan

    stats: TableStats = await read_log(request, table_id, audit, plan)
    return stats
