"""HTTP benchmarks: the API under concurrent clients, beside two baselines.

Each client plays the domain bench's loop on its own table: the Mayor opens a trait test
(POST /tables/{id}/tests/trait), the player draws (POST .../tests/draw) and chooses one of
the drawn cards (POST .../tests/choose). All three requests are commands, and all three are
counted and timed ("open+draw+choose" in the figure names), in every variant:

- http: the real application, `create_app(tables=Tables(sqlite env, ...))`, served by
  uvicorn on 127.0.0.1 (a free port) from a background thread of this process;
- bare: a tiny Litestar app with the same three routes, each of which only decodes the
  command's msgspec Struct and returns a small Struct, served the same way and driven by
  the same client code: what uvicorn + Litestar cost with no application behind them;
- in-process: the same commands through `Tables.execute` (with the bearer credentials the
  handlers pass), one thread per table, no HTTP.

Every level (1, 8, 32 concurrent clients or threads) has a short warm-up, then a fixed
measuring window; loops under way when it ends finish and count, and the rate is the
commands completed divided by the time until the last one did.

The load generator runs in a separate (spawned) process, so it does not share the
server's GIL, but it does share the machine's two cores. Its clients are tasks on one
event loop, each with its own kept-alive HTTP/1.1 connection. The measured figures use a
lean client over asyncio streams (`LeanClient`): `httpx.AsyncClient` costs this machine
more CPU per request than bare Litestar does to answer it, so it would measure itself.
The httpx figures at 32 clients are printed too, to show that.

Beside rates and latencies, each variant reports its process's CPU time and context
switches per command (the server's process; for HTTP also the client's): on a machine that
other work shares they move far less than rates do, and they show where the time goes.
The first figure says how many cores other processes kept busy just before the run.
"""

from __future__ import annotations

import abc
import asyncio
import gc
import logging
import multiprocessing
import os
import resource
import statistics
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Literal
from uuid import UUID, uuid4

import httpx
import msgspec
from litestar import Litestar, post
from litestar.params import JSONBody

from bench.domain_bench import MAYOR, BenchTable, Figure, new_app, sqlite_env
from domain.application import Tables
from domain.frontera import commands as cmd
from domain.frontera.cards import Suit
from domain.frontera.character import Trait
from domain.keys import Bearer
from service import schemas
from service.app import create_app
from service.settings import Settings
from tests.live_server import serving

UNLIMITED = Settings(commands_per_second=0, log_level="WARNING")

LEVELS = (1, 8, 32)
#: loops each client plays before the clock starts (connections, caches, first snapshots)
WARMUP_LOOPS = 3
#: seconds each level is measured for: 11 levels (3 variants x 3 concurrencies, and 2 with
#: httpx) keep the HTTP bench under a minute
MEASURE_SECONDS = 3.0
COMMANDS_PER_LOOP = 3  # open, draw, choose
#: the targets at 32 clients, noted in the ratios' names
HTTP_OVER_BARE_TARGET = 0.25
HTTP_OVER_IN_PROCESS_TARGET = 0.7
BARE_CARDS = ["d0:3C", "d0:9D", "d0:10S"]
#: which HTTP client drives a level
Client = Literal["lean", "httpx"]


# -- what one run measured -------------------------------------------------------------------


@dataclass
class Run:
    """Commands completed in a measured window, the latency of each one, and the CPU cost.

    The CPU figures cover the whole level, warm-up included, so they are divided by every
    command of the level: CPU per command is what a shared machine disturbs least.
    """

    commands: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    warmup_commands: int = 0
    #: CPU seconds and context switches of the process that runs the server (or threads)
    server_cpu: float = 0.0
    server_switches: int = 0
    #: CPU seconds of the load generator's process, if there is one
    client_cpu: float | None = None

    @property
    def rate(self) -> float:
        return self.commands / self.seconds

    @property
    def all_commands(self) -> int:
        return self.commands + self.warmup_commands

    def percentile_ms(self, percent: int) -> float:
        cuts = statistics.quantiles(self.latencies, n=100, method="inclusive")
        return cuts[percent - 1] * 1000


def _usage() -> tuple[float, int]:
    """This process's CPU seconds (user + system) and context switches so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime, usage.ru_nvcsw + usage.ru_nivcsw


def _measured(level: Callable[[], Run]) -> Run:
    """Run a level and charge this process's CPU time and context switches to it."""
    cpu, switches = _usage()
    run = level()
    after_cpu, after_switches = _usage()
    run.server_cpu, run.server_switches = after_cpu - cpu, after_switches - switches
    return run


# -- the client's view of a table ------------------------------------------------------------


