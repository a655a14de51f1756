"""One command thread per process: queued commands run in batches, one transaction each.

eventsourcing is synchronous, so commands must leave the event loop. Handing each to a
thread pool makes the loop and the workers trade the GIL around every SQLite call; a single
thread that takes whatever commands are waiting and group-commits them writes once per batch
instead, and the loop never blocks.
"""

from __future__ import annotations

import asyncio
import queue
import threading

from domain.application import CommandRequest, Outcome, Tables

MAX_BATCH = 64

_Job = tuple[CommandRequest, asyncio.AbstractEventLoop, "asyncio.Future[Outcome]"]


def _settle(future: asyncio.Future[Outcome], result: Outcome | BaseException) -> None:
    if future.done():  # the client went away
        return
    if isinstance(result, BaseException):
        future.set_exception(result)
    else:
        future.set_result(result)


class CommandBatcher:
    def __init__(self, tables: Tables) -> None:
        self._tables = tables
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._work, name="commands", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join(timeout=10)
            self._thread = None

    async def run(self, request: CommandRequest) -> Outcome:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Outcome] = loop.create_future()
        self._jobs.put((request, loop, future))
        return await future

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            batch = [job]
            while len(batch) < MAX_BATCH:
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._jobs.put(None)  # stop after this batch
                    break
                batch.append(more)
            self._run_batch(batch)

    def _run_batch(self, batch: list[_Job]) -> None:
        results: list[Outcome | BaseException]
        try:
            results = list(self._tables.execute_all([request for request, _, _ in batch]))
        except BaseException as error:  # a failure of the store: every command of the batch
            results = [error] * len(batch)
        for (_, loop, future), result in zip(batch, results, strict=True):
            loop.call_soon_threadsafe(_settle, future, result)
