"""CPython's cycle collector, paced for a server that holds thousands of open streams.

Left to its thresholds, the collector starts a young collection when allocations outnumber
deallocations by the first threshold. On the live path they hardly ever do: a move frees what
the table's previous move left (objects promoted long ago) and leaves as many new ones, so
the young generation grows unchecked (130,000 objects after 15 s at 200 moves/s) until one
collection walks it all while every table waits (~100 ms), and the middle one, when it
comes, walks more. So the server collects on a clock instead: the young generation five
times a second, the middle one every second, each a few milliseconds whatever the pattern of
allocations; and the whole heap every ten minutes, which by the thresholds' rule (a quarter
of the old generation promoted since) would come every few seconds under load, at up to a
second each with 5,000 streams open (`bench.stream_bench` prints the longest pause).
The thresholds stay, raised, for bursts between two ticks (thousands of streams opening).
"""

from __future__ import annotations

import asyncio
import functools
import gc

#: CPython's collector thresholds in the server (defaults 700, 10, 10), for what comes
#: between two ticks: a young generation this large promotes few short-lived objects
GC_THRESHOLDS = (50_000, 20, 100)
#: the seconds between two ticks, each a young collection at least
TICK_SECONDS = 0.2
#: every how many ticks the middle generation is collected too (each second)
MIDDLE_EVERY = 5
#: every how many ticks the whole heap is collected (each ten minutes)
FULL_EVERY = 3_000


def generation_at(tick: int) -> int:
    """The oldest generation collected at the `tick`-th tick (from 1)."""
    if tick % FULL_EVERY == 0:
        return 2
    if tick % MIDDLE_EVERY == 0:
        return 1
    return 0


@functools.cache
def freeze_start_up_heap() -> None:
    """Last at start-up: what the start made (modules, routes, the app: ~200,000 objects)
    lives as long as the process, yet every full collection walked it, ~200 ms of every
    table stopped each time under load; frozen, a collection walks only what came since.
    Once a process (cached): an app started after another (tests) would freeze the first's
    garbage. `gc.get_freeze_count()` cannot tell, cheaply: it walks every frozen object."""
    gc.collect()
    gc.freeze()


class PacedCollector:
    """The collections on the clock, on the app's event loop: each runs between two
    callbacks, never in the middle of a command or a stream's message."""

    def __init__(self) -> None:
        self._ticks = 0
        self._timer: asyncio.TimerHandle | None = None

    def start(self) -> None:
        gc.set_threshold(*GC_THRESHOLDS)
        self._timer = asyncio.get_running_loop().call_later(TICK_SECONDS, self._tick)

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _tick(self) -> None:
        self._ticks += 1
        gc.collect(generation_at(self._ticks))
        self._timer = asyncio.get_running_loop().call_later(TICK_SECONDS, self._tick)
