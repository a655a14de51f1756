"""Storage: tables survive a restart, snapshots, past versions, and two processes at once.

Tables here are "no_management" Frontera tables played by a loop of trait tests (the
Mayor opens one, the player draws and plays the first drawn card), about eight events a
test, so a few dozen tests cross the snapshots taken every SNAPSHOT_INTERVAL events.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast
from uuid import UUID

import pytest
from eventsourcing.application import project_aggregate

from domain.application import SNAPSHOT_INTERVAL, CommandRequest, Outcome, Tables
from domain.commands import AddSeat
from domain.frontera import commands as cmd
from domain.frontera.cards import Suit
from domain.frontera.character import Trait
from domain.table import Table
from tests.frontera_helpers import MAYOR, SERVER_KEY, Session, new_session, protagonist

#: the most events one command of the play loop appends (a choice: chosen, revealed,
#: resolved, the cards moved, the deck reshuffled)
EVENTS_PER_COMMAND = 8
CLEMENTINE = protagonist(
    "Clementine",
    {"hands": 2, "senses": 4, "muscle": 3, "head": 3},
    ["aim", "agility", "cunning", "perception"],
)


# -- helpers -----------------------------------------------------------------------------


class FrequentSnapshots(Tables):
    """Snapshots every 10 events, one kept per 40 versions: pruning shows on a short table."""

    snapshotting_intervals = {Table: 10}
    rewind_checkpoint = 40


@contextmanager
def open_tables(env: Mapping[str, str], kind: type[Tables] = Tables) -> Iterator[Tables]:
    """An application on the given store, closed afterwards (as a process would on exit)."""
    app = kind(dict(env), server_key=SERVER_KEY)
    try:
        yield app
    finally:
        app.close()


def state_of(table: Table) -> dict[str, Any]:
    """Everything a table holds, copied: id, version, timestamps, seats, game state.

    Compared with ==, so a list that came back as a tuple (or any type change a JSON
    round trip could cause) counts as a difference.
    """
    return copy.deepcopy({k: v for k, v in vars(table).items() if k != "_pending_events"})


@dataclass
class Play:
    """A started no-management table with one player and one protagonist."""

    session: Session
    seat: str
    character: str

    @property
    def table_id(self) -> UUID:
        return self.session.table_id

    def on(self, app: Tables) -> Play:
        """The same table, driven through another application (another process)."""
        return Play(
            Session(app, self.table_id, dict(self.session.seats)), self.seat, self.character
        )

    def open_command(self) -> cmd.OpenTraitTest:
        return cmd.OpenTraitTest(character=self.character, trait=Trait.HANDS)

    def draw_command(self) -> cmd.Draw:
        return cmd.Draw(character=self.character)

    def choose_command(self, drawn: list[str]) -> cmd.Choose:
        played = drawn[0]
        suits = {played: Suit.SPADES} if "JK" in played else {}
        return cmd.Choose(character=self.character, cards=[played], joker_suits=suits)

    def request(self, actor: str, command: Any) -> CommandRequest:
        """The command as a client sends it, to run in a batch (`Tables.execute_all`)."""
        return CommandRequest(self.table_id, actor, command)

    def open_test(self) -> Outcome:
        return self.session.run(MAYOR, self.open_command())

    def draw(self) -> Outcome:
        return self.session.run(self.seat, self.draw_command())

    def choose(self, drawn: list[str]) -> Outcome:
        return self.session.run(self.seat, self.choose_command(drawn))

    def play_test(self) -> list[Outcome]:
        """One whole trait test: open, draw, choose (which reveals and resolves)."""
        opened = self.open_test()
        drawn = self.draw()
        return [opened, drawn, self.choose(drawn.result)]

    def play_until(self, version: int) -> None:
        while self.session.version < version:
            self.play_test()


def start_playing(app: Tables) -> Play:
    session = new_session(app, players=("Judit",), mode="no_management")
    seat = session.seats["Judit"]
    character = session.run(seat, CLEMENTINE).result
    session.run(MAYOR, cmd.StartTable())
    return Play(session, seat, character)


def replay(events: Iterable[Any]) -> Table:
    """The table made from these events alone, with no snapshot."""
    table = project_aggregate(None, events)
    assert isinstance(table, Table)
    return table


def assert_log_whole(app: Tables, table_id: UUID) -> int:
    """The table's events are versions 1..N, each once, and the application's log holds
    each of them exactly once, in increasing positions. Returns N."""
    versions = [event.originator_version for event in app.table_events(table_id)]
    count = len(versions)
    assert versions == list(range(1, count + 1))
    notifications = app.recorder.select_notifications(start=1, limit=count + 100)
    ids = [notification.id for notification in notifications]
    assert ids == sorted(set(ids)), "log positions repeat or go backwards"
    keys = [(n.originator_id, n.originator_version) for n in notifications]
    assert len(keys) == len(set(keys)), "an event is in the log twice"
    assert sorted(v for o, v in keys if o == table_id) == list(range(1, count + 1))
    return count


def assert_pruned(kept: list[int], version: int) -> None:
    """The snapshot versions a table at `version` keeps (`FrequentSnapshots`): the latest,
    and before it the first of every span of 40 versions, so a rewind to any version starts
    at most a span and an interval back."""
    assert version - kept[-1] < 10 + EVENTS_PER_COMMAND
    spans = [v // 40 for v in kept[:-1]]
    assert spans == list(range(kept[-1] // 40 + 1)) or spans == list(range(kept[-1] // 40))


# -- stores ------------------------------------------------------------------------------


def sqlite_env(path: Path) -> dict[str, str]:
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": str(path),
        "SQLITE_LOCK_TIMEOUT": "10",
    }


@pytest.fixture
def sqlite_file(tmp_path: Path) -> dict[str, str]:
    return sqlite_env(tmp_path / "tables.sqlite3")


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> dict[str, str]:
    """Each durable store: a SQLite file, and a schema of its own on the local PostgreSQL."""
    if request.param == "postgres":
        env: dict[str, str] = request.getfixturevalue("postgres_env")
        return env
    return sqlite_env(tmp_path / "tables.sqlite3")


# -- (a, d) a new process reads back what another wrote ------------------------------------


def test_a_played_table_reads_back_identically_in_a_new_application(
    store: dict[str, str],
) -> None:
    with open_tables(store) as app:
        play = start_playing(app)
        play.play_until(SNAPSHOT_INTERVAL + 30)  # past a snapshot, with events after it
        written = app.read(play.table_id, state_of)
    with open_tables(store) as app:
        read = app.read(play.table_id, state_of)
        assert read == written
        assert read["_version"] == assert_log_whole(app, play.table_id)
        # and the table goes on from where it was
        play = play.on(app)
        before = play.session.version
        assert [outcome.version > before for outcome in play.play_test()] == [True] * 3


# -- (b) snapshots -------------------------------------------------------------------------


def test_snapshots_are_taken_every_interval_and_load_as_a_full_replay_does(
    sqlite_file: dict[str, str],
) -> None:
    with open_tables(sqlite_file) as app:
        play = start_playing(app)
        play.play_until(2 * SNAPSHOT_INTERVAL + 30)
        assert app.snapshots is not None
        snapshots = list(app.snapshots.get(play.table_id))
        # one snapshot per interval, taken by the command whose events crossed it
        assert [s.originator_version // SNAPSHOT_INTERVAL for s in snapshots] == list(
            range(1, len(snapshots) + 1)
        )
        version = app.read(play.table_id, lambda table: table.version)
        assert len(snapshots) == version // SNAPSHOT_INTERVAL
        for snapshot in snapshots:
            from_snapshot = replay([snapshot])
            replayed = replay(app.events.get(play.table_id, lte=snapshot.originator_version))
            assert state_of(from_snapshot) == state_of(replayed)
        live = app.read(play.table_id, state_of)
    with open_tables({**sqlite_file, "AGGREGATE_CACHE_MAXSIZE": ""}) as app:
        assert app.repository.cache is None
        loaded: Table = app.repository.get(play.table_id)  # the last snapshot + the events after
        replayed = replay(app.events.get(play.table_id))
        assert state_of(loaded) == state_of(replayed) == live


def test_only_the_latest_snapshot_and_the_first_of_each_checkpoint_span_are_kept(
    store: dict[str, str],
) -> None:
    with open_tables(store, FrequentSnapshots) as app:
        play = start_playing(app)
        play.play_until(200)
        assert app.snapshots is not None
        kept = [s.originator_version for s in app.snapshots.get(play.table_id)]
        version = play.session.version
        assert_pruned(kept, version)  # about 20 were taken
        # so a rewind to any version starts at most a span and an interval back
        for past in range(1, version + 1):
            start = max((v for v in kept if v <= past), default=0)
            assert past - start < 40 + 10 + EVENTS_PER_COMMAND
        # and each kept snapshot is the table as a full replay makes it
        for snapshot in app.snapshots.get(play.table_id):
            replayed = replay(app.events.get(play.table_id, lte=snapshot.originator_version))
            assert state_of(replay([snapshot])) == state_of(replayed)


def test_tables_snapshotted_by_one_batch_are_each_pruned_as_alone(store: dict[str, str]) -> None:
    """Tables played at one pace cross each interval in the same batch, whose snapshots are
    pruned together (one statement on PostgreSQL): each keeps what it would alone. One table
    is a version ahead, so that the tables' snapshots stand at different versions."""
    with open_tables(store, FrequentSnapshots) as app:
        plays = [start_playing(app) for _ in range(3)]
        plays[0].session.run(MAYOR, AddSeat(name="Latecomer"))

        def together(*requests: CommandRequest) -> list[Outcome]:
            outcomes = app.execute_all(requests)
            assert all(isinstance(outcome, Outcome) for outcome in outcomes), outcomes
            return cast(list[Outcome], outcomes)

        while plays[-1].session.version < 230:  # the latest snapshot not first of its span
            together(*(play.request(MAYOR, play.open_command()) for play in plays))
            drawn = together(*(play.request(play.seat, play.draw_command()) for play in plays))
            together(
                *(
                    play.request(play.seat, play.choose_command(cards.result))
                    for play, cards in zip(plays, drawn, strict=True)
                )
            )
        assert app.snapshots is not None
        for play in plays:
            kept = [s.originator_version for s in app.snapshots.get(play.table_id)]
            assert_pruned(kept, play.session.version)


