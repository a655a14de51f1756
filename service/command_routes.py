"""Commands as routes: one line per command instead of one hand-written handler each.

Every command endpoint does the same thing: decode the body into the domain command, run it
through the batcher as the bearer's seat, and answer with the new version (and the command's
result, shaped by the route's answer). The factory writes the handler with the real command
and answer types in its signature, so the OpenAPI document stays as precise as hand-written
handlers would make it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import msgspec
from litestar import Request, Response, post
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath, JSONBody

from domain.application import Outcome
from domain.commands import RemoveSeat
from domain.frontera import commands as fc
from service import schemas
from service.api import RESPONSES, IdempotencyKey, IfMatch, etag, run


@dataclass(frozen=True)
class Answer:
    """How a route turns a command's outcome into its response body."""

    schema: type[msgspec.Struct]
    build: Callable[[Outcome], msgspec.Struct]


ACCEPTED = Answer(schemas.Accepted, lambda outcome: schemas.Accepted(version=outcome.version))
CREATED = Answer(
    schemas.Created,
    lambda outcome: schemas.Created(version=outcome.version, id=str(outcome.result)),
)
TEST_OPENED = Answer(
    schemas.TestOpenedResult,
    lambda outcome: schemas.TestOpenedResult(version=outcome.version, test=int(outcome.result)),
)
DRAWN = Answer(
    schemas.DrawnResult,
    lambda outcome: schemas.DrawnResult(version=outcome.version, cards=list(outcome.result)),
)
LEVEL = Answer(
    schemas.ConditionResult,
    lambda outcome: schemas.ConditionResult(version=outcome.version, level=int(outcome.result)),
)


def command_route(
    path: str,
    command: type[msgspec.Struct],
    summary: str,
    *,
    answer: Answer = ACCEPTED,
    status: int = 200,
) -> HTTPRouteHandler:
    """A POST route under `/tables/{table_id}` that runs `command` as the caller's seat."""

    async def handler(
        request: Request[Any, Any, Any],
        table_id: FromPath[UUID],
        data: Any,
        if_match: IfMatch,
        idempotency_key: IdempotencyKey,
    ) -> Any:
        outcome = await run(request, table_id, data, if_match, idempotency_key)
        return Response(answer.build(outcome), status_code=status, headers=etag(outcome.version))

    name = "".join(f"_{c.lower()}" if c.isupper() else c for c in command.__name__).lstrip("_")
    handler.__name__ = handler.__qualname__ = name
    handler.__annotations__ = {
        **handler.__annotations__,
        "data": JSONBody[command],  # type: ignore[valid-type,misc]
        "return": Response[answer.schema],  # type: ignore[name-defined]
    }
    return post(
        f"/tables/{{table_id:uuid}}{path}",
        summary=summary,
        status_code=status,
        responses=RESPONSES,
        security=[{"bearer": []}],
        tags=["tables"],
    )(handler)


#: every command endpoint with a body, in the order of a session
COMMAND_ROUTES: list[HTTPRouteHandler] = [
    command_route("/seats/remove", RemoveSeat, "Remove a player's seat (Mayor)"),
    command_route(
        "/characters", fc.CreateCharacter, "Create a character", answer=CREATED, status=201
    ),
    command_route(
        "/tests/trait",
        fc.OpenTraitTest,
        "Open a trait test (Mayor)",
        answer=TEST_OPENED,
        status=201,
    ),
    command_route(
        "/tests/opposed",
        fc.OpenOpposedTest,
        "Open an opposed test (Mayor)",
        answer=TEST_OPENED,
        status=201,
    ),
    command_route(
        "/tests/dead-mans-hand",
        fc.OpenDeadMansHandTest,
        "Open a dead man's hand test (Mayor)",
        answer=TEST_OPENED,
        status=201,
    ),
    command_route(
        "/test/draw", fc.Draw, "Draw a character's cards for the open test", answer=DRAWN
    ),
    command_route(
        "/test/choose",
        fc.Choose,
        "Choose in secret the card(s) a character plays; all reveal when everyone has chosen",
    ),
    command_route("/test/cancel", fc.CancelTest, "Abandon the open test (Mayor)"),
    command_route(
        "/conditions",
        fc.ChangeCondition,
        "Move a character's health, morale or sobriety (Mayor)",
        answer=LEVEL,
    ),
    command_route("/weapons", fc.SetWeapon, "Add or change one of the table's weapons (Mayor)"),
    command_route("/weapons/remove", fc.RemoveWeapon, "Remove one of the table's weapons (Mayor)"),
]
