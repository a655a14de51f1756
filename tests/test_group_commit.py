"""Group commit: several commands saved in one transaction give what one-by-one would.

Commands of one batch are concurrent: their results match some serial order of them (a
rejected command is judged again alone after the batch, in case its table had moved).
"""

from __future__ import annotations

from pathlib import Path
from uuid import UUID

from domain.application import CommandRequest, Outcome, Tables
from domain.commands import AddSeat
from domain.errors import DomainError
from domain.frontera import commands as cmd
from domain.frontera.character import Trait
from tests.frontera_helpers import MAYOR, SERVER_KEY, protagonist

HERO = protagonist(
    "Hero",
    {"hands": 3, "senses": 3, "muscle": 3, "head": 3},
    ["aim", "agility", "cunning", "perception"],
)


def _sqlite(path: Path) -> dict[str, str]:
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)}


def _table(app: Tables) -> tuple[UUID, str, str]:
    table_id = app.create_table("frontera", "Batch", "Ana", {"mode": "no_management"}).table_id
    seat = app.execute(table_id, MAYOR, AddSeat(name="Ann")).result
    hero = app.execute(table_id, seat, HERO).result
    app.execute(table_id, MAYOR, cmd.StartTable())
    return table_id, seat, hero


def _open(table_id: UUID, hero: str) -> CommandRequest:
    return CommandRequest(table_id, MAYOR, cmd.OpenTraitTest(character=hero, trait=Trait.HANDS))


def test_a_batch_over_several_tables_is_one_write_with_each_commands_result(tmp_path: Path) -> None:
    app = Tables(_sqlite(tmp_path / "t.sqlite3"), server_key=SERVER_KEY)
    tables = [_table(app) for _ in range(3)]
    before = app.recorder.max_notification_id() or 0
    results = app.execute_all(
        [_open(t, hero) for t, _, hero in tables]
        + [CommandRequest(t, seat, cmd.Draw(character=hero)) for t, seat, hero in tables]
    )
    assert all(isinstance(r, Outcome) for r in results)
    opened, drawn = results[:3], results[3:]
    assert [r.result for r in opened if isinstance(r, Outcome)] == [1, 1, 1]
    for (table_id, _, hero), outcome in zip(tables, drawn, strict=True):
        assert isinstance(outcome, Outcome)
        table = app.read(table_id, lambda table: table)
        assert outcome.result == table.game.zones[f"hand:{hero}"]
        assert outcome.version == table.version
    written = list(app.recorder.select_notifications(start=before + 1, limit=100))
    assert {n.originator_id for n in written} == {t for t, _, _ in tables}
    fresh = Tables(_sqlite(tmp_path / "t.sqlite3"), server_key=SERVER_KEY)
    for table_id, _, _ in tables:  # what was answered is what was stored
        assert fresh.read(table_id, lambda t: t.version) == app.read(table_id, lambda t: t.version)


def test_a_rejected_command_in_a_batch_fails_alone(tmp_path: Path) -> None:
    app = Tables(_sqlite(tmp_path / "t.sqlite3"), server_key=SERVER_KEY)
    table_id, seat, hero = _table(app)
    results = app.execute_all(
        [
            CommandRequest(table_id, seat, protagonist("Weak", {"hands": 1}, [])),
            _open(table_id, hero),
            CommandRequest(table_id, "p9", cmd.Draw(character=hero)),  # not a seat here
            CommandRequest(table_id, seat, cmd.Draw(character=hero)),
        ]
    )
    assert isinstance(results[0], DomainError) and results[0].code == "invalid_character"
    assert isinstance(results[1], Outcome) and isinstance(results[3], Outcome)
    assert isinstance(results[2], DomainError) and results[2].code == "not_seated"
    assert app.read(table_id, lambda t: t.version) == results[3].version


def test_a_batch_over_a_table_another_process_moved_is_run_again_on_fresh_state(
    tmp_path: Path,
) -> None:
    env = _sqlite(tmp_path / "t.sqlite3")
    stale, other = Tables(env, server_key=SERVER_KEY), Tables(env, server_key=SERVER_KEY)
    table_id, seat, hero = _table(stale)
    other.execute(table_id, MAYOR, cmd.OpenTraitTest(character=hero, trait=Trait.HEAD))
    drawn, opened_again = stale.execute_all(
        [CommandRequest(table_id, seat, cmd.Draw(character=hero)), _open(table_id, hero)]
    )
    assert isinstance(drawn, Outcome) and drawn.result  # judged on the test `other` opened
    assert isinstance(opened_again, DomainError) and opened_again.code == "test_in_progress"
    events = list(stale.table_events(table_id))
    assert [e.originator_version for e in events] == list(range(1, len(events) + 1))


def test_a_key_sent_twice_in_one_batch_applies_once(tmp_path: Path) -> None:
    app = Tables(_sqlite(tmp_path / "t.sqlite3"), server_key=SERVER_KEY)
    table_id, _, hero = _table(app)
    request = CommandRequest(
        table_id, MAYOR, cmd.OpenTraitTest(character=hero, trait=Trait.HANDS), "once"
    )
    first, again = app.execute_all([request, request])
    assert first == again
    assert app.read(table_id, lambda t: t.game.tests_opened) == 1
