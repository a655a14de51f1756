"""stepdice as a rule system of the shared table."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.registry import RuleSystem
from domain.stepdice.handlers import HANDLERS
from domain.stepdice.options import Options, parse_options
from domain.stepdice.state import StepdiceState


def _new_game(options: dict[str, Any]) -> StepdiceState:
    return StepdiceState(options=msgspec.convert(options, Options))


STEPDICE = RuleSystem(
    name="stepdice",
    gm_seat="gm",
    options_type=Options,
    parse_options=lambda options: msgspec.to_builtins(parse_options(options)),
    new_game=_new_game,
    load_game=lambda game: msgspec.convert(game, StepdiceState),
    fork_copy=msgspec.to_builtins,
    handlers=HANDLERS,
)
