"""French-suited cards with a unique id per physical card, since several decks may be in play.

A card id is `d<deck>:<rank><suit>` (e.g. `d0:10H`, `d1:QS`) or `d<deck>:JK<n>` for a
Joker. Values: 2-10 face value, J 11, Q 12, K 13, A 14, Joker 15 of the suit its player
declares when playing it.
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from typing import Annotated, NamedTuple

import msgspec

from domain.errors import InvalidCommand


class Suit(StrEnum):
    SPADES = "spades"
    CLUBS = "clubs"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"

    @property
    def letter(self) -> str:
        return self.value[0].upper()

    @property
    def colour(self) -> str:
        return "black" if self in (Suit.SPADES, Suit.CLUBS) else "red"


SUIT_BY_LETTER = {suit.letter: suit for suit in Suit}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_VALUES = {rank: index + 2 for index, rank in enumerate(RANKS)}
JOKER_VALUE = 15

#: the dead man's hand: A♠ A♥ 8♣ 8♦
DEAD_MANS_HAND = (("A", Suit.SPADES), ("A", Suit.HEARTS), ("8", Suit.CLUBS), ("8", Suit.DIAMONDS))


class Card(NamedTuple):
    deck: int
    rank: str  # "2".."10", "J", "Q", "K", "A", or "JK" for a Joker
    suit: Suit | None  # None for a Joker, whose suit is declared when it is played
    joker: int = 0  # 1 or 2 for a deck's Jokers

    @property
    def id(self) -> str:
        if self.suit is None:
            return f"d{self.deck}:JK{self.joker}"
        return f"d{self.deck}:{self.rank}{self.suit.letter}"

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def value(self) -> int:
        return JOKER_VALUE if self.suit is None else RANK_VALUES[self.rank]

    @property
    def is_ace(self) -> bool:
        return self.rank == "A"


#: a card id as a client names it (`card` parses it): `d<deck>:<rank><suit>` or `d<deck>:JK<n>`
CARD_ID_PATTERN = r"^d(0|[1-9][0-9]*):(JK[12]|(10|[2-9JQKA])[SCHD])$"
CardId = Annotated[str, msgspec.Meta(pattern=CARD_ID_PATTERN)]
#: card ids, each named once
CardIds = Annotated[list[CardId], msgspec.Meta(extra_json_schema={"uniqueItems": True})]
#: the most cards a deck holds: 52 and two Jokers
CARDS_PER_DECK = 54


@lru_cache(maxsize=4096)
def card(card_id: str) -> Card:
    """Parse a card id; an unknown id is an invalid command."""
    deck_part, _, face = card_id.partition(":")
    try:
        if not deck_part.startswith("d"):
            raise ValueError
        deck = int(deck_part[1:])
        if face.startswith("JK"):
            joker = int(face[2:])
            if joker not in (1, 2):
                raise ValueError
            return Card(deck, "JK", None, joker)
        rank, suit = face[:-1], SUIT_BY_LETTER[face[-1]]
        if rank not in RANK_VALUES:
            raise ValueError
    except (ValueError, KeyError, IndexError):
        raise InvalidCommand(f"{card_id!r} is not a card id", "unknown_card") from None
    return Card(deck, rank, suit)


def deck(index: int, jokers: int) -> list[str]:
    """One physical deck in canonical order: suits ♠ ♣ ♥ ♦, ranks 2 to A, then Jokers."""
    cards = [Card(index, rank, suit).id for suit in Suit for rank in RANKS]
    return cards + [Card(index, "JK", None, n).id for n in range(1, jokers + 1)]


def dead_mans_hand(index: int) -> list[str]:
    return [Card(index, rank, suit).id for rank, suit in DEAD_MANS_HAND]


_SUIT_ORDER = {suit: index for index, suit in enumerate(Suit)}


def canonical_key(card_id: str) -> tuple[int, int, int, int]:
    """Sort key of the canonical order; listing cards this way says nothing of their order."""
    face = card(card_id)
    if face.suit is None:
        return (face.deck, len(Suit), 0, face.joker)
    return (face.deck, _SUIT_ORDER[face.suit], RANK_VALUES[face.rank], 0)


def sort_cards(card_ids: list[str]) -> list[str]:
    return sorted(card_ids, key=canonical_key)
