"""The live path at scale: many tables, every seat streaming, commands arriving at random.

`TABLES` Frontera tables, each with the Mayor and four players (each with a protagonist),
are made in process; then the server takes an open-loop load from a separate (spawned)
process. Two servers, one after the other: `make run`'s (the real application on SQLite,
served by uvicorn from a thread of this process), and `make run-prod`'s (`bench.deployment`:
two uvicorn workers behind HAProxy on PostgreSQL and Redis, the analytics projection a
process of its own; skipped, with the reason, where PostgreSQL, Redis or HAProxy is absent).

- commands arrive as a Poisson process at `RATE` per second, each the next step of a trait
  test (the Mayor opens one for a player's protagonist, the player draws, the player
  chooses) of a table picked at random among those with no command in flight; a command's
  latency is timed from its scheduled send, so a server that falls behind pays for it;
- with streams, every seat of every table holds its SSE stream (5 a table), each opened
  from version 0 (so each first reads the table's log); the fan-out of a command is the
  time from its answer to the moment each of the table's four other streams received its
  event (or a later one: an event a seat may not see is not sent to it), 0 when it arrived
  before the answer did (a move of this process reaches its streams before its HTTP answer
  is written); and the time from its scheduled send until every other seat had seen it. A
  stream that never got it within `GRACE` seconds of the run's end counts as lost;
- the server's CPU (on SQLite this process's, where only the server runs; deployed, the
  workers' and the proxy's) is counted per command, with no stream open and with every seat
  streaming, side by side in one run; and over `IDLE_SECONDS` with every stream open and no
  command, as a share of a core.

Figures: command p50/p99, fan-out p50/p99, lost, CPU per command for both and their ratio
(target at most 2), idle streams' CPU (target at most 2% of a core); deployed, the analytics
process's CPU while streaming (target at most 5% of a core); on SQLite, the objects a move
leaves alive per stream it wakes (`_move_survivors`: what a young collection walks, every
table stopped meanwhile), and the longest pause of the collector while every seat streams
(`service.collector` paces it: left to its thresholds, one pause took the p99 past 100 ms).
"""

from __future__ import annotations

import asyncio
import bisect
import gc
import multiprocessing
import random
import statistics
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from multiprocessing.connection import Connection as Pipe
from pathlib import Path
from typing import Any

import msgspec

from bench.deployment import cpu_seconds, deployment, unavailable
from bench.domain_bench import MAYOR, Figure, new_app, sqlite_env
from domain.application import Tables
from domain.commands import AddSeat, ClaimSeat
from domain.frontera import commands as cmd
from domain.frontera.character import Skill, Trait
from service.app import create_app
from service.settings import Settings
from tests.live_server import serving
from tests.workers import SERVER_KEY_BYTES

TABLES = 1000
PLAYERS = 4
RATE = 200.0
MEASURE_SECONDS = 15.0
IDLE_SECONDS = 20.0
#: how long after the last command a stream may still receive its event
GRACE = 5.0
COMMAND_P99_TARGET_MS = 50
FANOUT_P99_TARGET_MS = 50
CPU_RATIO_TARGET = 2
IDLE_TARGET_PERCENT = 2
ANALYTICS_TARGET_PERCENT = 5
DEPLOYED_WORKERS = 2
#: threads making the tables of the deployed run (PostgreSQL round trips overlap)
SETUP_THREADS = 8
SETTINGS = Settings(commands_per_second=0, log_level="WARNING")
#: tables whose moves are counted for what they leave alive (`_move_survivors`)
SURVIVOR_TABLES = 200


