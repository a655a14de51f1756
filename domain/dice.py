"""Dice that anyone can audit after closing, and the seam every dice system rolls through.

A rule is written against `Dice`: it asks for a die when the rule needs one (a critical's
confirmation only after a natural 1) and never knows where the face comes from. At a table
the faces come from the table's seed, each die its own random operation (the HMAC stream of
`domain.randomness`, rejection sampling, no modulo bias), or from the table's public
`scripted_rolls`; every die is recorded before any value derived from it, and replay reads the
recorded faces, never rolling again. In tests, `ScriptedDice` hands out given faces.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol


class Dice(Protocol):
    def roll(self, sides: int, purpose: str) -> int:
        """One die of `sides` faces, 1..sides; `purpose` says what the rule rolls it for
        (recorded with the face: "check", "location", "damage", "critical confirmation")."""
        ...


class DiceExhausted(Exception):
    """A scripted sequence ran out: the rule rolled more dice than the script foresaw."""


class ScriptedDice:
    """Given faces in order, checked against each die's size; records what was rolled."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self.rolled: list[tuple[int, int, str]] = []

    def roll(self, sides: int, purpose: str) -> int:
        if len(self.rolled) == len(self._faces):
            raise DiceExhausted(f"no scripted face left for a d{sides} ({purpose})")
        face = self._faces[len(self.rolled)]
        if not 1 <= face <= sides:
            raise ValueError(f"a d{sides} cannot show {face} ({purpose})")
        self.rolled.append((sides, face, purpose))
        return face

    @property
    def left(self) -> int:
        return len(self._faces) - len(self.rolled)
