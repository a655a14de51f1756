"""Keeping the analytics read model (`projections.analytics`) up to date, and opening it.

One projection, two drivers:
- PostgreSQL can subscribe to its log, so eventsourcing's `ProjectionRunner` feeds the
  projection event by event as they are recorded;
- SQLite cannot (`subscribe()` is not implemented there), so `LogFollower` reads the
  notification log a page at a time, from the position the view recorded last, and hands
  each page to the projection as one batch.

Under `make run` (SQLite) the driver runs in the server's process (`SALOON_ANALYTICS=inline`);
on PostgreSQL, with several workers, it runs as a process of its own (`python -m
service.analytics`, which `make run-prod` starts) and the workers only read the view
(`SALOON_ANALYTICS=external`, the default there). The view lives beside
the events: in a SQLite file next to theirs (`var/saloon-table-stats-v1.sqlite3`), in the same
PostgreSQL database, or in memory for a store in memory.

To rebuild the figures from scratch, stop the driver and delete that SQLite file (or, on
PostgreSQL, the `table_stats_v<N>` and `table_stats_v<N>_tracking` tables): the projection
starts again from the first event and arrives at the same figures (`tests/test_analytics.py`).
A new version of the figures (`projections.stats.FIGURES_VERSION`) does so by itself, in
tables of its own.
"""

from __future__ import annotations

import argparse
import signal
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from eventsourcing.persistence import InfrastructureFactory, PersistenceError
from eventsourcing.projection import ProjectionRunner
from eventsourcing.utils import Environment

from domain.application import Tables
from projections.analytics import (
    STATS_TABLE,
    MemoryStatsView,
    PostgresStatsView,
    SQLiteStatsView,
    StatsView,
    TableStatsProjection,
)
from service.logs import logger
from service.private_files import private_file
from service.settings import Settings

#: notifications read from the log at a time by the follower
PAGE = 2000
#: how often the follower looks for new events when it has caught up: in the server's own
#: process a save wakes it at once, so this only catches what another process wrote
POLL_SECONDS = 0.2
#: how often it looks when saves of its own process wake it
WOKEN_POLL_SECONDS = 5.0
#: how long, once woken, it lets more saves come, to fold them in one batch as a poll did
GATHER_SECONDS = 0.2
#: how long the follower waits after the store failed it
RETRY_SECONDS = 2.0


def view_env(tables: Tables, *, create_tables: bool) -> dict[str, str] | None:
    """Where the view lives, from where the tables live: the same PostgreSQL database, a
    SQLite file beside theirs (created private, as theirs), or memory (None) for a store in
    memory."""
    env = dict(tables.env)
    module = env.get("PERSISTENCE_MODULE", "")
    if module == "eventsourcing.postgres":
        return {**env, "CREATE_TABLE": "true" if create_tables else "false"}
    name = env.get("SQLITE_DBNAME", "")
    if module == "eventsourcing.sqlite" and ":memory:" not in name and "mode=memory" not in name:
        path = Path(name)
        view = path.with_name(f"{path.stem}-{STATS_TABLE.replace('_', '-')}{path.suffix}")
        return {**env, "SQLITE_DBNAME": str(private_file(view))}
    return None


def open_view(tables: Tables, *, create_tables: bool = True) -> StatsView:
    env = view_env(tables, create_tables=create_tables)
    if env is None:
        return MemoryStatsView()
    factory = InfrastructureFactory.construct(Environment(TableStatsProjection.name, env))
    postgres = env["PERSISTENCE_MODULE"] == "eventsourcing.postgres"
    view_class = PostgresStatsView if postgres else SQLiteStatsView
    view = factory.tracking_recorder(view_class)
    assert isinstance(view, StatsView)
    return view


