"""Card exchanges of Normal mode [L280-L347]: the pending exchange and its steps, bets,
duels, death, and the drunk and coma swaps. Their commands and events are in
`exchange_commands` and `exchange_events`; the loot (`loot`) and the cards that come from
outside the game (`extra_decks`: late joiners, the seeded treasure) build on the steps here.

An exchange with choices is a `PendingExchange` in the table's state: a list of steps, the
first of which waits for its seat's command (`PickCards`, `KeepLoot`, `SwapCards`). A seat
that picks from a deck is first shown the cards it may pick (`DeckShown`, secret to it), so
views, log and audit agree on who saw what; random steps run at once. While an exchange is
pending no test opens (nor another game at the house), so the decks stay as they were shown.

Who learns a moved card (`CardsMoved.seen_by`): in phase 1 nobody sees deck cards, except the
seat that picked them (a winner may look at the decks it picks from [L286]); in phase 2 each
seat sees its own deck, so both seats of a move between two decks learn the card.

Decisions where the book is silent:
- Exchanges are between seats' decks (`player_deck:<seat>`, not their discards); the Mayor's
  NPCs exchange with the Mayor's deck; two characters of one seat exchange nothing.
- A pick asks for at most as many cards as the source holds; a pick from an empty deck is
  skipped. A winner cannot give back a card it has just taken (that would undo the exchange).
- A random swap (drunk, a bet or duel tie, a loot swap in phase 1) and the coma exchange are
  exchanges, never gifts [L343]: a spent deck first takes its discards back, as it would for a
  draw [L272]; then each side gives as many cards as the shorter deck holds, and a seat with
  no card at all swaps nothing.
- Drunk/coma swaps happen for protagonists when sobriety reaches the level; a jump straight
  to coma makes only the coma swap (the character never stood at drunk).
- Coma: the protagonist's random card goes to the Mayor's deck first, face down; the Mayor is
  then shown the Mayor's deck without that card and picks the card to give [L322].
- Death: the Mayor records that a dead protagonist leaves; its seat's deck and discards go to
  the treasure face down, unless the seat still plays another protagonist. The seat stays: its
  player may bring a new protagonist, dealt in as a late joiner.
- The Mayor may cancel a pending exchange, giving a reason (e.g. a seat left the table).
"""

from __future__ import annotations

from typing import Any

from domain.errors import Conflict, Forbidden, InvalidCommand
from domain.frontera import guards, piles, rules
from domain.frontera.cards import card, sort_cards
from domain.frontera.character import Character
from domain.frontera.events import game
from domain.frontera.exchange_commands import (
    CancelExchange,
    PickCards,
    ProtagonistLeaves,
    StartBetExchange,
    StartDuelExchange,
)
from domain.frontera.exchange_events import (
    DeckShown,
    ExchangeCancelled,
    ExchangeStarted,
    ExchangeStepped,
    ExchangeStepsAdded,
    ProtagonistLeft,
)
from domain.frontera.exchange_state import LOOT, ExchangeStep, PendingExchange
from domain.frontera.state import TREASURE, FronteraState, player_deck, player_discard
from domain.keys import TableKeys
from domain.names import checked_reason
from domain.table import Table

# -- helpers (loot and extra_decks use them too) -------------------------------------------


def normal_mode_ruling(table: Table, actor: str, doing: str, what: str) -> FronteraState:
    """The started table's state for the Mayor's ruling on Normal mode's cards, while nothing
    else is in progress; `doing` names it to another seat, `what` outside Normal mode."""
    table.require_gm(actor, doing)
    state = guards.started(table)
    if state.options.mode != "normal":
        raise Conflict(f"{what} belongs to Normal mode", "not_normal_mode")
    require_quiet(state)
    return state


def require_quiet(state: FronteraState) -> None:
    """No test and no exchange in progress."""
    guards.require_no_open_test(state)
    if state.exchange is not None or state.house_game is not None:
        raise Conflict(
            "a card exchange or a game at the house is in progress: finish it first",
            "exchange_in_progress",
        )


def seen_by_owners(state: FronteraState, *seats: str) -> list[str]:
    """Who learns a card moved between these seats' decks without being picked: in phase 2
    the owners (each sees its own deck); in phase 1 nobody."""
    return sorted(set(seats)) if state.phase == 2 else []


def _picked_seen(state: FronteraState, picker: str, other: str) -> list[str]:
    """Who learns a picked card: the picker, and in phase 2 the other deck's owner too."""
    return sorted({picker, other}) if state.phase == 2 else [picker]