@dataclass(frozen=True)
class StreamTable:
    """A started table: its id, the Mayor's credential, each player's and protagonist's."""

    table_id: str
    mayor: str
    players: list[tuple[str, str]]

    @property
    def credentials(self) -> list[str]:
        return [self.mayor, *(credential for credential, _ in self.players)]

    @classmethod
    def create(cls, app: Tables, number: int) -> StreamTable:
        table_id = app.create_table("frontera", f"Table {number}", "The Mayor", {}).table_id
        keys = app.keys(table_id)
        players = []
        for index in range(PLAYERS):
            seat = app.execute(table_id, MAYOR, AddSeat(name=f"Player {index}")).result
            app.execute(table_id, seat, ClaimSeat(invitation=keys.invitation(seat, 1)))
            character = app.execute(
                table_id,
                seat,
                cmd.CreateCharacter(
                    name=f"Hero {index}",
                    kind="protagonist",
                    traits={Trait.HANDS: 3, Trait.SENSES: 3, Trait.MUSCLE: 3, Trait.HEAD: 3},
                    skills=[Skill.AIM, Skill.AGILITY, Skill.CUNNING, Skill.PERCEPTION],
                ),
            ).result
            players.append((keys.credential(seat, 0), str(character)))
        app.execute(table_id, MAYOR, cmd.StartTable())
        return cls(str(table_id), keys.credential(MAYOR, 0), players)


# -- the load generator (in its own process) --------------------------------------------------


class Connection:
    """HTTP/1.1 over asyncio streams: requests with a body and a Content-Length answer."""

    def __init__(self, host: str, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.host, self.reader, self.writer = host, reader, writer

    @classmethod
    async def open(cls, base_url: str) -> Connection:
        host = base_url.removeprefix("http://")
        name, _, port = host.partition(":")
        reader, writer = await asyncio.open_connection(name, int(port))
        return cls(host, reader, writer)

    async def reopen(self) -> None:
        """Connect again: the server closes a connection left idle (uvicorn, HAProxy: after 5 s)."""
        self.close()
        name, _, port = self.host.partition(":")
        self.reader, self.writer = await asyncio.open_connection(name, int(port))

    def head(self, method: str, path: str, credential: str, extra: str = "") -> bytes:
        return (
            f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n"
            f"Authorization: Bearer {credential}\r\n{extra}"
        ).encode()

    async def post(
        self, path: str, body: dict[str, Any], credential: str, resent: bool = False
    ) -> dict[str, Any]:
        content = msgspec.json.encode(body)
        extra = f"Content-Type: application/json\r\nContent-Length: {len(content)}\r\n\r\n"
        request = self.head("POST", path, credential, extra) + content
        if self.reader.at_eof():
            await self.reopen()
        self.writer.write(request)
        try:
            head = await self.reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, ConnectionError) as error:
            if isinstance(error, asyncio.IncompleteReadError) and error.partial:
                raise
            await self.reopen()  # closed while idle, before it read the request: send again
            self.writer.write(request)
            head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        length = next(
            int(value)
            for name, _, value in (line.partition(b":") for line in lines[1:])
            if name.strip().lower() == b"content-length"
        )
        answer = await self.reader.readexactly(length)
        if lines[0].split()[1] == b"408" and not resent:
            # HAProxy closed the idle connection as the request came: it forwarded nothing,
            # and a client repeats the request on a new connection (RFC 9110, 15.5.9)
            await self.reopen()
            return await self.post(path, body, credential, resent=True)
        if not lines[0].split()[1].startswith(b"2"):
            raise RuntimeError(f"{path}: {lines[0]!r} {answer!r}")
        decoded: dict[str, Any] = msgspec.json.decode(answer)
        return decoded

    def close(self) -> None:
        self.writer.close()


@dataclass
class Stream:
    """One seat's open stream: when each event id arrived."""

    ids: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def seen(self, version: int) -> float | None:
        """When the event at `version`, or the first after it, arrived."""
        index = bisect.bisect_left(self.ids, version)
        return self.times[index] if index < len(self.ids) else None


async def _listen(base_url: str, table: StreamTable, credential: str, stream: Stream) -> None:
    connection = await Connection.open(base_url)
    path = f"/tables/{table.table_id}/stream"
    connection.writer.write(connection.head("GET", path, credential, "Last-Event-ID: 0\r\n\r\n"))
    head = await connection.reader.readuntil(b"\r\n\r\n")
    if b" 200 " not in head.split(b"\r\n")[0]:
        raise RuntimeError(f"stream: {head!r}")
    reader, pending = connection.reader, b""
    try:
        while True:
            size = int((await reader.readuntil(b"\r\n")).strip(), 16)  # chunked encoding
            chunk = await reader.readexactly(size + 2)
            arrived = time.perf_counter()
            if not size:
                return
            pending += chunk[:-2]
            *lines, pending = pending.split(b"\n")
            for line in lines:
                if line.startswith(b"id:"):
                    stream.ids.append(int(line[3:]))
                    stream.times.append(arrived)
    except (asyncio.IncompleteReadError, ConnectionError):
        return
    finally:
        connection.close()


