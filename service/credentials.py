"""The credential a request presents, parsed once: authentication, the rate limit and the log
all read this one value, so no two of them can disagree about who is calling.

More than one `Authorization` header is refused (400): which one counts would be a guess.
"""

from __future__ import annotations

import hmac
from typing import Any
from uuid import UUID

from domain.application import Tables
from domain.errors import Unauthenticated
from domain.keys import Bearer, token_seat
from service.problems import Refused

#: the longest credential looked at; a genuine one has well under this
MAX_CREDENTIAL = 256
_PARSED = "saloon.bearer"
_SEAT = "saloon.seat"


def presented(scope: Any) -> Bearer | None:
    """The bearer credential of the request, or None without a well-formed one."""
    state = scope.setdefault("state", {})
    if _PARSED not in state:
        headers = [value for name, value in scope.get("headers", ()) if name == b"authorization"]
        if len(headers) > 1:
            raise Refused(
                400,
                "ambiguous_credentials",
                "send one Authorization header: this request has several",
            )
        scheme, _, credential = (headers[0].decode("latin-1") if headers else "").partition(" ")
        credential = credential.strip()
        well_formed = scheme.lower() == "bearer" and 0 < len(credential) <= MAX_CREDENTIAL
        state[_PARSED] = Bearer(credential) if well_formed else None
    bearer: Bearer | None = state[_PARSED]
    return bearer


def required(scope: Any) -> Bearer:
    bearer = presented(scope)
    if bearer is None:
        raise Unauthenticated("send the seat's credential as 'Authorization: Bearer <credential>'")
    return bearer


def genuine_seat(scope: Any, tables: Tables) -> tuple[str, int] | None:
    """The seat and number of a credential the server issued for the table in the path,
    checked against the server key alone (no store read), or None. Whether it is still the
    seat's credential in force is the table's business."""
    state = scope.setdefault("state", {})
    if _SEAT not in state:
        state[_SEAT] = None
        table_id = scope.get("path_params", {}).get("table_id")
        try:
            bearer = presented(scope)
        except Refused:  # ambiguous: refused by the guard, nobody's here
            bearer = None
        claimed = token_seat(bearer.credential) if bearer is not None else None
        if isinstance(table_id, UUID) and bearer is not None and claimed is not None:
            seat, number = claimed
            issued = tables.keys(table_id).credential(seat, number)
            if hmac.compare_digest(issued.encode(), bearer.credential.encode()):
                state[_SEAT] = (seat, number)
    found: tuple[str, int] | None = state[_SEAT]
    return found
