"""The REST resources of a table. Thin: parse, authenticate, call the application, map errors.

Commands run in a worker thread (eventsourcing is synchronous) and tell the fan-out about the
new version; reads go through `projections`, which alone decide what the caller may see.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Annotated, Any, TypeVar
from uuid import UUID

import anyio
import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.datastructures import ResponseHeader
from litestar.di import NamedDependency, Provide
from litestar.openapi import ResponseSpec
from litestar.openapi.spec import Example, Operation, RequestBody
from litestar.params import FromPath, HeaderParameter, JSONBody, QueryParameter

from domain.application import MIN_CREATION_KEY, CommandRequest, Outcome, Tables
from domain.commands import (
    AddSeat,
    ClaimSeat,
    CloseTable,
    InviteSeat,
    Issued,
    RotateCredential,
)
from domain.errors import Forbidden, InvalidCommand
from domain.idempotency import MAX_KEY
from domain.keys import Bearer
from domain.names import MAX_NAME, TEXT_PATTERN
from domain.systems import RULE_SYSTEMS, rule_system
from domain.table import CREATED_VERSION, GM, Table
from projections.log import LogFilter, checked_types, log_page
from projections.redaction import event_types
from projections.viewers import viewer_for
from projections.views import CharacterView, TableView, character_view, table_view
from projections.visibility import Viewer
from service import credentials, ndjson, schemas
from service.batcher import CommandBatcher
from service.contract import PublicOperation
from service.fanout import FanOut
from service.limits import budget_headers
from service.problems import NotModified, Problem
from service.reads import in_read_thread
from service.reads import scan as scan_log

MAX_PAGE = 500
JSON = "application/json"
#: events a log read examines per request: a filter that matches little answers with fewer
#: events (even none) and `next_after`, where the next request goes on
MAX_EXAMINED = 1000
T = TypeVar("T")

#: an ETag of this API (a table version), weak or not, quoted or not, or `*`
IF_MATCH_PATTERN = r'^\s*(\*|(W/)?"?[0-9]{1,19}"?)\s*$'
#: header parameters are optional but never null: a generated client must omit them, not send
#: `None` (litestar would describe `str | None` as nullable)
NOT_NULL = {"one_of": None, "type": "string"}
IfMatch = Annotated[
    str | None,
    HeaderParameter(
        name="If-Match",
        required=False,
        pattern=IF_MATCH_PATTERN,
        description='Apply only if the table is still at this ETag (e.g. "12"); else 412.',
        schema_extra=NOT_NULL,
    ),
]
#: ETags of this API, as a list (RFC 9110's `#entity-tag`: empty too, naming none), or `*`
IF_NONE_MATCH_PATTERN = (
    r'^[ \t]*(\*|((W/)?"[0-9]{1,19}"([ \t]*,[ \t]*(W/)?"[0-9]{1,19}")*)?)[ \t]*$'
)
IfNoneMatch = Annotated[
    str | None,
    HeaderParameter(
        name="If-None-Match",
        required=False,
        pattern=IF_NONE_MATCH_PATTERN,
        description='The ETag of the answer the caller holds (e.g. "12"): while the table is '
        "still at that version the answer is 304 Not Modified, with no body.",
        schema_extra=NOT_NULL,
    ),
]
_KEY_DESCRIPTION = (
    "A unique key per command (use a UUID): a retry with the same key returns the first "
    "result and changes nothing."
)
IdempotencyKey = Annotated[
    str | None,
    HeaderParameter(
        name="Idempotency-Key",
        required=False,
        min_length=1,
        max_length=MAX_KEY,
        description=_KEY_DESCRIPTION,
        schema_extra=NOT_NULL,
    ),
]
#: a table's creation takes a longer key: nobody else may guess it and replay the answer
CreationKey = Annotated[
    str | None,
    HeaderParameter(
        name="Idempotency-Key",
        required=False,
        min_length=MIN_CREATION_KEY,
        max_length=MAX_KEY,
        description=_KEY_DESCRIPTION,
        schema_extra=NOT_NULL,
    ),
]
Audit = Annotated[
    bool,
    QueryParameter(
        name="audit",
        required=False,
        description="The game master only: show every secret any seat has seen (dispute "
        "replay), nothing of what is still open.",
    ),
]
Perspective = Annotated[
    str | None,
    QueryParameter(
        name="perspective",
        required=False,
        min_length=1,
        max_length=MAX_NAME,
        description="The game master only: read as this seat read it (what did it know "
        "then?), as far as his audit opens it: never a secret audit keeps (what is still "
        "open, a face-down deck's contents, a roll its roller kept to itself). Implies "
        "`audit`; an unknown or removed seat is 404.",
        schema_extra=NOT_NULL,
    ),
]

#: the log's filters, one meaning in its page (`listEvents`) and its export (`exportEvents`)
After = Annotated[
    int,
    QueryParameter(
        name="after",
        ge=0,
        le=schemas.MAX_VERSION,
        description="Events after this version",
        # exact: litestar writes the bounds as floats
        schema_extra={"minimum": 0, "maximum": schemas.MAX_VERSION},
    ),
]
EventTypes = Annotated[
    list[str] | None,
    QueryParameter(name="type", required=False, description="Only these event types"),
]
SeatFilter = Annotated[
    str | None,
    QueryParameter(name="seat", required=False, description="Only events involving this seat"),
]
CharacterFilter = Annotated[
    str | None,
    QueryParameter(
        name="character",
        required=False,
        min_length=1,
        max_length=MAX_NAME,
        description="Only events naming this character, as the caller sees them (what it did "
        "and what happened to it: a wound, a condition, a target)",
    ),
]
TextFilter = Annotated[
    str | None,
    QueryParameter(
        name="text",
        required=False,
        min_length=1,
        max_length=MAX_NAME,
        pattern=TEXT_PATTERN,
        description="Only events holding this text (a card, a name, a word; case ignored) in "
        "their type, actor or data as the caller sees them",
    ),
]
ToVersion = Annotated[
    int | None,
    QueryParameter(
        name="to_version",
        required=False,
        ge=1,
        le=schemas.MAX_VERSION,
        description="Only events up to this version",
    ),
]


def _log_filter(
    seat: SeatFilter = None, character: CharacterFilter = None, text: TextFilter = None
) -> LogFilter:
    return LogFilter(seat=seat, character=character, text=text)


#: the filters of the log that judge each event as the caller sees it, as an operation's
#: `only` (their query parameters are documented where it stands in its signature)
LOG_FILTERS = {"only": Provide(_log_filter, sync_to_thread=False)}


#: the table's version after the request, as its ETag (send it back as If-Match)
HEADERS = [
    ResponseHeader(
        name="ETag",
        description='The table\'s version, e.g. "12": send it as If-Match',
        documentation_only=True,
    )
]
LOCATION = ResponseHeader(
    name="Location",
    description="Where what was created is read (a character, a test, else the table)",
    documentation_only=True,
)
#: a 201 also says where what it created is read: a character, a test, else the table
CREATED_HEADERS = [*HEADERS, LOCATION]
#: a command says whether its answer is a replay
REPLAYED_HEADER = ResponseHeader(
    name="Idempotent-Replayed",
    description="`true` when this answer is the first one of a command sent before with "
    "the same Idempotency-Key: nothing was applied again. Absent on a first answer.",
    documentation_only=True,
)
#: a command on a table also says whether its answer is a replay, and its seat's budget
COMMAND_HEADERS = [
    *HEADERS,
    REPLAYED_HEADER,
    ResponseHeader(
        name="RateLimit",
        description="What the seat's command budget holds now (draft-ietf-httpapi-ratelimit-"
        'headers): `"seat";r=<commands left>;t=<seconds until the budget is full>`. Absent '
        "when the server does not limit commands (`SALOON_COMMANDS_PER_SECOND=0`).",
        documentation_only=True,
    ),
    ResponseHeader(
        name="RateLimit-Policy",
        description='The seat\'s command budget: `"seat";q=<burst>;w=<seconds an empty budget '
        "takes to fill>` (a token bucket: `q` commands at once, refilled at q/w a second). "
        "Absent when the server does not limit commands.",
        documentation_only=True,
    ),
]
CREATED_COMMAND_HEADERS = [*COMMAND_HEADERS, LOCATION]


def with_example(value: dict[str, Any], base: type[Operation] = Operation) -> type[Operation]:
    """An operation class whose JSON request body shows `value`, a body of the README's curl
    session: litestar would put a body's examples in its schema, not in its media type."""

    def __post_init__(self: Operation) -> None:
        getattr(base, "__post_init__", lambda _: None)(self)
        if isinstance(self.request_body, RequestBody):
            self.request_body.content["application/json"].examples = {
                "readme": Example(summary="As in the README's session", value=value)
            }

    return dataclass(type(f"{base.__name__}WithExample", (base,), {"__post_init__": __post_init__}))