@dataclass
class Sample:
    table: int
    actor: int
    version: int
    scheduled: float
    answered: float


@dataclass
class Outcome:
    latencies: list[float]
    fanouts: list[float]
    lost: int
    commands: int
    errors: list[str]
    #: from a command's scheduled send until every other seat has seen its event
    everyone: list[float] = field(default_factory=list)
    server_cpu: float = 0.0
    idle_cpu: float = 0.0
    analytics_cpu: float = 0.0
    #: objects the collector tracks that a move leaves alive, per stream it wakes
    survivors: float = 0.0
    #: the moments the phase ran between (`time.perf_counter`)
    window: tuple[float, float] = (0.0, 0.0)
    #: the longest collection of the cycle collector within `window`, in seconds
    longest_pause: float = 0.0


class Player:
    """A table's trait tests, one step per command: open, draw, choose; then the next seat."""

    def __init__(self, table: StreamTable, connection: Connection) -> None:
        self.table, self.connection = table, connection
        self.step, self.turn, self.drawn = 0, 0, [""]
        self.prefix = f"/tables/{table.table_id}"

    async def next_command(self) -> tuple[int, int]:
        """Send the next step; the acting seat's index (0: the Mayor) and the new version."""
        credential, character = self.table.players[self.turn]
        body: dict[str, Any]
        if self.step == 0:
            body = {"character": character, "trait": "hands"}
            answer = await self.connection.post(
                f"{self.prefix}/tests/trait", body, self.table.mayor
            )
            actor = 0
        elif self.step == 1:
            body = {"character": character}
            answer = await self.connection.post(f"{self.prefix}/tests/draw", body, credential)
            self.drawn, actor = answer["cards"], self.turn + 1
        else:
            played = self.drawn[0]
            body = {"character": character, "cards": [played]}
            if "JK" in played:
                body["joker_suits"] = {played: "spades"}
            answer = await self.connection.post(f"{self.prefix}/tests/choose", body, credential)
            actor, self.turn = self.turn + 1, (self.turn + 1) % PLAYERS
        self.step = (self.step + 1) % 3
        return actor, int(answer["version"])


