"""Frontera as a rule system of the shared table."""

from __future__ import annotations

from domain.frontera import handlers, rules
from domain.frontera.setup import check_options
from domain.frontera.state import FronteraState, Options
from domain.frontera.verify import shuffle_mismatches
from domain.registry import RuleSystem


def _start_game(options: Options) -> FronteraState:
    return FronteraState(options=options, weapons=dict(options.weapons))


#: the refusals of this system a request that keeps to the API's document may meet
#: (`RuleSystem.refusal_codes`)
REFUSAL_CODES: dict[int, frozenset[str]] = {
    # a seat not entitled to the command
    403: frozenset(
        {
            "not_sharing",
            "not_your_pick",
            "not_your_seat",
        }
    ),
    # an id the table does not have (yet)
    404: frozenset(
        {
            "not_a_combatant",
            "unknown_test",
            "unknown_weapon",
        }
    ),
    # the game's phase, or what is under way at the table
    409: frozenset(
        {
            "already_cared_for",
            "already_chosen",
            "already_declared",
            "already_drawn",
            "already_started",
            "cannot_aim",
            "care_takes_the_turn",
            "challenge_pending",
            "character_cannot_act",
            "character_left",
            "combat_in_progress",
            "combat_turn",
            "drinking_duel_in_progress",
            "empty_deck",
            "exchange_in_progress",
            "holstered",
            "last_round",
            "no_cards_left",
            "no_combat",
            "no_combat_turn",
            "no_drinking_duel",
            "no_exchange",
            "no_house_game",
            "no_open_test",
            "no_pending_challenge",
            "no_round_yet",
            "no_shots_left",
            "not_a_combatant",
            "not_a_participant",
            "not_carried",
            "not_dead",
            "not_drawn_yet",
            "not_enough_cards",
            "not_fallen",
            "not_held",
            "not_hurt",
            "not_normal_mode",
            "not_started",
            "not_your_turn",
            "npcs_first",
            "out_of_range",
            "patient_fallen",
            "seat_has_cards",
            "test_in_progress",
            "too_late",
            "turn_in_progress",
            "weapon_not_carried",
            "wrong_step",
        }
    ),
    # the table's state, or fields that must go together
    422: frozenset(
        {
            "card_not_allowed",
            "card_not_drawn",
            "card_not_offered",
            "card_required",
            "duplicate_card",
            "invalid_accident",
            "invalid_card_count",
            "invalid_change",
            "invalid_character",
            "invalid_cheaters",
            "invalid_combatants",
            "invalid_declaration",
            "invalid_duration",
            "invalid_exchange",
            "invalid_item",
            "invalid_move",
            "invalid_options",
            "invalid_participants",
            "invalid_partner",
            "invalid_purchase",
            "invalid_range",
            "invalid_seat",
            "invalid_targets",
            "invalid_variant",
            "invalid_weapon",
            "joker_suit_required",
            "mayor_takes_no_treasure",
            "no_harm",
            "not_a_protagonist",
            "not_held",
            "not_sharing",
            "over_budget",
            "skill_trait_mismatch",
            "technique_required",
            "too_few_cards",
            "too_many_cards",
            "too_many_characters",
            "too_many_decks",
            "too_many_weapons",
            "undeclared_target",
            "unexpected_joker_suit",
            "unknown_weapon",
            "weapon_required",
            "wrong_card_count",
            "wrong_weapon_kind",
        }
    ),
}


FRONTERA = RuleSystem(
    name="frontera",
    gm_seat="mayor",
    options_type=Options,
    state_type=FronteraState,
    start_game=_start_game,
    fork_copy=rules.fork_copy,
    after_fork=rules.reshuffle_face_down,
    handlers=handlers.HANDLERS,
    verify_shuffles=shuffle_mismatches,
    qualified_event_types=False,
    refusal_codes=REFUSAL_CODES,
    check_options=check_options,
)