# -- (c) the table as it was -----------------------------------------------------------------


def test_a_past_version_reads_as_the_table_was_observed_at_that_version(
    store: dict[str, str],
) -> None:
    """Also once most snapshots are pruned: a rewind starts from an older one and replays."""
    observed: dict[int, dict[str, Any]] = {}
    with open_tables(store, FrequentSnapshots) as app:
        play = start_playing(app)
        observed[play.session.version] = app.read(play.table_id, state_of)

        def observe(outcome: Outcome) -> Outcome:
            observed[outcome.version] = app.read(play.table_id, state_of)
            return outcome

        while play.session.version < 2 * SNAPSHOT_INTERVAL + 30:
            observe(play.open_test())
            observe(play.choose(observe(play.draw()).result))
        for version, state in observed.items():
            assert app.read(play.table_id, state_of, version=version) == state
        assert app.snapshots is not None
        kept = len(list(app.snapshots.get(play.table_id)))
    with open_tables(store, FrequentSnapshots) as app:
        for version, state in observed.items():
            assert app.read(play.table_id, state_of, version=version) == state
    assert max(observed) > 2 * SNAPSHOT_INTERVAL  # later versions load from snapshots
    assert kept < max(observed) // 10 // 2  # most of the snapshots taken were pruned


# -- (e) two processes on one table -------------------------------------------------------------


