"""RFC 9457 problem+json: one stable `type` per error code, and the status of its kind."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import psycopg
from eventsourcing import persistence
from litestar import Request, Response
from litestar.exceptions import HTTPException, NotFoundException, ValidationException

from domain.errors import DomainError
from domain.names import TEXT_PATTERN
from service.logs import log_unexpected

MEDIA_TYPE = "application/problem+json"
TYPE_BASE = "/problems/"

#: seconds a client should wait before retrying when the event store is unavailable
STORE_RETRY_AFTER = 5
#: what a failing store raises, through eventsourcing or from the driver itself
STORE_ERRORS = (
    persistence.OperationalError,
    persistence.InterfaceError,
    psycopg.OperationalError,
    psycopg.InterfaceError,
)


class StoreDown(persistence.OperationalError):
    """The store failed a moment ago: commands fail fast until the cool-down is over, rather
    than each waiting out the store's retries."""


STATUS_BY_KIND = {
    "invalid": 422,
    "unauthenticated": 401,
    "forbidden": 403,
    "not_found": 404,
    "conflict": 409,
    "stale": 412,
}


class InvalidPart(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One part of a malformed request, as RFC 9457's `errors` names it: a member of the JSON
    body by its JSON Pointer (RFC 6901), or a query, path or header parameter by its name."""

    detail: str
    """What is wrong with this part, and what would be right"""
    pointer: str | None = None
    """The body's member, as a JSON Pointer, e.g. /options/mode ("" for the body as a whole);
    absent for a parameter"""
    parameter: str | None = None
    """The parameter's name, e.g. limit; absent for a member of the body"""
    location: str | None = None
    """Where the parameter is: query, path, header or cookie; absent for a member of the body"""


class Problem(msgspec.Struct, kw_only=True, omit_defaults=True):
    """An error, as RFC 9457 describes it; `code` is the stable machine-readable name."""

    type: str
    """The problem type's URI reference, /problems/<code>"""
    title: str
    """A short, human-readable summary of the problem type (the code in words)"""
    status: int
    """The HTTP status code of the answer"""
    detail: str
    """What was wrong with this request and what would be right"""
    code: str
    """The problem's stable, machine-readable name, e.g. table_closed, not_your_seat"""
    instance: str | None = None
    """The path of the request that failed"""
    errors: list[InvalidPart] | None = None
    """For a malformed request (400 invalid_request): each part that breaks the document"""


class Refused(Exception):
    """A request the service turns away by itself (limits, readiness): status, code, detail,
    and when to try again."""

    def __init__(
        self,
        status: int,
        code: str,
        detail: str,
        retry_after: int | None = None,
        headers: dict[str, str] | None = None,
    ):
        super().__init__(detail)
        self.status, self.code, self.detail, self.retry_after = status, code, detail, retry_after
        self.headers = headers or {}


class NotModified(Exception):
    """A conditional read whose `If-None-Match` still names the table's version: 304."""

    def __init__(self, version: int):
        super().__init__(f"still at version {version}")
        self.version = version


def not_modified(_: Request[Any, Any, Any], error: NotModified) -> Response[None]:
    return Response(None, status_code=304, headers={"ETag": f'"{error.version}"'})


def problem(
    status: int,
    code: str,
    detail: str,
    request: Request[Any, Any, Any],
    headers: dict[str, str] | None = None,
    errors: list[InvalidPart] | None = None,
) -> Response[Problem]:
    if status == 401:
        headers = {**(headers or {}), "WWW-Authenticate": 'Bearer realm="saloon"'}
    body = _problem(status, code, detail, request.url.path)
    body.errors = errors
    return Response(
        body,
        status_code=status,
        media_type=MEDIA_TYPE,
        headers=headers,
    )


def _problem(status: int, code: str, detail: str, instance: str) -> Problem:
    return Problem(
        type=f"{TYPE_BASE}{code}",
        title=code.replace("_", " ").capitalize(),
        status=status,
        detail=detail,
        code=code,
        instance=instance,
    )


def domain_problem(error: DomainError, instance: str) -> Problem:
    """The problem of a domain error, for an answer that is no longer a response of its own
    (the last message of an event stream)."""
    return _problem(STATUS_BY_KIND.get(error.kind, 422), error.code, error.message, instance)


def domain_error(request: Request[Any, Any, Any], error: DomainError) -> Response[Problem]:
    return problem(STATUS_BY_KIND.get(error.kind, 422), error.code, error.message, request)


#: the document's patterns in words, for a refusal whoever sent it can read
PATTERNS_WORDED = {
    f"`str` matching regex {TEXT_PATTERN!r}": "text that is not blank, with no control "
    "character (NUL, tab, newline, escape, …, or a bidirectional control, U+202A-U+202E and "
    "U+2066-U+2069) between its first and last visible characters",
}


#: the body no command can go without: litestar names it by the handler's argument
MISSING_BODY = InvalidPart(detail="the operation takes a JSON body: none was sent", pointer="")


def _invalid_part(request: Request[Any, Any, Any], item: dict[str, Any]) -> InvalidPart:
    """A part litestar refused, named as the request names it: a parameter by its name in
    the document (`from`, `If-Match`), not the handler's argument (`since`, `if_match`)."""
    key = str(item["key"])
    location = str(getattr(item.get("source"), "value", item.get("source")) or "") or None
    if location == "body" and key == "data":  # litestar's name for a handler's body
        return MISSING_BODY
    handler = request.scope.get("route_handler")
    field = handler.parsed_fn_signature.parameters.get(key) if handler else None
    named = getattr(getattr(field, "kwarg_definition", None), "name", None)
    return InvalidPart(
        detail=_worded(str(item.get("message", ""))),
        parameter=named or key,
        location=location,
    )


def validation_error(
    request: Request[Any, Any, Any], error: ValidationException
) -> Response[Problem]:
    parts = [
        _invalid_part(request, item)
        for item in (error.extra or [])
        if isinstance(item, dict) and item.get("key")
    ]
    if parts:
        details = "; ".join(
            part.detail if part.parameter is None else f"{part.detail} ({part.parameter})"
            for part in parts
        )
    else:  # the body: msgspec says where, as a path from `$`
        details = _worded(error.detail)
        parts = [InvalidPart(detail=details, pointer=body_pointer(error.detail))]
    return problem(400, "invalid_request", details, request, errors=parts)


def _worded(message: str) -> str:
    for pattern, words in PATTERNS_WORDED.items():
        message = message.replace(pattern, words)
    return message


_AT = re.compile(r" - at `\$([^`]*)`")
_IN = re.compile(r" - in `\$([^`]*)`")
_UNKNOWN = re.compile(r"unknown field `([^`]*)`")


def body_pointer(message: str) -> str:
    """The JSON Pointer of the member a decoding error names: msgspec's `- at `$.a[0].b``, under
    the `- in `$.options`` a system's options are decoded in, down to an unknown field."""
    path = "".join(_path(found.group(1)) for found in reversed(list(_IN.finditer(message))))
    at = _AT.search(message)
    path += _path(at.group(1)) if at else ""
    unknown = _UNKNOWN.search(message)
    if unknown:
        path += "/" + _escaped(unknown.group(1))
    return path


def _path(dotted: str) -> str:
    """`.a[0].b` as `/a/0/b`."""
    steps = re.findall(r"\.([^.\[]+)|\[([^\]]*)\]", dotted)
    return "".join("/" + _escaped(name or index.strip("'\"")) for name, index in steps)


def _escaped(step: str) -> str:
    return step.replace("~", "~0").replace("/", "~1")


def http_error(request: Request[Any, Any, Any], error: HTTPException) -> Response[Problem]:
    if isinstance(error, NotFoundException):
        return problem(404, "not_found", "there is no such resource", request)
    code = {405: "method_not_allowed", 413: "body_too_large"}.get(error.status_code, "http_error")
    return problem(error.status_code, code, error.detail, request, dict(error.headers or {}))


def unexpected_error(request: Request[Any, Any, Any], error: Exception) -> Response[Problem]:
    """Never the details of an internal failure: they could carry hidden cards."""
    log_unexpected(request, error)
    return problem(500, "internal_error", "the server failed; nothing was changed", request)


def refused(request: Request[Any, Any, Any], error: Refused) -> Response[Problem]:
    headers = dict(error.headers)
    if error.retry_after is not None:
        headers["Retry-After"] = str(error.retry_after)
    return problem(error.status, error.code, error.detail, request, headers or None)


def store_unavailable(request: Request[Any, Any, Any], error: Exception) -> Response[Problem]:
    """The event store cannot be reached: the command's transaction never committed."""
    if not isinstance(error, StoreDown):
        log_unexpected(request, error, level="warning")
    failing_fast = (
        " (it failed moments ago: not tried again yet)" if isinstance(error, StoreDown) else ""
    )
    return problem(
        503,
        "store_unavailable",
        f"the event store cannot be reached{failing_fast}; nothing was changed: retry later "
        "(a command with the same Idempotency-Key is applied at most once)",
        request,
        {"Retry-After": str(STORE_RETRY_AFTER)},
    )


EXCEPTION_HANDLERS: dict[Any, Any] = {
    DomainError: domain_error,
    ValidationException: validation_error,
    HTTPException: http_error,
    Refused: refused,
    NotModified: not_modified,
    persistence.OperationalError: store_unavailable,
    persistence.InterfaceError: store_unavailable,
    psycopg.OperationalError: store_unavailable,
    psycopg.InterfaceError: store_unavailable,
    Exception: unexpected_error,
}