@dataclass(frozen=True)
class Seats:
    """One client's table: its id, the Mayor's and the player's credentials, the character."""

    table_id: UUID
    mayor: str
    player: str
    character: str

    @classmethod
    def of(cls, table: BenchTable) -> Seats:
        keys = table.app.keys(table.table_id)
        return cls(
            table.table_id,
            keys.credential(MAYOR, 0),
            keys.credential(table.seat, 0),
            table.character,
        )


def _open(character: str) -> cmd.OpenTraitTest:
    return cmd.OpenTraitTest(character=character, trait=Trait.HANDS)


def _choice(character: str, drawn: list[str]) -> cmd.Choose:
    played = drawn[0]
    suits = {played: Suit.SPADES} if "JK" in played else {}
    return cmd.Choose(character=character, cards=[played], joker_suits=suits)


# -- an HTTP client per table ------------------------------------------------------------------


class TableClient(abc.ABC):
    """Plays the loop over one kept-alive HTTP/1.1 connection; times each request."""

    def __init__(self, seats: Seats) -> None:
        self.seats = seats
        self.prefix = f"/tables/{seats.table_id}"

    @abc.abstractmethod
    async def send(self, path: str, content: bytes, credential: str) -> tuple[int, bytes]:
        """POST `content` as JSON to `path` with the credential; the status and the body."""

    @abc.abstractmethod
    async def aclose(self) -> None: ...

    async def _post(
        self, path: str, body: msgspec.Struct, credential: str, latencies: list[float]
    ) -> Any:
        content = msgspec.json.encode(body)
        started = time.perf_counter()
        status, answer = await self.send(self.prefix + path, content, credential)
        latencies.append(time.perf_counter() - started)
        if status >= 300:
            raise RuntimeError(f"{path}: {status} {answer.decode(errors='replace')}")
        return msgspec.json.decode(answer)

    async def play(self, latencies: list[float]) -> None:
        seats, character = self.seats, self.seats.character
        await self._post("/tests/trait", _open(character), seats.mayor, latencies)
        drawn = await self._post(
            "/tests/draw", cmd.Draw(character=character), seats.player, latencies
        )
        await self._post(
            "/tests/choose", _choice(character, drawn["cards"]), seats.player, latencies
        )


class LeanClient(TableClient):
    """HTTP/1.1 over asyncio streams, just enough for these requests: a cheap load generator.

    Requests carry a Content-Length; responses must too (Litestar's do), and the
    connection stays open (keep-alive is HTTP/1.1's default).
    """

    def __init__(
        self, seats: Seats, host: str, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        super().__init__(seats)
        self.host, self.reader, self.writer = host, reader, writer

    @classmethod
    async def connect(cls, base_url: str, seats: Seats) -> LeanClient:
        host = base_url.removeprefix("http://")
        name, _, port = host.partition(":")
        reader, writer = await asyncio.open_connection(name, int(port))
        return cls(seats, host, reader, writer)

    async def send(self, path: str, content: bytes, credential: str) -> tuple[int, bytes]:
        return await self.request("POST", path, content, credential)

    async def get(self, path: str, credential: str) -> tuple[int, bytes]:
        return await self.request("GET", path, b"", credential)

    async def request(
        self, method: str, path: str, content: bytes, credential: str
    ) -> tuple[int, bytes]:
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n"
            f"Authorization: Bearer {credential}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(content)}\r\n\r\n"
        )
        self.writer.write(head.encode() + content)
        lines = (await self.reader.readuntil(b"\r\n\r\n")).split(b"\r\n")
        length = None
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        if length is None:
            raise RuntimeError(f"{path}: a response without Content-Length: {lines[0]!r}")
        return int(lines[0].split()[1]), await self.reader.readexactly(length)

    async def aclose(self) -> None:
        self.writer.close()
        await self.writer.wait_closed()


class HttpxClient(TableClient):
    """The same requests through `httpx.AsyncClient`, limited to one kept-alive connection."""

    def __init__(self, base_url: str, seats: Seats) -> None:
        super().__init__(seats)
        self.client = httpx.AsyncClient(
            base_url=base_url,
            timeout=60,
            limits=httpx.Limits(max_connections=1, max_keepalive_connections=1),
        )

    async def send(self, path: str, content: bytes, credential: str) -> tuple[int, bytes]:
        headers = {"Authorization": f"Bearer {credential}", "Content-Type": "application/json"}
        response = await self.client.post(path, content=content, headers=headers)
        return response.status_code, response.content

    async def aclose(self) -> None:
        await self.client.aclose()


