"""The live stream: a seat's redacted events, live, resumable with Last-Event-ID (or `after`).

One stream of messages (`messages`: the events, keep-alives, and a last `problem` or
`closing`), written in either of two encodings chosen by `Accept`: Server-Sent Events
(`text/event-stream`, the default, for an EventSource) or NDJSON (`application/x-ndjson`, one
`StreamMessage` object a line, for a client generated from the document). Only the encoding
differs: the same events, in the same order, redacted by the same path.

The event id is the table version of the event, so a client that reconnects with
`Last-Event-ID: N` gets every event after N exactly once: first from the store, then
from the table's feed (`service.live`), which hands every stream of the table each move.

With `until`, the stream ends cleanly once every event up to that table version has been
sent (waiting live for the table to reach it), and never sends a later one: a client that
wants what is there, or up to a version it knows of, reads a body that ends.

When the caller may no longer read the table (its seat removed, its credential no longer
valid), the stream ends cleanly: a last `problem` event carries the problem+json, without an
id, and the response closes. When the server stops, a last `closing` event says where to
resume from.
"""

from __future__ import annotations

import re
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from typing import Annotated, Any
from uuid import UUID

import msgspec
from litestar import Request, get
from litestar.background_tasks import BackgroundTask
from litestar.openapi import ResponseSpec
from litestar.params import FromPath, HeaderParameter, QueryParameter
from litestar.response import Stream
from litestar.response.base import ASGIResponse

from domain.errors import DomainError, InvalidCommand
from domain.table import Table
from projections.log import log_page
from projections.redaction import RedactedEvent
from projections.visibility import Viewer
from service import credentials
from service.api import NOT_NULL, RESPONSES, Audit, read_as_caller, read_log, tables_of
from service.limits import StreamSlots, held
from service.live import BUFFER, LiveTables, Reader
from service.problems import Problem, domain_problem
from service.reads import scan as scan_log
from service.schemas import MAX_VERSION

STREAM_RESPONSES = {
    429: ResponseSpec(
        Problem,
        description="The seat, or the table, has as many streams open as allowed "
        "(`/problems/too_many_streams`, `/problems/too_many_table_streams`)",
        media_type="application/problem+json",
        generate_examples=False,
    )
}
#: at most this long between two messages (proxies commonly cut a response silent for 60 s);
#: the interval of a table's streams is drawn from the last fifth below it
#: (`Feed.next_move`), so thousands of idle streams never send their keep-alives together
HEARTBEAT_SECONDS = 30.0
BATCH = 200
#: a batch of the seat's events, the table's version when it was read, and the version
#: through which every event has been read (the last one's when the batch is full)
Batch = tuple[list[RedactedEvent], int, int]


#: the header an EventSource sends when it reconnects: a table version, digits only (the
#: document says so); past the largest version, 422 `/problems/invalid_last_event_id`
LAST_EVENT_ID_PATTERN = r"^[0-9]{1,19}$"
LastEventId = Annotated[
    str | None,
    HeaderParameter(
        name="Last-Event-ID",
        required=False,
        pattern=LAST_EVENT_ID_PATTERN,
        description=f"Resume after this table version (0 to {MAX_VERSION}): the `id` of the "
        "last message received. Wins over `after`.",
        schema_extra=NOT_NULL,
    ),
]


#: how long a client should wait before it reconnects to a stream the server closed
RETRY_MS = 1000
SSE = "text/event-stream"
NDJSON = "application/x-ndjson"


class KeepAlive:
    """Nothing new for a while: a message that keeps proxies from cutting the response."""


class Closing(msgspec.Struct):
    """The server stops: every event up to `resume_after` was sent, or is not the caller's."""

    resume_after: int


#: what the stream says, before its encoding: a page of events, a keep-alive, the problem
#: that ends it, or where to resume once the server stops
Message = list[RedactedEvent] | KeepAlive | Problem | Closing
KEEP_ALIVE = KeepAlive()


def _sse(event: str, data: bytes, id: int | None = None, retry: int | None = None) -> bytes:
    """One SSE message: its fields, then its data (one line of JSON) and a blank line."""
    fields = "" if id is None else f"id: {id}\r\n"
    fields += f"event: {event}\r\n"
    fields += "" if retry is None else f"retry: {retry}\r\n"
    return f"{fields}data: ".encode() + data + b"\r\n\r\n"


