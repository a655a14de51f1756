"""Card exchanges of Normal mode [L280-L347]: bets, duels, death, the drunk and coma swaps,
loot and treasure, late joiners, and the treasure seeded from an extra deck.

An exchange with choices is a `PendingExchange` in the table's state: a list of steps, the
first of which waits for its seat's command (`PickCards`, `KeepLoot`, `SwapCards`). A seat
that picks from a deck is first shown the cards it may pick (`DeckShown`, secret to it), so
views, log and audit agree on who saw what; random steps run at once. While an exchange is
pending no test opens (nor another game at the house), so the decks stay as they were shown.

Who learns a moved card (`CardsMoved.seen_by`): in phase 1 nobody sees deck cards, except the
seat that picked them (a winner may look at the decks it picks from [L286]); in phase 2 each
seat sees its own deck, so both seats of a move between two decks learn the card.

Decisions where the book is silent:
- Exchanges are between seats' decks (`player_deck:<seat>`, not their discards); the Mayor's
  NPCs exchange with the Mayor's deck; two characters of one seat exchange nothing.
- A pick asks for at most as many cards as the source holds; a pick from an empty deck is
  skipped. A winner cannot give back a card it has just taken (that would undo the exchange).
- A random swap (drunk, a bet or duel tie, a loot swap in phase 1) and the coma exchange are
  exchanges, never gifts [L343]: a spent deck first takes its discards back, as it would for a
  draw [L272]; then each side gives as many cards as the shorter deck holds, and a seat with
  no card at all swaps nothing.
- Drunk/coma swaps happen for protagonists when sobriety reaches the level; a jump straight
  to coma makes only the coma swap (the character never stood at drunk).
- Coma: the protagonist's random card goes to the Mayor's deck first, face down; the Mayor is
  then shown the Mayor's deck without that card and picks the card to give [L322].
- Loot: the Mayor draws `cards` treasure cards (a rich loot may allow more); each is shown to
  the sharing seats, and a sharing seat (or the Mayor, recording their agreement) names who
  keeps it. Those who keep none may each swap `cards` times; with an empty treasure, all may.
  In phase 1 a loot swap trades random face-down cards (nobody may look at a deck); in phase 2
  the swapper picks its card and the partner picks the one it gives back.
- Death: the Mayor records that a dead protagonist leaves; its seat's deck and discards go to
  the treasure face down, unless the seat still plays another protagonist. The seat stays: its
  player may bring a new protagonist, dealt in as a late joiner.
- Late joiner, new deck: a whole new deck (with the table's Jokers) is shuffled, 8 cards go to
  the newcomer face down, the rest become the pile, and a table in phase 2 returns to phase 1
  with every seat keeping its deck. Without a new deck, the newcomer takes 1 to 3 (the Mayor's
  number) random cards of each other seat's deck, the Mayor's included.
- The treasure is seeded from a whole extra deck: `cards` random cards of it go to the
  treasure face down and the rest are set aside (`removed`).
- The Mayor may cancel a pending exchange, giving a reason (e.g. a seat left the table).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from domain.commands import Command
from domain.errors import Conflict, Forbidden, InvalidCommand
from domain.frontera import guards, piles, rules
from domain.frontera.cards import CARDS_PER_DECK, CardId, CardIds, card, deck, sort_cards
from domain.frontera.character import Character
from domain.frontera.events import CardsDealt, PhaseChanged, game
from domain.frontera.exchange_state import ExchangeStep, PendingExchange
from domain.frontera.setup import DEAL
from domain.frontera.state import (
    PILE,
    REMOVED,
    TREASURE,
    CharacterIds,
    FronteraState,
    player_deck,
    player_discard,
)
from domain.keys import TableKeys
from domain.names import Reason, checked_reason
from domain.structs import clone
from domain.table import Table

LOOT = "loot"
NEW_DECK = "new_deck"
MAX_LOOT = 8
LATE_CARDS = (1, 3)
#: decks a table ever holds: every extra deck stays in its state, set aside or not
MAX_TABLE_DECKS = 40
#: the tied characters of a bet or a duel: none, or two
Tied = Annotated[list[str], msgspec.Meta(max_length=2)]

# -- commands ----------------------------------------------------------------------------


class PickCards(Command):
    """The seat whose pick it is takes these cards of the deck it was shown."""

    cards: CardIds


class KeepLoot(Command):
    """Who keeps the treasure card on top of the loot (the sharers' agreement)."""

    character: str


class SwapCards(Command):
    """A loot swap: trade a card with a partner present at the sharing, or pass.

    In phase 2 name the card of your deck you give; in phase 1 the cards are random."""

    character: str
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

    character: str
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


# -- events ------------------------------------------------------------------------------


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


# -- helpers -------------------------------------------------------------------------------


def _normal(table: Table, what: str) -> FronteraState:
    state = guards.started(table)
    if state.options.mode != "normal":
        raise Conflict(f"{what} belongs to Normal mode", "not_normal_mode")
    return state


def _quiet(state: FronteraState) -> None:
    """No test and no exchange in progress."""
    guards.require_no_open_test(state)
    if state.exchange is not None or state.house_game is not None:
        raise Conflict(
            "a card exchange or a game at the house is in progress: finish it first",
            "exchange_in_progress",
        )


def _seen(state: FronteraState, *seats: str) -> list[str]:
    """Who learns a card moved between these seats' decks without being picked: in phase 2
    the owners (each sees its own deck); in phase 1 nobody."""
    return sorted(set(seats)) if state.phase == 2 else []


def _picked_seen(state: FronteraState, picker: str, other: str) -> list[str]:
    """Who learns a picked card: the picker, and in phase 2 the other deck's owner too."""
    return sorted({picker, other}) if state.phase == 2 else [picker]


def _random_top(table: Table, actor: str, zone: str, count: int, keys: TableKeys) -> list[str]:
    """`count` random cards of a zone: shuffle it, take the top."""
    piles.shuffle(table, actor, zone, keys)
    return game(table).zone(zone)[:count]


def _player(state: FronteraState, character_id: str) -> Character:
    character = guards.find_character(state, character_id)
    if character.left_game:
        raise Conflict(f"{character.name} has left the game", "character_left")
    return character


def _steps(table: Table, actor: str, kind: str, reason: str, steps: list[ExchangeStep]) -> None:
    """Start an exchange, or queue its steps after the pending one's."""
    if not steps:
        return
    if game(table).exchange is None:
        table.trigger_event(
            ExchangeStarted,
            actor=actor,
            exchange=PendingExchange(kind=kind, reason=reason, steps=steps),
        )
    else:
        table.trigger_event(ExchangeStepsAdded, actor=actor, steps=steps)


def advance(table: Table, actor: str, keys: TableKeys, excluded: list[str] | None = None) -> None:
    """Run the steps that need nobody's decision, and show the next picker its choices."""
    excluded = list(excluded or [])
    state = game(table)
    while state.exchange is not None:
        step = state.exchange.steps[0]
        if step.kind == "random":
            assert step.source is not None and step.target is not None
            moved = _random_top(table, actor, step.source, step.at_most, keys)
            piles.move_cards(
                table, actor, moved, step.source, step.target, "exchange", step.seen_by
            )
            table.trigger_event(ExchangeStepped, actor=actor, count=len(moved))
            excluded = moved
            continue
        if step.kind != "pick" or state.exchange.shown:
            return
        assert step.source is not None
        offered = sort_cards([c for c in state.zone(step.source) if c not in excluded])
        if not offered or step.at_most == 0:
            table.trigger_event(ExchangeStepped, actor=actor, count=0)
            continue
        table.trigger_event(
            DeckShown,
            actor=actor,
            seat=step.seat,
            zone=step.source,
            cards=offered,
            reason=state.exchange.kind,
        )
        return


# -- bets and duels [L288, L300] -----------------------------------------------------------


def _winner_takes(
    state: FronteraState, winner: str, loser: str, count: int, *, give_back: bool, least: int
) -> list[ExchangeStep]:
    """The winner picks `count` cards of the loser's deck; then (unless a cheater is caught)
    gives as many of its own."""
    steps = [
        ExchangeStep(
            kind="pick",
            seat=winner,
            source=player_deck(loser),
            target=player_deck(winner),
            at_least=least,
            at_most=count,
            give_back=give_back,
            seen_by=_picked_seen(state, winner, loser),
        )
    ]
    return steps


def _swap_random(
    table: Table, actor: str, a: str, b: str, count: int, reason: str, keys: TableKeys
) -> None:
    """Each of two seats takes `count` random cards of the other's deck, at the same time, or
    as many as the shorter deck holds: never a gift."""
    state = game(table)
    count = min(count, *(len(_giving(table, actor, seat, keys)) for seat in (a, b)))
    if count == 0:
        return
    from_a = _random_top(table, actor, player_deck(a), count, keys)
    from_b = _random_top(table, actor, player_deck(b), count, keys)
    seen = _seen(state, a, b)
    piles.move_cards(table, actor, from_a, player_deck(a), player_deck(b), reason, seen)
    piles.move_cards(table, actor, from_b, player_deck(b), player_deck(a), reason, seen)


def _giving(table: Table, actor: str, seat: str, keys: TableKeys) -> list[str]:
    """The cards a seat's deck can give to a swap, its discards taken back if it is spent."""
    rules.return_discards(table, actor, seat, keys)
    return game(table).zone(player_deck(seat))


def start_bet_exchange(
    table: Table,
    actor: str,
    pairs: list[tuple[str, str]],
    tied: list[tuple[str, str]],
    caught: list[tuple[str, str]],
    keys: TableKeys,
) -> None:
    """The bet exchange [L288] after any game with money at stake, by seats: each (winner,
    loser) pair (the winner takes one card, then gives one), each tied pair (each takes a
    random card of the other's deck), each (rival, cheater) pair (the rival takes one, gives
    nothing). Normal mode only; a seat never exchanges with itself."""
    state = game(table)
    if state.options.mode != "normal":
        return
    for a, b in tied:
        if a != b:
            _swap_random(table, actor, a, b, 1, "bet_tie", keys)
    steps: list[ExchangeStep] = []
    for winner, loser in pairs:
        if winner != loser:
            steps += _winner_takes(state, winner, loser, 1, give_back=True, least=1)
    for rival, cheater in caught:
        if rival != cheater:
            steps += _winner_takes(state, rival, cheater, 1, give_back=False, least=1)
    _steps(table, actor, "bet", "bet", steps)
    advance(table, actor, keys)


def start_duel_exchange(
    table: Table,
    actor: str,
    winner_seat: str | None,
    loser_seat: str | None,
    tied_seats: tuple[str, str] | None,
    keys: TableKeys,
) -> None:
    """The duel exchange [L300]: the winner may pick up to 2 cards of the loser's deck, then
    gives as many of its choice; tied duellists swap 2 random cards. Normal mode only."""
    state = game(table)
    if state.options.mode != "normal":
        return
    if tied_seats is not None:
        if tied_seats[0] != tied_seats[1]:
            _swap_random(table, actor, tied_seats[0], tied_seats[1], 2, "duel_tie", keys)
        return
    if winner_seat is None or loser_seat is None or winner_seat == loser_seat:
        return
    steps = _winner_takes(state, winner_seat, loser_seat, 2, give_back=True, least=0)
    _steps(table, actor, "duel", "duel", steps)
    advance(table, actor, keys)


def _seat_of(state: FronteraState, character_id: str) -> str:
    return _player(state, character_id).seat


def start_bet(table: Table, actor: str, command: StartBetExchange, keys: TableKeys) -> None:
    table.require_gm(actor, "settle a bet's cards")
    state = _normal(table, "the bet exchange")
    _quiet(state)
    checked_reason(command.reason)
    if command.tied and len(command.tied) == 2 and not (command.winner or command.loser):
        if command.cheater is None:
            a, b = (_seat_of(state, c) for c in command.tied)
            start_bet_exchange(table, actor, [], [(a, b)], [], keys)
            return
    elif command.winner is not None and not command.tied:
        winner = _seat_of(state, command.winner)
        if command.cheater is not None and command.loser is None:
            caught = _seat_of(state, command.cheater)
            start_bet_exchange(table, actor, [], [], [(winner, caught)], keys)
            return
        if command.cheater is None and command.loser is not None:
            loser = _seat_of(state, command.loser)
            start_bet_exchange(table, actor, [(winner, loser)], [], [], keys)
            return
    raise InvalidCommand(
        "name a winner and a loser, or two tied characters, or a caught cheater and the "
        "winner who caught them",
        "invalid_exchange",
    )


def start_duel(table: Table, actor: str, command: StartDuelExchange, keys: TableKeys) -> None:
    table.require_gm(actor, "settle a duel's cards")
    state = _normal(table, "the duel exchange")
    _quiet(state)
    if command.tied:
        if len(command.tied) != 2 or command.winner or command.loser:
            raise InvalidCommand("a tied duel is between two characters", "invalid_exchange")
        a, b = (_seat_of(state, c) for c in command.tied)
        start_duel_exchange(table, actor, None, None, (a, b), keys)
        return
    if command.winner is None or command.loser is None:
        raise InvalidCommand("name the duel's winner and loser, or the tied", "invalid_exchange")
    winner, loser = _seat_of(state, command.winner), _seat_of(state, command.loser)
    start_duel_exchange(table, actor, winner, loser, None, keys)


# -- picking -----------------------------------------------------------------------------


def _current(table: Table, actor: str) -> tuple[FronteraState, PendingExchange, ExchangeStep]:
    state = guards.started(table)
    table.require_seat(actor)
    if state.exchange is None:
        raise Conflict("no card exchange is pending", "no_exchange")
    return state, state.exchange, state.exchange.steps[0]


def pick(table: Table, actor: str, command: PickCards, keys: TableKeys) -> list[str]:
    state, exchange, step = _current(table, actor)
    if step.kind != "pick":
        raise Conflict(f"the exchange waits for a {step.kind.replace('_', ' ')}", "wrong_step")
    if step.seat != actor:
        raise Forbidden(f"it is seat {step.seat!r}'s pick, not {actor!r}'s", "not_your_pick")
    cards = list(command.cards)
    if len(set(cards)) != len(cards):
        raise InvalidCommand("a card is named twice", "duplicate_card")
    for card_id in cards:
        card(card_id)
    low, high = min(step.at_least, len(exchange.shown)), min(step.at_most, len(exchange.shown))
    if not low <= len(cards) <= high:
        wanted = f"{low}" if low == high else f"{low} to {high}"
        raise InvalidCommand(f"pick {wanted} card(s), not {len(cards)}", "wrong_card_count")
    assert step.source is not None and step.target is not None
    source = state.zone(step.source)
    if any(c not in exchange.shown or c not in source for c in cards):
        raise InvalidCommand(
            "a card named is not among the cards offered to you", "card_not_offered"
        )
    piles.move_cards(table, actor, cards, step.source, step.target, exchange.kind, step.seen_by)
    then: list[ExchangeStep] = []
    if step.give_back and cards:
        then.append(
            ExchangeStep(
                kind="pick",
                seat=actor,
                source=step.target,
                target=step.source,
                at_least=len(cards),
                at_most=len(cards),
                seen_by=step.seen_by,
            )
        )
    table.trigger_event(ExchangeStepped, actor=actor, count=len(cards), then=then)
    advance(table, actor, keys, excluded=cards)
    return cards


def cancel(table: Table, actor: str, command: CancelExchange, keys: TableKeys) -> None:
    state = guards.started(table)
    table.require_gm(actor, "cancel an exchange")
    if state.exchange is None:
        raise Conflict("no card exchange is pending", "no_exchange")
    reason = checked_reason(command.reason)
    table.trigger_event(ExchangeCancelled, actor=actor, reason=reason)
    piles.move_cards(table, actor, state.zone(LOOT), LOOT, TREASURE, "loot_cancelled", [])


# -- drunk and coma [L313-L322] ------------------------------------------------------------


def sobriety_swap_due(
    table: Table, character: Character, track: str, before: int, after: int
) -> str | None:
    """ "drunk" or "coma" when this change of a protagonist's sobriety sets off a swap."""
    state = game(table)
    if track != "sobriety" or character.kind != "protagonist" or character.left_game:
        return None
    if state.options.mode != "normal" or not state.started:
        return None
    if after == -3 < before:
        return "coma"
    if after == -2 < before:
        return "drunk"
    return None


def sobriety_swaps(table: Table, actor: str, character_id: str, swap: str, keys: TableKeys) -> None:
    state = game(table)
    seat = state.characters[character_id].seat
    mayor = table.gm_seat.id
    if seat == mayor:
        return
    if swap == "drunk":
        _swap_random(table, actor, seat, mayor, 1, "drunk", keys)
        return
    if not _giving(table, actor, seat, keys) or not _giving(table, actor, mayor, keys):
        return
    steps = [
        ExchangeStep(
            kind="random",
            seat=seat,
            character=character_id,
            source=player_deck(seat),
            target=player_deck(mayor),
            seen_by=_seen(state, seat, mayor),
        ),
        ExchangeStep(
            kind="pick",
            seat=mayor,
            source=player_deck(mayor),
            target=player_deck(seat),
            seen_by=_picked_seen(state, mayor, seat),
        ),
    ]
    _steps(table, actor, "coma", f"{state.characters[character_id].name} in a coma", steps)
    advance(table, actor, keys)


# -- death [L309] --------------------------------------------------------------------------


def leave(table: Table, actor: str, command: ProtagonistLeaves, keys: TableKeys) -> None:
    state = guards.started(table)
    table.require_gm(actor, "record that a protagonist leaves")
    character = _player(state, command.character)
    if character.kind != "protagonist":
        raise InvalidCommand("only a protagonist leaves the game this way", "not_a_protagonist")
    if character.health > -4:
        raise Conflict(f"{character.name} is not dead", "not_dead")
    _quiet(state)
    reason = checked_reason(command.reason)
    table.trigger_event(ProtagonistLeft, actor=actor, character=character.id, reason=reason)
    others = [
        c
        for c in state.characters.values()
        if c.seat == character.seat and c.kind == "protagonist" and not c.left_game
    ]
    if state.options.mode != "normal" or others:
        return
    for zone in (player_deck(character.seat), player_discard(character.seat)):
        piles.move_cards(table, actor, state.zone(zone), zone, TREASURE, "death", [])


# -- loot [L326] ---------------------------------------------------------------------------


def share_loot(table: Table, actor: str, command: ShareLoot, keys: TableKeys) -> None:
    table.require_gm(actor, "share loot")
    state = _normal(table, "sharing loot for cards")
    _quiet(state)
    reason = checked_reason(command.reason)
    if not 1 <= command.cards <= MAX_LOOT:
        raise InvalidCommand(f"a loot gives 1 to {MAX_LOOT} cards", "invalid_card_count")
    ids = list(command.characters)
    if not ids or len(set(ids)) != len(ids):
        raise InvalidCommand("name each sharing protagonist once", "invalid_participants")
    sharers = [_player(state, c) for c in ids]
    for sharer in sharers:
        if sharer.kind != "protagonist" or sharer.seat == table.gm_seat.id:
            raise InvalidCommand(
                "the Mayor never takes treasure cards, not even for an NPC present",
                "mayor_takes_no_treasure",
            )
    seats = sorted({s.seat for s in sharers})
    drawn = _random_top(table, actor, TREASURE, command.cards, keys)
    piles.move_cards(table, actor, drawn, TREASURE, LOOT, "loot", seats)
    exchange = PendingExchange(
        kind="loot", reason=reason, steps=[], sharers=ids, times=command.cards
    )
    if drawn:
        exchange.steps = [ExchangeStep(kind="keep_loot", seat="") for _ in drawn]
    else:
        exchange.steps = _swap_steps(state, ids, ids, command.cards)
    if exchange.steps:
        table.trigger_event(ExchangeStarted, actor=actor, exchange=exchange)


def _swap_steps(
    state: FronteraState, swappers: list[str], present: list[str], times: int
) -> list[ExchangeStep]:
    steps = []
    for character_id in swappers:
        seat = state.characters[character_id].seat
        partners = [c for c in present if state.characters[c].seat != seat]
        if partners:
            steps += [
                ExchangeStep(kind="swap", seat=seat, character=character_id, partners=partners)
                for _ in range(times)
            ]
    return steps


def keep_loot(table: Table, actor: str, command: KeepLoot, keys: TableKeys) -> None:
    state, exchange, step = _current(table, actor)
    if step.kind != "keep_loot":
        raise Conflict(f"the exchange waits for a {step.kind.replace('_', ' ')}", "wrong_step")
    seats = {state.characters[c].seat for c in exchange.sharers}
    if actor not in seats and actor != table.gm_seat.id:
        raise Forbidden("only those sharing the loot decide who keeps it", "not_sharing")
    if command.character not in exchange.sharers:
        raise InvalidCommand("the keeper must be one of those sharing", "not_sharing")
    keeper = state.characters[command.character]
    (top, *_) = state.zone(LOOT)
    piles.move_cards(
        table, actor, [top], LOOT, player_deck(keeper.seat), "loot_kept", sorted(seats)
    )
    then: list[ExchangeStep] = []
    if not any(s.kind == "keep_loot" for s in exchange.steps[1:]):
        # the last treasure card: those who kept none may swap
        keepers = {*exchange.keepers, keeper.id}
        others = [c for c in exchange.sharers if c not in keepers]
        then = _swap_steps(state, others, exchange.sharers, exchange.times)
    table.trigger_event(ExchangeStepped, actor=actor, count=1, then=then, kept_by=keeper.id)
    advance(table, actor, keys)


def swap(table: Table, actor: str, command: SwapCards, keys: TableKeys) -> None:
    state, _, step = _current(table, actor)
    if step.kind != "swap":
        raise Conflict(f"the exchange waits for a {step.kind.replace('_', ' ')}", "wrong_step")
    if step.character != command.character:
        raise Conflict("it is another protagonist's turn to swap", "not_your_turn")
    if step.seat != actor:
        raise Forbidden(f"the swap is seat {step.seat!r}'s, not {actor!r}'s", "not_your_pick")
    if command.partner is None:
        if command.card is not None:
            raise InvalidCommand("a pass names no card", "invalid_exchange")
        table.trigger_event(ExchangeStepped, actor=actor, count=0, passed=True)
        advance(table, actor, keys)
        return
    if command.partner not in step.partners:
        raise InvalidCommand(
            "the partner must be another protagonist present at the sharing, of another seat",
            "invalid_partner",
        )
    partner = state.characters[command.partner].seat
    mine, theirs = player_deck(actor), player_deck(partner)
    if state.phase != 2:
        if command.card is not None:
            raise InvalidCommand(
                "in phase 1 nobody may look at a deck: a swap trades random cards",
                "card_not_allowed",
            )
        if not state.zone(mine) or not state.zone(theirs):
            raise Conflict("a swap needs a card in each deck", "empty_deck")
        table.trigger_event(ExchangeStepped, actor=actor, count=1)
        _swap_random(table, actor, actor, partner, 1, "loot_swap", keys)
        advance(table, actor, keys)
        return
    if command.card is None:
        raise InvalidCommand("name the card of your deck you give", "card_required")
    card(command.card)
    if command.card not in state.zone(mine):
        raise InvalidCommand("the card named is not in your deck", "card_not_offered")
    if not state.zone(theirs):
        raise Conflict("the partner's deck is empty", "empty_deck")
    seen = sorted({actor, partner})
    piles.move_cards(table, actor, [command.card], mine, theirs, "loot_swap", seen)
    back = ExchangeStep(kind="pick", seat=partner, source=theirs, target=mine, seen_by=seen)
    table.trigger_event(ExchangeStepped, actor=actor, count=1, then=[back])
    advance(table, actor, keys, excluded=[command.card])


# -- late joiners [L246] and the seeded treasure [L239] -----------------------------------


def _new_deck(table: Table, actor: str, zone: str, reason: str) -> None:
    state = game(table)
    used = {card(c).deck for cards in state.zones.values() for c in cards}
    index = max(used, default=-1) + 1
    if index >= MAX_TABLE_DECKS:
        raise InvalidCommand(f"a table holds at most {MAX_TABLE_DECKS} decks", "too_many_decks")
    cards = deck(index, state.options.jokers_per_deck)
    table.trigger_event(DeckAdded, actor=actor, deck=index, zone=zone, cards=cards, reason=reason)


def late_joiner(table: Table, actor: str, command: DealLateJoiner, keys: TableKeys) -> None:
    table.require_gm(actor, "deal a late joiner in")
    state = _normal(table, "dealing a late joiner in")
    _quiet(state)
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
                taken = _random_top(table, actor, player_deck(other.id), command.cards_each, keys)
                piles.move_cards(
                    table,
                    actor,
                    taken,
                    player_deck(other.id),
                    player_deck(seat),
                    "late_joiner",
                    _seen(state, seat, other.id),
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
    table.require_gm(actor, "seed the treasure")
    state = _normal(table, "the treasure deck")
    _quiet(state)
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
    PickCards: pick,
    KeepLoot: keep_loot,
    SwapCards: swap,
    CancelExchange: cancel,
    StartBetExchange: start_bet,
    StartDuelExchange: start_duel,
    ProtagonistLeaves: leave,
    ShareLoot: share_loot,
    DealLateJoiner: late_joiner,
    SeedTreasure: seed_treasure,
}
