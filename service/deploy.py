"""`python -m service.deploy`: the production deployment on one machine (`make run-prod`).

What runs, all children of this process:

- `service.prepare` first, once: the server key, the database and the store's tables;
- the analytics projection, a process of its own (`python -m service.analytics`): it follows
  PostgreSQL's log by LISTEN/NOTIFY, the workers only read its view;
- `--workers` uvicorn processes of `service.app:create_app`, each on a loopback port of its
  own (the public port + 1, + 2, …);
- HAProxy (Debian's `haproxy` package) on the public `SALOON_HOST:SALOON_PORT`, which sends
  every request under `/tables/<id>` to the worker that id hashes to (consistent hashing,
  `balance uri depth 2`). So every seat of a table, its commands and its streams, meet on one
  worker: a move reaches the table's streams in process, read from the store at most once
  by that worker (`service.live`), and the per-process limits on a seat's commands and
  streams hold for the whole deployment. Other requests go anywhere. A worker that stops
  answering its health check loses its tables to the others until it is back; Redis still
  carries moves between workers for whatever a hash change splits (`service.redis_fanout`).

SIGTERM or SIGINT stops the workers first (each ends its streams with a closing message the
client resumes from, through the proxy), then the proxy and the projection. The children run
in sessions of their own, so a terminal's Ctrl-C reaches this process alone and the order
holds. If any child
ends on its own, everything is stopped and this process exits with an error, for the
supervisor above it (systemd, a container runtime) to restart the whole.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

from service.prepare import main as prepare
from service.private_files import private_file, private_folder
from service.settings import Settings

#: the proxy's ceiling on open connections (every seat's stream is one), at most: it holds
#: two files for each (the client's, the worker's), so the open-file limit may cap it lower
MAX_CONNECTIONS = 20_000
#: files the proxy keeps for itself besides its connections
PROXY_FILES = 100
#: how long a worker may take to start answering before the proxy opens anyway
READY_SECONDS = 60.0
#: how long a worker may take to end its streams and stop before it is killed
STOP_SECONDS = 10.0
#: the proxy's threads: it only forwards, which one thread does at tens of thousands of
#: requests a second, while on a machine the workers and the store keep busy a second one
#: costs more in hand-offs than it gives (HAProxy's default is a thread per core; the load
#: bench on two cores: about 5% more commands a second with one)
PROXY_THREADS = 1
#: an idle connection's timeout at the proxy: above the streams' keep-alive period (30 s)
IDLE_TIMEOUT = "65s"


def proxy_config(host: str, port: int, worker_ports: Sequence[int], max_connections: int) -> str:
    """HAProxy's configuration: the public port in front, one server per worker behind."""
    servers = "\n".join(
        f"    server worker{number} 127.0.0.1:{worker_port} check weight 100"
        for number, worker_port in enumerate(worker_ports, 1)
    )
    return f"""\
# written by service.deploy at each start: edit that module, not this file
global
    nbthread {PROXY_THREADS}
    maxconn {max_connections}

defaults
    mode http
    option http-keep-alive
    option forwardfor
    # send each chunk of a stream as it comes: without it, a stream's message waits for the
    # client's delayed acknowledgement (~200 ms, Nagle's algorithm)
    option http-no-delay
    timeout connect 5s
    timeout client {IDLE_TIMEOUT}
    timeout server {IDLE_TIMEOUT}
    timeout http-keep-alive 5s
    timeout client-fin 5s
    maxconn {max_connections}

frontend saloon
    bind {host}:{port}
    default_backend workers

backend workers
    # /tables/<id>/...: the first two levels of the path, so every seat of a table lands on
    # the same worker; consistent, so a worker gone moves only its own tables (a weight of
    # 100 a server places it 1,600 times on the ring, so the tables spread evenly)
    balance uri depth 2
    hash-type consistent
    option httpchk GET /health/live
    http-check expect status 200
{servers}
"""


