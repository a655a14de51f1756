"""Every problem code the API answers, and which operation may answer which.

One table (`CODES`) says, one line each, what each code of the server and of the shared table
means, its status, and which operations may meet it (`Where`); each rule system declares its
own codes (`RuleSystem.refusal_codes`), which the operations of its routes
(`service/routes/<system>.py`) may answer, described by their status and the systems that
declare them. From these alone `operation_codes` derives the codes of each operation, which
the document lists on each error response (`x-problem-codes`, service/openapi.py), and
`GET /problems/<code>` documents each code: the `type` of its problems.
"""

from __future__ import annotations

import ast
import html
import importlib
import inspect
import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Annotated, Any

from litestar import Response, get
from litestar.exceptions import NotFoundException
from litestar.openapi import ResponseSpec
from litestar.params import Parameter

from domain.errors import (
    Conflict,
    Forbidden,
    InvalidCommand,
    NotFound,
    StaleVersion,
    Unauthenticated,
)
from domain.systems import RULE_SYSTEMS
from service.contract import PublicOperation
from service.operator import SCHEME
from service.problems import MEDIA_TYPE, STATUS_BY_KIND, TYPE_BASE, Problem


class Where(Enum):
    """The operations that may answer a code (among those documenting its status)."""

    #: any operation
    ANY = "any"
    #: an operation under `/tables/{table_id}`
    TABLE = "table"
    #: a command: an operation with a body
    COMMAND = "command"
    #: a command on a table
    TABLE_COMMAND = "table_command"
    #: the live stream
    STREAM = "stream"
    #: the operator's operations
    OPERATOR = "operator"


@dataclass(frozen=True)
class Code:
    status: int
    description: str
    where: Where = Where.TABLE


#: the codes of the server and of the shared table, whatever the rule system
CODES: dict[str, Code] = {
    # the request itself
    "invalid_request": Code(
        400, "A parameter or the body breaks the document; `errors` names each part", Where.ANY
    ),
    "invalid_json": Code(400, "The body is not the JSON the document describes", Where.COMMAND),
    "duplicate_key": Code(400, "The JSON body names a member twice", Where.COMMAND),
    "ambiguous_credentials": Code(400, "More than one `Authorization` header", Where.ANY),
    "http_error": Code(400, "The request cannot be read as HTTP the server takes", Where.ANY),
    "not_found": Code(404, "No such resource: the path names nothing", Where.ANY),
    "method_not_allowed": Code(405, "The path takes another method", Where.ANY),
    "body_too_large": Code(413, "The body is larger than the server accepts", Where.COMMAND),
    "unsupported_media_type": Code(415, "The body is not labelled as JSON", Where.COMMAND),
    "internal_error": Code(500, "The server failed; nothing was changed", Where.ANY),
    "store_unavailable": Code(
        503, "The event store cannot be reached; nothing was changed: retry later", Where.ANY
    ),
    "not_ready": Code(503, "The server is not ready to serve yet", Where.ANY),
    # credentials and seats
    "invalid_credential": Code(401, "No valid credential of this table was presented"),
    "invalid_invitation": Code(
        401, "The invitation is spent, replaced, or not this seat's", Where.TABLE_COMMAND
    ),
    "invalid_operator_token": Code(401, "No valid operator token was presented", Where.OPERATOR),
    "not_game_master": Code(403, "Only the game master may do this"),
    "not_seated": Code(403, "The caller has no seat at this table"),
    "not_your_seat": Code(
        403, "A player acts for its own seat only (a character created for it)", Where.TABLE_COMMAND
    ),
    "forbidden": Code(403, "The caller's seat may not do this"),
    "unknown_table": Code(404, "There is no table with this id"),
    "unknown_seat": Code(404, "The table has no such seat"),
    "unknown_version": Code(404, "The table has no such version (yet)"),
    "unknown_character": Code(404, "The table has no such character"),
    "unknown_roll": Code(404, "The table has no roll of this number"),
    "unknown_system": Code(404, "There is no rule system of this name", Where.COMMAND),
    "too_many_seats": Code(422, "The table has as many seats as it takes", Where.TABLE_COMMAND),
    "not_a_player": Code(422, "The seat named is not a player's", Where.TABLE_COMMAND),
    "cannot_remove_gm": Code(422, "The game master's seat is never removed", Where.TABLE_COMMAND),
    # the table's state
    "idempotency_key_reused": Code(
        409, "This Idempotency-Key was sent before with another command", Where.COMMAND
    ),
    "invalid_idempotency_key": Code(
        422, "The Idempotency-Key is too short or too long", Where.COMMAND
    ),
    "table_closed": Code(409, "The table is closed: it takes no more commands"),
    "table_open": Code(409, "The table is still open: this needs a closed one"),
    "source_open": Code(409, "The table forked from is open at that version", Where.TABLE_COMMAND),
    "seat_holds_secret": Code(
        409, "The seat knows what the game master may not: it takes no invitation"
    ),
    "seed_mismatch": Code(409, "The table's seed does not match its commitment"),
    "roll_not_secret": Code(409, "Every seat already sees this roll", Where.TABLE_COMMAND),
    "character_dead": Code(409, "The character is dead", Where.TABLE_COMMAND),
    "stale_version": Code(
        412, "If-Match names another version than the table's", Where.TABLE_COMMAND
    ),
    "invalid_if_match": Code(422, "If-Match is no ETag of this API", Where.TABLE_COMMAND),
    # the command and its names
    "unknown_command": Code(
        422, "The command is another rule system's than the table's", Where.TABLE_COMMAND
    ),
    "invalid_name": Code(422, "A name is blank or holds a control character", Where.COMMAND),
    "reason_required": Code(422, "A ruling's reason is blank", Where.TABLE_COMMAND),
    "invalid_options": Code(422, "The table's options break the rule system's", Where.COMMAND),
    "too_many_characters": Code(
        422, "The table, or the seat, has as many characters as allowed", Where.TABLE_COMMAND
    ),
    "self_roll_unseen_by_game_master": Code(
        422,
        "The game master rules on this roll, so it is never kept from him: a player's "
        "character's roll is not `self`",
        Where.TABLE_COMMAND,
    ),
    "scripted_roll_invalid": Code(
        422, "The table's scripted dice do not fit the roll", Where.TABLE_COMMAND
    ),
    "unknown_event_type": Code(422, "The log's `type` filter names no event type"),
    "invalid_last_event_id": Code(
        422, "Last-Event-ID is no table version of this API", Where.STREAM
    ),
    # limits
    "rate_limited": Code(
        429, "The seat sent more commands than its budget: retry after `Retry-After`", Where.COMMAND
    ),
    "too_many_streams": Code(429, "The seat has as many streams open as allowed", Where.STREAM),
    "too_many_table_streams": Code(
        429, "The table has as many streams open as allowed", Where.STREAM
    ),
}
#: what a status says of a system's own refusal (a `DomainError` kind's status)
KIND_OF_STATUS = {
    401: "no valid credential of this table was presented",
    403: "the caller's seat may not do this",
    404: "the table has no such thing (yet)",
    409: "the table's state does not allow this now",
    412: "If-Match does not match the table's version",
    422: "the command breaks a rule",
}


