"""The audit log of a table, page by page, each event as the caller may see it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from projections.redaction import RedactedEvent, Viewer, event_type, involves, redact


def log_page(
    events: Iterable[Any],
    viewer: Viewer,
    closed: bool,
    *,
    types: set[str] | None = None,
    seat: str | None = None,
    limit: int,
) -> tuple[list[RedactedEvent], int | None]:
    """Up to `limit` matching events, and the version to continue after (None at the end)."""
    page: list[RedactedEvent] = []
    last_seen = None
    for event in events:
        last_seen = event.originator_version
        if types is not None and event_type(event) not in types:
            continue
        if seat is not None and not involves(event, seat):
            continue
        page.append(redact(event, viewer, closed))
        if len(page) == limit:
            return page, last_seen
    return page, None