def test_two_applications_alternating_commands_on_one_table_both_succeed(
    store: dict[str, str],
) -> None:
    with open_tables(store) as first, open_tables(store) as second:
        plays = [start_playing(first)]
        plays.append(plays[0].on(second))
        for turn in range(12):  # every command goes through the other application
            opened = plays[turn % 2].open_test()
            drawn = plays[(turn + 1) % 2].draw()
            chosen = plays[(turn + 2) % 2].choose(drawn.result)
            assert opened.version < drawn.version < chosen.version
        states = [app.read(plays[0].table_id, state_of) for app in (first, second)]
        assert states[0] == states[1]
        for app in (first, second):
            assert assert_log_whole(app, plays[0].table_id) == states[0]["_version"]


def test_a_stale_cache_loses_the_race_and_the_command_is_retried_on_fresh_state(
    store: dict[str, str],
) -> None:
    # without fast-forwarding, the second application's cached table is stale after every
    # write of the first: its save then fails (IntegrityError), and the command is run again
    # on the table reloaded from the store
    with (
        open_tables(store) as first,
        open_tables({**store, "AGGREGATE_CACHE_FASTFORWARD": "n"}) as second,
    ):
        table_id = start_playing(first).table_id
        second.read(table_id, state_of)  # now in the second application's cache
        seat_ids = []
        for index in range(6):
            for app in (first, second):
                seat = AddSeat(name=f"Player {index}")
                seat_ids.append(app.execute(table_id, MAYOR, seat).result)
        assert seat_ids == [f"p{n}" for n in range(2, 14)]  # p1 is Judit
        version = assert_log_whole(first, table_id)
        assert second.read(table_id, state_of) == first.read(table_id, state_of)
        assert second.read(table_id, state_of)["_version"] == version
