"""Follow a table live through the generated client: the stream as NDJSON, each line a typed
`StreamMessage` (one of its four generated models, chosen by its `message`); a refusal to
open the stream comes as its `problem` message.

A generated call reads a whole body before it returns, and the stream's never ends: so the
request is the generated one (`stream_events._get_kwargs`: path, query, headers) sent through
the generated client's own httpx client, whose lines are read as they come. To resume, call
again with `after` set to the last event's `version` (or a `closing` message's
`closing.resume_after`). Idle, the stream sends a keep-alive every 30 s at most: give the
client a read timeout longer than that.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Mapping
from typing import Any
from uuid import UUID

from saloon_client import AuthenticatedClient
from saloon_client.api.log import stream_events
from saloon_client.models import (
    Problem,
    StreamClosingMessage,
    StreamEventMessage,
    StreamKeepAliveMessage,
    StreamProblemMessage,
)
from saloon_client.types import UNSET

StreamMessage = (
    StreamEventMessage | StreamKeepAliveMessage | StreamProblemMessage | StreamClosingMessage
)
PARSE: dict[str, Callable[[Mapping[str, Any]], StreamMessage]] = {
    "event": StreamEventMessage.from_dict,
    "keep_alive": StreamKeepAliveMessage.from_dict,
    "problem": StreamProblemMessage.from_dict,
    "closing": StreamClosingMessage.from_dict,
}


def follow(
    client: AuthenticatedClient, table_id: UUID, after: int = 0, until: int | None = None
) -> Generator[StreamMessage, None, None]:
    """The messages of the table's stream after version `after`, as they come: for ever, or
    until every event up to version `until` was sent."""
    request = stream_events._get_kwargs(table_id, after=after, until=until or UNSET)
    request["headers"]["Accept"] = "application/x-ndjson"
    with client.get_httpx_client().stream(**request) as response:
        if response.status_code != 200:  # refused: the problem, as one ending the stream
            yield StreamProblemMessage("problem", Problem.from_dict(json.loads(response.read())))
            return
        for line in response.iter_lines():
            fields = json.loads(line)
            yield PARSE[fields["message"]](fields)
