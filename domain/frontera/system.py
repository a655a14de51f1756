"""Frontera as a rule system of the shared table."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.frontera import handlers, rules
from domain.frontera.setup import parse_options
from domain.frontera.state import FronteraState, Options
from domain.frontera.verify import shuffle_mismatches
from domain.registry import RuleSystem


def _new_game(options: dict[str, Any]) -> FronteraState:
    parsed = msgspec.convert(options, Options)
    return FronteraState(options=parsed, weapons=dict(parsed.weapons))


FRONTERA = RuleSystem(
    name="frontera",
    gm_seat="mayor",
    options_type=Options,
    parse_options=lambda options: msgspec.to_builtins(parse_options(options)),
    new_game=_new_game,
    load_game=lambda game: msgspec.convert(game, FronteraState),
    fork_copy=rules.fork_copy,
    after_fork=rules.reshuffle_face_down,
    handlers=handlers.HANDLERS,
    verify_shuffles=shuffle_mismatches,
    qualified_event_types=False,
)
