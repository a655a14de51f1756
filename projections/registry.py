"""What a rule system brings to projections: its visibility rules and its views. Names no
system: `projections.systems` registers each, one line apiece."""

from __future__ import annotations

from collections.abc import Callable, Mapping
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


PROJECTIONS: dict[str, SystemProjection] = {}


def register(projection: SystemProjection) -> None:
    if projection.name in PROJECTIONS:
        raise ValueError(f"projections for {projection.name!r} are already registered")
    PROJECTIONS[projection.name] = projection
