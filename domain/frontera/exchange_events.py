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
    TOPIC = "frontera.ExchangeStarted"
    exchange: PendingExchange

    def apply(self, table: Table) -> None:
        game(table).exchange = clone(self.exchange)


class ExchangeStepsAdded(Table.Event):
    """Another exchange's steps, queued after the pending one's."""

    TOPIC = "frontera.ExchangeStepsAdded"
    steps: list[ExchangeStep]

    def apply(self, table: Table) -> None:
        exchange = _pending(game(table))
        exchange.steps.extend(clone(step) for step in self.steps)


class DeckShown(Table.Event):
    """`seat` is shown the cards of `zone` it may pick from (secret to that seat)."""

    TOPIC = "frontera.DeckShown"
    seat: str
    zone: str
    cards: list[str]
    reason: str

    def apply(self, table: Table) -> None:
        exchange = game(table).exchange
        if exchange is not None:
            exchange.shown = list(self.cards)


class ExchangeStepped(Table.Event):
    """The first step is done (`count` cards moved); `then` steps come next."""

    TOPIC = "frontera.ExchangeStepped"
    count: int
    passed: bool = False
    then: list[ExchangeStep] | None = None
    #: loot: the protagonist who kept the treasure card
    kept_by: str | None = None

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
    TOPIC = "frontera.ExchangeCancelled"
    reason: str

    def apply(self, table: Table) -> None:
        game(table).exchange = None


class ProtagonistLeft(Table.Event):
    TOPIC = "frontera.ProtagonistLeft"
    character: str
    reason: str

    def apply(self, table: Table) -> None:
        game(table).characters[self.character].left_game = True


class DeckAdded(Table.Event):
    """A new physical deck comes to the table, in its public canonical order, into `zone`."""

    TOPIC = "frontera.DeckAdded"
    deck: int
    zone: str
    cards: list[str]
    reason: str

    def apply(self, table: Table) -> None:
        state = game(table)
        state.zones[self.zone] = state.zone(self.zone) + list(self.cards)
        state.decks += 1


def _pending(state: FronteraState) -> PendingExchange:
    if state.exchange is None:
        raise ValueError("no exchange is pending")
    return state.exchange
