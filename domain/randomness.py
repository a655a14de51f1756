"""Auditable randomness: random operation k of a table is a function of its seed and k.

Operation k is a die or a Fisher-Yates shuffle driven by the byte stream HMAC-SHA256(seed,
"k:counter") with rejection sampling, so there is no modulo bias and anyone holding the
seed (revealed when the table closes) can recompute every shuffle.
"""

from __future__ import annotations

import hmac
import struct
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

#: an HMAC-SHA256 block as eight big-endian 32-bit words
_WORDS = struct.Struct(">8I")


class _Stream:
    """Uniform integers from the HMAC byte stream of one random operation.

    Each HMAC block is cut into its eight 4-byte words at once: a shuffle draws about one
    word per card, and this is the hot path of every draw."""

    def __init__(self, seed: bytes, index: int) -> None:
        self._seed = seed
        self._prefix = f"{index}:".encode()
        self._counter = 0
        self._words: list[int] = []

    def _next_word(self) -> int:
        if not self._words:
            block = hmac.digest(self._seed, self._prefix + str(self._counter).encode(), "sha256")
            self._words = list(reversed(_WORDS.unpack(block)))
            self._counter += 1
        return self._words.pop()

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


def die_face(seed: bytes, index: int, sides: int) -> int:
    """Random operation number `index` of a table: one die of `sides` faces."""
    return _Stream(seed, index).below(sides) + 1