def _responses(*extra: tuple[int, str]) -> dict[int, ResponseSpec]:
    return {
        status: ResponseSpec(
            Problem,
            description=text,
            media_type="application/problem+json",
            generate_examples=False,
        )
        for status, text in (
            (400, "The request is malformed"),
            (401, "No valid credential of this table (with `WWW-Authenticate: Bearer`)"),
            (403, "The caller's seat may not do this"),
            (404, "No such table, seat, character or version"),
            (409, "The table's state does not allow this now"),
            (412, "If-Match does not match the table's version"),
            (422, "The command breaks a rule"),
            (405, "The path takes another method (`/problems/method_not_allowed`)"),
            (500, "The server failed; nothing was changed (`/problems/internal_error`)"),
            (503, "The event store cannot be reached; nothing was changed (`Retry-After`)"),
            *extra,
        )
    }


RESPONSES = _responses()
#: a read of a table also answers 304 to an If-None-Match that still holds
READ_RESPONSES = {
    304: ResponseSpec(
        None,
        description="The table is still at the version of the ETag sent in If-None-Match: "
        "the answer the caller holds is the one it would get (no body)",
        generate_examples=False,
    ),
    **RESPONSES,
}
#: what a command may also meet: the limits against abuse (service/limits.py)
COMMAND_RESPONSES = _responses(
    (413, "The request body is larger than the server accepts"),
    (415, "The body is not labelled as JSON (`/problems/unsupported_media_type`)"),
    (429, "Too many commands from this seat; retry after `Retry-After` seconds"),
)


