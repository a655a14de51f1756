"""The production deployment for the benches: `python -m service.deploy`, as `make run-prod`
starts it (HAProxy in front of the uvicorn workers, the analytics projection beside them), on
a fresh schema of the local PostgreSQL database `test` (dropped afterwards) and the local
Redis (its keys under a prefix of their own, deleted afterwards).

`unavailable()` says why it cannot run here (no PostgreSQL, Redis or HAProxy), for the bench
to print and skip; the processes' CPU and memory are read from /proc (Linux).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import psycopg
import redis
from psycopg import sql

from tests.live_server import free_port
from tests.workers import SECRET_KEY, descendants, saloon_env

PG = {
    "POSTGRES_DBNAME": "test",
    "POSTGRES_HOST": "127.0.0.1",
    "POSTGRES_PORT": "5432",
    "POSTGRES_USER": "postgres",
    "POSTGRES_PASSWORD": "",
}
REDIS_URL = "redis://127.0.0.1:6379/0"
READY_SECONDS = 90.0


def connect() -> psycopg.Connection:
    return psycopg.connect(
        host=PG["POSTGRES_HOST"],
        port=int(PG["POSTGRES_PORT"]),
        user=PG["POSTGRES_USER"],
        password=PG["POSTGRES_PASSWORD"],
        dbname=PG["POSTGRES_DBNAME"],
        connect_timeout=2,
        autocommit=True,
    )


def postgres_unavailable() -> str | None:
    """Why the bench's PostgreSQL cannot be used, or None."""
    try:
        with connect() as connection:
            connection.execute("SELECT 1")
    except psycopg.Error as error:
        return f"PostgreSQL is unreachable: {' '.join(str(error).split())}"
    return None


def unavailable() -> str | None:
    """Why the deployment cannot run here, or None."""
    reason = postgres_unavailable()
    if reason is not None:
        return reason
    if not shutil.which("haproxy") and not os.access("/usr/sbin/haproxy", os.X_OK):
        return "haproxy is absent (apt-get install haproxy)"
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.RedisError as error:
        return f"Redis is unreachable at {REDIS_URL}: {error}"
    finally:
        client.close()
    return None


@contextmanager
def fresh_schema() -> Iterator[dict[str, str]]:
    """A new schema of the bench's database, dropped afterwards (as the tests' fixture)."""
    schema = f"bench_{uuid.uuid4().hex}"
    with connect() as connection:
        connection.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
    try:
        yield {**PG, "POSTGRES_SCHEMA": schema}
    finally:
        with connect() as connection:
            connection.execute(
                sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema))
            )


def rss_mib(pid: int) -> float | None:
    """The process's resident memory, from /proc/<pid>/status."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds the process has used, from /proc/<pid>/stat (0: gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _command(pid: int) -> str:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    return ""


@dataclass(frozen=True)
class Deployed:
    """A running deployment: its public URL, its store, and its processes by role."""

    url: str
    postgres: dict[str, str]
    workers: list[int]
    proxy: list[int]
    analytics: list[int]


@contextmanager
def deployment(
    directory: Path, workers: int = 2, env: Mapping[str, str] | None = None
) -> Iterator[Deployed]:
    """`python -m service.deploy --workers N` until it answers through its proxy."""
    prefix = f"saloon-bench-{uuid.uuid4().hex[:8]}:"
    with fresh_schema() as postgres:
        port = free_port(following=workers)
        environment = {
            **os.environ,
            **saloon_env(postgres, REDIS_URL, SECRET_KEY, directory),
            "SALOON_PORT": str(port),
            "SALOON_REDIS_PREFIX": prefix,
            "SALOON_LOG_LEVEL": "WARNING",
            **(env or {}),
        }
        log = (directory / f"deploy-{port}.log").open("wb")
        command = [sys.executable, "-m", "service.deploy", "--workers", str(workers)]
        process = subprocess.Popen(
            command, env=environment, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        url = f"http://127.0.0.1:{port}"
        try:
            _until_ready(url, process, directory / f"deploy-{port}.log")
            children = descendants(process.pid)
            yield Deployed(
                url,
                postgres,
                workers=[pid for pid in children if "uvicorn" in _command(pid)],
                proxy=[pid for pid in children if "haproxy" in _command(pid)],
                analytics=[pid for pid in children if "service.analytics" in _command(pid)],
            )
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.kill(process.pid, signal.SIGTERM)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
            log.close()
            forget_redis_keys(prefix)


def _until_ready(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + READY_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the deployment ended: {log.read_text()[-3000:]}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/health/live", timeout=1).status_code == 200:
                return
        time.sleep(0.2)
    raise RuntimeError(f"the deployment did not answer: {log.read_text()[-3000:]}")


def forget_redis_keys(prefix: str) -> None:
    client = redis.Redis.from_url(REDIS_URL)
    try:
        keys = list(client.scan_iter(match=f"{prefix}*", count=1000))
        for start in range(0, len(keys), 500):
            client.delete(*keys[start : start + 500])
    finally:
        client.close()
