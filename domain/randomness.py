"""Auditable randomness: every random fact of a table comes from one secret seed.

The seed of a table is HMAC-SHA256(server key, table id). Shuffle number k of a table is
a Fisher-Yates shuffle driven by the byte stream HMAC-SHA256(seed, "k:counter") with
rejection sampling, so there is no modulo bias and anyone holding the seed (revealed when
the table closes) can recompute every shuffle. Only sha256(seed) is published before then.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import TypeVar
from uuid import UUID

T = TypeVar("T")


def table_seed(server_key: bytes, table_id: UUID) -> bytes:
    """The secret seed of a table, derived so that nothing secret needs to be stored."""
    return hmac.new(server_key, table_id.bytes, hashlib.sha256).digest()


def commitment(seed: bytes) -> str:
    """What a table publishes about its seed before it closes."""
    return hashlib.sha256(seed).hexdigest()


class _Stream:
    """Uniform integers from the HMAC byte stream of one random operation."""

    def __init__(self, seed: bytes, index: int) -> None:
        self._seed = seed
        self._index = index
        self._counter = 0
        self._buffer = b""

    def _next_word(self) -> int:
        if len(self._buffer) < 4:
            message = f"{self._index}:{self._counter}".encode()
            self._buffer += hmac.new(self._seed, message, hashlib.sha256).digest()
            self._counter += 1
        word, self._buffer = self._buffer[:4], self._buffer[4:]
        return int.from_bytes(word, "big")

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection sampling."""
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            word = self._next_word()
            if word < limit:
                return word % n


def shuffled(items: Sequence[T], seed: bytes, index: int) -> list[T]:
    """Random operation number `index` of a table: a Fisher-Yates shuffle of `items`."""
    result = list(items)
    stream = _Stream(seed, index)
    for i in range(len(result) - 1, 0, -1):
        j = stream.below(i + 1)
        result[i], result[j] = result[j], result[i]
    return result


class Randomness:
    """The random source a command receives; it never reaches an event or a view."""

    def __init__(self, seed: bytes) -> None:
        self._seed = seed

    def shuffled(self, items: Sequence[T], index: int) -> list[T]:
        return shuffled(items, self._seed, index)

    def reveal(self) -> str:
        """The seed in hex, for the closing event only."""
        return self._seed.hex()
