"""asaltos as a rule system of the shared table."""

from __future__ import annotations

from domain.asaltos import handlers
from domain.asaltos.options import Options
from domain.asaltos.state import AsaltosState
from domain.registry import RuleSystem

#: the refusals of this system a request that keeps to the API's document may meet
#: (`RuleSystem.refusal_codes`)
REFUSAL_CODES: dict[int, frozenset[str]] = {
    # a seat not entitled to the command
    403: frozenset(
        {
            "not_your_character",
        }
    ),
    # an id the table does not have (yet)
    404: frozenset(
        {
            "not_a_combatant",
            "unknown_weapon",
            "unknown_wound",
        }
    ),
    # the game's phase, or what is under way at the table
    409: frozenset(
        {
            "aiming",
            "already_declared",
            "already_treated",
            "arm_disabled",
            "cannot_aim",
            "character_cannot_act",
            "character_dead",
            "combat_in_progress",
            "condition_from_wound",
            "damage_pending",
            "declarations_closed",
            "no_death_timer",
            "no_pending_hit",
            "no_reaction_declared",
            "no_such_action",
            "no_such_condition",
            "no_tanda",
            "not_a_combatant",
            "not_in_combat",
            "not_resting",
            "not_your_turn",
            "pain_suppressed",
            "round_over",
            "weapon_dropped",
            "weapon_not_dropped",
        }
    ),
    # the table's state, or fields that must go together
    422: frozenset(
        {
            "self_roll_unseen_by_game_master",
            "defender_difficulty_required",
            "incoherent_modifiers",
            "invalid_check",
            "invalid_combatants",
            "invalid_declaration",
            "invalid_loss",
            "invalid_modifier",
            "invalid_options",
            "invalid_reaction",
            "invalid_sheet",
            "invalid_target",
            "invalid_weapon",
            "loss_choice_required",
            "no_ranged_weapon",
            "not_a_light_wound",
            "skill_unusable",
            "surprise_is_melee_only",
            "too_many_actions",
            "too_many_characters",
            "too_many_metres",
            "unexpected_loss",
            "unknown_weapon",
            "weapon_required",
            "wound_not_treatable",
        }
    ),
}


ASALTOS = RuleSystem(
    name="asaltos",
    gm_seat="gm",
    options_type=Options,
    state_type=AsaltosState,
    handlers=handlers.HANDLERS,
    qualified_event_types=True,
    refusal_codes=REFUSAL_CODES,
)