async def _connect(client: Client, base_url: str, seats: Seats) -> TableClient:
    if client == "httpx":
        return HttpxClient(base_url, seats)
    return await LeanClient.connect(base_url, seats)


async def _drive(play: Callable[[list[float]], Awaitable[None]], deadline: float, run: Run) -> None:
    while time.perf_counter() < deadline:
        await play(run.latencies)
        run.commands += COMMANDS_PER_LOOP


async def _http_level(client: Client, base_url: str, seats: list[Seats]) -> Run:
    clients = [await _connect(client, base_url, one) for one in seats]
    try:
        for _ in range(WARMUP_LOOPS):
            await asyncio.gather(*(one.play([]) for one in clients))
        gc.collect()
        run = Run()
        started = time.perf_counter()
        deadline = started + MEASURE_SECONDS
        await asyncio.gather(*(_drive(one.play, deadline, run) for one in clients))
        run.seconds = time.perf_counter() - started
        return run
    finally:
        for one in clients:
            await one.aclose()


def http_level(client: Client, base_url: str, seats: list[Seats]) -> Run:
    """One level: a task per table, all on one event loop in the calling thread.

    The bench calls this in a separate client process, so
    the load generator does not share the server's GIL (it still shares the two cores).
    """
    for name in ("httpx", "httpcore"):  # Litestar may have set the root logger to INFO
        logging.getLogger(name).setLevel(logging.WARNING)
    cpu, _ = _usage()
    run = asyncio.run(_http_level(client, base_url, seats))
    run.client_cpu = _usage()[0] - cpu
    run.warmup_commands = WARMUP_LOOPS * COMMANDS_PER_LOOP * len(seats)
    return run


# -- the same loop in process --------------------------------------------------------------------


def _play_in_process(app: Tables, seats: Seats, latencies: list[float]) -> None:
    table_id, character = seats.table_id, seats.character
    mayor, player = Bearer(seats.mayor), Bearer(seats.player)
    started = time.perf_counter()
    app.execute(table_id, mayor, _open(character))
    drawn_at = time.perf_counter()
    drawn = app.execute(table_id, player, cmd.Draw(character=character)).result
    chosen_at = time.perf_counter()
    app.execute(table_id, player, _choice(character, list(drawn)))
    ended = time.perf_counter()
    latencies += (drawn_at - started, chosen_at - drawn_at, ended - chosen_at)


def in_process_level(app: Tables, seats: list[Seats]) -> Run:
    """One thread per table, started together after a warm-up; same loop, same window."""
    run, lock = Run(), threading.Lock()
    barrier = threading.Barrier(len(seats) + 1)
    window: list[float] = []
    failures: list[BaseException] = []

    def worker(one: Seats) -> None:
        try:
            for _ in range(WARMUP_LOOPS):
                _play_in_process(app, one, [])
        except BaseException as error:
            failures.append(error)
        barrier.wait()
        barrier.wait()  # the main thread has set the window
        latencies: list[float] = []
        loops = 0
        try:
            while not failures and time.perf_counter() < window[0]:
                _play_in_process(app, one, latencies)
                loops += 1
        except BaseException as error:
            failures.append(error)
        with lock:
            run.latencies += latencies
            run.commands += COMMANDS_PER_LOOP * loops

    threads = [threading.Thread(target=worker, args=(one,), daemon=True) for one in seats]
    for thread in threads:
        thread.start()
    barrier.wait()
    gc.collect()
    started = time.perf_counter()
    window.append(started + MEASURE_SECONDS)
    barrier.wait()
    for thread in threads:
        thread.join()
    run.seconds = time.perf_counter() - started
    run.warmup_commands = WARMUP_LOOPS * COMMANDS_PER_LOOP * len(seats)
    if failures:
        raise failures[0]
    return run


# -- the servers ---------------------------------------------------------------------------------


@post("/tables/{table_id:uuid}/tests/trait", status_code=201)
async def bare_open(table_id: UUID, data: JSONBody[cmd.OpenTraitTest]) -> schemas.TestOpenedResult:
    return schemas.TestOpenedResult(version=1, test=1)


@post("/tables/{table_id:uuid}/tests/draw", status_code=200)
async def bare_draw(table_id: UUID, data: JSONBody[cmd.Draw]) -> schemas.DrawnResult:
    return schemas.DrawnResult(version=1, cards=BARE_CARDS)


@post("/tables/{table_id:uuid}/tests/choose", status_code=200)
async def bare_choose(table_id: UUID, data: JSONBody[cmd.Choose]) -> schemas.Accepted:
    return schemas.Accepted(version=1)


def bare_app() -> Litestar:
    """Routes shaped like the real ones: decode the command's Struct, return a Struct."""
    return Litestar(route_handlers=[bare_open, bare_draw, bare_choose])


