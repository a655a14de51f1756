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


class KeepLoot(Command):
    """Who keeps the treasure card on top of the loot (the sharers' agreement)."""

    character: CharacterId


class SwapCards(Command):
    """A loot swap: trade a card with a partner present at the sharing, or pass.

    In phase 2 name the card of your deck you give; in phase 1 the cards are random."""

    character: CharacterId
    partner: str | None = None
    card: CardId | None = None


class CancelExchange(Command):
    reason: Reason


class StartBetExchange(Command):
    """The Mayor settles the cards of a bet the engine did not run (Mayor): a winner and a
    loser, or two tied characters, or a caught cheater and the rival who caught them."""

    winner: str | None = None
    loser: str | None = None
    tied: Tied = []
    cheater: str | None = None
    reason: Reason = "a bet"


class StartDuelExchange(Command):
    """After a pistol duel: the winner may take up to 2 of the loser's cards and gives as many
    back; a tie swaps 2 random cards (Mayor)."""

    winner: str | None = None
    loser: str | None = None
    tied: Tied = []


class ProtagonistLeaves(Command):
    """A dead protagonist leaves the game; its seat's cards go to the treasure (Mayor)."""

    character: CharacterId
    reason: Reason


class ShareLoot(Command, kw_only=True):
    """Protagonists share a treasure, loot or reward; `cards` > 1 for a rich one (Mayor)."""

    #: the sharing protagonists: one or more, each named once
    characters: Annotated[CharacterIds, msgspec.Meta(min_length=1)]
    cards: Annotated[int, msgspec.Meta(ge=1, le=MAX_LOOT)] = 1
    reason: Reason


class DealLateJoiner(Command, kw_only=True):
    """Give cards to a seat that joined after the start (Mayor)."""

    seat: str
    way: Literal["new_deck", "from_others"]
    #: from_others: the cards taken from each other seat's deck, 1 to 3
    cards_each: Annotated[int, msgspec.Meta(ge=LATE_CARDS[0], le=LATE_CARDS[1])] = 1
    reason: Reason


class SeedTreasure(Command):
    """Put random cards of an extra deck in the treasure (Mayor)."""

    #: at most the cards of a deck (without the Jokers the table leaves out: 422)
    cards: Annotated[int, msgspec.Meta(ge=1, le=CARDS_PER_DECK)]
    reason: Reason
