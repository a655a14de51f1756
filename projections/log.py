"""The audit log of a table, page by page, each event as the caller may see it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.errors import InvalidCommand
from domain.table import Table
from projections.redaction import RedactedEvent, event_type, involves, redact, withheld
from projections.visibility import Viewer


def _event_topics() -> dict[str, str]:
    """The stored topic of every event type of every rule system, by type (the systems
    register theirs on import)."""
    import domain.systems  # noqa: F401  (imports every system's events)

    found = {event_type(Table.Created): Table.Created.TOPIC}
    pending = list(Table.Event.__subclasses__())
    while pending:
        kind = pending.pop()
        pending.extend(kind.__subclasses__())
        if "TOPIC" in kind.__dict__:
            found[event_type(kind)] = kind.TOPIC
    return found


TOPICS = _event_topics()


def checked_types(types: list[str] | None) -> set[str] | None:
    """The topics of a filter of event types, each one that exists (a misspelt type would
    match nothing)."""
    if not types:
        return None
    unknown = sorted(set(types) - set(TOPICS))
    if unknown:
        raise InvalidCommand(
            f"no event type is called {', '.join(map(repr, unknown))}; "
            f"they are {', '.join(sorted(TOPICS))}",
            "unknown_event_type",
        )
    return {TOPICS[name] for name in types}


def log_page(
    events: Iterable[Any],
    viewer: Viewer,
    closed: bool,
    *,
    seat: str | None = None,
    limit: int,
) -> tuple[list[RedactedEvent], int | None]:
    """Up to `limit` events (involving `seat`, if given) of those the viewer may know of, and
    the version to continue after (None at the end)."""
    page: list[RedactedEvent] = []
    last_seen = None
    for event in events:
        last_seen = event.originator_version
        if seat is not None and not involves(event, seat):
            continue
        if withheld(event, viewer, closed):
            continue
        page.append(redact(event, viewer, closed))
        if len(page) == limit:
            return page, last_seen
    return page, None
