"""Operations: liveness and readiness, the Prometheus metrics, the JSON log lines, and a
PostgreSQL that goes away under a running server (503 + Retry-After, nothing written)."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager, suppress
from typing import Any

import httpx
import pytest
import redis.asyncio
from litestar.testing import TestClient
from prometheus_client.parser import text_string_to_metric_families
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from domain.application import CommandRequest, Tables
from domain.commands import AddSeat
from service.app import create_app
from service.batcher import CommandBatcher
from service.logs import LOGGER, JsonFormatter
from service.prepare import prepare
from service.problems import STORE_ERRORS, StoreDown
from service.settings import Settings
from tests.api_helpers import api_client, bearer, ok
from tests.frontera_helpers import in_memory_tables
from tests.live_server import TLS, free_port, serving
from tests.test_api_protocol import assert_problem, event_count, new_table, seat
from tests.test_limits import open_stream

# -- health ----------------------------------------------------------------------------------


def test_liveness_answers_at_health_live_and_its_alias() -> None:
    with api_client() as client:
        for path in ("/health/live", "/health"):
            assert ok(client.get(path)) == {"status": "ok"}


def test_readiness_checks_the_store_and_skips_an_absent_redis() -> None:
    with api_client() as client:
        assert ok(client.get("/health/ready")) == {
            "status": "ready",
            "checks": {"store": "ok", "redis": "skipped"},
        }


@pytest.mark.redis
def test_readiness_pings_redis_when_the_app_has_a_client(redis_url: str) -> None:
    app = create_app(Settings(), tables=in_memory_tables())
    with TestClient(app) as client:
        app.state.redis = redis.asyncio.Redis.from_url(redis_url)
        assert ok(client.get("/health/ready"))["checks"] == {"store": "ok", "redis": "ok"}

        # a Redis that is not there (no retries: the default ones outlast the check's timeout)
        app.state.redis = redis.asyncio.Redis(port=free_port(), retry=Retry(NoBackoff(), 0))
        refused = client.get("/health/ready")
        body = assert_problem(refused, 503, "not_ready")
        assert body["type"] == "/problems/not_ready"
        assert "redis: unavailable" in body["detail"] and "store" not in body["detail"]
        assert refused.headers["retry-after"] == "5"


# -- metrics ---------------------------------------------------------------------------------


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def scrape(
    http: Any, headers: dict[str, str] | None = None
) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    response = http.get("/metrics", headers=headers)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    return samples(response.text)


def commands(found: dict[Any, float], command: str, outcome: str) -> float:
    key = ("saloon_commands_total", (("command", command), ("outcome", outcome)))
    return found.get(key, 0.0)


def test_metrics_count_commands_by_type_and_outcome_with_their_latency() -> None:
    with api_client() as client, api_client() as other_app:
        table, mayor = new_table(client)
        player = seat(client, table, mayor)
        seat(client, table, mayor, "Eva")
        assert_problem(client.post(f"/tables/{table}/start", headers=player), 403)
        assert_problem(client.post(f"/tables/{table}/start", headers=bearer("x.y")), 401)
        for _ in range(3):  # reads are not commands
            ok(client.get(f"/tables/{table}", headers=mayor))

        found = scrape(client)
        assert commands(found, "CreateTable", "ok") == 1
        assert commands(found, "AddSeat", "ok") == 2
        assert commands(found, "StartTable", "not_game_master") == 1
        assert commands(found, "StartTable", "invalid_credential") == 1
        assert not [key for key in found if key[0] == "saloon_commands_total" and "View" in key]
        count = ("saloon_command_duration_seconds_count", (("command", "AddSeat"),))
        assert found[count] == 2
        assert found[("saloon_command_duration_seconds_sum", (("command", "AddSeat"),))] > 0
        assert found[("saloon_open_streams", ())] == 0
        # each app has a registry of its own
        assert commands(scrape(other_app), "AddSeat", "ok") == 0


OPERATOR_TOKEN = "the-operators-token-for-metrics-0123456789"


def test_with_an_operator_token_the_metrics_answer_the_operator_alone() -> None:
    settings = Settings(operator_token=OPERATOR_TOKEN)
    with (
        serving(create_app(settings, tables=in_memory_tables())) as url,
        httpx.Client(base_url=url, timeout=5, verify=TLS) as http,
    ):
        table, mayor = new_table(http)
        for headers in ({}, mayor, bearer("not-the-token"), bearer(OPERATOR_TOKEN + "x")):
            refused = http.get("/metrics", headers=headers)
            assert_problem(refused, 401, "invalid_operator_token")
            assert refused.headers["www-authenticate"].startswith("Bearer")
            assert "saloon_commands" not in refused.text
        found = scrape(http, bearer(OPERATOR_TOKEN))
        assert commands(found, "CreateTable", "ok") == 1
        assert http.get(f"/tables/{table}", headers=bearer(OPERATOR_TOKEN)).status_code == 401


def test_without_an_operator_token_the_metrics_are_open() -> None:
    with (
        serving(create_app(Settings(), tables=in_memory_tables())) as url,
        httpx.Client(base_url=url, timeout=5, verify=TLS) as http,
    ):
        new_table(http)
        assert commands(scrape(http), "CreateTable", "ok") == 1
        assert commands(scrape(http, bearer("anything")), "CreateTable", "ok") == 1


def test_the_open_streams_gauge_follows_the_streams() -> None:
    with (
        serving(create_app(Settings(), tables=in_memory_tables())) as url,
        httpx.Client(base_url=url, timeout=5, verify=TLS) as http,
    ):
        table, mayor = new_table(http)
        player = seat(http, table, mayor)
        with ExitStack() as stack:
            open_stream(stack, http, f"/tables/{table}/stream", player)
            open_stream(stack, http, f"/tables/{table}/stream", mayor)
            assert scrape(http)[("saloon_open_streams", ())] == 2
        deadline = time.monotonic() + 5
        while scrape(http)[("saloon_open_streams", ())] != 0:
            assert time.monotonic() < deadline, "closed streams are still counted"
            time.sleep(0.05)


# -- logs ------------------------------------------------------------------------------------


@contextmanager
def log_lines() -> Iterator[list[dict[str, Any]]]:
    """The service's log records of the block, as the JSON formatter writes them."""
    lines: list[dict[str, Any]] = []
    buffer = io.StringIO()
    handler = logging.StreamHandler(buffer)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger(LOGGER)
    logger.addHandler(handler)
    try:
        yield lines
    finally:
        logger.removeHandler(handler)
        lines.extend(json.loads(line) for line in buffer.getvalue().splitlines())


