"""stepdice as a rule system of the shared table."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.registry import RuleSystem
from domain.stepdice.handlers import HANDLERS
from domain.stepdice.options import Options, check_options
from domain.stepdice.state import StepdiceState


def _fork_copy(state: StepdiceState) -> dict[str, Any]:
    """The state a fork starts from, without the source's rolls: a fork rolls its own, numbered
    from 1 again, so a source roll's result (and the ruling it is owed) would be taken for the
    fork's roll of the same number; and a secret roll copied there could never be revealed."""
    copied: dict[str, Any] = msgspec.to_builtins(state)
    copied["results"] = {}
    return copied


#: the refusals of this system a request that keeps to the API's document may meet
#: (`RuleSystem.refusal_codes`)
REFUSAL_CODES: dict[int, frozenset[str]] = {
    # a seat not entitled to the command
    403: frozenset(
        {
            "not_your_seat",
        }
    ),
    # an id the table does not have (yet)
    404: frozenset(
        {
            "unknown_clock",
            "unknown_enemy",
        }
    ),
    # the game's phase, or what is under way at the table
    409: frozenset(
        {
            "almost_impossible",
            "armour_offer_pending",
            "at_maximum",
            "character_dead",
            "character_downed",
            "clock_stopped",
            "enemy_out",
            "help_on_d20",
            "insufficient_mana",
            "no_benefit_owed",
            "no_pending_hit",
            "no_venganza_owed",
            "not_a_failure",
            "not_downed",
            "not_solo",
            "rank_at_top",
            "roll_secret",
            "venganza_owed",
        }
    ),
    # the table's state, or fields that must go together
    422: frozenset(
        {
            "self_roll_unseen_by_game_master",
            "benefit_not_applicable",
            "invalid_advance",
            "invalid_character",
            "invalid_characters",
            "invalid_cost",
            "invalid_heal",
            "invalid_helper",
            "invalid_maxima",
            "invalid_options",
            "invalid_shift",
            "invalid_venganza",
            "too_many_characters",
            "too_many_clocks",
            "too_many_enemies",
        }
    ),
}


STEPDICE = RuleSystem(
    name="stepdice",
    gm_seat="gm",
    options_type=Options,
    state_type=StepdiceState,
    fork_copy=_fork_copy,
    handlers=HANDLERS,
    qualified_event_types=True,
    refusal_codes=REFUSAL_CODES,
    check_options=check_options,
)
