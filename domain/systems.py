"""The rule systems a table can be played with, by name.

A rule system brings its options, its game state, and the handlers of its commands; the
shared table, seats, seed, log and views serve them all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import msgspec

from domain.commands import Handler
from domain.errors import NotFound
from domain.frontera import handlers as frontera_handlers
from domain.frontera import rules as frontera_rules
from domain.frontera.setup import parse_options as frontera_options
from domain.frontera.state import FronteraState, Options
from domain.frontera.verify import shuffle_mismatches
from domain.keys import TableKeys


@dataclass(frozen=True)
class RuleSystem:
    name: str
    #: id of the game master's seat, in the system's own word
    gm_seat: str
    #: validates a client's options, returning them as stored in the creation event
    parse_options: Callable[[dict[str, Any]], dict[str, Any]]
    #: the game state of a new table; runs inside the creation event, so it never fails
    new_game: Callable[[dict[str, Any]], Any]
    #: a game state from its stored form (a forked table's copy)
    load_game: Callable[[dict[str, Any]], Any]
    #: the state a fork copies, with nothing a fork's seat may not know written in order
    fork_copy: Callable[[Any], dict[str, Any]]
    #: what a forked table does after copying the state (e.g. reshuffle what is face down)
    after_fork: Callable[[Any, str, TableKeys], None]
    handlers: Mapping[type, Handler]
    #: after closing: (shuffles checked, mismatches) from the table's events and its seed
    verify: Callable[[Iterable[Any], bytes], tuple[int, list[str]]]


def _frontera_game(options: dict[str, Any]) -> FronteraState:
    parsed = msgspec.convert(options, Options)
    return FronteraState(options=parsed, weapons=dict(parsed.weapons))


FRONTERA = RuleSystem(
    name="frontera",
    gm_seat="mayor",
    parse_options=lambda options: msgspec.to_builtins(frontera_options(options)),
    new_game=_frontera_game,
    load_game=lambda game: msgspec.convert(game, FronteraState),
    fork_copy=frontera_rules.fork_copy,
    after_fork=frontera_rules.reshuffle_face_down,
    handlers=frontera_handlers.HANDLERS,
    verify=shuffle_mismatches,
)

RULE_SYSTEMS: dict[str, RuleSystem] = {FRONTERA.name: FRONTERA}

if TYPE_CHECKING:
    SystemName = str
else:
    #: the name of a registered rule system: decoding refuses any other and the OpenAPI document
    #: lists them, from the registry (a system registered above is a name accepted here)
    SystemName = Literal[tuple(RULE_SYSTEMS)]


def rule_system(name: str) -> RuleSystem:
    system = RULE_SYSTEMS.get(name)
    if system is None:
        known = ", ".join(RULE_SYSTEMS)
        raise NotFound(f"there is no rule system {name!r}; there is {known}", "unknown_system")
    return system
