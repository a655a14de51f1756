"""A table's figures, and the figures of many closed tables, from tallies of their logs.

`fold` counts one logged event into a table's tally: what every system shares here (seats,
commands and their pace, dice faces), then what the table's rule system adds (its
`SystemStats`). A command is told apart in the log by its seat and its moment: every event
of one command carries the same timestamp (`domain.table.one_moment`).

`table_stats` shapes one table's tally for `GET /tables/{id}/stats`; `totals` shapes the
sum of closed tables' tallies for the operator's `GET /stats`. Fairness is judged only on
complete figures (a closed table), since a caller's partial knowledge is a biased sample.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Union
from uuid import UUID

import msgspec

from projections.fairness import Fairness, fairness
from projections.systems import PROJECTIONS
from projections.tally import LoggedEvent, Tally, seconds_between

if TYPE_CHECKING:
    SystemFigures = Any
else:
    SystemFigures = Union[tuple(p.stats.figures_type for p in PROJECTIONS.values())]  # noqa: UP007

#: the version of the figures: bump it when a fold counts anything differently, and the read
#: model (`projections.analytics`) starts afresh in tables of the new version, folding the
#: whole log again, instead of mixing figures counted two ways
FIGURES_VERSION = 2
#: the event types whose fields `fold` reads itself (each system's `SystemStats.reads` add theirs)
SHARED_READS = frozenset({"TableCreated", "SeatJoined", "DiceRolled"})
#: the time between two commands falls within the first of these (seconds, name), or `longer`
PACE_WITHIN = ((10, "10s"), (60, "1m"), (300, "5m"), (900, "15m"), (3600, "1h"))


def reads(system: str, event_type: str) -> bool:
    """Whether folding an event of this type into a table of this system reads its fields."""
    return event_type in SHARED_READS or event_type in PROJECTIONS[system].stats.reads


def fold(tally: Tally, event: LoggedEvent, version: int) -> None:
    """Count one event of a table's log (at `version`) into its tally.

    The read model folds every event of the store: the counts every event adds are written
    out here rather than through `Tally.add`, and a system's fold sees only the event types
    it reads (`SystemStats.reads`)."""
    tally.version = version
    counts = tally.counts
    counts["events"] = counts.get("events", 0) + 1
    kind = event.type
    if kind in SHARED_READS:
        _shared(tally, event)
    if event.at != tally.last_at or event.actor != tally.last_actor:
        _command(tally, event)
    system = PROJECTIONS.get(tally.labels.get("system", ""))
    if system is not None and kind in system.stats.reads:
        system.stats.fold(tally, event)


def _shared(tally: Tally, event: LoggedEvent) -> None:
    data = event.data
    if event.type == "TableCreated":
        tally.label(str(data["system"]), "system")
        if isinstance(data.get("gm"), dict):
            tally.label(str(data["gm"]["name"]), "seat", data["gm"]["id"])
        mode = (data.get("options") or {}).get("mode")
        if mode is not None:
            tally.label(str(mode), "mode")
    elif event.type == "SeatJoined" and isinstance(data.get("seat"), dict):
        tally.label(str(data["seat"]["name"]), "seat", data["seat"]["id"])
    elif event.type == "DiceRolled":
        for die in data.get("dice") or []:
            if isinstance(die, dict) and isinstance(die.get("face"), int):
                tally.add("dice", die["sides"], die["face"])
                if die.get("index") is None:
                    tally.add("scripted_dice", die["sides"])


def _command(tally: Tally, event: LoggedEvent) -> None:
    counts = tally.counts
    counts["commands"] = counts.get("commands", 0) + 1
    tally.add("seat_commands", event.actor)
    if tally.last_at is not None:
        gap = max(seconds_between(tally.last_at, event.at), 0.0)
        within = next((name for limit, name in PACE_WITHIN if gap <= limit), "longer")
        for path, amount in (("pace/gaps", 1), ("pace/seconds", gap), (_WITHIN[within], 1)):
            counts[path] = counts.get(path, 0) + amount
    tally.last_actor, tally.last_at = event.actor, event.at


_WITHIN = {name: f"pace/within/{name}" for name in [*(n for _, n in PACE_WITHIN), "longer"]}


class Pace(msgspec.Struct, kw_only=True):
    """The time between one command and the next, over the whole table."""

    gaps: int
    """The gaps counted: one between each command and the next"""
    mean_seconds: float | None
    """The mean time between one command and the next, in seconds; null with no gap"""
    within: dict[str, int]
    """How many gaps fall within 10s, 1m, 5m, 15m, 1h, or are longer, by those names"""


class SeatFigures(msgspec.Struct, kw_only=True):
    """One seat's share of the table's commands."""

    name: str
    """The seat's name as the table shows it"""
    commands: int
    """The commands the seat sent"""


