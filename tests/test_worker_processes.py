"""Acceptance tests at the process level: real uvicorn workers on one PostgreSQL schema.

- A worker is killed with SIGKILL in the middle of a burst of commands from several clients;
  the clients fail over to the other worker with the same Idempotency-Key, and the killed
  worker comes back. Afterwards every acknowledged command is in its table's log exactly once,
  at the version it was acknowledged with; no command is half applied; every card of every
  table is in exactly one place at every version; and sending every command again, with its
  key, to either worker changes nothing and answers what the first acknowledgement said.
- Two clients race on the same table version (`If-Match`) through two worker processes:
  exactly one wins, the other gets 412, and the log holds exactly the winners.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, cast

import httpx
import pytest

from domain.application import Tables
from domain.frontera.events import TableStarted
from domain.table import SeatJoined, Table
from tests.api_helpers import seat_player
from tests.frontera_strategies import assert_conserved, expected_cards, fingerprint, replay
from tests.live_server import TLS
from tests.workers import SERVER_KEY_BYTES, Workers, workers

pytestmark = pytest.mark.postgres

CLIENTS = 6
#: commands the clients send before worker 0 is killed (and restarted at once), and after
BURST_COMMANDS = 4 * CLIENTS
#: the longest the burst may take to get that far, on the slowest machine
BURST_DEADLINE = 60.0
#: a table remembers its last 256 keys: stay well below, so every replay is a true replay
MAX_LOOPS = 60
#: how long a client keeps failing over before it gives up on a command
GIVE_UP_AFTER = 20.0
HERO = {
    "name": "Clementine",
    "traits": {"hands": 3, "senses": 3, "muscle": 3, "head": 3},
    "skills": ["aim", "agility", "cunning", "perception"],
}
#: the burst measures failures, not the per-credential rate limit
UNLIMITED = {"SALOON_COMMANDS_PER_SECOND": "0"}
#: event types each command of the loop has once in its group of events
EXPECTED_EVENTS = {
    "OpenTraitTest": {"TestOpened"},
    "Draw": {"CardsDrawn"},
    "Choose": {"CardsChosen", "CardsRevealed", "TestResolved"},
}


def bearer(credential: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {credential}"}


@pytest.fixture
def tables(postgres_env: dict[str, str]) -> Iterator[Tables]:
    """The workers' store, read in this process (the schema of `postgres_env`)."""
    app = Tables(postgres_env, server_key=SERVER_KEY_BYTES)
    try:
        yield app
    finally:
        app.close()


# -- the burst ------------------------------------------------------------------------------


@dataclass
class Sent:
    """One command a client sent with its key, and what came of each attempt."""

    key: str
    path: str
    body: dict[str, Any]
    headers: dict[str, str]
    command: str
    #: per attempt: the worker and "ack", an HTTP status, or the transport error's name
    attempts: list[tuple[int, str]] = field(default_factory=list)
    status: int | None = None
    answer: dict[str, Any] | None = None

    @property
    def interrupted(self) -> bool:
        return any(outcome not in ("ack", "429") for _, outcome in self.attempts)