class Load:
    """The generator's side of a run: a connection per table for its commands, the streams."""

    def __init__(self, base_url: str, tables: list[StreamTable], rate: float) -> None:
        self.base_url, self.tables, self.rate = base_url, tables, rate
        self.players: list[Player] = []
        self.streams: list[list[Stream]] = [[Stream() for _ in range(PLAYERS + 1)] for _ in tables]
        self.listeners: list[asyncio.Task[None]] = []
        self.rng = random.Random(20)

    async def connect(self) -> None:
        connections = [await Connection.open(self.base_url) for _ in self.tables]
        self.players = list(map(Player, self.tables, connections))

    async def open_streams(self) -> None:
        """Every seat's stream, each sent what was there when it opened."""
        for table, seats in zip(self.tables, self.streams, strict=True):
            for credential, stream in zip(table.credentials, seats, strict=True):
                listen = _listen(self.base_url, table, credential, stream)
                self.listeners.append(asyncio.create_task(listen))
                await asyncio.sleep(0)
        while any(not stream.ids for seats in self.streams for stream in seats):
            await asyncio.sleep(0.2)

    async def play(self, seconds: float, streaming: bool) -> Outcome:
        """Commands as a Poisson process for `seconds`; with streams, their fan-out."""
        samples: list[Sample] = []
        latencies: list[float] = []
        errors: list[str] = []
        idle = list(range(len(self.tables)))

        async def send(number: int, scheduled: float) -> None:
            try:
                actor, version = await self.players[number].next_command()
            except Exception as error:  # reported in the figures: must be none
                errors.append(repr(error))
                return
            finally:
                idle.append(number)
            answered = time.perf_counter()
            latencies.append(answered - scheduled)
            samples.append(Sample(number, actor, version, scheduled, answered))

        tasks = []
        scheduled = start = time.perf_counter()
        while scheduled < start + seconds:
            scheduled += self.rng.expovariate(self.rate)
            await asyncio.sleep(max(0.0, scheduled - time.perf_counter()))
            if idle:
                number = idle.pop(self.rng.randrange(len(idle)))
                tasks.append(asyncio.create_task(send(number, scheduled)))
        await asyncio.gather(*tasks)
        outcome = Outcome(latencies, [], 0, len(samples), errors)
        if streaming:
            await asyncio.sleep(GRACE)
            for sample in samples:
                last = sample.answered
                for seat, stream in enumerate(self.streams[sample.table]):
                    if seat == sample.actor:
                        continue
                    seen = stream.seen(sample.version)
                    if seen is None:
                        outcome.lost += 1
                    else:
                        outcome.fanouts.append(max(0.0, seen - sample.answered))
                        last = max(last, seen)
                outcome.everyone.append(last - sample.scheduled)
        return outcome

    async def close(self) -> None:
        for task in self.listeners:
            task.cancel()
        for player in self.players:
            player.connection.close()


async def _load(
    base_url: str, tables: list[StreamTable], rate: float, seconds: float, idle: float
) -> tuple[Outcome, Outcome, list[float]]:
    """Both phases of a run: no streams, then every seat streaming (first idle, then under
    load). The moments that cut the server's CPU: each phase's start and end, and the idle
    window's."""
    load = Load(base_url, tables, rate)
    await load.connect()
    try:
        marks = [time.perf_counter()]
        quiet = await load.play(seconds, streaming=False)
        marks.append(time.perf_counter())
        await load.open_streams()
        marks.append(time.perf_counter())
        await asyncio.sleep(idle)
        marks.append(time.perf_counter())
        loud = await load.play(seconds, streaming=True)
        marks.append(time.perf_counter() - GRACE)
        return quiet, loud, marks
    finally:
        await load.close()


def drive(
    base_url: str, tables: list[StreamTable], rate: float, seconds: float, idle: float
) -> tuple[Outcome, Outcome, list[float]]:
    return asyncio.run(_load(base_url, tables, rate, seconds, idle))


# -- the run ------------------------------------------------------------------------------------


def _p(values: list[float], percent: int) -> float:
    if len(values) < 2:
        return float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[percent - 1] * 1000


#: a reading of the server's CPU seconds by part: "server" (what answers and streams), and
#: "analytics" where the projection runs as a process of its own
Meter = Callable[[], dict[str, float]]


def _measured(
    pool: ProcessPoolExecutor, url: str, tables: list[StreamTable], meter: Meter
) -> tuple[Outcome, Outcome]:
    """Drive a run from the pool's process, sampling the server's CPU against the wall clock,
    to cut it at the moments the generator marks."""
    readings: list[tuple[float, dict[str, float]]] = []
    future = pool.submit(drive, url, tables, RATE, MEASURE_SECONDS, IDLE_SECONDS)
    while not future.done():
        readings.append((time.perf_counter(), meter()))
        time.sleep(0.02)
    quiet, loud, marks = future.result()

    def cpu(moment: float, part: str = "server") -> float:  # perf_counter: CLOCK_MONOTONIC
        return min(readings, key=lambda reading: abs(reading[0] - moment))[1].get(part, 0.0)

    quiet_start, quiet_end, idle_start, loud_start, loud_end = marks
    quiet.server_cpu = cpu(quiet_end) - cpu(quiet_start)
    loud.server_cpu = cpu(loud_end) - cpu(loud_start)
    loud.window = (loud_start, loud_end)
    loud.idle_cpu = (cpu(loud_start) - cpu(idle_start)) / (loud_start - idle_start)
    loud.analytics_cpu = (cpu(loud_end, "analytics") - cpu(loud_start, "analytics")) / (
        loud_end - loud_start
    )
    return quiet, loud


