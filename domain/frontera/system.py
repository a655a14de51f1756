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
            "already_chosen",
            "already_declared",
            "already_drawn",
            "already_started",
            "cannot_aim",
            "character_cannot_act",
            "character_left",
            "combat_in_progress",
            "empty_deck",
            "no_cards_left",
            "no_combat",
            "no_combat_turn",
            "no_drinking_duel",
            "no_exchange",
            "no_house_game",
            "no_open_test",
            "not_a_combatant",
            "not_carried",
            "not_dead",
            "not_drawn_yet",
            "not_enough_cards",
            "not_fallen",
            "not_hurt",
            "not_started",
            "not_your_turn",
            "test_in_progress",
        }
    ),
    # the table's state, or fields that must go together
    422: frozenset(
        {
            "card_not_drawn",
            "invalid_accident",
            "invalid_character",
            "invalid_combatants",
            "invalid_declaration",
            "invalid_duration",
            "invalid_exchange",
            "invalid_item",
            "invalid_options",
            "invalid_participants",
            "invalid_weapon",
            "joker_suit_required",
            "not_a_protagonist",
            "skill_trait_mismatch",
            "too_few_cards",
            "too_many_cards",
            "too_many_characters",
            "unexpected_joker_suit",
            "unknown_weapon",
            "weapon_required",
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
