"""A real uvicorn server on a free loopback port, for tests that need real HTTP."""

from __future__ import annotations

import logging
import socket
import ssl
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from litestar import Litestar

from service.deploy import can_listen
from service.logs import LOGGER

#: the TLS context every test's httpx client is given (`verify=TLS`): the servers are plain
#: HTTP on loopback, and httpx would otherwise build a context for each client, loading the
#: CA bundle each time (~50 ms: some 100 s of the suite's time)
TLS = ssl.create_default_context()


def free_port(following: int = 0) -> int:
    """A free port on 127.0.0.1, with the `following` ports after it free too (a deployment's
    workers take the ports after its proxy's)."""
    while True:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port: int = probe.getsockname()[1]
        if all(can_listen(port + number) for number in range(1, following + 1)):
            return port


@contextmanager
def serving(app: Litestar) -> Iterator[str]:
    """Serve `app` on 127.0.0.1 until the block ends; yields the base URL. It logs errors
    only: its thread logs a request once answered, which may be after the test's output
    capture ended, onto the run's own output (the app's next start sets the level again)."""
    logging.getLogger(LOGGER).setLevel(logging.ERROR)
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        server.force_exit = True  # open streams never end by themselves
        thread.join(timeout=10)
