"""The analytics read model: kept up to date incrementally, it holds exactly what a rebuild
from scratch holds; a projection process killed mid-stream and restarted counts every event
once; stored events read straight from their JSON are the log's events after closing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from bench.domain_bench import BenchTable
from domain.application import Tables
from domain.commands import CloseTable
from projections.analytics import MemoryStatsView, TableStatsProjection
from projections.redaction import closed_from_store, redact
from projections.stats import fold
from projections.tally import Tally
from projections.visibility import AFTER_CLOSING
from service.analytics import WOKEN_POLL_SECONDS, Analytics, LogFollower
from service.prepare import prepare
from service.settings import Settings
from tests.frontera_helpers import MAYOR, SERVER_KEY
from tests.frontera_strategies import (
    Driver,
    SnapshottingTables,
    cast_characters,
    no_management_options,
    normal_options,
    start_session,
    wear_options,
)

ROOT = Path(__file__).resolve().parent.parent
PHASES = [Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink]
ANY_MODE = st.one_of(normal_options(), no_management_options(), wear_options())


def sqlite_tables(directory: Path) -> Tables:
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(directory / "t.db")}
    return SnapshottingTables(env, server_key=SERVER_KEY)


def rows(analytics: Analytics, tables: list[UUID]) -> dict[UUID, Any]:
    return {i: (r.closed_at, r.tally) for i, r in analytics.view.rows(tables).items()}


def logged_tally(app: Tables, table_id: UUID) -> Tally:
    """The table's events, each as everybody sees it after closing, folded one by one."""
    tally = Tally()
    for event in app.table_events(table_id):
        fold(tally, redact(event, AFTER_CLOSING, closed=True), event.originator_version)
    return tally


@settings(max_examples=6, deadline=None, phases=PHASES, suppress_health_check=list(HealthCheck))
@given(data=st.data(), setups=st.lists(ANY_MODE, min_size=2, max_size=3))
def test_the_figures_kept_incrementally_equal_a_rebuild_from_scratch(
    data: st.DataObject, setups: list[tuple[int, dict[str, Any]]], tmp_path_factory: Any
) -> None:
    """Several tables of every mode, played in turns while the follower catches up now and
    then (closing some), give the same figures as one run over the whole log afresh, and as
    the log of each table folded event by event."""
    directory = tmp_path_factory.mktemp("analytics")
    app = sqlite_tables(directory)
    live = Analytics(app, drive=False)
    follower = LogFollower(app, TableStatsProjection(live.view))
    drivers = []
    for number, (players, options) in enumerate(setups):
        driver = Driver(
            data, start_session(app, players, key=f"analytics-property-table-{number}", **options)
        )
        cast_characters(driver)
        drivers.append(driver)
    for _ in range(data.draw(st.integers(2, 5), label="rounds")):
        for driver in drivers:
            driver.run(driver.number(2, 12, "steps"))
        follower.catch_up()
    for driver in drivers:
        if data.draw(st.booleans(), label="close"):
            driver.send(MAYOR, CloseTable(), plain=True)
    follower.catch_up()
    assert live.lag() == 0
    tables = [driver.session.table_id for driver in drivers]

    rebuilt = MemoryStatsView()
    LogFollower(app, TableStatsProjection(rebuilt)).catch_up()
    assert rebuilt.rows(tables) == live.view.rows(tables)
    for table_id in tables:
        assert live.view.rows([table_id])[table_id].tally == logged_tally(app, table_id)
    for notification in app.recorder.select_notifications(1, 10_000):
        event = app.mapper.to_domain_event(notification)
        if event.originator_id in tables:  # not an idempotency record
            assert closed_from_store(notification) == redact(event, AFTER_CLOSING, closed=True)
    live.view.close()
    app.close()


def _follow_in_a_process(env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "service.analytics"],
        cwd=ROOT,
        env={**os.environ, **env},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def _killed_mid_stream_then_restarted(
    app: Tables, analytics: Analytics, env: dict[str, str], tables: list[BenchTable]
) -> None:
    """Start the projection process, kill it (SIGKILL) once it has counted some events but
    not all, play on while it is down, start it again and let it catch up."""
    process = _follow_in_a_process(env)
    top = app.recorder.max_notification_id() or 0
    deadline = time.monotonic() + 60
    while not analytics.view.max_tracking_id(app.name) and time.monotonic() < deadline:
        time.sleep(0.005)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)
    counted = analytics.view.max_tracking_id(app.name) or 0
    assert 0 < counted < top, f"killed after {counted} of {top} events: not mid-stream"
    for table in tables:
        table.play_test()
    app.execute(tables[0].table_id, MAYOR, CloseTable())
    process = _follow_in_a_process(env)
    deadline = time.monotonic() + 60
    while analytics.lag() and time.monotonic() < deadline:
        time.sleep(0.02)
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=10) == 0, process.stderr.read() if process.stderr else ""
    assert analytics.lag() == 0


