"""The additive figures of a table's log: what analytics count, event by event.

A `Tally` is folded from a table's log, one event at a time, in the shape the log shows each
event (`LoggedEvent`: its type, actor, time and data). Folded from a caller's log it holds
what that caller may know; folded from every event after closing, everything. The same
tally is kept by the read model for every table (`projections.analytics`) and summed across
tables for the operator, so every figure is a count (or a sum) under a key path.

Keys are paths of words joined by `/`: `seat_commands/p1`, `dice/6/4`, `character/c1/drawn`. A
path's first word says what it counts; paths under `PER_TABLE` name a table's own seats or
characters and mean nothing in another table, so they are dropped when tallies are summed.

Each system's figures read a tally the same way (`Counts` and its `filled`, `per_character`,
`over_time`, `by_character`, `took_damage`) and a dice system counts a character's rolls the
same way (`rolled`, `settled`), so a system writes only what its figures count.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any, Protocol, TypeVar

import msgspec

SEPARATOR = "/"
#: first words of the keys that name a table's own seats or characters
PER_TABLE = frozenset({"seat_commands", "character", "seat"})


#: the word of a value a log does not give (a test without a skill, a masked field)
NONE = "-"


def whole(value: Any) -> int | None:
    """A logged value as a count, or None when it is none (a masked field, a bool)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def word(value: Any) -> str:
    """A key word for a logged value; a name holding the key separator shows a division
    slash instead."""
    return NONE if value is None else str(value).replace(SEPARATOR, "\u2215")


class LoggedEvent(Protocol):
    """An event as the log shows it (`projections.redaction.RedactedEvent`)."""

    @property
    def type(self) -> str: ...
    @property
    def actor(self) -> str: ...
    @property
    def at(self) -> str: ...
    @property
    def data(self) -> dict[str, Any]: ...


def key(*words: object) -> str:
    """A key path; a word holding the separator would make two paths one, so it may not."""
    path = SEPARATOR.join(map(str, words))
    if path.count(SEPARATOR) != len(words) - 1:
        raise ValueError(f"a key word may not hold {SEPARATOR!r}: {words}")
    return path


class Tally(msgspec.Struct, kw_only=True):
    """Counts and sums under key paths, the names they refer to, and the last command seen
    (to tell the next event's command apart and time the gap between them)."""

    counts: dict[str, float] = msgspec.field(default_factory=dict)
    #: names of the table's seats and characters, its system and mode: `seat/p1` → "Judit"
    labels: dict[str, str] = msgspec.field(default_factory=dict)
    last_actor: str | None = None
    last_at: str | None = None
    #: the table's version the tally has folded up to
    version: int = 0

    def add(self, *words: object, amount: float = 1) -> None:
        # `key`, inline: the read model adds a few counts for every event of the store
        try:
            path = SEPARATOR.join(words)  # type: ignore[arg-type]
        except TypeError:  # a number among the words
            path = SEPARATOR.join(map(str, words))
        if path.count(SEPARATOR) != len(words) - 1:
            raise ValueError(f"a key word may not hold {SEPARATOR!r}: {words}")
        counts = self.counts
        counts[path] = counts.get(path, 0) + amount

    def label(self, value: str, *words: object) -> None:
        self.labels[key(*words)] = value

    def count(self, *words: object) -> float:
        return self.counts.get(key(*words), 0)

    def under(self, *words: object) -> dict[tuple[str, ...], float]:
        """The counts under a prefix, by the rest of their paths."""
        prefix = key(*words) + SEPARATOR
        return {
            tuple(path[len(prefix) :].split(SEPARATOR)): value
            for path, value in self.counts.items()
            if path.startswith(prefix)
        }

    def names(self, *words: object) -> dict[str, str]:
        """The labels under a prefix, by the last word of their paths."""
        prefix = key(*words) + SEPARATOR
        return {
            path[len(prefix) :]: value
            for path, value in self.labels.items()
            if path.startswith(prefix)
        }


def name_character(tally: Tally, character: Any) -> None:
    """Keep a created character's name (the whole character a `CharacterCreated` shows every
    seat), under the label `per_character` gives its figures by."""
    if isinstance(character, dict):
        tally.label(str(character["name"]), "character", character["id"])


def character_of(data: dict[str, Any]) -> str | None:
    """The id of the character a logged event names (`character`); None when it names none."""
    character = data.get("character")
    return character if isinstance(character, str) else None


def rolled(tally: Tally, character: str, shown: bool) -> None:
    """A character's roll, counted as made whether or not the caller is shown it (its
    `RollerFigures`' `rolls` and `hidden`, the table's `rolls_hidden`)."""
    tally.add("character", character, "rolls")
    if not shown:
        tally.add("rolls_hidden")
        tally.add("character", character, "hidden")


def settled(tally: Tally, character: str, outcome: object) -> None:
    """A shown roll's outcome, the table's (`outcome/<word>`) and its character's."""
    tally.add("outcome", word(outcome))
    tally.add("character", character, "outcome", word(outcome))


def seconds_between(earlier: str, later: str) -> float:
    return (_moment(later) - _moment(earlier)).total_seconds()


#: a command's time is read twice, as the later moment and then as the earlier one
_moment = lru_cache(maxsize=4)(datetime.fromisoformat)


def summed(tallies: Iterable[Tally], labels: Mapping[str, str] | None = None) -> Tally:
    """Tallies of several tables added up, without the figures that name one table's seats
    or characters."""
    total = Tally(labels=dict(labels or {}))
    for tally in tallies:
        for path, value in tally.counts.items():
            if path.partition(SEPARATOR)[0] not in PER_TABLE:
                total.counts[path] = total.counts.get(path, 0) + value
    return total


# -- reading figures -----------------------------------------------------------------------


