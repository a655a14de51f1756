"""`make run-prod` as an operator runs it: the workers serve, and the analytics projection
runs as a process of its own beside them, so a closed table reaches the operator's figures
and the read model's lag returns to zero; stopping `make` stops the projection too."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "run-prod-operator-token-0123456789"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


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


def _projections() -> set[int]:
    found = subprocess.run(
        ["pgrep", "-f", "python -m service.analytics"], capture_output=True, text=True
    )
    return {int(pid) for pid in found.stdout.split()}


@pytest.mark.postgres
@pytest.mark.redis
def test_make_run_prod_runs_the_projection_beside_the_workers(
    postgres_env: dict[str, str], redis_url: str, tmp_path: Path
) -> None:
    port = _free_port()
    env = {
        **os.environ,
        "WORKERS": "2",
        "SALOON_PORT": str(port),
        "SALOON_DATA_DIR": str(tmp_path),
        "SALOON_SECRET_KEY": "ab" * 32,
        "SALOON_OPERATOR_TOKEN": TOKEN,
        "SALOON_POSTGRES_DB": postgres_env["POSTGRES_DBNAME"],
        "SALOON_POSTGRES_SCHEMA": postgres_env["POSTGRES_SCHEMA"],
        "SALOON_REDIS_URL": redis_url,
        "SALOON_REDIS_PREFIX": f"run-prod-{uuid.uuid4().hex}:",
    }
    before = _projections()
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
    operator = {"Authorization": f"Bearer {TOKEN}"}
    try:
        with httpx.Client(base_url=api, timeout=10) as http:
            _until(lambda: http.get("/health/live").status_code == 200, timeout=60)
            assert _projections() - before, "no projection process beside the workers"
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
    finally:
        os.killpg(make.pid, signal.SIGTERM)
        make.wait(timeout=30)
        log.close()
    _until(lambda: not (_projections() - before), timeout=10)
