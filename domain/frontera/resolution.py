"""Outcomes of trait and opposed tests from the cards played [L733, L785]. Pure functions."""

from __future__ import annotations

from typing import NamedTuple

from domain.frontera.cards import Suit, card
from domain.frontera.character import Trait

SUCCESS, PARTIAL, FAILURE = "success", "partial", "failure"
VICTORY, DEFEAT, TIE = "victory", "defeat", "tie"


class Play(NamedTuple):
    """One played card as it counts: its suit (a Joker's declared one) and value."""

    card: str
    suit: Suit
    value: int

    @classmethod
    def of(cls, card_id: str, joker_suits: dict[str, Suit]) -> Play:
        face = card(card_id)
        return cls(card_id, face.suit or joker_suits[card_id], face.value)

    def describe(self) -> str:
        return f"{self.card} ({self.suit.value}, {self.value})"


def trait_test(play: Play | None, trait: Trait, difficulty: int | None) -> tuple[str, str]:
    """Success with the trait's suit, partial with its colour, else failure.

    With a difficulty, the right suit below the difficulty is a partial success and any
    other suit is a failure, whatever its colour.
    """
    if play is None:
        return FAILURE, "no card was played"
    right_suit = trait.suit
    if play.suit == right_suit:
        if difficulty is not None and play.value < difficulty:
            return (
                PARTIAL,
                f"{play.describe()} has the suit of {trait.value} but is below {difficulty}",
            )
        return SUCCESS, f"{play.describe()} has the suit of {trait.value}"
    if difficulty is not None:
        return (
            FAILURE,
            f"{play.describe()} is not of the suit of {trait.value} ({right_suit.value})",
        )
    if play.suit.colour == right_suit.colour:
        return PARTIAL, f"{play.describe()} has the colour of {trait.value} ({right_suit.colour})"
    return FAILURE, f"{play.describe()} is neither the suit nor the colour of {trait.value}"


def opposed_test(
    plays: dict[str, Play | None], traits: dict[str, Trait]
) -> dict[str, tuple[str, str]]:
    """Each participant's right suit is its own trait's suit.

    One with the right suit wins; several: the highest value among them, equal highest a tie;
    none: the highest value of the right colour, equal a tie; none of either: all tie. With
    more than two participants, those tied at the top tie and the rest lose.
    """
    suited = [c for c, p in plays.items() if p is not None and p.suit == traits[c].suit]
    coloured = [
        c for c, p in plays.items() if p is not None and p.suit.colour == traits[c].suit.colour
    ]
    contenders, basis = (suited, "suit") if suited else (coloured, "colour")
    if not contenders:
        return {c: (TIE, "nobody played the suit or colour of their trait") for c in plays}
    best = max(plays[c].value for c in contenders)  # type: ignore[union-attr]
    top = [c for c in contenders if plays[c].value == best]  # type: ignore[union-attr]
    results: dict[str, tuple[str, str]] = {}
    for character, play in plays.items():
        played = play.describe() if play else "no card"
        if character in top and len(top) == 1:
            results[character] = (VICTORY, f"{played}: the highest card of the right {basis}")
        elif character in top:
            results[character] = (TIE, f"{played}: tied for the highest card of the right {basis}")
        else:
            results[character] = (DEFEAT, f"{played}: beaten on {basis}")
    return results