def _sse_event(event: RedactedEvent) -> bytes:
    """An event: its table version as `id`, its type as `event`."""
    return _sse(event.type, msgspec.json.encode(event), id=event.version)


def as_sse(message: Message) -> bytes:
    """A message as Server-Sent Events: a page of events in one write, a keep-alive as a
    comment (which an EventSource ignores)."""
    if isinstance(message, list):
        return b"".join(map(_sse_event, message))  # one write for the page
    if isinstance(message, KeepAlive):
        return b": keep-alive\r\n\r\n"
    if isinstance(message, Problem):
        return _sse("problem", msgspec.json.encode(message))
    resume = msgspec.json.encode(message)
    return _sse("closing", resume, id=message.resume_after, retry=RETRY_MS)


class _Line(msgspec.Struct, tag_field="message"):
    """A line of the NDJSON stream: `message` says which (the document's `StreamMessage`)."""


class _EventLine(_Line, tag="event"):
    event: RedactedEvent


class _KeepAliveLine(_Line, tag="keep_alive"):
    pass


class _ProblemLine(_Line, tag="problem"):
    problem: Problem


class _ClosingLine(_Line, tag="closing"):
    closing: Closing


_KEEP_ALIVE_LINE = msgspec.json.encode(_KeepAliveLine()) + b"\n"


def as_ndjson(message: Message) -> bytes:
    """A message as NDJSON: one `StreamMessage` line per event, keep-alive, problem or
    closing."""
    if isinstance(message, list):
        return b"".join(msgspec.json.encode(_EventLine(e)) + b"\n" for e in message)
    if isinstance(message, KeepAlive):
        return _KEEP_ALIVE_LINE
    line = _ProblemLine(message) if isinstance(message, Problem) else _ClosingLine(message)
    return msgspec.json.encode(line) + b"\n"


class EventStream(Stream):
    """The stream's messages, encoded here a page per write (litestar's `ServerSentEvent`
    writes each message apart, through a wrapper per message)."""

    def __init__(
        self, content: AsyncIterator[bytes], media_type: str, background: BackgroundTask
    ) -> None:
        super().__init__(content, media_type=media_type, background=background)
        self.headers.update(
            {
                "Cache-Control": "no-cache",
                "Connection": "keep-alive",
                "X-Accel-Buffering": "no",
                "Vary": "Accept",
            }
        )

    def to_asgi_response(self, *args: Any, **kwargs: Any) -> ASGIResponse:
        """With the media type chosen by `Accept`: litestar would write the route's instead."""
        return super().to_asgi_response(*args, **{**kwargs, "media_type": self.media_type})


def _last_event_id(header: str | None, query: int | None) -> int:
    if header is None:
        return query or 0
    position = int(header) if re.fullmatch(LAST_EVENT_ID_PATTERN, header) else -1
    if not 0 <= position <= MAX_VERSION:
        raise InvalidCommand(
            f"Last-Event-ID is a table version, from 0 to {MAX_VERSION}", "invalid_last_event_id"
        )
    return position