@dataclass
class Client:
    """A player at a table of its own, driving trait tests as fast as the server answers."""

    index: int
    table_id: str
    mayor: dict[str, str]
    player: dict[str, str]
    character: str
    sent: list[Sent] = field(default_factory=list)
    failure: str | None = None

    def run(self, group: Workers, stop: threading.Event) -> None:
        clients = [
            httpx.Client(base_url=group.url(i), timeout=10, verify=TLS) for i in range(group.count)
        ]
        prefix = f"/tables/{self.table_id}"
        try:
            for _ in range(MAX_LOOPS):
                if stop.is_set():
                    return
                trait = {"character": self.character, "trait": "hands"}
                self.send(clients, f"{prefix}/tests/trait", trait, self.mayor, "OpenTraitTest")
                drawn = self.send(
                    clients,
                    f"{prefix}/tests/draw",
                    {"character": self.character},
                    self.player,
                    "Draw",
                )
                card = drawn["cards"][0]
                choice: dict[str, Any] = {"character": self.character, "cards": [card]}
                if "JK" in card:
                    choice["joker_suits"] = {card: "spades"}
                self.send(clients, f"{prefix}/tests/choose", choice, self.player, "Choose")
        except Exception as error:
            self.failure = f"client {self.index}: {error!r}"
        finally:
            for client in clients:
                client.close()

    def send(
        self,
        clients: list[httpx.Client],
        path: str,
        body: dict[str, Any],
        who: dict[str, str],
        command: str,
    ) -> dict[str, Any]:
        """POST with a fresh Idempotency-Key; on a dead worker or a 5xx, the same key to the
        next worker, until one acknowledges (a load balancer's retry)."""
        key = f"client{self.index}-{len(self.sent)}-{uuid.uuid4().hex[:8]}"
        sent = Sent(key, path, body, who | {"Idempotency-Key": key}, command)
        self.sent.append(sent)
        worker = (self.index + len(self.sent)) % len(clients)  # alternate between workers
        deadline = time.monotonic() + GIVE_UP_AFTER
        while time.monotonic() < deadline:
            try:
                response = clients[worker].post(path, json=body, headers=sent.headers)
            except httpx.TransportError as error:
                sent.attempts.append((worker, type(error).__name__))
            else:
                if response.status_code == 429:  # rate limited: the same key, a bit later
                    sent.attempts.append((worker, "429"))
                    time.sleep(0.2)
                    continue
                if response.status_code >= 500:
                    sent.attempts.append((worker, str(response.status_code)))
                else:
                    sent.attempts.append((worker, "ack"))
                    sent.status, sent.answer = response.status_code, response.json()
                    if not 200 <= response.status_code < 300:
                        raise AssertionError(f"{command} {key}: {response.text}")
                    return cast(dict[str, Any], response.json())
            worker = (worker + 1) % len(clients)
            time.sleep(0.02)
        raise AssertionError(f"{command} {key}: no worker acknowledged: {sent.attempts}")


def new_client(index: int, url: str) -> Client:
    with httpx.Client(base_url=url, timeout=10, verify=TLS) as http:
        key = {"Idempotency-Key": str(uuid.uuid4())}
        options = {"mode": "no_management"}
        table = http.post(
            "/tables",
            json={"title": f"Burst {index}", "mayor_name": "Ana", "options": options},
            headers=key,
        )
        assert table.status_code == 201, table.text
        table_id, mayor = table.json()["table_id"], bearer(table.json()["credential"])
        _, player = seat_player(http, table_id, mayor, "Judit")
        hero = http.post(f"/tables/{table_id}/characters", json=HERO, headers=player)
        assert hero.status_code == 201, hero.text
        started = http.post(f"/tables/{table_id}/start", headers=mayor)
        assert started.status_code == 200, started.text
        return Client(index, table_id, mayor, player, hero.json()["id"])