def word_order(found: str) -> tuple[int, int, str]:
    """Key words in the order figures list them: numbers (a difficulty may be negative) in
    numeric order, then words, then none."""
    if found == NONE:
        return (2, 0, "")
    try:
        return (0, int(found), "")
    except ValueError:
        return (1, 0, found)


def word_text(found: str) -> str | None:
    """A key word read back as the value it was made of (`word`): None for none."""
    return None if found == NONE else found


def word_number(found: str) -> int | None:
    """A key word read back as the number it was made of (`word`): None for none."""
    return None if found == NONE else int(found)


def outcome_rows(
    tally: Tally, *words: object, order: Callable[[str], Any] = str
) -> list[tuple[tuple[str, ...], dict[str, int]]]:
    """The counts under `words` whose paths end in an outcome (`check/<kind>/…/<outcome>`), a
    row for each rest of path with its outcomes' counts in name order; rows sorted word by
    word by `order`, as each system lists its checks, tests or rolls."""
    rows: dict[tuple[str, ...], dict[str, int]] = {}
    for (*row, outcome), n in tally.under(*words).items():
        rows.setdefault(tuple(row), {})[outcome] = int(n)
    ordered = sorted(rows.items(), key=lambda item: tuple(map(order, item[0])))
    return [(row, dict(sorted(outcomes.items()))) for row, outcomes in ordered]


S = TypeVar("S", bound=msgspec.Struct)


@dataclass(frozen=True)
class Counts:
    """A tally's counts under a prefix (a character's: `character/<id>`), read as a figures
    Struct holds them: whole numbers, and mappings keyed by word."""

    tally: Tally
    prefix: tuple[str, ...] = ()

    def __call__(self, *words: object) -> int:
        return int(self.tally.count(*self.prefix, *words))

    def by_word(self, *words: object) -> dict[str, int]:
        """The counts under `words`, by the rest of their paths, in `word_order`."""
        counts = self.tally.under(*self.prefix, *words).items()
        ordered = sorted(counts, key=lambda item: word_order(item[0][0]))
        return {SEPARATOR.join(path): int(n) for path, n in ordered}

    def filled(self, figures: type[S], **given: Any) -> S:
        """A figures Struct whose whole-number fields are the counts under their own names
        (`rolls` is `count("rolls")`) and whose mappings by word are the counts under their
        own names by word (`rerolls` is `count.by_word("rerolls")`), but those `given`: a
        system names only the figures it reads otherwise."""
        counted = {
            field.name: self(field.name) if field.type is int else self.by_word(field.name)
            for field in msgspec.structs.fields(figures)
            if field.type in _COUNTED and field.name not in given
        }
        return figures(**counted, **given)


#: the types of the figures `Counts.filled` reads under their own names
_COUNTED = (int, dict[str, int])


class RollerFigures(msgspec.Struct, kw_only=True):
    """What a dice system's figures first say of each character (`per_character`); each
    system's Struct adds its own."""

    name: str
    """The character's name as the table shows it"""
    rolls: int
    """Rolls it made, shown or not"""
    hidden: int
    """Its rolls whose outcome the caller was not shown"""
    outcomes: dict[str, int]
    """Its shown rolls by outcome, in its rule system's words: how many ended each way"""


def per_character(tally: Tally, figures: type[S], **read: Callable[[Counts], Any]) -> dict[str, S]:
    """Every character's figures by id, in id order, as every system's begin: its name
    (`name_character`; its id when the log never named it), its outcomes by word
    (`outcome/<word>`, as `settled` counts a dice system's), the rest `filled` from its counts
    (those under `character/<id>`: a dice system's rolls and hidden ones as `rolled` counts
    them), but the figures a system `read`s otherwise from them."""
    names = tally.names("character")
    figured = {}
    for character in sorted({path[0] for path in tally.under("character")} | set(names)):
        count = Counts(tally, ("character", character))
        given = {figure: reading(count) for figure, reading in read.items()}
        figured[character] = count.filled(
            figures,
            name=names.get(character, character),
            outcomes=count.by_word("outcome"),
            **given,
        )
    return figured


#: `character/<id>/damage_at/<version>`: what the character took at that version (each
#: system says in what unit: its `DamagePoint`)
DAMAGE_AT = "damage_at"


def took_damage(tally: Tally, character: str, amount: float = 1) -> None:
    """Count what a character took at the event being folded (`over_time` lists it)."""
    tally.add("character", character, DAMAGE_AT, tally.version, amount=amount)


class DamagePoint(msgspec.Struct, kw_only=True):
    """What one character took at one event of the table: each system says what it counts
    (its subclass names the points in the API's document)."""

    version: int
    """The table's version at the event (its place in the log)"""
    character: str
    """The id of the character who took it"""
    amount: int
    """What the character took at that event, in the figures' damage_unit (Hearts, …)"""


P = TypeVar("P", bound=DamagePoint)


def over_time(tally: Tally, figure: str, point: type[P]) -> list[P]:
    """The counts kept per character and version (`character/<id>/<figure>/<version>`), as
    points, in the table's order (then by character)."""
    found = sorted(
        (int(path[2]), path[0], int(amount))
        for path, amount in tally.under("character").items()
        if len(path) == 3 and path[1] == figure and amount
    )
    return [point(version=v, character=c, amount=a) for v, c, a in found]


def by_character(
    tally: Tally, figures: type[S], point: type[P], **read: Callable[[Counts], Any]
) -> dict[str, Any]:
    """What every system's figures end with: each character's figures (`per_character`),
    and what the characters took over time (`DAMAGE_AT`, as `point`s)."""
    return {
        "characters": per_character(tally, figures, **read),
        "damage_over_time": over_time(tally, DAMAGE_AT, point),
    }
