"""What a long table's figures cost another table's readers.

Over HTTP (the server in this process, the clients in another, as `bench.long_table_bench`),
one client reads another, short table's view (`GET /tables/{id}`) in a loop and times each
read, alone and while two clients (its Mayor and its player) loop on `GET /tables/{id}/stats`
of a `EVENTS`-event table, in turns of `WINDOW` seconds so that a change in the machine's
load meets both. Twice: with the server's kept folds (`projections.folds`: a read folds only
the events since the last one of the same knowledge, and here, none having come, returns the
figures that read made), and with none kept, so that
every read folds the whole log afresh, a page per job of the read thread
(`service.reads.in_read_pages`) — what a knowledge change costs, and what the bound on
another table's reads rests on. The ratio of the median view latency beside the reads to
the one alone is what a long table's figures cost other tables (target at most 2).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bench.domain_bench import BenchTable, Figure, new_app, sqlite_env
from bench.http_bench import UNLIMITED, LeanClient, Seats
from projections.folds import Folds
from service.app import create_app
from tests.live_server import serving

EVENTS = 6_000
ROUNDS = 4
WINDOW = 2.0
WARMUP_READS = 20
LATENCY_RATIO_TARGET = 2.0


async def _latencies(
    base_url: str, other: Seats, long: Seats | None, seconds: float
) -> tuple[list[float], int]:
    viewer = await LeanClient.connect(base_url, other)
    readers = [await LeanClient.connect(base_url, long) for _ in range(2)] if long else []
    latencies: list[float] = []
    reads = 0

    async def get(client: LeanClient, path: str, credential: str) -> None:
        status, body = await client.get(path, credential)
        if status != 200:
            raise RuntimeError(f"{path}: {status} {body.decode(errors='replace')}")

    for _ in range(WARMUP_READS):
        await get(viewer, viewer.prefix, other.player)
    deadline = time.perf_counter() + seconds

    async def view() -> None:
        while time.perf_counter() < deadline:
            started = time.perf_counter()
            await get(viewer, viewer.prefix, other.player)
            latencies.append(time.perf_counter() - started)

    async def figures(reader: LeanClient, credential: str) -> None:
        nonlocal reads
        while time.perf_counter() < deadline:
            await get(reader, f"{reader.prefix}/stats", credential)
            reads += 1

    credentials = [long.mayor, long.player] if long else []
    try:
        await asyncio.gather(view(), *map(figures, readers, credentials))
    finally:
        for client in (viewer, *readers):
            await client.aclose()
    return latencies, reads


def view_latencies(
    base_url: str, other: Seats, long: Seats | None, seconds: float
) -> tuple[list[float], int]:
    """The latency of each read of `other`'s view while two clients read `long`'s figures
    (none when `long` is None), and how many figures they read."""
    return asyncio.run(_latencies(base_url, other, long, seconds))


def _p99(latencies: list[float]) -> float:
    return statistics.quantiles(latencies, n=100, method="inclusive")[98]


def _figures(
    alone: list[float], beside: list[float], reads: int, kept: str, clients: str
) -> list[Figure]:
    quiet, busy = statistics.median(alone) * 1000, statistics.median(beside) * 1000
    return [
        Figure(f"another table's view latency p50, alone ({kept})", quiet, "ms", 2),
        Figure(f"another table's view latency p50, {clients} ({kept})", busy, "ms", 2),
        Figure(f"another table's view latency p99, alone ({kept})", _p99(alone) * 1000, "ms", 2),
        Figure(
            f"another table's view latency p99, {clients} ({kept})", _p99(beside) * 1000, "ms", 2
        ),
        Figure(
            f"ratio another table's view latency p50, figures read / alone ({kept}; "
            f"target <= {LATENCY_RATIO_TARGET:.0f})",
            busy / quiet,
            "",
            2,
        ),
        Figure(f"figures reads/s ({clients}, {kept})", reads / (ROUNDS * WINDOW), "requests/s"),
    ]


def run(directory: Path) -> list[Figure]:
    """The view latencies, with folds kept and without; the SQLite file goes in `directory`."""
    app = new_app(sqlite_env(directory / "stats.sqlite3"))
    spawn = multiprocessing.get_context("spawn")  # never fork a process that runs servers
    clients = f"2 clients reading a {EVENTS}-event table's figures"
    found: list[Figure] = []
    try:
        table = BenchTable.create(app)
        table.grow_to(EVENTS)
        long, other = Seats.of(table), Seats.of(BenchTable.create(app))
        server = create_app(UNLIMITED, tables=app)
        with ProcessPoolExecutor(1, mp_context=spawn) as pool, serving(server) as url:
            for kept, folds in (("folds kept", Folds()), ("no folds kept", Folds(kept_keys=0))):
                server.state.folds = folds
                alone: list[float] = []
                beside: list[float] = []
                reads = 0
                for _ in range(ROUNDS):  # in turns, so a change in the machine's load hits both
                    without, _ = pool.submit(view_latencies, url, other, None, WINDOW).result()
                    within, count = pool.submit(view_latencies, url, other, long, WINDOW).result()
                    alone, beside, reads = alone + without, beside + within, reads + count
                found += _figures(alone, beside, reads, kept, clients)
    finally:
        app.close()
    return found