def random_top(table: Table, actor: str, zone: str, count: int, keys: TableKeys) -> list[str]:
    """`count` random cards of a zone: shuffle it, take the top."""
    piles.shuffle(table, actor, zone, keys)
    return game(table).zone(zone)[:count]


def character_in_game(state: FronteraState, character_id: str) -> Character:
    """The character, refused once it has left the game."""
    character = guards.find_character(state, character_id)
    if character.left_game:
        raise Conflict(f"{character.name} has left the game", "character_left")
    return character


def _steps(table: Table, actor: str, kind: str, reason: str, steps: list[ExchangeStep]) -> None:
    """Start an exchange, or queue its steps after the pending one's."""
    if not steps:
        return
    if game(table).exchange is None:
        table.trigger_event(
            ExchangeStarted,
            actor=actor,
            exchange=PendingExchange(kind=kind, reason=reason, steps=steps),
        )
    else:
        table.trigger_event(ExchangeStepsAdded, actor=actor, steps=steps)


def advance(table: Table, actor: str, keys: TableKeys, excluded: list[str] | None = None) -> None:
    """Run the steps that need nobody's decision, and show the next picker its choices."""
    excluded = list(excluded or [])
    state = game(table)
    while state.exchange is not None:
        step = state.exchange.steps[0]
        if step.kind == "random":
            assert step.source is not None and step.target is not None
            moved = random_top(table, actor, step.source, step.at_most, keys)
            piles.move_cards(
                table, actor, moved, step.source, step.target, "exchange", step.seen_by
            )
            table.trigger_event(ExchangeStepped, actor=actor, count=len(moved))
            excluded = moved
            continue
        if step.kind != "pick" or state.exchange.shown:
            return
        assert step.source is not None
        offered = sort_cards([c for c in state.zone(step.source) if c not in excluded])
        if not offered or step.at_most == 0:
            table.trigger_event(ExchangeStepped, actor=actor, count=0)
            continue
        table.trigger_event(
            DeckShown,
            actor=actor,
            seat=step.seat,
            zone=step.source,
            cards=offered,
            reason=state.exchange.kind,
        )
        return


# -- bets and duels [L288, L300] -----------------------------------------------------------


def _winner_takes(
    state: FronteraState, winner: str, loser: str, count: int, *, give_back: bool, least: int
) -> list[ExchangeStep]:
    """The winner picks `count` cards of the loser's deck; then (unless a cheater is caught)
    gives as many of its own."""
    steps = [
        ExchangeStep(
            kind="pick",
            seat=winner,
            source=player_deck(loser),
            target=player_deck(winner),
            at_least=least,
            at_most=count,
            give_back=give_back,
            seen_by=_picked_seen(state, winner, loser),
        )
    ]
    return steps


def swap_random(
    table: Table, actor: str, a: str, b: str, count: int, reason: str, keys: TableKeys
) -> None:
    """Each of two seats takes `count` random cards of the other's deck, at the same time, or
    as many as the shorter deck holds: never a gift."""
    state = game(table)
    count = min(count, *(len(_giving(table, actor, seat, keys)) for seat in (a, b)))
    if count == 0:
        return
    from_a = random_top(table, actor, player_deck(a), count, keys)
    from_b = random_top(table, actor, player_deck(b), count, keys)
    seen = seen_by_owners(state, a, b)
    piles.move_cards(table, actor, from_a, player_deck(a), player_deck(b), reason, seen)
    piles.move_cards(table, actor, from_b, player_deck(b), player_deck(a), reason, seen)


def _giving(table: Table, actor: str, seat: str, keys: TableKeys) -> list[str]:
    """The cards a seat's deck can give to a swap, its discards taken back if it is spent."""
    rules.return_discards(table, actor, seat, keys)
    return game(table).zone(player_deck(seat))


def start_bet_exchange(
    table: Table,
    actor: str,
    pairs: list[tuple[str, str]],
    tied: list[tuple[str, str]],
    caught: list[tuple[str, str]],
    keys: TableKeys,
) -> None:
    """The bet exchange [L288] after any game with money at stake, by seats: each (winner,
    loser) pair (the winner takes one card, then gives one), each tied pair (each takes a
    random card of the other's deck), each (rival, cheater) pair (the rival takes one, gives
    nothing). Normal mode only; a seat never exchanges with itself."""
    state = game(table)
    if state.options.mode != "normal":
        return
    for a, b in tied:
        if a != b:
            swap_random(table, actor, a, b, 1, "bet_tie", keys)
    steps: list[ExchangeStep] = []
    for winner, loser in pairs:
        if winner != loser:
            steps += _winner_takes(state, winner, loser, 1, give_back=True, least=1)
    for rival, cheater in caught:
        if rival != cheater:
            steps += _winner_takes(state, rival, cheater, 1, give_back=False, least=1)
    _steps(table, actor, "bet", "bet", steps)
    advance(table, actor, keys)