def _bearer(request: Request[Any, Any, Any]) -> Bearer:
    return credentials.required(request.scope)


def _expected_version(if_match: str | None) -> int | None:
    if if_match is None or if_match.strip() == "*":
        return None
    tag = if_match.strip().removeprefix("W/").strip('"')
    try:
        return int(tag)
    except ValueError:
        raise InvalidCommand(
            'If-Match takes an ETag of this API, e.g. "12"', "invalid_if_match"
        ) from None


def etag(version: int) -> dict[str, str]:
    return {"ETag": f'"{version}"'}


def command_headers(request: Request[Any, Any, Any], outcome: Outcome) -> dict[str, str]:
    """The headers of a command's answer: the table's ETag, whether the answer is a replay of
    the first one sent with its idempotency key (`Idempotent-Replayed`), and what its seat's
    command budget holds now (`RateLimit`, `RateLimit-Policy`)."""
    headers = etag(outcome.version)
    headers.update(budget_headers(request.scope))
    if outcome.replayed:
        headers[REPLAYED] = "true"
    return headers


#: the header that tells a replayed answer from a first one
REPLAYED = "Idempotent-Replayed"


def tables_of(request: Request[Any, Any, Any]) -> Tables:
    tables: Tables = request.app.state["tables"]
    return tables


async def run(
    request: Request[Any, Any, Any],
    table_id: FromPath[UUID],
    command: Any,
    if_match: str | None,
    idempotency_key: str | None,
    actor: str | None = None,
) -> Outcome:
    """Run a command as the caller's seat (or as `actor`, for a command that carries its own
    proof, such as an invitation)."""
    # the app's state read by key: litestar's `State` answers an attribute (`state.batcher`)
    # only once Python's own lookup has failed, ten times slower, on every command
    state = request.app.state
    batcher: CommandBatcher = state["batcher"]
    outcome = await batcher.run(
        CommandRequest(
            table_id,
            actor or _bearer(request),
            command,
            idempotency_key,
            _expected_version(if_match),
        )
    )
    fanout: FanOut = state["fanout"]
    fanout.publish(table_id, outcome.version)
    return outcome


def caller_viewer(
    table: Table, bearer: Bearer, audit: bool, perspective: str | None = None
) -> Viewer:
    """What the bearer of this credential may see of the table (in audit mode, if asked); or,
    for the game master, what the `perspective` seat saw, as far as his audit opens it."""
    seat = table.authenticate(bearer.credential)
    if (audit or perspective is not None) and seat.role != GM:
        raise Forbidden("only the game master may read the table in audit mode", "not_game_master")
    if perspective is not None:
        return viewer_for(table, table.seat(perspective), False, within_audit=True)
    return viewer_for(table, seat, audit)


