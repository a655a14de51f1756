"""What a schema-valid request may be refused with, for the schemathesis tests
(tests/test_api_schema.py, tests/test_api_stateful.py): never 400, since the request keeps to
the document; at 401-422 only a rule's problem type listed here. Each is a rule the document
cannot state: it depends on the table's state (its phase, mode and characters, the caller's
seat), or relates fields to one another. A bound a single field has is declared in the
document instead (the Structs' `msgspec.Meta`), and has no place here.
"""

from __future__ import annotations

from typing import Any

import schemathesis

ALLOWED_REFUSALS: dict[int, set[str]] = {
    # a credential or invitation that is not the seat's
    401: {"invalid_invitation", "invalid_credential"},
    # a seat not entitled to the command
    403: {"not_game_master", "forbidden", "not_your_seat", "not_seated", "not_your_character"},
    # an id the table does not have (yet)
    404: {
        "unknown_table",
        "unknown_seat",
        "unknown_version",
        "unknown_character",
        "unknown_test",
        "unknown_weapon",
        "not_a_combatant",
        # a roll the table has not made (yet), and the dice systems' enemies and clocks
        "unknown_roll",
        "unknown_enemy",
        "unknown_clock",
        # a wound the asaltos character does not have
        "unknown_wound",
    },
    # the table's phase, or what is under way at it; a key reused with another body
    409: {
        "idempotency_key_reused",
        "table_closed",
        "already_started",
        "not_started",
        "source_open",
        "not_enough_cards",
        "table_open",
        "test_in_progress",
        "no_open_test",
        "combat_in_progress",
        "no_combat",
        "no_combat_turn",
        "no_drinking_duel",
        "no_exchange",
        "no_house_game",
        "character_cannot_act",
        "character_left",
        "not_hurt",
        "not_fallen",
        "not_dead",
        "not_carried",
        "not_drawn_yet",
        "already_drawn",
        "already_chosen",
        "empty_deck",
        "no_cards_left",
        # a roll every seat already sees, or one still secret that a ruling would tell;
        # advancement outside stepdice's solo variant
        "roll_not_secret",
        "roll_secret",
        # seat authority: a seat that knows what the game master may not takes no invitation
        "seat_holds_secret",
        "not_solo",
        # asaltos's combat round: what is under way (combat, round, tanda, a hit waiting for
        # its damage), whose turn, what each declared and has left, a dead character, a wound
        # already treated or suppressed, a rest or timer that is not running
        "not_in_combat",
        "not_a_combatant",
        "no_tanda",
        "round_over",
        "damage_pending",
        "no_pending_hit",
        "declarations_closed",
        "already_declared",
        "aiming",
        "cannot_aim",
        "not_your_turn",
        "no_such_action",
        "no_reaction_declared",
        "character_dead",
        "already_treated",
        "pain_suppressed",
        "no_death_timer",
        "not_resting",
        "no_such_condition",
        # asaltos: a condition a standing wound imposes, a dropped weapon, one taken up that
        # was not dropped or with an incapacitated arm [001:65]
        "condition_from_wound",
        "weapon_dropped",
        "weapon_not_dropped",
        "arm_disabled",
    },
    # a stale If-Match
    412: {"stale_version"},
    422: {
        # a command of another rule system than the table's (the document lists every
        # system's commands under every table)
        "unknown_command",
        # the table's state: its seats, the characters' kinds and what they carry, the cards
        # a character drew and how many the open test plays
        "too_many_seats",
        "not_a_player",
        "not_a_protagonist",
        "invalid_item",
        "card_not_drawn",
        "too_many_cards",
        "too_few_cards",
        # a name blank once trimmed, or holding a control character (domain/names.py); a
        # ruling's reason blank once trimmed (a Unicode space such as U+0085 is one character
        # for the document's minLength, none once trimmed)
        "invalid_name",
        "reason_required",
        # fields that must go together: a table's options (the modes' own options, a
        # script's cards and the decks that hold them), a weapon listed under a name not its
        # own or of another kind than the default of its name, a character's kind and its
        # traits, skills, kit and seat, a skill and its trait, a duration and its unit, a
        # bet's winner, loser and tied, a challenger and the challenged, and characters set
        # against each other that are objects of their own (opposed test, pistol duel), an
        # accident's cause and height, the Jokers played and their declared suits
        "invalid_options",
        "invalid_accident",
        "joker_suit_required",
        "unexpected_joker_suit",
        "invalid_weapon",
        "invalid_character",
        "skill_trait_mismatch",
        "invalid_duration",
        "invalid_exchange",
        "invalid_participants",
        # asaltos: a check of a skill or a characteristic (exactly one) and a skill the sheet
        # has above 0, a declaration the character's Agilidad and weapons allow, a weapon
        # the sheet has, a reaction and the defender's terms, a target other than the
        # attacker, a ranged weapon to aim, the wound a pain or Medicine roll may treat, the
        # characteristic losses of the wounds healing, the table's characters
        "invalid_check",
        "skill_unusable",
        "invalid_combatants",
        "invalid_declaration",
        "weapon_required",
        "too_many_actions",
        "unknown_weapon",
        "invalid_reaction",
        "defender_difficulty_required",
        "invalid_target",
        "no_ranged_weapon",
        # asaltos: surprise and a melee weapon [001:79], named modifiers the book combines
        # [001:86-87,105-107], a round's metres and the mover's Agilidad [001:20]
        "surprise_is_melee_only",
        "incoherent_modifiers",
        "too_many_metres",
        "not_a_light_wound",
        "wound_not_treatable",
        "loss_choice_required",
        "unexpected_loss",
        "invalid_loss",
        "too_many_characters",
        # asaltos: an innate skill at 0 [001:25]
        "invalid_sheet",
    },
}


def acceptance(ctx: Any, response: Any, case: schemathesis.Case) -> bool | None:
    """No schema-valid request is refused as malformed; every refusal is a rule's."""
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return None
    status = response.status_code
    if status < 400 or status >= 500:
        return None
    code = response.json().get("code")
    assert status != 400, f"{case.operation.label}: a schema-valid request refused: {code}"
    assert code in ALLOWED_REFUSALS.get(status, set()), (
        f"{case.operation.label}: {status} {code} is not a rule refusal of a valid request"
    )
    return None
