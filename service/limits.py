"""Limits against abuse, per process: commands per seat (a token bucket) and open streams
per seat and per table. With N worker processes each keeps its own count, so the effective
limit is N times the configured one; put a proxy in front for a global limit.

A seat's bucket is the seat's whatever its credential: a rotation (or a claimed invitation)
hands out a new credential, never a full bucket. Reads are never rate-limited. Neither are
requests without a genuine credential (they cost what a read costs: a 401), nor table
creation, which carries no credential yet. Nor is a credential older than the newest the
seat's bucket has seen: numbers only grow, so it was rotated out and the table refuses it,
and a leaked one cannot drain the bucket of the seat that rotated it away. (Until the seat
presents its new credential, its bucket counts the old one's commands too, so the seat may
then wait one token's time, once.)
"""

from __future__ import annotations

import math
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any, TypeVar
from uuid import UUID

from litestar.connection import ASGIConnection
from litestar.handlers.base import BaseRouteHandler

from service.credentials import genuine_seat, presented
from service.problems import Refused

T = TypeVar("T")
K = TypeVar("K")

#: buckets kept at most; the least recently used (most likely full again) go first
MAX_BUCKETS = 10_000


def command_name(route_handler: BaseRouteHandler) -> str | None:
    """The command a route runs (routes mark it in `opt`), or None for a read."""
    name = route_handler.opt.get("command")
    return name if isinstance(name, str) else None