def test_one_json_line_per_command_without_secrets() -> None:
    with api_client() as client, log_lines() as lines:
        table, mayor = new_table(client, mode="no_management", scripted_order=["d0:3C"])
        credential = mayor["Authorization"].removeprefix("Bearer ")
        player = seat(client, table, mayor)
        assert_problem(client.post(f"/tables/{table}/start", headers=player), 403)
        ok(client.get(f"/tables/{table}", headers=mayor))  # a read: no line
        assert_problem(client.get(f"/tables/{table}", headers=bearer("x.y")), 401)

    command_lines = [line for line in lines if line["event"] == "command"]
    assert [(line["command"], line["status"], line["outcome"]) for line in command_lines] == [
        ("CreateTable", 201, "ok"),
        ("AddSeat", 201, "ok"),
        ("ClaimSeat", 201, "ok"),
        ("StartTable", 403, "not_game_master"),
    ]
    added, refused = command_lines[1], command_lines[3]
    assert added["table"] == table and added["seat"] == "mayor"
    assert refused["seat"] == "p1"
    assert all(isinstance(line["latency_ms"], float) for line in command_lines)
    assert {"time", "level", "logger"} <= set(added)
    errors = [line for line in lines if line["event"] == "error"]
    assert [(line["method"], line["status"], line["outcome"]) for line in errors] == [
        ("GET", 401, "invalid_credential")
    ]
    text = json.dumps(lines)
    for secret in (credential, player["Authorization"].removeprefix("Bearer ")):
        assert secret not in text and secret.rpartition(".")[2] not in text
    assert "d0:3C" not in text


def test_the_app_logs_json_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    with api_client() as client:
        new_table(client)
    err = capsys.readouterr().err
    lines = [json.loads(line) for line in err.splitlines() if line.startswith('{"time"')]
    assert any(line["event"] == "command" and line["command"] == "CreateTable" for line in lines)


# -- PostgreSQL unreachable ------------------------------------------------------------------


