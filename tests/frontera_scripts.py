"""Scripted decks for Frontera tests: which card comes out where, decided by the test.

A table with `scripted_order` lays every zone out with the scripted cards first (in script
order) and the rest after, and its shuffles keep the order; these helpers build scripts for
the usual lay-outs and read the events a test looks at.
"""

from __future__ import annotations

from typing import TypeVar

from domain.frontera.cards import dead_mans_hand, deck
from domain.frontera.events import CardsDrawn
from tests.frontera_helpers import Session

E = TypeVar("E")

DEAL = 8  # cards dealt to each seat's deck at the start of a normal-mode table


def play_cards(decks: int = 1, jokers: int = 2) -> list[str]:
    """The cards of a normal / no-management table's pile before the deal, canonical order."""
    hand = set(dead_mans_hand(0))
    return [c for index in range(decks) for c in deck(index, jokers) if c not in hand]


def fillers(count: int, avoid: list[str], *, jokers: int = 2) -> list[str]:
    """`count` play cards, in canonical order, none of them in `avoid`."""
    taken = set(avoid)
    free = [c for c in play_cards(jokers=jokers) if c not in taken]
    assert len(free) >= count, "not enough cards left to fill the script"
    return free[:count]


def normal_script(
    seats: int,
    *,
    deals: dict[int, list[str]] | None = None,
    pile: list[str] | None = None,
    removed: int = 0,
    jokers: int = 2,
) -> list[str]:
    """A normal-mode script: `removed` cards set aside, 8 dealt to each seat (seat index 0 is
    the Mayor; `deals` fixes some of them, the rest are fillers), then `pile` on top of the
    pile that phase 1 draws from."""
    deals = deals or {}
    pile = pile or []
    named = [c for cards in deals.values() for c in cards] + pile
    spare = iter(fillers(removed + DEAL * seats, named, jokers=jokers))
    order = [next(spare) for _ in range(removed)]
    for index in range(seats):
        given = list(deals.get(index, []))
        assert len(given) <= DEAL
        order += given + [next(spare) for _ in range(DEAL - len(given))]
    return order + pile


def skip_phase_1_script(seats: int, decks: dict[int, list[str]], *, jokers: int = 2) -> list[str]:
    """A skip-phase-1 script: seat number `i` (0 is the Mayor) gets a block whose top is
    `decks[i]`; every play card is dealt, in blocks as even as they can be."""
    total = len(play_cards(jokers=jokers))
    share, extra = divmod(total, seats)
    named = [c for cards in decks.values() for c in cards]
    spare = iter(fillers(total - len(named), named, jokers=jokers))
    order: list[str] = []
    for index in range(seats):
        size = share + (1 if index < extra else 0)
        given = list(decks.get(index, []))
        assert len(given) <= size
        order += given + [next(spare) for _ in range(size - len(given))]
    return order


def events_of(session: Session, kind: type[E]) -> list[E]:
    return [e for e in session.events() if isinstance(e, kind)]


def last(session: Session, kind: type[E]) -> E:
    found = events_of(session, kind)
    assert found, f"no {kind.__name__} event"
    return found[-1]


def drawn(session: Session, character: str) -> CardsDrawn:
    """The latest CardsDrawn event of a character."""
    return [e for e in events_of(session, CardsDrawn) if e.character == character][-1]