# -- the figures ---------------------------------------------------------------------------------


def _new_tables(app: Tables, count: int) -> list[Seats]:
    return [Seats.of(BenchTable.create(app)) for _ in range(count)]


def _bare_tables(count: int) -> list[Seats]:
    return [Seats(uuid4(), "mayor.x", "p1.x", "c1") for _ in range(count)]


def _run_figures(variant: str, where: str, run: Run) -> list[Figure]:
    name = f"{variant} open+draw+choose"
    figures = [
        Figure(f"{name} commands/s ({where})", run.rate, "commands/s"),
        Figure(f"{name} latency p50 ({where})", run.percentile_ms(50), "ms", 2),
        Figure(f"{name} latency p99 ({where})", run.percentile_ms(99), "ms", 2),
        Figure(
            f"{variant} server process CPU per command ({where})",
            run.server_cpu / run.all_commands * 1000,
            "ms",
            3,
        ),
        Figure(
            f"{variant} server process context switches per command ({where})",
            run.server_switches / run.all_commands,
            "",
            1,
        ),
    ]
    if run.client_cpu is not None:
        figures.append(
            Figure(
                f"{variant} client process CPU per command ({where})",
                run.client_cpu / run.all_commands * 1000,
                "ms",
                3,
            )
        )
    return figures


def _ratio(name: str, level: int, target: float, value: float) -> Figure:
    return Figure(f"ratio {name}, {level} clients (target >= {target:.2f} at 32)", value, "", 2)


def busy_cores(seconds: float = 1.0) -> float | None:
    """How many cores the machine kept busy over a second, from /proc/stat (Linux only)."""

    def sample() -> tuple[int, int] | None:
        try:
            with open("/proc/stat") as stat:
                fields = [int(value) for value in stat.readline().split()[1:]]
        except (OSError, ValueError):
            return None
        return sum(fields), fields[3] + fields[4]  # all, idle + iowait

    first = sample()
    time.sleep(seconds)
    second = sample()
    if first is None or second is None or second[0] == first[0]:
        return None
    total, idle = second[0] - first[0], second[1] - first[1]
    return (total - idle) / total * (os.cpu_count() or 1)


def run(directory: Path) -> list[Figure]:
    """Every HTTP figure; SQLite files go in `directory`."""
    figures: list[Figure] = []
    busy = busy_cores()  # before anything of ours runs: what else is using the machine
    if busy is not None:
        figures.append(Figure("cores busy before the HTTP bench (other processes)", busy, "", 2))
    http_tables = new_app(sqlite_env(directory / "http.sqlite3"))
    in_process_tables = new_app(sqlite_env(directory / "in-process.sqlite3"))
    spawn = multiprocessing.get_context("spawn")  # never fork a process that runs servers
    try:
        with (
            ProcessPoolExecutor(1, mp_context=spawn) as load,
            # the bench measures throughput: no rate limit, no per-request log lines
            serving(create_app(UNLIMITED, tables=http_tables)) as http_url,
            serving(bare_app()) as bare_url,
        ):

            def over_http(client: Client, url: str, seats: list[Seats]) -> Run:
                return _measured(lambda: load.submit(http_level, client, url, seats).result())

            load.submit(time.sleep, 0).result()  # the client process starts outside a level
            for level in LEVELS:
                where = f"{level} clients"
                http = over_http("lean", http_url, _new_tables(http_tables, level))
                bare = over_http("lean", bare_url, _bare_tables(level))
                seats = _new_tables(in_process_tables, level)
                local = _measured(partial(in_process_level, in_process_tables, seats))
                figures += [
                    *_run_figures("http (sqlite)", where, http),
                    *_run_figures("bare litestar", where, bare),
                    *_run_figures("in-process (sqlite)", f"{level} threads", local),
                    _ratio("http/bare", level, HTTP_OVER_BARE_TARGET, http.rate / bare.rate),
                    _ratio(
                        "http/in-process",
                        level,
                        HTTP_OVER_IN_PROCESS_TARGET,
                        http.rate / local.rate,
                    ),
                ]
            # The same two servers under httpx, for scale: how much of a client's budget
            # the client library itself takes.
            level = LEVELS[-1]
            where = f"{level} clients"
            http = over_http("httpx", http_url, _new_tables(http_tables, level))
            bare = over_http("httpx", bare_url, _bare_tables(level))
            figures += [
                *_run_figures("http (sqlite), httpx client", where, http),
                *_run_figures("bare litestar, httpx client", where, bare),
            ]
    finally:
        http_tables.close()
        in_process_tables.close()
    return figures
