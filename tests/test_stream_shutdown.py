"""A worker told to stop (SIGTERM, as a deployment stops it) with five thousand streams open
stops within 5 seconds, and every stream ends with a `closing` message that says where to
resume from: a real uvicorn process (`tests/workers.py`) on SQLite, real connections."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from tests.live_server import TLS
from tests.workers import Workers, workers

STREAMS = 5000
STOP_WITHIN = 5.0


async def _open(
    port: int, path: str, credential: str
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """An open stream (the writer kept: a writer collected closes its connection)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {credential}"
    writer.write(f"{request}\r\n\r\n".encode())
    head = await reader.readuntil(b"\r\n\r\n")
    assert b" 200 " in head.split(b"\r\n")[0], head
    return reader, writer


async def _rest(stream: tuple[asyncio.StreamReader, asyncio.StreamWriter]) -> bytes:
    """Everything the stream sends until the server closes it."""
    reader, writer = stream
    try:
        return await reader.read()
    finally:
        writer.close()


async def _stop_while_streaming(group: Workers, table: str, credential: str, version: int) -> None:
    path = f"/tables/{table}/stream"
    streams = [await _open(group.port(0), path, credential) for _ in range(STREAMS)]
    await asyncio.sleep(1)  # every stream has sent what was there, and waits
    stopped = time.monotonic()
    os.kill(group.pid(0), signal.SIGTERM)
    bodies = await asyncio.wait_for(asyncio.gather(*map(_rest, streams)), timeout=STOP_WITHIN + 5)
    while group.alive(0):
        assert time.monotonic() - stopped < STOP_WITHIN, "the worker still runs"
        await asyncio.sleep(0.05)
    closing = f"id: {version}\r\nevent: closing\r\nretry: 1000\r\n".encode()
    resume = f'data: {{"resume_after":{version}}}'.encode()
    for body in bodies:
        # chunked: the messages are in the chunks' text; the last one says where to resume
        assert body.count(b"event: closing") == 1, body[-300:]
        assert closing in body and resume in body, body[-300:]


@pytest.mark.long
def test_a_worker_with_5000_open_streams_stops_within_5_s_each_told_where_to_resume() -> None:
    limits = {"SALOON_STREAMS_PER_SEAT": str(STREAMS), "SALOON_STREAMS_PER_TABLE": str(STREAMS)}
    with workers(1, env=limits) as group:
        created = httpx.post(
            f"{group.url(0)}/tables",
            json={"title": "T", "mayor_name": "M", "options": {}},
            verify=TLS,
        )
        assert created.status_code == 201, created.text
        table, credential = created.json()["table_id"], created.json()["credential"]
        etag = httpx.get(
            f"{group.url(0)}/tables/{table}",
            headers={"Authorization": f"Bearer {credential}"},
            verify=TLS,
        ).headers["etag"]
        version = int(etag.strip('"'))
        # on a thread of its own: a sync Playwright session earlier in the run leaves a loop
        # marked running on the main thread
        with ThreadPoolExecutor(1) as thread:
            stopping = _stop_while_streaming(group, table, credential, version)
            thread.submit(asyncio.run, stopping).result()
