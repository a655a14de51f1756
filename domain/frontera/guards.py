"""The checks every Frontera command starts with: the table started, the character there and
able to act, the test open, the seat playing the character, the Mayor's inputs in range."""

from __future__ import annotations

from domain.characters import find_character, require_plays
from domain.errors import Conflict, InvalidCommand
from domain.frontera.cards import Suit
from domain.frontera.character import MAX_MONEY, Character, not_one_of
from domain.frontera.events import game
from domain.frontera.state import MAX_MODIFIER, FronteraState, Modifier, OpenTest, Participant
from domain.names import checked_reason
from domain.table import Table


def started(table: Table) -> FronteraState:
    state = game.open(table)
    if not state.started:
        raise Conflict("the table has not started yet: the Mayor starts it first", "not_started")
    return state


def started_ruling(table: Table, actor: str, doing: str) -> FronteraState:
    """The state of a started table whose Mayor sends a ruling (`doing` names it in the
    refusal to anyone else)."""
    state = started(table)
    table.require_gm(actor, doing)
    return state


def able(character: Character) -> Character:
    reason = character.cannot_act_because
    if reason is not None:
        raise Conflict(
            f"{character.name} cannot act while {reason.replace('_', ' ')}",
            "character_cannot_act",
        )
    return character


def current_test(state: FronteraState) -> OpenTest:
    if state.test is None:
        raise Conflict("no test is open: the Mayor opens one first", "no_open_test")
    return state.test


def require_player(character: Character, actor: str) -> None:
    """Only the seat that plays a character acts for it."""
    require_plays(character, actor, "not_your_seat")


def require_no_open_test(state: FronteraState) -> None:
    if state.test is not None:
        raise Conflict(
            f"test {state.test.number} is still open: resolve or cancel it first",
            "test_in_progress",
        )


def participant_of(table: Table, actor: str, character_id: str) -> tuple[OpenTest, Participant]:
    """The open test and the actor's part in it, checking the actor plays that character."""
    state = started(table)
    table.require_seat(actor)
    test = current_test(state)
    character = find_character(state, character_id)
    participant = test.participants.get(character_id)
    if participant is None:
        raise Conflict(f"{character.name} takes no part in test {test.number}", "not_a_participant")
    require_player(character, actor)
    return test, participant


def require_rivals(characters: list[str], what: str) -> None:
    """Two or more characters, none named twice, for `what` ("an opposed test")."""
    if len(characters) < 2 or len(set(characters)) != len(characters):
        raise InvalidCommand(
            f"{what} needs two or more different characters", "invalid_participants"
        )


def checked_money(money: int) -> int:
    if not 0 <= money <= MAX_MONEY:
        raise InvalidCommand(f"a character carries from 0 to {MAX_MONEY} dollars", "invalid_money")
    return money


def checked_modifiers(modifiers: list[Modifier]) -> list[Modifier]:
    for modifier in modifiers:
        if modifier.amount == 0 or abs(modifier.amount) > MAX_MODIFIER:
            raise InvalidCommand(
                f"a modifier changes the draw by 1 to {MAX_MODIFIER} cards, up or down",
                "invalid_modifier",
            )
    return [Modifier(amount=m.amount, reason=checked_reason(m.reason)) for m in modifiers]


def checked_suit(name: str) -> Suit:
    try:
        return Suit(name)
    except ValueError:
        raise InvalidCommand(not_one_of(name, "suit", Suit), "unknown_suit") from None
