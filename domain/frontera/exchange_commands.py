"""What Normal mode's card exchanges ask of a table [L280-L347]: a seat's pick, keep or swap
in a pending exchange, and the Mayor's bets, duels, deaths, loot, late joiners and treasure.

Kept apart from the handlers (`exchanges`, `loot`, `extra_decks`) so that the routes and the
tests name a command without the rules behind it."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.characters import CharacterId
from domain.commands import Command
from domain.frontera.cards import CARDS_PER_DECK, CardId, CardIds
from domain.frontera.state import CharacterIds
from domain.names import Reason

MAX_LOOT = 8
LATE_CARDS = (1, 3)
#: the tied characters of a bet or a duel: none, or two
Tied = Annotated[list[str], msgspec.Meta(max_length=2)]


class PickCards(Command):
    """The seat whose pick it is takes these cards of the deck it was shown."""

    cards: CardIds
    """The card ids taken, among those the seat was shown: from `at_least` to `at_most` of them"""


class KeepLoot(Command):
    """Who keeps the treasure card on top of the loot (the sharers' agreement)."""

    character: CharacterId
    """The id of the protagonist who keeps the card: one of those sharing the loot"""


class SwapCards(Command):
    """A loot swap: trade a card with a partner present at the sharing, or pass.

    In phase 2 name the card of your deck you give; in phase 1 the cards are random."""

    character: CharacterId
    """The id of the protagonist whose swap it is"""
    partner: str | None = None
    """The id of the protagonist present at the sharing to swap with; null: pass"""
    card: CardId | None = None
    """Phase 2: the card id of your deck you give; null in phase 1, where the cards are random"""


class CancelExchange(Command):
    """The Mayor cancels the pending exchange, giving a reason (e.g. a seat left the table)."""

    reason: Reason
    """Why, in the Mayor's words"""


class StartBetExchange(Command):
    """The Mayor settles the cards of a bet the engine did not run (Mayor): a winner and a
    loser, or two tied characters, or a caught cheater and the rival who caught them."""

    winner: str | None = None
    """The id of the winner: with `loser`, or with `cheater` as the rival who caught them; null for
    a tie"""
    loser: str | None = None
    """The id of the loser (with `winner`); null for a tie or a caught cheater"""
    tied: Tied = []
    """The ids of two tied characters, instead of a winner and a loser; empty: no tie"""
    cheater: str | None = None
    """The id of a caught cheater (with `winner`, the rival who caught them); null: none"""
    reason: Reason = "a bet"


class StartDuelExchange(Command):
    """After a pistol duel: the winner may take up to 2 of the loser's cards and gives as many
    back; a tie swaps 2 random cards (Mayor)."""

    winner: str | None = None
    """The id of the duel's winner (with `loser`); null for a tie"""
    loser: str | None = None
    """The id of the duel's loser (with `winner`); null for a tie"""
    tied: Tied = []
    """The ids of the two tied duellists, instead of a winner and a loser; empty: no tie"""


class ProtagonistLeaves(Command):
    """A dead protagonist leaves the game; its seat's cards go to the treasure (Mayor)."""

    character: CharacterId
    """The id of the dead protagonist who leaves"""
    reason: Reason
    """Why, in the Mayor's words"""


class ShareLoot(Command, kw_only=True):
    """Protagonists share a treasure, loot or reward; `cards` > 1 for a rich one (Mayor)."""

    characters: Annotated[CharacterIds, msgspec.Meta(min_length=1)]
    """The ids of the protagonists sharing: one or more, each named once"""
    cards: Annotated[int, msgspec.Meta(ge=1, le=MAX_LOOT)] = 1
    reason: Reason
    """What is shared, in the Mayor's words (a treasure, a loot, a reward)"""


class DealLateJoiner(Command, kw_only=True):
    """Give cards to a seat that joined after the start (Mayor)."""

    seat: str
    """The seat id of the late joiner"""
    way: Literal["new_deck", "from_others"]
    """`new_deck`: a new deck comes to the table, 8 of its cards go to the seat and the rest become
    the pile (phase 1 again); `from_others`: the seat takes `cards_each` random cards of each other
    seat's deck"""
    #: from_others: the cards taken from each other seat's deck, 1 to 3
    cards_each: Annotated[int, msgspec.Meta(ge=LATE_CARDS[0], le=LATE_CARDS[1])] = 1
    reason: Reason
    """Why, in the Mayor's words"""


class SeedTreasure(Command):
    """Put random cards of an extra deck in the treasure (Mayor)."""

    cards: Annotated[int, msgspec.Meta(ge=1, le=CARDS_PER_DECK)]
    """How many random cards of the extra deck go to the treasure (the rest are set aside): at
    most the cards of a deck, less the Jokers the table leaves out (more: 422)"""
    reason: Reason
    """Why, in the Mayor's words"""
