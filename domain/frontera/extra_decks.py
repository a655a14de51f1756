"""Cards from outside the game: a late joiner's deal [L246] and the treasure seeded from an
extra deck [L239].

Decisions where the book is silent:
- Late joiner, new deck: a whole new deck (with the table's Jokers) is shuffled, 8 cards go to
  the newcomer face down, the rest become the pile, and a table in phase 2 returns to phase 1
  with every seat keeping its deck. Without a new deck, the newcomer takes 1 to 3 (the Mayor's
  number) random cards of each other seat's deck, the Mayor's included.
- The treasure is seeded from a whole extra deck: `cards` random cards of it go to the
  treasure face down and the rest are set aside (`removed`).
"""

from __future__ import annotations

from typing import Any

from domain.errors import Conflict, InvalidCommand
from domain.frontera import piles
from domain.frontera.cards import card, deck
from domain.frontera.events import CardsDealt, PhaseChanged, game
from domain.frontera.exchange_commands import LATE_CARDS, DealLateJoiner, SeedTreasure
from domain.frontera.exchange_events import DeckAdded
from domain.frontera.exchanges import normal_mode_ruling, random_top, seen_by_owners
from domain.frontera.setup import DEAL
from domain.frontera.state import PILE, REMOVED, TREASURE, player_deck, player_discard
from domain.keys import TableKeys
from domain.names import checked_reason
from domain.table import Table

NEW_DECK = "new_deck"
#: decks a table ever holds: every extra deck stays in its state, set aside or not
MAX_TABLE_DECKS = 40


def _new_deck(table: Table, actor: str, zone: str, reason: str) -> None:
    state = game(table)
    used = {card(c).deck for cards in state.zones.values() for c in cards}
    index = max(used, default=-1) + 1
    if index >= MAX_TABLE_DECKS:
        raise InvalidCommand(f"a table holds at most {MAX_TABLE_DECKS} decks", "too_many_decks")
    cards = deck(index, state.options.jokers_per_deck)
    table.trigger_event(DeckAdded, actor=actor, deck=index, zone=zone, cards=cards, reason=reason)


def late_joiner(table: Table, actor: str, command: DealLateJoiner, keys: TableKeys) -> None:
    state = normal_mode_ruling(table, actor, "deal a late joiner in", "dealing a late joiner in")
    reason = checked_reason(command.reason)
    seat = table.seat(command.seat).id
    if seat == table.gm_seat.id:
        raise InvalidCommand("the Mayor sat from the start", "invalid_seat")
    if state.zone(player_deck(seat)) or state.zone(player_discard(seat)):
        raise Conflict("that seat already has cards", "seat_has_cards")
    if command.way == "from_others":
        low, high = LATE_CARDS
        if not low <= command.cards_each <= high:
            raise InvalidCommand(
                f"a late joiner takes {low} to {high} cards of each deck", "invalid_card_count"
            )
        for other in table.seats.values():
            if other.active and other.id != seat:
                taken = random_top(table, actor, player_deck(other.id), command.cards_each, keys)
                piles.move_cards(
                    table,
                    actor,
                    taken,
                    player_deck(other.id),
                    player_deck(seat),
                    "late_joiner",
                    seen_by_owners(state, seat, other.id),
                )
        return
    if command.way != "new_deck":
        raise InvalidCommand("the way is new_deck or from_others", "invalid_way")
    _new_deck(table, actor, NEW_DECK, reason)
    piles.shuffle(table, actor, NEW_DECK, keys)
    dealt = state.zone(NEW_DECK)[:DEAL]
    table.trigger_event(
        CardsDealt, actor=actor, source=NEW_DECK, decks={player_deck(seat): dealt}, seen_by=[]
    )
    piles.move_cards(table, actor, state.zone(NEW_DECK), NEW_DECK, PILE, "new_deck", [])
    piles.shuffle(table, actor, PILE, keys)
    if state.phase == 2:
        table.trigger_event(PhaseChanged, actor=actor, phase=1, decks={})


def seed_treasure(table: Table, actor: str, command: SeedTreasure, keys: TableKeys) -> None:
    state = normal_mode_ruling(table, actor, "seed the treasure", "the treasure deck")
    reason = checked_reason(command.reason)
    size = 52 + state.options.jokers_per_deck
    if not 1 <= command.cards <= size:
        raise InvalidCommand(f"an extra deck gives 1 to {size} cards", "invalid_card_count")
    _new_deck(table, actor, NEW_DECK, reason)
    piles.shuffle(table, actor, NEW_DECK, keys)
    seeded = state.zone(NEW_DECK)[: command.cards]
    piles.move_cards(table, actor, seeded, NEW_DECK, TREASURE, "treasure_seeded", [])
    piles.move_cards(table, actor, state.zone(NEW_DECK), NEW_DECK, REMOVED, "extra_deck_aside", [])


HANDLERS: dict[type, Any] = {
    DealLateJoiner: late_joiner,
    SeedTreasure: seed_treasure,
}
