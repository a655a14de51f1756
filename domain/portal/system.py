"""PORTAL as a rule system of the shared table."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.portal.cast_handlers import HANDLERS as CAST_HANDLERS
from domain.portal.combat_handlers import HANDLERS as COMBAT_HANDLERS
from domain.portal.handlers import HANDLERS
from domain.portal.options import PortalOptions, check_options
from domain.portal.ruling_handlers import HANDLERS as RULING_HANDLERS
from domain.portal.special_handlers import HANDLERS as SPECIAL_HANDLERS
from domain.portal.state import PortalState
from domain.portal.story_handlers import HANDLERS as STORY_HANDLERS
from domain.registry import RuleSystem


def _fork_copy(state: PortalState) -> dict[str, Any]:
    """The state a fork starts from, without the source's open rolls (automatic calls too) and
    owed sequels: a fork rolls its own, numbered from 1 again, so a source roll's open
    sequence would be taken for the fork's roll of the same number (and a secret one could
    never be revealed there)."""
    copied: dict[str, Any] = msgspec.to_builtins(state)
    copied["open_rolls"] = {}
    copied["automatic_calls"] = {}
    copied["owed_sequels"] = {}
    copied["settled"] = {}
    copied["units"] = {}  # kept under the source's roll numbers
    for supporting in copied["supporting"].values():  # its turn die is the source's roll
        supporting["turn_roll"] = None
    return copied


#: the refusals of this system a request that keeps to the API's document may meet
#: (`RuleSystem.refusal_codes`)
REFUSAL_CODES: dict[int, frozenset[str]] = {
    # a seat not entitled to the command
    403: frozenset({"not_your_seat"}),
    # an extended confrontation, supporting character, thorn or kept unit the table does not
    # have
    404: frozenset(
        {"unknown_confrontation", "unknown_supporting", "unknown_thorn", "unknown_unit"}
    ),
    # the game's state: an open roll, a secret roll, what the sheet holds
    409: frozenset(
        {
            "already_blocked",
            "character_dead",
            "dice_full",
            "die_blocked",
            "no_lost_luck",
            "no_reroll_left",
            "no_wound",
            "not_enough_dice",
            "not_enough_points",
            "principal_npc",
            "roll_fixed",
            "roll_open",
            "roll_secret",
            "sequel_payment_unavailable",
            "specialty_applies",
            "too_many_rerolls",
            # the story outside combat (story_handlers.py)
            "confrontation_over",
            "drive_held",
            "elements_missing",
            "last_drive",
            "not_enough_excess",
            "not_enough_levels",
            "not_enough_luck",
            "no_luck",
            "rerolls_made",
            "roll_used",
            "specialty_held",
            "supporting_out",
            "unknown_drive",
            "unknown_limitation",
            # combat (combat_handlers.py)
            "critical_due",
            "wrong_critical_state",
            "in_combat",
            "no_combat",
            "no_opportunity_left",
            "not_critical",
            "not_in_combat",
            "not_your_phase",
            "out_of_combat",
            "reflexes_due",
            "reflexes_taken",
            "defence_rolled",
            "no_free_action",
            "no_reflexes",
            "stunned",
            # special attacks (special_handlers.py)
            "too_many_attacks",
            "not_held",
            "held_this_turn",
            # the last of combat at the table (combat_handlers.py)
            "left_melee",
            # the game master's narrative rulings (ruling_handlers.py)
            "combat_under_way",
            "no_sequel",
            "sequel_owed",
        }
    ),
    # the table's state, or fields that must go together
    422: frozenset(
        {
            "self_roll_unseen_by_game_master",
            "automatic_outcome",
            "invalid_difficulty",
            "invalid_fortalezas",
            "invalid_giver",
            "invalid_options",
            "invalid_points",
            "invalid_pool",
            "invalid_readings",
            "invalid_sequel",
            "invalid_sheet",
            "no_specialty",
            "sequel_kind_required",
            "scripted_roll_invalid",
            "too_many_characters",
            "unknown_die",
            "unknown_fortaleza",
            # the story outside combat (story_handlers.py)
            "invalid_advancement",
            "invalid_cast",
            "invalid_collaboration",
            "invalid_confrontation",
            "invalid_spell",
            "invalid_stack",
            # combat (combat_handlers.py)
            "invalid_cold_blood",
            "invalid_contenders",
            "invalid_damage",
            "invalid_defence",
            "invalid_free_action",
            "invalid_located",
            "invalid_weapon",
            "invalid_maneuver",
            # special attacks (special_handlers.py)
            "invalid_attack",
            # the game master's narrative rulings (ruling_handlers.py)
            "invalid_drive",
            "invalid_thorn",
        }
    ),
}


PORTAL = RuleSystem(
    name="portal",
    gm_seat="gm",
    options_type=PortalOptions,
    state_type=PortalState,
    fork_copy=_fork_copy,
    handlers={
        **HANDLERS,
        **STORY_HANDLERS,
        **RULING_HANDLERS,
        # after HANDLERS: a fight's attack roll opened by `portalOpenRoll` is the fight's
        **COMBAT_HANDLERS,
        **CAST_HANDLERS,
        **SPECIAL_HANDLERS,
    },
    qualified_event_types=True,
    refusal_codes=REFUSAL_CODES,
    check_options=check_options,
)