def _embedded(directory: Path, pool: ProcessPoolExecutor) -> tuple[Outcome, Outcome]:
    """`make run`'s configuration: SQLite, one process (this one: only the server runs here,
    the analytics projection inline)."""
    app = new_app(sqlite_env(directory / "streams.sqlite3"))
    try:
        tables = [StreamTable.create(app, number) for number in range(TABLES)]
        with serving(create_app(SETTINGS, tables=app)) as url, collector_pauses() as pauses:
            quiet, loud = _measured(pool, url, tables, lambda: {"server": time.process_time()})
            loud.longest_pause = max(
                (pause for end, pause in pauses if loud.window[0] <= end <= loud.window[1]),
                default=0.0,
            )
            # on tables of their own, the load leaving tests open on the others; made after
            # it, so that the load's heap is the same with or without them
            counted = [StreamTable.create(app, TABLES + n) for n in range(SURVIVOR_TABLES)]
            loud.survivors = _move_survivors(url, counted)
            return quiet, loud
    finally:
        app.close()


@contextmanager
def collector_pauses() -> Iterator[list[tuple[float, float]]]:
    """Each collection of this process's cycle collector while in the block: the moment it
    ended and how long it took, in seconds."""
    pauses: list[tuple[float, float]] = []
    started = 0.0

    def timed(phase: str, _: dict[str, int]) -> None:
        nonlocal started
        now = time.perf_counter()
        if phase == "start":
            started = now
        else:
            pauses.append((now, now - started))

    gc.callbacks.append(timed)
    try:
        yield pauses
    finally:
        gc.callbacks.remove(timed)


def _move_survivors(url: str, tables: list[StreamTable]) -> float:
    """What the young generation of the collector gains from a move, per stream woken: the
    objects a move leaves alive until the next (the streams' waits, the feed's viewers).
    A young collection walks them all at once, every table stopped meanwhile, so this is
    what the streaming p99 pays. Counted in this process (the server's) between a freeze
    of its heap, with every seat of `tables` streaming, and the moment every stream saw
    one move of each table."""
    pipe, theirs = multiprocessing.Pipe()
    client = multiprocessing.get_context("spawn").Process(
        target=_one_move_each, args=(url, tables, theirs), daemon=True
    )
    client.start()
    try:
        pipe.recv()  # every stream open
        gc.collect()
        gc.freeze()
        pipe.send("go")
        pipe.recv()  # every stream saw its table's move (or the grace ran out)
        gc.collect()
        alive = len(gc.get_objects())  # the frozen heap is not among them
        gc.unfreeze()
        return alive / (len(tables) * (PLAYERS + 1))
    finally:
        client.kill()


def _one_move_each(url: str, tables: list[StreamTable], pipe: Pipe) -> None:
    async def moves() -> None:
        load = Load(url, tables, RATE)
        await load.connect()
        await load.open_streams()
        pipe.send("open")
        await asyncio.to_thread(pipe.recv)
        versions = [(await player.next_command())[1] for player in load.players]
        deadline = time.perf_counter() + GRACE
        while time.perf_counter() < deadline and any(
            stream.seen(version) is None
            for version, seats in zip(versions, load.streams, strict=True)
            for stream in seats
        ):
            await asyncio.sleep(0.05)
        pipe.send("seen")
        await asyncio.sleep(3600)  # killed

    asyncio.run(moves())


def _deployed(directory: Path, pool: ProcessPoolExecutor) -> tuple[Outcome, Outcome]:
    """`make run-prod`'s configuration: two workers behind HAProxy on PostgreSQL and Redis,
    the analytics projection a process of its own; the tables made in this process."""
    limits = {"SALOON_COMMANDS_PER_SECOND": "0"}
    with deployment(directory, DEPLOYED_WORKERS, limits) as deployed:
        store = {"PERSISTENCE_MODULE": "eventsourcing.postgres", **deployed.postgres}
        app = Tables(store, server_key=SERVER_KEY_BYTES)
        try:
            with ThreadPoolExecutor(SETUP_THREADS) as setup:
                tables = list(setup.map(partial(StreamTable.create, app), range(TABLES)))
        finally:
            app.close()

        def meter() -> dict[str, float]:
            server = deployed.workers + deployed.proxy
            return {
                "server": sum(map(cpu_seconds, server)),
                "analytics": sum(map(cpu_seconds, deployed.analytics)),
            }

        return _measured(pool, deployed.url, tables, meter)