async def read_as_caller(
    request: Request[Any, Any, Any],
    table_id: UUID,
    audit: bool,
    version: int | None,
    view: Any,
    if_none_match: str | None = None,
    perspective: str | None = None,
) -> Any:
    """Authenticate against the table now, then read it (as it was at `version`), as the
    caller (or, for the game master, as the `perspective` seat within his audit).

    A read answers as of the table's version now, which its ETag names (`read_etag`): what a
    seat may see of any version, rewinds included, changes only with the table's version
    (a reveal, a closing), so while an `If-None-Match` still names it, the read stops at
    `NotModified` once the caller is authenticated, and builds nothing."""
    tables, bearer = tables_of(request), _bearer(request)
    state = request.scope.setdefault("state", {})

    def authenticated(table: Table) -> Viewer:
        viewer = caller_viewer(table, bearer, audit, perspective)
        state[READ_AT] = table.version
        if if_none_match is not None and _still(if_none_match, table.version):
            raise NotModified(table.version)
        return viewer

    if version is None:
        return await in_read_thread(
            request,
            partial(tables.read, table_id, lambda table: view(table, authenticated(table))),
        )
    viewer = await in_read_thread(request, partial(tables.read, table_id, authenticated))
    return await in_read_thread(
        request, partial(tables.read, table_id, lambda table: view(table, viewer), version)
    )


#: where a read leaves the table's version it was answered at (`read_etag`)
READ_AT = "saloon.read_at"


def read_etag(request: Request[Any, Any, Any]) -> dict[str, str]:
    """The ETag of a read's answer: the table's version when it was read."""
    return etag(request.scope["state"][READ_AT])


def _still(if_none_match: str, version: int) -> bool:
    tags = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
    return "*" in tags or f'"{version}"' in tags


async def read_log(
    request: Request[Any, Any, Any],
    table_id: UUID,
    audit: bool,
    plan: Callable[[Table, Viewer], Callable[[], T]],
    if_none_match: str | None = None,
    perspective: str | None = None,
) -> T:
    """Read the table's log: `plan` takes what the read needs from the table (the viewer,
    whether it is closed, its version) under the table's lock and returns the scan of the
    store, which runs outside it: however long the log, a read never holds up a command."""
    scan = await read_as_caller(request, table_id, audit, None, plan, if_none_match, perspective)
    return await in_read_thread(request, scan)


def command_post(
    path: str,
    summary: str,
    status: int = 200,
    *,
    operation_id: str,
    command: str,
    description: str,
    **kwargs: Any,
) -> Any:
    return post(
        path,
        operation_id=operation_id,
        summary=summary,
        description=description,
        status_code=status,
        responses=COMMAND_RESPONSES,
        response_headers=CREATED_COMMAND_HEADERS if status == 201 else COMMAND_HEADERS,
        security=[{"bearer": []}],
        opt={"command": command},  # logs, metrics and the rate limit know it by this name
        **kwargs,
    )


def read_get(path: str, *, operation_id: str, summary: str, description: str, **kwargs: Any) -> Any:
    """A read of a table as the caller's seat may see it: it answers the table's version as
    its ETag (`read_etag`), and 304 while the caller's If-None-Match still holds."""
    return get(
        path,
        operation_id=operation_id,
        summary=summary,
        description=description,
        responses=READ_RESPONSES,
        response_headers=HEADERS,
        security=[{"bearer": []}],
        **kwargs,
    )


@get(
    "/systems",
    operation_id="listSystems",
    summary="The rule systems a table can be played with, and their options",
    description="Every rule system this server plays, with the id of its game master's seat, "
    "the options a table gets when created without any (`createTable` takes `system` "
    "and that system's `options`) and the name of every event type its tables log (what "
    "`listEvents`'s `type` filter takes).",
    tags=["tables"],
    operation_class=PublicOperation,
    responses={status: RESPONSES[status] for status in (405, 500)},
    sync_to_thread=False,
)
def list_systems() -> list[schemas.RuleSystemInfo]:
    return [
        schemas.SYSTEM_INFOS[name](
            gm_seat=system.gm_seat,
            default_options=system.options_type(),
            event_types=event_types(name),
        )
        for name, system in RULE_SYSTEMS.items()
    ]


