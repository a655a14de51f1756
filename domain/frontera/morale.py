"""Threats against morale [L627, L1235-L1243]: frightening threats, challenge and provoke.

- Frightening threat: the Mayor draws a random card for the threat's difficulty; a value above
  the character's confidence lowers its morale by 1.
- Challenge [L854]: opposed head (silver_tongue) of the challenger against head (cunning) of the
  challenged. A challenger who loses loses 1 morale; a challenged character who loses must face
  the rival or lose 1 morale.
- Provoke [L862]: the same opposed test; the loser loses 1 morale.
Morale moves through `rules.shift_condition`.

Decisions where the book is silent:
- The threat's card is drawn as the Mayor draws for a test (the pile in phase 1 and in
  no-management mode, the Mayor's deck otherwise), shown to everyone, and put away as a card
  the Mayor played; a Joker counts 15. No threat is drawn while a test is open.
- Confidence does not help against challenge and provoke [L621]; a tie changes nothing (the
  book calls for another test, which the Mayor may open).
- The challenged loser answers for its character: face the rival (the Mayor then opens the
  duel, game or race) or refuse and lose 1 morale. A character owes one answer at a time: a new
  challenge waits until it has answered.
"""

from __future__ import annotations

from typing import Any

from domain.commands import Command
from domain.errors import Conflict, InvalidCommand
from domain.frontera import guards, piles, rules
from domain.frontera.cards import card
from domain.frontera.character import Character
from domain.frontera.events import game
from domain.frontera.resolution import DEFEAT
from domain.frontera.state import (
    DISCARD,
    PILE,
    FronteraState,
    OpenTest,
    player_deck,
    player_discard,
)
from domain.keys import TableKeys
from domain.names import Reason, checked_reason
from domain.table import Table

# -- commands -----------------------------------------------------------------------------


class FaceThreat(Command):
    """The Mayor confronts a character with a frightening threat or imminent danger."""

    character: str
    """The id of the character facing the threat"""
    reason: Reason
    """The threat, in the Mayor's words"""


class Challenge(Command):
    """The Mayor opens the opposed test of `challenger` daring `challenged`."""

    challenger: str
    """The id of the character who challenges, with head (silver_tongue)"""
    challenged: str
    """The id of the character challenged, who answers with head (cunning)"""


class Provoke(Command):
    """The Mayor opens the opposed test of `provoker` trying to enrage `provoked`."""

    provoker: str
    """The id of the character who provokes, with head (silver_tongue)"""
    provoked: str
    """The id of the character provoked, who answers with head (cunning)"""


class AnswerChallenge(Command):
    """A challenged character that lost says whether it faces its rival."""

    character: str
    """The id of the challenged character who lost"""
    accept: bool
    """True: it faces the challenger; false: it loses 1 morale instead"""


# -- events -------------------------------------------------------------------------------


class ThreatFaced(Table.Event):
    """The threat's card, shown to all, against the character's confidence."""

    TOPIC = "frontera.ThreatFaced"
    character: str
    """The id of the character facing the threat"""
    card: str
    """The card id the Mayor drew for the threat, face up"""
    value: int
    """The card's value: 2 to 10, J 11, Q 12, K 13, A 14, Joker 15"""
    confidence: int
    """The character's confidence (its highest trait + 4)"""
    frightened: bool
    """True when the value is above the confidence: the character loses 1 morale"""
    reason: str
    """The threat, in the Mayor's words"""


class ChallengeLost(Table.Event):
    """The challenged character lost: it owes an answer (face the challenger or lose morale)."""

    TOPIC = "frontera.ChallengeLost"
    challenged: str
    """The id of the challenged character who lost"""
    challenger: str
    """The id of the character who challenged it"""

    def apply(self, table: Table) -> None:
        game(table).challenges[self.challenged] = self.challenger


class ChallengeAnswered(Table.Event):
    """A challenged character that lost answers: it faces the challenger, or loses 1 morale."""

    TOPIC = "frontera.ChallengeAnswered"
    character: str
    """The id of the challenged character who answers"""
    challenger: str
    """The id of the character who challenged it"""
    accepted: bool
    """True: it faces the challenger; false: it loses 1 morale"""

    def apply(self, table: Table) -> None:
        game(table).challenges.pop(self.character, None)


# -- frightening threats ------------------------------------------------------------------


def _can_draw_one(state: FronteraState, seat: str) -> bool:
    mode = state.options.mode
    if mode == "no_management":
        return bool(state.zone(PILE))
    own = len(state.zone(player_deck(seat)))
    if mode == "wear":
        return own > 0
    rest = len(state.zone(player_discard(seat)))
    if state.phase == 1:
        return bool(state.zone(PILE) or state.zone(DISCARD) or own or rest)
    return bool(own or rest)


