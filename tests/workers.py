"""Real uvicorn worker processes of `service.app:create_app`, for process-level tests.

Each worker is its own operating-system process (`python -m uvicorn --factory
service.app:create_app`), listening on a free loopback port of its own, configured only by
environment variables, exactly as production configures it. All workers of a group share one
event store, one server key and (optionally) one Redis, so they behave like the workers of one
deployment behind a load balancer; a test talks to each one directly by its URL.

Usage::

    from tests.workers import workers

    @pytest.mark.postgres
    def test_something(postgres_env: dict[str, str], redis_url: str) -> None:
        with workers(2, postgres=postgres_env, redis_url=redis_url) as w:
            httpx.post(f"{w.url(0)}/tables", json=...)   # worker 0
            httpx.get(f"{w.url(1)}/tables/...")          # worker 1, same store
            w.kill(0)       # SIGKILL: no shutdown, in-flight requests die with it
            w.restart(0)    # a new process on the same port (same URL), ready when it returns
            w.stderr(1)     # what worker 1 wrote to stderr so far (for failure messages)

`workers(count, *, postgres=None, redis_url=None, secret_key=SECRET_KEY, env=None,
uvicorn_args=(), ready_timeout=30.0)`:

- `postgres`: an eventsourcing environment for PostgreSQL, as the `postgres_env` fixture
  yields it (`POSTGRES_DBNAME`, `_HOST`, `_PORT`, `_USER`, `_PASSWORD`, `_SCHEMA`); it becomes
  the workers' `SALOON_POSTGRES_*`. The fixture's schema is fresh for each test and dropped
  afterwards, so the test can read the same store in process with
  `Tables(postgres_env, server_key=SERVER_KEY_BYTES)`. Without it, the workers share one
  SQLite file in a temporary data directory.
- `redis_url`: becomes `SALOON_REDIS_URL` (the cross-process fan-out); None: none.
- `secret_key`: the hex server key every worker derives seeds and credentials from (fixed by
  default, so a test may compute credentials itself: `TableKeys(SERVER_KEY_BYTES, table_id)`).
- `env`: more environment variables for every worker (they win over the ones above).
- `uvicorn_args`: more uvicorn command-line arguments (e.g. `("--workers", "2")`: then each
  "worker" of this group is a uvicorn supervisor with children; `kill` and `stop` act on its
  whole process group, and `Workers.pids(i)` lists the processes).

The `Workers` object: `count`, `url(i)`, `port(i)`, `pid(i)`, `pids(i)` (the process and
its descendants), `alive(i)`, `kill(i)` (SIGKILL to the process group, waits for it to die),
`restart(i)` (kills it if it still runs, starts it again on the same port, waits until it
answers), `stop(i)` (SIGTERM, then SIGKILL after a grace period), `stderr(i)`. When the
`with` block ends every worker is stopped and its temporary files are removed.

Before the workers start, `service.prepare` creates the store's tables once, as `make
run-prod` does (workers creating them at the same moment would race). A worker is ready when
`GET /health/live` (or, failing that, `GET /health`) answers 200; if it exits or stays
silent for `ready_timeout` seconds, `WorkerFailed` is raised with the tail of its stderr.
Workers start in parallel: a group of two is ready in about the time one is.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

import httpx

from service.prepare import prepare
from service.settings import Settings
from tests.live_server import TLS, free_port

#: the server key of every worker group unless a test gives another (hex, 32 bytes)
SECRET_KEY = "5a" * 32
SERVER_KEY_BYTES = bytes.fromhex(SECRET_KEY)
#: readiness probes, in order: the first that answers 200 means ready
HEALTH_PATHS = ("/health/live", "/health")
ROOT = Path(__file__).resolve().parent.parent
STOP_GRACE = 5.0
STDERR_TAIL = 4000


class WorkerFailed(RuntimeError):
    """A worker did not start, or died when it should not have."""


def saloon_env(
    postgres: Mapping[str, str] | None,
    redis_url: str | None,
    secret_key: str,
    data_dir: Path,
) -> dict[str, str]:
    """The `SALOON_*` variables for an eventsourcing PostgreSQL environment (or SQLite)."""
    env = {"SALOON_SECRET_KEY": secret_key, "SALOON_DATA_DIR": str(data_dir)}
    if postgres is not None:
        env |= {
            "SALOON_POSTGRES_DB": postgres["POSTGRES_DBNAME"],
            "SALOON_POSTGRES_HOST": postgres.get("POSTGRES_HOST", "127.0.0.1"),
            "SALOON_POSTGRES_PORT": postgres.get("POSTGRES_PORT", "5432"),
            "SALOON_POSTGRES_USER": postgres.get("POSTGRES_USER", "postgres"),
            "SALOON_POSTGRES_PASSWORD": postgres.get("POSTGRES_PASSWORD", ""),
        }
        if postgres.get("POSTGRES_SCHEMA"):
            env["SALOON_POSTGRES_SCHEMA"] = postgres["POSTGRES_SCHEMA"]
    if redis_url is not None:
        env["SALOON_REDIS_URL"] = redis_url
    return env


def descendants(pid: int) -> list[int]:
    """The process's children, grandchildren, … (Linux: /proc/<pid>/task/*/children)."""
    found: list[int] = []
    pending = [pid]
    while pending:
        parent = pending.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            with contextlib.suppress(OSError):
                children = [int(c) for c in (task / "children").read_text().split()]
                found += children
                pending += children
    return found


@dataclass
class _Worker:
    index: int
    port: int
    stderr_path: Path
    process: subprocess.Popen[bytes] | None = None
    stderr_file: IO[bytes] | None = field(default=None, repr=False)