def _counted_once(app: Tables, analytics: Analytics, tables: list[BenchTable]) -> None:
    ids = [table.table_id for table in tables]
    rebuilt = MemoryStatsView()
    LogFollower(app, TableStatsProjection(rebuilt)).catch_up()
    assert analytics.view.rows(ids) == rebuilt.rows(ids)
    for table in tables:
        row = analytics.view.rows([table.table_id])[table.table_id]
        version = app.read(table.table_id, lambda t: t.version)
        assert row.tally.count("events") == row.tally.version == version
    assert analytics.view.rows(ids)[ids[0]].closed_at is not None


def test_a_projection_process_killed_mid_stream_and_restarted_counts_every_event_once(
    tmp_path: Path,
) -> None:
    """SQLite: the follower, as `python -m service.analytics` runs it."""
    settings = Settings(data_dir=tmp_path, secret_key_hex=SERVER_KEY.hex())
    app = Tables(settings.event_store_env(), server_key=SERVER_KEY)
    tables = [BenchTable.create(app) for _ in range(8)]
    for table in tables:
        table.grow_to(1500)
    analytics = Analytics(app, drive=False)
    env = {"SALOON_DATA_DIR": str(tmp_path), "SALOON_SECRET_KEY": SERVER_KEY.hex()}
    _killed_mid_stream_then_restarted(app, analytics, env, tables)
    _counted_once(app, analytics, tables)
    analytics.view.close()
    app.close()


def _prepared(postgres_env: dict[str, str]) -> Settings:
    """The settings of a deployment on the test's PostgreSQL schema, prepared."""
    settings = Settings(
        postgres_db=postgres_env["POSTGRES_DBNAME"],
        postgres_schema=postgres_env["POSTGRES_SCHEMA"],
        secret_key_hex=SERVER_KEY.hex(),
    )
    prepare(settings)
    return settings


@pytest.mark.postgres
def test_a_projection_process_on_postgresql_killed_mid_stream_and_restarted_counts_once(
    postgres_env: dict[str, str],
) -> None:
    """PostgreSQL: the follower woken by the log's NOTIFY, as `python -m service.analytics`
    runs it there."""
    settings = _prepared(postgres_env)
    app = Tables(settings.event_store_env(), server_key=SERVER_KEY)
    tables = [BenchTable.create(app) for _ in range(4)]
    for table in tables:
        table.grow_to(1500)
    analytics = Analytics(app, drive=False)
    env = {
        "SALOON_POSTGRES_DB": postgres_env["POSTGRES_DBNAME"],
        "SALOON_POSTGRES_SCHEMA": postgres_env["POSTGRES_SCHEMA"],
        "SALOON_SECRET_KEY": SERVER_KEY.hex(),
    }
    _killed_mid_stream_then_restarted(app, analytics, env, tables)
    _counted_once(app, analytics, tables)
    analytics.view.close()
    app.close()


def _counting_reads(app: Tables) -> list[float]:
    """When the follower read the log: the recorder's reads, noted as they happen."""
    reads: list[float] = []
    select = app.recorder.select_notifications

    def counted(*args: Any, **kwargs: Any) -> Any:
        reads.append(time.monotonic())
        return select(*args, **kwargs)

    app.recorder.select_notifications = counted  # type: ignore[method-assign]
    return reads


def _idle_then_woken(analytics: Analytics, writer: Tables) -> None:
    """The follower, started, reads the log no more than twice in a second with nothing to
    read (it waits; a poll would read five times); then a table closed through `writer` is
    counted long before it would look again by itself."""
    reads = _counting_reads(analytics.tables)
    analytics.start()
    try:
        time.sleep(1.0)
        assert len(reads) <= 2, f"{len(reads)} reads of the log while nothing happened"
        table = BenchTable.create(writer)
        closed = time.monotonic()
        writer.execute(table.table_id, MAYOR, CloseTable())
        while not analytics.view.rows([table.table_id]) or analytics.lag():
            assert time.monotonic() - closed < WOKEN_POLL_SECONDS / 2, "not woken"
            time.sleep(0.02)
    finally:
        analytics.stop()


def test_the_servers_own_saves_wake_its_inline_follower_without_polling(tmp_path: Path) -> None:
    """Inline (`make run`), the follower waits for a save of its process, not a poll: a
    table closed is counted long before the follower would look again by itself."""
    app = Tables(
        {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "s.db")},
        server_key=SERVER_KEY,
    )
    try:
        _idle_then_woken(Analytics(app, drive=True, woken=True), app)
    finally:
        app.close()


@pytest.mark.postgres
def test_on_postgresql_the_logs_notify_wakes_the_follower_without_polling(
    postgres_database_env: dict[str, str],
) -> None:
    """Another process's saves (here another application object on the same store) reach the
    projection through PostgreSQL's NOTIFY, long before the follower would look by itself (in
    a database of its own: another test's inserts would wake it too)."""
    settings = _prepared(postgres_database_env)
    follower_side = Tables(settings.event_store_env(), server_key=SERVER_KEY)
    writer_side = Tables(settings.event_store_env(), server_key=SERVER_KEY)
    try:
        _idle_then_woken(Analytics(follower_side, drive=True), writer_side)
    finally:
        follower_side.close()
        writer_side.close()
