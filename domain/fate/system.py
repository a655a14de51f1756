"""FATE as a rule system of the shared table."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.fate.conflict_handlers import CONFLICT_HANDLERS
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
            "cannot_pass",
            "cannot_refuse",
            "compel_not_accepted",
            "consequence_required",
            "invocation_not_accepted",
            "invocation_pending",
            "maneuver_failed",
            "needs_critical",
            "no_consequence_left",
            "no_free_invocation",
            "not_enough_fate_points",
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
            "invalid_pass",
            "invalid_ruling",
            "invalid_sheet",
            "no_aspect",
            "no_stunt",
            "scripted_roll_invalid",
            "too_many_characters",
        }
    ),
}

#: a conflict's refusals (`domain/fate/conflict_handlers.py`): its phase and turns, blocks and
#: disarms; and the fields of its commands that go together
REFUSAL_CODES[409] |= {
    "already_acted",
    "conflict_in_play",
    "disarmed",
    "full_defence",
    "full_defence_undeclared",
    "no_block",
    "no_conflict",
    "not_a_minion_group",
    "not_disarmed",
    "not_in_conflict",
    "not_your_turn",
    "out_of_range",
    "out_of_reach",
    "push_short",
    "throw_short",
}
REFUSAL_CODES[422] |= {
    "invalid_attack",
    "invalid_block",
    "invalid_delay",
    "invalid_groups",
    "invalid_initiative",
    "invalid_participant",
    "invalid_target",
    "invalid_zones",
}
#: deceived guesses, another defeat demanded, tenacity (`domain/fate/handlers.py`)
REFUSAL_CODES[409] |= {"not_taken_out"}
REFUSAL_CODES[422] |= {"invalid_deception", "invalid_defeat", "no_tenacity"}

FATE = RuleSystem(
    name="fate",
    gm_seat="gm",
    options_type=FateOptions,
    state_type=FateState,
    fork_copy=_fork_copy,
    handlers={**HANDLERS, **CONFLICT_HANDLERS},
    qualified_event_types=True,
    refusal_codes=REFUSAL_CODES,
    check_options=check_options,
)
