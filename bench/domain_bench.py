"""Benchmarks of the domain application, without HTTP: command throughput and load times.

Every table here is a "no_management" Frontera table with one player and one protagonist,
played by a loop of trait tests: the Mayor opens a test, the player draws and chooses one
of the drawn cards. One loop appends about eight events (opened, shuffled, drawn, chosen,
revealed, resolved, moved twice), so a table of any length is built from real commands.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from uuid import UUID

from domain.application import SNAPSHOT_INTERVAL, Tables
from domain.commands import AddSeat, ClaimSeat
from domain.frontera import commands as cmd
from domain.frontera.cards import Suit
from domain.frontera.character import Skill, Trait

SERVER_KEY = bytes(range(32))
#: open, shuffle, draw, choose, reveal, resolve, and the played and unplayed cards moved
EVENTS_PER_TEST = 8
MAYOR = "mayor"


@dataclass(frozen=True)
class Figure:
    """One measured figure: printed as `name: value unit`."""

    name: str
    value: float
    unit: str
    decimals: int = 1

    def line(self) -> str:
        return f"{self.name}: {self.value:.{self.decimals}f} {self.unit}".rstrip()


def memory_env() -> dict[str, str]:
    return {"PERSISTENCE_MODULE": "eventsourcing.popo"}


def sqlite_env(path: Path) -> dict[str, str]:
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": str(path),
        "SQLITE_LOCK_TIMEOUT": "10",
    }


def new_app(env: Mapping[str, str]) -> Tables:
    return Tables(dict(env), server_key=SERVER_KEY)


@dataclass
class BenchTable:
    """A started no-management table with a player seat and its protagonist."""

    app: Tables
    table_id: UUID
    seat: str
    character: str
    version: int

    @classmethod
    def create(cls, app: Tables) -> BenchTable:
        table_id = app.create_table(
            "frontera", "Bench table", "The Mayor", {"mode": "no_management"}
        ).table_id
        seat = app.execute(table_id, MAYOR, AddSeat(name="Judit")).result
        app.execute(table_id, seat, ClaimSeat(invitation=app.keys(table_id).invitation(seat, 1)))
        character = app.execute(
            table_id,
            seat,
            cmd.CreateCharacter(
                name="Clementine",
                kind="protagonist",
                traits={Trait.HANDS: 2, Trait.SENSES: 4, Trait.MUSCLE: 3, Trait.HEAD: 3},
                skills=[Skill.AIM, Skill.AGILITY, Skill.CUNNING, Skill.PERCEPTION],
            ),
        ).result
        version = app.execute(table_id, MAYOR, cmd.StartTable()).version
        return cls(app, table_id, seat, character, version)

    def play_test(self) -> float:
        """One trait test; returns the seconds spent in the Draw and Choose commands."""
        app, table_id, seat, character = self.app, self.table_id, self.seat, self.character
        app.execute(table_id, MAYOR, cmd.OpenTraitTest(character=character, trait=Trait.HANDS))
        started = time.perf_counter()
        drawn = app.execute(table_id, seat, cmd.Draw(character=character)).result
        played = drawn[0]
        suits = {played: Suit.SPADES} if "JK" in played else {}
        outcome = app.execute(
            table_id, seat, cmd.Choose(character=character, cards=[played], joker_suits=suits)
        )
        elapsed = time.perf_counter() - started
        self.version = outcome.version
        return elapsed

    def grow_to(self, min_version: int) -> None:
        """Play tests until the table has at least `min_version` events."""
        while self.version < min_version:
            self.play_test()

    def since_snapshot(self) -> int:
        """How many events follow the table's latest snapshot: what a load replays."""
        assert self.app.snapshots is not None
        latest = list(self.app.snapshots.get(self.table_id, desc=True, limit=1))
        return self.version - (latest[0].originator_version if latest else 0)

    def grow_past_snapshot(self, min_version: int) -> None:
        """Play tests until the table has at least `min_version` events and the next test
        would take a snapshot: the most events a load of it ever has to replay."""
        self.grow_to(min_version)
        while (self.version + EVENTS_PER_TEST) // SNAPSHOT_INTERVAL == (
            self.version // SNAPSHOT_INTERVAL
        ):
            self.play_test()


