"""Read a Server-Sent Events stream in a background thread, for tests over real HTTP."""

from __future__ import annotations

import queue
import threading
from typing import Any

import httpx

from tests.live_server import TLS


class SseReader:
    """Collects the `id`s of a stream's events; `take(n)` waits for the next n of them."""

    def __init__(self, url: str, headers: dict[str, str], last_event_id: int | None = None):
        headers = dict(headers)
        if last_event_id is not None:
            headers["Last-Event-ID"] = str(last_event_id)
        self.ids: queue.Queue[int] = queue.Queue()
        self.status: queue.Queue[int] = queue.Queue()
        self._client = httpx.Client(timeout=httpx.Timeout(5, read=60), verify=TLS)
        self._thread = threading.Thread(target=self._read, args=(url, headers), daemon=True)
        self._thread.start()
        self.status_code = self.status.get(timeout=10)

    def _read(self, url: str, headers: dict[str, str]) -> None:
        try:
            with self._client.stream("GET", url, headers=headers) as response:
                self.status.put(response.status_code)
                for line in response.iter_lines():
                    if line.startswith("id:"):
                        self.ids.put(int(line.partition(":")[2].strip()))
        except (httpx.HTTPError, RuntimeError):
            pass  # closed by the test, or the server went away

    def take(self, count: int, timeout: float) -> list[int]:
        return [self.ids.get(timeout=timeout) for _ in range(count)]

    def nothing_more(self, wait: float) -> bool:
        try:
            self.ids.get(timeout=wait)
        except queue.Empty:
            return True
        return False

    def close(self) -> None:
        """Hang up. The reading thread may stay blocked on the socket until the server ends
        the connection (at its shutdown); it is a daemon and reads into this reader only."""
        self._client.close()
        self._thread.join(timeout=0.1)

    def __enter__(self) -> SseReader:
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()