class TablesController(Controller):
    path = "/tables"
    tags = ["tables"]

    @post(
        "/",
        operation_id="createTable",
        operation_class=with_example(
            {"title": "Dust and Lead", "gm_name": "Ana", "options": {"mode": "no_management"}},
            PublicOperation,
        ),
        summary="Create a table; returns the game master's credential",
        description="The game master sets up a table of a rule system (`system`: `GET "
        "/systems` lists them, each with its game master's seat and default options) with its "
        "options, and is seated under `gm_name`. The answer carries the game master's "
        "credential, shown this once.",
        status_code=201,
        responses=COMMAND_RESPONSES,
        response_headers=[*CREATED_HEADERS, REPLAYED_HEADER],
        opt={"command": "CreateTable"},
    )
    async def create_table(
        self,
        request: Request[Any, Any, Any],
        data: JSONBody[schemas.CreateTable],
        idempotency_key: CreationKey,
    ) -> Response[schemas.TableCreated]:
        tables = tables_of(request)
        table_id, replayed = await anyio.to_thread.run_sync(
            partial(
                tables.create_table,
                data.system,
                data.title,
                data.game_master,
                msgspec.to_builtins(data.options),
                idempotency_key=idempotency_key,
            )
        )
        seat = rule_system(data.system).gm_seat
        # the answer of the creation, a retry's too (the table has moved on since): the
        # version its one event made, the game master's first credential
        body = schemas.TableCreated(
            table_id=table_id,
            seat=seat,
            credential=tables.keys(table_id).credential(seat, 0),
            version=CREATED_VERSION,
        )
        headers = {**etag(CREATED_VERSION), "Location": f"/tables/{table_id}"}
        if replayed:
            headers[REPLAYED] = "true"
        return Response(body, status_code=201, headers=headers)

    @read_get(
        "/{table_id:uuid}",
        operation_id="getView",
        summary="The caller's view of the table, now or as it was at a version (rewind)",
        description="What the caller's seat may see of the table: its seats and the rule "
        "system's game (`system` says which), such as Frontera's decks and piles (face down "
        "where the book says nobody looks [L236]), open test, combat or exchange. With "
        "`version`, the table as it was then; with `audit`, the game master sees every secret "
        "any seat has seen.",
    )
    async def view(
        self,
        request: Request[Any, Any, Any],
        table_id: FromPath[UUID],
        audit: Audit = False,
        version: Annotated[
            int | None,
            QueryParameter(
                name="version", required=False, ge=1, le=schemas.MAX_VERSION, description="Rewind"
            ),
        ] = None,
        if_none_match: IfNoneMatch = None,
        perspective: Perspective = None,
    ) -> Response[TableView]:
        view = await read_as_caller(
            request, table_id, audit, version, table_view, if_none_match, perspective
        )
        return Response(view, headers=read_etag(request))

    @command_post(
        "/{table_id:uuid}/fork",
        "Start a new table from this one at a version (game master)",
        201,
        operation_id="forkTable",
        command="ForkTable",
        description="The game master starts a new table from this one as it was at a version, to "
        "replay a disputed moment another way. Its seats take new invitations "
        "(`inviteSeat`).",
    )
    async def fork(
        self,
        request: Request[Any, Any, Any],
        table_id: FromPath[UUID],
        data: JSONBody[schemas.ForkTable],
    ) -> Response[schemas.TableForked]:
        tables = tables_of(request)
        fork_id = await anyio.to_thread.run_sync(
            tables.fork, table_id, _bearer(request), data.version, data.title
        )
        fork = await anyio.to_thread.run_sync(tables.read, fork_id, lambda table: table)
        gm = fork.gm_seat.id
        body = schemas.TableForked(
            table_id=fork_id,
            forked_from=table_id,
            forked_at=data.version,
            version=fork.version,
            credential=tables.keys(fork_id).credential(gm, 0),
            unclaimed=[
                seat.id for seat in fork.seats.values() if seat.active and not seat.credential_hash
            ],
        )
        headers = {
            **etag(fork.version),
            **budget_headers(request.scope),
            "Location": f"/tables/{fork_id}",
        }
        return Response(body, status_code=201, headers=headers)

    @command_post(
        "/{table_id:uuid}/seats",
        "Seat a player (game master); returns the seat's invitation, for the player to claim",
        201,
        operation_id="addSeat",
        command="AddSeat",
        description="The game master seats a player at the table; the answer is the seat's "
        "single-use invitation, for the game master to pass on and the player to redeem "
        "(`claimSeat`).",
        operation_class=with_example({"name": "David"}),
    )
    async def add_seat(
        self,
        request: Request[Any, Any, Any],
        table_id: FromPath[UUID],
        data: JSONBody[AddSeat],
        if_match: IfMatch,
        idempotency_key: IdempotencyKey,
    ) -> Response[schemas.SeatInvited]:
        outcome = await run(request, table_id, data, if_match, idempotency_key)
        return _invited(request, table_id, Issued(seat=str(outcome.result), number=1), outcome)

    @command_post(
        "/{table_id:uuid}/seats/{seat:str}/invitation",
        "A new invitation for a seat (game master): a lost credential, a fork's seat",
        201,
        operation_id="inviteSeat",
        command="InviteSeat",
        description="The game master issues a seat a new invitation: a player who lost the "
        "credential, or a fork's seat. The credential in force keeps working until the "
        "invitation is redeemed.",
    )
    async def invite(
        self,
        request: Request[Any, Any, Any],
        table_id: FromPath[UUID],
        seat: FromPath[str],
        if_match: IfMatch,
        idempotency_key: IdempotencyKey,
    ) -> Response[schemas.SeatInvited]:
        outcome = await run(request, table_id, InviteSeat(seat=seat), if_match, idempotency_key)
        return _invited(request, table_id, _issued(outcome), outcome)

    @post(
        "/{table_id:uuid}/seats/{seat:str}/claim",
        operation_id="claimSeat",
        operation_class=with_example(
            {"invitation": "<the invitation of addSeat>"}, PublicOperation
        ),
        summary="Claim a seat with its invitation; returns the seat's credential, to no one else",
        description="A player redeems the seat's invitation, once, and receives the seat's "
        "credential, which nobody else, the game master included, ever sees. A spent or replaced "
        "invitation is 401.",
        status_code=201,
        responses=COMMAND_RESPONSES,
        response_headers=CREATED_COMMAND_HEADERS,
        security=[],
        opt={"command": "ClaimSeat"},
    )
    async def claim(
        self,
        request: Request[Any, Any, Any],
        table_id: FromPath[UUID],
        seat: FromPath[str],
        data: JSONBody[schemas.ClaimSeat],
    ) -> Response[schemas.SeatCredential]:
        # no Idempotency-Key: whoever knew the invitation and the key could replay the answer,
        # credential included; a claim whose answer was lost takes a new invitation instead
        command = ClaimSeat(invitation=data.invitation)
        outcome = await run(request, table_id, command, None, None, actor=seat)
        return _credential(request, table_id, _issued(outcome), outcome, 201)

    @command_post(
        "/{table_id:uuid}/credential",
        "Replace the caller's credential; the old one stops working at once",
        operation_id="rotateCredential",
        command="RotateCredential",
        description="The caller replaces its seat's credential: the old one stops working at "
        "once. Takes no Idempotency-Key: a replayed answer would hand the credential out "
        "again.",
    )
    async def rotate(
        self, request: Request[Any, Any, Any], table_id: FromPath[UUID], if_match: IfMatch
    ) -> Response[schemas.SeatCredential]:
        # no Idempotency-Key: a retry would present the credential the first attempt retired
        outcome = await run(request, table_id, RotateCredential(), if_match, None)
        return _credential(request, table_id, _issued(outcome), outcome, 200)

    @command_post(
        "/{table_id:uuid}/close",
        "Close the table and reveal its seed (game master)",
        operation_id="closeTable",
        command="CloseTable",
        description="The game master closes the table: no more commands, the seed of every shuffle "
        "is revealed, and every seat may see every card and verify the shuffles "
        "(`verifyTable`).",
    )
    async def close(
        self,
        request: Request[Any, Any, Any],
        table_id: FromPath[UUID],
        if_match: IfMatch,
        idempotency_key: IdempotencyKey,
    ) -> Response[schemas.Accepted]:
        return await accepted(request, table_id, CloseTable(), if_match, idempotency_key)

    @read_get(
        "/{table_id:uuid}/verify",
        operation_id="verifyTable",
        summary="After closing: recompute every shuffle and die from the revealed seed",
        description="Anyone at a closed table checks that the revealed seed matches the "
        "commitment made at its creation and that every shuffle and die of the log follows "
        "from it.",
    )
    async def verify(
        self,
        request: Request[Any, Any, Any],
        table_id: FromPath[UUID],
        if_none_match: IfNoneMatch = None,
    ) -> Response[schemas.VerificationResult]:
        tables = tables_of(request)
        version = await read_as_caller(
            request, table_id, False, None, lambda t, _: t.version, if_none_match
        )
        # the whole log, replayed: read at the pace of every scan, so commands go on meanwhile
        events = scan_log(tables, table_id, 0, version)
        report = await in_read_thread(request, partial(tables.verify, table_id, events))
        result = schemas.VerificationResult(
            seed=report.seed,
            commitment_matches=report.commitment_matches,
            shuffles_checked=report.shuffles_checked,
            dice_checked=report.dice_checked,
            mismatches=report.mismatches,
            verified=report.commitment_matches and not report.mismatches,
        )
        return Response(result, headers=read_etag(request))

    @read_get(
        "/{table_id:uuid}/characters/{character_id:str}",
        operation_id="getCharacter",
        summary="A character: its sheet in full for its player and the game master, else its "
        "public part",
        description="A character's sheet, as its rule system has it (`system` says which; "
        "Frontera's [L1446]: traits, skills, toughness and confidence, health, morale and "
        "sobriety, gear and money); in full for its player and the game master, its public "
        "part for the other seats.",
    )
    async def character(
        self,
        request: Request[Any, Any, Any],
        table_id: FromPath[UUID],
        character_id: FromPath[str],
        if_none_match: IfNoneMatch = None,
    ) -> Response[CharacterView]:
        def view(table: Table, viewer: Viewer) -> Any:
            return character_view(table, character_id, viewer)

        result = await read_as_caller(request, table_id, False, None, view, if_none_match)
        return Response(result, headers=read_etag(request))

    @read_get(
        "/{table_id:uuid}/events",
        operation_id="listEvents",
        summary="The audit log, each event as the caller may see it",
        description="The table's log, each event as the caller's seat may see it (hidden "
        "cards masked), filtered by type, seat, character, text and version: every filter "
        "is judged on the event as the caller sees it, so a hidden field never matches. "
        f"Each request examines at most {MAX_EXAMINED} events of the log: a filter "
        "that matches little may answer fewer than `limit` events, even none, with "
        "`next_after` set; pass it as `after` to go on. `next_after` is null at the end. "
        "The whole log as NDJSON is `exportEvents`'s (`GET /tables/{table_id}/events/"
        "export`); this operation still answers it to `Accept: application/x-ndjson`, "
        "deprecated since release 0.3.0 (with a `Deprecation` header), until release 0.4.0 "
        "at the earliest.",
        dependencies=LOG_FILTERS,
    )
    async def events(
        self,
        request: Request[Any, Any, Any],
        table_id: FromPath[UUID],
        *,  # `only` is injected (LOG_FILTERS) where its parameters stand in the document
        audit: Audit = False,
        after: After = 0,
        limit: Annotated[int, QueryParameter(name="limit", ge=1, le=MAX_PAGE)] = 100,
        types: EventTypes = None,
        only: NamedDependency[LogFilter],
        to_version: ToVersion = None,
        if_none_match: IfNoneMatch = None,
        perspective: Perspective = None,
    ) -> Response[schemas.EventPage]:
        tables = tables_of(request)
        if request.accept.best_match([JSON, ndjson.MEDIA_TYPE], default=JSON) != JSON:
            lines = await _events_as_ndjson(
                request,
                table_id,
                audit,
                after,
                types,
                only,
                to_version,
                if_none_match,
                perspective,
            )
            # deprecated: `exportEvents` answers it (RFC 9745, as service.routes.DEPRECATION)
            lines.headers["Deprecation"] = "@1795737600"
            return lines

        def plan(table: Table, viewer: Viewer) -> Callable[[], schemas.EventPage]:
            topics, closed, version = checked_types(types), table.closed, table.version
            upto = version if to_version is None else min(to_version, version)
            window = min(upto, after + MAX_EXAMINED)

            def scan() -> schemas.EventPage:
                events = scan_log(tables, table_id, after, window, topics)
                page, next_after = log_page(events, viewer, closed, only=only, limit=limit)
                if next_after is None and window < upto:
                    next_after = window  # the bound ended this read: the next goes on from here
                return schemas.EventPage(events=page, next_after=next_after, version=version)

            return scan

        page = await read_log(request, table_id, audit, plan, if_none_match, perspective)
        return Response(page, headers=read_etag(request))

    @read_get(
        "/{table_id:uuid}/events/export",
        operation_id="exportEvents",
        summary="The whole log as NDJSON, each event as the caller may see it",
        description="The caller's whole log, one event a line (NDJSON), exactly as the pages "
        "of `listEvents` hold them, each after its `table_id` and `system` (as the operator's "
        "export's lines), with the same filters and without `limit` or the bound of a page, up "
        "to the table's version when the read began (or `to_version`). `listEvents` with "
        "`Accept: application/x-ndjson` answers the same, deprecated: an operation of its own "
        "keeps a generated client's JSON page a single type.",
        dependencies=LOG_FILTERS,
    )
    async def export_events(
        self,
        request: Request[Any, Any, Any],
        table_id: FromPath[UUID],
        *,  # `only` is injected (LOG_FILTERS) where its parameters stand in the document
        audit: Audit = False,
        after: After = 0,
        types: EventTypes = None,
        only: NamedDependency[LogFilter],
        to_version: ToVersion = None,
        if_none_match: IfNoneMatch = None,
        perspective: Perspective = None,
    ) -> Response[Any]:
        return await _events_as_ndjson(
            request, table_id, audit, after, types, only, to_version, if_none_match, perspective
        )