class Workers:
    """A group of uvicorn worker processes sharing one store; see the module's docstring."""

    def __init__(
        self,
        count: int,
        env: Mapping[str, str],
        directory: Path,
        uvicorn_args: Sequence[str] = (),
        ready_timeout: float = 30.0,
    ) -> None:
        #: the environment every worker process gets
        self.env = {**os.environ, **env}
        self.env.setdefault("PYTHONUNBUFFERED", "1")
        self._args = list(uvicorn_args)
        self._timeout = ready_timeout
        self._workers = [
            _Worker(i, free_port(), directory / f"worker-{i}.stderr") for i in range(count)
        ]

    # -- what a test reads ----------------------------------------------------------------

    @property
    def count(self) -> int:
        return len(self._workers)

    def url(self, index: int) -> str:
        return f"http://127.0.0.1:{self._workers[index].port}"

    def port(self, index: int) -> int:
        return self._workers[index].port

    def pid(self, index: int) -> int:
        process = self._workers[index].process
        if process is None:
            raise WorkerFailed(f"worker {index} is not running")
        return process.pid

    def pids(self, index: int) -> list[int]:
        """The worker's process and all its descendants (uvicorn --workers children)."""
        pid = self.pid(index)
        return [pid, *descendants(pid)]

    def alive(self, index: int) -> bool:
        process = self._workers[index].process
        return process is not None and process.poll() is None

    def stderr(self, index: int) -> str:
        """Everything the worker (all its runs) wrote to stderr so far."""
        path = self._workers[index].stderr_path
        return path.read_text(errors="replace") if path.exists() else ""

    # -- what a test does -------------------------------------------------------------------

    def start_all(self) -> None:
        for index in range(self.count):
            self._spawn(index)
        for index in range(self.count):
            self._wait_ready(index)

    def kill(self, index: int) -> None:
        """SIGKILL the worker (its whole process group) and wait until it is gone."""
        worker = self._workers[index]
        process = worker.process
        if process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=STOP_GRACE)
        self._close_stderr(worker)

    def restart(self, index: int) -> None:
        """A new process for the worker, on the same port; returns once it answers."""
        if self.alive(index):
            self.kill(index)
        self._spawn(index)
        self._wait_ready(index)

    def stop(self, index: int) -> None:
        """SIGTERM (uvicorn shuts down cleanly), then SIGKILL if it lingers."""
        worker = self._workers[index]
        process = worker.process
        if process is None:
            return
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=STOP_GRACE)
            except subprocess.TimeoutExpired:
                self.kill(index)
        # children of a supervisor that died first
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        self._close_stderr(worker)

    def stop_all(self) -> None:
        for index in range(self.count):
            self.stop(index)

    # -- internals ------------------------------------------------------------------------

    def _spawn(self, index: int) -> None:
        worker = self._workers[index]
        worker.stderr_file = worker.stderr_path.open("ab")
        command = [
            sys.executable,
            "-m",
            "uvicorn",
            "--factory",
            "service.app:create_app",
            "--host",
            "127.0.0.1",
            "--port",
            str(worker.port),
            "--no-access-log",
            "--log-level",
            "warning",
            *self._args,
        ]
        worker.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=worker.stderr_file,
            stderr=worker.stderr_file,
            start_new_session=True,  # its own process group: kill() reaches any children
        )

    def _wait_ready(self, index: int) -> None:
        worker = self._workers[index]
        deadline = time.monotonic() + self._timeout
        logging.getLogger("httpx").setLevel(logging.WARNING)  # no line per probe
        with httpx.Client(timeout=2, verify=TLS) as client:
            while time.monotonic() < deadline:
                if not self.alive(index):
                    raise WorkerFailed(
                        f"worker {index} exited with {self._returncode(index)} while starting:"
                        f"\n{self.stderr(index)[-STDERR_TAIL:]}"
                    )
                for path in HEALTH_PATHS:
                    with contextlib.suppress(httpx.HTTPError):
                        if client.get(self.url(index) + path).status_code == 200:
                            return
                time.sleep(0.05)
        self.kill(index)
        raise WorkerFailed(
            f"worker {index} (port {worker.port}) did not answer {' or '.join(HEALTH_PATHS)} "
            f"within {self._timeout} s:\n{self.stderr(index)[-STDERR_TAIL:]}"
        )

    def _returncode(self, index: int) -> int | None:
        process = self._workers[index].process
        return None if process is None else process.poll()

    @staticmethod
    def _close_stderr(worker: _Worker) -> None:
        if worker.stderr_file is not None:
            worker.stderr_file.close()
            worker.stderr_file = None


@contextmanager
def workers(
    count: int,
    *,
    postgres: Mapping[str, str] | None = None,
    redis_url: str | None = None,
    secret_key: str = SECRET_KEY,
    env: Mapping[str, str] | None = None,
    uvicorn_args: Sequence[str] = (),
    ready_timeout: float = 30.0,
) -> Iterator[Workers]:
    """`count` ready worker processes sharing one store; all stopped when the block ends."""
    with tempfile.TemporaryDirectory(prefix="saloon-workers-") as directory:
        settings = saloon_env(postgres, redis_url, secret_key, Path(directory) / "data")
        group = Workers(
            count,
            {**settings, **(env or {})},
            Path(directory),
            uvicorn_args=uvicorn_args,
            ready_timeout=ready_timeout,
        )
        try:
            # the store's tables first: workers creating them at once would race
            prepare(Settings.from_env(group.env))
            group.start_all()
            yield group
        finally:
            group.stop_all()
