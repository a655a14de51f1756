"""`make run-prod` as an operator runs it (`service.deploy`): the workers serve behind HAProxy,
which keeps every seat of a table on one worker, and the analytics projection runs as a
process of its own beside them, so a closed table reaches the operator's figures and the read
model's lag returns to zero; stopping `make` stops the projection too."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from service.deploy import can_listen
from tests.api_helpers import ok, seat_player
from tests.live_server import TLS, free_port
from tests.sse_reader import SseReader

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "run-prod-operator-token-0123456789"


def _until(check: Callable[[], bool], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise AssertionError("timed out")


def _parent(pid: int) -> int:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0
    return int(stat.rsplit(")", 1)[1].split()[1])


def _projections(make: int) -> set[int]:
    """The projection processes one `make run-prod` started (its descendants; each child runs
    in a session of its own), whatever other tests run beside it."""
    found = subprocess.run(
        ["pgrep", "-f", "python -m service.analytics"], capture_output=True, text=True
    )
    ours = set()
    for pid in map(int, found.stdout.split()):
        ancestor = pid
        while ancestor > 1 and ancestor != make:
            ancestor = _parent(ancestor)
        if ancestor == make:
            ours.add(pid)
    return ours


@pytest.fixture
def run_prod(haproxy: str) -> Callable[..., Any]:
    """`_run_prod`, once the proxy it needs is there."""
    return _run_prod


@contextmanager
def _run_prod(
    tmp_path: Path, postgres_env: dict[str, str], **more: str
) -> Iterator[tuple[str, int]]:
    """`make run-prod` on a free port, until it answers; its URL and the pid of `make`.
    Stopped afterwards."""
    port = free_port(following=2)
    env = {
        **os.environ,
        "WORKERS": "2",
        "SALOON_PORT": str(port),
        "SALOON_DATA_DIR": str(tmp_path),
        "SALOON_SECRET_KEY": "ab" * 32,
        "SALOON_POSTGRES_DB": postgres_env["POSTGRES_DBNAME"],
        "SALOON_POSTGRES_SCHEMA": postgres_env["POSTGRES_SCHEMA"],
        **more,
    }
    log = (tmp_path / "run-prod.log").open("wb")
    make = subprocess.Popen(
        ["make", "--no-print-directory", "run-prod"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    api = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=api, timeout=10, verify=TLS) as http:
            try:
                _until(lambda: http.get("/health/live").status_code == 200, timeout=60)
            except AssertionError:
                log.flush()
                said = (tmp_path / "run-prod.log").read_text(errors="replace")[-4000:]
                raise AssertionError(f"make run-prod never answered; it said:\n{said}") from None
        yield api, make.pid
    finally:
        os.killpg(make.pid, signal.SIGTERM)
        make.wait(timeout=30)
        log.close()


@pytest.mark.postgres
@pytest.mark.redis
def test_make_run_prod_runs_the_projection_beside_the_workers(
    postgres_env: dict[str, str], redis_url: str, tmp_path: Path, run_prod: Callable[..., Any]
) -> None:
    redis = {"SALOON_REDIS_URL": redis_url, "SALOON_REDIS_PREFIX": f"run-prod-{uuid.uuid4().hex}:"}
    with (
        run_prod(tmp_path, postgres_env, SALOON_OPERATOR_TOKEN=TOKEN, **redis) as (api, make),
        httpx.Client(base_url=api, timeout=10, verify=TLS) as http,
    ):
        operator = {"Authorization": f"Bearer {TOKEN}"}
        projections = _projections(make)
        assert projections, "no projection process beside the workers"
        created = http.post("/tables", json={"title": "T", "mayor_name": "M"}).json()
        mayor = {"Authorization": f"Bearer {created['credential']}"}
        closing = http.post(f"/tables/{created['table_id']}/close", json={}, headers=mayor)
        assert closing.status_code == 200, closing.text
        _until(lambda: http.get("/stats", headers=operator).json()["tables"] == 1)

        def no_lag() -> bool:
            metrics = http.get("/metrics", headers=operator).text
            found = re.search(r"^saloon_analytics_lag_events (\S+)$", metrics, re.M)
            return found is not None and float(found.group(1)) == 0

        _until(no_lag)
    _until(lambda: not any(Path(f"/proc/{pid}").exists() for pid in projections), timeout=10)


@pytest.mark.postgres
def test_every_seat_of_a_table_meets_on_one_worker(
    postgres_env: dict[str, str], tmp_path: Path, run_prod: Callable[..., Any]
) -> None:
    """Without Redis a worker hears only its own moves (a stream elsewhere would wait for its
    five-minute safety read): every stream of every table sees the move at once, so the
    proxy sent each table's streams and its command to one worker, whichever it was."""
    with (
        run_prod(tmp_path, postgres_env, SALOON_REDIS_URL="") as (api, _),
        httpx.Client(base_url=api, timeout=10, verify=TLS) as http,
    ):
        tables = []
        for number in range(8):
            created = ok(http.post("/tables", json={"title": f"T{number}", "mayor_name": "M"}), 201)
            table_id = created["table_id"]
            mayor = {"Authorization": f"Bearer {created['credential']}"}
            _, player = seat_player(http, table_id, mayor, "Ana")
            tables.append((table_id, mayor, player))
        readers = []
        for table_id, mayor, player in tables:
            at = ok(http.get(f"/tables/{table_id}", headers=mayor))["version"]
            for who in (mayor, player):
                readers.append(SseReader(f"{api}/tables/{table_id}/stream", who, at))
        try:
            assert all(reader.status_code == 200 for reader in readers)
            for table_id, mayor, _ in tables:
                ok(http.post(f"/tables/{table_id}/seats", json={"name": "Bea"}, headers=mayor), 201)
            for reader in readers:
                assert len(reader.take(1, timeout=10)) == 1
        finally:
            for reader in readers:
                reader.close()


@pytest.mark.postgres
def test_the_deployment_refuses_a_workers_port_already_in_use_and_starts_nothing(
    postgres_env: dict[str, str], tmp_path: Path, haproxy: str
) -> None:
    """A worker that cannot listen lingers in its shutdown while another process holds its
    port: the proxy would send a share of the tables to whatever answers there, or to no
    one. The deployment names the port and stops before starting anyone."""
    port = free_port(following=2)
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", port + 2))
        holder.listen()
        env = {
            **os.environ,
            "SALOON_PORT": str(port),
            "SALOON_DATA_DIR": str(tmp_path),
            "SALOON_SECRET_KEY": "ab" * 32,
            "SALOON_POSTGRES_DB": postgres_env["POSTGRES_DBNAME"],
            "SALOON_POSTGRES_SCHEMA": postgres_env["POSTGRES_SCHEMA"],
        }
        deploy = subprocess.run(
            [sys.executable, "-m", "service.deploy", "--workers", "2"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert deploy.returncode != 0
    assert f"ports [{port + 2}] are in use" in deploy.stderr
    assert can_listen(port) and can_listen(port + 1)  # neither the proxy nor a worker is up
