"""asaltos as a rule system of the shared table."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.asaltos import handlers
from domain.asaltos.options import Options
from domain.asaltos.state import AsaltosState
from domain.errors import InvalidCommand
from domain.registry import RuleSystem


def parse_options(options: dict[str, Any]) -> dict[str, Any]:
    """Validate a table's options; the error says which option is wrong."""
    try:
        parsed = msgspec.convert(options, Options)
    except msgspec.ValidationError as error:
        raise InvalidCommand(f"invalid table options: {error}", "invalid_options") from None
    return msgspec.to_builtins(parsed)


def _new_game(options: dict[str, Any]) -> AsaltosState:
    return AsaltosState(options=msgspec.convert(options, Options))


ASALTOS = RuleSystem(
    name="asaltos",
    gm_seat="gm",
    options_type=Options,
    parse_options=parse_options,
    new_game=_new_game,
    load_game=lambda game: msgspec.convert(game, AsaltosState),
    fork_copy=lambda state: msgspec.to_builtins(state),
    handlers=handlers.HANDLERS,
)
