"""HTTP details litestar leaves to the application: what a JSON body must be, and HEAD.

Litestar decodes any body as JSON whatever its media type, and lets a decoder failure other
than malformed JSON (bytes that are not UTF-8, nesting past the recursion limit) escape as a
500. It converts a body to its Struct leniently (0 for false, "3" for 3), which the document
does not allow: a body is checked strictly against its Struct here first. It never reads the
body of a handler that takes none (a command without fields), so any body would pass unread:
such a body is read and checked too, as an empty closed object. A JSON object naming a key
twice is refused: which value counts is up to the parser (RFC 8259, 4), and a proxy or
client reading the other one would see another command than the server ran. It also answers
HEAD with 405 where GET is routed.
"""

from __future__ import annotations

import json
from typing import Any, cast

import msgspec
from litestar import Request
from litestar.exceptions import SerializationException, ValidationException
from litestar.types import ASGIApp, Message, Receive, ReceiveMessage, Scope, Send

from service.json_tree import rebuilt
from service.problems import Refused
from service.query_nulls import refuse_typed_nulls


def _is_json(media_type: str) -> bool:
    """application/json or a +json type; no type at all counts too, as RFC 9110 (8.3) lets
    the server look at the content itself."""
    return media_type in ("", "application/json") or (
        media_type.startswith("application/") and media_type.endswith("+json")
    )


class JsonBodyRequest(Request[Any, Any, Any]):
    """A request whose body is read as the document says, else refused with a problem of its
    own: JSON only, each key of an object once, and strictly of its operation's type."""

    async def json(self) -> Any:
        body = await self.body()
        media_type = self.content_type[0].lower()
        if body and not _is_json(media_type):
            raise Refused(
                415,
                "unsupported_media_type",
                f"the body is read as JSON only: send it as application/json, not {media_type}",
            )
        try:
            value = await super().json()
        except SerializationException as error:
            raise _invalid_json(f"the body is not valid JSON: {error}") from None
        except UnicodeDecodeError:
            raise _invalid_json("the body is not valid JSON: it must be UTF-8") from None
        except RecursionError:
            raise _invalid_json("the body is not valid JSON: it nests too deep") from None
        if body:
            _refuse_duplicate_keys(body)
        self._check_strictly(value)
        return value

    def _check_strictly(self, value: Any) -> None:
        """The body as the document types it: no coercion of one JSON type into another, and
        nothing at all (but an empty object) where the operation takes no body."""
        body_type = _body_type(self)
        if isinstance(body_type, type) and issubclass(body_type, msgspec.Struct):
            try:
                msgspec.convert(value, body_type, strict=True)
            except msgspec.ValidationError as as_sent:
                # a body's 3.0 may stand for an integer: the walk costs more than the check,
                # so only a body refused as sent is walked (no field of a command is a float)
                try:
                    msgspec.convert(integral(value), body_type, strict=True)
                except msgspec.ValidationError as error:
                    raise ValidationException(detail=str(error)) from None
                except RecursionError:  # deeper than any command nests: refused as sent
                    raise ValidationException(detail=str(as_sent)) from None


class NoBody(msgspec.Struct, forbid_unknown_fields=True):
    """The body of an operation that takes none: absent, or an empty object."""


def _body_type(request: Request[Any, Any, Any]) -> Any:
    """The type of the route's body: its `data` parameter's, else `NoBody`."""
    handler = request.scope.get("route_handler")
    field = handler.parsed_fn_signature.parameters.get("data") if handler else None
    return NoBody if field is None else field.annotation


async def read_unread_body(request: Request[Any, Any, Any]) -> None:
    """The app's `before_request`: a query's `null` where a parameter is not text is refused
    (`service.query_nulls`), and the body of a route that takes none, which litestar never
    reads, is read and checked here (415, malformed JSON, any field), before the handler
    runs: a refused request changes nothing."""
    refuse_typed_nulls(request)
    if _body_type(request) is NoBody and await request.body():
        await request.json()


def _unique_keys(items: list[tuple[str, Any]]) -> None:
    """Each object of a body, as its key-value pairs: refused if it names a key twice."""
    seen: set[str] = set()
    for key, _ in items:
        if key in seen:
            raise Refused(
                400, "duplicate_key", f"an object of the body names {key!r} more than once"
            )
        seen.add(key)


#: built once: `json.loads` with a hook builds a decoder on every call, which costs more than
#: the parse of a command's body
_PAIRS = json.JSONDecoder(object_pairs_hook=_unique_keys)


def _refuse_duplicate_keys(body: bytes) -> None:
    """Refuse a body (valid JSON, already decoded) in which an object names a key twice."""
    try:
        # as `json.loads` reads bytes
        _PAIRS.decode(body.decode(json.detect_encoding(body), "surrogatepass"))
    except RecursionError:
        raise _invalid_json("the body is not valid JSON: it nests too deep") from None
    except ValueError as error:  # what msgspec took and the standard library does not
        raise _invalid_json(f"the body is not valid JSON: {error}") from None


def integral(value: Any) -> Any:
    """JSON Schema counts 3.0 as an integer: so does the strict check."""
    return rebuilt(value, _whole)


def _whole(part: Any) -> Any:
    return int(part) if isinstance(part, float) and part.is_integer() else part


def _invalid_json(detail: str) -> Refused:
    return Refused(400, "invalid_json", detail)


def head_as_get(app: ASGIApp) -> ASGIApp:
    """Answer HEAD as GET without the body (RFC 9110 9.3.2): same status and headers.

    The body is dropped as it is sent, and a streamed one (the event stream) is told the
    client is gone once the headers are out, so it ends at once, gives its slot back, and
    the response is closed here.
    """

    async def handle(scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("method") != "HEAD":
            await app(scope, receive, send)
            return
        started = ended = False

        async def headers_only(message: Message) -> None:
            nonlocal started, ended
            if message["type"] == "http.response.body":
                message = {**message, "body": b""}
                ended = not message.get("more_body", False)
            started = started or message["type"] == "http.response.start"
            await send(message)

        async def gone_once_answered() -> ReceiveMessage:
            return {"type": "http.disconnect"} if started else await receive()

        await app(cast(Scope, {**scope, "method": "GET"}), gone_once_answered, headers_only)
        if started and not ended:
            await send({"type": "http.response.body", "body": b"", "more_body": False})

    return handle
