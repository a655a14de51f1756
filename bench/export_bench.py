"""The NDJSON export of a long table: how many events a second the Mayor's whole log comes out
over HTTP (`GET /tables/{id}/events` with `Accept: application/x-ndjson`).

The table is `bench.long_table_bench`'s loop of trait tests grown to `EVENTS` events on a
SQLite file; the server runs in this process (uvicorn on a background thread, as
`http_bench`), the client in another, which reads the answer line by line as it streams and
counts the lines. The figure is the median rate of `ROUNDS` exports; the server's resident
memory before and after shows that an export holds one batch at a time, not the log.
"""

from __future__ import annotations

import multiprocessing
import resource
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import httpx

from bench.domain_bench import MAYOR, BenchTable, Figure, new_app, sqlite_env
from bench.http_bench import UNLIMITED
from service.app import create_app
from tests.live_server import serving

EVENTS = 10_000
ROUNDS = 3


def export(url: str, table_id: str, credential: str) -> tuple[int, float]:
    """In the client's process: the lines of one export, and the seconds it took."""
    headers = {"Authorization": f"Bearer {credential}", "Accept": "application/x-ndjson"}
    started = time.perf_counter()
    lines = 0
    with (
        httpx.Client(base_url=url, timeout=120) as client,
        client.stream("GET", f"/tables/{table_id}/events", headers=headers) as response,
    ):
        response.raise_for_status()
        for line in response.iter_lines():
            lines += bool(line)
    return lines, time.perf_counter() - started


def _max_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run(directory: Path) -> list[Figure]:
    app = new_app(sqlite_env(directory / "export.sqlite3"))
    try:
        table = BenchTable.create(app)
        table.grow_to(EVENTS)
        credential = app.keys(table.table_id).credential(MAYOR, 0)
        rates = []
        spawn = multiprocessing.get_context("spawn")
        with (
            ProcessPoolExecutor(1, mp_context=spawn) as clients,
            serving(create_app(UNLIMITED, tables=app)) as url,
        ):
            before = _max_rss_mb()
            for _ in range(ROUNDS):
                lines, seconds = clients.submit(
                    export, url, str(table.table_id), credential
                ).result()
                assert lines == table.version, (lines, table.version)
                rates.append(lines / seconds)
            grown = _max_rss_mb() - before
    finally:
        app.close()
    return [
        Figure("ndjson_export_rate", statistics.median(rates), "events/s", 0),
        Figure(
            f"server peak memory growth over {ROUNDS} NDJSON exports of a {table.version}-event "
            "log (sqlite)",
            grown,
            "MB",
        ),
    ]
