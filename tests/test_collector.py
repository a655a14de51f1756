"""The server's cycle collector (service/collector.py): paced on the clock, so that no
collection under load walks much; and what the start made frozen, once a process."""

from __future__ import annotations

import gc
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from contextlib import contextmanager

from litestar.testing import TestClient

from service.app import create_app
from service.collector import FULL_EVERY, MIDDLE_EVERY, TICK_SECONDS, generation_at
from tests.api_helpers import in_memory_tables

#: how long a test waits for ticks that should come every TICK_SECONDS
PATIENCE = 20.0


@contextmanager
def collections_only_on_demand() -> Iterator[list[int]]:
    """The generation of each collection in the block, none of them automatic."""
    seen: list[int] = []

    def record(phase: str, info: dict[str, int]) -> None:
        if phase == "stop":
            seen.append(info["generation"])

    gc.disable()
    gc.callbacks.append(record)
    try:
        yield seen
    finally:
        gc.callbacks.remove(record)
        gc.enable()


def wait_for(seen: list[int], count: int) -> None:
    deadline = time.monotonic() + PATIENCE
    while len(seen) < count and time.monotonic() < deadline:
        time.sleep(TICK_SECONDS)


def test_each_tick_collects_the_young_generation_each_fifth_the_middle_rarely_the_heap() -> None:
    ticks = [generation_at(tick) for tick in range(1, FULL_EVERY + 1)]
    assert ticks[:MIDDLE_EVERY] == [0] * (MIDDLE_EVERY - 1) + [1]
    assert ticks.count(2) == 1 and ticks[-1] == 2  # the whole heap once in FULL_EVERY ticks
    assert ticks.count(1) == FULL_EVERY // MIDDLE_EVERY - 1


def test_a_running_app_collects_on_the_clock() -> None:
    app = create_app(tables=in_memory_tables())
    with collections_only_on_demand() as seen, TestClient(app):
        wait_for(seen, MIDDLE_EVERY + 2)  # the start's own collection, then the ticks
    assert seen[-MIDDLE_EVERY - 1 :].count(0) >= MIDDLE_EVERY - 1, "a young one each tick"
    assert 1 in seen[-MIDDLE_EVERY - 1 :], "the middle generation every fifth tick"


#: a fresh interpreter: the suite's own process has started apps before
PROGRAM = textwrap.dedent(
    """
    import gc
    from litestar.testing import TestClient
    from service.app import create_app
    from tests.api_helpers import in_memory_tables

    assert gc.get_freeze_count() == 0
    with TestClient(create_app(tables=in_memory_tables())):
        frozen = gc.get_freeze_count()
    with TestClient(create_app(tables=in_memory_tables())):
        again = gc.get_freeze_count()
    print(frozen, again)
    """
)


def test_the_start_up_heap_is_frozen_once_a_process() -> None:
    ran = subprocess.run(
        [sys.executable, "-c", PROGRAM], capture_output=True, text=True, check=True, timeout=120
    )
    frozen, again = map(int, ran.stdout.split()[-2:])
    assert frozen > 50_000  # the modules, the routes and the app, at least
    assert again <= frozen  # a second app freezes nothing more (the frozen may still die)