async def _events_as_ndjson(
    request: Request[Any, Any, Any],
    table_id: UUID,
    audit: bool,
    after: int,
    types: list[str] | None,
    only: LogFilter,
    to_version: int | None,
    if_none_match: str | None,
    perspective: str | None,
) -> Response[Any]:
    """The caller's whole log (up to the version at the start of the read, or `to_version`),
    one `Event` a line: the events the JSON pages hold, in their order, without their bound,
    each led by its `table_id` and `system` as the operator's export's lines are, so that
    exports of several tables read as one."""

    def plan(table: Table, viewer: Viewer) -> tuple[Viewer, bool, int, set[str] | None, str]:
        upto = table.version if to_version is None else min(to_version, table.version)
        return viewer, table.closed, upto, checked_types(types), table.system

    viewer, closed, upto, topics, system = await read_as_caller(
        request, table_id, audit, None, plan, if_none_match, perspective
    )
    extra = {"table_id": str(table_id), "system": system}
    lines = ndjson.log_lines(
        request, table_id, viewer, closed, after, upto, topics=topics, only=only, extra=extra
    )
    return ndjson.answer(request, lines, f"saloon-{table_id}.ndjson", read_etag(request))


def _issued(outcome: Outcome) -> Issued:
    """What an invitation or credential command returned (a retry returns it as stored)."""
    return msgspec.convert(msgspec.to_builtins(outcome.result), Issued)


