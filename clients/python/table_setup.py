"""What every session script does the same way, through the generated client: open a table,
seat its players, unwrap an answer or fail with the server's problem, and read the table's
stream (`stream_reader.follow`) next to its log.
"""

from __future__ import annotations

from typing import TypeVar
from uuid import UUID

import httpx
from saloon_client import AuthenticatedClient, Client
from saloon_client.api.log import list_events
from saloon_client.api.seats import add_seat, claim_seat
from saloon_client.api.tables import create_table
from saloon_client.models import (
    AddSeat,
    ClaimSeat,
    CreateAsaltosTable,
    CreateFateTable,
    CreatePortalTable,
    CreateStepdiceTable,
    CreateTable,
    EventPage,
    Problem,
    StreamEventMessage,
    StreamProblemMessage,
)
from stream_reader import follow

T = TypeVar("T")
#: a read timeout shorter than a keep-alive's interval: a stream that stalls fails the run
TIMEOUT = httpx.Timeout(10)


class Refused(Exception):
    """The server answered a call of the session with a problem, or with what it should not."""


def refusal(problem: Problem) -> Refused:
    """The exception that tells the problem the server answered."""
    return Refused(f"{problem.status} {problem.type_}: {problem.detail}")


def ok(answer: T | Problem | None) -> T:
    """The answer of a call, or an exception with the problem the server gave instead."""
    if isinstance(answer, Problem):
        raise refusal(answer)
    if answer is None:
        raise Refused("an answer the document does not describe")
    return answer


def as_a(kind: type[T], answer: object) -> T:
    """The answer of a call that may answer several models (a view of any rule system, a 304),
    as the one `kind` the session expects."""
    if isinstance(answer, Problem):
        raise refusal(answer)
    if not isinstance(answer, kind):
        raise Refused(f"not a {kind.__name__}: {answer!r}")
    return answer


def open_table(
    api: str,
    body: CreateTable
    | CreateStepdiceTable
    | CreateAsaltosTable
    | CreatePortalTable
    | CreateFateTable,
) -> tuple[UUID, AuthenticatedClient]:
    """Anybody creates the table; its id, and a client with the game master's credential."""
    with Client(base_url=api, timeout=TIMEOUT) as anybody:
        created = ok(create_table.sync(client=anybody, body=body))
    gm = AuthenticatedClient(base_url=api, token=created.credential, timeout=TIMEOUT)
    return created.table_id, gm


def seat(api: str, table_id: UUID, gm: AuthenticatedClient, name: str) -> AuthenticatedClient:
    """The game master seats a player; the player claims the seat with the invitation (no
    credential needed) and gets a client of its own with the credential."""
    invited = ok(add_seat.sync(table_id, client=gm, body=AddSeat(name=name)))
    with Client(base_url=api, timeout=TIMEOUT) as anybody:
        claim = ClaimSeat(invitation=invited.invitation)
        claimed = ok(claim_seat.sync(table_id, invited.seat, client=anybody, body=claim))
    return AuthenticatedClient(base_url=api, token=claimed.credential, timeout=TIMEOUT)


def read_stream(
    client: AuthenticatedClient, table_id: UUID, until: int
) -> list[StreamEventMessage]:
    """The event messages of the table's stream, from its first event to version `until`
    (asked for so, the stream ends by itself)."""
    events: list[StreamEventMessage] = []
    for message in follow(client, table_id, until=until):
        if isinstance(message, StreamProblemMessage):
            raise Refused(f"the stream ended with a problem: {message.problem.detail}")
        if isinstance(message, StreamEventMessage):
            events.append(message)
    return events


def stream_as_logged(
    client: AuthenticatedClient, table_id: UUID
) -> tuple[list[StreamEventMessage], bool]:
    """The event messages the table's stream sends this seat, up to the log's last event, and
    whether they hold the log's events as this seat reads them, field by field (the masked
    ones included)."""
    logged = as_a(EventPage, list_events.sync(table_id, client=client, limit=500)).events
    streamed = read_stream(client, table_id, until=logged[-1].version)
    same = [m.event.to_dict() for m in streamed] == [e.to_dict() for e in logged]
    return streamed, same


def hang_up(*clients: AuthenticatedClient) -> None:
    """Close the connections of the session's seats."""
    for client in clients:
        client.get_httpx_client().close()
