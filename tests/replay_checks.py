"""Replay gives the live table: the same game state, and the same view for every seat."""

from __future__ import annotations

import msgspec

from domain.table import Table
from projections.viewers import viewer_for
from projections.views import table_view


def assert_replay_matches(live: Table, replayed: Table) -> None:
    """The table folded from its events alone equals the live one, in its state and in what
    every seat (the game master in play and in audit) reads of it."""
    assert msgspec.to_builtins(replayed.game) == msgspec.to_builtins(live.game)
    for seat in live.seats.values():
        for audit in (False, True):
            viewer = viewer_for(live, seat, audit)
            assert msgspec.to_builtins(table_view(replayed, viewer)) == msgspec.to_builtins(
                table_view(live, viewer)
            ), f"{seat.id}'s view (audit: {audit}) differs after replay"
