"""Commands as routes: one line per command instead of one hand-written handler each.

Every command endpoint does the same thing: decode the body into the domain command, run it
through the batcher as the bearer's seat, and answer with the new version (and the command's
result, shaped by the route's answer). The factory writes the handler with the real command
and answer types in its signature, so the OpenAPI document stays as precise as hand-written
handlers would make it. Each rule system lists its commands in `service/routes/<system>.py`;
the commands every table shares are listed here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import msgspec
from litestar import HttpMethod, Request, Response
from litestar.connection import ASGIConnection
from litestar.handlers import HTTPRouteHandler
from litestar.openapi.spec import Operation
from litestar.params import FromPath, JSONBody

from domain.application import Outcome
from domain.commands import RemoveSeat, RevealRolls
from service import schemas
from service.api import (
    COMMAND_HEADERS,
    COMMAND_RESPONSES,
    CREATED_COMMAND_HEADERS,
    IdempotencyKey,
    IfMatch,
    command_headers,
    run,
    with_example,
)


@dataclass(frozen=True)
class Answer:
    """How a route turns a command's outcome into its response body."""

    schema: type[msgspec.Struct]
    build: Callable[[Outcome], msgspec.Struct]
    #: for a 201, where what was created is read, under the table's path (else the table)
    location: Callable[[Outcome], str] = lambda _: ""


ACCEPTED = Answer(schemas.Accepted, lambda outcome: schemas.Accepted(version=outcome.version))
#: a command that rolls answers with the roll's number only: what the dice show reaches the
#: caller through the log and views, as the roll's visibility allows (a blind roll's roller
#: must not learn it from the answer)
#: who reads a secret roll, by its `visibility`, in a route's description: the roller is the
#: seat that plays the rolling character, whoever sends the roll
SECRET_ROLL_READERS = (
    "from every seat but the roll's readers (gm: the character's player and the game master; "
    "blind: the game master; self: the character's player)"
)
ROLLED = Answer(
    schemas.RollResult,
    lambda outcome: schemas.RollResult(version=outcome.version, roll=outcome.result),
)
CREATED = Answer(
    schemas.Created,
    lambda outcome: schemas.Created(version=outcome.version, id=str(outcome.result)),
    lambda outcome: f"/characters/{outcome.result}",
)


class CommandRoute(HTTPRouteHandler):
    """A command's POST route, whose guards are handed the route itself.

    Litestar hands each guard a copy of the route (`copy(handler)`: its sixty-odd slots set one
    by one, a tenth of what the event loop spends on a command); the guards of a command route
    (`service.limits.rate_limit`) only read its `opt`, so the copy protects nothing here.
    tests/test_litestar_contract.py fails if litestar's own step comes to do more.
    """

    async def authorize_connection(self, connection: ASGIConnection[Any, Any, Any, Any]) -> None:
        for guard in self.resolve_guards():
            await guard(connection, self)  # type: ignore[misc]


def command_route(
    operation_id: str,
    path: str,
    command: type[msgspec.Struct],
    summary: str,
    description: str,
    *,
    example: dict[str, Any] | None = None,
    answer: Answer = ACCEPTED,
    status: int = 200,
) -> HTTPRouteHandler:
    """A POST route under `/tables/{table_id}` that runs `command` as the caller's seat:
    `description` says what it does in the game (citing the book's lines), `example` is its
    body in the README's session."""

    async def handler(
        request: Request[Any, Any, Any],
        table_id: FromPath[UUID],
        data: Any,
        if_match: IfMatch,
        idempotency_key: IdempotencyKey,
    ) -> Any:
        outcome = await run(request, table_id, data, if_match, idempotency_key)
        headers = command_headers(request, outcome)
        if status == 201:
            headers["Location"] = f"/tables/{table_id}{answer.location(outcome)}"
        return Response(answer.build(outcome), status_code=status, headers=headers)

    name = "".join(f"_{c.lower()}" if c.isupper() else c for c in command.__name__).lstrip("_")
    handler.__name__ = handler.__qualname__ = name
    handler.__annotations__ = {
        **handler.__annotations__,
        "data": JSONBody[command],  # type: ignore[valid-type,misc]
        "return": Response[answer.schema],  # type: ignore[name-defined]
    }
    return CommandRoute(
        f"/tables/{{table_id:uuid}}{path}",
        http_method=HttpMethod.POST,
        operation_id=operation_id,
        summary=summary,
        description=description,
        operation_class=Operation if example is None else with_example(example),
        status_code=status,
        responses=COMMAND_RESPONSES,
        response_headers=CREATED_COMMAND_HEADERS if status == 201 else COMMAND_HEADERS,
        security=[{"bearer": []}],
        tags=["tables"],
        opt={"command": command.__name__},  # logs, metrics and the rate limit know it by this
    )(handler)


#: the command endpoints every table has, whatever its rule system
SHARED_ROUTES: list[HTTPRouteHandler] = [
    command_route(
        "removeSeat",
        "/seats/remove",
        RemoveSeat,
        "Remove a player's seat (game master)",
        description="The game master removes a player's seat: its credential stops working "
        "and its open streams end with a `problem` message. Not a rule of the book: a table's "
        "housekeeping.",
    ),
    command_route(
        "revealRolls",
        "/rolls/reveal",
        RevealRolls,
        "Show secret rolls to every seat (game master)",
        description="The game master reveals rolls made `gm`, `blind` or `self`: their dice, "
        "and everything the rule system derived from them, become visible to every seat, in "
        "every view and log read from then on. Closing the table reveals every roll.",
    ),
]
