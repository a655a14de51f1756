"""The live stream read as NDJSON (`Accept: application/x-ndjson`), for the tests that read
it as Server-Sent Events too: its lines, and the events among them."""

from __future__ import annotations

import json
from typing import Any

import httpx

from tests.api_helpers import Headers

NDJSON = "application/x-ndjson"


def stream_lines(
    http: httpx.Client, url: str, headers: Headers, until: int, **params: Any
) -> list[dict[str, Any]]:
    """Every line of the stream up to version `until` (where it ends by itself)."""
    accept = {**headers, "Accept": NDJSON}
    with http.stream("GET", url, params={**params, "until": until}, headers=accept) as response:
        assert response.status_code == 200, response.read()
        assert response.headers["content-type"].startswith(NDJSON)
        return [json.loads(line) for line in response.iter_lines() if line]


def stream_events(
    http: httpx.Client, url: str, headers: Headers, until: int, **params: Any
) -> list[dict[str, Any]]:
    """The events of the stream up to version `until`, as its `event` lines hold them."""
    lines = stream_lines(http, url, headers, until, **params)
    return [line["event"] for line in lines if line["message"] == "event"]
