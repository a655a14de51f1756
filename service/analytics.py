"""Keeping the analytics read model (`projections.analytics`) up to date, and opening it.

One driver, `LogFollower`: it reads the notification log a page at a time, from the position
the view recorded last, and hands each page to the projection as one batch (one write of the
view and its position per page, where eventsourcing's `ProjectionRunner` would write one per
event: at 200 commands/s that alone cost the projection process 40% of a core). In the
server's own process the saves hand their events over as they commit (`Tables.log_observers`),
each with its place in the log: the follower folds those that follow on from its position
without reading them back (the log's read was a third of its time), and reads from the log
only what it was not handed (another process's saves, a save not handed over yet, whatever
came before it started), up to the log's end as it was when it began.
What tells it there is more to read:
- in the server's own process, the server's saves;
- on PostgreSQL, the log's own NOTIFY, which every insert sends (LISTEN, on a connection of
  its own);
- elsewhere (a SQLite file written by another process), a poll every 0.2 s.
Woken, it lets more events come for 0.2 s and folds them in one batch.

Under `make run` (SQLite) the driver runs in the server's process (`SALOON_ANALYTICS=inline`);
on PostgreSQL, with several workers, it runs as a process of its own (`python -m
service.analytics`, which `make run-prod` starts) and the workers only read the view
(`SALOON_ANALYTICS=external`, the default there). The view lives beside
the events: in a SQLite file next to theirs (`var/saloon-table-stats-v<N>.sqlite3`), in the same
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
from collections.abc import Sequence
from operator import attrgetter
from pathlib import Path
from uuid import UUID

import psycopg
from eventsourcing.persistence import (
    InfrastructureFactory,
    Notification,
    PersistenceError,
    Recording,
)
from eventsourcing.utils import Environment
from psycopg.sql import SQL, Identifier

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

#: notifications read from the log at a time by the follower, or folded at a time
PAGE = 2000
#: events handed over by the saves that the follower keeps until it folds them; beyond, it
#: reads them from the log (it has stopped, or fails)
MAX_HANDED = 5 * PAGE
#: how often the follower looks for new events when it has caught up and nothing wakes it
POLL_SECONDS = 0.2
#: how often it looks when something wakes it (a save of its process, PostgreSQL's NOTIFY)
WOKEN_POLL_SECONDS = 5.0
#: how long, once woken, it lets more saves come, to fold them in one batch as a poll did
GATHER_SECONDS = 0.2
#: how long the follower waits after the store failed it
RETRY_SECONDS = 2.0
#: how long the listener waits for a NOTIFY before it checks whether it should stop
LISTEN_SECONDS = 1.0


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
    """Feeds the projection the events handed over by this process's saves and, for the rest,
    the notification log, a page at a time, when woken or polled (see the module's
    docstring)."""

    def __init__(
        self, tables: Tables, projection: TableStatsProjection, *, woken: bool = False
    ) -> None:
        """`woken`: the tables' saves are this process's own (the server runs the follower
        inline), so each save hands its events over and wakes it; on PostgreSQL the log's
        NOTIFY wakes it."""
        self.tables = tables
        self.projection = projection
        self._stop = threading.Event()
        self._saved = threading.Event()
        #: the view's position during a catch-up: read from it first, moved by each write
        self._position = 0
        #: handed over by the saves, not taken yet (appended to by the saves' threads)
        self._handed: list[Notification] = []
        self._handed_lock = threading.Lock()
        #: handed over, taken, but not following on from the position: an earlier event's
        #: save has not handed it over yet (or was another process's), in the log's order
        self._waiting: list[Notification] = []
        listens = tables.log_channel() is not None
        self._poll = WOKEN_POLL_SECONDS if woken or listens else POLL_SECONDS
        if woken:
            tables.log_observers.append(self._hand_over)
        self._threads = [threading.Thread(target=self._follow, name="analytics", daemon=True)]
        if listens:
            listen = threading.Thread(target=self._listen, name="analytics-listen", daemon=True)
            self._threads.append(listen)

    def _hand_over(self, recordings: Sequence[Recording[UUID]]) -> None:
        """A save of this process has committed: keep its events for the follower, wake it."""
        with self._handed_lock:
            if len(self._handed) < MAX_HANDED:
                self._handed.extend(recording.notification for recording in recordings)
        self._saved.set()

    def catch_up(self) -> int:
        """Process every event recorded when it started; how many it processed. It stops at
        the log's end as it was then: under a steady load a read of what came meanwhile
        would find a few events each time, and the follower would never gather them into a
        batch. The position it starts from is the view's, read once (another driver may
        have moved it)."""
        self._position = self.projection.view.max_tracking_id(self.tables.name) or 0
        top = self.tables.last_notification_id()
        done = self._fold_handed()
        while self._position < top:
            # up to the first event handed over: the gap before it, from the log
            handed = self._waiting[0].id if self._waiting else top + 1
            page = self.tables.notifications(
                self._position + 1, min(PAGE, handed - self._position - 1)
            )
            if not page:
                break
            self._process(page)
            done += len(page) + self._fold_handed()
        return done

    def _fold_handed(self) -> int:
        """Fold the events handed over that follow on from the position; keep the others
        (beyond a gap) waiting, and forget those the log gave already. How many it folded."""
        with self._handed_lock:
            taken, self._handed = self._handed, []
        position = self._position
        # saves in several threads may hand over out of the log's order
        fresh = sorted(
            (n for n in (*self._waiting, *taken) if n.id > position), key=_NOTIFICATION_ID
        )
        count = 0
        while count < len(fresh) and fresh[count].id == position + 1 + count:
            count += 1
        run, self._waiting = fresh[:count], fresh[count:]
        for start in range(0, count, PAGE):
            self._process(run[start : start + PAGE])
        return count

    def _process(self, notifications: Sequence[Notification]) -> None:
        """Fold events that follow on from the position, in one write of the view."""
        self.projection.process_stored(self.tables.name, notifications)
        self._position = notifications[-1].id

    def start(self) -> None:
        for thread in self._threads:
            thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._saved.set()
        if self._hand_over in self.tables.log_observers:
            self.tables.log_observers.remove(self._hand_over)
        for thread in self._threads:
            if thread.is_alive():
                thread.join()

    def _listen(self) -> None:
        """PostgreSQL: wake the follower at each NOTIFY of the log (its inserts send one)."""
        log = self.tables.log_channel()
        assert log is not None
        listen = SQL("LISTEN {0}").format(Identifier(log.channel_name))
        while not self._stop.is_set():
            try:
                with log.datastore.get_connection() as connection:
                    connection.execute(listen)
                    self._saved.set()  # anything recorded before the LISTEN took effect
                    while not self._stop.is_set():
                        for _ in connection.notifies(timeout=LISTEN_SECONDS, stop_after=1):
                            self._saved.set()
                            # the follower gathers for as long: the NOTIFYs meanwhile wait
                            # in the connection, to be drained at once on the next turn
                            self._stop.wait(GATHER_SECONDS)
            except (PersistenceError, psycopg.Error) as error:  # the store went away
                logger().warning("analytics_listen_retry", extra={"error": repr(error)})
                self._stop.wait(RETRY_SECONDS)

    def _follow(self) -> None:
        while not self._stop.is_set():
            self._saved.clear()
            try:
                self.catch_up()
            except PersistenceError as error:  # the store is busy or away: try again later
                logger().warning("analytics_retry", extra={"error": repr(error)})
                self._stop.wait(RETRY_SECONDS)
                continue
            # caught up: wait to be woken (saves during the catch-up woke it already), then
            # let more come, so a steady load folds in batches, not an event at a time
            if self._saved.wait(self._poll):
                self._stop.wait(GATHER_SECONDS)


_NOTIFICATION_ID = attrgetter("id")


class Analytics:
    """The read model of one process: its view, and the driver feeding it if it runs here."""

    def __init__(self, tables: Tables, *, drive: bool, woken: bool = False) -> None:
        """`drive`: feed the view from this process; `woken`: the saves are this process's
        (the server drives it inline), so they wake the follower (`LogFollower`)."""
        self.tables = tables
        # PostgreSQL's tables are created by `service.prepare` and the driver alone: workers
        # running the same DDL at once would fail (`service.settings.event_store_env`)
        self.view = open_view(tables, create_tables=drive)
        self.driver: LogFollower | None = None
        if drive:
            projection = TableStatsProjection(self.view)
            self.driver = LogFollower(tables, projection, woken=woken)

    def start(self) -> None:
        if self.driver is not None:
            self.driver.start()

    def stop(self) -> None:
        if self.driver is not None:
            self.driver.stop()
        self.driver = None
        self.view.close()

    def lag(self) -> int:
        """Events recorded in the log that the view has not counted yet."""
        top = self.tables.last_notification_id()
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
        while not stopped.wait(1.0):  # timed, so the signal's handler runs between waits
            pass
    finally:
        analytics.stop()


if __name__ == "__main__":
    main()