def _child(command: list[str], env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """A child in a session of its own: only this process tells it when to stop."""
    return subprocess.Popen(command, env=env, start_new_session=True)


def can_listen(port: int) -> bool:
    """Whether a server could listen on 127.0.0.1:`port` now."""
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def _until_ready(port: int, worker: subprocess.Popen[bytes]) -> None:
    """Wait for a worker's liveness, so the proxy opens on workers that answer."""
    deadline = time.monotonic() + READY_SECONDS
    while worker.poll() is None and time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/live", timeout=1):
                return
        except OSError:
            time.sleep(0.1)


class Deployment:
    """The children of one deployment, started and stopped together."""

    def __init__(self, settings: Settings, workers: int, max_connections: int) -> None:
        self.settings = settings
        self.worker_ports = [settings.port + number for number in range(1, workers + 1)]
        self.max_connections = max_connections
        self.workers: list[subprocess.Popen[bytes]] = []
        self.others: list[subprocess.Popen[bytes]] = []
        self.stopping = threading.Event()

    def start(self) -> None:
        haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
        if not Path(haproxy).exists():
            sys.exit("saloon: haproxy is not installed (Debian: apt-get install haproxy)")
        taken = [port for port in self.worker_ports if not can_listen(port)]
        if taken:  # a worker that cannot listen lingers; something else would answer for it
            sys.exit(f"saloon: the workers' ports {taken} are in use: choose another SALOON_PORT")
        python = sys.executable
        self.others.append(_child([python, "-m", "service.analytics"]))
        env = {**os.environ, "SALOON_ANALYTICS": "external"}
        for port in self.worker_ports:
            command = [python, "-m", "uvicorn", "--factory", "service.app:create_app"]
            command += ["--host", "127.0.0.1", "--port", str(port), "--no-access-log"]
            self.workers.append(_child(command, env))
        for port, worker in zip(self.worker_ports, self.workers, strict=True):
            _until_ready(port, worker)
            if worker.poll() is not None:  # its port taken, say: no proxy before a dead worker
                self.stop()
                sys.exit(f"saloon: the worker on port {port} exited ({worker.returncode})")
        config = private_file(private_folder(self.settings.data_dir) / "haproxy.cfg")
        config.write_text(
            proxy_config(
                self.settings.host, self.settings.port, self.worker_ports, self.max_connections
            )
        )
        self.others.append(_child([haproxy, "-db", "-f", str(config)]))

    def wait(self) -> int:
        """Until a signal or a child's end; then stop everything. The exit status."""
        children = [*self.workers, *self.others]
        while not self.stopping.wait(0.5):
            if any(child.poll() is not None for child in children):
                self.stop()
                return 1
        self.stop()
        return 0

    def stop(self) -> None:
        for group in (self.workers, self.others):  # the streams end through the proxy
            for child in group:
                if child.poll() is None:
                    child.send_signal(signal.SIGTERM)
            for child in group:
                try:
                    child.wait(STOP_SECONDS)
                except subprocess.TimeoutExpired:
                    child.kill()
                    child.wait()


def open_file_ceiling() -> int:
    """Raise this process's open-file limit to its hard limit (the children inherit it: each
    of a worker's streams is a file too); the proxy's connections that fit in it."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if hard == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(1, min(MAX_CONNECTIONS, (hard - PROXY_FILES) // 2))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2, help="uvicorn processes (2)")
    ceiling = open_file_ceiling()
    parser.add_argument(
        "--max-connections",
        type=int,
        default=ceiling,
        help=f"the proxy's ceiling on open connections ({ceiling} under this open-file limit)",
    )
    arguments = parser.parse_args(argv)
    settings = Settings.from_env()
    if not settings.postgres_db:
        sys.exit("saloon: the deployment needs PostgreSQL: set SALOON_POSTGRES_DB")
    prepare()
    deployment = Deployment(settings, arguments.workers, arguments.max_connections)
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, lambda *_: deployment.stopping.set())
    deployment.start()
    sys.exit(deployment.wait())


if __name__ == "__main__":
    main()
