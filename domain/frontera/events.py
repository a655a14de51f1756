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
    """A character joins the table with its sheet (a protagonist with its starting kit and
    purchases)."""

    TOPIC = "frontera.CharacterCreated"
    character: Character
    """The new character's sheet: its id, name, kind, seat, traits, skills, starting condition,
    money and equipment"""
    purchases: list[Purchase] | None = None
    """A protagonist's purchases with its starting dollars, at their prices (empty for NPCs and
    henchmen); null in events stored before purchases were kept"""

    def apply(self, table: Table) -> None:
        game(table).characters[self.character.id] = clone(self.character)


class TableStarted(Table.Event):
    """The cards are set out in their initial, public order (canonical or scripted)."""

    TOPIC = "frontera.TableStarted"
    decks: int
    """The number of play decks set out (52 cards each, plus the table's Jokers)"""
    zones: dict[str, list[str]]
    """Every zone's card ids in their initial public order, top first, by zone name (`pile`,
    `discard`, `dead_mans_hand`, `player_deck:<seat>` …)"""
    phase: int | None
    """Normal mode's phase: 1 (the pile is drawn from); null in the no-management and wear modes"""

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
    """The name of the zone shuffled (`pile`, `discard`, `player_deck:<seat>` …)"""
    order: list[str]
    """The zone's card ids in their new order, top first (the same cards as before)"""
    index: int
    """The table's count of random operations before this one: the order is derived from the table's
    seed and this index, so the seed, once revealed, proves it"""

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
    """The zone the cards are dealt from: `pile`, or `new_deck` for a late joiner's deck"""
    decks: dict[str, list[str]]  # player deck zone -> cards
    """The card ids dealt, by the receiving seat's deck zone (`player_deck:<seat>`)"""
    seen_by: list[str]
    """The seat ids that learn which cards were dealt; empty: nobody, the owners included"""

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
    """The zone the cards leave"""
    target: str
    """The zone the cards go to, under the cards already there"""
    cards: list[str]
    """The card ids moved, in order"""
    reason: str
    """Why they moved, as a code: `played`, `not_played`, `pile_exhausted`, `discard_under_pile`,
    `discards_returned`, `removed_at_random`, an exchange's (`bet`, `duel`, `coma`, `loot`,
    `drunk`, `bet_tie`, `loot_swap`, `late_joiner`, `death` …), the house's (`house_round`,
    `house_closed` …), among others"""
    seen_by: list[str] | None
    """The seat ids that learn which cards moved; null: every seat; empty: no seat"""

    def apply(self, table: Table) -> None:
        game(table).move(self.cards, self.source, self.target)


class PhaseChanged(Table.Event):
    """Normal mode: the pile is spent; each seat may now look at its own deck."""

    TOPIC = "frontera.PhaseChanged"
    phase: int
    """The phase now begun: 2 when the pile is spent (each seat draws from its own deck), or 1
    again when a late joiner's new deck becomes the pile"""
    decks: dict[str, list[str]]  # seat -> the cards of its deck, shown to that seat only
    """Entering phase 2: the card ids of each seat's own deck, by seat id, in canonical order, as
    phase 2 lets each seat look at its own; empty on the way back to phase 1"""

    def apply(self, table: Table) -> None:
        game(table).phase = self.phase


class TestOpened(Table.Event):
    """The Mayor opens a test: its kind, participants, difficulty and what its outcome sets off."""

    TOPIC = "frontera.TestOpened"
    test: OpenTest
    """The test as opened: its number, kind, participants (traits, skills, modifiers), difficulty,
    purpose and stakes"""

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
    """The id of the character the flip is for"""
    purpose: str  # "test" | "tipsy"
    """What the flip decides: `test` (a dead man's hand test), `tipsy` (a tipsy character's extra or
    lost card), `jam` (the jam check of every fifth combat turn), `drinking`, `chance_game` or
    `morale_recovery`"""
    cards: list[str]
    """The card ids drawn from the four: 1, or 2 when the better of two counts"""
    better: bool
    """True when an Ace was drawn (the better outcome); false when only 8s were (the worse)"""

    def apply(self, table: Table) -> None:
        state = game(table)
        state.move(self.cards, "dead_mans_hand", "dead_mans_hand")


