"""What a rule system brings to projections: its visibility rules, its views and the moment
of play whose secrets audit may not open yet. Names no system: `projections.systems`
registers each, one line apiece; each system declares its own in
`projections/<system>/projection.py` with `SystemProjection.of`."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from functools import partial
from types import ModuleType
from typing import Any, get_type_hints

from domain.table import Table
from projections.fairness import Fairness
from projections.tally import LoggedEvent, Tally
from projections.visibility import Rule, Viewer


def _nothing_judged(_: Tally) -> list[Fairness]:
    """A dice system judges nothing of its own: the dice's faces are judged for every
    system (`projections.stats`)."""
    return []


@dataclass(frozen=True)
class SystemStats:
    """What a rule system adds to a table's figures (`projections.stats`)."""

    #: count what one event of the log says (as the log shows it) into the tally
    fold: Callable[[Tally, LoggedEvent], None]
    #: the system's figures from a tally: its Struct, tagged with the system's name
    figures: Callable[[Tally], Any]
    figures_type: type
    #: the event types (as the log names them) whose fields `fold` reads: of any other
    #: event the read model hands it the type, actor and time alone, sparing the decoding
    #: (`tests/test_analytics.py` folds every event both ways and finds the same figures)
    reads: frozenset[str]
    #: the system's own distributions judged for fairness (dice are judged for every system)
    fairness: Callable[[Tally], list[Fairness]]
    #: what its figures' `damage_over_time` counts, in the book's words ("Hearts"), as the
    #: figures say it to whoever draws them (the replay page's chart)
    damage_unit: str

    @classmethod
    def of(cls, stats: ModuleType) -> SystemStats:
        """A system's figures from its stats module, by their names: `fold`, `figures` (whose
        return annotation names the figures Struct the API's document lists), `READS` and
        `DAMAGE_UNIT`, and `judged` in a system that judges distributions of its own."""
        return cls(
            fold=stats.fold,
            figures=stats.figures,
            figures_type=get_type_hints(stats.figures)["return"],
            reads=stats.READS,
            fairness=getattr(stats, "judged", _nothing_judged),
            damage_unit=stats.DAMAGE_UNIT,
        )


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

    @classmethod
    def of(
        cls,
        name: str,
        redaction: ModuleType,
        views: ModuleType,
        stats: ModuleType,
        open_moment: Callable[[Table], Hashable | None] = _nothing_open,
        moment_of: Callable[[Any], Hashable | None] = _no_moment,
    ) -> SystemProjection:
        """A system's projections from its modules, by their names: `redaction.RULES`,
        the figures of `stats` (`SystemStats.of`), and `views.table_view(table, viewer)` and
        `views.character_view(table, character, viewer)`, whose return annotations name the
        view Structs the API's document lists; `open_moment` and `moment_of` for a system whose
        secrets audit must keep until a moment of play ends."""
        return cls(
            name=name,
            rules=redaction.RULES,
            view=views.table_view,
            view_type=get_type_hints(views.table_view)["return"],
            character_view=partial(_find_character, views),
            character_type=get_type_hints(views.character_view)["return"],
            stats=SystemStats.of(stats),
            open_moment=open_moment,
            moment_of=moment_of,
        )


def _find_character(views: ModuleType, table: Table, character_id: str, viewer: Viewer) -> Any:
    """The view of the table's character of that id (None: no such character); every
    system's state keeps its characters by id. The module's `character_view` is looked up
    when called: the one in force then (a test may stand another in for it)."""
    character = table.game.characters.get(character_id)
    return None if character is None else views.character_view(table, character, viewer)


PROJECTIONS: dict[str, SystemProjection] = {}


def register(projection: SystemProjection) -> None:
    if projection.name in PROJECTIONS:
        raise ValueError(f"projections for {projection.name!r} are already registered")
    PROJECTIONS[projection.name] = projection
