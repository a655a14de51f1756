"""What a rule system brings to the shared table, and the registry the table looks it up in.

A rule system brings its options, its game state, and the handlers of its commands; the
shared table, seats, seed, dice, log and views serve them all. This module names no system:
`domain.systems` registers each, one line apiece.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import msgspec

from domain.errors import InvalidCommand, NotFound
from domain.games import GameState
from domain.keys import TableKeys

if TYPE_CHECKING:
    from domain.table import Table

#: a handler validates a command against a table and triggers its events; it returns
#: what the acting seat gets back (an id, the cards it drew, …)
Handler = Callable[["Table", str, Any, TableKeys], Any]
OptionsT = TypeVar("OptionsT", bound=msgspec.Struct)


def decoded_options(
    options: dict[str, Any], options_type: type[OptionsT], check: Callable[[OptionsT], None]
) -> OptionsT:
    """A client's options as the system's type, and as its rules admit them (`check`); the
    refusal says which option is wrong."""
    try:
        parsed = msgspec.convert(options, options_type)
    except msgspec.ValidationError as error:
        raise InvalidCommand(f"invalid table options: {error}", "invalid_options") from None
    check(parsed)
    return parsed


def _nothing_face_down(_: Any, __: str, ___: TableKeys) -> None:
    """A system with nothing face down (dice) has nothing to reshuffle after a fork."""


def _no_more_checks(_: Any) -> None:
    """Options the type admits are options the rules admit."""


def _no_shuffles(_: Iterable[Any], __: bytes) -> tuple[int, list[str]]:
    return 0, []


@dataclass(frozen=True)
class RuleSystem:
    name: str
    #: id of the game master's seat, in the system's own word
    gm_seat: str
    #: the table options a client may send, all with defaults (a `forbid_unknown_fields`
    #: Struct: the API's document describes them from it)
    options_type: type[msgspec.Struct]
    #: the game state's type (`Table.game`), whose stored form a forked table loads
    state_type: type[GameState[Any, Any]]
    handlers: Mapping[type, Handler]
    #: whether the log names the system's events with the system's name
    #: (`stepdice.TestRolled`) or bare (`CardsDrawn`), as it names the shared table's and
    #: dice's: each system states it, for clients read its events by these names (a new
    #: system qualifies them; one whose events were logged bare before a second system came
    #: keeps them bare)
    qualified_event_types: bool
    #: the game state of a new table from its decoded options, where it holds more than the
    #: options (default: `state_type(options=…)`); runs inside the creation event, so it
    #: never fails
    start_game: Callable[[Any], Any] | None = None
    #: the state a fork copies, with nothing a fork's seat may not know written in order
    fork_copy: Callable[[Any], dict[str, Any]] = msgspec.to_builtins
    #: what a forked table does after copying the state (e.g. reshuffle what is face down)
    after_fork: Callable[[Any, str, TableKeys], None] = _nothing_face_down
    #: after closing: (shuffles checked, mismatches) from the table's events and its seed;
    #: dice are checked for every system by `domain.dice`
    verify_shuffles: Callable[[Iterable[Any], bytes], tuple[int, list[str]]] = _no_shuffles
    #: the codes of the system's own refusals a command that keeps to the API's document may
    #: still meet, by status: rules the document cannot state (the game's phase, what the
    #: characters hold, fields that go together). The shared table's own are
    #: `tests/schema_refusals.py`'s; the API tests allow a refusal only if some registered
    #: system declares it, so a system declares every one its handlers raise
    refusal_codes: Mapping[int, frozenset[str]] = field(default_factory=dict)
    #: what the rules refuse of options their type admits (options that go together, dice
    #: the table cannot show), raising `invalid_options`; it may normalise them in place
    check_options: Callable[[Any], None] = _no_more_checks

    def parse_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A client's options validated, as stored in the creation event."""
        return msgspec.to_builtins(decoded_options(options, self.options_type, self.check_options))

    def new_game(self, options: dict[str, Any]) -> Any:
        """The game state of a new table, from the options its creation event stores."""
        parsed = msgspec.convert(options, self.options_type)
        if self.start_game is not None:
            return self.start_game(parsed)
        return self.state_type(options=parsed)

    def load_game(self, game: dict[str, Any]) -> Any:
        """A game state from its stored form (a forked table's copy)."""
        return msgspec.convert(game, self.state_type)


RULE_SYSTEMS: dict[str, RuleSystem] = {}


def register(system: RuleSystem) -> None:
    if system.name in RULE_SYSTEMS:
        raise ValueError(f"a rule system {system.name!r} is already registered")
    RULE_SYSTEMS[system.name] = system


def rule_system(name: str) -> RuleSystem:
    system = RULE_SYSTEMS.get(name)
    if system is None:
        known = ", ".join(RULE_SYSTEMS)
        raise NotFound(f"there is no rule system {name!r}; there is {known}", "unknown_system")
    return system
