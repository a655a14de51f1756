"""A table followed live through `stream_reader.follow` and the generated client, with a
resumption: the Mayor opens the stream before the players are seated and reads each seat's
events as it comes, hangs up, seats more players meanwhile, and resumes `after` the last
event it received. Every call goes through the generated operations and models.

Usage: `python follow_live.py http://127.0.0.1:8000` (with `saloon_client` importable);
prints, as JSON, the versions received live, after the resumption, and those of the log.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Generator
from uuid import UUID

import httpx
from saloon_client import AuthenticatedClient, Client
from saloon_client.api.log import list_events
from saloon_client.api.seats import add_seat
from saloon_client.api.tables import create_table
from saloon_client.models import (
    AddSeat,
    CreateTable,
    FronteraOptions,
    FronteraOptionsMode,
    Problem,
    StreamEventMessage,
    StreamKeepAliveMessage,
)
from stream_reader import StreamMessage, follow

#: a read timeout shorter than a keep-alive's interval: a stream that stalls fails the run
TIMEOUT = httpx.Timeout(10)


def received_until(
    messages: Generator[StreamMessage, None, None], version: int, into: list[int]
) -> None:
    """Read the stream's messages, adding each event's version to `into`, until the event of
    `version` came; anything but an event or a keep-alive ends the run."""
    while not into or into[-1] < version:
        message = next(messages)
        if isinstance(message, StreamEventMessage):
            into.append(message.event.version)
        elif not isinstance(message, StreamKeepAliveMessage):
            raise RuntimeError(f"the stream ended: {message.to_dict()}")


def seated(mayor: AuthenticatedClient, table: UUID, name: str) -> int:
    """The Mayor seats a player; the table's version after it."""
    answer = add_seat.sync(table, client=mayor, body=AddSeat(name=name))
    assert answer is not None and not isinstance(answer, Problem), answer
    return answer.version


def main(api: str) -> dict[str, list[int]]:
    with Client(base_url=api, timeout=TIMEOUT) as anybody:
        options = FronteraOptions(mode=FronteraOptionsMode.NO_MANAGEMENT)
        body = CreateTable(title="Followed", gm_name="Ana", options=options)
        created = create_table.sync(client=anybody, body=body)
    assert created is not None and not isinstance(created, Problem), created
    table = created.table_id
    mayor = AuthenticatedClient(base_url=api, token=created.credential, timeout=TIMEOUT)

    live: list[int] = []
    messages = follow(mayor, table)
    received_until(messages, 1, live)  # the stream is open: what follows comes live
    for name in ("David", "Judit"):
        received_until(messages, seated(mayor, table, name), live)
    messages.close()  # hang up; two more players are seated meanwhile
    last = seated(mayor, table, "Rosa")
    last = seated(mayor, table, "Tom")
    resumed: list[int] = []
    again = follow(mayor, table, after=live[-1])
    received_until(again, last, resumed)
    again.close()

    page = list_events.sync(table, client=mayor, limit=500)
    assert page is not None and not isinstance(page, Problem), page
    mayor.get_httpx_client().close()
    return {"live": live, "resumed": resumed, "logged": [e.version for e in page.events]}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1])))