class TableStats(msgspec.Struct, kw_only=True):
    """A table's figures as the caller may know them: during play, what the caller's log
    shows; after closing, everything."""

    table_id: UUID
    """The table's id, as in its paths"""
    system: str
    """The table's rule system: frontera, asaltos, stepdice, portal or fate"""
    version: int
    """The table's version the figures count up to"""
    closed: bool
    """Whether the table is closed"""
    complete: bool
    """Whether the figures count every event in full (the table is closed)"""
    events: int
    """The events of the log the figures count"""
    commands: int
    """The commands of every seat, the game master's included"""
    seats: dict[str, SeatFigures]
    """Each seat's figures, by seat id"""
    pace: Pace
    """The time between one command and the next, over the whole table"""
    fairness: list[Fairness]
    """What was drawn and rolled, one distribution each (card suits and values, each die size),
    against the expected shares; empty until the table is closed"""
    rules: SystemFigures
    """The figures of the rule system, as its own component (its system field says which)"""
    damage_unit: str
    """What the rule system's damage_over_time counts: Hearts, wound levels, …"""


class Totals(msgspec.Struct, kw_only=True):
    """The figures of closed tables of one rule system (and mode), added up."""

    system: str
    """The rule system of the tables added up"""
    mode: str | None
    """The game mode of the tables added up (their system's mode option, such as Frontera's
    normal); null for a system without modes"""
    tables: int
    """The closed tables added up"""
    events: int
    """Their events, over every table"""
    commands: int
    """Their commands, over every table and seat"""
    pace: Pace
    """The time between one command and the next, over every table"""
    fairness: list[Fairness]
    """What was drawn and rolled, one distribution each (card suits and values, each die size),
    against the expected shares, over every table"""
    rules: SystemFigures
    """The figures of the rule system, as its own component (its system field says which), added
    up"""


def _pace(tally: Tally) -> Pace:
    gaps = int(tally.count("pace", "gaps"))
    within = {name: int(tally.count("pace", "within", name)) for _, name in PACE_WITHIN}
    within["longer"] = int(tally.count("pace", "within", "longer"))
    mean = round(tally.count("pace", "seconds") / gaps, 3) if gaps else None
    return Pace(gaps=gaps, mean_seconds=mean, within=within)


def _fairness(tally: Tally, system: str) -> list[Fairness]:
    by_sides: dict[str, dict[str, float]] = {}
    for (sides, face), count in tally.under("dice").items():
        by_sides.setdefault(sides, {})[face] = count
    dice = [
        fairness(
            f"d{sides}",
            faces,
            {str(face): 1 for face in range(1, int(sides) + 1)},
            scripted=tally.count("scripted_dice", sides),
        )
        for sides, faces in sorted(by_sides.items(), key=lambda item: int(item[0]))
    ]
    return [*PROJECTIONS[system].stats.fairness(tally), *dice]


def table_stats(table_id: UUID, tally: Tally, *, closed: bool) -> TableStats:
    system = tally.labels["system"]
    seats = tally.names("seat")
    commands = {seat: int(n) for (seat,), n in tally.under("seat_commands").items()}
    return TableStats(
        table_id=table_id,
        system=system,
        version=tally.version,
        closed=closed,
        complete=closed,
        events=int(tally.count("events")),
        commands=int(tally.count("commands")),
        seats={
            seat: SeatFigures(name=seats.get(seat, seat), commands=commands.get(seat, 0))
            for seat in sorted({*seats, *commands})
        },
        pace=_pace(tally),
        fairness=_fairness(tally, system) if closed else [],
        rules=PROJECTIONS[system].stats.figures(tally),
        damage_unit=PROJECTIONS[system].stats.damage_unit,
    )


def totals(system: str, mode: str | None, tables: int, tally: Tally) -> Totals:
    """`tally` is the sum (`projections.tally.summed`) of `tables` closed tables' tallies."""
    return Totals(
        system=system,
        mode=mode,
        tables=tables,
        events=int(tally.count("events")),
        commands=int(tally.count("commands")),
        pace=_pace(tally),
        fairness=_fairness(tally, system),
        rules=PROJECTIONS[system].stats.figures(tally),
    )
