"""The audit log of a table, page by page, each event as the caller may see it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import msgspec

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


@dataclass(frozen=True)
class LogFilter:
    """Which of the events the viewer may know of a page holds: those involving a seat (it
    acted, saw or received), naming a character (the one it happened to included: a wound,
    a condition, a target), or holding a text; each judged on the event as the viewer sees
    it, so that a hidden field never makes an event match."""

    seat: str | None = None
    character: str | None = None
    #: matched case-insensitively anywhere in the event's type, actor and data, as JSON
    text: str | None = None

    def keeps(self, shown: RedactedEvent) -> bool:
        """Whether the event as shown names the character and holds the text (the seat is
        judged before, on the fields everybody sees: `involves`)."""
        if self.character is not None and not _names(shown.data, self.character):
            return False
        if self.text is not None:
            found = msgspec.json.encode([shown.type, shown.actor, shown.data]).decode()
            return self.text.casefold() in found.casefold()
        return True


#: every event the viewer may know of
EVERY_EVENT = LogFilter()


def log_page(
    events: Iterable[Any],
    viewer: Viewer,
    closed: bool,
    *,
    only: LogFilter = EVERY_EVENT,
    limit: int,
) -> tuple[list[RedactedEvent], int | None]:
    """Up to `limit` events (those `only` keeps) of those the viewer may know of, and the
    version to continue after (None at the end)."""
    page: list[RedactedEvent] = []
    last_seen = None
    for event in events:
        last_seen = event.originator_version
        if only.seat is not None and not involves(event, only.seat):
            continue
        if withheld(event, viewer, closed):
            continue
        shown = redact(event, viewer, closed)
        if not only.keeps(shown):
            continue
        page.append(shown)
        if len(page) == limit:
            return page, last_seen
    return page, None


def _names(value: Any, character: str) -> bool:
    """Whether a character's id is a value anywhere in `value` (a field, a list's item, a
    mapping's key or value)."""
    if isinstance(value, str):
        return value == character
    if isinstance(value, dict):
        return any(_names(k, character) or _names(v, character) for k, v in value.items())
    if isinstance(value, list):
        return any(_names(item, character) for item in value)
    return False
