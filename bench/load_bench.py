"""The load bench: 200 tables x 4 seats at once against the production configuration.

The server is what `make run-prod` starts (`bench.deployment`): two uvicorn workers behind
HAProxy, which sends every table's requests to one worker, on the local PostgreSQL (a fresh
schema of database `test`, dropped afterwards) and Redis, the analytics projection beside.

Each table has the Mayor and three players, each with a protagonist. Every seat is its own
client with its own kept-alive HTTP/1.1 connection to the proxy (`LeanClient` of
`bench.http_bench`, so 800 connections), and each table plays opposed tests in a loop: the
Mayor opens one among the three protagonists; the three players draw at the same moment, then
choose at the same moment (the last choice resolves the test). Seven commands per loop, three
of them racing on the same table: the optimistic-concurrency retries are part of what is
measured.

After one warm-up loop per table, the loops run for `MEASURE_SECONDS`; loops under way when
it ends finish and count. Printed: commands/s, the p50 and p99 latency of a command, the
commands in flight on average (Little's law: over the rate, they are the mean latency; the
loops' shape sets their number, so only more commands/s lower the latency), the errors (any
answer other than 2xx, or a broken connection: must be 0), the CPU per command
of the workers, of HAProxy and of the analytics projection, and the resident memory (VmRSS)
of each worker process after setting up the tables and after the run. The
bare Litestar figures of `bench.http_bench` are the floor to compare with.

Without PostgreSQL, Redis or HAProxy the bench prints why it skipped, and nothing else.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import statistics
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from bench.deployment import cpu_seconds, deployment, rss_mib, unavailable
from bench.domain_bench import Figure
from bench.http_bench import LeanClient, Seats

TABLES = 200
PLAYERS = 3  # and the Mayor: four seats a table
WORKERS = 2
WARMUP_LOOPS = 1
MEASURE_SECONDS = 15.0
#: requests in flight while the tables are set up
SETUP_CONCURRENCY = 50
HERO = {
    "traits": {"hands": 3, "senses": 3, "muscle": 3, "head": 3},
    "skills": ["aim", "agility", "cunning", "perception"],
}


@dataclass(frozen=True)
class Table:
    table_id: str
    mayor: str
    #: (credential, character) of each player
    players: list[tuple[str, str]]


@dataclass
class Load:
    """What the measured window saw."""

    commands: int = 0
    errors: int = 0
    warmup_commands: int = 0
    reconnects: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    first_errors: list[str] = field(default_factory=list)

    def error(self, what: str) -> None:
        self.errors += 1
        if len(self.first_errors) < 5:
            self.first_errors.append(what)


# -- the load generator (runs in its own process) ------------------------------------------


class Connection(LeanClient):
    """A seat's kept-alive connection that opens a new one when the server has closed it.

    uvicorn closes a connection idle for 5 seconds (its keep-alive timeout); a seat waits
    that long for its turn under this load, and every HTTP client library reconnects then.
    Only a connection already closed before the request is sent is renewed: a request that
    the server drops is an error.
    """

    reconnects = 0

    @classmethod
    async def open(cls, url: str) -> Connection:
        host = url.removeprefix("http://")
        name, _, port = host.partition(":")
        reader, writer = await asyncio.open_connection(name, int(port))
        return cls(Seats(uuid.uuid4(), "", "", ""), host, reader, writer)

    async def send(self, path: str, content: bytes, credential: str) -> tuple[int, bytes]:
        if self.reader.at_eof() or self.writer.is_closing():
            self.writer.close()
            name, _, port = self.host.partition(":")
            self.reader, self.writer = await asyncio.open_connection(name, int(port))
            Connection.reconnects += 1
        return await super().send(path, content, credential)


async def _post(
    client: Connection, path: str, body: Any, credential: str, load: Load | None
) -> Any:
    """POST; on a 2xx the decoded answer, else None (counted as an error when measuring)."""
    content = b"" if body is None else msgspec.json.encode(body)
    started = time.perf_counter()
    try:
        status, answer = await client.send(path, content, credential)
    except (OSError, asyncio.IncompleteReadError, RuntimeError) as error:
        if load is None:
            raise
        load.error(f"{path}: {error!r}")
        return None
    if load is not None:
        load.latencies.append(time.perf_counter() - started)
        load.commands += 1
    if not 200 <= status < 300:
        if load is None:
            raise RuntimeError(f"{path}: {status} {answer[:300]!r}")
        load.error(f"{path}: {status} {answer[:300]!r}")
        return None
    return msgspec.json.decode(answer)


async def _new_table(url: str, index: int, gate: asyncio.Semaphore) -> Table:
    async with gate:
        client = await Connection.open(url)
        try:
            options = {"mode": "no_management"}
            body = {"title": f"Load {index}", "gm_name": "Mayor", "options": options}
            created = await _post(client, "/tables", body, "-", None)
            table_id, mayor = created["table_id"], created["credential"]
            players = []
            for seat in range(PLAYERS):
                invited = await _post(
                    client, f"/tables/{table_id}/seats", {"name": f"P{seat}"}, mayor, None
                )
                claim = {"invitation": invited["invitation"]}
                path = f"/tables/{table_id}/seats/{invited['seat']}/claim"
                credential = (await _post(client, path, claim, "-", None))["credential"]
                hero = {"name": f"Hero {seat}", **HERO}
                character = await _post(
                    client, f"/tables/{table_id}/characters", hero, credential, None
                )
                players.append((credential, character["id"]))
            await _post(client, f"/tables/{table_id}/start", None, mayor, None)
            return Table(table_id, mayor, players)
        finally:
            await client.aclose()


def set_up(url: str, count: int) -> list[Table]:
    async def all_tables() -> list[Table]:
        gate = asyncio.Semaphore(SETUP_CONCURRENCY)
        return list(await asyncio.gather(*(_new_table(url, i, gate) for i in range(count))))

    return asyncio.run(all_tables())


async def _choose(
    client: Connection, prefix: str, seat: tuple[str, str], drawn: Any, load: Load
) -> None:
    credential, character = seat
    if drawn is None:
        return
    cards = drawn["cards"]
    plain = [card for card in cards if "JK" not in card]
    choice: dict[str, Any] = {"character": character, "cards": (plain or cards)[:1]}
    if not plain:
        choice["joker_suits"] = {cards[0]: "spades"}
    await _post(client, f"{prefix}/tests/choose", choice, credential, load)


async def _play(table: Table, clients: list[Connection], load: Load) -> None:
    """One opposed test: the Mayor opens it, the players draw together, choose together."""
    prefix = f"/tables/{table.table_id}"
    mayor, players = clients[0], clients[1:]
    participants = [
        {"character": character, "trait": "muscle", "skill": "agility"}
        for _, character in table.players
    ]
    opened = await _post(
        mayor, f"{prefix}/tests/opposed", {"participants": participants}, table.mayor, load
    )
    if opened is None:
        return
    drawn = await asyncio.gather(
        *(
            _post(client, f"{prefix}/tests/draw", {"character": seat[1]}, seat[0], load)
            for client, seat in zip(players, table.players, strict=True)
        )
    )
    await asyncio.gather(
        *(
            _choose(client, prefix, seat, cards, load)
            for client, seat, cards in zip(players, table.players, drawn, strict=True)
        )
    )


async def _drive(url: str, tables: list[Table]) -> Load:
    clients = [[await Connection.open(url) for _ in range(1 + PLAYERS)] for _ in tables]
    try:
        warm = Load()
        for _ in range(WARMUP_LOOPS):
            await asyncio.gather(*(_play(t, c, warm) for t, c in zip(tables, clients, strict=True)))
        load = Load(
            errors=warm.errors, first_errors=warm.first_errors, warmup_commands=warm.commands
        )
        started = time.perf_counter()
        deadline = started + MEASURE_SECONDS

        async def loop(table: Table, seats: list[Connection]) -> None:
            while time.perf_counter() < deadline:
                await _play(table, seats, load)

        await asyncio.gather(*(loop(t, c) for t, c in zip(tables, clients, strict=True)))
        load.seconds = time.perf_counter() - started
        load.reconnects = Connection.reconnects
        return load
    finally:
        for seats in clients:
            for client in seats:
                with contextlib.suppress(Exception):
                    await client.aclose()


def drive(url: str, tables: list[Table]) -> Load:
    for name in ("httpx", "httpcore"):
        logging.getLogger(name).setLevel(logging.WARNING)
    return asyncio.run(_drive(url, tables))


# -- the run ------------------------------------------------------------------------------


def _memory_figures(pids: list[int], when: str) -> list[Figure]:
    figures = []
    for number, pid in enumerate(pids, start=1):
        rss = rss_mib(pid)
        if rss is not None:
            figures.append(Figure(f"load worker {number} resident memory ({when})", rss, "MiB"))
    return figures


def run(directory: Path) -> list[Figure]:
    """The load figures, or one line saying why there are none."""
    reason = unavailable()
    if reason is not None:
        print(f"load bench skipped: {reason}", flush=True)
        return []
    where = (
        f"{TABLES} tables x {1 + PLAYERS} seats, {WORKERS} workers behind haproxy, postgres+redis"
    )
    spawn = multiprocessing.get_context("spawn")
    with (
        deployment(directory, WORKERS) as server,
        ProcessPoolExecutor(1, mp_context=spawn) as generator,
    ):
        url, pids = server.url, server.workers
        started = time.perf_counter()
        tables = generator.submit(set_up, url, TABLES).result()
        setup_seconds = time.perf_counter() - started
        figures = [
            Figure(f"load setup: tables created and started ({where})", setup_seconds, "s"),
            *_memory_figures(pids, "tables set up"),
        ]
        # the workers', and beside them what else serves a command: the proxy and the
        # analytics projection (PostgreSQL's and the load generator's share are not counted)
        others = {"HAProxy": server.proxy, "the analytics projection": server.analytics}
        cpu_before = [cpu_seconds(pid) for pid in pids]
        others_before = {name: sum(map(cpu_seconds, group)) for name, group in others.items()}
        load = generator.submit(drive, url, tables).result()
        cpu = sum(cpu_seconds(pid) for pid in pids) - sum(cpu_before)
        others_cpu = {
            name: sum(map(cpu_seconds, group)) - others_before[name]
            for name, group in others.items()
        }
        all_commands = max(1, load.commands + load.warmup_commands)
        figures += [
            Figure(f"load commands/s ({where})", load.commands / load.seconds, "commands/s"),
            Figure(
                f"load latency p50 ({where})",
                statistics.median(load.latencies) * 1000,
                "ms",
                2,
            ),
            Figure(
                f"load latency p99 ({where})",
                statistics.quantiles(load.latencies, n=100, method="inclusive")[98] * 1000,
                "ms",
                2,
            ),
            # Little's law: what the loops keep waiting at once, which with the rate sets the
            # latency (a closed loop's latency is this over the commands/s)
            Figure(
                f"load commands in flight, mean ({where})",
                statistics.fmean(load.latencies) * load.commands / load.seconds,
                "commands",
                0,
            ),
            Figure(f"load errors ({where}, must be 0)", load.errors, "", 0),
            Figure(
                f"load workers' CPU per command, warm-up included ({where})",
                cpu / all_commands * 1000,
                "ms",
                2,
            ),
            *(
                Figure(
                    f"load {name}'s CPU per command, warm-up included ({where})",
                    seconds / all_commands * 1000,
                    "ms",
                    3,
                )
                for name, seconds in others_cpu.items()
            ),
            Figure(
                f"load connections renewed after an idle close ({where})", load.reconnects, "", 0
            ),
            *_memory_figures(pids, "after the run"),
        ]
        for error in load.first_errors:
            print(f"load error: {error}", flush=True)
    return figures
