"""FATE as a rule system of the shared table."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.fate.handlers import HANDLERS
from domain.fate.options import FateOptions, check_options
from domain.fate.state import FateState
from domain.registry import RuleSystem


def _fork_copy(state: FateState) -> dict[str, Any]:
    """The state a fork starts from, without the source's open and settled rolls: a fork
    rolls its own, numbered from 1 again, so a source roll would be taken for the fork's roll
    of the same number (and a secret one could never be revealed there)."""
    copied: dict[str, Any] = msgspec.to_builtins(state)
    copied["open_rolls"] = {}
    copied["settled_rolls"] = {}
    return copied


#: the refusals of this system a request that keeps to the API's document may meet
#: (`RuleSystem.refusal_codes`)
REFUSAL_CODES: dict[int, frozenset[str]] = {
    # a seat not entitled to the command
    403: frozenset({"not_your_seat"}),
    # the game's state: an open or secret roll, what the sheet and the scene hold
    409: frozenset(
        {
            "aspect_hidden",
            "aspect_known",
            "cannot_refuse",
            "consequence_required",
            "invocation_pending",
            "maneuver_failed",
            "needs_critical",
            "not_enough_fate_points",
            "no_consequence_left",
            "nothing_asked",
            "out_of_scene",
            "roll_open",
            "roll_secret",
        }
    ),
    # what the table holds, or fields that must go together
    422: frozenset(
        {
            "self_roll_unseen_by_game_master",
            "aspect_already_invoked",
            "invalid_concession",
            "invalid_declaration",
            "invalid_difficulty",
            "invalid_hit",
            "invalid_invocation",
            "invalid_modifier",
            "invalid_options",
            "invalid_ruling",
            "invalid_sheet",
            "no_aspect",
            "scripted_roll_invalid",
            "too_many_characters",
        }
    ),
}


FATE = RuleSystem(
    name="fate",
    gm_seat="gm",
    options_type=FateOptions,
    state_type=FateState,
    fork_copy=_fork_copy,
    handlers=HANDLERS,
    qualified_event_types=True,
    refusal_codes=REFUSAL_CODES,
    check_options=check_options,
)
