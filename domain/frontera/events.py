"""Frontera's events. Each is one fact; `apply` only moves what the event says moved.

An event's body runs again on every replay, so nothing here draws random numbers, reads
the clock or decides anything: the commands in `domain.frontera.rules` do that and put the
results (shuffled orders, drawn cards, outcomes) in the event.

Card lists marked secret in `projections.redaction` name who saw them in the event itself
(`seat`, `seen_by`), because who may know a card is a rule of the game.
"""

from __future__ import annotations

from typing import cast

from domain.frontera.cards import Suit
from domain.frontera.character import Character, Purchase
from domain.frontera.combat import Weapon
from domain.frontera.state import DrawCount, FronteraState, OpenTest, hand
from domain.games import GameOf
from domain.structs import clone
from domain.table import Table

game = GameOf(FronteraState)


class CharacterCreated(Table.Event):
    TOPIC = "frontera.CharacterCreated"
    character: Character
    #: a protagonist's purchases with its starting dollars, at their prices (None: stored
    #: before purchases were kept)
    purchases: list[Purchase] | None = None

    def apply(self, table: Table) -> None:
        game(table).characters[self.character.id] = clone(self.character)


class TableStarted(Table.Event):
    """The cards are set out in their initial, public order (canonical or scripted)."""

    TOPIC = "frontera.TableStarted"
    decks: int
    zones: dict[str, list[str]]
    phase: int | None

    def apply(self, table: Table) -> None:
        state = game(table)
        state.started = True
        state.decks = self.decks
        state.phase = self.phase
        state.zones = {zone: list(cards) for zone, cards in self.zones.items()}


class CardsShuffled(Table.Event):
    """Random operation `index` of the table put `zone` in `order` (secret until closing)."""

    TOPIC = "frontera.CardsShuffled"
    zone: str
    order: list[str]
    index: int

    def apply(self, table: Table) -> None:
        state = game(table)
        if sorted(state.zone(self.zone)) != sorted(self.order):
            raise ValueError(f"a shuffle of {self.zone} must keep its cards")
        state.zones[self.zone] = list(self.order)
        state.shuffled_in_test[self.zone] = state.tests_opened
        table.random_operations = self.index + 1


class CardsDealt(Table.Event):
    """Cards dealt face down from the top of `source` into the seats' own decks."""

    TOPIC = "frontera.CardsDealt"
    source: str
    decks: dict[str, list[str]]  # player deck zone -> cards
    seen_by: list[str]

    def apply(self, table: Table) -> None:
        state = game(table)
        for zone, cards in self.decks.items():
            state.move(cards, self.source, zone)


class CardsMoved(Table.Event):
    """Cards going from one zone to another for a rule-given `reason`.

    `seen_by` lists the seats that learn which cards moved; None means every seat (the cards
    were shown to all, e.g. played cards after a reveal).
    """

    TOPIC = "frontera.CardsMoved"
    source: str
    target: str
    cards: list[str]
    reason: str
    seen_by: list[str] | None

    def apply(self, table: Table) -> None:
        game(table).move(self.cards, self.source, self.target)


class PhaseChanged(Table.Event):
    """Normal mode: the pile is spent; each seat may now look at its own deck."""

    TOPIC = "frontera.PhaseChanged"
    phase: int
    decks: dict[str, list[str]]  # seat -> the cards of its deck, shown to that seat only

    def apply(self, table: Table) -> None:
        game(table).phase = self.phase


class TestOpened(Table.Event):
    TOPIC = "frontera.TestOpened"
    test: OpenTest

    def apply(self, table: Table) -> None:
        state = game(table)
        state.test = clone(self.test)
        state.tests_opened = self.test.number
        state.test_versions[str(self.test.number)] = self.originator_version


class DeadMansHandDrawn(Table.Event):
    """A coin flip from the dead man's hand: an Ace gives the better outcome, an 8 the worse.

    The cards go back under the dead man's hand at once; `purpose` says what it decided.
    """

    TOPIC = "frontera.DeadMansHandDrawn"
    character: str | None
    purpose: str  # "test" | "tipsy"
    cards: list[str]
    better: bool

    def apply(self, table: Table) -> None:
        state = game(table)
        state.move(self.cards, "dead_mans_hand", "dead_mans_hand")


class CardsDrawn(Table.Event):
    """A character's cards for a test, drawn from a pile or a deck."""

    TOPIC = "frontera.CardsDrawn"
    test: int
    """The number of the test they were drawn for"""
    character: str
    seat: str
    source: str
    count: DrawCount
    cards: list[str]

    def apply(self, table: Table) -> None:
        state = game(table)
        state.move(self.cards, self.source, hand(self.character))
        participant = cast(OpenTest, state.test).participants[self.character]
        participant.drawn = True
        participant.source = self.source
        if not self.cards:
            participant.chosen = []


class CardsChosen(Table.Event):
    """A participant's secret choice: only its seat sees which cards until the reveal."""

    TOPIC = "frontera.CardsChosen"
    test: int
    character: str
    seat: str
    cards: list[str]
    joker_suits: dict[str, Suit]
    #: combat: the target of each card, by card (None in other tests)
    targets: dict[str, str] | None = None

    def apply(self, table: Table) -> None:
        participant = cast(OpenTest, game(table).test).participants[self.character]
        participant.chosen = list(self.cards)
        participant.joker_suits = dict(self.joker_suits)
        participant.targets = dict(self.targets or {})


class CardsRevealed(Table.Event):
    """Every participant's chosen cards, shown to all at once."""

    TOPIC = "frontera.CardsRevealed"
    test: int
    cards: dict[str, list[str]]  # character -> cards played
    joker_suits: dict[str, Suit]
    #: combat: character -> the target of each of its cards (None in other tests)
    targets: dict[str, dict[str, str]] | None = None


class TestResolved(Table.Event):
    TOPIC = "frontera.TestResolved"
    test: int
    kind: str
    outcomes: dict[str, str]  # character -> outcome
    explanation: dict[str, str]  # character -> why, in words

    def apply(self, table: Table) -> None:
        game(table).test = None


class ConditionChanged(Table.Event):
    """The Mayor moves a character along health, morale or sobriety, giving a reason."""

    TOPIC = "frontera.ConditionChanged"
    character: str
    track: str
    before: int
    after: int
    reason: str

    def apply(self, table: Table) -> None:
        state = game(table)
        character = state.characters[self.character]
        setattr(character, self.track, self.after)
        if self.after != self.before:  # recovery progress belongs to the level left behind
            character.recovery.pop(self.track, None)
        if self.track == "health" and self.after == -4 and self.before > -4:
            character.fell_at = state.elapsed
            if state.combat is not None:
                state.combat.fallen[self.character] = state.combat.turn


class TestCancelled(Table.Event):
    TOPIC = "frontera.TestCancelled"
    test: int
    reason: str

    def apply(self, table: Table) -> None:
        game(table).test = None


class WeaponSet(Table.Event):
    """The Mayor adds a weapon to the table's data, or changes one."""

    TOPIC = "frontera.WeaponSet"
    weapon: Weapon

    def apply(self, table: Table) -> None:
        game(table).weapons[self.weapon.name] = clone(self.weapon)


class WeaponRemoved(Table.Event):
    TOPIC = "frontera.WeaponRemoved"
    name: str

    def apply(self, table: Table) -> None:
        del game(table).weapons[self.name]