def _invited(
    request: Request[Any, Any, Any], table_id: UUID, issued: Issued, outcome: Outcome
) -> Response[schemas.SeatInvited]:
    invitation = tables_of(request).keys(table_id).invitation(issued.seat, issued.number)
    body = schemas.SeatInvited(seat=issued.seat, invitation=invitation, version=outcome.version)
    headers = {**command_headers(request, outcome), "Location": f"/tables/{table_id}"}
    return Response(body, status_code=201, headers=headers)


def _credential(
    request: Request[Any, Any, Any], table_id: UUID, issued: Issued, outcome: Outcome, status: int
) -> Response[schemas.SeatCredential]:
    credential = tables_of(request).keys(table_id).credential(issued.seat, issued.number)
    body = schemas.SeatCredential(seat=issued.seat, credential=credential, version=outcome.version)
    headers = command_headers(request, outcome)
    if status == 201:
        headers["Location"] = f"/tables/{table_id}"
    return Response(body, status_code=status, headers=headers)


async def accepted(
    request: Request[Any, Any, Any],
    table_id: FromPath[UUID],
    command: Any,
    if_match: str | None,
    idempotency_key: str | None,
) -> Response[schemas.Accepted]:
    outcome = await run(request, table_id, command, if_match, idempotency_key)
    return Response(
        schemas.Accepted(version=outcome.version), headers=command_headers(request, outcome)
    )