#: the status of each kind of domain error, by the class raised
RAISED: dict[str, int] = {
    error.__name__: STATUS_BY_KIND[error.kind]
    for error in (InvalidCommand, Forbidden, NotFound, Conflict, StaleVersion, Unauthenticated)
}
ROOT = Path(__file__).resolve().parent.parent
RAISING = re.compile(rf"\b({'|'.join(RAISED)})\(")


@cache
def raised_codes(*paths: str) -> dict[int, frozenset[str]]:
    """The codes these modules, or those of these folders, of the project raise, by status:
    each `InvalidCommand(message, "code")` and its kin, as written (a code that is a literal)."""
    found: dict[int, set[str]] = {}
    for path in map(ROOT.joinpath, paths):
        for module in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            source = module.read_text()
            if not RAISING.search(source):
                continue  # parsing is the cost: half the modules raise nothing
            for node in ast.walk(ast.parse(source)):
                if not isinstance(node, ast.Call):
                    continue
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                code = [*node.args[1:2], *(k.value for k in node.keywords if k.arg == "code")]
                if name in RAISED and code and isinstance(code[0], ast.Constant):
                    found.setdefault(RAISED[name], set()).add(str(code[0].value))
    return {status: frozenset(codes) for status, codes in found.items()}


def system_codes() -> dict[str, dict[int, frozenset[str]]]:
    """Each registered rule system's own codes, by status: those it declares
    (`RuleSystem.refusal_codes`) and those its rules and views raise."""
    codes: dict[str, dict[int, frozenset[str]]] = {}
    for name, system in RULE_SYSTEMS.items():
        raised = raised_codes(f"domain/{name}", f"projections/{name}")
        statuses = raised.keys() | system.refusal_codes.keys()
        codes[name] = {
            status: raised.get(status, frozenset()) | system.refusal_codes.get(status, frozenset())
            for status in statuses
        }
    return codes