def start_duel_exchange(
    table: Table,
    actor: str,
    winner_seat: str | None,
    loser_seat: str | None,
    tied_seats: tuple[str, str] | None,
    keys: TableKeys,
) -> None:
    """The duel exchange [L300]: the winner may pick up to 2 cards of the loser's deck, then
    gives as many of its choice; tied duellists swap 2 random cards. Normal mode only."""
    state = game(table)
    if state.options.mode != "normal":
        return
    if tied_seats is not None:
        if tied_seats[0] != tied_seats[1]:
            swap_random(table, actor, tied_seats[0], tied_seats[1], 2, "duel_tie", keys)
        return
    if winner_seat is None or loser_seat is None or winner_seat == loser_seat:
        return
    steps = _winner_takes(state, winner_seat, loser_seat, 2, give_back=True, least=0)
    _steps(table, actor, "duel", "duel", steps)
    advance(table, actor, keys)


def _seat_of(state: FronteraState, character_id: str) -> str:
    return character_in_game(state, character_id).seat


def start_bet(table: Table, actor: str, command: StartBetExchange, keys: TableKeys) -> None:
    state = normal_mode_ruling(table, actor, "settle a bet's cards", "the bet exchange")
    checked_reason(command.reason)
    if command.tied and len(command.tied) == 2 and not (command.winner or command.loser):
        if command.cheater is None:
            a, b = (_seat_of(state, c) for c in command.tied)
            start_bet_exchange(table, actor, [], [(a, b)], [], keys)
            return
    elif command.winner is not None and not command.tied:
        winner = _seat_of(state, command.winner)
        if command.cheater is not None and command.loser is None:
            caught = _seat_of(state, command.cheater)
            start_bet_exchange(table, actor, [], [], [(winner, caught)], keys)
            return
        if command.cheater is None and command.loser is not None:
            loser = _seat_of(state, command.loser)
            start_bet_exchange(table, actor, [(winner, loser)], [], [], keys)
            return
    raise InvalidCommand(
        "name a winner and a loser, or two tied characters, or a caught cheater and the "
        "winner who caught them",
        "invalid_exchange",
    )


def start_duel(table: Table, actor: str, command: StartDuelExchange, keys: TableKeys) -> None:
    state = normal_mode_ruling(table, actor, "settle a duel's cards", "the duel exchange")
    if command.tied:
        if len(command.tied) != 2 or command.winner or command.loser:
            raise InvalidCommand("a tied duel is between two characters", "invalid_exchange")
        a, b = (_seat_of(state, c) for c in command.tied)
        start_duel_exchange(table, actor, None, None, (a, b), keys)
        return
    if command.winner is None or command.loser is None:
        raise InvalidCommand("name the duel's winner and loser, or the tied", "invalid_exchange")
    winner, loser = _seat_of(state, command.winner), _seat_of(state, command.loser)
    start_duel_exchange(table, actor, winner, loser, None, keys)


# -- picking -----------------------------------------------------------------------------


def current_step(
    table: Table, actor: str, kind: str
) -> tuple[FronteraState, PendingExchange, ExchangeStep]:
    """The pending exchange and the step it waits for, asked by a seat for a step of `kind`."""
    state = guards.started(table)
    table.require_seat(actor)
    if state.exchange is None:
        raise Conflict("no card exchange is pending", "no_exchange")
    step = state.exchange.steps[0]
    if step.kind != kind:
        raise Conflict(f"the exchange waits for a {step.kind.replace('_', ' ')}", "wrong_step")
    return state, state.exchange, step


