"""Seat authority, judged by the visibility policy: what a seat reads that the game master's
audit does not.

Nobody learns a seat's secret by becoming the seat. Whoever redeems an invitation the game
master issued reads, from then on, everything the seat reads, its past included: so while the
seat reads anything the game master's audit does not (a secret of the moment of play still
open, its own deck's contents, cards shown to it face down, a `self` roll), no invitation is
issued or redeemed for it (`domain.application.Tables.seat_authority`). The judgement is the
policy's own: every event of the log and the table's view, as the seat reads them and as audit
does; no rule system says it again.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from domain.table import Seat, Table
from projections.redaction import redact, withheld
from projections.viewers import viewer_for
from projections.views import table_view


def beyond_audit(table: Table, events: Iterable[Any], seat: Seat) -> str | None:
    """Where the seat reads what the game master's audit does not, as a phrase naming the
    place (an event's version and field, or the view's field), or None."""
    if table.closed:
        return None
    own = viewer_for(table, seat, audit=False)
    audit = viewer_for(table, table.gm_seat, audit=True)
    # the view first: it costs one projection, and usually decides (a hand, a deck)
    mine_view = msgspec.to_builtins(table_view(table, own))
    audit_view = msgspec.to_builtins(table_view(table, audit))
    for name, value in mine_view.items():
        if _more(value, audit_view.get(name)):
            return f"the view's `{name}`"
    for event in events:
        if withheld(event, own, closed=False):
            continue
        version = event.originator_version
        if withheld(event, audit, closed=False):
            return f"the event at version {version}"
        mine, theirs = redact(event, own, False).data, redact(event, audit, False).data
        for name, value in mine.items():
            if _more(value, theirs.get(name)):
                return f"`{name}` at version {version}"
    return None


def _more(mine: Any, theirs: Any) -> bool:
    """Whether `mine` shows something where `theirs` shows nothing (null), anywhere inside."""
    if mine is None:
        return False
    if theirs is None:
        return True
    if isinstance(mine, dict) and isinstance(theirs, dict):
        return any(_more(value, theirs.get(key)) for key, value in mine.items())
    if isinstance(mine, list) and isinstance(theirs, list):
        return len(mine) > len(theirs) or any(map(_more, mine, theirs))
    return False