def check_log(app: Tables, client: Client) -> None:
    """Exactly once, all or nothing, in order, and every card in one place at every version."""
    table_id = uuid.UUID(client.table_id)
    events = list(app.table_events(table_id))
    versions = [e.originator_version for e in events]
    assert versions == list(range(1, len(events) + 1)), "the log has a gap"

    # every event after the start belongs to one keyed command: its record (saved in the
    # same transaction) names the version it ended on, and a command applied twice, or half,
    # would leave events that no record accounts for, or a group with a type twice
    started = next(i for i, e in enumerate(events) if isinstance(e, TableStarted))
    records = []
    for sent in client.sent:
        assert sent.answer is not None
        seat = "mayor" if sent.command == "OpenTraitTest" else "p1"
        record = app.recorded(table_id, seat, sent.key)
        assert record is not None, f"{sent.command} {sent.key} answered without its record"
        assert record.version == sent.answer["version"], sent
        if sent.command == "Draw":
            assert record.result == sent.answer["cards"]
        records.append((sent, record))
    ends = [record.version for _, record in records]
    assert ends == sorted(set(ends)), "the log is not the client's commands, once each, in order"
    assert ends[-1:] == versions[-1:], "events of a command without its record (half applied)"
    after = events[started].originator_version
    for sent, record in records:
        names = [type(e).__name__ for e in events[after : record.version]]
        for name in EXPECTED_EVENTS[sent.command]:
            assert names.count(name) == 1, f"{sent.command} {sent.key}: {names}"
        after = record.version

    # conservation at every version, and replay equals the table the store gives
    table: Table | None = None
    initial: Counter[str] | None = None
    for event in events:
        table = cast(Any, event).mutate(table)
        assert table is not None
        if isinstance(event, TableStarted):
            initial = expected_cards(table.options, sum(s.active for s in table.seats.values()))
            assert Counter(c for cards in event.zones.values() for c in cards) == initial
        if initial is not None:
            assert_conserved(cast(Any, table.game).zones, initial, table.version)
    assert fingerprint(app.read(table_id, lambda live: live)) == fingerprint(replay(events))


def _wait_until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + BURST_DEADLINE
    while not condition():
        assert time.monotonic() < deadline, "the burst did not get under way"
        time.sleep(0.02)


@pytest.mark.long
def test_kill_9_during_a_burst_loses_nothing_and_applies_nothing_twice(
    postgres_env: dict[str, str], tables: Tables
) -> None:
    with workers(2, postgres=postgres_env, env=UNLIMITED) as group:
        clients = [new_client(i, group.url(i % 2)) for i in range(CLIENTS)]
        stop = threading.Event()
        threads = [
            threading.Thread(target=client.run, args=(group, stop), daemon=True)
            for client in clients
        ]
        for thread in threads:
            thread.start()
        # kill once the burst is under way, and stop once as much again was sent after the
        # restart: counted in commands, not seconds, so a slow machine cannot miss the burst
        sent_so_far = lambda: sum(len(c.sent) for c in clients)  # noqa: E731
        _wait_until(lambda: sent_so_far() > BURST_COMMANDS)
        group.kill(0)
        killed_at = sent_so_far()
        group.restart(0)
        _wait_until(lambda: sent_so_far() > killed_at + BURST_COMMANDS)
        stop.set()
        for thread in threads:
            thread.join(timeout=GIVE_UP_AFTER + 10)
        assert not any(thread.is_alive() for thread in threads), "a client hangs"
        failures = [c.failure for c in clients if c.failure]
        assert not failures, f"{failures}\nworker 0:\n{group.stderr(0)[-3000:]}"

        sent = [one for client in clients for one in client.sent]
        interrupted = [one for one in sent if one.interrupted]
        after_kill = len(sent) - killed_at
        assert killed_at > CLIENTS and after_kill > CLIENTS, "the kill missed the burst"
        assert interrupted, "no command met the dead worker: the kill tested nothing"

        for client in clients:
            check_log(tables, client)
        before = {
            c.table_id: len(list(tables.table_events(uuid.UUID(c.table_id)))) for c in clients
        }

        # every command again, with its key, on both workers: the first answer, nothing new
        for index in range(group.count):
            with httpx.Client(base_url=group.url(index), timeout=10, verify=TLS) as http:
                for one in sent:
                    again = http.post(one.path, json=one.body, headers=one.headers)
                    assert (again.status_code, again.json()) == (one.status, one.answer), one
        for client in clients:
            events = list(tables.table_events(uuid.UUID(client.table_id)))
            assert len(events) == before[client.table_id], "a replayed key appended events"


# -- the race ------------------------------------------------------------------------------


