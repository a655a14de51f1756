"""The audit log of a table, page by page, each event as the caller may see it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.errors import InvalidCommand
from domain.table import Table
from projections.redaction import RedactedEvent, Viewer, event_type, involves, redact


def _event_types() -> frozenset[str]:
    """Every event type of every rule system (the systems register theirs on import)."""
    import domain.systems  # noqa: F401  (imports every system's events)

    found: set[str] = {event_type(Table.Created)}
    pending = list(Table.Event.__subclasses__())
    while pending:
        kind = pending.pop()
        pending.extend(kind.__subclasses__())
        if "TOPIC" in kind.__dict__:
            found.add(event_type(kind))
    return frozenset(found)


EVENT_TYPES = _event_types()


def checked_types(types: list[str] | None) -> set[str] | None:
    """A filter of event types, each one that exists (a misspelt type would match nothing)."""
    if not types:
        return None
    unknown = sorted(set(types) - EVENT_TYPES)
    if unknown:
        raise InvalidCommand(
            f"no event type is called {', '.join(map(repr, unknown))}; "
            f"they are {', '.join(sorted(EVENT_TYPES))}",
            "unknown_event_type",
        )
    return set(types)


def log_page(
    events: Iterable[Any],
    viewer: Viewer,
    closed: bool,
    *,
    types: set[str] | None = None,
    seat: str | None = None,
    limit: int,
    examine: int | None = None,
) -> tuple[list[RedactedEvent], int | None]:
    """Up to `limit` matching events among the first `examine` (all, if None), and the version
    to continue after (None at the end): a filter that matches little costs a bounded read."""
    page: list[RedactedEvent] = []
    last_seen = None
    for examined, event in enumerate(events, 1):
        last_seen = event.originator_version
        matches = (types is None or event_type(event) in types) and (
            seat is None or involves(event, seat)
        )
        if matches:
            page.append(redact(event, viewer, closed))
        if len(page) == limit or examined == examine:
            return page, last_seen
    return page, None
