"""A handler that fails with an unexpected (non-domain) exception after triggering an event,
in a group-committed batch or alone, or a save that fails: what its table, or any table of
the batch, had pending is never saved by a later command, so the store holds the events of
the commands reported as done, and only those."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from uuid import UUID

import msgspec
import pytest
from eventsourcing.persistence import OperationalError

from domain.application import CommandRequest, Outcome, Tables
from domain.commands import SHARED_HANDLERS
from domain.frontera import commands as cmd
from domain.frontera import recovery as rc
from domain.keys import TableKeys
from domain.table import Table
from tests.frontera_helpers import MAYOR, SERVER_KEY


class Explode(msgspec.Struct):
    """A command whose handler has a bug: it triggers an event, then fails."""

    minutes: int


class Bug(RuntimeError):
    pass


def explode(table: Table, actor: str, command: Explode, keys: TableKeys) -> None:
    rc.advance_time(table, actor, wait(command.minutes), keys)
    raise Bug("a handler failed after triggering an event")


def wait(minutes: int) -> rc.AdvanceTime:
    return rc.AdvanceTime(amount=minutes, unit="minutes", reason="waiting")


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Tables:
    monkeypatch.setitem(SHARED_HANDLERS, Explode, explode)
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "db")}
    return Tables(env, server_key=SERVER_KEY)


def started(app: Tables) -> UUID:
    table_id = app.create_table("frontera", "Bugs", "Ana", {"mode": "no_management"}).table_id
    app.execute(table_id, MAYOR, cmd.StartTable())
    return table_id


def stored_waits(app: Tables, table_id: UUID) -> list[int]:
    """The minutes of every TimeAdvanced the store holds for the table (read afresh)."""
    fresh = Tables(dict(app.env), server_key=SERVER_KEY)
    return [e.amount for e in fresh.table_events(table_id) if isinstance(e, rc.TimeAdvanced)]


def minutes(request: CommandRequest) -> int:
    command: Any = request.command
    return int(command.amount)


def test_a_batch_where_a_handler_fails_saves_only_what_was_reported_done(app: Tables) -> None:
    one, other = started(app), started(app)
    batch = [
        CommandRequest(one, MAYOR, wait(1)),  # another table of the batch, judged first
        CommandRequest(other, MAYOR, wait(2)),  # the failing command's table, judged first
        CommandRequest(other, MAYOR, Explode(minutes=3)),
        CommandRequest(other, MAYOR, wait(4)),  # after it in the batch
    ]
    try:
        results: list[Any] = list(app.execute_all(batch))
    except Bug:
        results = [None] * len(batch)  # the whole batch reported failed
    done = [r for r, result in zip(batch, results, strict=True) if isinstance(result, Outcome)]

    app.execute(one, MAYOR, wait(10))  # later commands, each saving its table
    app.execute(other, MAYOR, wait(20))

    assert stored_waits(app, one) == [minutes(r) for r in done if r.table_id == one] + [10]
    assert stored_waits(app, other) == [minutes(r) for r in done if r.table_id == other] + [20]
    # only the failing command failed: the others were run again alone and are done
    assert isinstance(results[2], Bug)
    assert [minutes(r) for r in done] == [1, 2, 4]
    assert 3 not in stored_waits(app, other)


def test_a_handler_that_fails_alone_leaves_nothing_for_the_next_save(app: Tables) -> None:
    table_id = started(app)
    with pytest.raises(Bug):
        app.execute(table_id, MAYOR, Explode(minutes=3))
    assert app.execute(table_id, MAYOR, wait(5)).version == 3
    assert stored_waits(app, table_id) == [5]


def test_a_command_whose_save_fails_alone_leaves_nothing_for_the_next_save(
    app: Tables, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id = started(app)

    def unreachable(*args: Any, **kwargs: Any) -> Any:
        raise OperationalError("the store went away")

    with monkeypatch.context() as store_down:
        store_down.setattr(app.recorder, "insert_events", unreachable)
        with pytest.raises(OperationalError):
            app.execute(table_id, MAYOR, wait(3))
    assert app.execute(table_id, MAYOR, wait(5)) == Outcome(result=5 * 60, version=3)
    assert stored_waits(app, table_id) == [5]
