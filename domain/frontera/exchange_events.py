"""The facts of Normal mode's card exchanges: an exchange started, stepped, queued after
another or cancelled; a deck shown to its picker; a protagonist gone; a new deck at the table.

Like every event, each `apply` only moves what the event says moved: the handlers of
`exchanges`, `loot` and `extra_decks` decide, and these replay. The cards themselves move by
the events of `piles` (`CardsMoved`, `CardsShuffled`)."""

from __future__ import annotations

from domain.frontera.events import game
from domain.frontera.exchange_state import ExchangeStep, PendingExchange
from domain.frontera.state import FronteraState
from domain.structs import clone
from domain.table import Table


class ExchangeStarted(Table.Event):
    """A card exchange begins; its steps wait for the seats' commands in turn."""

    TOPIC = "frontera.ExchangeStarted"
    exchange: PendingExchange
    """The exchange: its kind, reason and steps"""

    def apply(self, table: Table) -> None:
        game(table).exchange = clone(self.exchange)


class ExchangeStepsAdded(Table.Event):
    """Another exchange's steps, queued after the pending one's."""

    TOPIC = "frontera.ExchangeStepsAdded"
    steps: list[ExchangeStep]
    """The steps queued after the pending exchange's"""

    def apply(self, table: Table) -> None:
        exchange = _pending(game(table))
        exchange.steps.extend(clone(step) for step in self.steps)


class DeckShown(Table.Event):
    """`seat` is shown the cards of `zone` it may pick from (secret to that seat)."""

    TOPIC = "frontera.DeckShown"
    seat: str
    """The seat id of the picker"""
    zone: str
    """The deck zone it may pick from (`player_deck:<seat>`)"""
    cards: list[str]
    """The card ids it may pick from"""
    reason: str
    """The exchange the pick belongs to: `bet`, `duel`, `coma` or `loot`"""

    def apply(self, table: Table) -> None:
        exchange = game(table).exchange
        if exchange is not None:
            exchange.shown = list(self.cards)


class ExchangeStepped(Table.Event):
    """The first step is done (`count` cards moved); `then` steps come next."""

    TOPIC = "frontera.ExchangeStepped"
    count: int
    """The cards the step moved (0: none)"""
    passed: bool = False
    """True when the protagonist passed up its loot swap"""
    then: list[ExchangeStep] | None = None
    """The steps this one sets off, done before the rest (a winner giving back as many cards as it
    took); null: none"""
    kept_by: str | None = None
    """Loot: the id of the protagonist who kept the treasure card; null for other steps"""

    def apply(self, table: Table) -> None:
        state = game(table)
        exchange = _pending(state)
        if self.kept_by is not None:
            exchange.keepers.append(self.kept_by)
        exchange.steps = [clone(step) for step in self.then or []] + exchange.steps[1:]
        exchange.shown = []
        if not exchange.steps:
            state.exchange = None


class ExchangeCancelled(Table.Event):
    """The Mayor cancels the pending exchange."""

    TOPIC = "frontera.ExchangeCancelled"
    reason: str
    """Why, in the Mayor's words"""

    def apply(self, table: Table) -> None:
        game(table).exchange = None


class ProtagonistLeft(Table.Event):
    """A dead protagonist leaves the game; its seat's cards go to the treasure unless the seat plays
    another protagonist."""

    TOPIC = "frontera.ProtagonistLeft"
    character: str
    """The id of the protagonist who left"""
    reason: str
    """Why, in the Mayor's words"""

    def apply(self, table: Table) -> None:
        game(table).characters[self.character].left_game = True


class DeckAdded(Table.Event):
    """A new physical deck comes to the table, in its public canonical order, into `zone`."""

    TOPIC = "frontera.DeckAdded"
    deck: int
    """The new deck's index (its card ids start `d<deck>:`)"""
    zone: str
    """The zone it comes into: `new_deck`"""
    cards: list[str]
    """The new deck's card ids, in canonical order"""
    reason: str
    """Why, in the Mayor's words (a late joiner, a seeded treasure)"""

    def apply(self, table: Table) -> None:
        state = game(table)
        state.zones[self.zone] = state.zone(self.zone) + list(self.cards)
        state.decks += 1


def _pending(state: FronteraState) -> PendingExchange:
    if state.exchange is None:
        raise ValueError("no exchange is pending")
    return state.exchange