def draw_choose_throughput(env: Mapping[str, str], tests: int, batches: int = 5) -> float:
    """Draw + Choose commands per second on one table (each test is one of each).

    The tests run in batches; the median batch's rate is reported, so one slow moment of
    a shared machine does not decide the figure. Snapshot-taking, which happens inside
    the commands that cross a snapshot interval, is part of the measured time.
    """
    table = BenchTable.create(new_app(env))
    table.grow_to(table.version + 50)  # warm-up: imports, caches, the first snapshot path
    per_batch = max(1, tests // batches)
    rates = [
        2 * per_batch / sum(table.play_test() for _ in range(per_batch)) for _ in range(batches)
    ]
    return statistics.median(rates)


def cold_load_ms(env: Mapping[str, str], table_id: UUID, repeats: int) -> float:
    """Median time to load a table through a new application, whose cache is empty.

    Each repetition builds a new `Tables` on the same store and opens its connection with a
    cheap query before the clock starts, so only the load (snapshot + later events) counts.
    """
    timings = []
    for _ in range(repeats + 1):
        app = new_app(env)
        app.recorder.max_notification_id()  # open the connection outside the timing
        gc.collect()  # so no collection of the previous app's garbage lands in the timing
        started = time.perf_counter()
        app.repository.get(table_id)
        timings.append(time.perf_counter() - started)
        app.close()
    return statistics.median(timings[1:]) * 1000  # the first load also warms the process


def load_figures(directory: Path, small: int, large: int, repeats: int) -> list[Figure]:
    """Load times of a short and a long table on SQLite, with the application's snapshots.

    Tables are built by whole tests until their version reaches the target, so a version
    is the first test boundary at or past it (12 for 10, 10,004 for 10,000 with eight
    events a test); the versions are printed too. There is no rounding to a snapshot
    boundary: a load replays the latest snapshot plus the events after it (printed). The
    "worst case" table is grown past `large` until the next test would snapshot it, so it
    has the most events after its latest snapshot that a load can meet.
    """
    env = sqlite_env(directory / "load.sqlite3")
    app = new_app(env)
    short, long, worst = (BenchTable.create(app) for _ in range(3))
    short.grow_to(small)
    long.grow_to(large)
    worst.grow_past_snapshot(large)
    long_after, worst_after = long.since_snapshot(), worst.since_snapshot()
    app.close()
    short_ms = cold_load_ms(env, short.table_id, repeats)
    long_ms = cold_load_ms(env, long.table_id, repeats)
    worst_ms = cold_load_ms(env, worst.table_id, repeats)
    return [
        Figure(f"load table at {small} events", short_ms, "ms", 3),
        Figure(f"load table at {large} events", long_ms, "ms", 3),
        Figure(f"load ratio {large}/{small}", long_ms / short_ms, "", 2),
        Figure(f"load table at {large} events, worst case", worst_ms, "ms", 3),
        Figure(f"load ratio {large}/{small}, worst case", worst_ms / short_ms, "", 2),
        Figure("short table version", short.version, "events", 0),
        Figure("long table version", long.version, "events", 0),
        Figure("worst-case table version", worst.version, "events", 0),
        Figure(
            "events after the long table's latest snapshot",
            long_after,
            "events",
            0,
        ),
        Figure(
            "events after the worst-case table's latest snapshot",
            worst_after,
            "events",
            0,
        ),
    ]


def run(directory: Path) -> list[Figure]:
    """Every domain figure; SQLite files go in `directory`."""
    return [
        Figure(
            "draw+choose commands/s (in-memory, one table)",
            draw_choose_throughput(memory_env(), tests=1000),
            "commands/s",
        ),
        Figure(
            "draw+choose commands/s (sqlite, one table)",
            draw_choose_throughput(sqlite_env(directory / "throughput.sqlite3"), tests=500),
            "commands/s",
        ),
        *load_figures(directory, small=10, large=10_000, repeats=31),
    ]
