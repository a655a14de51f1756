"""What a rule system brings to projections: its visibility rules, its views and the moment
of play whose secrets audit may not open yet. Names no system: `projections.systems`
registers each, one line apiece."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

from domain.table import Table
from projections.fairness import Fairness
from projections.tally import LoggedEvent, Tally
from projections.visibility import Rule, Viewer


@dataclass(frozen=True)
class SystemStats:
    """What a rule system adds to a table's figures (`projections.stats`)."""

    #: count what one event of the log says (as the log shows it) into the tally
    fold: Callable[[Tally, LoggedEvent], None]
    #: the system's figures from a tally: its Struct, tagged with the system's name
    figures: Callable[[Tally], Any]
    figures_type: type
    #: the system's own distributions judged for fairness (dice are judged for every system)
    fairness: Callable[[Tally], list[Fairness]]
    #: the event types (as the log names them) whose fields `fold` reads: of any other
    #: event the read model hands it the type, actor and time alone, sparing the decoding
    #: (`tests/test_analytics.py` folds every event both ways and finds the same figures)
    reads: frozenset[str]


def _nothing_open(_: Table) -> Hashable | None:
    """A system whose secrets are all dice has no open moment: a roll's own record says who
    sees it (`projections.visibility.sees_roll`), whatever is open."""
    return None


def _no_moment(_: Any) -> Hashable | None:
    return None


@dataclass(frozen=True)
class SystemProjection:
    name: str
    #: every event type of the system: its public fields and its secrets
    rules: Mapping[type, Rule]
    #: a seat's view of a table of the system, now or at a version
    view: Callable[[Table, Viewer], Any]
    #: the view's Struct, tagged with the system's name (the API's document lists them)
    view_type: type
    #: one character as the viewer may see it (None when the table has no such character)
    character_view: Callable[[Table, str, Viewer], Any]
    character_type: type
    stats: SystemStats
    #: the moment of play open now whose secrets the game master's audit may not open until
    #: it ends (a test whose draws and choices are still secret, a turn of one), as a key;
    #: None when nothing is open. The seal protects the present: once the moment ends its
    #: secrets open to audit like any other
    open_moment: Callable[[Table], Hashable | None] = _nothing_open
    #: the moment an event belongs to, keyed as `open_moment` keys it (None: no moment): the
    #: secret fields of an event of the open moment are sealed from audit
    moment_of: Callable[[Any], Hashable | None] = _no_moment


PROJECTIONS: dict[str, SystemProjection] = {}


def register(projection: SystemProjection) -> None:
    if projection.name in PROJECTIONS:
        raise ValueError(f"projections for {projection.name!r} are already registered")
    PROJECTIONS[projection.name] = projection