def pick(table: Table, actor: str, command: PickCards, keys: TableKeys) -> list[str]:
    state, exchange, step = current_step(table, actor, "pick")
    if step.seat != actor:
        raise Forbidden(f"it is seat {step.seat!r}'s pick, not {actor!r}'s", "not_your_pick")
    cards = list(command.cards)
    if len(set(cards)) != len(cards):
        raise InvalidCommand("a card is named twice", "duplicate_card")
    for card_id in cards:
        card(card_id)
    low, high = min(step.at_least, len(exchange.shown)), min(step.at_most, len(exchange.shown))
    if not low <= len(cards) <= high:
        wanted = f"{low}" if low == high else f"{low} to {high}"
        raise InvalidCommand(f"pick {wanted} card(s), not {len(cards)}", "wrong_card_count")
    assert step.source is not None and step.target is not None
    source = state.zone(step.source)
    if any(c not in exchange.shown or c not in source for c in cards):
        raise InvalidCommand(
            "a card named is not among the cards offered to you", "card_not_offered"
        )
    piles.move_cards(table, actor, cards, step.source, step.target, exchange.kind, step.seen_by)
    then: list[ExchangeStep] = []
    if step.give_back and cards:
        then.append(
            ExchangeStep(
                kind="pick",
                seat=actor,
                source=step.target,
                target=step.source,
                at_least=len(cards),
                at_most=len(cards),
                seen_by=step.seen_by,
            )
        )
    table.trigger_event(ExchangeStepped, actor=actor, count=len(cards), then=then)
    advance(table, actor, keys, excluded=cards)
    return cards


def cancel(table: Table, actor: str, command: CancelExchange, keys: TableKeys) -> None:
    state = guards.started_ruling(table, actor, "cancel an exchange")
    if state.exchange is None:
        raise Conflict("no card exchange is pending", "no_exchange")
    reason = checked_reason(command.reason)
    table.trigger_event(ExchangeCancelled, actor=actor, reason=reason)
    piles.move_cards(table, actor, state.zone(LOOT), LOOT, TREASURE, "loot_cancelled", [])


# -- drunk and coma [L313-L322] ------------------------------------------------------------


def sobriety_swap_due(
    table: Table, character: Character, track: str, before: int, after: int
) -> str | None:
    """ "drunk" or "coma" when this change of a protagonist's sobriety sets off a swap."""
    state = game(table)
    if track != "sobriety" or character.kind != "protagonist" or character.left_game:
        return None
    if state.options.mode != "normal" or not state.started:
        return None
    if after == -3 < before:
        return "coma"
    if after == -2 < before:
        return "drunk"
    return None


def sobriety_swaps(table: Table, actor: str, character_id: str, swap: str, keys: TableKeys) -> None:
    state = game(table)
    seat = state.characters[character_id].seat
    mayor = table.gm_seat.id
    if seat == mayor:
        return
    if swap == "drunk":
        swap_random(table, actor, seat, mayor, 1, "drunk", keys)
        return
    if not _giving(table, actor, seat, keys) or not _giving(table, actor, mayor, keys):
        return
    steps = [
        ExchangeStep(
            kind="random",
            seat=seat,
            character=character_id,
            source=player_deck(seat),
            target=player_deck(mayor),
            seen_by=seen_by_owners(state, seat, mayor),
        ),
        ExchangeStep(
            kind="pick",
            seat=mayor,
            source=player_deck(mayor),
            target=player_deck(seat),
            seen_by=_picked_seen(state, mayor, seat),
        ),
    ]
    _steps(table, actor, "coma", f"{state.characters[character_id].name} in a coma", steps)
    advance(table, actor, keys)


# -- death [L309] --------------------------------------------------------------------------


def leave(table: Table, actor: str, command: ProtagonistLeaves, keys: TableKeys) -> None:
    state = guards.started_ruling(table, actor, "record that a protagonist leaves")
    character = character_in_game(state, command.character)
    if character.kind != "protagonist":
        raise InvalidCommand("only a protagonist leaves the game this way", "not_a_protagonist")
    if character.health > -4:
        raise Conflict(f"{character.name} is not dead", "not_dead")
    require_quiet(state)
    reason = checked_reason(command.reason)
    table.trigger_event(ProtagonistLeft, actor=actor, character=character.id, reason=reason)
    others = [
        c
        for c in state.characters.values()
        if c.seat == character.seat and c.kind == "protagonist" and not c.left_game
    ]
    if state.options.mode != "normal" or others:
        return
    for zone in (player_deck(character.seat), player_discard(character.seat)):
        piles.move_cards(table, actor, state.zone(zone), zone, TREASURE, "death", [])


HANDLERS: dict[type, Any] = {
    PickCards: pick,
    CancelExchange: cancel,
    StartBetExchange: start_bet,
    StartDuelExchange: start_duel,
    ProtagonistLeaves: leave,
}