class RateLimiter:
    """A token bucket per key: `rate` tokens a second, at most `burst` saved up. A bucket
    follows the newest credential number it was shown; an older one spends nothing."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst, self._clock = rate, max(1, burst), clock
        #: tokens, when they were counted, the newest credential number shown
        self._buckets: OrderedDict[str, tuple[float, float, int]] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def enabled(self) -> bool:
        return self.rate > 0

    def take(self, key: str, number: int = 0) -> float:
        """Spend a token of the key's bucket for credential `number`: 0 when there was one
        (or the number is older than the bucket's, and spends nothing), else the seconds
        until there is."""
        return self.spend(key, number).wait

    def spend(self, key: str, number: int = 0) -> Budget:
        """`take`, telling also what the bucket holds after it (its `RateLimit` header)."""
        if not self.enabled:
            return Budget(0.0, self.burst, 0)
        now = self._clock()
        with self._lock:
            tokens, then, newest = self._buckets.pop(key, (float(self.burst), now, number))
            if number < newest:  # rotated out: the table answers 401
                self._buckets[key] = (tokens, then, newest)
                return Budget(0.0, int(tokens), self._until_full(tokens))
            tokens = min(float(self.burst), tokens + (now - then) * self.rate)
            wait = 0.0
            if tokens >= 1:
                tokens -= 1
            else:
                wait = (1 - tokens) / self.rate
            self._buckets[key] = (tokens, now, number)
            while len(self._buckets) > MAX_BUCKETS:
                self._buckets.popitem(last=False)
            return Budget(wait, int(tokens), self._until_full(tokens))

    def _until_full(self, tokens: float) -> int:
        return math.ceil((self.burst - tokens) / self.rate)

    @property
    def policy(self) -> str:
        """The `RateLimit-Policy` header: the burst, and the seconds an empty bucket takes to
        fill again (a token bucket stated as a quota over a window)."""
        return f'"{POLICY}";q={self.burst};w={math.ceil(self.burst / self.rate)}'


#: the name of the one quota policy: commands per seat
POLICY = "seat"


@dataclass(frozen=True)
class Budget:
    """What spending a token left: the seconds to wait for one (0: it was spent), the whole
    tokens left and the seconds until the bucket is full again."""

    wait: float
    remaining: int
    reset: int

    @property
    def header(self) -> str:
        """The `RateLimit` header (draft-ietf-httpapi-ratelimit-headers)."""
        return f'"{POLICY}";r={self.remaining};t={self.reset}'


async def rate_limit(
    connection: ASGIConnection[Any, Any, Any, Any], handler: BaseRouteHandler
) -> None:
    """Guard of every route: refuses an ambiguous credential; commands spend a token of their
    seat's bucket. A coroutine, though it never waits (it reads no store): litestar runs a
    plain function guard on a worker thread, a hop per request."""
    presented(connection.scope)
    if command_name(handler) is None:
        return
    state = connection.app.state  # read by key: an attribute of litestar's `State` costs ten times
    limiter: RateLimiter = state["rate_limiter"]
    if not limiter.enabled:
        return
    table_id = connection.path_params.get("table_id")
    if table_id is None:  # table creation: no credential yet
        return
    genuine = genuine_seat(connection.scope, state["tables"])
    if genuine is None:  # no genuine credential: 401 at the cost of a read, which is not limited
        return
    seat, number = genuine
    budget = limiter.spend(f"{table_id}/{seat}", number)
    headers = {"RateLimit-Policy": limiter.policy, "RateLimit": budget.header}
    if budget.wait > 0:
        raise Refused(
            429,
            "rate_limited",
            f"too many commands: at most {limiter.rate:g} a second (bursts of "
            f"{limiter.burst}) per seat; retry after the Retry-After seconds",
            retry_after=max(1, math.ceil(budget.wait)),
            headers=headers,
        )
    connection.scope.setdefault("state", {})[RATE_LIMIT] = headers


#: where the guard leaves a command's `RateLimit` headers for its answer (`budget_headers`)
RATE_LIMIT = "saloon.rate_limit"


def budget_headers(scope: Any) -> dict[str, str]:
    """The `RateLimit` and `RateLimit-Policy` headers of a command's answer: what its seat's
    bucket held once the command spent its token (none when commands are not limited)."""
    headers: dict[str, str] = scope.get("state", {}).get(RATE_LIMIT, {})
    return headers


class StreamSlots:
    """How many streams each seat of each table, and each table, has open in this process:
    a table's cap keeps its many seats from holding many times a seat's streams."""

    def __init__(
        self, per_seat: int, per_table: int, on_change: Callable[[int], None] | None = None
    ) -> None:
        self.per_seat, self.per_table = per_seat, per_table
        self._open: dict[tuple[UUID, str], int] = {}
        self._open_at: dict[UUID, int] = {}
        self._on_change = on_change or (lambda delta: None)
        self._lock = threading.Lock()

    def reserve(self, table_id: UUID, seat: str) -> Callable[[], None]:
        """Take a slot or refuse with 429; returns the slot's release (idempotent)."""
        key = (table_id, seat)
        with self._lock:
            if self._open.get(key, 0) >= self.per_seat:
                raise Refused(
                    429,
                    "too_many_streams",
                    f"a seat may keep {self.per_seat} streams open at once: close one first",
                    retry_after=5,
                )
            if self._open_at.get(table_id, 0) >= self.per_table:
                raise Refused(
                    429,
                    "too_many_table_streams",
                    f"the seats of a table may keep {self.per_table} streams open at once: "
                    "retry when one closes",
                    retry_after=5,
                )
            _count(self._open, key, 1)
            _count(self._open_at, table_id, 1)
        self._on_change(1)
        released = False

        def release() -> None:
            nonlocal released
            with self._lock:
                if released:
                    return
                released = True
                _count(self._open, key, -1)
                _count(self._open_at, table_id, -1)
            self._on_change(-1)

        return release


def _count(counts: dict[K, int], key: K, delta: int) -> None:
    """Move a count, forgetting it at zero."""
    left = counts.get(key, 0) + delta
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)


def held(messages: AsyncIterator[T], release: Callable[[], None]) -> AsyncIterator[T]:
    """`messages`, releasing a stream slot when they end, fail, are closed, or are dropped
    without ever being started (a client gone before the first byte)."""

    async def relay() -> AsyncIterator[T]:
        try:
            async for message in messages:
                yield message
        finally:
            release()
            aclose = getattr(messages, "aclose", None)
            if aclose is not None:
                await aclose()

    wrapper = relay()
    weakref.finalize(wrapper, release)
    return wrapper