def _at_once(requests: list[tuple[str, dict[str, Any], dict[str, str]]]) -> list[httpx.Response]:
    """POST each (url, body, headers) from its own thread, released together."""
    barrier = threading.Barrier(len(requests))
    answers: list[httpx.Response | BaseException | None] = [None] * len(requests)

    def post(index: int) -> None:
        url, body, headers = requests[index]
        with httpx.Client(timeout=10, verify=TLS) as http:
            http.get(url.split("/tables")[0] + "/health")  # a connection before the barrier
            barrier.wait()
            try:
                answers[index] = http.post(url, json=body, headers=headers)
            except BaseException as error:
                answers[index] = error

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(requests))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=20)
    for answer in answers:
        if not isinstance(answer, httpx.Response):
            raise AssertionError(f"a racer failed: {answer!r}")
    return cast(list[httpx.Response], answers)


@pytest.mark.long
def test_two_workers_racing_on_one_version_never_lose_an_update(
    postgres_env: dict[str, str], tables: Tables
) -> None:
    rounds = 8  # a seat a round, one more a keyed round and two at the end: 14 of the 16 allowed
    with workers(2, postgres=postgres_env, env=UNLIMITED) as group:
        created = httpx.post(
            f"{group.url(0)}/tables",
            json={"title": "Race", "mayor_name": "Ana", "options": {"mode": "no_management"}},
            verify=TLS,
        )
        assert created.status_code == 201, created.text
        table_id, mayor = created.json()["table_id"], bearer(created.json()["credential"])
        version = created.json()["version"]
        expected_seats: list[str] = []
        for round_ in range(rounds):
            keyed = round_ % 2 == 1  # with an Idempotency-Key: two events per seat, not one
            for index in range(group.count):  # both workers know the table at this version
                view = httpx.get(f"{group.url(index)}/tables/{table_id}", headers=mayor, verify=TLS)
                assert view.headers["etag"] == f'"{version}"', view.text
            names = [f"r{round_}w{index}" for index in range(group.count)]
            keys = [
                {"Idempotency-Key": f"{name}-{uuid.uuid4()}"} if keyed else {} for name in names
            ]
            answers = _at_once(
                [
                    (
                        f"{group.url(index)}/tables/{table_id}/seats",
                        {"name": names[index]},
                        mayor | {"If-Match": f'"{version}"'} | keys[index],
                    )
                    for index in range(group.count)
                ]
            )
            statuses = sorted(answer.status_code for answer in answers)
            assert statuses == [201, 412], [a.text for a in answers]
            winner = next(i for i, a in enumerate(answers) if a.status_code == 201)
            loser = 1 - winner
            assert answers[loser].json()["code"] == "stale_version"
            assert answers[winner].json()["version"] == version + 1
            version = answers[winner].json()["version"]
            expected_seats.append(names[winner])
            if keyed:  # a 412 consumed nothing: the loser's key still applies, once
                retry = httpx.post(
                    f"{group.url(loser)}/tables/{table_id}/seats",
                    json={"name": names[loser]},
                    headers=mayor | {"If-Match": f'"{version}"'} | keys[loser],
                    verify=TLS,
                )
                assert retry.status_code == 201, retry.text
                assert retry.json()["version"] == version + 1
                version = retry.json()["version"]
                expected_seats.append(names[loser])

        # without If-Match both commands are still valid: the server retries the loser
        names = ["free-a", "free-b"]
        answers = _at_once(
            [
                (f"{group.url(i)}/tables/{table_id}/seats", {"name": names[i]}, mayor)
                for i in range(group.count)
            ]
        )
        assert [a.status_code for a in answers] == [201, 201], [a.text for a in answers]
        got = sorted((a.json()["version"], names[i]) for i, a in enumerate(answers))
        assert [v for v, _ in got] == [version + 1, version + 2]
        expected_seats += [name for _, name in got]
        version += 2

        for index in range(group.count):
            view = httpx.get(f"{group.url(index)}/tables/{table_id}", headers=mayor, verify=TLS)
            assert view.json()["version"] == version

    events = list(tables.table_events(uuid.UUID(table_id)))
    assert [e.originator_version for e in events] == list(range(1, version + 1))
    joined = [e.seat.name for e in events if isinstance(e, SeatJoined)]
    assert joined == expected_seats
