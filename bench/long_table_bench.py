"""A long table: the bytes it stores per event, and what reading its log costs other tables.

The table is as large as a table's bounds let it be: every player seat, every seat's
characters, every weapon, each name at its longest; then it plays trait tests (the domain
bench's loop) to `EVENTS` events, so its snapshots are the largest a table makes.

- Storage: the bytes of the SQLite file holding that table alone (events, snapshots, indexes,
  free pages), and on PostgreSQL the total size of the events and snapshots tables after a
  VACUUM (what autovacuum gives back of the pruned snapshots), each divided by its events.
- Reads: over HTTP (the server in this process, the clients in another, as `http_bench`),
  one client plays the loop on another, short table and times each command, alone and
  while four clients read the long table's log filtered by type (`/events?type=TestResolved`,
  following `next_after` to the end and starting over), in turns of `WINDOW` seconds so that
  a change in the machine's load meets both. The ratio of the two median latencies is what
  the reads cost the other table's players.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import sqlite3
import statistics
import time
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import msgspec
from psycopg import sql

from bench import deployment
from bench.domain_bench import MAYOR, BenchTable, Figure, new_app, sqlite_env
from bench.http_bench import UNLIMITED, LeanClient, Seats
from domain.characters import MAX_CHARACTERS_PER_SEAT
from domain.commands import AddSeat
from domain.frontera import commands as cmd
from domain.frontera.combat import MAX_WEAPON_NAME, MAX_WEAPONS, RANGES, Weapon
from domain.frontera.events import game
from domain.names import MAX_NAME
from domain.table import MAX_PLAYER_SEATS
from service.app import create_app
from tests.frontera_helpers import npc, protagonist
from tests.live_server import serving

EVENTS = 12_000
READERS = 4
#: the other table's commands are timed alone and beside the reads, in turns
ROUNDS = 4
WINDOW = 2.0
WARMUP_LOOPS = 3
#: the target of the reads' cost to another table, as a ratio of median latencies
LATENCY_RATIO_TARGET = 2.0
STORAGE_TARGET = 2048


def _longest(name: str, length: int = MAX_NAME) -> str:
    return f"{name} ".ljust(length, "~")


def _character(seat: str, number: int) -> cmd.CreateCharacter:
    """A protagonist for a player's seat, an NPC for the Mayor's, with the longest name."""
    name = _longest(f"{seat} {number}")
    if seat == MAYOR:
        return npc(name, {"hands": 5, "senses": 5, "muscle": 5, "head": 5}, ["aim"])
    traits = {"hands": 3, "senses": 3, "muscle": 3, "head": 3}
    return protagonist(name, traits, ["aim", "agility", "cunning", "perception"])


def fill_to_bounds(table: BenchTable) -> None:
    """Every seat, character and weapon the table may hold."""
    app, table_id = table.app, table.table_id
    players = [table.seat] + [
        app.execute(table_id, MAYOR, AddSeat(name=_longest(f"player {n}"))).result
        for n in range(MAX_PLAYER_SEATS - 1)
    ]
    for seat in (MAYOR, *players):
        for number in range(MAX_CHARACTERS_PER_SEAT - (seat == table.seat)):
            app.execute(table_id, seat, _character(seat, number))
    held = app.read(table_id, lambda t: len(game(t).weapons))
    for number in range(MAX_WEAPONS - held):
        ranges: dict[str, int | None] = {reach: 0 for reach in RANGES}
        weapon = Weapon(name=_longest(f"gun {number}", MAX_WEAPON_NAME), damage=1, ranges=ranges)
        table.version = app.execute(table_id, MAYOR, cmd.SetWeapon(weapon=weapon)).version


def build(env: Mapping[str, str]) -> tuple[Seats, int]:
    """The long table on this store: its seats, for clients, and its version."""
    app = new_app(env)
    try:
        table = BenchTable.create(app)
        fill_to_bounds(table)
        table.grow_to(EVENTS)
        return Seats.of(table), table.version
    finally:
        app.close()


def _per_event(store: str, version: int, size: int, what: str = "events + snapshots") -> Figure:
    return Figure(
        f"stored bytes per event, {store} ({what}, {version}-event table at its bounds; "
        f"target <= {STORAGE_TARGET})",
        size / version,
        "B/event",
        0,
    )


# -- storage ---------------------------------------------------------------------------------


def _sqlite_figures(path: Path, version: int) -> list[Figure]:
    with contextlib.closing(sqlite3.connect(path)) as connection:
        count, largest, total = connection.execute(
            "SELECT COUNT(*), MAX(LENGTH(state)), SUM(LENGTH(state)) FROM stored_snapshots"
        ).fetchone()
    where = f"{version}-event table at its bounds"
    return [
        _per_event("sqlite file", version, path.stat().st_size),
        Figure(f"snapshot bytes per event, sqlite ({where})", total / version, "B/event", 0),
        Figure(f"snapshots kept ({where})", count, "", 0),
        Figure(f"largest snapshot ({where})", largest, "B", 0),
    ]


def _postgres_figures() -> list[Figure]:
    reason = deployment.postgres_unavailable()
    if reason is not None:
        print(f"postgresql storage bench skipped: {reason}", flush=True)
        return []
    with deployment.fresh_schema() as env:
        _, version = build({**env, "PERSISTENCE_MODULE": "eventsourcing.postgres"})
        schema = env["POSTGRES_SCHEMA"]
        size = 0
        with deployment.connect() as connection:
            for name in ("tables_events", "tables_snapshots"):
                connection.execute(sql.SQL("VACUUM {}").format(sql.Identifier(schema, name)))
                row = connection.execute(
                    "SELECT pg_total_relation_size(%s::regclass)", (f'"{schema}"."{name}"',)
                ).fetchone()
                assert row is not None
                size += row[0]
    return [_per_event("postgresql", version, size, "events + snapshots after VACUUM")]


# -- reads beside commands ---------------------------------------------------------------------


class _Page(msgspec.Struct):
    next_after: int | None


async def _latencies(
    base_url: str, player: Seats, log: Seats | None, seconds: float
) -> tuple[list[float], int]:
    client = await LeanClient.connect(base_url, player)
    readers = [await LeanClient.connect(base_url, log) for _ in range(READERS)] if log else []
    for _ in range(WARMUP_LOOPS):
        await client.play([])
    latencies: list[float] = []
    reads = 0
    deadline = time.perf_counter() + seconds

    async def read(reader: LeanClient) -> None:
        nonlocal reads
        after = 0
        while time.perf_counter() < deadline:
            path = f"{reader.prefix}/events?type=TestResolved&limit=100&after={after}"
            status, body = await reader.get(path, reader.seats.mayor)
            if status != 200:
                raise RuntimeError(f"{path}: {status} {body.decode(errors='replace')}")
            after = msgspec.json.decode(body, type=_Page).next_after or 0
            reads += 1

    async def play() -> None:
        while time.perf_counter() < deadline:
            await client.play(latencies)

    try:
        await asyncio.gather(play(), *(read(reader) for reader in readers))
    finally:
        for one in (client, *readers):
            await one.aclose()
    return latencies, reads


def command_latencies(
    base_url: str, player: Seats, log: Seats | None, seconds: float
) -> tuple[list[float], int]:
    """The latency of each command of `player`'s loop, while READERS clients read `log`'s
    events (none when `log` is None), and how many reads they made."""
    return asyncio.run(_latencies(base_url, player, log, seconds))


def _read_figures(path: Path, long: Seats) -> list[Figure]:
    app = new_app(sqlite_env(path))
    spawn = multiprocessing.get_context("spawn")  # never fork a process that runs servers
    try:
        other = Seats.of(BenchTable.create(app))
        with (
            ProcessPoolExecutor(1, mp_context=spawn) as clients,
            serving(create_app(UNLIMITED, tables=app)) as url,
        ):
            alone: list[float] = []
            beside: list[float] = []
            reads = 0
            for _ in range(ROUNDS):  # in turns, so a change in the machine's load hits both
                without, _ = clients.submit(command_latencies, url, other, None, WINDOW).result()
                within, count = clients.submit(command_latencies, url, other, long, WINDOW).result()
                alone, beside, reads = alone + without, beside + within, reads + count
    finally:
        app.close()
    quiet, busy = statistics.median(alone) * 1000, statistics.median(beside) * 1000
    reading = f"{READERS} clients reading a {EVENTS}-event log by type"
    return [
        Figure("another table's command latency p50, no reads (sqlite)", quiet, "ms", 2),
        Figure(f"another table's command latency p50, {reading} (sqlite)", busy, "ms", 2),
        Figure(
            "another table's command latency p99, no reads (sqlite)",
            statistics.quantiles(alone, n=100, method="inclusive")[98] * 1000,
            "ms",
            2,
        ),
        Figure(
            f"another table's command latency p99, {reading} (sqlite)",
            statistics.quantiles(beside, n=100, method="inclusive")[98] * 1000,
            "ms",
            2,
        ),
        Figure(
            f"ratio another table's command latency p50, reads / no reads "
            f"(target <= {LATENCY_RATIO_TARGET:.0f})",
            busy / quiet,
            "",
            2,
        ),
        Figure(f"log reads/s ({reading})", reads / (ROUNDS * WINDOW), "requests/s"),
    ]


def run(directory: Path) -> list[Figure]:
    """The storage and read figures of a long table; SQLite files go in `directory`."""
    path = directory / "long.sqlite3"
    long, version = build(sqlite_env(path))
    return [*_sqlite_figures(path, version), *_postgres_figures(), *_read_figures(path, long)]
