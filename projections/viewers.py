"""Who reads a table: the `Viewer` of a seat, with what the table's rule system and its rolls
keep from it. Apart from `projections.visibility`, whose words every system's rules are
written in, since the viewer asks the registered systems (`projections.systems`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.table import GM, Seat, Table
from projections.systems import PROJECTIONS
from projections.visibility import Viewer, sees_roll

#: the one empty set of every viewer that plays no character or has no roll hidden (an empty
#: frozenset is a new object each time): what a stream's viewer keeps from one move to the
#: next, the collector walks
_NONE: frozenset[Any] = frozenset()


def viewer_for(table: Table, seat: Seat, audit: bool, *, within_audit: bool = False) -> Viewer:
    """The seat as it reads the table now: its role, the moment of play open (its system's
    `open_moment`), the characters it plays, and the rolls it may not see (each judged by
    its own record, `sees_roll`), none once the table is closed. `within_audit`: as the game
    master's audit may show the seat's reading (`Viewer.within_audit`)."""
    viewer = Viewer(
        seat=seat.id,
        is_gm=seat.role == GM,
        audit=audit,
        open_moment=PROJECTIONS[table.system].open_moment(table),
        plays=frozenset(
            c.id for c in getattr(table.game, "characters", {}).values() if c.seat == seat.id
        )
        or _NONE,
        within_audit=within_audit,
    )
    if table.closed:
        return viewer
    records = {record.roll: record for record in table.secret_roll_records}
    hidden = frozenset(
        roll for roll in table.secret_rolls if not sees_roll(viewer, records.get(roll))
    )
    return replace(viewer, hidden_rolls=hidden or _NONE)
