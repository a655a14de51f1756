"""The inline follower of the analytics read model folds the events its process's saves hand
over without reading them back from the log, and still counts every event exactly once: what
it was not handed (another writer's saves, a save handed over late, what came before it
started, what it could not keep) it reads from the log, and a hand-over of events it read
already is not counted again. The rows a projection keeps from its last write stand for the
view's only while nobody else has written it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from eventsourcing.persistence import Recording

from bench.domain_bench import BenchTable
from domain.application import Tables
from domain.commands import CloseTable
from projections.analytics import MemoryStatsView, TableStatsProjection
from service import analytics as analytics_module
from service.analytics import Analytics, LogFollower
from tests.frontera_helpers import MAYOR, SERVER_KEY


def _sqlite(path: Path) -> Tables:
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)}
    return Tables(env, server_key=SERVER_KEY)


def _log_reads(app: Tables) -> list[int]:
    """How many events each read of the log gave, noted as they happen."""
    pages: list[int] = []
    select = app.recorder.select_notifications

    def counted(*args: Any, **kwargs: Any) -> Any:
        page = select(*args, **kwargs)
        pages.append(len(page))
        return page

    app.recorder.select_notifications = counted  # type: ignore[method-assign]
    return pages


def _inline(app: Tables) -> tuple[Analytics, LogFollower]:
    """The read model as the server drives it inline, its follower caught up (not started:
    the test calls its catch-ups)."""
    analytics = Analytics(app, drive=True, woken=True)
    assert analytics.driver is not None
    analytics.driver.catch_up()
    return analytics, analytics.driver


def _counted_once(app: Tables, analytics: Analytics, tables: Sequence[BenchTable]) -> None:
    """Every event of the log counted once: the figures equal a rebuild from scratch, each
    table's tally counted each of its events, and the view's position is the log's end."""
    ids = [table.table_id for table in tables]
    rebuilt = MemoryStatsView()
    LogFollower(app, TableStatsProjection(rebuilt)).catch_up()
    assert analytics.view.rows(ids) == rebuilt.rows(ids)
    for table in tables:
        tally = analytics.view.rows([table.table_id])[table.table_id].tally
        version = app.read(table.table_id, lambda t: t.version)
        assert tally.count("events") == tally.version == version
    assert analytics.lag() == 0


def test_the_events_its_saves_hand_over_are_counted_without_reading_the_log(
    tmp_path: Path,
) -> None:
    """What came before the follower is read from the log; then its process's saves (an
    idempotency record among them) are folded from the hand-over alone."""
    app = _sqlite(tmp_path / "t.db")
    tables = [BenchTable.create(app) for _ in range(3)]
    pages = _log_reads(app)
    analytics, follower = _inline(app)
    assert sum(pages) == app.last_notification_id()
    pages.clear()
    for table in tables:
        table.play_test()
    app.execute(tables[0].table_id, MAYOR, CloseTable(), idempotency_key="close-the-first")
    assert follower.catch_up() > 0
    assert pages == []
    _counted_once(app, analytics, tables)
    assert analytics.view.rows([tables[0].table_id])[tables[0].table_id].closed_at is not None
    analytics.stop()
    app.close()


def test_a_save_handed_over_late_is_read_from_the_log_and_not_counted_again(
    tmp_path: Path,
) -> None:
    """A save whose hand-over comes after later saves' (another thread's): the follower reads
    that save alone from the log, folds the later ones handed over, and when the late
    hand-over arrives it counts nothing twice."""
    app = _sqlite(tmp_path / "t.db")
    tables = [BenchTable.create(app) for _ in range(2)]
    analytics, follower = _inline(app)
    hand_over = app.log_observers.pop()
    late: list[Sequence[Recording[Any]]] = []

    def first_one_late(recordings: Sequence[Recording[Any]]) -> None:
        if late:
            hand_over(recordings)
        else:
            late.append(recordings)

    app.log_observers.append(first_one_late)
    for table in tables:
        table.play_test()
    pages = _log_reads(app)
    follower.catch_up()
    assert sum(pages) == len(late[0])
    hand_over(late[0])
    assert follower.catch_up() == 0
    assert sum(pages) == len(late[0])
    _counted_once(app, analytics, tables)
    analytics.stop()
    app.close()


def test_another_writers_saves_are_read_from_the_log_between_those_handed_over(
    tmp_path: Path,
) -> None:
    """Another application on the same store (another process) hands nothing over: its
    saves, interleaved with this process's, are read from the log, and only they are."""
    app, other = _sqlite(tmp_path / "t.db"), _sqlite(tmp_path / "t.db")
    ours, theirs = BenchTable.create(app), BenchTable.create(other)
    analytics, follower = _inline(app)
    written: list[int] = []
    other.log_observers.append(lambda recordings: written.append(len(recordings)))
    pages = _log_reads(app)
    for _ in range(3):
        ours.play_test()
        theirs.play_test()
    follower.catch_up()
    assert sum(pages) == sum(written) > 0
    _counted_once(app, analytics, [ours, theirs])
    analytics.stop()
    other.close()
    app.close()


def test_a_restarted_follower_reads_from_the_log_what_was_saved_while_it_was_away(
    tmp_path: Path,
) -> None:
    """Stopped, the follower is handed nothing; a new one (the server restarted) reads what
    it missed from the log, from the view's position, then folds the new hand-overs."""
    app = _sqlite(tmp_path / "t.db")
    tables = [BenchTable.create(app) for _ in range(2)]
    analytics, _ = _inline(app)
    counted = analytics.view.max_tracking_id(app.name) or 0
    analytics.stop()
    for table in tables:
        table.play_test()
    missed = app.last_notification_id() - counted
    pages = _log_reads(app)
    analytics, follower = _inline(app)
    assert sum(pages) == missed > 0
    _counted_once(app, analytics, tables)
    pages.clear()
    tables[1].play_test()
    assert follower.catch_up() > 0
    assert pages == []
    _counted_once(app, analytics, tables)
    analytics.stop()
    app.close()


def test_beyond_what_it_keeps_the_follower_reads_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A follower that has not caught up for long (stopped, failing) keeps only so many
    events handed over (`MAX_HANDED`): the rest it reads from the log, counting each once."""
    monkeypatch.setattr(analytics_module, "MAX_HANDED", 5)
    app = _sqlite(tmp_path / "t.db")
    tables = [BenchTable.create(app) for _ in range(2)]
    analytics, follower = _inline(app)
    before = app.last_notification_id()
    for table in tables:
        table.play_test()
    pages = _log_reads(app)
    follower.catch_up()
    assert 0 < sum(pages) < app.last_notification_id() - before
    _counted_once(app, analytics, tables)
    analytics.stop()
    app.close()


def test_the_rows_a_projection_kept_are_read_again_once_another_driver_wrote_the_view(
    tmp_path: Path,
) -> None:
    """Two drivers of one view, in turns (a misconfiguration, or a restart's overlap): each
    reads back the rows the other wrote, rather than writing over them the rows it kept."""
    app = _sqlite(tmp_path / "t.db")
    tables = [BenchTable.create(app) for _ in range(2)]
    view = MemoryStatsView()
    first = LogFollower(app, TableStatsProjection(view))
    second = LogFollower(app, TableStatsProjection(view))
    for follower in (first, second, first):
        for table in tables:
            table.play_test()
        assert follower.catch_up() > 0
    ids = [table.table_id for table in tables]
    rebuilt = MemoryStatsView()
    LogFollower(app, TableStatsProjection(rebuilt)).catch_up()
    assert view.rows(ids) == rebuilt.rows(ids)
    app.close()