class LogFollower:
    """Feeds the projection from the notification log where the store cannot subscribe."""

    def __init__(
        self, tables: Tables, projection: TableStatsProjection, *, woken: bool = False
    ) -> None:
        """`woken`: the tables' saves are this process's own (the server runs the follower
        inline), so each save wakes it and it need not poll often."""
        self.tables = tables
        self.projection = projection
        self._stop = threading.Event()
        self._saved = threading.Event()
        self._poll = WOKEN_POLL_SECONDS if woken else POLL_SECONDS
        if woken:
            tables.observers.append(self._wake)
        self._thread = threading.Thread(target=self._follow, name="analytics", daemon=True)

    def _wake(self, *_: object) -> None:
        self._saved.set()

    def catch_up(self) -> int:
        """Process every event recorded so far; how many there were."""
        done = 0
        while True:
            after = self.projection.view.max_tracking_id(self.tables.name) or 0
            page = self.tables.recorder.select_notifications(after + 1, PAGE)
            if not page:
                return done
            self.projection.process_stored(self.tables.name, page)
            done += len(page)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._saved.set()
        if self._wake in self.tables.observers:
            self.tables.observers.remove(self._wake)
        if self._thread.is_alive():
            self._thread.join()

    def _follow(self) -> None:
        while not self._stop.is_set():
            self._saved.clear()
            try:
                caught_up = not self.catch_up()
            except PersistenceError as error:  # the store is busy or away: try again later
                logger().warning("analytics_retry", extra={"error": repr(error)})
                self._stop.wait(RETRY_SECONDS)
                continue
            if caught_up and self._saved.wait(self._poll):  # woken by a save
                self._stop.wait(GATHER_SECONDS)


class TablesLog(Tables):
    """The tables' application as the projection runner builds it, from its environment
    alone: it only reads the log, so it needs no server key."""

    name = Tables.name  # the log's name: its tables, and the position the view tracks

    def __init__(self, env: Mapping[str, str] | None = None) -> None:
        super().__init__(env, server_key=bytes(32))


class Analytics:
    """The read model of one process: its view, and the driver feeding it if it runs here."""

    def __init__(self, tables: Tables, *, drive: bool, woken: bool = False) -> None:
        """`drive`: feed the view from this process; `woken`: the saves are this process's
        (the server drives it inline), so they wake the follower (`LogFollower`)."""
        self.tables = tables
        # PostgreSQL's tables are created by `service.prepare` and the driver alone: workers
        # running the same DDL at once would fail (`service.settings.event_store_env`)
        self.view = open_view(tables, create_tables=drive)
        self.driver: LogFollower | ProjectionRunner[Any, Any] | None = None
        self._drive = drive
        self._woken = woken

    def start(self) -> None:
        if not self._drive:
            return
        env = view_env(self.tables, create_tables=True)
        if env is not None and env["PERSISTENCE_MODULE"] == "eventsourcing.postgres":
            self.driver = ProjectionRunner(
                application_class=TablesLog,
                projection_class=TableStatsProjection,
                view_class=PostgresStatsView,
                env=env,
            )
            self.driver.__enter__()  # starts the subscription
        else:
            projection = TableStatsProjection(self.view)
            self.driver = LogFollower(self.tables, projection, woken=self._woken)
            self.driver.start()

    def stop(self) -> None:
        if isinstance(self.driver, ProjectionRunner):
            try:
                self.driver.__exit__(None, None, None)
            except Exception as error:  # its thread died (the store went away): say so, stop
                logger().warning("analytics_stopped", extra={"error": repr(error)})
        elif self.driver is not None:
            self.driver.stop()
        self.driver = None
        self.view.close()

    def check(self) -> None:
        """Raise what stopped the projection runner's thread, if it stopped (the store went
        away): it does not resume by itself, so its process should end and be restarted."""
        if isinstance(self.driver, ProjectionRunner):
            self.driver.run_forever(timeout=0)

    def lag(self) -> int:
        """Events recorded in the log that the view has not counted yet."""
        top = self.tables.recorder.max_notification_id() or 0
        return top - (self.view.max_tracking_id(self.tables.name) or 0)


def main() -> None:
    """The projection as a process of its own (`make run-prod`): runs until stopped."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args()
    settings = Settings.from_env()
    tables = Tables(settings.event_store_env(), server_key=settings.secret_key())
    analytics = Analytics(tables, drive=True)
    stopped = threading.Event()
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, lambda *_: stopped.set())
    analytics.start()
    try:
        while not stopped.wait(1.0):
            analytics.check()  # a runner that stopped ends the process, for its restart
    finally:
        analytics.stop()


if __name__ == "__main__":
    main()