class CardsDrawn(Table.Event):
    """A character's cards for a test, drawn from a pile or a deck."""

    TOPIC = "frontera.CardsDrawn"
    test: int
    """The number of the test they were drawn for"""
    character: str
    """The id of the character who drew"""
    seat: str
    """The seat id of the character's player (the Mayor's seat for NPCs and henchmen)"""
    source: str
    """The zone the cards were drawn from: `pile`, or the seat's own deck `player_deck:<seat>`"""
    count: DrawCount
    """How many cards the character draws, term by term (trait, skill, modifiers, condition
    penalties, the tipsy flip) and in total"""
    cards: list[str]
    """The card ids drawn, top first: `count.total` of them, or fewer when the deck ran short"""

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
    """The number of the test they were chosen for"""
    character: str
    """The id of the character who chose"""
    seat: str
    """The seat id of the character's player (the Mayor's seat for NPCs and henchmen)"""
    cards: list[str]
    """The card ids the character plays, among those it drew (empty when it drew none)"""
    joker_suits: dict[str, Suit]
    """The suit declared for each Joker played, by card id (empty: no Joker played)"""
    targets: dict[str, str] | None = None
    """Combat: the id of the character each played card attacks, by card id; null in other tests"""

    def apply(self, table: Table) -> None:
        participant = cast(OpenTest, game(table).test).participants[self.character]
        participant.chosen = list(self.cards)
        participant.joker_suits = dict(self.joker_suits)
        participant.targets = dict(self.targets or {})


class CardsRevealed(Table.Event):
    """Every participant's chosen cards, shown to all at once."""

    TOPIC = "frontera.CardsRevealed"
    test: int
    """The number of the test whose cards are revealed"""
    cards: dict[str, list[str]]  # character -> cards played
    """The card ids each participant played, by character id (empty: played none)"""
    joker_suits: dict[str, Suit]
    """The suit declared for each Joker played, by card id (empty: no Joker played)"""
    targets: dict[str, dict[str, str]] | None = None
    """Combat: the id of the character each played card attacks, by attacker's character id then
    card id; null in other tests"""


class TestResolved(Table.Event):
    """A test's outcome for each participant, with the reason for each."""

    TOPIC = "frontera.TestResolved"
    test: int
    """The number of the test resolved"""
    kind: str
    """The test's kind: `trait`, `opposed`, `dead_mans_hand` or `combat`"""
    outcomes: dict[str, str]  # character -> outcome
    """Each participant's outcome, by character id: `success`, `partial` or `failure` (trait test);
    `victory`, `defeat` or `tie` (opposed test); `hit` or `miss`, or `kept` or `broken` for a hold
    (combat turn); the better or worse label (dead man's hand test)"""
    explanation: dict[str, str]  # character -> why, in words
    """Why each participant got its outcome, in words, by character id"""

    def apply(self, table: Table) -> None:
        game(table).test = None


class ConditionChanged(Table.Event):
    """The Mayor moves a character along health, morale or sobriety, giving a reason."""

    TOPIC = "frontera.ConditionChanged"
    character: str
    """The id of the character whose track moved"""
    track: str
    """The track that moved: `health`, `morale` or `sobriety`"""
    before: int
    """The level before: 0 (healthy, normal, sober) down to -4 for health (dead) and -3 for morale
    and sobriety (paralysed, coma)"""
    after: int
    """The level after, on the same scale"""
    reason: str
    """Why it moved: the Mayor's words, or the rule that moved it (e.g. `combat turn 3`)"""

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
    """The Mayor abandons the open test; its drawn cards go where unplayed cards go."""

    TOPIC = "frontera.TestCancelled"
    test: int
    """The number of the test cancelled"""
    reason: str
    """Why the Mayor cancelled it"""

    def apply(self, table: Table) -> None:
        game(table).test = None


class WeaponSet(Table.Event):
    """The Mayor adds a weapon to the table's data, or changes one."""

    TOPIC = "frontera.WeaponSet"
    weapon: Weapon
    """The weapon as the table now has it: its name, kind, damage and draw modifier per range"""

    def apply(self, table: Table) -> None:
        game(table).weapons[self.weapon.name] = clone(self.weapon)


class WeaponRemoved(Table.Event):
    """The Mayor removes a weapon from the table's data."""

    TOPIC = "frontera.WeaponRemoved"
    name: str
    """The name of the weapon removed"""

    def apply(self, table: Table) -> None:
        del game(table).weapons[self.name]