@get(
    "/tables/{table_id:uuid}/stream",
    operation_id="streamEvents",
    summary="Live stream (SSE or NDJSON) of the caller's redacted events; resume with "
    "Last-Event-ID or `after`",
    description="The table's events, live, as the caller's seat may see them, as Server-Sent "
    "Events (the default) or, with `Accept: application/x-ndjson`, one `StreamMessage` JSON "
    "object a line; both carry the same messages. Each event's table version is its SSE `id` "
    "(the `version` of an NDJSON line's `event`); reconnect with `Last-Event-ID` or `after` "
    "set to it to get every later event exactly once. Between events, keep-alives (an SSE "
    "comment, a `keep_alive` line) come at least every 30 seconds. With `until`, the stream "
    "ends (the response closes) once every event up to that table version has been sent, "
    "waiting live for the table to reach it, and no later event is sent; an `until` at or "
    "below the position it resumes after gives an empty body. Without it the stream goes on, "
    "live, until the client hangs up. When the seat is removed or its credential stops "
    "working, a last `problem` message ends the stream; when the server stops, a last "
    "`closing` message says where to resume from.",
    responses={**RESPONSES, **STREAM_RESPONSES},
    security=[{"bearer": []}],
    tags=["tables"],
    media_type=SSE,
)
async def stream(
    request: Request[Any, Any, Any],
    table_id: FromPath[UUID],
    audit: Audit = False,
    after: Annotated[
        int | None,
        QueryParameter(
            name="after",
            required=False,
            ge=0,
            le=MAX_VERSION,
            description="Resume after this table version, as Last-Event-ID does (which "
            "wins when both are sent): the `version` of the last event received, or a "
            "`closing` message's `resume_after`",
            # litestar drops a bound of 0 on an optional parameter
            schema_extra={"minimum": 0},
        ),
    ] = None,
    until: Annotated[
        int | None,
        QueryParameter(
            name="until",
            required=False,
            ge=1,
            le=MAX_VERSION,
            description="End the stream once every event up to this table version has been "
            "sent (waiting live until the table reaches it); no later event is sent. At or "
            "below the position the stream resumes after, the body is empty. Without it the "
            "stream never ends on its own.",
        ),
    ] = None,
    last_event_id: LastEventId = None,
) -> EventStream:
    position = _last_event_id(last_event_id, after)
    tables = tables_of(request)

    def batch(since: int) -> Callable[[Table, Viewer], Callable[[], Batch]]:
        def plan(table: Table, viewer: Viewer) -> Callable[[], Batch]:
            closed, version = table.closed, table.version

            upto = version if until is None else min(version, until)

            def scan() -> Batch:
                events = scan_log(tables, table_id, since, upto)
                page, more = log_page(events, viewer, closed, limit=BATCH)
                return page, version, upto if more is None else more

            return scan

        return plan

    # authenticate before the stream starts, so a bad credential is a plain 401
    seat = await read_as_caller(request, table_id, audit, None, lambda table, viewer: viewer.seat)
    # and take one of the seat's stream slots (429 when all are open), held until the end
    slots: StreamSlots = request.app.state.stream_slots
    release = slots.reserve(table_id, seat)

    live: LiveTables = request.app.state.live
    reader: Reader = (credentials.required(request.scope).credential, audit)

    def problem(error: DomainError) -> Problem:
        return domain_problem(error, request.url.path)

    # the response's encoding, chosen by `Accept`
    media_type = request.accept.best_match([SSE, NDJSON], default=SSE)
    encode = as_ndjson if media_type == NDJSON else as_sse

    async def messages() -> AsyncGenerator[bytes, None]:
        """The stream's messages, each encoded as it goes: no generator of its own for the
        encoding, since each one between the stream and the response leaves an object alive
        from one wake-up of an idle stream to the next, which the collector walks."""
        if until is not None and until <= position:
            return  # nothing to send: an empty body
        #: every event up to this version was sent, or is not the caller's to see
        through = position
        with live.following(table_id, reader) as feed:
            opening = True  # what is there when the stream opens is sent at once
            while True:
                if live.closing:  # the server stops: where to resume, and a second's wait
                    yield encode(Closing(through))
                    return
                if feed.version > through and feed.holds(through, reader):
                    viewer = feed.viewers[reader]
                    if isinstance(viewer, DomainError):
                        yield encode(problem(viewer))  # the seat removed, its credential retired
                        return
                    upto = feed.version if until is None else min(feed.version, until)
                    events, _ = log_page(
                        (e for e in feed.since(through) if e.originator_version <= upto),
                        viewer,
                        feed.closed,
                        limit=BUFFER,
                    )  # no name for the news: the frame of an idle stream keeps nothing of it
                    behind = False
                elif opening or feed.version > through:  # behind the feed, or new to it
                    try:
                        events, version, upto = await read_log(
                            request, table_id, audit, batch(through)
                        )
                    except DomainError as error:
                        yield encode(problem(error))
                        return
                    behind = upto < version
                else:  # nothing new: wait for the feed, a keep-alive at its heartbeat
                    if not await feed.next_move(HEARTBEAT_SECONDS):
                        yield encode(KEEP_ALIVE)
                    continue
                opening = False
                through = max(through, upto)
                if events:
                    yield encode(events)
                    del events  # kept by no idle stream: thousands wait between moves
                if until is not None and through >= until:
                    return  # every event up to `until` sent
                if behind:
                    opening = True  # more than one batch behind: read on

    async def released() -> None:  # a coroutine: litestar runs a plain function on a thread
        release()

    # released when the messages end, and in any case once the response is over (a client
    # gone before the first message never starts them)
    return EventStream(
        held(messages(), release),
        media_type=media_type,
        background=BackgroundTask(released),
    )
