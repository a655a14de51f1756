"""Logs as NDJSON (one JSON object a line), for analytics: read a batch of versions at a time
on the read thread, redacted by the log's own path (`projections.log.log_page`), and sent as
soon as it is read. However long the log, the answer holds one batch in memory, and the
table's lock is never held while the store is scanned.

A caller that asks for `application/octet-stream` gets the same lines as a file to save
(`Content-Disposition: attachment`): a tool that reads no NDJSON, such as a client
generated with `openapi-python-client`'s default configuration, still has a call that
returns them, as bytes.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Container
from functools import partial
from typing import Any
from uuid import UUID

import msgspec
from litestar import Request
from litestar.response import Stream

from domain.application import Tables
from projections.log import EVERY_EVENT, LogFilter, log_page
from projections.redaction import RedactedEvent
from projections.visibility import Viewer
from service.reads import in_read_thread
from service.reads import scan as scan_log

MEDIA_TYPE = "application/x-ndjson"
#: the same lines as a file to save
FILE_MEDIA_TYPE = "application/octet-stream"
#: table versions read (and held) at a time
BATCH = 200


def _batch(
    tables: Tables,
    table_id: UUID,
    after: int,
    upto: int,
    viewer: Viewer,
    closed: bool,
    topics: Container[str] | None,
    only: LogFilter,
) -> list[RedactedEvent]:
    """The events of versions (after, upto] as the log shows them to `viewer`: at most
    `upto - after` of them, so the page is never cut short."""
    events = scan_log(tables, table_id, after, upto, topics)
    return log_page(events, viewer, closed, only=only, limit=upto - after)[0]


def encode(event: RedactedEvent, extra: dict[str, Any] | None = None) -> bytes:
    """One line: the event as the log's pages hold it, after `extra`'s fields, if any."""
    if extra is None:
        return msgspec.json.encode(event) + b"\n"
    return msgspec.json.encode({**extra, **msgspec.structs.asdict(event)}) + b"\n"


async def log_lines(
    request: Request[Any, Any, Any],
    table_id: UUID,
    viewer: Viewer,
    closed: bool,
    after: int,
    upto: int,
    *,
    topics: Container[str] | None = None,
    only: LogFilter = EVERY_EVENT,
    extra: dict[str, Any] | None = None,
) -> AsyncIterator[bytes]:
    """The table's log in (after, upto] as `viewer` may see it, `BATCH` versions a chunk."""
    tables: Tables = request.app.state.tables
    while after < upto:
        end = min(upto, after + BATCH)
        page = await in_read_thread(
            request, partial(_batch, tables, table_id, after, end, viewer, closed, topics, only)
        )
        after = end
        if page:
            yield b"".join(encode(event, extra) for event in page)


def answer(
    request: Request[Any, Any, Any],
    lines: AsyncIterator[bytes],
    filename: str,
    headers: dict[str, str] | None = None,
) -> Stream:
    """The lines, as NDJSON or, when the caller prefers it, as the file `filename`."""
    wanted = request.accept.best_match([MEDIA_TYPE, FILE_MEDIA_TYPE], default=MEDIA_TYPE)
    if wanted != FILE_MEDIA_TYPE:
        return Stream(lines, media_type=MEDIA_TYPE, headers=headers)
    disposition = {"Content-Disposition": f'attachment; filename="{filename}"'}
    return Stream(lines, media_type=FILE_MEDIA_TYPE, headers={**(headers or {}), **disposition})
