"""HTTP details litestar leaves to the application: what a JSON body must be.

Litestar decodes any body as JSON whatever its media type, and lets a decoder failure other
than malformed JSON (bytes that are not UTF-8, nesting past the recursion limit) escape as a
500.
"""

from __future__ import annotations

from typing import Any

from litestar import Request
from litestar.exceptions import SerializationException

from service.problems import Refused


def _is_json(media_type: str) -> bool:
    """application/json or a +json type; no type at all counts too, as RFC 9110 (8.3) lets
    the server look at the content itself."""
    return media_type in ("", "application/json") or (
        media_type.startswith("application/") and media_type.endswith("+json")
    )


class JsonBodyRequest(Request[Any, Any, Any]):
    """A request whose JSON body is refused with a problem of its own when it is not JSON."""

    async def json(self) -> Any:
        media_type = self.content_type[0].lower()
        if await self.body() and not _is_json(media_type):
            raise Refused(
                415,
                "unsupported_media_type",
                f"the body is read as JSON only: send it as application/json, not {media_type}",
            )
        try:
            return await super().json()
        except SerializationException as error:
            raise _invalid_json(f"the body is not valid JSON: {error}") from None
        except UnicodeDecodeError:
            raise _invalid_json("the body is not valid JSON: it must be UTF-8") from None
        except RecursionError:
            raise _invalid_json("the body is not valid JSON: it nests too deep") from None


def _invalid_json(detail: str) -> Refused:
    return Refused(400, "invalid_json", detail)