#: the operation that takes a rule system's options, which the system checks
CREATE_TABLE = ("post", "/tables")


def options_codes() -> set[str]:
    """The codes each system's check of a new table's options raises (422: the module of its
    `check_options`)."""
    modules = {inspect.getsourcefile(s.check_options) for s in RULE_SYSTEMS.values()}
    files = [str(Path(module).relative_to(ROOT)) for module in modules if module is not None]
    return set(raised_codes(*sorted(files)).get(422, ()))


def system_operations() -> dict[str, str]:
    """The rule system of each operation of a system's routes, by operationId."""
    return {
        str(handler.operation_id): system
        for system in RULE_SYSTEMS
        for handler in importlib.import_module(f"service.routes.{system}").ROUTES
    }


def describe(code: str) -> Code | None:
    """A code's status and one line: the table's, or a rule system's (the first status any
    system declares it with, described by the systems declaring it)."""
    if code in CODES:
        return CODES[code]
    declaring = {
        status: sorted(
            name for name, codes in system_codes().items() if code in codes.get(status, ())
        )
        for status in KIND_OF_STATUS
    }
    for status, systems in declaring.items():
        if systems:
            return Code(status, f"A rule of {', '.join(systems)}: {KIND_OF_STATUS[status]}")
    return None


def _applies(where: Where, path: str, method: str, operator: bool) -> bool:
    in_table = path.startswith("/tables/{table_id}")
    return {
        Where.ANY: True,
        Where.TABLE: in_table,
        Where.COMMAND: method == "post",
        Where.TABLE_COMMAND: in_table and method == "post",
        Where.STREAM: path == "/tables/{table_id}/stream",
        Where.OPERATOR: operator,
    }[where]


def operation_codes(
    path: str, method: str, operation: dict[str, Any], statuses: Iterable[int]
) -> dict[int, list[str]]:
    """The codes an operation of the document may answer, by status among `statuses` (those
    it documents): the table's that apply to it, and its rule system's, if it is a system's."""
    operator = any(SCHEME in option for option in operation.get("security", []))
    codes: dict[int, set[str]] = {status: set() for status in statuses}
    for code, info in CODES.items():
        if info.status in codes and _applies(info.where, path, method, operator):
            codes[info.status].add(code)
    if (method, path) == CREATE_TABLE and 422 in codes:
        codes[422] |= options_codes()
    system = system_operations().get(operation["operationId"])
    if system is not None:
        for status, own in system_codes()[system].items():
            if status in codes:
                codes[status] |= own
    return {status: sorted(found) for status, found in codes.items() if found}


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{code}</title></head>
<body><h1><code>{code}</code></h1>
<p>HTTP {status}. {description}.</p>
<p>A problem (RFC 9457, <code>application/problem+json</code>) whose <code>type</code> is
<code>{type}</code> and <code>code</code> is <code>{code}</code>; its <code>detail</code> says
what was wrong in this case. The API's document lists, on each error response of each
operation, the codes it may answer (<code>x-problem-codes</code>).</p>
</body></html>
"""


@get(
    "/problems/{code:str}",
    operation_id="getProblemType",
    summary="What a problem code means (the page its problems' `type` leads to)",
    description="The documentation of a problem code: its status and what it means, as an "
    "HTML page. Every problem's `type` is `/problems/<code>`, so following it leads here. "
    "A code the API never answers is 404.",
    tags=["operations"],
    operation_class=PublicOperation,
    media_type="text/html",
    responses={
        status: ResponseSpec(
            Problem, description=text, media_type=MEDIA_TYPE, generate_examples=False
        )
        for status, text in (
            (400, "The code is no code's name (`/problems/invalid_request`)"),
            (404, "The API answers no such code (`/problems/not_found`)"),
        )
    },
)
async def problem_type(
    code: Annotated[
        str,
        Parameter(description="A problem's `code`", pattern=r"^[a-z][a-z0-9_]*$", max_length=64),
    ],
) -> Response[str]:
    """A human-readable page per code: what a client's author reads following a `type`."""
    info = describe(code)
    if info is None:
        raise NotFoundException(f"no problem code {code!r}")
    page = PAGE.format(
        code=html.escape(code),
        status=info.status,
        description=html.escape(info.description),
        type=html.escape(f"{TYPE_BASE}{code}"),
    )
    return Response(page, media_type="text/html")


def every_code() -> dict[str, Code]:
    """Every code the API answers, each described."""
    codes = {
        name for systems in system_codes().values() for own in systems.values() for name in own
    }
    described = {code: describe(code) for code in sorted(codes | CODES.keys())}
    return {code: info for code, info in described.items() if info is not None}