def _figures(where: str, quiet: Outcome, loud: Outcome) -> list[Figure]:
    for error in (quiet.errors + loud.errors)[:5]:
        print(f"stream load error ({where}): {error}", flush=True)
    figures = []
    for name, outcome in (("no streams", quiet), (f"{PLAYERS + 1} streams a table", loud)):
        figures += [
            Figure(
                f"stream load command p50 ({where}, {name})", _p(outcome.latencies, 50), "ms", 1
            ),
            Figure(
                f"stream load command p99 ({where}, {name}; target <= {COMMAND_P99_TARGET_MS})",
                _p(outcome.latencies, 99),
                "ms",
                1,
            ),
            Figure(f"stream load errors ({where}, {name}; must be 0)", len(outcome.errors), ""),
            Figure(
                f"stream load server CPU per command ({where}, {name})",
                outcome.server_cpu / max(1, outcome.commands) * 1000,
                "ms",
                2,
            ),
        ]
    return [
        *figures,
        Figure(f"stream load fan-out p50 ({where})", _p(loud.fanouts, 50), "ms", 1),
        Figure(
            f"stream load fan-out p99 ({where}; target <= {FANOUT_P99_TARGET_MS})",
            _p(loud.fanouts, 99),
            "ms",
            1,
        ),
        Figure(
            f"stream load move seen by every seat p99, from the scheduled send ({where})",
            _p(loud.everyone, 99),
            "ms",
            1,
        ),
        Figure(f"stream load events lost ({where}; must be 0)", loud.lost, ""),
        Figure(
            f"ratio stream load server CPU per command, streaming / no streams ({where}; "
            f"target <= {CPU_RATIO_TARGET})",
            (loud.server_cpu / max(1, loud.commands))
            / max(1e-9, quiet.server_cpu / max(1, quiet.commands)),
            "",
            2,
        ),
        Figure(
            f"stream load idle server CPU, {TABLES * (PLAYERS + 1)} open streams ({where}; "
            f"target <= {IDLE_TARGET_PERCENT})",
            loud.idle_cpu * 100,
            "% of a core",
            2,
        ),
    ]


def run(directory: Path) -> list[Figure]:
    spawn = multiprocessing.get_context("spawn")  # never fork a process that runs servers
    rate = f"{TABLES} tables, {RATE:.0f} commands/s"
    with ProcessPoolExecutor(1, mp_context=spawn) as pool:
        quiet, loud = _embedded(directory, pool)
        figures = [
            *_figures(f"SQLite, 1 process, {rate}", quiet, loud),
            Figure(
                f"stream load longest collector pause, streaming (SQLite, 1 process, {rate})",
                loud.longest_pause * 1000,
                "ms",
                1,
            ),
            Figure(
                "stream load objects a move leaves for the collector, per stream woken "
                f"(SQLite, 1 process, {SURVIVOR_TABLES} tables)",
                loud.survivors,
                "",
                1,
            ),
        ]
        reason = unavailable()
        if reason is not None:
            print(f"stream load on PostgreSQL + Redis skipped: {reason}", flush=True)
            return figures
        quiet, loud = _deployed(directory, pool)
    where = f"PostgreSQL + Redis, {DEPLOYED_WORKERS} workers behind HAProxy, {rate}"
    return [
        *figures,
        *_figures(where, quiet, loud),
        Figure(
            f"stream load analytics process CPU, streaming ({where}; "
            f"target <= {ANALYTICS_TARGET_PERCENT})",
            loud.analytics_cpu * 100,
            "% of a core",
            2,
        ),
    ]
