"""A query's `null` refused where a parameter is not text.

Litestar converts query values leniently: of an optional integer, time or enum, the text
`null` reads as the parameter left out, so `?version=null` would answer the table as it is
now. The document types such parameters without `null` (a client leaves them out), and a
request that sends it anyway is refused as any other value of the wrong type, before its
handler runs. Of a text parameter, `null` is text like any other.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from litestar import Request
from litestar.exceptions import ValidationException
from litestar.handlers import HTTPRouteHandler
from litestar.params import ParameterKwarg, QueryParameter

#: what a query value must not be where the parameter is not text
NULL = "null"
#: the same in the raw query string, looked for first: most requests carry none
RAW_NULL = NULL.encode()


@cache
def typed_query_names(handler: HTTPRouteHandler) -> frozenset[str]:
    """The query keys of the handler's optional parameters that are not text."""
    names = set()
    for name, field in handler.parsed_fn_signature.parameters.items():
        kwarg = field.kwarg_definition
        if isinstance(kwarg, ParameterKwarg) and (kwarg.header or kwarg.cookie):
            continue
        kinds = [inner.annotation for inner in field.inner_types if inner.annotation is not None]
        if field.is_optional and any(kind not in (str, type(None)) for kind in kinds):
            names.add(_query_key(name, kwarg))
    return frozenset(names)


def _query_key(name: str, kwarg: object) -> str:
    """The key a parameter is sent as: its alias, else its name."""
    if isinstance(kwarg, QueryParameter) and kwarg.name:
        return kwarg.name
    if isinstance(kwarg, ParameterKwarg) and kwarg.query:
        return kwarg.query
    return name


def refuse_typed_nulls(request: Request[Any, Any, Any]) -> None:
    """Refuse `?<name>=null` of a parameter that is not text, naming each such parameter."""
    handler = request.scope.get("route_handler")
    if not isinstance(handler, HTTPRouteHandler) or RAW_NULL not in request.scope["query_string"]:
        return
    names = typed_query_names(handler)
    sent = request.query_params
    refused = [name for name in sorted(names) if NULL in sent.getall(name, [])]
    if refused:
        raise ValidationException(
            detail="null is not a value of a parameter that is not text: leave it out",
            extra=[
                {"key": name, "source": "query", "message": "null: leave the parameter out"}
                for name in refused
            ],
        )
