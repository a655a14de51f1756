"""The analytics read model's throughput beside the store's raw read of its log.

Twenty SQLite tables of trait tests (`bench.domain_bench.BenchTable`, about 20,000 events)
are read two ways, in turns, several rounds, the best round of each kept: the raw read of
the notification log, page by page as the follower reads it (`select_notifications`), and
the projection from scratch into a new SQLite view, as `service.analytics.LogFollower`
runs it (read, fold every event, record each page's tallies with its position). The target
is a projection at least 0.3 times as fast as the raw read.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from eventsourcing.persistence import InfrastructureFactory
from eventsourcing.utils import Environment

from bench.domain_bench import BenchTable, Figure, new_app, sqlite_env
from domain.application import Tables
from projections.analytics import SQLiteStatsView, TableStatsProjection
from service.analytics import PAGE, LogFollower

TABLES = 20
EVENTS_PER_TABLE = 1000
ROUNDS = 5


def _raw_read(app: Tables) -> int:
    read, after = 0, 0
    while page := app.recorder.select_notifications(after + 1, PAGE):
        read += len(page)
        after = page[-1].id
    return read


def _projection(app: Tables, view_file: Path) -> int:
    env = Environment(TableStatsProjection.name, sqlite_env(view_file))
    view = InfrastructureFactory.construct(env).tracking_recorder(SQLiteStatsView)
    assert isinstance(view, SQLiteStatsView)
    try:
        return LogFollower(app, TableStatsProjection(view)).catch_up()
    finally:
        view.close()


def _rate(read: Callable[..., int], *args: object) -> float:
    started = time.perf_counter()
    events = read(*args)
    return events / (time.perf_counter() - started)


def run(directory: Path) -> list[Figure]:
    app = new_app(sqlite_env(directory / "analytics-log.sqlite3"))
    for _ in range(TABLES):
        BenchTable.create(app).grow_to(EVENTS_PER_TABLE)
    raw, projected = 0.0, 0.0
    for number in range(ROUNDS):
        raw = max(raw, _rate(_raw_read, app))
        projected = max(projected, _rate(_projection, app, directory / f"view-{number}.sqlite3"))
    app.close()
    return [
        Figure("analytics raw read of the log (sqlite)", raw, "events/s", 0),
        Figure("analytics projection from scratch (sqlite)", projected, "events/s", 0),
        Figure("analytics projection / raw read (target >= 0.3)", projected / raw, "", 2),
    ]
