"""After closing: recompute every shuffle from the revealed seed and compare with the log."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.frontera.events import CardsShuffled, game
from domain.randomness import shuffled


def shuffle_mismatches(events: Iterable[Any], seed: bytes) -> tuple[int, list[str]]:
    """Replay the table; before each shuffle, recompute it from the zone as it then was.

    Returns how many shuffles were checked and a description of each mismatch.
    """
    table: Any = None
    checked, mismatches = 0, []
    for event in events:
        if isinstance(event, CardsShuffled):
            checked += 1
            state = game(table)
            before = state.zone(event.zone)
            scripted = state.options.scripted_order is not None
            if event.index != table.random_operations:
                mismatches.append(
                    f"version {event.originator_version}: random operation {event.index} "
                    f"follows {table.random_operations - 1}"
                )
            expected = list(before) if scripted else shuffled(before, seed, event.index)
            if expected != list(event.order):
                mismatches.append(
                    f"version {event.originator_version}: the shuffle of {event.zone} "
                    "differs from the one the seed gives"
                )
        table = event.mutate(table)
    return checked, mismatches
