"""The operator: whoever runs the server, with a credential of its own, apart from every
table's seats (exports, statistics).

`SALOON_OPERATOR_TOKEN` sets it. Without one, the operator's endpoints answer 404, as if they
did not exist; with one, a request must present it as `Authorization: Bearer <token>`, else
401 (with `WWW-Authenticate: Bearer`, like a seat's refused credential). A seat's credential is
never the operator's, and the operator's is no seat's.

An operator endpoint is declared with `operator_get`: it takes `guards=[operator_only]`,
`security=OPERATOR_SECURITY` and `responses=OPERATOR_RESPONSES`. What is open on a server without an
operator token but the operator's on one with a token (the metrics) takes
`guards=[operator_if_configured]` and `security=OPERATOR_IF_CONFIGURED`.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from litestar import get
from litestar.connection import ASGIConnection
from litestar.exceptions import NotFoundException
from litestar.handlers.base import BaseRouteHandler
from litestar.openapi import ResponseSpec
from litestar.openapi.spec import SecurityScheme

from domain.errors import Unauthenticated
from service import credentials
from service.problems import Problem

#: the scheme's name in the OpenAPI document, apart from the seats' `bearer`
SCHEME = "operator"
SECURITY_SCHEME = SecurityScheme(
    type="http",
    scheme="bearer",
    description="The operator's token (`SALOON_OPERATOR_TOKEN`), for whoever runs the server; "
    "without one configured, the operator's operations answer 404",
)
OPERATOR_SECURITY: list[dict[str, list[str]]] = [{SCHEME: []}]
#: the operator's token, or none on a server without one
OPERATOR_IF_CONFIGURED: list[dict[str, list[str]]] = [{SCHEME: []}, {}]


def _problem(description: str) -> ResponseSpec:
    return ResponseSpec(
        Problem,
        description=description,
        media_type="application/problem+json",
        generate_examples=False,
    )


#: what an operator endpoint may answer besides its success
OPERATOR_RESPONSES: dict[int, ResponseSpec] = {
    status: _problem(text)
    for status, text in (
        (400, "The request is malformed"),
        (
            401,
            "No operator token, or not the operator's (with `WWW-Authenticate: Bearer`); a "
            "seat's credential is never the operator's",
        ),
        (404, "The server has no operator token configured: the operation is absent"),
        (405, "The path takes another method (`/problems/method_not_allowed`)"),
        (500, "The server failed (`/problems/internal_error`)"),
        (503, "The event store cannot be reached (`Retry-After`)"),
    )
}


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


def is_operator(token: str | None, presented: str | None) -> bool:
    """Whether `presented` is the operator's token, compared in constant time (of equal-length
    digests: not even the token's length shows)."""
    if token is None or presented is None:
        return False
    return hmac.compare_digest(_digest(token), _digest(presented))


async def operator_only(
    connection: ASGIConnection[Any, Any, Any, Any], _: BaseRouteHandler
) -> None:
    """The guard of the operator's endpoints: 404 without a configured token, 401 without the
    token. (The guards are coroutines: litestar runs a plain function guard on a thread.)"""
    if connection.app.state.operator_token is None:
        raise NotFoundException()
    await operator_if_configured(connection, _)


async def operator_if_configured(
    connection: ASGIConnection[Any, Any, Any, Any], _: BaseRouteHandler
) -> None:
    """The guard of what is the operator's once an operator is configured: 401 without the
    token; without a configured token, open."""
    token: str | None = connection.app.state.operator_token
    if token is None:
        return
    bearer = credentials.presented(connection.scope)
    if not is_operator(token, bearer.credential if bearer is not None else None):
        raise Unauthenticated(
            "send the operator's token as 'Authorization: Bearer <token>'",
            "invalid_operator_token",
        )


def operator_get(
    path: str, *, operation_id: str, summary: str, description: str, **kwargs: Any
) -> Any:
    """A read of the operator's, among the server's operations: guarded by `operator_only`."""
    return get(
        path,
        operation_id=operation_id,
        summary=summary,
        description=description,
        tags=["operations"],
        guards=[operator_only],
        security=OPERATOR_SECURITY,
        responses=OPERATOR_RESPONSES,
        **kwargs,
    )
