"""Sharing a treasure, loot or reward [L326]: the treasure cards drawn, who keeps each, and
the swaps of those who kept none.

Decision where the book is silent:
- Loot: the Mayor draws `cards` treasure cards (a rich loot may allow more); each is shown to
  the sharing seats, and a sharing seat (or the Mayor, recording their agreement) names who
  keeps it. Those who keep none may each swap `cards` times; with an empty treasure, all may.
  In phase 1 a loot swap trades random face-down cards (nobody may look at a deck); in phase 2
  the swapper picks its card and the partner picks the one it gives back.
"""

from __future__ import annotations

from typing import Any

from domain.errors import Conflict, Forbidden, InvalidCommand
from domain.frontera import piles
from domain.frontera.cards import card
from domain.frontera.exchange_commands import MAX_LOOT, KeepLoot, ShareLoot, SwapCards
from domain.frontera.exchange_events import ExchangeStarted, ExchangeStepped
from domain.frontera.exchange_state import LOOT, ExchangeStep, PendingExchange
from domain.frontera.exchanges import (
    advance,
    character_in_game,
    current_step,
    normal_mode_ruling,
    random_top,
    swap_random,
)
from domain.frontera.state import TREASURE, FronteraState, player_deck
from domain.keys import TableKeys
from domain.names import checked_reason
from domain.table import Table


def share_loot(table: Table, actor: str, command: ShareLoot, keys: TableKeys) -> None:
    state = normal_mode_ruling(table, actor, "share loot", "sharing loot for cards")
    reason = checked_reason(command.reason)
    if not 1 <= command.cards <= MAX_LOOT:
        raise InvalidCommand(f"a loot gives 1 to {MAX_LOOT} cards", "invalid_card_count")
    ids = list(command.characters)
    if not ids or len(set(ids)) != len(ids):
        raise InvalidCommand("name each sharing protagonist once", "invalid_participants")
    sharers = [character_in_game(state, c) for c in ids]
    for sharer in sharers:
        if sharer.kind != "protagonist" or sharer.seat == table.gm_seat.id:
            raise InvalidCommand(
                "the Mayor never takes treasure cards, not even for an NPC present",
                "mayor_takes_no_treasure",
            )
    seats = sorted({s.seat for s in sharers})
    drawn = random_top(table, actor, TREASURE, command.cards, keys)
    piles.move_cards(table, actor, drawn, TREASURE, LOOT, "loot", seats)
    exchange = PendingExchange(
        kind="loot", reason=reason, steps=[], sharers=ids, times=command.cards
    )
    if drawn:
        exchange.steps = [ExchangeStep(kind="keep_loot", seat="") for _ in drawn]
    else:
        exchange.steps = _swap_steps(state, ids, ids, command.cards)
    if exchange.steps:
        table.trigger_event(ExchangeStarted, actor=actor, exchange=exchange)


def _swap_steps(
    state: FronteraState, swappers: list[str], present: list[str], times: int
) -> list[ExchangeStep]:
    steps = []
    for character_id in swappers:
        seat = state.characters[character_id].seat
        partners = [c for c in present if state.characters[c].seat != seat]
        if partners:
            steps += [
                ExchangeStep(kind="swap", seat=seat, character=character_id, partners=partners)
                for _ in range(times)
            ]
    return steps


def keep_loot(table: Table, actor: str, command: KeepLoot, keys: TableKeys) -> None:
    state, exchange, _ = current_step(table, actor, "keep_loot")
    seats = {state.characters[c].seat for c in exchange.sharers}
    if actor not in seats and actor != table.gm_seat.id:
        raise Forbidden("only those sharing the loot decide who keeps it", "not_sharing")
    if command.character not in exchange.sharers:
        raise InvalidCommand("the keeper must be one of those sharing", "not_sharing")
    keeper = state.characters[command.character]
    (top, *_) = state.zone(LOOT)
    piles.move_cards(
        table, actor, [top], LOOT, player_deck(keeper.seat), "loot_kept", sorted(seats)
    )
    then: list[ExchangeStep] = []
    if not any(s.kind == "keep_loot" for s in exchange.steps[1:]):
        # the last treasure card: those who kept none may swap
        keepers = {*exchange.keepers, keeper.id}
        others = [c for c in exchange.sharers if c not in keepers]
        then = _swap_steps(state, others, exchange.sharers, exchange.times)
    table.trigger_event(ExchangeStepped, actor=actor, count=1, then=then, kept_by=keeper.id)
    advance(table, actor, keys)


def swap(table: Table, actor: str, command: SwapCards, keys: TableKeys) -> None:
    state, _, step = current_step(table, actor, "swap")
    if step.character != command.character:
        raise Conflict("it is another protagonist's turn to swap", "not_your_turn")
    if step.seat != actor:
        raise Forbidden(f"the swap is seat {step.seat!r}'s, not {actor!r}'s", "not_your_pick")
    if command.partner is None:
        if command.card is not None:
            raise InvalidCommand("a pass names no card", "invalid_exchange")
        table.trigger_event(ExchangeStepped, actor=actor, count=0, passed=True)
        advance(table, actor, keys)
        return
    if command.partner not in step.partners:
        raise InvalidCommand(
            "the partner must be another protagonist present at the sharing, of another seat",
            "invalid_partner",
        )
    partner = state.characters[command.partner].seat
    mine, theirs = player_deck(actor), player_deck(partner)
    if state.phase != 2:
        if command.card is not None:
            raise InvalidCommand(
                "in phase 1 nobody may look at a deck: a swap trades random cards",
                "card_not_allowed",
            )
        if not state.zone(mine) or not state.zone(theirs):
            raise Conflict("a swap needs a card in each deck", "empty_deck")
        table.trigger_event(ExchangeStepped, actor=actor, count=1)
        swap_random(table, actor, actor, partner, 1, "loot_swap", keys)
        advance(table, actor, keys)
        return
    if command.card is None:
        raise InvalidCommand("name the card of your deck you give", "card_required")
    card(command.card)
    if command.card not in state.zone(mine):
        raise InvalidCommand("the card named is not in your deck", "card_not_offered")
    if not state.zone(theirs):
        raise Conflict("the partner's deck is empty", "empty_deck")
    seen = sorted({actor, partner})
    piles.move_cards(table, actor, [command.card], mine, theirs, "loot_swap", seen)
    back = ExchangeStep(kind="pick", seat=partner, source=theirs, target=mine, seen_by=seen)
    table.trigger_event(ExchangeStepped, actor=actor, count=1, then=[back])
    advance(table, actor, keys, excluded=[command.card])


HANDLERS: dict[type, Any] = {
    ShareLoot: share_loot,
    KeepLoot: keep_loot,
    SwapCards: swap,
}