def face_threat(table: Table, actor: str, command: FaceThreat, keys: TableKeys) -> int:
    """Returns the character's morale level after the threat."""
    state = rules.ready_to_open(table, actor)
    character = guards.find_character(state, command.character)
    reason = checked_reason(command.reason)
    seat = table.gm_seat.id
    if not _can_draw_one(state, seat):
        raise Conflict("the Mayor has no card left to draw for the threat", "no_cards_left")
    source = rules.draw_source(table, actor, seat, 1, keys)
    drawn = state.zone(source)[0]
    value = card(drawn).value
    frightened = value > character.confidence
    table.trigger_event(
        ThreatFaced,
        actor=actor,
        character=character.id,
        card=drawn,
        value=value,
        confidence=character.confidence,
        frightened=frightened,
        reason=reason,
    )
    if source == PILE and state.options.mode == "no_management":
        target = PILE
    elif source == PILE:
        target = player_deck(seat)  # phase 1: the card played goes to the player's deck
    else:
        target = player_discard(seat)
    piles.move_cards(table, actor, [drawn], source, target, "threat", None)
    if frightened:
        above = f"the threat's {drawn} ({value}) is above confidence {character.confidence}"
        _lose_morale(table, actor, character, f"{reason}: {above}", keys)
    return character.morale


def _lose_morale(
    table: Table, actor: str, character: Character, reason: str, keys: TableKeys
) -> None:
    """A morale level lost: to a threat above confidence, a challenge or a provocation lost, a
    challenge refused."""
    rules.shift_condition(table, actor, character, "morale", -1, reason, keys)


# -- challenge and provoke ----------------------------------------------------------------


def _duel_of_words(
    table: Table, actor: str, talker: str, target: str, purpose: str, roles: tuple[str, str]
) -> int:
    state = rules.ready_to_open(table, actor)
    if talker == target:
        raise InvalidCommand(
            "a character cannot challenge or provoke itself", "invalid_participants"
        )
    participants = {
        talker: rules.contender(state, talker, "head", "silver_tongue", []),
        target: rules.contender(state, target, "head", "cunning", []),
    }
    if purpose == "challenge" and target in state.challenges:
        name = state.characters[target].name
        raise Conflict(f"{name} still owes an answer to a challenge", "challenge_pending")
    return rules.open_test(
        table,
        actor,
        "opposed",
        participants,
        purpose=purpose,
        stakes={roles[0]: talker, roles[1]: target},
    )


def challenge(table: Table, actor: str, command: Challenge, _: TableKeys) -> int:
    return _duel_of_words(
        table,
        actor,
        command.challenger,
        command.challenged,
        "challenge",
        ("challenger", "challenged"),
    )


def provoke(table: Table, actor: str, command: Provoke, _: TableKeys) -> int:
    return _duel_of_words(
        table, actor, command.provoker, command.provoked, "provoke", ("provoker", "provoked")
    )


def challenged(
    table: Table, actor: str, test: OpenTest, outcomes: dict[str, str], keys: TableKeys
) -> None:
    state = game(table)
    challenger, target = str(test.stakes["challenger"]), str(test.stakes["challenged"])
    if outcomes[challenger] == DEFEAT:
        lost = f"lost the challenge to {state.characters[target].name}"
        _lose_morale(table, actor, state.characters[challenger], lost, keys)
    elif outcomes[target] == DEFEAT:
        table.trigger_event(ChallengeLost, actor=actor, challenged=target, challenger=challenger)


def provoked(
    table: Table, actor: str, test: OpenTest, outcomes: dict[str, str], keys: TableKeys
) -> None:
    state = game(table)
    provoker, target = str(test.stakes["provoker"]), str(test.stakes["provoked"])
    for loser, winner in ((provoker, target), (target, provoker)):
        if outcomes[loser] == DEFEAT:
            lost = f"lost the provocation to {state.characters[winner].name}"
            _lose_morale(table, actor, state.characters[loser], lost, keys)


def answer_challenge(table: Table, actor: str, command: AnswerChallenge, keys: TableKeys) -> int:
    """Returns the character's morale level after the answer."""
    state = guards.started(table)
    table.require_seat(actor)
    character = guards.find_character(state, command.character)
    guards.require_player(character, actor)
    challenger = state.challenges.get(character.id)
    if challenger is None:
        raise Conflict(f"{character.name} owes no answer to a challenge", "no_pending_challenge")
    table.trigger_event(
        ChallengeAnswered,
        actor=actor,
        character=character.id,
        challenger=challenger,
        accepted=command.accept,
    )
    if not command.accept:
        refused = f"refused to face {state.characters[challenger].name} after losing the challenge"
        _lose_morale(table, actor, character, refused, keys)
    return character.morale


HANDLERS: dict[type, Any] = {
    FaceThreat: face_threat,
    Challenge: challenge,
    Provoke: provoke,
    AnswerChallenge: answer_challenge,
}

CONSEQUENCES: dict[str, Any] = {"challenge": challenged, "provoke": provoked}