class TcpProxy:
    """A TCP relay to a local port that can be cut: then nothing listens on its port and
    every connection through it is dropped, as when the database host goes away."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self.listener.getsockname()[1]
        self.sockets: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target_port))
            with self.lock:
                self.sockets += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                with suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        with suppress(OSError):
            self.listener.shutdown(socket.SHUT_RDWR)  # wakes the accepting thread
        self.listener.close()
        with self.lock:
            for end in self.sockets:
                with suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
                end.close()


@pytest.mark.postgres
def test_an_unreachable_postgresql_is_503_with_retry_after_and_writes_nothing(
    postgres_env: dict[str, str],
) -> None:
    proxy = TcpProxy(int(postgres_env["POSTGRES_PORT"]))
    settings = Settings(
        postgres_db=postgres_env["POSTGRES_DBNAME"],
        postgres_host=postgres_env["POSTGRES_HOST"],
        postgres_port=proxy.port,
        postgres_user=postgres_env["POSTGRES_USER"],
        postgres_password=postgres_env["POSTGRES_PASSWORD"],
        postgres_schema=postgres_env["POSTGRES_SCHEMA"],
        postgres_connect_timeout=1,
        secret_key_hex="ab" * 32,
    )
    prepare(settings)  # the store's tables, as before any deployment's workers
    app = create_app(settings)
    tables: Tables = app.state.tables
    # eventsourcing retries a store call 10 times, each waiting for a connection as long as
    # POSTGRES_CONNECT_TIMEOUT (whole seconds); a twentieth of a second keeps this test short
    tables.recorder.datastore.pool.timeout = 0.05  # type: ignore[attr-defined]
    try:
        with TestClient(app) as client:
            table, mayor = new_table(client)
            player = seat(client, table, mayor)
            count = event_count(client, table, player)
            ok(client.get("/health/ready"))

            proxy.cut()
            key = {"Idempotency-Key": "seat-eva-1"}
            refused = client.post(
                f"/tables/{table}/seats", json={"name": "Eva"}, headers=mayor | key
            )
            body = assert_problem(refused, 503, "store_unavailable")
            assert body["type"] == "/problems/store_unavailable"
            assert int(refused.headers["retry-after"]) > 0
            not_ready = client.get("/health/ready")
            assert "store: unavailable" in assert_problem(not_ready, 503, "not_ready")["detail"]
            # the breaker is open: the next command fails fast, without trying the store
            fast = client.post(f"/tables/{table}/seats", json={"name": "Fay"}, headers=mayor)
            assert "failed moments ago" in assert_problem(fast, 503, "store_unavailable")["detail"]
    finally:
        tables.close()

    # the real store, reached directly: nothing of the refused command was written
    direct = Tables(postgres_env, server_key=bytes.fromhex("ab" * 32))
    try:
        with TestClient(create_app(tables=direct)) as good:
            assert event_count(good, table, player) == count
            seats = ok(good.get(f"/tables/{table}", headers=mayor))["seats"]
            assert [s["id"] for s in seats] == ["mayor", "p1"]
            # the retry with the same key is applied, once, now that the store answers
            for _ in range(2):
                again = good.post(
                    f"/tables/{table}/seats", json={"name": "Eva"}, headers=mayor | key
                )
                assert ok(again, 201)["seat"] == "p2"
            seats = ok(good.get(f"/tables/{table}", headers=mayor))["seats"]
            assert [s["id"] for s in seats] == ["mayor", "p1", "p2"]
    finally:
        direct.close()


@pytest.mark.postgres
def test_the_command_thread_fails_fast_after_a_store_failure_then_tries_again(
    postgres_env: dict[str, str],
) -> None:
    proxy = TcpProxy(int(postgres_env["POSTGRES_PORT"]))
    tables = Tables({**postgres_env, "POSTGRES_PORT": str(proxy.port)}, server_key=bytes(32))
    tables.recorder.datastore.pool.timeout = 0.05  # type: ignore[attr-defined]
    batcher = CommandBatcher(tables, cooldown=0.5)
    batcher.start()
    try:
        table_id = tables.create_table("frontera", "T", "M", {}).table_id
        proxy.cut()
        command = CommandRequest(table_id, "mayor", AddSeat(name="Eva"), None, None)

        def attempt() -> BaseException:
            # a loop of its own on a thread of its own: a browser test before this one on the
            # same worker leaves playwright's loop running on the main thread
            with ThreadPoolExecutor(1) as thread, pytest.raises(STORE_ERRORS) as caught:
                thread.submit(asyncio.run, batcher.run(command)).result()
            return caught.value

        assert not isinstance(attempt(), StoreDown)  # the store was tried, and failed
        assert batcher.store_down and isinstance(attempt(), StoreDown)  # failing fast
        time.sleep(0.6)
        assert not batcher.store_down
        assert not isinstance(attempt(), StoreDown)  # tried again after the cool-down
    finally:
        batcher.stop()
        tables.close()
